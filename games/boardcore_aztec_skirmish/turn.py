"""A turn (rules section 3): the Fate Phase, then the Move and Attack Phases, each a
menu of the cards in hand; what is legal; and the moments the rules perform.

* **Fate** (AZ-R05 to AZ-R08): draw 3 (:class:`CardsDrawn`), then discard down to 5.
* **The menu** both other phases share (AZ-R06, AZ-R27, AZ-R33): a card of the
  phase's kind that has a legal order, asked as the card and then the order; the
  side's Draw-2 card; or "done".
* **Move** (AZ-D05, AZ-D06, AZ-R09 to AZ-R16): which moves are legal, read off the
  board (``boardcore.grid`` on square names), the per-turn marks and the card's
  fields; a unit's move (:class:`UnitMoved`) and the group move.
* **Attack** (AZ-D07, AZ-D08, AZ-R17 to AZ-R29): which attacks and cannon shots are
  legal. An attack is declared in two questions (the card, then "Soldier c5 attacks
  Warrior c4" or "Cannon d7 fires S at d6, d5, e5, c5"); the card is discarded.
  Then the rules read like the rulebook's paragraph, as three moments and the
  Defense window:

  1. :class:`AttackDeclared`: the unit has attacked (AZ-R17), and :class:`Defense`
     follows: the opponent may negate the whole attack with one Defense card
     (AZ-R25), then
  2. :class:`AttackResolved`: unless negated, each unit hit loses 1 Hit (AZ-R28),
     and each that loses its last Hit is
  3. :class:`UnitKilled`: removed from the board. The Leaders are then checked at
     once (AZ-R29).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import ClassVar

import attrs

import boardcore
from boardcore import Match
from boardcore.actions import Target
from boardcore.events import CardsDrawn
from boardcore.evolving import evolve
from boardcore.grid import ALL_DIRECTIONS, Direction, move, occupancy, square_of

from .board import ATTACKED, BOARD, DISCARD, DRAW, DRAW2, HAND, HITS, MOVED, end_now, label, side_of
from .cards import CARDS, CONSTANTS, SHOTS, SIDES, UNITS, AztecCard, CardUse, UnitSpec

GROUP, FINISH = "group", "finish"
NAMES = {card.id: card.name for card in CARDS}


# -- Phase 1, Fate, and the menu of the other two -------------------------------------------


class Fate(boardcore.Phase):
    """Draw 3 (AZ-R05: the engine's ``CardsDrawn``, purpose "fate"; an empty pile is
    refilled by shuffling the discard pile, AZ-R08), then discard down to 5 by the owner's choice (AZ-D04, AZ-R07).
    The phase ``fate``: the engine names a phase after its class."""

    def begin(self, m: Match) -> None:
        m.perform(CardsDrawn(m.active, CONSTANTS.draw, "fate", DRAW, HAND[m.active]))
        m.schedule(boardcore.steps.EnforceLimit(HAND[m.active], DISCARD))


class Menu(boardcore.steps.PlayCard):
    """A phase's menu (AZ-D05, AZ-D07): a card whose use is one of the phase's
    ``accepts`` and that has a legal order, asked as the card and then the order;
    the side's Draw-2 card (both menus accept it, each card at most once per turn,
    AZ-R27); or "done" (a phase may end with nothing played, AZ-R33). Only cards
    the side may use are offered (AZ-R06). It is asked again after each play.

    Subclasses yield a card's orders as ``(target, text)`` pairs (:meth:`orders`;
    lazily, since whether a card is offered reads only the first) and carry one
    out (:meth:`give`); a target is a short string of square names and ids.
    """

    source, to, alike = HAND, DISCARD, "name"  # from the hand to the discard pile; one of alike copies is offered
    two_step = True
    pass_word = "done"
    accepts: ClassVar[tuple[CardUse, ...]] = ()

    def orders(self, m: Match, player: int, card: AztecCard) -> Iterable[tuple[Target, str]]:
        raise NotImplementedError(f"{type(self).__name__}.orders")

    def give(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        raise NotImplementedError(f"{type(self).__name__}.give")

    def prompt(self, m: Match, player: int) -> str:
        return f"{self.name.title()} Phase: play a card, or done"

    def playable(self, m: Match, player: int, card: AztecCard) -> bool:
        return card.use in self.accepts and card.usable_by(side_of(m, player)) and card.id not in m.marked(DRAW2)

    def targets(self, m: Match, player: int, card: AztecCard) -> Iterable[tuple[Target, str]] | None:
        return None if card.use is CardUse.DRAW else self.orders(m, player, card)

    def wording(self, m: Match, card: AztecCard, target_text: str | None) -> str:
        return f"play {card.label}" if target_text is None else target_text

    def played(self, m: Match, player: int, card: AztecCard, target: Target) -> None:
        # Asked again by hand, not with ``repeat``: that would refuse a card which a
        # reshuffle has brought back to the hand, and only Draw-2 cards are once a turn.
        m.schedule(type(self)(player))
        if card.use is CardUse.DRAW:
            m.mark(DRAW2, card.id)
            m.perform(CardsDrawn(player, CONSTANTS.draw_special, "draw2", DRAW, HAND[player]))
        else:
            self.give(m, player, card, str(target))


# -- Phase 2, Move ---------------------------------------------------------------------


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
        move(m, self.unit, self.square)
        m.mark(MOVED, self.unit)


def moves_kind(card: AztecCard, spec: UnitSpec) -> bool:
    """Whether ``card`` is a Move card for units of ``spec`` at all: restricted to
    their troop or to none (AZ-R16), and no farther than they may go (AZ-R14)."""
    near = spec.max_distance is None or (card.range or 0) <= spec.max_distance
    return card.use is CardUse.MOVE and card.fits(spec) and near


def destinations(m: Match, seat: int, card: AztecCard, toward: str | None,
                 skip: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    """``(unit, square)`` for each move of exactly the card's number, in any of the 8
    directions (``toward`` None) or towards the direction named ``toward``, whose every
    square, the last included, is empty (AZ-R10, AZ-R11), by a unit of a kind the card
    moves (:func:`moves_kind`) that has a move left this turn (AZ-R09, AZ-R13)."""
    taken, steps, moved, pieces = occupancy(m).keys(), card.range or 0, m.marked(MOVED), m.pieces
    kinds: dict[str, bool] = {}  # moves_kind, by unit kind: a side has many units of few kinds
    for piece in m.pieces_of(seat):
        unit = pieces[piece]
        fits = kinds.get(unit.kind)
        if fits is None:
            fits = kinds[unit.kind] = moves_kind(card, UNITS[unit.kind])
        if fits and unit.square is not None and piece not in skip and moved.count(piece) < UNITS[unit.kind].moves:
            for path in lines(unit.square, steps, toward):
                if taken.isdisjoint(path):
                    yield piece, path[-1]


@cache
def lines(start: str, steps: int, toward: str | None) -> tuple[tuple[str, ...], ...]:
    """The straight paths of exactly ``steps`` squares (at least 1) from ``start`` that
    stay on the board: one per direction in ``ALL_DIRECTIONS`` order (``toward``
    None), or the one towards the direction named ``toward``. Fixed by the board, so
    worked out once (a Move card's orders read them for every unit)."""
    directions = ALL_DIRECTIONS if toward is None else (Direction[toward],)
    return tuple(path for direction in directions if (path := BOARD.path(start, direction, steps)))


def single_moves(m: Match, seat: int, card: AztecCard) -> Iterator[tuple[str, str]]:
    """MOVE(card, unit, direction) (AZ-D05): any of the 8 directions."""
    return destinations(m, seat, card, None)


def group_candidates(m: Match, seat: int, card: AztecCard, added: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """Units that may join a group move now (AZ-R12, AZ-D06): not yet in it, and able to
    go exactly N squares straight forward (towards the enemy's back rank, AZ-R01)."""
    return destinations(m, seat, card, SIDES[side_of(m, seat)].forward, added)


@attrs.frozen
class MoveMenu(Menu):
    """AZ-D05: a Move card, then its order: one unit exactly N squares in one of the 8
    directions ("move Warrior d4->d6"), or a group move forward; the Draw-2 card; done."""

    name = "move"
    accepts = (CardUse.MOVE, CardUse.DRAW)

    def orders(self, m: Match, player: int, card: AztecCard) -> Iterator[tuple[Target, str]]:
        named = text = ""
        for piece, to in single_moves(m, player, card):
            if piece != named:  # a unit's moves come one after another: its name is read once
                named, text = piece, label(m, piece)
            yield f"{piece} {to}", f"move {text}->{to}"
        if next(group_candidates(m, player, card, ()), None):
            yield GROUP, "group move forward"

    def give(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        if target == GROUP:
            m.schedule(GroupMove(player, card=card.id))
            return
        unit, square = target.split()
        m.perform(UnitMoved(player, unit, square_of(m, unit), square, card.id))


@attrs.frozen
class GroupMove(boardcore.steps.Choose):
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
            unit, square = item.split()
            m.schedule(evolve(self, added=self.added + (unit,)))
            m.perform(UnitMoved(player, unit, square_of(m, unit), square, self.card, group=True))


# -- Phase 3, Attack -------------------------------------------------------------------


@cache
def shot_squares(shot: str, start: str, direction: Direction) -> tuple[str, ...]:
    """The squares a cannon on ``start`` hits with ``shot`` (a row of the data's
    ``[[shots]]``), or () when it cannot fire that way: Round Shot, every square to
    the edge (AZ-R23); Canister Shot, the next square, the target square 2 away (on
    the board) and one square either side of it (AZ-R22)."""
    if SHOTS[shot].to_edge:
        return BOARD.ray_from(start, direction)
    (x, y), dx, dy = BOARD.coords(start), direction.dx, direction.dy
    hit = [(BOARD.name_at(x + a * dx - c * dy, y + a * dy + c * dx), c) for a, c in SHOTS[shot].squares]
    if any(square is None and across == 0 for square, across in hit):
        return ()  # the line of fire leaves the board
    return tuple(square for square, _ in hit if square is not None)


def attacks(m: Match, seat: int, card: AztecCard) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """Every attack ``card`` can order, as ``(unit, aim, squares hit)``: a unit that has
    not attacked (AZ-R17) and may fight with the card (AZ-R21) either strikes an enemy
    unit ``aim`` (ATTACK, AZ-D07) on one of its 8 lines within range (AZ-R18, AZ-R31),
    with nobody in between unless the card is indirect (AZ-R19), Take Captive only one
    with exactly 1 Hit left (AZ-R26); or, with a cannon card, fires in the direction
    ``aim`` (SHOOT) when the squares hit hold an enemy (AZ-R24)."""
    if card.use not in (CardUse.STRIKE, CardUse.SHOT):
        return
    taken, attacked, pieces = occupancy(m), m.marked(ATTACKED), m.pieces
    kinds: dict[str, bool] = {}  # whether the card fits each unit kind (AZ-R21): a side has few kinds
    for piece in m.pieces_of(seat):
        unit = pieces[piece]
        fits = kinds.get(unit.kind)
        if fits is None:
            fits = kinds[unit.kind] = card.fits(UNITS[unit.kind], attacking=True)
        if not fits or piece in attacked:
            continue
        start = square_of(m, piece)
        if card.shot is None:
            for square in BOARD.targets_in_lines(start, card.range or 0, taken, indirect=card.indirect):
                target = taken[square]
                if pieces[target].owner != seat and card.target_hits in (None, m.count(HITS, target)):
                    yield piece, target, (square,)
        else:
            for direction in ALL_DIRECTIONS:
                squares = shot_squares(card.shot, start, direction)
                if any(s in taken and m.pieces[taken[s]].owner != seat for s in squares):
                    yield piece, direction.name, squares


# -- the attack: its moments and the Defense window that resolves it -----------------


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
        """``"seat 0's Warrior"``: the attacker, as the events' sentences name it."""
        return f"seat {self.seat}'s {unit_name(self.unit)}"

    def aim(self) -> str:
        """``"the Soldier on d5"``, ``"the Warrior, the Soldier on d6, d5, e5, c5"``."""
        return f"{the_units(self.victims)} on {', '.join(self.squares)}"


def unit_name(piece: str) -> str:
    """The name of a unit's kind, read from its piece id (``"<kind>-<n>"``, as
    ``Match.add_piece`` makes it): an event's sentence is told without the match."""
    return UNITS[piece.rsplit("-", 1)[0]].name


def the_units(pieces: Sequence[str]) -> str:
    """``"the Warrior, the Soldier"``."""
    return ", ".join(f"the {unit_name(piece)}" for piece in pieces)


@attrs.frozen
class AttackDeclared(boardcore.Moment):
    """An ``attack`` is declared, its card already discarded. As it happens the unit
    has attacked this turn (AZ-R17) and the rest of the attack follows
    (:class:`Defense`: the Defense window, the damage, the Leader check). Replaced or
    cancelled, none of that happens: the card stays spent and the unit has not attacked.

    Performed as a step (``asks``), so a card may replace it at its holder's choice."""

    attack: Attack
    asks = True

    def happen(self, m: Match) -> None:
        m.mark(ATTACKED, self.attack.unit)
        m.schedule(Defense(self.attack))

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
        where = f" on {self.square}" if self.square else ""
        return f"seat {self.owner}'s {UNITS[self.unit].name}{where} is killed"


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
        negated = self.negated_by is not None  # nothing happens (AZ-R25)
        return None if negated else evolve(self, killed=damage(m, self.attack.victims, self.hits))

    def __str__(self) -> str:
        if self.negated_by:
            return f"{NAMES.get(self.negated_by, self.negated_by)} negates the attack of {self.attack}"
        killing = f", killing {the_units(self.killed)}" if self.killed else ""
        return f"{self.attack} hits {self.attack.aim()}{killing}"


@attrs.frozen
class Defense(boardcore.steps.CardWindow):
    """What follows a declared attack: the attacked side may negate the whole attack
    with one of its Defense cards, or pass (AZ-D08); then the attack is resolved,
    negated or not (:class:`AttackResolved`), and the Leaders are checked (AZ-R29: the
    game ends at once).

    Which cards he holds is his secret, so he is asked whenever he could hold one as
    far as the attacker can tell: his hand is not empty, and not every Defense card of
    his side lies face up in the discard pile. The window keeps only the attack, whose
    card is face up: a re-deal of the hands can ask it again."""

    attack: Attack
    source, to, alike = HAND, DISCARD, "name"  # one copy of each Defense card he holds

    def responders(self, m: Match) -> Sequence[int]:
        return (1 - self.attack.seat,)

    def may_react(self, m: Match, player: int) -> bool:
        unseen = m.rules.cards.keys() - m.cards(DISCARD)  # every card but those face up in the discard pile
        return bool(m.cards(HAND[player])) and any(self.playable(m, player, m.card(c)) for c in unseen)

    def playable(self, m: Match, player: int, card: AztecCard) -> bool:
        """A card of his side whose use is to negate, whatever its type."""
        return card.use is CardUse.NEGATE and card.usable_by(side_of(m, player))

    def wording(self, m: Match, card: AztecCard) -> str:
        return f"play {card.label}: negate the attack"

    def prompt(self, m: Match, player: int) -> str:
        return f"Defense: negate the {m.card(self.attack.card).name} attack, or pass"

    def played(self, m: Match, player: int, card: AztecCard) -> None:
        self.closed(m, negated_by=card.id)

    def closed(self, m: Match, negated_by: str | None = None) -> None:
        """The window is over: the attack is resolved, negated by the card played or
        not, and the Leaders are checked."""
        m.perform(AttackResolved(self.attack, negated_by))
        end_now(m)


@attrs.frozen
class AttackMenu(Menu):
    """AZ-D07: an attack card with a legal target or a cannon card with a legal shot,
    then its order; the Draw-2 card; or done (which ends the turn)."""

    name = "attack"
    accepts = (CardUse.STRIKE, CardUse.SHOT, CardUse.DRAW)

    def orders(self, m: Match, player: int, card: AztecCard) -> Iterator[tuple[Target, str]]:
        for unit, aim, squares in attacks(m, player, card):
            deed = f"attacks {label(m, aim)}" if card.shot is None else f"fires {aim} at {', '.join(squares)}"
            yield f"{unit} {aim}", f"{label(m, unit)} {deed}"

    def give(self, m: Match, player: int, card: AztecCard, target: str) -> None:
        unit, aim = target.split()
        # the squares the order hits: the target's, or a cannon shot's (every unit there, AZ-R24)
        hit = (square_of(m, aim),) if card.shot is None else shot_squares(card.shot, square_of(m, unit), Direction[aim])
        taken = occupancy(m)
        attack = Attack(player, card.id, unit, hit, tuple(taken[s] for s in hit if s in taken))
        m.schedule(boardcore.steps.Perform(AttackDeclared(attack)))
