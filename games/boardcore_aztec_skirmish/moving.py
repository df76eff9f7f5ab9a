"""Phase 2, Move: AZ-D05 (the menu) and AZ-D06 (a group forward move), AZ-R09 to AZ-R16."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

import boardcore
from boardcore import Match, Target, grid

from .board import MOVED, label
from .cards import AztecCard, CardType
from .orders import group_candidates, single_moves
from .plays import Menu

GROUP, FINISH = "group", "finish"


def move_unit(m: Match, piece: str, square: str) -> None:
    """Move ``piece`` to ``square`` (its path was checked) and count the move."""
    grid.move(m, piece, square)
    m.mark(MOVED, piece)


@attrs.frozen
class MoveMenu(Menu):
    """AZ-D05: a Move card, then its use: one unit exactly N squares in one of the 8
    directions ("move Warrior d4->d6"), or a group move forward; the Draw-2 card; done."""

    name = "move"
    kinds = (CardType.MOVE,)

    def uses(self, m: Match, player: int, card: AztecCard) -> Iterator[tuple[Target, str]]:
        for piece, to in single_moves(m, player, card):
            yield f"{piece} {to}", f"move {label(m, piece)}->{to}"
        if next(group_candidates(m, player, card, ()), None):
            yield GROUP, "group move forward"

    def use(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        if target == GROUP:
            m.schedule(GroupMove(player, card=card.id))
        else:
            move_unit(m, *target.split())


@attrs.frozen
class GroupMove(boardcore.Choose):
    """AZ-D06: add units one at a time, each moving at once, and finish once one has
    moved (AZ-R12). The card is already discarded and the board and marks are public,
    so the options are public: a lone one is taken without asking."""

    card: str = attrs.field(kw_only=True)
    added: tuple[str, ...] = ()
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        units = group_candidates(m, player, m.card(self.card), self.added)
        found = [(f"{piece} {square}", f"move {label(m, piece)}->{square} (group)") for piece, square in units]
        return found + [(FINISH, "finish the group move")] if self.added else found

    def prompt(self, m: Match, player: int) -> str:
        return f"{m.card(self.card).name} group move: add a unit, or finish"

    def chosen(self, m: Match, player: int, item: str) -> None:
        if item != FINISH:
            piece, square = item.split()
            move_unit(m, piece, square)
            m.schedule(attrs.evolve(self, added=self.added + (piece,)))
