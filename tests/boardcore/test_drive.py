"""boardcore.drive: a tool that makes a match by hand gets the match new_state makes,
and can act between the set-up and the first decision."""

import boardcore
from boardcore.drive import run_until_asked, start
from boardcore.events import MatchStarted

import toy

DUEL = toy.duel()


def by_hand(game, players, seed, between=None):
    m = boardcore.Match(game, players, seed, game.spec.check_options({}))
    m.emit(MatchStarted(game.name, players, seed))
    start(m)
    if between is not None:
        between(m)
    run_until_asked(m)
    return boardcore.State(game, m)


def test_a_match_driven_by_hand_is_the_match_new_state_makes():
    for seed in range(5):
        made = DUEL.new_state(players=2, seed=seed)
        assert by_hand(DUEL, 2, seed).fingerprint() == made.fingerprint()


def test_start_only_sets_up_and_run_until_asked_stops_at_the_first_decision():
    seen = {}

    def between(m):
        seen["asks"], seen["hand"] = m.asks, m.cards(toy.HAND[0])

    state = by_hand(DUEL, 2, 3, between)
    assert seen["asks"] == ()  # nobody is asked before the flow runs
    assert state.pending and not state.is_over
