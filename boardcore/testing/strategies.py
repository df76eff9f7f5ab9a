"""Hypothesis strategies for game authors: seeds and legal action sequences."""

from __future__ import annotations

from importlib import resources
from typing import Any

import attrs
from hypothesis import strategies as st

from .. import Game, State
from ..actions import Action


@attrs.frozen
class Playthrough:
    """A legal sequence of actions from a new match, and the state it leads to."""

    seed: int
    players: int
    history: tuple[tuple[int, Action], ...]
    state: State = attrs.field(eq=False, repr=False)


def seeds() -> st.SearchStrategy[int]:
    """Match seeds."""
    return st.integers(min_value=0, max_value=2**31 - 1)


def playthroughs(
    game: Game, players: int | None = None, max_actions: int = 400, options: dict[str, Any] | None = None
) -> st.SearchStrategy[Playthrough]:
    """Legal action sequences of ``game`` (set up with ``options``): each step picks a
    pending decision and one of its options, until the game ends or ``max_actions``
    actions."""
    setup = dict(options or {})

    @st.composite
    def build(draw: Any) -> Playthrough:
        n = players if players is not None else draw(st.sampled_from(tuple(game.player_counts)))
        seed = draw(seeds())
        state = game.new_state(players=n, seed=seed, **setup)
        while not state.is_over and len(state.match.history) < max_actions:
            pending = state.pending
            decision = pending[draw(st.integers(0, len(pending) - 1))] if len(pending) > 1 else pending[0]
            action = decision.options[draw(st.integers(0, len(decision.options) - 1))]
            state.apply(decision.player, action)
        return Playthrough(seed, n, state.history, state)

    return build()


_JUNK_VALUES = (
    b'"7"', b"7.9", b"true", b"1e30", b"-5", b"0", b"99999999999999999999999999999999", b"-9223372036854775808",
    b"nan", b"inf", b"[]", b"{}", b'[1, "a"]', b'"\xe9"', b'""', b"[[[[[[[[[[]]]]]]]]]]",
)


def data_file_edits(package: str, resource: str) -> st.SearchStrategy[tuple[bytes, bytes]]:
    """Edits of data file ``resource`` of ``package``, as ``(old, new)`` byte strings
    for :func:`boardcore.testing.copy_data`: a value replaced by one of the wrong
    type, out of range, huge, not UTF-8 or deeply nested; a line deleted,
    doubled, or replaced by random text; a key renamed; the file cut short.

    A game's loaders must load every such copy or refuse it with ``InvalidData``
    (docs/testing.md, "Data files")."""
    text = resources.files(package).joinpath(resource).read_bytes()
    lines = [line for line in text.split(b"\n") if line.strip()]

    @st.composite
    def edit(draw: Any) -> tuple[bytes, bytes]:
        line = draw(st.sampled_from(lines))
        how = draw(st.sampled_from(["value", "value", "delete", "double", "random", "key", "cut"]))
        key, equals, _ = line.partition(b"=")
        if how == "value" and equals:
            return line, key + b"= " + draw(st.sampled_from(_JUNK_VALUES))
        if how == "key" and equals:
            return line, key.strip() + b"_x " + equals + line.partition(b"=")[2]
        if how == "double":
            return line, line + b"\n" + line
        if how == "random":
            return line, draw(st.binary(max_size=24)).replace(b"\n", b" ")
        if how == "cut":
            at = text.index(line)
            return text[at:], text[at : at + draw(st.integers(0, len(line)))]
        return line, b""

    return edit()
