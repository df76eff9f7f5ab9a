"""The flow: phases and turns, Select, Window, EnforceLimit, answers the engine gives itself,
end conditions, turn and round limits, set-up phases, the first player, per-turn marks."""

import attrs
import pytest

import boardcore
from boardcore._values.zones import attachment_zone
from boardcore import Result, RuleError
from boardcore.actions import DONE, PASS
from boardcore.events import Chose, DieRolled, PhaseBegan, PhaseEnded, PlayerOut, Revealed, TurnBegan, TurnEnded
from boardcore.testing import arranged, events, load_dice, put, set_count, stack

import toy
import toycards

DUEL = toy.duel()
ARENA = toy.arena()


def duel(window="close", hands=(("d0-1", "d0-5"), ("d1-1", "d1-6")), players=2, game=DUEL, **options):
    """A toy-duel match whose hands are ``hands`` and whose decks then draw in id order."""

    def before(state):
        for s in range(players):
            stack(state, toy.DECK[s], [f"d{s}-{k}" for k in range(1, 7)])
            put(state, toy.HAND[s], hands[s])

    return arranged(game, players, 0, before=before, window=window, **options)


def asked(state):
    return sorted(d.player for d in state.pending)


def to_reveal(state, commits):
    """Discard the Shield at the hand limit, then commit ``commits[s]`` (a card name)."""
    for s in range(state.players):
        toy.act(state, s, "discard Shield")
    for s, name in enumerate(commits):
        toy.commit(state, s, name)


# -- EnforceLimit ---------------------------------------------------------------------


def test_enforce_limit_asks_each_owner_in_turn_to_discard_down_to_the_limit():
    state = duel()
    assert [d.player for d in state.pending] == [0]
    (decision,) = state.pending
    assert sorted(str(o) for o in decision.options) == ["discard Bow", "discard Shield", "discard Sling", "discard Spear"]
    assert "hand limit 3" in decision.prompt and not decision.secret
    toy.act(state, 0, "discard Shield")
    m = state.match
    assert m.cards(toy.HAND[0]) == ("d0-1", "d0-5", "d0-3")
    assert m.cards(toy.DISCARD[0]) == ("d0-2",)
    assert [d.player for d in state.pending] == [1]


def test_enforce_limit_repeats_until_the_hand_fits():
    def before(state):
        state.match.draw(toy.DECK[0], toy.HAND[0], 3)  # 2 dealt + 3, then the last one drawn

    state = arranged(DUEL, 2, 0, before=before)
    for left in (6, 5, 4):
        assert [d.player for d in state.pending] == [0] and len(state.pending[0].options) == left
        state.apply(0, state.pending[0].options[0])
    assert len(state.match.cards(toy.HAND[0])) == 3
    assert len(state.match.cards(toy.DISCARD[0])) == 3


def test_enforce_limit_needs_a_limit_and_an_owner():
    m = DUEL.new_state(players=2, seed=0).match
    with pytest.raises(RuleError):
        boardcore.steps.EnforceLimit(toy.DISCARD[0], toy.DISCARD[1]).run(m)
    with pytest.raises(RuleError):
        boardcore.steps.EnforceLimit(toy.BOX, toy.DISCARD[1]).run(m)


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
    assert m.cards(toy.HAND[1]) == ("d1-1", "d1-6", "d1-3")  # still in hand until revealed
    # v2: seat 1 is still asked for its lone "done" (the commitment is not declared public)
    assert asked(state) == [0, 1] and [str(o) for o in state.pending[1].options] == ["done"]
    toy.act(state, 1, "done")
    assert asked(state) == [0]
    new = state.events[logged:]
    assert Chose(1, None, False) in new  # the secret pick is logged without saying what
    assert not events(state, Revealed)
    toy.commit(state, 0, "Sling")
    assert events(state, Revealed) == [Revealed(0, ("d0-5",)), Revealed(1, ("d1-6",))]
    assert m.drafts == {} and m.sealed == {}
    # the reveal ran and the Boost window asks; powers are set
    assert m.count(toy.POWER, 0) == 5 and m.count(toy.POWER, 1) == 6


def test_the_lone_done_of_a_secret_selection_is_asked_and_stays_secret():
    # 0.1 answered a single remaining "done" by itself. v2 asks every decision that is
    # not declared public, since whether a player has a choice usually depends on
    # cards the others cannot see; the answer is logged as a secret, unforced choice.
    state = duel()
    to_reveal(state, ["Spear", "Spear"])
    dones = [(p, a) for p, a in state.history if a == DONE]
    assert dones == [(0, DONE), (1, DONE)]
    commits = [e for e in events(state, Chose) if e.action is None]
    assert len(commits) == 4 and not any(e.forced for e in commits)


def test_a_secret_selection_declared_public_answers_a_lone_option_and_keeps_it_secret():
    # Seat 1 holds a single card, so its public secret commitment has one option and the
    # engine answers it; the Chose event must still not say which card it was.
    def before(state):
        m = state.match
        m.move(m.cards(toy.HAND[1])[:1], toy.HAND[1], toy.DISCARD[1])

    game = toy.duel_variant("toy-duel-quick", phases=(toy.QuickCommit,))
    state = arranged(game, 2, 0, before=before)
    assert asked(state) == [0]
    toy.act(state, 0, "commit")  # its "done" is the only option left: answered too
    choices = [e for e in events(state, Chose) if e.player == 1]
    assert len(choices) == 2 and all(e.forced and e.action is None for e in choices)
    assert [e for e in events(state, Chose) if e.player == 0 and e.forced] == [Chose(0, None, True)]
    assert len(state.history) == 1


def test_a_secret_selection_with_a_single_card_is_asked_by_default():
    # The same position without ``public``: seat 1 is asked for its only card, so the
    # others cannot tell from who is asked that seat 1 holds a single card.
    def before(state):
        m = state.match
        m.move(m.cards(toy.HAND[1])[:1], toy.HAND[1], toy.DISCARD[1])

    game = toy.duel_variant("toy-duel-commit-only", phases=(toy.Commit,))
    state = arranged(game, 2, 0, before=before)
    assert asked(state) == [0, 1]
    assert len(state.pending[1].options) == 1


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
    assert m.zone_spec(attachment_zone(hero)).owner == 0
    assert "g2" not in m.cards(toy.ARMORY)
    assert m.drafts == {}
    # TakeGear is public (the armory is): its lone "done" was answered by the engine
    assert [(e.player, e.action, e.forced) for e in events(state, Chose)][:2] == [(0, "take Helm", False), (0, "done", True)]


def test_select_done_at_once_completes_with_nothing():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [1])
    state.apply(0, DONE)
    assert state.match.attached(toy.hero(state.match, 0)) == ()
    assert len(state.match.cards(toy.ARMORY)) == 5


# -- single-option decisions ---------------------------------------------------------------


def test_a_single_public_option_is_answered_by_the_engine_and_not_recorded_as_history():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [6])
    state.apply(0, DONE)
    # the only target was seat 1: nobody was asked, the attack happened
    assert state.history == ((0, DONE),)
    assert Chose(0, "attack seat 1", True) in state.events
    assert events(state, DieRolled)[-1].value == 6
    assert state.match.count("hp", toy.hero(state.match, 1)) == 2
    assert asked(state) == [1] and state.match.active == 1


def test_a_single_option_is_asked_unless_the_decision_is_public():
    m = ARENA.new_state(players=2, seed=0).match
    m.asks = ()
    m.ask(1, [PASS], "only pass", toy.ChooseTarget(1))
    assert [d.player for d, _ in m.asks] == [1]
    m.asks = ()
    agenda = m.agenda
    m.ask(1, [PASS], "only pass", toy.ChooseTarget(1), public=True)
    assert m.asks == () and len(m.agenda) == len(agenda) + 1  # queued as an answer instead
    with pytest.raises(TypeError):
        m.ask(1, [PASS], "only pass", toy.ChooseTarget(1), auto=True)  # 0.1's ``auto=`` is gone


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
    assert m.count(toy.POWER, 0) == 1 and m.count(toy.POWER, 1) == 6
    (d,) = state.pending
    assert d.player == 0 and d.options == (toy.BOOST, PASS)  # weakest first
    state.apply(0, PASS)
    (d,) = state.pending
    assert d.player == 1
    state.apply(1, PASS)
    assert m.count(toy.SCORE, 1) == 1 and m.count(toy.SCORE, 0) == 0
    assert m.turn == 2 and m.count(toy.TOKENS, 0) == 2


def test_a_public_window_skips_responders_without_reactions():
    state = duel()
    state.match.set_count(toy.TOKENS, 0, 0)
    to_reveal(state, ["Spear", "Club"])
    (d,) = state.pending
    assert d.player == 1  # seat 0 comes first but has nothing it could do
    state.apply(1, PASS)
    assert state.match.turn == 2


def test_a_window_that_is_not_public_asks_a_responder_who_can_only_pass():
    # v2: by default a window asks every responder, even one whose only option is
    # "pass", because a reaction usually comes from a hidden hand.
    state = duel("ask-all")
    state.match.set_count(toy.TOKENS, 0, 0)
    to_reveal(state, ["Spear", "Club"])
    (d,) = state.pending
    assert d.player == 0 and d.options == (PASS,)
    state.apply(0, PASS)
    assert asked(state) == [1]


def test_may_react_skips_a_responder_who_visibly_cannot_react():
    state = duel("may-react")
    state.match.set_count(toy.TOKENS, 0, 0)
    to_reveal(state, ["Spear", "Club"])
    (d,) = state.pending
    assert d.player == 1 and d.options == (toy.BOOST, PASS)


def test_window_close_allows_one_reaction():
    state = duel("close")
    to_reveal(state, ["Spear", "Club"])
    state.apply(0, toy.BOOST)
    m = state.match
    assert m.count(toy.TOKENS, 0) == 1
    assert m.count(toy.SCORE, 1) == 1  # the window closed and scoring ran; seat 1 was never asked
    assert not [e for e in events(state, Chose) if e.player == 1 and e.action in ("pass", str(toy.BOOST))]
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
    assert m.count(toy.TOKENS, 0) == 0 and m.count(toy.TOKENS, 1) == 0
    # nobody can react any more: the (public) window closed by itself and seat 1 scored
    assert m.count(toy.SCORE, 1) == 1 and m.turn == 2


def test_window_next_goes_on_to_the_next_responder():
    state = duel("next")
    to_reveal(state, ["Spear", "Club"])
    m = state.match
    state.apply(0, toy.BOOST)
    assert asked(state) == [1] and m.count(toy.POWER, 0) == 3
    state.apply(1, PASS)
    assert m.count(toy.SCORE, 1) == 1 and m.count(toy.TOKENS, 0) == 1 and m.turn == 2


def test_window_next_offers_every_responder_once_even_if_the_order_changes():
    state = duel("next")
    to_reveal(state, ["Sling", "Club"])  # 5 and 6
    state.apply(0, toy.BOOST)  # 7 against 6: the responders' order is now (1, 0)
    # NEXT means "go on to the next responder": seat 1, who has not been offered yet
    assert asked(state) == [1]
    state.apply(1, PASS)
    assert state.match.turn == 2  # seat 0 is not offered a second time


def test_the_game_ending_after_a_restarted_window_stops_the_flow():
    state = duel("restart", target=1)
    to_reveal(state, ["Spear", "Club"])
    toy.act(state, 0, "token")
    toy.act(state, 0, "token")
    state.apply(1, PASS)
    assert state.is_over and state.result.winners == (1,)
    assert state.pending == () and state.match.agenda == ()


def test_a_reaction_that_ends_the_game_stops_the_window():
    state = duel("sudden")
    to_reveal(state, ["Spear", "Club"])
    state.apply(0, toy.BOOST)
    assert state.result == Result((0,), "boosted to victory", (0, 0))
    assert state.pending == () and state.match.agenda == ()
    assert state.match.count(toy.SCORE, 1) == 0  # Score never ran
    assert not [e for e in events(state, Chose) if e.player == 1 and e.action in ("pass", str(toy.BOOST))]


# -- turns: EVERYONE, SEATS, elimination, turn limit ------------------------------------------


def test_everyone_turn_order_has_no_active_seat():
    state = duel()
    m = state.match
    assert events(state, TurnBegan) == [TurnBegan(1, None)]
    # v2: ``m.active`` is an int; the stored field is ``active_seat``, None here
    assert m.active_seat is None
    with pytest.raises(RuleError, match="no active seat"):
        m.active  # noqa: B018
    assert [e.phase for e in events(state, PhaseBegan)] == ["draw"]
    assert m.round == m.turn == 1  # everybody acts each turn: rounds are turns


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
    assert [e.player for e in events(state, TurnBegan)] == [0, 1, 2, 0, 1, 2, 0, 2, 0, 2]
    assert m.out == (1,) and m.alive() == (0, 2)
    assert events(state, PlayerOut) == [PlayerOut(1)]
    assert toy.hero(m, 1) is None and not any(k.endswith("@hero-2") for k in m.counters)
    assert "g1" in m.cards(toy.ARMORY)  # seat 1's Sword went back when its hero fell
    assert not state.is_over
    assert m.round == 4  # rounds: (0 1 2) (0 1 2) (0 2) (0 2)


def test_last_seat_standing_wins():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [6, 1] * 3)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert state.result == Result((0,), "last hero standing")
    assert state.turn == 5


def test_end_if_is_checked_when_a_phase_ends():
    # toy-arena's end_if ends the match as soon as the attack phase that eliminated
    # the last opponent is over: its PhaseEnded is the last event before GameOver.
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [6, 1] * 3)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert state.events[-2:] == (PhaseEnded("attack"), boardcore.events.GameOver((0,), "last hero standing"))
    assert PlayerOut(1) in state.events[-6:]
    assert not [e for e in events(state, TurnEnded) if e.turn == 5]


def test_end_if_sees_the_phase_that_just_ended():
    seen = []

    def end_if(m):
        seen.append((m.turn, m.phase))
        return Result((1,), "stopped") if (m.turn, m.phase) == (2, "draw") else None

    state = toy.duel_variant("toy-duel-stop", end_if=end_if).new_state(players=2, seed=3)
    while not state.is_over:
        d = state.pending[0]
        state.apply(d.player, d.options[0])
    assert state.result == Result((1,), "stopped")
    # checked when each phase ended and when turn 1 ended
    assert seen == [(1, "draw"), (1, "commit"), (1, "commit"), (2, "draw")]
    assert state.events[-2:] == (PhaseEnded("draw"), boardcore.events.GameOver((1,), "stopped"))


@pytest.mark.parametrize(
    ("end_check", "checked", "last_phase"),
    [("phase", [(1, "draw"), (1, "commit"), (1, "commit"), (2, "draw")], "draw"),
     ("turn", [(1, "commit"), (1, "commit"), (2, "commit")], "commit")],
)  # fmt: skip
def test_end_check_says_whether_the_end_is_checked_after_every_phase_or_at_turn_ends(end_check, checked, last_phase):
    seen = []

    def end_if(m):
        seen.append((m.turn, m.phase))
        return Result((1,), "stopped") if m.turn == 2 else None

    game = toy.duel_variant(f"toy-duel-{end_check}", end_if=end_if, end_check=end_check)
    state = game.new_state(players=2, seed=3)
    while not state.is_over:
        d = state.pending[0]
        state.apply(d.player, d.options[0])
    assert seen == checked  # "turn": when the turn's last phase ends and when the turn ends
    assert state.events[-2:] == (PhaseEnded(last_phase), boardcore.events.GameOver((1,), "stopped"))


def test_a_game_checking_its_end_at_turn_ends_still_ends_at_once_where_its_rules_check():
    def end_if(m):
        return Result((0,), "at once") if m.turn == 2 else None

    class CheckNow:
        """A rule that ends the game "at once": it checks as each phase begins."""

        name = "check-now"

        @boardcore.hookimpl
        def on_event(self, match, event):
            if isinstance(event, PhaseBegan):
                match.check_end()

    game = toy.duel_variant("toy-duel-at-once", end_if=end_if, end_check="turn")
    state = game.new_state(players=2, seed=3)
    while not state.is_over:
        d = state.pending[0]
        state.apply(d.player, d.options[0])
    assert state.result == Result((0,), "at once") and state.match.phase == "commit"  # found at turn 2's commit
    spec = attrs.evolve(toy.DUEL_SPEC, name="toy-duel-at-once-ruled", end_if=end_if, end_check="turn")
    provider = toy.Provider(spec.name, spec, cards=toy.duel_cards(), effects=toy.DUEL_EFFECTS)
    state = boardcore.registry.game_from_provider(provider, plugins=[CheckNow()]).new_state(players=2, seed=3)
    while not state.is_over:
        d = state.pending[0]
        state.apply(d.player, d.options[0])
    assert state.result == Result((0,), "at once") and state.match.phase == "draw"  # as turn 2's draw began
    over = boardcore.events.GameOver
    frame = [e for e in state.events if isinstance(e, (PhaseBegan, PhaseEnded, over))]
    assert frame[-2:] == [PhaseBegan("draw", None), over((0,), "at once")]  # the draw phase never ended


def test_phase_and_turn_events_frame_every_turn():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [1, 1])
    state.apply(0, DONE)
    state.apply(1, DONE)
    frame = [e for e in state.events if isinstance(e, (TurnBegan, TurnEnded, PhaseBegan, PhaseEnded))]
    assert frame == [
        TurnBegan(1, 0),
        PhaseBegan("arm", 0),
        PhaseEnded("arm"),
        PhaseBegan("attack", 0),
        PhaseEnded("attack"),
        TurnEnded(1, 0),
        TurnBegan(2, 1),
        PhaseBegan("arm", 1),
        PhaseEnded("arm"),
        PhaseBegan("attack", 1),
        PhaseEnded("attack"),
        TurnEnded(2, 1),
        TurnBegan(3, 0),
        PhaseBegan("arm", 0),
    ]


def test_turn_limit_calls_at_limit():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [1] * 12)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert state.turn == toy.ARENA_SPEC.turn_limit == 12
    assert state.result == Result((0, 1), "turn limit", (3, 3))
    assert len(state.history) == 12
    assert events(state, TurnEnded)[-1] == TurnEnded(12, 1)


def test_round_limit_counts_rounds_of_the_seats_still_in():
    game = toy.arena_variant("toy-arena-rounds", turn_limit=None, round_limit=3)
    state = game.new_state(players=3, seed=0)
    m = state.match
    set_count(state, "hp", 1, toy.hero(m, 1))
    load_dice(state, [6] + [1] * 20)  # seat 0 knocks seat 1 out at once; then every roll misses
    toy.act(state, 0, "done")
    toy.act(state, 0, "seat 1")
    assert m.out == (1,)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert [e.player for e in events(state, TurnBegan)] == [0, 2, 0, 2, 0, 2]
    assert (m.round, m.turn) == (3, 6)
    assert state.result.reason == "turn limit"  # arena's at_limit wording


def test_first_player_picks_who_takes_the_first_turn():
    game = toy.arena_variant("toy-arena-first", first_player=lambda m: m.players - 1)
    state = game.new_state(players=3, seed=0)
    assert events(state, TurnBegan) == [TurnBegan(1, 2)]
    assert state.match.active == 2 and state.match.round == 1


def test_a_round_limit_gives_every_seat_the_same_turns_whoever_starts():
    game = toy.arena_variant("toy-arena-first-rounds", first_player=lambda m: 1, turn_limit=None, round_limit=2)
    state = game.new_state(players=2, seed=0)
    load_dice(state, [1] * 10)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    assert [e.player for e in events(state, TurnBegan)] == [1, 0, 1, 0]


@pytest.mark.parametrize("limit", [{"turn_limit": 0}, {"turn_limit": None, "round_limit": 0}])
def test_a_limit_needs_at_limit(limit):
    # Refused when the game is declared, not when a match first reaches the limit.
    with pytest.raises(RuleError, match="at_limit is not"):
        toy.duel_variant("toy-duel-limit", at_limit=None, **limit)


def test_an_at_limit_that_returns_no_result_is_reported_clearly():
    # 0.1 said "did not end" when at_turn_limit left the match going.
    game = toy.duel_variant("toy-duel-limit-none", turn_limit=0, at_limit=lambda m: None)
    with pytest.raises(boardcore.BoardcoreError, match="at_limit"):
        game.new_state(players=2)


@attrs.frozen
class AskNothing(boardcore.Phase):
    name = "idle"

    def begin(self, m):
        pass


def test_a_flow_that_runs_out_of_steps_is_a_rule_error():
    def setup(m):
        toy.duel_setup(m)
        m.agenda = ()  # drop the turns the engine scheduled: nothing is left to run
        m.schedule(AskNothing())

    game = toy.duel_variant("toy-duel-stuck", setup=setup)
    with pytest.raises(RuleError, match="ran out of steps"):
        game.new_state(players=2)


def test_setup_that_asks_replaces_the_turn_cycle():
    def setup(m):
        toy.duel_setup(m)
        toy.CommitCard(1).run(m)

    state = toy.duel_variant("toy-duel-ask", setup=setup).new_state(players=2)
    assert asked(state) == [1] and state.turn == 0


# -- set-up phases and per-turn marks (toy-cards) -------------------------------------------


def test_setup_phases_run_once_before_the_first_turn():
    state = toycards.game().new_state(players=2, seed=1)
    m = state.match
    assert m.phase == "mulligan" and (m.turn, m.round, m.active_seat) == (0, 0, None)
    assert events(state, PhaseBegan) == [PhaseBegan("mulligan")] and not events(state, TurnBegan)
    for seat in (0, 1):
        toy.act(state, seat, "done")
    assert events(state, PhaseEnded)[0] == PhaseEnded("mulligan")
    assert events(state, TurnBegan) == [TurnBegan(1, 1)]  # toy-cards' first player: the last seat
    while state.turn < 4:
        d = state.pending[0]
        state.apply(d.player, d.options[-1])
    assert [e.phase for e in events(state, PhaseBegan)].count("mulligan") == 1


def test_marks_last_one_turn():
    state = toycards.game().new_state(players=2, seed=1)
    m = state.match
    for seat in (0, 1):
        toy.act(state, seat, "done")
    put(state, toycards.HAND[1], ["Coin", "Purse"])
    boardcore.testing.advance_to(state, "act")
    toy.act(state, 1, "play Coin 1")
    toy.act(state, 1, "play Purse 2")
    played = m.marked("played")
    assert [m.card(c).kind for c in played] == [toycards.Kind.COIN, toycards.Kind.COIN] and len(played) == 2
    assert m.marked("nothing") == ()
    clone = state.clone()
    assert clone.match.marked("played") == played
    # put() arranged the hand, so the history alone does not give this position: a trusted round trip
    assert state.game.state_from_json(state.to_json(), verify=False).match.marked("played") == played
    boardcore.testing.advance_to(state, "build")  # the next seat's turn
    assert state.match.active == 0 and m.marked("played") == () and m.marks == {}


def test_mark_may_note_an_item_several_times():
    m = toycards.game().new_state(players=2, seed=1).match
    m.mark("moved", "a")
    m.mark("moved", "a")
    m.mark("hit", "b")
    assert m.marked("moved") == ("a", "a") and m.marked("hit") == ("b",)


class SeatsInReverse(boardcore.TurnOrder):
    """A turn order of a game's own: the highest seat first, then down, skipping seats that are out."""

    def next_turn(self, m, seat):
        alive = m.alive()
        if seat is None:
            return alive[-1], True
        lower = [s for s in alive if s < seat]
        return (lower[-1], False) if lower else (alive[-1], True)


def test_a_game_may_declare_a_turn_order_of_its_own():
    spec = attrs.evolve(toy.ARENA_SPEC, name="toy-arena-reverse", turn_order=SeatsInReverse())
    game = boardcore.registry.game_from_provider(boardcore.GamePlugin(spec, cards=toy.arena_cards))
    state = game.new_state(players=3, seed=0)
    while state.turn < 5 and not state.is_over:
        state.apply(state.pending[0].player, state.pending[0].options[0])
    assert [e.player for e in events(state, TurnBegan)][:4] == [2, 1, 0, 2]
    assert state.round == 2  # a round begins when the order wraps
    assert repr(boardcore.TurnOrder.SEATS) == "TurnOrder.SEATS" and repr(SeatsInReverse()) == "SeatsInReverse()"


def test_a_turn_order_that_is_not_one_is_refused_naming_the_field():
    with pytest.raises(RuleError, match="turn_order must be a boardcore.TurnOrder"):
        attrs.evolve(toy.ARENA_SPEC, turn_order="seats")
