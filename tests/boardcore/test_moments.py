"""Moments: modified, cancelled, replaced (always, or when its seat chooses), reacted to,
in the documented order; phases skipped for one seat; the end of a turn replaced."""

from __future__ import annotations

import json

import attrs
import pytest

import boardcore
from boardcore.events import DieRolled, MomentCancelled, MomentReplaced, PhaseBegan, TurnBegan
from boardcore.testing import arranged, check_game, choose, events, options, put, stack, with_rules

import toy_moments as toy
from toy_moments import HAND, HP, PILE, RANKS, SoldierLost, Wounded


def rules(name, *effects):
    """The toy game with the house ``effects`` of a plugin called ``name``."""
    return with_rules(toy.skirmish(), *effects, name=name)


def skirmish_at(game=None, *, deck=None, hands=None, ranks=None, dice=(), players=2):
    """A match of ``game`` (the toy game by default) whose hands and ranks hold the
    named cards before the first draw, and whose first draws are Stones (which do nothing)."""

    def before(state):
        for seat, cards in (hands or {}).items():
            put(state, HAND[seat], cards)
        for seat, cards in (ranks or {}).items():
            put(state, RANKS[seat], cards)
        stack(state, toy.DECK, ["Stones"] * (5 - sum(c.startswith("stones") for cs in (hands or {}).values() for c in cs)))

    return arranged(game or toy.skirmish(deck=deck), players=players, seed=1, dice=dice, before=before)


def soldiers(state, seat):
    return state.match.pieces_of(seat)


# -- modifications ---------------------------------------------------------------------


def test_a_card_in_play_modifies_a_roll_before_it_is_rolled():
    state = skirmish_at(ranks={0: ["banner-1"]}, dice=[2, 5])
    target = soldiers(state, 1)[0]
    choose(state, 0, f"strike {target}")
    roll = events(state, DieRolled)[-1]
    assert (roll.rolls, roll.value, roll.player, roll.purpose) == (2, 5, 0, "strike")
    assert state.match.count(HP, target) == 1


def test_every_modification_applies_in_order_rules_first_then_cards_oldest_in_play_first():
    seen = []

    class Watch(boardcore.Effect):
        @boardcore.modifies(DieRolled)
        def look(self, m, card, roll):
            seen.append(("rule", roll.rolls))

    Rules = rules("watch", Watch())

    state = skirmish_at(Rules, ranks={0: ["banner-2", "banner-1"]}, dice=[1, 1, 6])
    banner = toy.Banner

    original = banner.rally

    def spy(self, m, card, roll):
        seen.append((card.id, roll.rolls))
        return original(self, m, card, roll)

    try:
        banner.rally = spy
        state.match.rules._changers.clear()
        choose(state, 0, f"strike {soldiers(state, 1)[0]}")
    finally:
        banner.rally = original
    # banner-2 entered the ranks first (bottom), so it acts first; each sees the one before
    assert seen == [("rule", 1), ("banner-2", 1), ("banner-1", 2)]
    assert events(state, DieRolled)[-1].rolls == 3 and events(state, DieRolled)[-1].value == 6


def test_a_rule_cancels_a_moment_and_the_log_says_who():
    class Pacifism(boardcore.Effect):
        @boardcore.modifies(Wounded)
        def stop(self, m, card, moment):
            return boardcore.CANCEL

    Plugin = rules("pacifism", Pacifism())

    state = skirmish_at(Plugin, dice=[6])
    target = soldiers(state, 1)[0]
    choose(state, 0, f"strike {target}")
    assert state.match.count(HP, target) == 2
    cancelled = events(state, MomentCancelled)[-1]
    assert cancelled.moment == Wounded(1, target) and cancelled.by == "pacifism"
    assert not events(state, Wounded)


def test_a_modification_that_returns_something_else_is_refused_and_the_state_kept():
    class Broken(boardcore.Effect):
        @boardcore.modifies(DieRolled)
        def oops(self, m, card, roll):
            return 6

    Plugin = rules("broken", Broken())

    state = skirmish_at(Plugin)
    before = state.to_json()
    with pytest.raises(boardcore.PluginError, match="returned 6; return the moment changed"):
        choose(state, 0, f"strike {soldiers(state, 1)[0]}")
    assert state.to_json() == before


def test_a_cancelled_roll_has_no_result_and_says_so():
    class NoDice(boardcore.Effect):
        @boardcore.modifies(DieRolled)
        def stop(self, m, card, roll):
            return boardcore.CANCEL

    Plugin = rules("no-dice", NoDice())

    state = skirmish_at(Plugin)
    with pytest.raises(boardcore.PluginError, match="was cancelled or replaced, so it has no result"):
        choose(state, 0, f"strike {soldiers(state, 1)[0]}")


# -- replacements ----------------------------------------------------------------------


def test_a_card_replaces_a_phase_when_its_condition_holds():
    state = skirmish_at(hands={0: ["fog-1"]})
    # seat 0's first strike is replaced: Fog is discarded, nothing is asked of seat 0
    replaced = events(state, MomentReplaced)
    assert replaced == [MomentReplaced(PhaseBegan("strike", 0), "fog-1")]
    assert "fog-1" in state.match.cards(PILE)
    assert state.match.active == 1 and state.pending[0].player == 1
    assert not [e for e in events(state, DieRolled) if e.player == 0]


def test_an_optional_replacement_asks_its_seat_and_is_used_when_chosen():
    state = skirmish_at(hands={1: ["shield-1"]}, dice=[6])
    target = soldiers(state, 1)[0]
    state.match.counters = {**state.match.counters, f"{HP}@{target}": 1}
    choose(state, 0, f"strike {target}")
    assert state.pending[0].player == 1
    assert options(state, 1) == ["Shield: instead of this", "pass"]
    choose(state, 1, "Shield: instead of this")
    assert target in state.match.pieces and state.match.count(HP, target) == 1
    assert "shield-1" in state.match.cards(PILE)
    assert events(state, MomentReplaced)[-1] == MomentReplaced(SoldierLost(1, target), "shield-1")
    assert not events(state, SoldierLost)


def test_an_optional_replacement_declined_lets_the_moment_happen():
    state = skirmish_at(hands={1: ["shield-1"]}, dice=[6])
    target = soldiers(state, 1)[0]
    state.match.counters = {**state.match.counters, f"{HP}@{target}": 1}
    choose(state, 0, f"strike {target}", )
    choose(state, 1, "pass")
    assert target not in state.match.pieces
    assert events(state, SoldierLost)[-1] == SoldierLost(1, target)


def test_whoever_could_hold_an_optional_replacement_is_asked_so_asking_reveals_nothing():
    """Seat 1 holds only Stones: it is asked all the same (pass is all it can say), since
    seat 0 cannot tell Stones from a Shield."""
    state = skirmish_at(hands={1: ["stones-1"]}, dice=[6])
    target = soldiers(state, 1)[0]
    state.match.counters = {**state.match.counters, f"{HP}@{target}": 1}
    choose(state, 0, f"strike {target}")
    assert [d.player for d in state.pending] == [1] and options(state, 1) == ["pass"]


def test_a_moment_that_asks_cannot_be_performed_in_the_middle_of_a_step():
    state = skirmish_at()
    with pytest.raises(boardcore.RuleError, match=r"performed as a step: m.schedule\(boardcore.steps.Perform\(moment\)\)"):
        state.match.perform(SoldierLost(1, soldiers(state, 1)[0]))


def test_an_optional_replacement_of_a_moment_that_never_asks_is_refused_when_the_game_loads():
    class Wishful(boardcore.Effect):
        @boardcore.replaces(Wounded, may=lambda m, card, moment: moment.owner)
        def dodge(self, m, card, moment):
            pass

    with pytest.raises(boardcore.PluginError, match="optional replacement .* of Wounded, which its game performs in the middle of a step"):
        rules("wishful", Wishful())


def test_replaces_takes_when_or_may_not_both():
    with pytest.raises(TypeError, match="not both"):
        boardcore.replaces(Wounded, when=lambda *a: True, may=lambda *a: 0)


# -- phases and turns ------------------------------------------------------------------


def test_a_seat_skips_its_next_phase_once_and_the_flag_clears_itself():
    state = skirmish_at()
    state.match.skip_phase(1, "strike")
    assert state.view(0)["counters"]["skip strike"] == [0, 1]  # everybody sees it
    choose(state, 0, "pass")
    # seat 1's strike was cancelled: seat 0 is asked again, in turn 3
    assert state.match.turn == 3 and state.pending[0].player == 0
    assert events(state, MomentCancelled)[-1] == MomentCancelled(PhaseBegan("strike", 1), "skip_phase")
    assert state.match.skips(1, "strike") == 0
    choose(state, 0, "pass")
    assert state.pending[0].player == 1  # the next strike of seat 1 takes place


def test_replacing_the_end_of_a_turn_gives_the_same_seat_another_turn():
    class Again(boardcore.Effect):
        @boardcore.replaces(boardcore.events.TurnEnded, when=lambda m, card, moment: moment.turn == 1)
        def again(self, m, card, moment):
            pass

    Plugin = rules("again", Again())

    state = skirmish_at(Plugin)
    choose(state, 0, "pass")
    assert [e for e in events(state, TurnBegan)] == [TurnBegan(1, 0), TurnBegan(2, 0)]
    assert state.match.round == 1
    choose(state, 0, "pass")
    assert events(state, TurnBegan)[-1] == TurnBegan(3, 1)


# -- reactions see the moment as it happened -------------------------------------------


def test_a_reaction_sees_the_moment_as_it_happened():
    seen = []

    class Herald(boardcore.Effect):
        @boardcore.reacts_to(DieRolled)
        def shout(self, m, card, roll):
            seen.append((roll.value, roll.rolls))

    Plugin = rules("herald", Herald())

    state = skirmish_at(Plugin, ranks={0: ["banner-1"]}, dice=[3, 4])
    choose(state, 0, f"strike {soldiers(state, 1)[0]}")
    assert seen == [(4, 2)]


# -- saving, replaying, the test kit ---------------------------------------------------


def test_matches_with_moments_replaced_and_cancelled_save_and_replay_exactly():
    game = toy.skirmish()
    for seed in range(6):
        state = game.new_state(players=2, seed=seed)
        while not state.is_over:
            d = state.pending[0]
            state.apply(d.player, d.options[seed % len(d.options)])
        again = game.state_from_json(state.to_json())
        assert again == state and again.events == state.events
        rows = json.loads(state.to_json(rows=True))
        assert any(e["kind"] == "MomentReplaced" for e in rows["log"]) or seed  # seed 0 plays a Fog at least
        assert game.replay(seed=seed, players=2, history=state.history) == state


def test_check_game_passes_for_a_game_whose_cards_modify_replace_and_ask():
    summary = check_game(toy.skirmish(), games=12, cross_process=False)
    assert summary.games == 12


def test_make_roll_sees_who_rolls_and_what_for():
    seen = []

    class Spy:
        name = "spy"

        @boardcore.hookimpl
        def make_roll(self, roll):
            seen.append((roll.player, roll.purpose))

    state = skirmish_at(toy.skirmish(Spy()), ranks={0: ["banner-1"]})
    choose(state, 0, f"strike {soldiers(state, 1)[0]}")
    assert seen == [(0, "strike"), (0, "strike")]  # two dice: the banner's


def test_when_several_replacements_apply_the_affected_seat_chooses_which():
    """SoldierLost names its owner as chooser: two house rules that both replace it
    make the owner choose; the one not chosen does nothing."""
    used = []

    def instead(name):
        class Instead(boardcore.Effect):
            @boardcore.replaces(SoldierLost)
            def save(self, m, card, moment):
                used.append(name)
                m.set_count(HP, 1, moment.soldier)

        return Instead()

    game = with_rules(rules("medic", instead("medic")), instead("chaplain"), name="chaplain")
    state = skirmish_at(game, dice=[6])
    target = soldiers(state, 1)[0]
    state.match.counters = {**state.match.counters, f"{HP}@{target}": 1}
    choose(state, 0, f"strike {target}")
    assert options(state, 1) == ["medic replaces it", "chaplain replaces it"]
    assert state.pending[0].prompt == "soldier lost: which replacement applies?"
    choose(state, 1, "chaplain replaces it")
    assert used == ["chaplain"] and state.match.count(HP, target) == 1
    assert events(state, MomentReplaced)[-1] == MomentReplaced(SoldierLost(1, target), "chaplain")


@attrs.frozen
class Stretched(boardcore.Moment):
    """A quiet moment: its effect (a counter) is recorded; itself only when watched."""

    quiet = True
    seat: int

    def happen(self, m):
        m.add("stretch", 1, self.seat)


def test_a_quiet_moment_is_logged_only_while_something_reacts_to_it():
    state = skirmish_at()
    size = len(state.events)
    assert state.match.perform(Stretched(0)) == Stretched(0)
    assert [type(e).__name__ for e in state.events[size:]] == ["CounterChanged"]

    class Watch(boardcore.Effect):
        @boardcore.reacts_to(Stretched)
        def see(self, m, card, moment):
            m.add("seen", 1, moment.seat)

    Plugin = rules("watch", Watch())

    watched = skirmish_at(Plugin)
    size = len(watched.events)
    watched.match.perform(Stretched(1))
    assert [type(e).__name__ for e in watched.events[size:]] == ["CounterChanged", "Stretched", "CounterChanged"]


def test_a_game_where_everybody_acts_uses_up_a_seats_skip_itself():
    state = skirmish_at()
    m = state.match
    assert not m.take_skip(1, "council")
    m.skip_phase(1, "council", times=2)
    assert m.take_skip(1, "council") and m.skips(1, "council") == 1
    assert events(state, MomentCancelled)[-1] == MomentCancelled(PhaseBegan("council", 1), "skip_phase")


# -- Moment.shared: one value for a moment performed again and again ---------------------------


def test_a_shared_moment_is_made_once_for_its_fields_and_equals_one_made_directly():
    drawn = boardcore.events.CardsDrawn
    first = drawn.shared(0, 7, "deal", "draw", "hand:0")
    assert drawn.shared(0, 7, "deal", "draw", "hand:0") is first
    assert first == drawn(0, 7, "deal", "draw", "hand:0") and type(first) is drawn
    assert drawn.shared(1, 7, "deal", "draw", "hand:1") != first
    assert drawn.shared(player=0, count=2, purpose="x", source="a", target="b") == drawn(0, 2, "x", "a", "b")
    with pytest.raises(TypeError, match="unhashable"):
        drawn.shared(0, 7, "deal", ["draw"], "hand:0")
