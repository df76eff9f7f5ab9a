"""Helpers for scripting Invasions of the Horse People rules tests through the public API.

The generic ones (``choose`` by option text, ``options``, ``decision``,
``events``, ``set_table``, ``arranged``) come from ``boardcore.testing``; these
add what is particular to this game: card ids by printed name and value, hands
dealt to order, and picking cards by id.
"""

from __future__ import annotations

from collections.abc import Sequence

import boardcore
from boardcore.testing import arranged, decision, set_count, set_table
from boardcore_horse_people import DRAW, HAND, LOOT, HorseTable, Reckoning, card_id

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
    then: Sequence[Sequence[Sequence[str]]] = (),
    game: boardcore.Game = GAME,
) -> boardcore.State:
    """A match at the start of turn ``turn`` whose Migration deal gives seat ``s``
    exactly ``hands[s]`` (card ids), with the given Khan and Loot. It waits for the
    Migration exchange. ``then`` lists the hands of the following turns' deals
    (assuming nobody exchanges cards)."""
    players = len(hands)
    top = [card for deal in (hands, *then) for cards in deal for card in cards]

    def before(state: boardcore.State) -> None:
        state.match.turn = turn - 1
        last = None if khan is None else crowned_before(khan, players, turn - 1)
        set_table(state, khan=khan, last=last)
        for seat, points in enumerate(loot):
            set_count(state, LOOT, points, seat)

    return arranged(game, players, seed, top={DRAW: top}, before=before)


def asked(state: boardcore.State) -> list[int]:
    """The seats being asked now, in seat order."""
    return sorted(d.player for d in state.pending)


def items(state: boardcore.State, seat: int) -> list[str]:
    """The card ids ``seat`` may pick now (not "done")."""
    return [o.item for o in decision(state, seat).options if isinstance(o, boardcore.Pick)]


def can_finish(state: boardcore.State, seat: int) -> bool:
    return boardcore.DONE in decision(state, seat).options


def pick(state: boardcore.State, seat: int, cards: Sequence[str]) -> None:
    """Pick ``cards`` (ids) one at a time without finishing the choice."""
    for card in cards:
        offered = [o for o in decision(state, seat).options if isinstance(o, boardcore.Pick) and o.item == card]
        assert offered, f"{card} not among {[str(o) for o in decision(state, seat).options]}"
        state.apply(seat, offered[0])


def play(state: boardcore.State, seat: int, cards: Sequence[str] = ()) -> None:
    """Pick ``cards`` (ids) one at a time, then "done".

    "Done" is always asked, even when it is the only option left: whether a player
    has a choice depends on his hidden hand, so answering for him would tell the
    others about it.
    """
    pick(state, seat, cards)
    state.apply(seat, boardcore.DONE)


def no_exchanges(state: boardcore.State) -> None:
    """Every seat keeps its dealt hand."""
    for seat in range(state.players):
        play(state, seat)


def held(state: boardcore.State, seat: int) -> list[str]:
    return list(state.match.cards(HAND[seat]))


def table(state: boardcore.State) -> HorseTable:
    return state.match.table


def _ids_of(*names: str) -> list[str]:
    return sorted(c.id for c in GAME.cards.values() if c.name in names)


NOMAD_FILLER = _ids_of("Europe", "Middle East", "China", "Plunder", "Pillage", "Rape")
"""Cards a Nomad can never play (HP-R20)."""
KHAN_FILLER = _ids_of("Assimilation", "Succession", "Resistance")
"""Cards a Khan can never play as Tribute (HP-R20)."""


def hands_of(*specs: Sequence[str], khan: int | None = None, avoid: Sequence[Sequence[str]] = ()) -> list[list[str]]:
    """Seven-card hands: each seat's listed cards, padded with cards that seat
    cannot play this turn (Conquest and Loot for a Nomad, Weakness for the Khan)
    and not used in the hands of ``avoid``."""
    used = {card for spec in (*specs, *avoid) for card in spec}
    hands = []
    for seat, spec in enumerate(specs):
        pool = KHAN_FILLER if seat == khan else NOMAD_FILLER
        extra = [card for card in pool if card not in used][: 7 - len(spec)]
        used.update(extra)
        hands.append([*spec, *extra])
    return hands
