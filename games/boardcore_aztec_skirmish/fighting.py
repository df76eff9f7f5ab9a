"""Phase 3, Attack: AZ-D07 (the menu), AZ-D08 (the Defense reaction), damage and victory.

An attack is declared in two questions (the card, then the unit and target or the
cannon and direction); the card is discarded, the attacker is marked as having
attacked, and a :class:`Defense` window lets the opponent negate it with one
Defense card (AZ-R25). If nobody negates it, each affected unit loses 1 Hit and
units at 0 Hits are removed (AZ-R28); then the Leaders are checked (AZ-R29).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import boardcore
from boardcore import Action, Match, pick

from .actions import END_TURN, EndPhase, Fire, PlayCard, Strike, Use
from .board import (
    DISCARD,
    HITS,
    card,
    hand,
    hits_lost,
    kind_of,
    label,
    leader_alive,
    opponent,
    square_of,
    table,
)
from .cards import CardType
from .fate import play_special
from .orders import defense_cards, playable, shot_squares, shots, specials, strikes

LEADER_KILLED = "killed the enemy Leader"
BOTH_LEADERS = "both Leaders fell: the attacking side wins"
LIMIT_WIN = "turn limit: fewer Hits lost"
LIMIT_DRAW = "turn limit: equal Hits lost"
ENDINGS = (LEADER_KILLED, BOTH_LEADERS, LIMIT_WIN, LIMIT_DRAW)


# -- events ----------------------------------------------------------------------------


@attrs.frozen
class AttackDeclared(boardcore.Event):
    """``seat`` attacked with ``card``; ``victims`` are the units it would hit."""

    seat: int
    card: str
    unit: str
    victims: tuple[str, ...]


@attrs.frozen
class AttackNegated(boardcore.Event):
    """The opponent played ``defense``: the attack does nothing (AZ-R25)."""

    seat: int
    defense: str


@attrs.frozen
class UnitKilled(boardcore.Event):
    """A unit reached 0 Hits and left the board (AZ-R28)."""

    piece: str
    unit: str
    owner: int
    square: str


# -- the menu --------------------------------------------------------------------------


class AttackPhase(boardcore.Phase):
    name = "attack"

    def begin(self, m: Match) -> None:
        assert m.active is not None
        AttackMenu(m.active).run(m)


@attrs.frozen
class AttackMenu(boardcore.Step):
    """AZ-D07: END_TURN, an attack card with a legal use, a cannon card with a legal
    shot, or the side's Draw-2 card."""

    player: int

    def run(self, m: Match) -> None:
        seat = self.player
        options: list[Action] = [END_TURN]
        known: dict[str, bool] = {}
        for cid in m.cards(hand(seat)):
            c = card(m, cid)
            if c.type not in (CardType.ATTACK, CardType.CANNON) or not playable(m, seat, cid):
                continue
            if c.name not in known:
                found = strikes(m, seat, c) if c.type is CardType.ATTACK else shots(m, seat, c)
                known[c.name] = next(iter(found), None) is not None
            if known[c.name]:
                if c.type is CardType.ATTACK:
                    options.append(PlayCard(cid, Use.ATTACK, f"play {c.label}: attack"))
                else:
                    options.append(PlayCard(cid, Use.SHOOT, f"play {c.label}: fire a cannon"))
        for cid in specials(m, seat):
            options.append(PlayCard(cid, Use.DRAW2, f"play {card(m, cid).label}"))
        m.ask(seat, options, "Attack Phase: play a card, or end the turn", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, EndPhase):
            return
        assert isinstance(action, PlayCard)
        if action.use is Use.ATTACK:
            ChooseStrike(player, action.card).run(m)
        elif action.use is Use.SHOOT:
            ChooseShot(player, action.card).run(m)
        else:
            play_special(m, player, action.card)
            self.run(m)


def declare(m: Match, seat: int, card_id: str, unit: str, victims: Sequence[str]) -> None:
    """Discard the attack card, mark the unit, and open the Defense window; the menu
    comes back afterwards unless the game has ended."""
    m.move((card_id,), hand(seat), DISCARD)
    t = table(m)
    m.table = attrs.evolve(t, attacked=t.attacked + (unit,))
    m.emit(AttackDeclared(seat, card_id, unit, tuple(victims)))
    m.schedule(Defense(seat, card_id, tuple(victims)), AttackMenu(seat))


def still_held(m: Match, seat: int, card_id: str) -> bool:
    """Whether the chosen card is still in hand; if not (only after State.determinize
    re-dealt the hand), the Attack menu is asked again instead."""
    if card_id in m.cards(hand(seat)):
        return True
    AttackMenu(seat).run(m)
    return False


@attrs.frozen
class ChooseStrike(boardcore.Step):
    """ATTACK(card, unit, target)."""

    player: int
    card: str

    def run(self, m: Match) -> None:
        if not still_held(m, self.player, self.card):
            return
        c = card(m, self.card)
        options = [
            Strike(unit, target, f"{label(m, unit)} attacks {label(m, target)}")
            for unit, target in strikes(m, self.player, c)
        ]
        m.ask(self.player, options, f"{c.name}: choose the attacker and the target", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        assert isinstance(action, Strike)
        declare(m, player, self.card, action.unit, (action.target,))


@attrs.frozen
class ChooseShot(boardcore.Step):
    """SHOOT(card, cannon, direction) (AZ-R22 to AZ-R24)."""

    player: int
    card: str

    def run(self, m: Match) -> None:
        if not still_held(m, self.player, self.card):
            return
        c = card(m, self.card)
        options = []
        for cannon, direction, _ in shots(m, self.player, c):
            squares = shot_squares(c, square_of(m, cannon), direction) or []
            hit = ", ".join(str(s) for s in squares)
            options.append(Fire(cannon, direction.name, f"{label(m, cannon)} fires {direction.name} at {hit}"))
        m.ask(self.player, options, f"{c.name}: choose the cannon and the direction", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        assert isinstance(action, Fire)
        c = card(m, self.card)
        for cannon, direction, victims in shots(m, player, c):
            if cannon == action.cannon and direction.name == action.direction:
                declare(m, player, self.card, cannon, victims)
                return
        raise boardcore.RuleError(f"{action} is no longer a legal shot")


# -- the Defense reaction and its outcome --------------------------------------------


@attrs.frozen
class Defense(boardcore.Window):
    """AZ-D08: the opponent may play one of his Defense cards, or pass."""

    attacker: int
    card: str
    victims: tuple[str, ...]

    def responders(self, m: Match) -> Sequence[int]:
        return (opponent(self.attacker),)

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        return [pick(c, f"play {card(m, c).label}: negate the attack") for c in defense_cards(m, player)]

    def prompt(self, m: Match, player: int) -> str:
        return f"Defense: negate the {card(m, self.card).name} attack, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        defense: str = action.item  # type: ignore[attr-defined]
        m.move((defense,), hand(player), DISCARD)
        m.emit(AttackNegated(self.attacker, defense))

    def closed(self, m: Match) -> None:
        damage(m, self.victims)
        check_victory(m, self.attacker)


def damage(m: Match, victims: Sequence[str]) -> None:
    """Each victim, friend or foe, loses 1 Hit; at 0 it is removed (AZ-R24, AZ-R28)."""
    for piece in victims:
        if piece not in m.pieces:
            continue
        if m.add(HITS, -1, piece) == 0:
            where = m.pieces[piece]
            unit = kind_of(m, piece).value
            m.remove_piece(piece)
            m.emit(UnitKilled(piece, unit, where.owner, where.square or ""))


def scores(m: Match) -> tuple[int, ...]:
    """Hits lost by each seat (lower is better)."""
    return tuple(hits_lost(m, seat) for seat in range(m.players))


def check_victory(m: Match, attacker: int) -> None:
    """A side whose Leader is gone loses; if both Leaders fell to the same attack, the
    attacking side wins (AZ-R29)."""
    fallen = [seat for seat in range(m.players) if not leader_alive(m, seat)]
    if len(fallen) == 2:
        m.finish([attacker], BOTH_LEADERS, scores(m))
    elif fallen:
        m.finish([opponent(fallen[0])], LEADER_KILLED, scores(m))


def at_turn_limit(m: Match) -> None:
    """After turn 100: fewer Hits lost wins; equal losses are a draw shared by both (AZ-R30)."""
    lost = scores(m)
    if lost[0] == lost[1]:
        m.finish([0, 1], LIMIT_DRAW, lost)
    else:
        m.finish([0 if lost[0] < lost[1] else 1], LIMIT_WIN, lost)


STEPS = (AttackMenu, ChooseStrike, ChooseShot, Defense)
EVENTS = (AttackDeclared, AttackNegated, UnitKilled)
