"""Phase 3, Attack: AZ-D07 (the menu), AZ-D08 (the Defense window), damage and the end.

An attack is declared in two questions (the card, then "Soldier c5 attacks Warrior
c4" or "Cannon d7 fires S at d6, d5, e5, c5"); the card is discarded, the unit is
marked as having attacked, and the opponent may negate the attack with one Defense
card (AZ-R25). Otherwise each unit hit loses 1 Hit and units at 0 Hits are removed
(AZ-R28). The Leaders are checked at once (AZ-R29).

Events for plugins: :class:`AttackDeclared`, :class:`UnitKilled` and
:class:`AttackResolved` (negated or not, before the Leaders are checked).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

import boardcore
from boardcore import Action, Match, Pick, Result, Target, pick
from boardcore.grid import Direction, occupancy, square_of

from .board import ATTACKED, DISCARD, HAND, HITS, hits_lost, label, leader_alive, side_of, spec_of
from .cards import CARDS, CONSTANTS, AztecCard, CardType, Side, usable_by
from .orders import shot_squares, shots, strikes
from .plays import Menu, distinct

LEADER_KILLED = "killed the enemy Leader"
BOTH_LEADERS = "both Leaders fell: the attacking side wins"
LIMIT_WIN = "turn limit: fewer Hits lost"
LIMIT_DRAW = "turn limit: equal Hits lost"
ENDINGS = (LEADER_KILLED, BOTH_LEADERS, LIMIT_WIN, LIMIT_DRAW)
NAMES = {card.id: card.name for card in CARDS}


@attrs.frozen
class Attack:
    """One declared attack: ``seat``'s ``unit`` plays ``card`` at ``squares`` (the
    target's square, or every square of a cannon shot); ``victims`` are the units there."""

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
class AttackDeclared(boardcore.Event):
    """An attack was declared; the Defense window comes next."""

    attack: Attack

    def __str__(self) -> str:
        return f"{self.attack} attacks {self.attack.aim()} with {NAMES.get(self.attack.card, self.attack.card)}"


@attrs.frozen
class UnitKilled(boardcore.Event):
    """A unit reached 0 Hits and left the board (AZ-R28); ``unit`` is its kind."""

    piece: str
    unit: str
    owner: int
    square: str | None

    def __str__(self) -> str:
        return f"seat {self.owner}'s {self.piece} is killed" + (f" on {self.square}" if self.square else "")


@attrs.frozen
class AttackResolved(boardcore.Event):
    """An attack is over: the Defense card ``negated_by`` negated it (AZ-R25), or each
    victim lost 1 Hit and ``killed`` were removed. Recorded before the Leaders are
    checked, so damage a reaction deals counts in the same check."""

    attack: Attack
    negated_by: str | None
    killed: tuple[str, ...]

    def __str__(self) -> str:
        if self.negated_by:
            return f"{NAMES.get(self.negated_by, self.negated_by)} negates the attack of {self.attack}"
        return f"{self.attack} hits {self.attack.aim()}" + (f", killing {', '.join(self.killed)}" if self.killed else "")


@attrs.frozen
class AttackMenu(Menu):
    """AZ-D07: an attack card with a legal target or a cannon card with a legal shot,
    then its use; the Draw-2 card; or done (which ends the turn)."""

    name = "attack"
    kinds = (CardType.ATTACK, CardType.CANNON)

    def uses(self, m: Match, player: int, card: AztecCard) -> Iterator[tuple[Target, str]]:
        if card.type is CardType.CANNON:
            for cannon, way, squares in shots(m, player, card):
                yield f"{cannon} {way.name}", f"{label(m, cannon)} fires {way.name} at {', '.join(squares)}"
            return
        for unit, target in strikes(m, player, card):
            yield f"{unit} {target}", f"{label(m, unit)} attacks {label(m, target)}"

    def use(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        unit, aim = target.split()
        if card.shot is None:
            squares: tuple[str, ...] = (square_of(m, aim),)
        else:  # a cannon hits every unit in its squares, friend or foe (AZ-R24)
            squares = shot_squares(card.shot, square_of(m, unit), Direction[aim])
        taken = occupancy(m)
        attack = Attack(player, card.id, unit, squares, tuple(taken[s] for s in squares if s in taken))
        m.mark(ATTACKED, unit)
        m.emit(AttackDeclared(attack))
        m.schedule(Defense(attack))


def is_defense(card: AztecCard, side: Side) -> bool:
    return card.type is CardType.DEFENSE and usable_by(card, side)


@attrs.frozen
class Defense(boardcore.Window):
    """AZ-D08: the attacked side may negate the whole attack with one of its Defense
    cards, or pass. Which cards he holds is his secret, so he is asked whenever he could
    hold one as far as the attacker can tell: his hand is not empty, and not every
    Defense card of his side lies face up in the discard pile."""

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
            self.outcome(m, action.item)

    def closed(self, m: Match) -> None:
        self.outcome(m, None)

    def outcome(self, m: Match, negated_by: str | None) -> None:
        killed = () if negated_by else damage(m, self.attack.victims)
        m.emit(AttackResolved(self.attack, negated_by, killed))
        end_now(m)


def damage(m: Match, victims: Sequence[str]) -> tuple[str, ...]:
    """Each victim still on the board, friend or foe, loses 1 Hit; at 0 it is removed
    (AZ-R24, AZ-R28). Returns the units killed. Call :func:`end_now` afterwards."""
    killed = []
    for piece in victims:
        if piece in m.pieces and m.add(HITS, -1, piece) == 0:
            unit = m.remove_piece(piece)
            m.emit(UnitKilled(piece, unit.kind, unit.owner, unit.square))
            killed.append(piece)
    return tuple(killed)


def scores(m: Match) -> tuple[int, ...]:
    """Hits lost by each seat (lower is better)."""
    return tuple(hits_lost(m, seat) for seat in range(m.players))


def end_if(m: Match) -> Result | None:
    """AZ-R29: a side whose Leader is gone loses, friendly fire or not; if both Leaders
    fell to one attack, the side that made it (the active side) wins."""
    fallen = [seat for seat in range(m.players) if not leader_alive(m, seat)]
    if len(fallen) == 2:
        return Result((m.active,), BOTH_LEADERS, scores(m))
    return Result((1 - fallen[0],), LEADER_KILLED, scores(m)) if fallen else None


def end_now(m: Match) -> None:
    """AZ-R29: after each attack, the game ends immediately if a Leader has fallen."""
    m.check_end()


def at_limit(m: Match) -> Result:
    """After turn 100: fewer Hits lost wins; equal losses are a draw of both (AZ-R30)."""
    lost = scores(m)
    if lost[0] == lost[1]:
        return Result((0, 1), LIMIT_DRAW, lost)
    return Result((0 if lost[0] < lost[1] else 1,), LIMIT_WIN, lost)


def standing(m: Match) -> tuple[int, ...]:
    """Each side's remaining Hits, its Leader's counted ``leader_worth`` times over,
    for search bots judging a match in progress (the game's ``search_scores``).
    The Hits lost that decide turn 100 weigh a Warrior like a Leader; the match is
    lost with the Leader (AZ-R29)."""
    return tuple(
        sum(m.count(HITS, piece) * (CONSTANTS.leader_worth if spec_of(m, piece).leader else 1) for piece in m.pieces_of(seat))
        for seat in range(m.players)
    )
