"""What the Omens cards do beyond their rows: each reacts to the moment an attack is
resolved (the game's ``AttackResolved``), and Santiago! asks one public question.

A card's reactions are called wherever the card is, so each first checks that the
attack is its own: the card that negated it, or the card it was made with.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
from boardcore import Match, grid
from boardcore_aztec_skirmish import AttackResolved, AztecCard, damage, label


class SmokingMirror(boardcore.Effect):
    """A Defense card that turns the attack back: when it negates an attack, the unit
    that made it loses 1 Hit (a Cannon too). The game checks the Leaders right after."""

    @boardcore.reacts_to(AttackResolved)
    def reflect(self, m: Match, card: AztecCard, event: AttackResolved) -> None:
        if event.negated_by == card.id:
            damage(m, (event.attack.unit,))


class Santiago(boardcore.Effect):
    """A Horseman's range-1 attack; when it kills its target, the Horseman may ride on
    into the emptied square at once. That is a pursuit, not one of his moves."""

    @boardcore.reacts_to(AttackResolved)
    def pursue(self, m: Match, card: AztecCard, event: AttackResolved) -> None:
        attack = event.attack
        if attack.card == card.id and attack.victims[0] in event.killed:
            # If the kill ended the game, the game's Leader check right after this
            # moment finishes the match, and a finished match runs no triggered step.
            m.trigger(Pursuit(attack.seat, unit=attack.unit, square=attack.squares[0]))


@attrs.frozen
class Pursuit(boardcore.Choose):
    """Ride ``unit`` into ``square``, or pass. The board and the played card are public,
    so the options are public: with nothing to ride into, "pass" is taken unasked."""

    unit: str = attrs.field(kw_only=True)
    square: str = attrs.field(kw_only=True)
    can_pass = True
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        free = self.unit in m.pieces and grid.piece_at(m, self.square) is None
        return [(self.square, f"ride {label(m, self.unit)} into {self.square}")] if free else []

    def prompt(self, m: Match, player: int) -> str:
        return f"Santiago!: ride into {self.square}, or pass"

    def chosen(self, m: Match, player: int, item: str) -> None:
        grid.move(m, self.unit, item)


EFFECTS: dict[str, boardcore.Effect] = {"smoking-mirror": SmokingMirror(), "santiago": Santiago()}
