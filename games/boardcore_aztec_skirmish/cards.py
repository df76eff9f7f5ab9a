"""Aztec Skirmish data: the 79-card deck, the units, the two sides and the constants.

Everything is read from ``data/cards.toml``: each ``[[cards]]`` row is an
:class:`AztecCard` as it stands (``copies = n`` gives ``<id>-1`` .. ``<id>-n``).
What a card does follows from its fields (type, range, restriction, shot), never
from its printed name, so fixing a number is an edit to the table.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

import boardcore
from boardcore.grid import Direction

DATA = "data/cards.toml"


class Side(enum.Enum):
    AZTEC = "aztec"
    CONQUISTADOR = "conquistador"


class User(enum.Enum):
    """The printed User column (AZ-R06): Aztec, Conquistador, either."""

    Z = "Z"
    C = "C"
    E = "E"


class CardType(enum.Enum):
    """How the engine treats a card after the rulings (section 1.2)."""

    ATTACK = "attack"
    MOVE = "move"
    DEFENSE = "defense"
    DRAW2 = "draw2"
    CANNON = "cannon"


class Troop(enum.Enum):
    """A group of unit types, as card restrictions name them (AZ-R21)."""

    LEADERS = "leaders"
    KNIGHTS = "knights"
    WARRIORS = "warriors"
    SOLDIERS = "soldiers"
    HORSEMEN = "horsemen"
    CANNONS = "cannons"


class Shot(enum.Enum):
    CANISTER = "canister"  # AZ-R22
    ROUND = "round"  # AZ-R23


_AT_LEAST_1 = attrs.validators.ge(1)
_BOARD_SIZE = [attrs.validators.ge(1), attrs.validators.le(26)]  # files a..z


@attrs.frozen
class Constants:
    """The ``[rules]`` table: every number at least 1, a board of at most 26 x 26."""

    hand_limit: int = attrs.field(validator=_AT_LEAST_1)
    draw: int = attrs.field(validator=_AT_LEAST_1)
    draw_special: int = attrs.field(validator=_AT_LEAST_1)
    turn_limit: int = attrs.field(validator=_AT_LEAST_1)
    board_width: int = attrs.field(validator=_BOARD_SIZE)
    board_height: int = attrs.field(validator=_BOARD_SIZE)
    leader_worth: int = attrs.field(default=5, validator=_AT_LEAST_1)
    """Not a rule: how many times its own Hits the search bots count a Leader's
    Hits when they judge a match in progress (``fighting.standing``)."""


CONSTANTS = boardcore.load_constants(__package__, DATA, Constants)
_LONGEST_LINE = max(CONSTANTS.board_width, CONSTANTS.board_height) - 1
"""The most squares a line on the board crosses: the longest move or range."""


def _needed_by(*types: CardType) -> Callable[[AztecCard, Any, Any], None]:
    """A validator: cards of ``types`` need this value (section 1.2), so their rows must give it."""

    def needed(card: AztecCard, attribute: Any, value: Any) -> None:
        if value is None and card.type in types:
            raise ValueError(f"{card.type.value} cards need their '{attribute.name}'")

    return needed


@attrs.frozen
class AztecCard(boardcore.Card):
    """One physical card; ``name`` is the printed name its copies share."""

    user: User = attrs.field(kw_only=True)
    printed_type: str = attrs.field(kw_only=True)
    """The printed Type column, for reference; ``type`` is what counts."""
    type: CardType = attrs.field(kw_only=True)
    range: int | None = attrs.field(
        default=None, kw_only=True,
        validator=[_needed_by(CardType.ATTACK, CardType.MOVE),
                   attrs.validators.optional([_AT_LEAST_1, attrs.validators.le(_LONGEST_LINE)])],
    )  # fmt: skip
    """Squares moved for a Move card; the maximum range for an Attack card (1 up to
    the longest line on the board)."""
    only: Troop | None = attrs.field(default=None, kw_only=True)
    shot: Shot | None = attrs.field(default=None, kw_only=True, validator=_needed_by(CardType.CANNON))
    indirect: bool = attrs.field(default=False, kw_only=True)
    target_hits: int | None = attrs.field(default=None, kw_only=True, validator=attrs.validators.optional(_AT_LEAST_1))
    note: str = attrs.field(default="", kw_only=True)

    @property
    def label(self) -> str:
        """What a person reads: ``"Muskets (attack 3, soldiers only, C)"``."""
        if self.type is CardType.CANNON:
            detail = f"cannon, {self.shot.value if self.shot else '?'}"
        elif self.range is not None:
            detail = f"{self.type.value} {self.range}"
        else:
            detail = {CardType.DEFENSE: "defense", CardType.DRAW2: f"draw {CONSTANTS.draw_special}"}.get(self.type, "")
        if self.only is not None and self.type is not CardType.CANNON:
            detail += f", {self.only.value} only"
        if self.user is not User.E:
            detail += f", {self.user.value}"
        return f"{self.name} ({detail})"

    @property
    def text(self) -> str:
        """The card as read at the table, in the rules' words (AZ-R06, AZ-R19, AZ-R21 to AZ-R27):
        ``"Muskets (attack, range 3, soldiers)"``, ``"Steel Helmets (defense, Conquistador)"``."""
        reach = f"range {self.range}" if self.shot is None else _REACH[self.shot]
        kind = {CardType.MOVE: f"move {self.range}", CardType.DEFENSE: "defense", CardType.DRAW2: _DRAW}
        side = "" if self.user is User.E or self.only else next(s.name for s in SIDES.values() if s.user is self.user)
        parts = (kind.get(self.type, f"attack, {reach}"), self.only.value if self.only else "", side,
                 "hits friend and foe" if self.shot else "", "shoots over units" if self.indirect else "",
                 f"vs {self.target_hits} Hit left" if self.target_hits else "")  # fmt: skip
        return f"{self.name} ({', '.join(p for p in parts if p)})"


_DRAW = f"draw {CONSTANTS.draw_special}"
_REACH = {Shot.CANISTER: "range 2 and the squares beside", Shot.ROUND: "every square to the edge"}
"""Where a cannon shot hits (AZ-R22, AZ-R23)."""


_RANK = attrs.validators.and_(_AT_LEAST_1, attrs.validators.le(CONSTANTS.board_height))


@attrs.frozen
class SideRow:
    """A side: the card letter it may use, its deployment ranks, its forward (AZ-R01)."""

    side: Side
    name: str
    user: User
    ranks: tuple[int, ...] = attrs.field(validator=[attrs.validators.min_len(1), attrs.validators.deep_iterable(_RANK)])
    """Ranks (1-based, as printed on a chess board) the side deploys on."""
    forward: str = attrs.field(validator=attrs.validators.in_([direction.name for direction in Direction]))
    """The name of the ``boardcore.grid.Direction`` that is forward."""


@attrs.frozen
class UnitSpec:
    """A unit type (section 1.1); ``kind`` is what ``Piece.kind`` holds."""

    kind: str
    name: str
    side: Side
    troop: Troop
    count: int = attrs.field(validator=_AT_LEAST_1)
    hits: int = attrs.field(validator=_AT_LEAST_1)
    leader: bool = False
    placed: bool = False
    """Deployed square by square by its owner; otherwise it fills the rest (AZ-R03)."""
    moves: int = attrs.field(default=1, validator=_AT_LEAST_1)
    """Move actions per turn (AZ-R09; 2 for Horsemen, AZ-R13)."""
    max_distance: int | None = attrs.field(default=None, validator=attrs.validators.optional(_AT_LEAST_1))
    """The largest card number it may move with (Cannons: 2, AZ-R14)."""
    own_cards_only: bool = False
    """May attack only with cards restricted to its own troop (Cannons, AZ-R21)."""


CARDS: tuple[AztecCard, ...] = boardcore.load_cards(__package__, DATA, AztecCard)
"""The deck in set-up order: row order, then copy number ascending (section 2)."""
SIDES: dict[Side, SideRow] = {s.side: s for s in boardcore.load_table(__package__, DATA, "sides", SideRow)}
UNITS: dict[str, UnitSpec] = {u.kind: u for u in boardcore.load_table(__package__, DATA, "units", UnitSpec)}


def standard_deployment(package: str = __package__) -> dict[str, list[str]]:
    """The ``[standard]`` table of ``package``'s data file, checked: each key a rank of
    the board, each value a unit kind (or "-") for each file."""
    table = boardcore.load_constants(package, DATA, dict[str, list[str]], key="standard")
    ranks, kinds = {str(y) for y in range(1, CONSTANTS.board_height + 1)}, {*UNITS, "-"}
    for rank, row in table.items():
        if rank not in ranks or len(row) != CONSTANTS.board_width or not set(row) <= kinds:
            raise boardcore.InvalidData(
                f"expected a rank 1..{CONSTANTS.board_height} with a unit kind or '-' on each of its "
                f"{CONSTANTS.board_width} files, got {row}", where=f'{package}/{DATA}: $.standard["{rank}"]'
            )  # fmt: skip
    return table


STANDARD: dict[str, list[str]] = standard_deployment()
"""The standard deployment, by rank: the unit kind on each file, "-" for none."""


def usable_by(card: AztecCard, side: Side) -> bool:
    """Whether ``side`` may play ``card`` at all (the User column, AZ-R06)."""
    return card.user is User.E or card.user is SIDES[side].user


def starting_hits(side: Side) -> int:
    """A side's total Hits at the start (30 Aztec, 31 Conquistador)."""
    return sum(u.count * u.hits for u in UNITS.values() if u.side is side)
