"""The flow (boardcore.flow): phases and turns, Select, Window, EnforceLimit, auto answers."""

import attrs
import pytest

import boardcore
from boardcore import DONE, PASS, Chose, DieRolled, PhaseBegan, PlayerOut, Revealed, RuleError, TurnBegan
from boardcore.testing import arranged, load_dice, put, stack

import toy

DUEL = toy.duel()
ARENA = toy.arena()


def duel(window="close", hands=(("d0-1", "d0-5"), ("d1-1", "d1-6")), players=2, **options):
    """A toy-duel match whose hands are ``hands`` and whose decks then draw in id order."""

    def before(state):
        for s in range(players):
            stack(state, toy.deck(s), [f"d{s}-{k}" for k in range(1, 7)])
            put(state, toy.hand(s), hands[s])

    return arranged(DUEL, players, 0, before=before, window=window, **options)


def of(state, kind):
    return [e for e in state.events if isinstance(e, kind)]


def asked(state):
    return sorted(d.player for d in state.pending)


def to_reveal(state, commits):
    """Discard the Shield at the hand limit, then commit ``commits[s]`` (a card name)."""
    for s in range(state.players):
        toy.act(state, s, "discard Shield")
    for s, name in enumerate(commits):
        toy.act(state, s, f"commit {name}")


# -- EnforceLimit ---------------------------------------------------------------------


def test_enforce_limit_asks_each_owner_in_turn_to_discard_down_to_the_limit():
    state = duel()
    assert [d.player for d in state.pending] == [0]
    (decision,) = state.pending
    assert sorted(str(o) for o in decision.options) == ["discard Bow", "discard Shield", "discard Sling", "discard Spear"]
    assert "hand limit 3" in decision.prompt and not decision.secret
    toy.act(state, 0, "discard Shield")
    m = state.match
    assert m.cards(toy.hand(0)) == ("d0-1", "d0-5", "d0-3")
    assert m.cards(toy.discard(0)) == ("d0-2",)
    assert [d.player for d in state.pending] == [1]


def test_enforce_limit_repeats_until_the_hand_fits():
    def before(state):
        state.match.draw(toy.deck(0), toy.hand(0), 3)  # 2 dealt + 3, then the last one drawn

    state = arranged(DUEL, 2, 0, before=before)
    for left in (6, 5, 4):
        assert [d.player for d in state.pending] == [0] and len(state.pending[0].options) == left
        state.apply(0, state.pending[0].options[0])
    assert len(state.match.cards(toy.hand(0))) == 3
    assert len(state.match.cards(toy.discard(0))) == 3


def test_enforce_limit_needs_a_limit_and_an_owner():
    m = DUEL.new_state(players=2, seed=0).match
    with pytest.raises(RuleError):
        boardcore.EnforceLimit(toy.discard(0), toy.discard(1)).run(m)
    with pytest.raises(RuleError):
        boardcore.EnforceLimit("box", toy.discard(1)).run(m)


# -- secret simultaneous Select and its reveal -----------------------------------------


def test_secret_selects_are_simultaneous_and_revealed_together():
    state = duel()
    toy.act(state, 0, "discard Shield")
    toy.act(state, 1, "discard Shield")
    assert asked(state) == [0, 1]
    assert all(d.secret for d in state.pending)
    assert state.match.phase == "commit"
    logged = len(state.events)
    toy.act(state, 1, "commit Club")  # seat 1 may answer first
    m = state.match
    assert m.draft(1) == ("d1-6",)
    assert m.cards(toy.hand(1)) == ("d1-1", "d1-6", "d1-3")  # still in hand until revealed
    assert asked(state) == [0]
    new = state.events[logged:]
    assert Chose(1, None, False) in new  # the secret pick is logged without saying what
    assert not of(state, Revealed)
    toy.act(state, 0, "commit Sling")
    assert of(state, Revealed) == [Revealed(0, ("d0-5",)), Revealed(1, ("d1-6",))]
    assert m.drafts == {}
    assert m.count("power", 0) == 5 and m.count("power", 1) == 6


def test_the_single_remaining_done_is_answered_by_the_engine():
    state = duel()
    to_reveal(state, ["Spear", "Spear"])
    forced = [e for e in of(state, Chose) if e.forced]
    # the answers to a secret decision are logged as secret too
    assert sorted((e.player, e.action) for e in forced) == [(0, None), (1, None)]
    assert all(a is not DONE for _, a in state.history)


def test_an_auto_answered_secret_pick_stays_secret():
    # Seat 1 holds a single card, so its secret commit has one option and the engine
    # answers it; the Chose event must still not say which card it was.
    def before(state):
        m = state.match
        m.move(m.cards(toy.hand(1))[:1], toy.hand(1), toy.discard(1))

    state = arranged(toy.duel_variant("toy-duel-nodraw", phases=(toy.Commit,)), 2, 0, before=before)
    assert asked(state) == [0]
    toy.act(state, 0, "commit")
    choices = [e for e in of(state, Chose) if e.player == 1]
    assert choices and all(e.forced for e in choices)
    assert [e.action for e in choices] == [None] * len(choices)


# -- non-secret Select -------------------------------------------------------------------


def test_non_secret_select_completes_with_the_picks():
    state = ARENA.new_state(players=2, seed=0)
    (decision,) = state.pending
    assert decision.player == 0 and not decision.secret
    assert [str(o) for o in decision.options] == ["take Sword", "take Helm", "take Boots", "take Ring", "take Cloak", "done"]
    load_dice(state, [1])
    toy.act(state, 0, "take Helm")
    m = state.match
    hero = toy.hero(m, 0)
    assert m.attached(hero) == ("g2",)
    assert m.zone_spec(boardcore.attachment_zone(hero)).owner == 0
    assert "g2" not in m.cards("armory")
    assert m.drafts == {}
    assert [(e.player, e.action, e.forced) for e in of(state, Chose)][:2] == [(0, "take Helm", False), (0, "done", True)]


def test_select_done_at_once_completes_with_nothing():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [1])
    state.apply(0, DONE)
    assert state.match.attached(toy.hero(state.match, 0)) == ()
    assert len(state.match.cards("armory")) == 5


# -- single-option decisions ---------------------------------------------------------------


def test_a_single_option_is_answered_by_the_engine_and_not_recorded_as_history():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [6])
    state.apply(0, DONE)
    # the only target was seat 1: nobody was asked, the attack happened
    assert state.history == ((0, DONE),)
    assert Chose(0, "attack seat 1", True) in state.events
    assert of(state, DieRolled)[-1].value == 6
    assert state.match.count("hp", toy.hero(state.match, 1)) == 2
    assert asked(state) == [1] and state.match.active == 1


def test_ask_refuses_no_options_and_a_second_question_to_the_same_player():
    m = ARENA.new_state(players=2, seed=0).match
    step = toy.ChooseTarget(1)
    with pytest.raises(RuleError):
        m.ask(1, [], "nothing", step)
    with pytest.raises(RuleError):
        m.ask(0, [PASS, DONE], "again?", step)


# -- reaction windows ------------------------------------------------------------------------


def test_window_asks_in_its_order_and_closes_when_all_pass():
    state = duel()
    to_reveal(state, ["Spear", "Club"])
    m = state.match
    assert m.count("power", 0) == 1 and m.count("power", 1) == 6
    (d,) = state.pending
    assert d.player == 0 and d.options == (toy.BOOST, PASS)  # weakest first
    state.apply(0, PASS)
    (d,) = state.pending
    assert d.player == 1
    state.apply(1, PASS)
    assert m.count("score", 1) == 1 and m.count("score", 0) == 0
    assert m.turn == 2 and m.count("tokens", 0) == 2


def test_window_skips_responders_without_reactions():
    state = duel()
    state.match.set_count("tokens", 0, 0)
    to_reveal(state, ["Spear", "Club"])
    (d,) = state.pending
    assert d.player == 1  # seat 0 comes first but has nothing it could do
    state.apply(1, PASS)
    assert state.match.turn == 2


def test_window_close_allows_one_reaction():
    state = duel("close")
    to_reveal(state, ["Spear", "Club"])
    state.apply(0, toy.BOOST)
    m = state.match
    assert m.count("tokens", 0) == 1
    assert m.count("score", 1) == 1  # the window closed and scoring ran; seat 1 was never asked
    assert not [e for e in of(state, Chose) if e.player == 1 and e.action in ("pass", str(toy.BOOST))]
    assert m.turn == 2


def test_window_restart_reopens_from_the_new_first_responder():
    state = duel("restart")
    to_reveal(state, ["Sling", "Club"])  # powers 5 and 6
    m = state.match
    assert asked(state) == [0]
    state.apply(0, toy.BOOST)  # 7 against 6: seat 1 is now the weakest and asked first
    assert asked(state) == [1]
    state.apply(1, toy.BOOST)  # 7 against 8
    assert asked(state) == [0]
    state.apply(0, toy.BOOST)  # 9 against 8, seat 0 has no token left
    assert asked(state) == [1]
    state.apply(1, toy.BOOST)  # 9 against 10
    assert m.count("tokens", 0) == 0 and m.count("tokens", 1) == 0
    # nobody can react any more: the window closed by itself and seat 1 scored
    assert m.count("score", 1) == 1 and m.turn == 2


def test_window_next_goes_on_to_the_next_responder():
    state = duel("next")
    to_reveal(state, ["Spear", "Club"])  # 1 and 6: the order stays the same after a boost
    m = state.match
    state.apply(0, toy.BOOST)
    assert asked(state) == [1] and m.count("power", 0) == 3
    state.apply(1, PASS)
    assert m.count("score", 1) == 1 and m.count("tokens", 0) == 1 and m.turn == 2


def test_window_next_offers_every_responder_once_even_if_the_order_changes():
    state = duel("next")
    to_reveal(state, ["Sling", "Club"])  # 5 and 6
    state.apply(0, toy.BOOST)  # 7 against 6: the responders' order is now (1, 0)
    # NEXT means "go on to the next responder": seat 1, who has not been offered yet
    assert asked(state) == [1]


def test_a_reaction_that_ends_the_game_stops_the_window():
    state = duel("restart", target=1)
    to_reveal(state, ["Spear", "Club"])
    toy.act(state, 0, "token")
    toy.act(state, 0, "token")
    state.apply(1, PASS)
    assert state.is_over and state.result.winners == (1,)


# -- turns: EVERYONE, SEATS, elimination, turn limit ------------------------------------------


def test_everyone_turn_order_has_no_active_seat():
    state = duel()
    assert of(state, TurnBegan) == [TurnBegan(1, None)]
    assert state.match.active is None
    assert [e.phase for e in of(state, PhaseBegan)] == ["draw"]


def test_seats_take_turns_and_eliminated_seats_are_skipped():
    state = ARENA.new_state(players=3, seed=0)
    # seat 0 hits seat 1 on turns 1, 4 and 7; every other roll misses
    load_dice(state, [6, 1, 1, 6, 1, 1, 6, 1, 1])
    targets = {0: "seat 1", 1: "seat 2", 2: "seat 0"}
    for turn in range(1, 10):
        assert state.turn == turn
        active = state.match.active
        toy.act(state, active, "take Sword" if turn == 2 else "done")
        if state.pending and "attack" in str(state.pending[0].options[0]):
            toy.act(state, active, targets[active])
    m = state.match
    assert [e.player for e in of(state, TurnBegan)] == [0, 1, 2, 0, 1, 2, 0, 2, 0, 2]
    assert m.out == (1,) and m.alive() == (0, 2)
    assert of(state, PlayerOut) == [PlayerOut(1)]
    assert toy.hero(m, 1) is None and not any(k.endswith("@hero-2") for k in m.counters)
    assert "g1" in m.cards("armory")  # seat 1's Sword went back when its hero fell
    assert not state.is_over


def test_last_seat_standing_wins():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [6, 1] * 3)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert state.result == boardcore.Result((0,), "last hero standing")
    assert state.turn == 5


def test_turn_limit_calls_at_turn_limit():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [1] * 12)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert state.turn == toy.ARENA_SPEC.turn_limit == 12
    assert state.result == boardcore.Result((0, 1), "turn limit", (3, 3))
    assert len(state.history) == 12


@attrs.frozen
class AskNothing(boardcore.Phase):
    name = "idle"

    def begin(self, m):
        pass


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"turn_limit": 0, "at_turn_limit": None}, "at_turn_limit"),
        ({"turn_limit": 0, "at_turn_limit": lambda m: None}, "did not end"),
    ],
)
def test_a_turn_limit_must_end_the_match(changes, message):
    game = toy.duel_variant("toy-duel-limit", **changes)
    with pytest.raises(boardcore.BoardcoreError, match=message):
        game.new_state(players=2)


def test_a_flow_that_runs_out_of_steps_is_a_rule_error():
    def setup(m):
        toy.duel_setup(m)
        m.schedule(AskNothing())

    game = toy.duel_variant("toy-duel-stuck", setup=setup)
    with pytest.raises(RuleError, match="ran out of steps"):
        game.new_state(players=2)


def test_setup_that_asks_replaces_the_turn_cycle():
    def setup(m):
        toy.duel_setup(m)
        toy.Choose(1).run(m)

    state = toy.duel_variant("toy-duel-ask", setup=setup).new_state(players=2)
    assert asked(state) == [1] and state.turn == 0
