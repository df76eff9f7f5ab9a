"""Helpers for scripting Invasions of the Horse People rules tests through the public API."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import boardcore
from boardcore.testing import arranged
from boardcore_horse_people import DRAW, LOOT, HorseTable, Reckoning, card_id, hand

GAME = boardcore.load_game("invasions-of-the-horse-people")

ROWS = {card.name: card.row for card in GAME.cards.values()}


def cid(name: str, value: int | None = None) -> str:
    """The id of the card printed ``name`` with ``value`` (no value for a Tribe)."""
    return card_id(ROWS[name], value)


def crowned_before(khan: int, players: int, turn: int) -> Reckoning:
    """A plausible record of the Invasion that made ``khan`` Khan in ``turn``."""
    return Reckoning(
        turn=turn,
        khan=None,
        loot=0,
        conquest=0,
        gain=0,
        weakness=0,
        deposed=False,
        strengths=(0,) * players,
        candidates=(khan,),
        contested=True,
        crowned=khan,
    )


def deal(
    hands: Sequence[Sequence[str]],
    *,
    khan: int | None = None,
    loot: Sequence[int] = (),
    turn: int = 1,
    seed: int = 0,
) -> boardcore.State:
    """A match at the start of turn ``turn`` whose Migration deal gives seat ``s``
    exactly ``hands[s]`` (card ids), with the given Khan and Loot. It waits for the
    Migration exchange."""
    players = len(hands)
    top = [card for cards in hands for card in cards]

    def before(state: boardcore.State) -> None:
        m = state.match
        m.turn = turn - 1
        last = None if khan is None else crowned_before(khan, players, turn - 1)
        m.table = HorseTable(khan=khan, last=last)
        for seat, points in enumerate(loot):
            m.set_count(LOOT, points, seat)

    return arranged(GAME, players, seed, top={DRAW: top}, before=before)


def asked(state: boardcore.State, seat: int) -> boardcore.Decision | None:
    found = [d for d in state.pending if d.player == seat]
    return found[0] if found else None


def items(state: boardcore.State, seat: int) -> list[str]:
    """The card ids ``seat`` may pick now (not "done")."""
    decision = asked(state, seat)
    assert decision is not None, f"seat {seat} is not being asked"
    return [o.item for o in decision.options if isinstance(o, boardcore.Pick)]


def can_finish(state: boardcore.State, seat: int) -> bool:
    decision = asked(state, seat)
    assert decision is not None, f"seat {seat} is not being asked"
    return boardcore.DONE in decision.options


def choose(state: boardcore.State, seat: int, cards: Sequence[str] = ()) -> None:
    """Pick ``cards`` (ids) one at a time, then "done" unless the engine already
    finished the choice because "done" was the only option left."""
    for card in cards:
        decision = asked(state, seat)
        assert decision is not None, f"seat {seat} is not being asked (wanted {card})"
        offered = [o for o in decision.options if isinstance(o, boardcore.Pick) and o.item == card]
        assert offered, f"{card} not among {[str(o) for o in decision.options]}"
        state.apply(seat, offered[0])
    if asked(state, seat) is not None:
        state.apply(seat, boardcore.DONE)


def no_exchanges(state: boardcore.State) -> None:
    """Every seat keeps its dealt hand."""
    for seat in range(state.players):
        choose(state, seat)


def held(state: boardcore.State, seat: int) -> list[str]:
    return list(state.match.cards(hand(seat)))


def table(state: boardcore.State) -> HorseTable:
    return state.match.table


def events(state: boardcore.State, kind: type) -> list:
    return [e for e in state.events if isinstance(e, kind)]


def with_table(state: boardcore.State, **changes: object) -> None:
    m = state.match
    m.table = attrs.evolve(m.table, **changes)
