"""boardcore.testing: check_game on sound and deliberately broken toy games; arranging matches;
driving a match by option texts."""

import ast
import json
import random
import re

import attrs
import pytest

import boardcore
from boardcore.actions import DONE, pick
from boardcore.testing import (
    ConformanceError,
    Summary,
    advance_to,
    arranged,
    check_game,
    check_who_is_asked,
    choose,
    clear_pieces,
    decision,
    events,
    load_dice,
    option,
    options,
    place,
    put,
    resolve_cards,
    set_count,
    set_table,
    stack,
)

import toy
import toycards


def reproducer(error):
    """(seed, players, history) parsed from a ConformanceError message."""
    text = str(error)
    found = re.search(r"game\.replay\(seed=(\d+), players=(\d+), history=json\.loads\(HISTORY\)", text)
    assert found, text
    history = json.loads(ast.literal_eval(re.search(r"HISTORY = (.+)$", text, re.M).group(1)))
    return int(found.group(1)), int(found.group(2)), history


# -- sound games pass -------------------------------------------------------------------


@pytest.mark.parametrize("window", ["close", "restart", "next", "ask-all"])
def test_check_game_passes_on_toy_duel(window):
    summary = check_game(
        toy.duel(), games=4, seed=len(window), cross_process=False, options={"window": window}, checks=[toy.duel_check]
    )
    assert isinstance(summary, Summary)
    assert summary.games == 4 and summary.players == {2: 2, 3: 2}
    assert sum(summary.reasons.values()) == 4
    assert set(summary.reasons) <= {"reached 3 points", "turn limit"}
    assert summary.actions > 4 * 10


def test_check_game_passes_on_toy_arena_with_a_fixed_player_count():
    summary = check_game(toy.arena(), games=8, players=3, every=2, cross_process=False, checks=[toy.arena_check])
    assert summary.players == {3: 8}
    assert set(summary.reasons) <= {"last hero standing", "turn limit"}


def test_check_game_is_deterministic():
    a = check_game(toy.arena(), games=4, seed=9, cross_process=False)
    b = check_game(toy.arena(), games=4, seed=9, cross_process=False)
    assert a == b


def test_check_game_saves_a_game_a_logarithmic_number_of_times(monkeypatch):
    # Full saves grow with the game; taken every `every` actions they made the
    # check's cost grow with the square of its length. Now: sampled steps 0, 1, 2,
    # 4, 8, ... and the end.
    loads = []
    real = boardcore.Game.state_from_json
    monkeypatch.setattr(boardcore.Game, "state_from_json", lambda self, text, **kw: loads.append(len(text)) or real(self, text, **kw))
    summary = check_game(toy.duel(), games=1, every=1, cross_process=False, seed=9)  # a long game
    assert summary.actions > 40
    assert 3 <= len(loads) <= summary.actions.bit_length() + 3  # + the end, compact and with its rows


def test_cross_process_check_needs_an_installed_game():
    # The toy is not installed under its name, so the child process cannot load it:
    # that is reported as a ConformanceError, not a crash.
    with pytest.raises(ConformanceError, match="new process"):
        check_game(toy.arena(), games=1, cross_process=True)


# -- broken games fail, naming the property, with a reproducer ----------------------------------


def peek(m, player):
    """A describe that shows every deck's top card: hidden from everybody."""
    return {"peek": [c for s in range(m.players) for c in m.cards(toy.DECK[s])[-1:]]}


class LoseCard(boardcore.Phase):
    """A buggy phase: on turn 2 a card of seat 0's hand vanishes."""

    name = "lose"

    def begin(self, m):
        if m.turn == 2:
            m.zones = {**m.zones, toy.HAND[0]: m.cards(toy.HAND[0])[1:]}


def chaotic_setup(m):
    """Rule code that uses Python's global generator instead of the match's."""
    toy.duel_setup(m)
    m.set_count("luck", random.randrange(1, 10**9))


@attrs.frozen
class Fragile(boardcore.Step):
    """Offers an option that fails when taken."""

    def run(self, m):
        m.ask(0, [pick("boom", "press the red button"), DONE], "press?", self)

    def resolve(self, m, player, action):
        if action != DONE:
            raise RuntimeError("boom")


class Button(boardcore.Phase):
    name = "button"

    def begin(self, m):
        if m.turn == 2:
            m.schedule(Fragile())


BROKEN = {
    "no leaks": dict(describe=peek),
    "conservation": dict(phases=(LoseCard, *toy.DUEL_SPEC.phases)),
    "termination": dict(turn_limit=None, options={"window": "close", "target": 10**6}),
    "determinism": dict(setup=chaotic_setup),
    "game invariants": {},  # v2: the invariant is passed to check_game (see CHECKS)
    "legal options": dict(phases=(*toy.DUEL_SPEC.phases, Button)),
}
CHECKS = {"game invariants": [lambda m: ["too late"] if m.turn >= 3 else []]}


@pytest.mark.parametrize("prop", sorted(BROKEN))
def test_check_game_fails_on_a_broken_game_naming_the_property(prop):
    changes = BROKEN[prop]
    spec = attrs.evolve(toy.DUEL_SPEC, name=f"toy-broken-{prop.replace(' ', '-')}", **changes)
    game = boardcore.registry.game_from_provider(
        toy.Provider(spec.name, spec, cards=toy.duel_cards(), types=[Fragile], effects=toy.DUEL_EFFECTS)
    )
    with pytest.raises(ConformanceError) as caught:
        check_game(game, games=10, max_actions=150, cross_process=False, checks=CHECKS.get(prop, ()))
    message = str(caught.value)
    assert f"property '{prop}' failed" in message
    assert spec.name in message and "reproduce with" in message
    seed, players, history = reproducer(caught.value)
    assert players in spec.player_counts
    if prop == "determinism":
        return  # not reproducible by nature
    replayed = game.replay(seed=seed, players=players, history=history, **{})
    if prop == "conservation":
        assert len(toy.all_cards(replayed)) == 18 - 1
    elif prop == "no leaks":
        hidden = set(replayed.match.cards(toy.DECK[0]))
        assert hidden & set(replayed.view(1)["game_view"]["peek"])
    elif prop == "termination":
        assert not replayed.is_over and len(history) > 150
    elif prop == "game invariants":
        assert replayed.turn >= 3
    elif prop == "legal options":
        assert replayed.pending and str(replayed.pending[0].options[0]) == "press the red button"


LEAKY = {"strike": toycards.StrikeEffect(toycards.LeakyShieldWindow)}


def test_check_game_finds_a_window_that_is_wrongly_public():
    # Shields are hidden in hands; a public window asks the target only when it holds
    # one, so who is asked tells the others what the target holds.
    game = toycards.variant("toy-cards-leaky", effects=LEAKY)
    with pytest.raises(ConformanceError) as caught:
        check_game(game, games=10, cross_process=False)
    message = str(caught.value)
    assert "toy-cards-leaky: property 'secret structure' failed" in message and "reproduce with" in message
    seed, players, history = reproducer(caught.value)
    assert "**{'goal': 5, 'bonus': 0}" in message  # the options are part of the reproducer
    replayed = game.replay(seed=seed, players=players, history=history)
    assert check_who_is_asked(replayed, 3, salt=len(history)) is not None
    # the sound game, on the same deal and as far along the same actions as it allows
    # (the leaky window is answered by the engine, so the two may part ways), asks
    # the same players whatever is hidden
    sound_game = toycards.game()
    kept = len(history)
    while True:
        try:
            sound = sound_game.replay(seed=seed, players=players, history=history[:kept])
            break
        except boardcore.IllegalAction:
            kept -= 1
    assert check_who_is_asked(sound, 10) is None


class ChoosyStrike(toycards.StrikeEffect):
    """A mistake one step earlier: the window is sound, but the Strike opens it only
    when the target holds a Shield, so being asked tells the striker it does."""

    def play(self, m, player, card, target):
        held = m.cards(toycards.HAND[target])
        if any(m.card(c).kind is toycards.Kind.SHIELD for c in held):
            m.schedule(self.window(player, target))


def test_check_game_finds_an_event_class_no_hook_lists():
    # A compact save stores no events, so only the full save at the end shows it.
    @attrs.frozen
    class Tally(boardcore.Event):
        seat: int

    class Counting:
        name = "counting"

        @boardcore.hookimpl
        def on_event(self, match, event):
            if isinstance(event, boardcore.events.PhaseBegan):
                match.emit(Tally(0))

    game = toycards.game(Counting())
    with pytest.raises(boardcore.PluginError, match="Tally is stored in a match but was not listed by register_types"):
        check_game(game, games=1, cross_process=False)


def test_check_game_finds_a_window_opened_only_for_a_holder():
    # A re-deal of the open window asks it again whatever the target holds, so only
    # re-dealing before the Strike and playing it in each re-deal shows the leak.
    game = toycards.variant("toy-cards-choosy", effects={"strike": ChoosyStrike()})
    with pytest.raises(ConformanceError, match="secret structure.*after player .* seeing the same events") as caught:
        check_game(game, games=10, every=1, cross_process=False)
    seed, players, history = reproducer(caught.value)
    replayed = game.replay(seed=seed, players=players, history=history)
    assert check_who_is_asked(replayed, 3, salt=len(history)) is None  # the moment itself looks sound
    found = [
        check_who_is_asked(replayed, 10, then=(d.player, option)) for d in replayed.pending for option in d.options
    ]
    assert any(found)


def test_check_game_passes_on_toy_cards_whose_window_is_not_public():
    summary = check_game(toycards.game(), games=10, cross_process=False, checks=[toycards.check])
    assert summary.games == 10 and summary.players == {2: 5, 3: 5}
    assert set(summary.reasons) <= {"round limit", "reached 5 VP"}


def test_secret_structure_can_be_skipped():
    game = toycards.variant("toy-cards-leaky-unchecked", effects=LEAKY)
    assert check_game(game, games=3, cross_process=False, redeals=0).games == 3


def test_conformance_error_is_an_assertion_error():
    assert issubclass(ConformanceError, AssertionError)


# -- arranging matches --------------------------------------------------------------------------


def test_arranged_stacks_decks_before_the_first_step():
    game = toy.duel()
    state = arranged(game, 2, 0, top={toy.DECK[0]: ["Club", "Axe"], toy.DECK[1]: ["d1-3"]})
    # turn 1 drew the two stacked cards into seat 0's hand (on top of the 2 dealt)
    assert state.match.cards("hand:0")[-2:] == ("d0-6", "d0-4")
    assert state.match.cards("hand:1")[-2] == "d1-3"
    assert sorted(toy.all_cards(state)) == sorted(toy.all_cards(game.new_state(players=2, seed=0)))


def test_arranged_loads_dice_and_runs_a_before_hook():
    seen = []
    state = arranged(toy.arena(), 2, 0, dice=[6, 6], before=lambda s: seen.append(s.turn))
    assert seen == [0]
    state.apply(0, DONE)
    rolls = [e.value for e in state.events if isinstance(e, boardcore.events.DieRolled)]
    assert rolls == [6]
    assert state.match.loaded == (6,)


def test_put_and_stack_resolve_names_and_ids():
    state = toy.duel().new_state(players=2, seed=0)
    m = state.match
    assert put(state, "discard:1", ["d1-5", "d1-1"]) == ["d1-5", "d1-1"]
    assert m.cards("discard:1") == ("d1-5", "d1-1")
    assert stack(state, "deck:1", ["d1-1"]) == ["d1-1"]
    assert m.cards("deck:1")[-1] == "d1-1" and "d1-1" not in m.cards("discard:1")
    clubs = resolve_cards(state, ["Club", "Club", "Club"])
    assert sorted(clubs) == ["d0-6", "d1-6", "d2-6"]
    assert m.specs[m.locate(clubs[0])].visibility is boardcore.Visibility.HIDDEN  # unseen copies first
    put(state, "play:0", ["Bow"])
    assert m.card(m.cards("play:0")[0]).name == "Bow"
    with pytest.raises(boardcore.InvalidData):
        resolve_cards(state, ["Catapult"])
    with pytest.raises(boardcore.InvalidData):
        resolve_cards(state, ["d0-1", "d0-1"])


def test_load_dice_appends_to_what_is_loaded():
    state = toy.arena().new_state(players=2, seed=0)
    load_dice(state, [1])
    load_dice(state, [2, 3])
    assert state.match.loaded == (1, 2, 3)


def test_check_game_finds_a_trusted_path_that_records_another_match(monkeypatch):
    # Property 11, planted: a playout that answers its own way instead of the index given.
    original = boardcore.State.playout

    def wayward(self, policy, limit=None, until=None):
        return original(self, lambda s, d: len(d.options) - 1 - policy(s, d), limit, until)

    check_game(toy.arena(), games=2, cross_process=False)  # the real trusted path agrees
    monkeypatch.setattr(boardcore.State, "playout", wayward)
    with pytest.raises(ConformanceError, match="trusted path"):
        check_game(toy.arena(), games=2, cross_process=False)


def test_check_game_refuses_a_decision_with_too_many_options():
    # The arena offers more than 2 options at some decision; a cap of 2 must trip.
    with pytest.raises(ConformanceError, match="legal options.*more than 2"):
        check_game(toy.arena(), games=2, max_options=2, cross_process=False)
    check_game(toy.arena(), games=2, cross_process=False)  # the default cap of 300 holds


# -- driving a match: decision, options, option, choose, events, advance_to ---------------------


def test_decision_and_options_read_who_is_asked_what():
    state = toy.duel().new_state(players=2, seed=5)
    assert decision(state).player == 0
    assert options(state) == ["discard Bow", "discard Sling", "discard Axe", "discard Club"]
    assert options(state, 0) == options(state)
    with pytest.raises(AssertionError, match="player 1 is not asked"):
        decision(state, 1)
    choose(state, 0, "discard Bow")
    choose(state, 1, "discard Sling")
    with pytest.raises(AssertionError, match="2 players are asked"):
        decision(state)
    assert decision(state, 1).secret


def test_option_finds_an_option_by_its_text_or_a_unique_prefix():
    state = toy.duel().new_state(players=2, seed=5)
    assert option(state, 0, "discard Axe") == pick("d0-4", "discard Axe")
    assert option(state, 0, "discard C") == pick("d0-6", "discard Club")
    with pytest.raises(AssertionError, match="4 options 'discard'"):
        option(state, 0, "discard")
    with pytest.raises(AssertionError, match="no option 'discard Ring'"):
        option(state, 0, "discard Ring")


def test_option_takes_the_first_of_several_options_that_read_the_same():
    def two_coins(state):
        m = state.match
        m.move(m.cards(toycards.HAND[0]), toycards.HAND[0], toycards.DISCARD)
        put(state, toycards.HAND[0], ["Coin", "Coin"])

    state = arranged(toycards.game(), 2, 1, before=two_coins)
    first = decision(state, 0).options[0]
    assert options(state, 0)[:2] == ["discard Coin 1", "discard Coin 1"]
    assert option(state, 0, "discard Coin 1") is first
    choose(state, 0, "discard Coin 1", "discard Coin 1")  # copies of a card: one, then the other
    assert sorted(state.match.draft(0)) == sorted(state.match.cards(toycards.HAND[0]))


def test_choose_applies_options_one_after_the_other():
    state = toy.duel().new_state(players=2, seed=5)
    choose(state, 0, "discard Bow")
    choose(state, 1, "discard Sling")
    choose(state, 0, "commit Axe", "done")
    assert state.match.draft(0) == ("d0-4",) and [d.player for d in state.pending] == [1]
    choose(state, None, "commit Club", "done")  # None: the only seat asked
    assert events(state, boardcore.events.Revealed) == [boardcore.events.Revealed(0, ("d0-4",)), boardcore.events.Revealed(1, ("d1-6",))]
    with pytest.raises(AssertionError, match="no option 'done'"):
        choose(state, None, "done")  # the Boost window asks now


def test_events_lists_one_kind_of_event_oldest_first():
    state = toy.arena().new_state(players=2, seed=0)
    load_dice(state, [2, 3])
    state.apply(0, DONE)
    state.apply(1, DONE)
    assert [e.value for e in events(state, boardcore.events.DieRolled)] == [2, 3]
    assert [e.turn for e in events(state, boardcore.events.TurnBegan)] == [1, 2, 3]
    assert events(state, boardcore.events.Revealed) == []


def test_advance_to_answers_quietly_until_the_phase_asks():
    state = toycards.game().new_state(players=2, seed=3)
    advance_to(state, "market")
    m = state.match
    assert m.phase == "market" and state.pending
    # the quiet way: "done" to the mulligans and the act menu, "pass" to the build
    assert all(str(a) in ("done", "pass") for _, a in state.history)
    assert not events(state, boardcore.events.CardPlayed)


def test_advance_to_takes_a_chooser_and_stops_at_the_end_of_the_match():
    state = toy.arena().new_state(players=2, seed=0)
    load_dice(state, [6] * 6)
    advance_to(state, "no-such-phase", chooser=lambda d: d.options[0])
    assert state.is_over and state.result.reason == "last hero standing"
    assert state.history[0] == (0, pick("g1", "take Sword"))


def test_advance_to_gives_up_after_max_actions():
    state = toycards.game().new_state(players=2, seed=3)
    with pytest.raises(boardcore.IllegalAction, match="not reached in 3 actions"):
        advance_to(state, "market", max_actions=3)


# -- arranging pieces, counters and the table ----------------------------------------------------


def test_place_adds_a_piece_with_counters_on_an_empty_square():
    state = toy.arena().new_state(players=2, seed=0)
    m = state.match
    golem = place(state, "golem", 1, "c3", hp=5, armour=1)
    assert m.pieces[golem] == boardcore.Piece("golem", 1, "c3")
    assert m.count("hp", golem) == 5 and m.count("armour", golem) == 1
    off_board = place(state, "golem", 0)
    assert m.pieces[off_board].square is None
    with pytest.raises(boardcore.InvalidData, match="c3 already holds"):
        place(state, "golem", 0, "c3")
    assert events(state, boardcore.events.PieceAdded)[-1] == boardcore.events.PieceAdded(off_board, "golem", 0)


def test_clear_pieces_removes_pieces_and_their_counters():
    state = toy.arena().new_state(players=3, seed=0)
    m = state.match
    extra = place(state, "golem", 1, "c3", hp=2)
    clear_pieces(state, owner=1)
    assert m.pieces_of(1) == () and m.count("hp", extra) == 0 and len(m.pieces) == 2
    m.attach("g1", toy.ARMORY, toy.hero(m, 0), 0)
    with pytest.raises(boardcore.RuleError, match="attachments"):
        clear_pieces(state)
    m.release(toy.hero(m, 0), toy.ARMORY)
    clear_pieces(state)
    assert m.pieces == {} and not any("@" in k for k in m.counters)


def test_set_count_and_set_table_change_the_match_as_a_referee_would():
    state = toy.arena().new_state(players=2, seed=0)
    m = state.match
    set_count(state, "hp", 1, toy.hero(m, 1))
    set_count(state, "round-bonus", 3)
    set_table(state, hits=(4, 0), last_attack=(0, 1))
    assert m.count("hp", toy.hero(m, 1)) == 1 and m.count("round-bonus") == 3
    assert m.table == toy.ArenaTable(hits=(4, 0), last_attack=(0, 1))
    assert events(state, boardcore.events.CounterChanged)[-1] == boardcore.events.CounterChanged("round-bonus", None, 0, 3)
    load_dice(state, [6])
    state.apply(0, DONE)  # the arranged match plays on: 1 hp left, a hit knocks seat 1 out
    assert state.result == boardcore.Result((0,), "last hero standing")
    # an arranged match is no replay of its history: it loads back as a trusted round trip
    assert state.game.state_from_json(state.to_json(), verify=False) == state


def test_check_who_is_asked_accepts_a_sound_position():
    state = toycards.game().new_state(players=3, seed=2)
    for _ in range(25):
        assert check_who_is_asked(state, 4, salt=len(state.history)) is None
        d = state.pending[0]
        state.apply(d.player, d.options[0])
