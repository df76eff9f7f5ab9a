"""What a game declares: its spec, its setup options, its counters.

A :class:`GameSpec` is the whole declaration of a game: its zones and counters
(created by the engine), its setup options (validated by the engine), its turn
(phases, turn order, first player), its end (an end condition checked whenever
a phase ends, turn and round limits) and its own extra state (``table_type``).
Rule code lives in the phase and step classes it names.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs

from .._rules.flow import TurnOrder
from .._rules.steps import Step
from .._values.decisions import Result
from .._values.errors import InvalidData, RuleError
from .._values.settings import flag_setting, whole_setting
from .._values.zones import MAX_SEATS, SeatZones, Zone
from ..grid import Board

if TYPE_CHECKING:
    from .._rules.match import Match


class Tally(str):
    """A declared counter; the object is also its name (``m.add(FOOD, 2, seat)``).

    ``per_seat`` counters start at ``start`` for every seat when a match is set
    up, and views show them as one list by seat.
    """

    per_seat: bool
    start: int

    def __new__(cls, name: str, *, per_seat: bool = True, start: int = 0) -> Tally:
        self = super().__new__(cls, name)
        self.per_seat = per_seat
        self.start = start
        return self

    def __reduce__(self) -> Any:
        return (str, (str(self),))


def _optional_whole(name: str) -> Callable[[Any, Any, Any], Any]:
    """An attrs validator: None, or a whole number of at least 1 (an ``InvalidData`` naming ``name``)."""
    return lambda _, __, value: value is None or whole_setting(value, name, least=1)


@attrs.frozen
class SetupOption:
    """A setup option: its default and, if it is limited, the values it accepts."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""

    def __attrs_post_init__(self) -> None:
        if self.choices is not None and not _among(self.default, self.choices):
            raise RuleError(f"option {self.name!r}: the default {self.default!r} is not one of {list(self.choices)}")

    def check(self, value: Any) -> Any:
        """``value`` if it is acceptable, else InvalidData naming the option.

        With ``choices``, the value must be one of them (of the same type: ``True``
        is not ``1``). Without, it must have the default's type (an int is accepted
        where the default is a float); a default of None accepts anything."""
        where = f"options.{self.name}"
        if self.choices is not None:
            if not _among(value, self.choices):
                raise InvalidData(f"must be one of {list(self.choices)}, not {value!r}", where=where)
            return value
        kind = type(self.default)
        if self.default is None or type(value) is kind or (kind is float and type(value) is int):
            return value
        raise InvalidData(f"must be of type {kind.__name__}, not {value!r}", where=where)


def _among(value: Any, choices: tuple[Any, ...]) -> bool:
    return any(value == c and type(value) is type(c) for c in choices)


@functools.cache
def _makes_itself(kind: type) -> bool:
    """Whether an attrs class can be made with no arguments."""
    return attrs.has(kind) and all(f.default is not attrs.NOTHING for f in attrs.fields(kind))


def _options(value: Any) -> tuple[SetupOption, ...]:
    if isinstance(value, Mapping):
        return tuple(SetupOption(name, default) for name, default in value.items())
    return tuple(value)


@attrs.frozen
class SearchHints:
    """How search bots (``ismcts``, ``mc``) play a game: ``GameSpec.search``. None of
    it is a rule, and a match plays the same without it; each is a bot's default,
    which a bot's own setting overrides."""

    horizon: int | None = attrs.field(default=None, validator=_optional_whole("search.horizon"))
    """How many actions a search bot's playout runs before it judges a match in
    progress by ``scores`` or ``at_limit`` (the default ``horizon`` of ``ismcts`` and
    ``mc``; None: theirs, 10). A game whose gains take many actions to show, such as
    loot that comes in only every few turns, asks for more; every action costs time."""
    iterations: int | None = attrs.field(default=None, validator=_optional_whole("search.iterations"))
    """How many iterations an ``ismcts`` search runs per decision (its default
    ``iterations``; None: the bot's own, 200). A game whose searches are cheap
    (short playouts, few options) can afford more within the time a player waits,
    and gains where a decision's worth is small beside the luck of the deal;
    every iteration costs time."""
    settle: bool = attrs.field(default=False, validator=lambda _, __, v: flag_setting(v, "search.settle"))
    """Whether a search playout cut short by the horizon plays on to the end of the
    turn in progress before it is judged (the default ``settle`` of ``ismcts`` and
    ``mc``). Worth it where a turn's outcome (who won a contest, a fight) shows only
    at its end and the judgement cannot see it halfway; it makes playouts longer."""
    reuse: bool = attrs.field(default=False, validator=lambda _, __, v: flag_setting(v, "search.reuse"))
    """Whether an ``ismcts`` search starts from the subtree its previous search grew
    below the option chosen, when its decision directly follows that choice (the
    default ``reuse`` of ``ismcts``). Worth it where a player's turn is a long run
    of their own decisions, each small (a card, then its target, then the next
    card): the later steps start from what the first search learnt about them."""
    scores: Callable[[Match], Sequence[float]] | None = None
    """Each seat's standing in a match in progress, one number of at least 0 per seat,
    more is better, for search bots judging a playout cut short (in place of the
    scores of ``at_limit``, which say who wins when the last turn is over and may
    move too rarely to tell good play from bad). Only consulted by searches; it
    never decides a match. It is called on the copies a search plays on, in which
    what the searching seat cannot see has been dealt again, so it may read anything."""


@attrs.frozen
class GameSpec:
    """Everything the engine needs to know about a game, returned by ``register_games``.

    The functions receive the :class:`~boardcore.Match` they work on.
    """

    name: str
    summary: str
    player_counts: tuple[int, ...]
    phases: tuple[type, ...] = ()
    """The phases of every turn, in order: Phase classes or single-step classes."""
    zones: tuple[Zone | SeatZones, ...] = ()
    """Zones the engine creates at set-up (a ``deck=True`` zone gets every card, shuffled)."""
    counters: tuple[Tally, ...] = ()
    """Counters the engine sets to their start values at set-up."""
    setup: Callable[[Match], None] | None = None
    """Anything else a new match needs (the table, dealing), after zones and counters."""
    setup_phases: tuple[type, ...] = ()
    """Phases run once before the first turn (a deployment)."""
    turn_order: TurnOrder = TurnOrder.EVERYONE
    first_player: Callable[[Match], int] | None = None
    """Who takes the first turn (seat 0, or the first seat still in, by default).
    Rounds are counted from this seat, so it is asked again each turn and must
    give the same seat for the whole match."""
    end_if: Callable[[Match], Result | None] | None = None
    """The end condition: returns the result when the match is over, None while it
    goes on. Checked as ``end_check`` says, and wherever the rules call
    ``Match.check_end`` (for a game that ends "at once")."""
    end_check: Literal["phase", "turn"] = "phase"
    """When the engine asks ``end_if``: ``"phase"``, whenever a phase ends (and a
    turn); ``"turn"``, only when the turn's last phase ends and when the turn ends.
    ``"turn"`` spares a game whose end can only come about in its last phase, or
    where its rules call ``Match.check_end``, the checks that could never find an
    end (a check costs what ``end_if`` costs, several times a turn)."""
    turn_limit: int | None = None
    """The last turn; when it is over, ``at_limit`` decides the result."""
    round_limit: int | None = None
    """The last round; when it is over, ``at_limit`` decides the result."""
    at_limit: Callable[[Match], Result] | None = None
    search: SearchHints = attrs.field(factory=lambda: SearchHints())
    """How search bots play this game (never a rule): see :class:`SearchHints`."""
    table_type: type | None = None
    """The game's own frozen attrs class for its extra state (``match.table``)."""
    board: Board | None = None
    """The square board the game's pieces stand on, if it has one (``boardcore.grid``):
    views then give its size, and the terminal draws it with the pieces on it."""
    describe: Callable[[Match, int | None], dict[str, Any]] | None = None
    """Extra, game-specific entries for a player's view (``None``: a spectator's).
    Must only use what that player may see. Most games need none: the default view shows cards with
    their data, counters by seat, pieces and the table."""
    redeal: Callable[[Match, int], Sequence[Sequence[str]]] | None = None
    """Groups of zones hidden from a player whose cards could be in any zone of
    the group, for ``State.determinize``. None means: all hidden zones, one group
    (right for a shared deck; a game with one deck per player says otherwise)."""
    options: tuple[SetupOption, ...] = attrs.field(default=(), converter=_options)
    """Setup options (a mapping of defaults is accepted too)."""
    rules_version: int = attrs.field(default=1, validator=lambda _, __, v: whole_setting(v, "rules_version", least=1))
    """The version of the game's decisions. A save holds its choices as indexes into
    the options each decision offered, so raise it with any change that offers other
    options, or the same in another order, at some point of some match: a save made
    under another version is then refused with a clear error instead of replaying
    into another match. Changes that leave every option list as it was need none."""

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            # 0.3's search_* fields, read: kept for this version, with a warning
            if name in _OLD_SEARCH_NAMES:
                warnings.warn(
                    f"GameSpec.{name} is now GameSpec.search.{_OLD_SEARCH_NAMES[name]} (see {_MIGRATION})",
                    DeprecationWarning,
                    stacklevel=2,
                )
                return getattr(self.search, _OLD_SEARCH_NAMES[name])
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The full options of a match: defaults, overridden by ``given`` (checked)."""
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise InvalidData(f"{self.name} has no option {unknown} (options: {sorted(known)})", where="options")
        return {name: known[name].check(given[name]) if name in given else option.default for name, option in known.items()}

    def __attrs_post_init__(self) -> None:
        _check_declaration(self)
        families = [z for z in self.zones if isinstance(z, SeatZones)]
        if families and max(self.player_counts, default=0) > MAX_SEATS:
            raise RuleError(f"{self.name}: a SeatZones family names zones for at most {MAX_SEATS} seats")

    def build(self, m: Match) -> None:
        """Create the declared zones and counters of a new match, and the table when
        ``table_type`` can be made with no arguments."""
        if self.table_type is not None and _makes_itself(self.table_type):
            m.table = self.table_type()
        decks = [zone for zone in self.zones if isinstance(zone, Zone) and zone.deck]
        if len(decks) > 1:
            raise RuleError(f"{self.name} declares more than one deck zone: {decks}")
        for zone in self.zones:
            if isinstance(zone, Zone):
                cards = tuple(m.rules.cards) if zone.deck else ()
                m.add_zone(zone, zone.spec(), cards)
        for family in self.zones:
            if isinstance(family, SeatZones):
                for seat in range(m.players):
                    zone = family[seat]
                    m.add_zone(zone, zone.spec())
        for counter in self.counters:
            if counter.per_seat:
                for seat in range(m.players):
                    m.set_count(counter, counter.start, seat)
            elif counter.start:
                m.set_count(counter, counter.start)
        for zone in decks:
            m.shuffle(zone)


_OLD_SEARCH_NAMES = {
    "search_horizon": "horizon", "search_iterations": "iterations", "search_settle": "settle",
    "search_reuse": "reuse", "search_scores": "scores",
}  # fmt: skip
"""0.3's ``GameSpec`` fields that 0.4 groups in ``GameSpec.search``: {old name: its name there}."""
_MIGRATION = "docs/migration.md, From 0.3 to 0.4"


def _moved(old: Sequence[str]) -> str:
    given = ", ".join(f"{name}=..." for name in old)
    now = ", ".join(f"{_OLD_SEARCH_NAMES[name]}=..." for name in old)
    return f"GameSpec({given}) is now GameSpec(search=boardcore.SearchHints({now}))"


def _accepting_old_search_names(init: Callable[..., None]) -> Callable[..., None]:
    """``GameSpec.__init__`` that also takes 0.3's ``search_*`` keywords for this version,
    with a ``DeprecationWarning`` that names the new spelling."""

    @functools.wraps(init)
    def __init__(self: GameSpec, *args: Any, **kwargs: Any) -> None:
        old = [name for name in kwargs if name in _OLD_SEARCH_NAMES]
        if old:
            warnings.warn(f"{_moved(old)}; the old names go in the next version (see {_MIGRATION})", DeprecationWarning, stacklevel=2)
            hints = kwargs.get("search", SearchHints())
            if not isinstance(hints, SearchHints):
                raise RuleError(f"GameSpec: search must be a boardcore.SearchHints, not {hints!r}")
            kwargs["search"] = attrs.evolve(hints, **{_OLD_SEARCH_NAMES[name]: kwargs.pop(name) for name in old})
        init(self, *args, **kwargs)

    return __init__


GameSpec.__init__ = _accepting_old_search_names(GameSpec.__init__)  # type: ignore[method-assign]


_CALLABLES = ("setup", "first_player", "end_if", "at_limit", "describe", "redeal")


def _check_declaration(spec: GameSpec) -> None:
    """Refuse a malformed spec when it is made, naming the field, rather than with a
    bare TypeError at the first match or a failure many turns into one."""
    name = spec.name

    def refuse(field: str, problem: str) -> None:
        raise RuleError(f"GameSpec {name!r}: {field} {problem}")

    if not isinstance(name, str) or not name:
        raise RuleError(f"GameSpec: name must be a non-empty string, not {name!r}")
    counts = spec.player_counts
    if not isinstance(counts, tuple) or not counts:
        refuse("player_counts", f"must be a non-empty tuple of seat counts, such as (2, 3), not {counts!r}")
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            refuse("player_counts", f"must hold whole numbers of at least 1, not {count!r}")
    for field in ("phases", "setup_phases"):
        entries = getattr(spec, field)
        if not isinstance(entries, tuple):
            refuse(field, f"must be a tuple of Phase or step classes, not {entries!r}")
        for at, entry in enumerate(entries):
            if not (isinstance(entry, type) and issubclass(entry, Step)):
                hint = f" (declare the class {type(entry).__name__}, not an instance)" if isinstance(entry, Step) else ""
                refuse(f"{field}[{at}]", f"must be a Phase or step class, not {entry!r}{hint}")
    for at, zone in enumerate(spec.zones):
        if not isinstance(zone, (Zone, SeatZones)):
            refuse(f"zones[{at}]", f"must be a boardcore.Zone or SeatZones, not {zone!r}")
    for at, counter in enumerate(spec.counters):
        if not isinstance(counter, Tally):
            refuse(f"counters[{at}]", f"must be a boardcore.Tally, such as Tally({str(counter)!r}), not {counter!r}")
    for field in _CALLABLES:
        value = getattr(spec, field)
        if value is not None and not callable(value):
            refuse(field, f"must be a function of the match, not {value!r}")
    if spec.end_check not in ("phase", "turn"):
        refuse("end_check", f"must be 'phase' or 'turn', not {spec.end_check!r:.60}")
    if not isinstance(spec.search, SearchHints):
        refuse("search", f"must be a boardcore.SearchHints, not {spec.search!r}")
    if spec.search.scores is not None and not callable(spec.search.scores):
        refuse("search.scores", f"must be a function of the match, not {spec.search.scores!r}")
    for field in ("turn_limit", "round_limit"):
        limit = getattr(spec, field)
        if limit is not None:
            whole_setting(limit, f"GameSpec {name!r}: {field}", least=0)
            if spec.at_limit is None:
                refuse(field, "is set but at_limit is not: the engine needs at_limit to decide the result at the limit")
    if spec.table_type is not None and not attrs.has(spec.table_type):
        refuse("table_type", f"must be an attrs class, not {spec.table_type!r}")
    if spec.board is not None and not isinstance(spec.board, Board):
        refuse("board", f"must be a boardcore.grid.Board, not {spec.board!r}")
    if not isinstance(spec.turn_order, TurnOrder):
        refuse("turn_order", f"must be a boardcore.TurnOrder, not {spec.turn_order!r}")
    _check_refills(spec)


def _check_refills(spec: GameSpec) -> None:
    """A declared zone's ``refill`` must name a declared zone, when the game adds no
    zones of its own in ``setup`` (then only a match can tell)."""
    if spec.setup is not None:
        return
    declared = {str(z) for zone in spec.zones for z in ((zone,) if isinstance(zone, Zone) else zone)}
    for zone in spec.zones:
        for member in (zone,) if isinstance(zone, Zone) else zone:
            if member.refill is not None and member.refill not in declared:
                raise RuleError(f"GameSpec {spec.name!r}: zone {str(member)!r} refills from {member.refill!r}, which is no declared zone")
