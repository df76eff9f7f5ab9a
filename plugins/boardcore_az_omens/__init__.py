"""Omens: an opt-in expansion for Aztec Skirmish that adds two cards to the shared deck.

Enable it per game loaded::

    game = boardcore.load_game("aztec-skirmish", plugins=["az-omens"])

or ``--plugins az-omens`` on the command line. The cards (``data/cards.toml``) are
rows of the game's own card table, shuffled into the deck with the game's 79:

* Smoking Mirror (Aztec Defense card): negates an attack like any Defense card,
  and then the unit that made the attack loses 1 Hit;
* Santiago! (Conquistador Attack card, range 1, Horsemen only): when its attack
  kills the target, the Horseman may ride into the emptied square.

Both react to a moment the game performs, an attack resolved (``AttackResolved``);
the game itself knows nothing of them. They arrive through the ``register_cards``
and ``register_effects`` hooks the game uses for its own cards. A card's reactions
are called wherever the card is, so each first checks that the attack is its own:
the card that negated it, or the card it was made with.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

import boardcore
from boardcore import Match, grid
from boardcore_aztec_skirmish import AttackResolved, AztecCard, damage, label

games = ("aztec-skirmish",)
"""The games this plugin can be used with."""


class SmokingMirror(boardcore.Effect):
    """A Defense card that turns the attack back: when it negates an attack, the unit
    that made it loses 1 Hit (a Cannon too; a unit killed is a ``UnitKilled`` moment).
    The game checks the Leaders right after the attack is resolved."""

    @boardcore.reacts_to(AttackResolved)
    def reflect(self, m: Match, card: AztecCard, resolved: AttackResolved) -> None:
        if resolved.negated_by == card.id:
            damage(m, (resolved.attack.unit,))


class Santiago(boardcore.Effect):
    """A Horseman's range-1 attack; when it kills its target, the Horseman may ride on
    into the emptied square at once. That is a pursuit, not one of his moves."""

    @boardcore.reacts_to(AttackResolved)
    def pursue(self, m: Match, card: AztecCard, resolved: AttackResolved) -> None:
        attack = resolved.attack
        if attack.card == card.id and attack.victims[0] in resolved.killed:
            # If the kill ended the game, the game's Leader check right after this
            # moment finishes the match, and a finished match runs no triggered step.
            m.trigger(Pursuit(attack.seat, unit=attack.unit, square=attack.squares[0]))


@attrs.frozen
class Pursuit(boardcore.steps.Choose):
    """Ride ``unit`` into ``square``, or pass. The board and the played card are public,
    so the options are public: with nothing to ride into, "pass" is taken unasked. The
    step holds a piece and a square, never a card, so a re-deal can ask it again."""

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
        grid.move(m, self.unit, item)  # not a UnitMoved moment: a pursuit uses no move


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return boardcore.loaders.load_cards(__name__, "data/cards.toml", AztecCard) if game in games else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, boardcore.Effect]:
    return {"smoking-mirror": SmokingMirror(), "santiago": Santiago()} if game in games else {}
