"""The thread contract of ``State`` (issue: hardening II): a clone per thread is
safe. Clones of one match played in two threads at once end exactly as the same
choices played one clone after the other (docs/reliability.md)."""

from __future__ import annotations

import random
import threading

import boardcore


def play_out(state: boardcore.State, seed: int, start: threading.Barrier | None = None) -> str:
    """``state`` played to its end with seeded random choices; its save."""
    if start is not None:
        start.wait()
    rand = random.Random(seed)
    while not state.is_over:
        decision = rand.choice(state.pending)
        state.apply(decision.player, rand.choice(decision.options))
    return state.to_json()


def play_out_partly(state: boardcore.State, actions: int) -> boardcore.State:
    rand = random.Random(0)
    for _ in range(actions):
        decision = rand.choice(state.pending)
        state.apply(decision.player, rand.choice(decision.options))
    return state


def test_clones_of_one_match_played_in_two_threads_end_as_played_one_after_the_other():
    for name in ("gallic-wars", "invasions-of-the-horse-people"):
        game = boardcore.load_game(name)
        shared = play_out_partly(game.new_state(players=game.player_counts[0], seed=5), 6)
        alone = [play_out(shared.clone(), seed) for seed in (1, 2)]
        results: dict[int, str] = {}
        start = threading.Barrier(2)
        threads = [
            threading.Thread(target=lambda s=seed: results.__setitem__(s, play_out(shared.clone(), s, start))) for seed in (1, 2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert [results[1], results[2]] == alone
        for save in alone:  # each ends in a match that loads, verified
            assert game.state_from_json(save).to_json() == save
        assert shared.to_json() == play_out_partly(game.new_state(players=game.player_counts[0], seed=5), 6).to_json()


def test_one_state_changed_from_two_threads_at_once_is_refused_and_left_as_it_was():
    inside, go_on = threading.Event(), threading.Event()

    class Slow:
        name = "slow"

        @boardcore.hookimpl
        def before_action(self):
            inside.set()
            go_on.wait(10)

    game = boardcore.load_game("gallic-wars", plugins=[Slow()])
    state = game.new_state(seed=3)
    d = state.pending[0]
    worker = threading.Thread(target=state.apply, args=(d.player, d.options[0]))
    worker.start()
    assert inside.wait(10)
    before_history = len(state.history)
    other = state.pending[-1]
    try:
        try:
            state.apply(other.player, other.options[0])
        except boardcore.BoardcoreError as exc:
            assert "being changed by another thread" in str(exc) and "clone()" in str(exc)
        else:
            raise AssertionError("a second apply while one runs was accepted")
    finally:
        go_on.set()
        worker.join(10)
    assert len(state.history) == before_history  # only the first thread's answer is in
    d = state.pending[0]
    state.apply(d.player, d.options[0])  # and the state goes on in one thread
