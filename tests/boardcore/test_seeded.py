"""boardcore.seeded: the public face of the seeded generator that matches, bots and tools share."""

from __future__ import annotations

from boardcore.seeded import below, derive, seed_state, shuffled


def test_draws_return_the_value_and_the_next_state_and_repeat_exactly():
    state = seed_state(7)
    first, after = below(state, 6)
    assert 0 <= first < 6 and after != state
    assert below(state, 6) == (first, after)  # the same state gives the same draw
    order, _ = shuffled(after, ("a", "b", "c", "d"))
    assert sorted(order) == ["a", "b", "c", "d"] and shuffled(after, ("a", "b", "c", "d"))[0] == order


def test_derived_seeds_are_independent_per_path_and_the_same_every_run():
    seeds = {derive(1, game, seat) for game in range(20) for seat in range(4)}
    assert len(seeds) == 80
    assert derive(1, 3, 2) == derive(1, 3, 2) != derive(0, 3, 2)

