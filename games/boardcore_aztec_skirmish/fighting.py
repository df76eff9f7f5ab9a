"""Phase 3, Attack: AZ-D07 (the menu), AZ-D08 (the Defense window) and the damage.

An attack is declared in two questions (the card, then "Soldier c5 attacks Warrior
c4" or "Cannon d7 fires S at d6, d5, e5, c5"); the card is discarded. Then the
rules read like the rulebook's paragraph, as three moments and one procedure:

1. :class:`AttackDeclared`: the unit has attacked (AZ-R17), and :class:`Combat`
   follows: the opponent may negate the whole attack with one Defense card
   (AZ-R25), then
2. :class:`AttackResolved`: unless negated, each unit hit loses 1 Hit (AZ-R28),
   and each that loses its last Hit is
3. :class:`UnitKilled`: removed from the board. The Leaders are then checked at
   once (AZ-R29).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

import boardcore
from boardcore import Action, Match, Pick, Target, pick
from boardcore.grid import Direction, occupancy, square_of

from .board import ATTACKED, DISCARD, HAND, HITS, label, side_of
from .cards import CARDS, AztecCard, CardUse, Side, usable_by
from .ending import end_now
from .orders import attacks, shot_squares
from .plays import Menu, distinct

NAMES = {card.id: card.name for card in CARDS}


@attrs.frozen
class Attack:
    """One attack: ``seat``'s ``unit`` plays ``card`` at ``squares`` (the target's
    square, or every square of a cannon shot); ``victims`` are the units there."""

    seat: int
    card: str
    unit: str
    squares: tuple[str, ...]
    victims: tuple[str, ...]

    def __str__(self) -> str:
        """``"seat 0's warrior-6"``: the attacker, as the events' sentences name it."""
        return f"seat {self.seat}'s {self.unit}"

    def aim(self) -> str:
        return f"{', '.join(self.victims)} on {', '.join(self.squares)}"


@attrs.frozen
class AttackDeclared(boardcore.Moment):
    """An ``attack`` is declared, its card already discarded. As it happens the unit
    has attacked this turn (AZ-R17) and the rest of the attack follows
    (:class:`Combat`: the Defense window, the damage, the Leader check). Replaced or
    cancelled, none of that happens: the card stays spent and the unit has not attacked.

    Performed as a step (``asks``), so a card may replace it at its holder's choice."""

    attack: Attack
    asks = True

    def happen(self, m: Match) -> None:
        m.mark(ATTACKED, self.attack.unit)
        m.schedule(Combat(self.attack))

    def __str__(self) -> str:
        return f"{self.attack} attacks {self.attack.aim()} with {NAMES.get(self.attack.card, self.attack.card)}"


@attrs.frozen
class UnitKilled(boardcore.Moment):
    """A unit loses its last Hits and leaves the board (AZ-R28); ``unit`` is its kind.
    Cancelled or replaced, the unit stays with the Hits it had."""

    piece: str
    unit: str
    owner: int
    square: str | None

    def happen(self, m: Match) -> None:
        m.set_count(HITS, 0, self.piece)
        m.remove_piece(self.piece)

    def __str__(self) -> str:
        return f"seat {self.owner}'s {self.piece} is killed" + (f" on {self.square}" if self.square else "")


def damage(m: Match, victims: Sequence[str], hits: int = 1) -> tuple[str, ...]:
    """Each victim still on the board, friend or foe, loses ``hits`` Hits (AZ-R24,
    AZ-R28); one that would lose its last is killed (:class:`UnitKilled`). Returns the
    units killed. Call :func:`end_now` afterwards (a resolved attack does)."""
    killed = []
    for piece in (p for p in victims if p in m.pieces):  # read as it goes: a reaction may remove one
        unit = m.pieces[piece]
        if m.count(HITS, piece) > hits:
            m.add(HITS, -hits, piece)
        elif m.perform(UnitKilled(piece, unit.kind, unit.owner, unit.square)):
            killed.append(piece)
    return tuple(killed)


@attrs.frozen
class AttackResolved(boardcore.Moment):
    """An ``attack`` is over: the Defense card ``negated_by`` negated it (AZ-R25), or
    each victim loses ``hits`` Hits (AZ-R28) and ``killed`` (as it happened) are
    removed. Recorded before the Leaders are checked, so damage a reaction deals
    counts in the same check."""

    attack: Attack
    negated_by: str | None
    killed: tuple[str, ...] = ()
    hits: int = 1

    def happen(self, m: Match) -> AttackResolved | None:
        if self.negated_by is not None:
            return None
        return attrs.evolve(self, killed=damage(m, self.attack.victims, self.hits))

    def __str__(self) -> str:
        if self.negated_by:
            return f"{NAMES.get(self.negated_by, self.negated_by)} negates the attack of {self.attack}"
        return f"{self.attack} hits {self.attack.aim()}" + (f", killing {', '.join(self.killed)}" if self.killed else "")


@attrs.frozen
class Combat(boardcore.Procedure):
    """What follows a declared attack: the Defense window (AZ-D08), then the attack
    resolved, negated or not, then the Leaders (AZ-R29: the game ends at once)."""

    stages = ("defend", "outcome")
    attack: Attack
    negated_by: str | None = None
    """The Defense card played, handed on by the window."""

    def defend(self, m: Match) -> None:
        m.schedule(Defense(self.attack))

    def outcome(self, m: Match) -> None:
        m.perform(AttackResolved(self.attack, self.negated_by))
        end_now(m)


def is_defense(card: AztecCard, side: Side) -> bool:
    """A card ``side`` may play to negate an attack: any type whose use is to negate."""
    return card.use is CardUse.NEGATE and usable_by(card, side)


@attrs.frozen
class Defense(boardcore.Window):
    """AZ-D08: the attacked side may negate the whole attack with one of its Defense
    cards, or pass. Which cards he holds is his secret, so he is asked whenever he could
    hold one as far as the attacker can tell: his hand is not empty, and not every
    Defense card of his side lies face up in the discard pile. The window keeps only
    the attack, whose card is face up: a re-deal of the hands can ask it again."""

    attack: Attack

    def responders(self, m: Match) -> Sequence[int]:
        return (1 - self.attack.seat,)

    def may_react(self, m: Match, player: int) -> bool:
        side, gone = side_of(m, player), set(m.cards(DISCARD))
        return bool(m.cards(HAND[player])) and any(is_defense(m.card(c), side) for c in m.rules.cards if c not in gone)

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        side = side_of(m, player)
        found = [c for c in distinct(m, HAND[player]) if is_defense(m.card(c), side)]
        return [pick(c, f"play {m.card(c).label}: negate the attack") for c in found]

    def prompt(self, m: Match, player: int) -> str:
        return f"Defense: negate the {m.card(self.attack.card).name} attack, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Pick):
            m.move((action.item,), HAND[player], DISCARD)
            Combat.update(m, negated_by=action.item)


@attrs.frozen
class AttackMenu(Menu):
    """AZ-D07: an attack card with a legal target or a cannon card with a legal shot,
    then its order; the Draw-2 card; or done (which ends the turn)."""

    name = "attack"
    accepts = (CardUse.STRIKE, CardUse.SHOT)

    def orders(self, m: Match, player: int, card: AztecCard) -> Iterator[tuple[Target, str]]:
        for unit, aim, squares in attacks(m, player, card):
            if card.shot is None:
                yield f"{unit} {aim}", f"{label(m, unit)} attacks {label(m, aim)}"
            else:
                yield f"{unit} {aim}", f"{label(m, unit)} fires {aim} at {', '.join(squares)}"

    def give(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        unit, aim = target.split()
        if card.shot is None:
            squares: tuple[str, ...] = (square_of(m, aim),)
        else:  # a cannon hits every unit in its squares, friend or foe (AZ-R24)
            squares = shot_squares(card.shot, square_of(m, unit), Direction[aim])
        taken = occupancy(m)
        attack = Attack(player, card.id, unit, squares, tuple(taken[s] for s in squares if s in taken))
        m.schedule(boardcore.Perform(AttackDeclared(attack)))
