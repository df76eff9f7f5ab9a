"""Phase 2, Move: AZ-D05 (the menu) and AZ-D06 (a group forward move), AZ-R09 to AZ-R16."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

import boardcore
from boardcore import Match, Target, grid

from .board import MOVED, label
from .cards import AztecCard, CardUse
from .orders import group_candidates, single_moves
from .plays import Menu

GROUP, FINISH = "group", "finish"


@attrs.frozen
class UnitMoved(boardcore.Moment):
    """``player``'s ``unit`` moves from ``start`` to ``square`` on the orders of the
    Move card ``card`` (``group``: as part of a group move), its path checked
    (AZ-R10 to AZ-R12). As it happens it uses one of the unit's moves this turn
    (AZ-R09, AZ-R13); a move cancelled or replaced uses none."""

    quiet = True  # logged only when something reacts: the pieces' own events tell the move
    player: int
    unit: str
    start: str
    square: str
    card: str
    group: bool = False

    def happen(self, m: Match) -> None:
        grid.move(m, self.unit, self.square)
        m.mark(MOVED, self.unit)

    def __str__(self) -> str:
        return ""  # the table reads the move from the order chosen


def move_unit(m: Match, player: int, card: AztecCard, order: str, group: bool = False) -> None:
    """Perform the move ``order`` ("<unit> <square>") of ``card``."""
    unit, square = order.split()
    m.perform(UnitMoved(player, unit, grid.square_of(m, unit), square, card.id, group))


@attrs.frozen
class MoveMenu(Menu):
    """AZ-D05: a Move card, then its order: one unit exactly N squares in one of the 8
    directions ("move Warrior d4->d6"), or a group move forward; the Draw-2 card; done."""

    name = "move"
    accepts = (CardUse.MOVE,)

    def orders(self, m: Match, player: int, card: AztecCard) -> Iterator[tuple[Target, str]]:
        for piece, to in single_moves(m, player, card):
            yield f"{piece} {to}", f"move {label(m, piece)}->{to}"
        if next(group_candidates(m, player, card, ()), None):
            yield GROUP, "group move forward"

    def give(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        if target == GROUP:
            m.schedule(GroupMove(player, card=card.id))
        else:
            move_unit(m, player, card, target)


@attrs.frozen
class GroupMove(boardcore.Choose):
    """AZ-D06: add units one at a time, each moving at once, and finish once one has
    moved (AZ-R12). The card is already discarded and the board and marks are public,
    so the options are public: a lone one is taken without asking. The step keeps
    only public things (the card in the discard pile, pieces), so a re-deal of the
    hands can ask it again."""

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
            m.schedule(attrs.evolve(self, added=self.added + (item.split()[0],)))
            move_unit(m, player, m.card(self.card), item, group=True)
