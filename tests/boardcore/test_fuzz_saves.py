"""Fuzzing state_from_json: a saved game changed anywhere, in its values or in its
text, is refused with InvalidData or loads into a match whose every public call
raises nothing but BoardcoreError; no load hangs or disturbs a match in progress
(every installed game and the toy games)."""

from __future__ import annotations

import copy
import json
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardcore
from boardcore import BoardcoreError, InvalidData

import toy
import toycards

GAMES = ("gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish")
SECONDS = 20
"""Far longer than any load or use of a real save takes: passing it is a hang."""

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["hand:0", "deck:1", "Done", "Pick", "", "@0", "x" * 300]),
    st.lists(st.integers(-1, 3), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.builds(lambda: {"kind": "Done"}),  # a new dict each time: a shared one could end up inside itself
)


def played(game: boardcore.Game, players: int, seed: int, actions: int | None) -> boardcore.State:
    """A match of seeded random moves, to the end or for ``actions`` actions."""
    rand = random.Random(seed)
    state = game.new_state(players=players, seed=seed)
    while not state.is_over and (actions is None or len(state.history) < actions):
        d = rand.choice(state.pending)
        state.apply(d.player, rand.choice(d.options))
    return state


def leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in ``data``, containers included."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, (*path, i))
    if path:
        yield path


def values(data: Any) -> Iterator[Any]:
    """Every scalar in ``data``."""
    if isinstance(data, dict):
        for value in data.values():
            yield from values(value)
    elif isinstance(data, list):
        for value in data:
            yield from values(value)
    else:
        yield data


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> str:
    """The save ``base`` with one to three changes: a value replaced (by junk, by a
    neighbour, by another value of the save of the same type), a key deleted, a
    list cut or reversed; or its text cut, or a character of it changed."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(leaves(data))))
        target = data
        for key in path[:-1]:
            target = target[key]
        old = target[path[-1]]
        how = draw(st.sampled_from(["junk", "step", "swap", "delete", "cut", "reverse"]))
        if how == "step" and type(old) is int:
            target[path[-1]] = old + draw(st.sampled_from([-1, 1]))
        elif how == "swap":
            same = [v for v in values(data) if type(v) is type(old) and v != old]
            target[path[-1]] = draw(st.sampled_from(same)) if same else draw(junk)
        elif how == "delete" and isinstance(target, dict):
            del target[path[-1]]
        elif how in ("cut", "reverse") and isinstance(old, list) and old:
            target[path[-1]] = old[:-1] if how == "cut" else old[::-1]
        else:
            target[path[-1]] = draw(junk)
    text = json.dumps(data)
    if draw(st.integers(0, 9)) == 0:  # now and then, damage the text itself
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] if draw(st.booleans()) else text[:at] + draw(st.sampled_from('"{}[],:0\\x')) + text[at + 1 :]
    return text


def use(state: boardcore.State) -> None:
    """Every public call a program makes on a loaded state."""
    state.pending
    for p in range(state.players):
        json.dumps(state.view(p))
        state.events_for(p)
        state.determinize(p, seed=1)
    state.to_json()
    state.to_data()
    state.result
    state.history
    if not state.is_over:
        twin = state.clone()
        d = twin.pending[0]
        twin.apply(d.player, d.options[0])


@contextmanager
def no_hang(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise AssertionError(f"still running after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def load(name: str) -> boardcore.Game:
    toys = {"toy-duel": toy.duel, "toy-arena": toy.arena, "toy-cards": toycards.game}
    return toys[name]() if name in toys else boardcore.load_game(name)


@pytest.mark.parametrize("name", ["toy-duel", "toy-arena", "toy-cards", *GAMES])
def test_a_changed_save_is_refused_or_works_and_never_disturbs_a_match(name):
    game = load(name)
    bases = [
        played(game, game.player_counts[-1], seed=3, actions=30).to_data(),
        played(game, game.player_counts[0], seed=4, actions=None).to_data(),
    ]
    running = played(game, game.player_counts[0], seed=5, actions=12)
    before = running.to_json()

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def check(data):
        text = data.draw(mutated(data.draw(st.sampled_from(bases))))
        with no_hang(SECONDS):
            try:
                state = game.state_from_json(text, verify=data.draw(st.booleans()))
            except InvalidData as exc:
                assert exc.where, f"no place named for: {exc}"
                return
            try:
                use(state)
            except BoardcoreError:
                pass
        assert running.to_json() == before

    check()
