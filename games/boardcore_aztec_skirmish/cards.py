"""Aztec Skirmish data: the 79-card deck, the units, the two sides, the shots and the constants.

Everything is read from ``data/cards.toml``: each ``[[cards]]`` row is an
:class:`AztecCard` as it stands (``copies = n`` gives ``<id>-1`` .. ``<id>-n``).
What a card does follows from its fields (its type's use, range, restriction,
shot), never from its printed name, so fixing a number is an edit to the table.

Card types and troops are open: a type is any name, and the ``[uses]`` table
says what the game does with each of its own (a plugin's card of a new type
gives its ``use`` in its row); a card's restriction names a troop of the units.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
from attrs.validators import deep_iterable, ge, in_, le, min_len, optional

import boardcore
from boardcore.grid import Board, Direction

DATA = "data/cards.toml"


class Side(enum.Enum):
    AZTEC = "aztec"
    CONQUISTADOR = "conquistador"


class User(enum.Enum):
    """The printed User column (AZ-R06): Aztec, Conquistador, either."""

    Z = "Z"
    C = "C"
    E = "E"


class CardUse(enum.Enum):
    """What the game does with a played card: the window or menu that offers it."""

    MOVE = "move"  # the Move menu (AZ-D05, AZ-D06)
    STRIKE = "strike"  # the Attack menu: a unit attacks one enemy (AZ-D07)
    SHOT = "shot"  # the Attack menu: a cannon fires (AZ-R22 to AZ-R24)
    NEGATE = "negate"  # the Defense window (AZ-D08)
    DRAW = "draw"  # either menu: draw cards (AZ-R27)


@attrs.frozen
class Constants:
    """The ``[rules]`` table: every number at least 1, a board of at most 26 x 26 (files a..z)."""

    hand_limit: int = attrs.field(validator=ge(1))
    draw: int = attrs.field(validator=ge(1))
    draw_special: int = attrs.field(validator=ge(1))
    turn_limit: int = attrs.field(validator=ge(1))
    board_width: int = attrs.field(validator=[ge(1), le(26)])
    board_height: int = attrs.field(validator=[ge(1), le(26)])
    leader_worth: int = attrs.field(default=5, validator=ge(1))
    """Not a rule: how many times its own Hits the search bots count a Leader's
    Hits when they judge a match in progress (``ending.standing``)."""


CONSTANTS = boardcore.loaders.load_constants(__package__, DATA, Constants)
USES: dict[str, CardUse] = boardcore.loaders.load_constants(__package__, DATA, dict[str, CardUse], key="uses")
"""What the game does with a card of each of its own types."""
BOARD = Board(CONSTANTS.board_width, CONSTANTS.board_height)
_LONGEST_LINE = max(CONSTANTS.board_width, CONSTANTS.board_height) - 1
"""The most squares a line on the board crosses: the longest move or range."""


@attrs.frozen
class ShotSpec:
    """A cannon shot (AZ-R22, AZ-R23): the squares it hits, as ``(along, across)``
    steps from the cannon, or every square up to the edge."""

    shot: str
    reads: str
    """Where it hits, in the words of a card's text."""
    squares: tuple[tuple[int, int], ...] = ()
    to_edge: bool = False


@attrs.frozen
class SideRow:
    """A side: the card letter it may use, its deployment ranks, its forward (AZ-R01)."""

    side: Side
    name: str
    user: User
    ranks: tuple[int, ...] = attrs.field(validator=deep_iterable([ge(1), le(CONSTANTS.board_height)], min_len(1)))
    """Ranks (1-based, as printed on a chess board) the side deploys on."""
    forward: str = attrs.field(validator=in_([direction.name for direction in Direction]))
    """The name of the ``boardcore.grid.Direction`` that is forward."""


def _standing_squares(unit: UnitSpec, attribute: Any, squares: tuple[str, ...]) -> None:
    """A validator: a unit type's standard squares are as many as its units, on the board."""
    if squares and (len(squares) != unit.count or not set(squares) <= set(BOARD.names)):
        raise ValueError(f"expected the {unit.count} squares of the board its units stand on, got {list(squares)}")


@attrs.frozen
class UnitSpec:
    """A unit type (section 1.1); ``kind`` is what ``Piece.kind`` holds."""

    kind: str
    name: str
    side: Side
    troop: str
    """The group a card restriction names ("soldiers", AZ-R21)."""
    count: int = attrs.field(validator=ge(1))
    hits: int = attrs.field(validator=ge(1))
    leader: bool = False
    placed: bool = False
    """Deployed square by square by its owner; otherwise it fills the rest (AZ-R03)."""
    moves: int = attrs.field(default=1, validator=ge(1))
    """Move actions per turn (AZ-R09; 2 for Horsemen, AZ-R13)."""
    max_distance: int | None = attrs.field(default=None, validator=optional(ge(1)))
    """The largest card number it may move with (Cannons: 2, AZ-R14)."""
    own_cards_only: bool = False
    """May attack only with cards restricted to its own troop (Cannons, AZ-R21)."""
    standard: tuple[str, ...] = attrs.field(default=(), validator=_standing_squares)
    """The squares its units stand on in the standard deployment (rules section 2)."""


SHOTS: dict[str, ShotSpec] = {s.shot: s for s in boardcore.loaders.load_table(__package__, DATA, "shots", ShotSpec)}
SIDES: dict[Side, SideRow] = {s.side: s for s in boardcore.loaders.load_table(__package__, DATA, "sides", SideRow)}
UNITS: dict[str, UnitSpec] = {u.kind: u for u in boardcore.loaders.load_table(__package__, DATA, "units", UnitSpec)}
TROOPS: tuple[str, ...] = tuple(dict.fromkeys(u.troop for u in UNITS.values()))
"""The troops card restrictions may name, in the order of the unit table."""


def _use_of(card: AztecCard) -> CardUse | None:
    """The card's use: given in its row, or its type's. (The loader checks a row's
    values on a stand-in of the card that has only the keys the row gives.)"""
    return getattr(card, "use", None) or USES.get(card.type)


_NEEDED_BY = {"range": (CardUse.STRIKE, CardUse.MOVE), "shot": (CardUse.SHOT,)}
"""The fields that cards of these uses need (section 1.2), so that their rows must give them."""


def _complete(card: AztecCard, attribute: Any, value: Any) -> None:
    """A validator: a type the game does not know comes with its use, and a card of
    a use gives the fields that use needs (:data:`_NEEDED_BY`)."""
    if (use := _use_of(card)) is None:
        known = ", ".join(USES)
        raise ValueError(f"the type {card.type!r} is not one of the game's ({known}): the row must give its 'use'")
    if value is None and use in _NEEDED_BY.get(attribute.name, ()):
        raise ValueError(f"{card.type} cards need their '{attribute.name}'")


@attrs.frozen(kw_only=True)
class AztecCard(boardcore.Card):
    """One physical card; ``name`` is the printed name its copies share. The fields of
    its own are given by keyword."""

    user: User
    printed_type: str
    """The printed Type column, for reference; ``type`` is what counts."""
    type: str = attrs.field(validator=_complete)
    use: CardUse = attrs.field(default=attrs.Factory(_use_of, takes_self=True))
    """What the game does with the card: its type's, or given in its row for a type of a plugin's own."""
    range: int | None = attrs.field(default=None, validator=[_complete, optional([ge(1), le(_LONGEST_LINE)])])
    """Squares moved for a Move card; the maximum range for an Attack card (1 up to
    the longest line on the board)."""
    only: str | None = attrs.field(default=None, validator=optional(in_(TROOPS)))
    """The troop the card is restricted to (AZ-R21)."""
    shot: str | None = attrs.field(default=None, validator=[_complete, optional(in_(SHOTS))])
    indirect: bool = False
    target_hits: int | None = attrs.field(default=None, validator=optional(ge(1)))
    note: str = ""

    def usable_by(self, side: Side) -> bool:
        """Whether ``side`` may play the card at all (the User column, AZ-R06)."""
        return self.user is User.E or self.user is SIDES[side].user

    def fits(self, unit: UnitSpec, attacking: bool = False) -> bool:
        """A restricted card is only for its troop ("Horsemen only", AZ-R16, AZ-R21); a
        unit limited to its own troop's attack cards (a Cannon) attacks with no other."""
        return self.only == unit.troop if attacking and unit.own_cards_only else self.only in (None, unit.troop)

    @property
    def label(self) -> str:
        """What a person reads: ``"Muskets (attack 3, soldiers only, C)"``."""
        detail = self.type if self.range is None else f"{self.type} {self.range}"
        if self.shot is not None:
            detail = f"{self.type}, {self.shot}"
        if self.use is CardUse.DRAW:
            detail = f"draw {CONSTANTS.draw_special}"
        restriction = f", {self.only} only" if self.only is not None and self.shot is None else ""
        letter = "" if self.user is User.E else f", {self.user.value}"
        return f"{self.name} ({detail}{restriction}{letter})"

    @property
    def text(self) -> str:
        """The card as read at the table, in the rules' words (AZ-R06, AZ-R16, AZ-R19 to
        AZ-R27): ``"Muskets (attack, range 3, soldiers)"``, ``"Steel Helmets (defense,
        Conquistador)"``; a card with an effect (an expansion's) then says what it does, in
        its note: ``"Smoking Mirror (defense, Aztec): the attacking unit then loses 1 Hit"``."""
        reach = f"range {self.range}" if self.shot is None else SHOTS[self.shot].reads
        draw = f"draw {CONSTANTS.draw_special}"
        kind = {CardUse.MOVE: f"move {self.range}", CardUse.NEGATE: self.type, CardUse.DRAW: draw}
        side = "" if self.only else next((s.name for s in SIDES.values() if s.user is self.user), "")
        parts = (kind.get(self.use, f"attack, {reach}"), self.only or "", side,
                 "hits friend and foe" if self.shot else "", "shoots over units" if self.indirect else "",
                 f"vs {self.target_hits} Hit left" if self.target_hits else "")  # fmt: skip
        does = f": {self.note}" if self.effect else ""
        return f"{self.name} ({', '.join(p for p in parts if p)}){does}"


CARDS: tuple[AztecCard, ...] = boardcore.loaders.load_cards(__package__, DATA, AztecCard)
"""The deck in set-up order: row order, then copy number ascending (section 2)."""
