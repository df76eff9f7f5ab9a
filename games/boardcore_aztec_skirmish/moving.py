"""Phase 2, Move: AZ-D05 (the menu) and AZ-D06 (a group forward move), AZ-R09 to AZ-R16.

The menu offers END_MOVE, each Move card once per way it can be played (alone or
as a group move) when that way has a legal use, and the side's Draw-2 card. A
card chosen for a single move is followed by a second question: which unit, in
which direction.
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Action, Match, grid
from boardcore.grid import Direction, Square, occupancy

from .actions import END_MOVE, FINISH, AddUnit, EndPhase, MoveUnit, PlayCard, Use
from .board import DISCARD, card, forward, hand, label, side_of, square_of, table
from .cards import CardType
from .fate import play_special
from .orders import group_candidates, playable, single_moves, specials


class MovePhase(boardcore.Phase):
    name = "move"

    def begin(self, m: Match) -> None:
        assert m.active is not None
        MoveMenu(m.active).run(m)


def move_unit(m: Match, piece: str, direction: Direction, n: int) -> None:
    """Move ``piece`` exactly ``n`` squares (the path was checked) and count the move."""
    start = square_of(m, piece)
    grid.move(m, piece, Square(start.x + direction.dx * n, start.y + direction.dy * n))
    t = table(m)
    m.table = attrs.evolve(t, moved=t.moved + (piece,))


@attrs.frozen
class MoveMenu(boardcore.Step):
    """AZ-D05."""

    player: int

    def run(self, m: Match) -> None:
        seat = self.player
        options: list[Action] = [END_MOVE]
        taken = occupancy(m)
        # Copies of a card share their uses; work each name out once.
        uses: dict[str, tuple[bool, bool]] = {}
        for cid in m.cards(hand(seat)):
            c = card(m, cid)
            if c.type is CardType.MOVE and playable(m, seat, cid):
                if c.name not in uses:
                    single = next(single_moves(m, seat, c, taken), None) is not None
                    group = next(group_candidates(m, seat, c, ()), None) is not None
                    uses[c.name] = (single, group)
                single, group = uses[c.name]
                if single:
                    options.append(PlayCard(cid, Use.MOVE, f"play {c.label}: move one unit"))
                if group:
                    options.append(PlayCard(cid, Use.GROUP, f"play {c.label}: group move forward"))
        for cid in specials(m, seat):
            options.append(PlayCard(cid, Use.DRAW2, f"play {card(m, cid).label}"))
        m.ask(seat, options, "Move Phase: play a card, or end the Move Phase", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, EndPhase):
            return
        assert isinstance(action, PlayCard)
        if action.use is Use.MOVE:
            ChooseMove(player, action.card).run(m)
        elif action.use is Use.GROUP:
            # The card is played (discarded) as the group move is declared.
            m.move((action.card,), hand(player), DISCARD)
            GroupMove(player, action.card).run(m)
        else:
            play_special(m, player, action.card)
            self.run(m)


@attrs.frozen
class ChooseMove(boardcore.Step):
    """MOVE(card, unit, direction): which unit goes where with the chosen card."""

    player: int
    card: str

    def run(self, m: Match) -> None:
        if self.card not in m.cards(hand(self.player)):
            # Only after State.determinize re-dealt the hand: ask the menu again.
            MoveMenu(self.player).run(m)
            return
        c = card(m, self.card)
        options = [
            MoveUnit(piece, direction.name, f"move {label(m, piece)}->{dest}")
            for piece, direction, dest in single_moves(m, self.player, c)
        ]
        m.ask(self.player, options, f"{c.name}: choose the unit and the direction (exactly {c.range})", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        assert isinstance(action, MoveUnit)
        m.move((self.card,), hand(player), DISCARD)
        move_unit(m, action.unit, Direction[action.direction], card(m, self.card).range or 0)
        MoveMenu(player).run(m)


@attrs.frozen
class GroupMove(boardcore.Step):
    """AZ-D06: add units one at a time, each moving at once; FINISH once one has moved."""

    player: int
    card: str
    added: tuple[str, ...] = ()

    def run(self, m: Match) -> None:
        c = card(m, self.card)
        options: list[Action] = [
            AddUnit(piece, f"move {label(m, piece)}->{dest} (group)")
            for piece, dest in group_candidates(m, self.player, c, self.added)
        ]
        if self.added:
            options.append(FINISH)
        m.ask(self.player, options, f"{c.name} group move: add a unit, or finish", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, AddUnit):
            move_unit(m, action.unit, forward(side_of(m, player)), card(m, self.card).range or 0)
            attrs.evolve(self, added=self.added + (action.unit,)).run(m)
        else:
            MoveMenu(player).run(m)


STEPS = (MoveMenu, ChooseMove, GroupMove)
