"""The match: every piece of a game's state, and the API that rule code uses to change it.

:class:`MatchData` lists the stored fields once (an attrs class; saving and
loading walk its fields). Every container in it is replaced rather than
mutated, so a clone or a rollback snapshot is a handful of reference copies.
:class:`Match` adds the rule API: rule code changes a match only through its
methods, and each change is recorded as an event.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from .._values import rng
from .._values.actions import Action
from .._values.decisions import Decision, Result, make_decision
from .._values.errors import PluginError, RuleError
from .._values.events import (
    QUIETLY,
    Chose,
    Moment,
    MomentCancelled,
    PhaseBegan,
    CardsMoved,
    CounterChanged,
    DieRolled,
    Event,
    GameOver,
    PieceAdded,
    PieceMoved,
    PieceRemoved,
    PlayerOut,
    Shuffled,
)
from .._values.evolving import evolve
from .._values.log import EventLog, SharedLog
from .._values.memo import keep
from .._values.zones import SeatZones, ZoneSpec, attachment_zone
from .moments import perform
from .steps import Answer, Step

if TYPE_CHECKING:
    from .._games.game import Game

C = TypeVar("C")


@attrs.frozen
class Piece:
    """A token on the table that is not a card: a generic person marker, a unit.

    ``square`` is a square name (``"e4"``) for a piece on a board, None for one
    that is not on a board (see :func:`boardcore.grid.square_of`).
    """

    kind: str
    owner: int
    square: str | None = None


@lru_cache(maxsize=256)
def skip_counter(phase: str) -> str:
    """The name of the per-seat counter that holds a seat's skips of ``phase``."""
    return f"skip {phase}"


@lru_cache(maxsize=1024)
def skip_key(phase: str, player: int) -> str:
    """The storage key of ``player``'s skips of ``phase``."""
    return counter_key(skip_counter(phase), player)


@lru_cache(maxsize=4096)
def counter_key(name: str, owner: int | str | None) -> str:
    """The storage key of counter ``name`` owned by ``owner``."""
    # Cached: every read and write of a counter makes its key, and a game has
    # few counters, so a lookup is cheaper than formatting the key again.
    return name if owner is None else f"{name}@{owner}"


def no_zone(zone: Any) -> str:
    """The error for a zone the match lacks; a family given for one of its zones is
    the usual slip (``HAND`` where ``HAND[seat]`` was meant)."""
    if isinstance(zone, SeatZones):
        return f"there is no zone {zone!r}: it is a family of zones, one per seat; give one, such as {zone[0]!r} for seat 0"
    return f"there is no zone {zone!r}"


@attrs.define(slots=True, eq=False)
class MatchData:
    """The stored state of one match: plain data that saves to JSON and back.

    Field order is the order of the saved document. Containers are never
    mutated in place: every change builds a new one.
    """

    game_name: str
    """The game's registered name (``Match.rules`` is the loaded game); saved as ``game``."""
    players: int
    seed: int
    options: dict[str, Any]
    rng: int
    """The generator state (SplitMix64), saved as hexadecimal."""
    zones: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    """Card ids by zone, bottom first."""
    specs: dict[str, ZoneSpec] = attrs.Factory(dict)
    counters: dict[str, int] = attrs.Factory(dict)
    pieces: dict[str, Piece] = attrs.Factory(dict)
    serial: int = 0
    """The last number used for a piece id."""
    table: Any = None
    """The game's own frozen attrs record (``GameSpec.table_type``)."""
    turn: int = 0
    round: int = 0
    """Rounds begun: a round is every seat still in taking one turn (in a game where
    everybody acts each turn, rounds are turns)."""
    active_seat: int | None = None
    """The seat whose turn it is (None in games where everybody acts each turn)."""
    phase: str = "setup"
    in_phase: bool = False
    """Whether ``phase`` is still open (it ends when the flow reaches the next phase or turn)."""
    out: tuple[int, ...] = ()
    """Eliminated seats, in the order they went out."""
    marks: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    """Per-turn flags (``Match.mark``), cleared when a turn begins."""
    agenda: tuple[Step, ...] = ()
    """Steps still to run; the last one runs next."""
    asks: tuple[tuple[Decision, Step], ...] = ()
    """Open decisions, each with the step that takes its answer."""
    triggered: tuple[Step, ...] = ()
    """Steps that reactions asked for during the current step (``Match.trigger``)."""
    drafts: dict[int, tuple[str, ...]] = attrs.Factory(dict)
    """Each player's picks in a selection under way (hidden from the others)."""
    sealed: dict[int, Step] = attrs.Factory(dict)
    """Secret selections finished but not yet revealed, by player: the step that
    asked, so a determinized copy can ask the choice again."""
    loaded: tuple[int, ...] = ()
    """Die results a test loaded, used before the generator."""
    log: EventLog = attrs.Factory(EventLog)
    """The events so far (:class:`~boardcore.State.events` reads them)."""
    history: SharedLog[tuple[int, Action]] = attrs.Factory(SharedLog)
    result: Result | None = None
    choices: SharedLog[tuple[int, int]] = attrs.Factory(SharedLog)
    """For each entry of ``history``, its player and the index of its action among the options
    offered: all a save needs to replay the match (see ``replayable``)."""
    replayable: bool = True
    """Whether replaying the seed, options and ``choices`` gives exactly this match.
    Saves of a replayable match store the choices instead of the log and the
    history. Arranging a position by hand (``boardcore.testing``) or dealing the
    hidden cards again (``State.determinize``) makes a match not replayable."""


def _card_data(rules: Game) -> dict[tuple[str, ...], tuple[Any, ...]]:
    """The cards' data of each set of card ids asked about, kept with the loaded game
    (``Game.memo``): its cards never change, and a hand is read again and again
    within a turn (every pick of a selection looks at the hand once more)."""
    return {}


FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(MatchData))
SAVED_AS: dict[str, str] = {name: "game" if name == "game_name" else name for name in FIELDS}
"""Each field's key in a saved match: a field renamed since saves began keeps its old key."""
_set_all = MatchData.__init__


def _field_copiers() -> tuple[Callable[[MatchData], tuple[Any, ...]], Callable[[MatchData, MatchData], None]]:
    """``get_all(m)``, the tuple of every field of ``m``, and ``copy_all(source,
    target)``, written out field by field from :data:`FIELDS`.

    Every ``apply`` takes the tuple (its rollback snapshot) and every clone copies
    the fields. Spelled out, each read is an attribute load the interpreter
    specializes for slots: about five times faster than ``operator.attrgetter``
    over the same names, which looks each one up by name."""
    get = "def get_all(m):\n    return (" + "".join(f"m.{name}, " for name in FIELDS) + ")\n"
    copy = "def copy_all(source, target):\n" + "".join(f"    target.{name} = source.{name}\n" for name in FIELDS)
    made: dict[str, Any] = {}
    exec(get + copy, made)  # the source is made from the field names above and nothing else
    return made["get_all"], made["copy_all"]


_get_all, _copy_all = _field_copiers()


class Match(MatchData):
    """One match: its stored data (:class:`MatchData`) and the rule-author API over it."""

    __slots__ = ("rules", "_owned", "_placed", "answering")

    rules: Game
    """The loaded game (spec, cards, effects, plugins); not part of the saved data."""
    _owned: tuple[dict[str, Piece], dict[tuple[int, str | None], tuple[str, ...]]] | None
    # ``pieces`` indexed by (owner, kind) and (owner, None), with the very dict it
    # indexes: ``pieces`` is replaced on every change, so an index is valid while
    # it is that dict (a cache, never saved).
    _placed: tuple[dict[str, Piece], dict[str, str]] | None
    # ``{square: piece id}`` of the pieces on the board, with the very ``pieces`` dict
    # it was read from (a cache like ``_owned``): boards are read far more often than moved.
    answering: tuple[Decision, Step, int] | None
    """The decision whose answer ``State.apply`` is handing to its step, with the step
    and the index of the option chosen, while ``Step.resolve`` runs (None otherwise;
    never saved): a selection that narrows reads the options it offered from it
    instead of building them again."""

    def __init__(self, rules: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.rules = rules
        self._owned = self._placed = None
        self.answering = None
        super().__init__(rules.name, players, seed, dict(options), rng.seed_state(seed))

    @property
    def game(self) -> str:
        """0.3's name for :attr:`game_name`, kept for one version with a warning."""
        warnings.warn(
            "Match.game is now Match.game_name (Match.rules is the loaded game); the old name goes in the next "
            "version (see docs/migration.md, From 0.3 to 0.4)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.game_name

    # -- copying ---------------------------------------------------------------------

    def fork(self) -> Match:
        """An independent copy. Containers are shared because they are never mutated."""
        twin = object.__new__(Match)
        twin.rules = self.rules
        twin._owned = self._owned
        twin._placed = self._placed
        twin.answering = None
        _copy_all(self, twin)
        twin.log = self.log.fork()
        twin.history = self.history.fork()
        twin.choices = self.choices.fork()
        return twin

    def snapshot(self) -> tuple[Any, ...]:
        """Everything needed to undo the changes made after this call (``restore``).
        ``State.apply`` takes the same tuple inline; this stays for rule and tool code."""
        return _get_all(self), len(self.log), len(self.history)

    def restore(self, snap: tuple[Any, ...]) -> None:
        values, log_size, history_size = snap
        _set_all(self, *values)
        self.log.truncate(log_size)
        self.history.truncate(history_size)
        if len(self.choices) > history_size:  # a replayable match has one choice per history entry
            self.choices.truncate(history_size)

    # -- who and where ---------------------------------------------------------------

    @property
    def active(self) -> int:
        """The seat whose turn it is. Raises in games where everybody acts each turn."""
        seat = self.active_seat
        if seat is None:
            raise RuleError(f"{self.game_name} has no active seat now")
        return seat

    @active.setter
    def active(self, seat: int) -> None:
        self.active_seat = seat

    # -- events ----------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record ``event``, then let the card effects that react to its class and the
        ``on_event`` hook implementations act on it (they may change the match)."""
        log = self.log
        if log._owner and len(log._items) == log._size:  # the common case of SharedLog.append, inlined: it runs per event
            log._items.append(event)
            log._size += 1
        else:
            log.append(event)
        rules = self.rules
        if rules.reacting:
            for react in rules.reactions(type(event)):
                asked = self.asks
                react(self, event)
                if self.asks is not asked:
                    # Asking from the middle of the rules would answer into a step
                    # that has moved on: the docs' rule, enforced.
                    raise RuleError(
                        f"a reaction to {type(event).__name__} asked a player directly; "
                        "a reaction that needs a decision schedules a step with m.trigger(step)"
                    )

    def record(self, kind: type[Event], *fields: Any) -> None:
        """Record the event ``kind(*fields)``: the same as ``emit(kind(*fields))``, but
        when nothing reacts to events (no card effect and no ``on_event`` hook) the
        event is built only when the log is first read, which most playouts never
        do. For event classes whose construction cannot fail (no validators)."""
        if self.rules.reacting:
            self.emit(kind(*fields))
            return
        log = self.log
        if log._owner and len(log._items) == log._size:  # as in emit
            log._items.append((kind, fields))
            log._size += 1
        else:
            log.append((kind, fields))

    # -- cards and zones -------------------------------------------------------------

    def card(self, card_id: str) -> Any:
        """The data of card ``card_id`` (the game's :class:`~boardcore.Card` subclass)."""
        try:
            return self.rules.cards[card_id]
        except KeyError:
            raise RuleError(f"{self.game_name} has no card {card_id!r}") from None

    def add_zone(self, zone: str, spec: ZoneSpec, cards: Iterable[str] = ()) -> None:
        """Create a zone holding ``cards`` (bottom first)."""
        if zone in self.specs:
            raise RuleError(f"zone {zone!r} already exists")
        zone = str(zone)  # a declared Zone is a str subclass; keep the match's keys plain
        self.specs = {**self.specs, zone: spec}
        self.zones = {**self.zones, zone: tuple(cards)}

    def fill(self, zone: str, cards: Iterable[str]) -> None:
        """Put cards that are in no zone yet on top of ``zone`` (dealing out a deck at set-up)."""
        cards = tuple(cards)
        new = set(cards)
        # The usual case is checked with set operations alone: every card known,
        # none twice, none in a zone that holds cards already.
        if len(new) != len(cards) or not new <= self.rules.cards.keys() or any(not new.isdisjoint(held) for held in self.zones.values() if held):
            unknown = new.difference(self.rules.cards)
            placed = set().union(*self.zones.values()).intersection(cards)
            twice = sorted({c for c in cards if cards.count(c) > 1})
            raise RuleError(
                f"cannot fill {zone!r}: unknown cards {sorted(unknown)}, already placed {sorted(placed)}, given twice {twice}"
            )
        self.zones = {**self.zones, zone: self.cards(zone) + cards}

    def remove_zone(self, zone: str) -> None:
        """Delete an empty zone."""
        if self.zones.get(zone):
            raise RuleError(f"zone {zone!r} still holds cards and cannot be removed")
        self.specs = {k: v for k, v in self.specs.items() if k != zone}
        self.zones = {k: v for k, v in self.zones.items() if k != zone}

    def cards(self, zone: str) -> tuple[str, ...]:
        """The cards in ``zone``, bottom first (the top of a pile is the last)."""
        try:
            return self.zones[zone]
        except (KeyError, TypeError):
            raise RuleError(no_zone(zone)) from None

    def zone_spec(self, zone: str) -> ZoneSpec:
        try:
            return self.specs[zone]
        except (KeyError, TypeError):
            raise RuleError(no_zone(zone)) from None

    def locate(self, card_id: str) -> str:
        """The zone that holds ``card_id`` (a scan; rule code usually knows already)."""
        for zone, cards in self.zones.items():
            if card_id in cards:
                return zone
        raise RuleError(f"card {card_id!r} is in no zone")

    def move(self, cards: Sequence[str], source: str, target: str) -> None:
        """Move ``cards`` from ``source`` onto the top of ``target``, in order."""
        if not cards:
            return
        if isinstance(cards, str):
            raise RuleError("move() takes a sequence of card ids, not one id")
        if source == target:
            raise RuleError(f"cannot move cards from {source!r} to itself")
        zones = self.zones
        held = zones.get(source)
        if held is None or target not in zones:
            raise RuleError(no_zone(source if held is None else target))
        gone = set(cards)
        if len(gone) != len(cards) or not gone.issubset(held):
            missing = [c for c in cards if c not in held]
            raise RuleError(f"cannot move {missing or list(cards)} from {source!r}: not there")
        moved = tuple(cards)
        self.zones = {**zones, source: tuple([c for c in held if c not in gone]), target: zones[target] + moved}
        self.record(CardsMoved, moved, source, target)

    def move_all(self, source: str, target: str) -> tuple[str, ...]:
        """Move every card of ``source`` onto ``target``; returns them."""
        moved = self.cards(source)
        if source == target:
            raise RuleError(f"cannot move cards from {source!r} to itself")
        if moved:
            self.cards(target)
            self.zones = {**self.zones, source: (), target: self.zones[target] + moved}
            self.record(CardsMoved, moved, source, target)
        return moved

    def put_under(self, cards: Sequence[str], source: str, target: str) -> None:
        """Move ``cards`` from ``source`` to the bottom of ``target``."""
        self.move(cards, source, target)
        target_cards = self.zones[target]
        n = len(cards)
        self.zones = {**self.zones, target: target_cards[-n:] + target_cards[:-n]}

    def shuffle(self, zone: str) -> None:
        """Shuffle ``zone`` with the match's generator."""
        order, self.rng = rng.shuffled(self.rng, self.cards(zone))
        self.zones = {**self.zones, zone: order}
        self.record(Shuffled, zone, len(order))

    def draw(self, source: str, target: str, n: int = 1) -> tuple[str, ...]:
        """Draw ``n`` cards one at a time from the top of ``source`` into ``target``.

        When a draw finds ``source`` empty, its ``refill`` zone (if it declares one)
        is shuffled into it first; a draw with both empty is skipped. Returns the
        cards drawn, which may be fewer than ``n`` only in that last case.
        """
        if source == target:
            raise RuleError(f"cannot draw from {source!r} into itself")
        zones = self.zones
        if source not in zones or target not in zones:
            raise RuleError(no_zone(source if source not in zones else target))
        pile = zones[source]
        if 0 < n <= len(pile):  # the usual draw, with no refill: one move
            cut = len(pile) - n
            got = pile[cut:][::-1]
            self.zones = {**zones, source: pile[:cut], target: zones[target] + got}
            self.record(CardsMoved, got, source, target)
            return got
        drawn: tuple[str, ...] = ()
        while len(drawn) < n:
            pile = self.zones[source]
            if not pile:
                refill = self.zone_spec(source).refill
                if refill is None or not self.cards(refill):
                    break
                self.move_all(refill, source)
                self.shuffle(source)
                continue
            take = min(n - len(drawn), len(pile))
            got = pile[len(pile) - take :][::-1]
            zones = self.zones
            self.zones = {**zones, source: pile[: len(pile) - take], target: zones[target] + got}
            self.record(CardsMoved, got, source, target)
            drawn += got
        return drawn

    def attach(self, card_id: str, source: str, host: str, owner: int) -> None:
        """Attach ``card_id`` (from ``source``) to ``host``, a card or piece in play."""
        zone = attachment_zone(host)
        if zone not in self.specs:
            self.add_zone(zone, ZoneSpec(owner=owner, host=host))
        self.move((card_id,), source, zone)

    def attached(self, host: str) -> tuple[str, ...]:
        """The cards attached to ``host``."""
        return self.zones.get(attachment_zone(host), ())

    def release(self, host: str, target: str) -> tuple[str, ...]:
        """Move every card attached to ``host`` to ``target`` and drop the zone."""
        zone = attachment_zone(host)
        if zone not in self.specs:
            return ()
        moved = self.move_all(zone, target)
        self.remove_zone(zone)
        return moved

    # -- counters --------------------------------------------------------------------

    def count(self, name: str, owner: int | str | None = None) -> int:
        """The value of a counter (0 when it was never set)."""
        return self.counters.get(counter_key(name, owner), 0)

    def set_count(self, name: str, value: int, owner: int | str | None = None) -> None:
        """Set a counter. Counters never go below zero."""
        key = counter_key(name, owner)
        old = self.counters.get(key, 0)
        if type(value) is not int:
            raise RuleError(f"counter {key!r} holds whole numbers, not {value!r}")
        if value < 0:
            raise RuleError(f"counter {key!r} cannot become {value}: counters are never negative")
        if value != old:
            self.counters = {**self.counters, key: value}
            self.record(CounterChanged, name, owner, old, value)

    def add(self, name: str, delta: int, owner: int | str | None = None) -> int:
        """Add ``delta`` (which may be negative) to a counter; returns the new value."""
        value = self.count(name, owner) + delta
        self.set_count(name, value, owner)
        return value

    def take(self, name: str, wanted: int, owner: int | str | None = None) -> int:
        """Remove up to ``wanted`` from a counter; returns how much was removed."""
        if type(wanted) is not int or wanted < 0:
            raise RuleError(f"cannot take {wanted!r} from counter {counter_key(name, owner)!r}")
        taken = min(wanted, self.count(name, owner))
        if taken > 0:
            self.add(name, -taken, owner)
        return taken

    # -- pieces ----------------------------------------------------------------------

    def add_piece(self, kind: str, owner: int, square: str | None = None) -> str:
        """Create a piece; returns its new id (``"<kind>-<n>"``, unique in the match)."""
        self.serial += 1
        piece_id = f"{kind}-{self.serial}"
        before = self.pieces
        self.pieces = {**before, piece_id: Piece(kind, owner, square)}
        owned = self._owned
        if owned is not None and owned[0] is before:
            # The index follows along: the youngest piece goes last, as a rebuild would put it.
            index = dict(owned[1])
            for key in ((owner, None), (owner, kind)):
                index[key] = index.get(key, ()) + (piece_id,)
            self._owned = (self.pieces, index)
        self.record(PieceAdded, piece_id, kind, owner)
        return piece_id

    def remove_piece(self, piece_id: str) -> Piece:
        """Remove a piece and its counters; attachments must have been released first."""
        pieces = dict(self.pieces)
        try:
            piece = pieces.pop(piece_id)
        except KeyError:
            raise RuleError(f"there is no piece {piece_id!r}") from None
        if self.attached(piece_id):
            raise RuleError(f"piece {piece_id!r} still carries attachments")
        owned = self._owned
        if owned is not None and owned[0] is self.pieces:
            index = dict(owned[1])
            for key in ((piece.owner, None), (piece.owner, piece.kind)):
                index[key] = tuple([other for other in index[key] if other != piece_id])
            self._owned = (pieces, index)
        self.pieces = pieces
        suffix = f"@{piece_id}"
        if any(key.endswith(suffix) for key in self.counters):
            self.counters = {k: v for k, v in self.counters.items() if not k.endswith(suffix)}
        self.record(PieceRemoved, piece_id)
        return piece

    def move_piece(self, piece_id: str, square: str | None) -> None:
        piece = self.pieces.get(piece_id)
        if piece is None:
            raise RuleError(f"there is no piece {piece_id!r}")
        before = self.pieces
        self.pieces = {**before, piece_id: evolve(piece, square=square)}
        owned = self._owned
        if owned is not None and owned[0] is before:  # owners and kinds are as they were
            self._owned = (self.pieces, owned[1])
        self.record(PieceMoved, piece_id, piece.square, square)

    def entry(self, piece_id: str) -> int:
        """The order in which ``piece_id`` entered play: a number that grows with each
        piece added to the match (``pieces`` also lists pieces in that order)."""
        if piece_id not in self.pieces:
            raise RuleError(f"there is no piece {piece_id!r}")
        return int(piece_id.rpartition("-")[2])

    def pieces_of(self, owner: int, kind: str | None = None) -> tuple[str, ...]:
        """Ids of ``owner``'s pieces (of one ``kind`` if given), oldest first."""
        pieces = self.pieces
        owned = self._owned
        if owned is None or owned[0] is not pieces:
            index: dict[tuple[int, str | None], list[str]] = {}
            for pid, p in pieces.items():
                index.setdefault((p.owner, None), []).append(pid)
                index.setdefault((p.owner, p.kind), []).append(pid)
            owned = self._owned = (pieces, {key: tuple(ids) for key, ids in index.items()})
        return owned[1].get((owner, kind), ())

    def _squares(self) -> dict[str, str]:
        """``{square: piece id}`` for every piece on the board, in the order of
        ``pieces``; worked out once per arrangement of the pieces and shared, so
        never to be changed (``boardcore.grid.occupancy`` hands out copies)."""
        pieces = self.pieces
        placed = self._placed
        if placed is None or placed[0] is not pieces:
            placed = self._placed = (pieces, {p.square: pid for pid, p in pieces.items() if p.square is not None})
        return placed[1]

    # -- randomness ------------------------------------------------------------------

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` from the match's generator."""
        value, self.rng = rng.below(self.rng, n)
        return value

    def roll(self, sides: int, reason: str = "", *, player: int | None = None, purpose: str = "") -> int:
        """Roll one die and return its result: performs a :class:`~boardcore.events.DieRolled`
        moment, so card effects and plugin rules may modify it first (roll two and
        keep the best, add a bonus) and react to it after. ``player`` is who rolls
        and ``purpose`` what for, as a tag the game documents; ``reason`` is what the
        log says in words. A game that rolls a subclass of ``DieRolled`` with more
        fields performs it itself (``m.perform(AttackRoll(...)).value``)."""
        if self.rules.plain_rolls and not self.loaded and type(sides) is int and sides > 0:
            # Nothing can change the roll: the moment is recorded as it happened
            # (built when the log is read), which keeps playouts as fast as before.
            value, self.rng = rng.below(self.rng, sides)
            self.record(DieRolled, sides, value + 1, reason, False, player, purpose)
            return value + 1
        done = self.perform(DieRolled(sides, 0, reason, player=player, purpose=purpose))
        if done is None:
            raise RuleError(f"a roll ({reason or purpose or f'd{sides}'}) was cancelled or replaced, so it has no result")
        return cast(DieRolled, done).value

    def die_face(self, roll: DieRolled) -> tuple[int, bool]:
        """One die of ``roll``: a die loaded by a test (``boardcore.testing.load_dice``)
        if one is waiting, else the generator's; then ``make_roll`` plugins may
        replace it. Returns the face and whether it was loaded."""
        sides = roll.sides
        if type(sides) is not int or sides < 1:
            raise RuleError(f"a die needs a whole number of sides, not {sides!r}")
        forced = bool(self.loaded)
        if forced:
            value, self.loaded = self.loaded[0], self.loaded[1:]
            if not 1 <= value <= sides:
                raise RuleError(f"loaded die result {value} does not fit a d{sides}")
        else:
            value = self.below(sides) + 1
        for plugin, call in self.rules.roll_makers:
            made = call(match=self, sides=sides, value=value, reason=roll.reason, roll=roll)
            if made is not None:
                if type(made) is not int or not 1 <= made <= sides:
                    raise PluginError(f"hook make_roll returned {made!r:.60} for a d{sides}", plugin=plugin)
                value = made
                break
        return value, forced

    # -- moments ---------------------------------------------------------------------

    def perform(self, moment: Moment) -> Moment | None:
        """Perform ``moment`` now: the modifications of card effects and plugin rules
        (in the documented order), then the first replacement that applies or the
        moment's own :meth:`~boardcore.Moment.happen`, then it is recorded and its
        reactions run. Returns the moment as it happened, or None when it was
        cancelled or replaced. A moment whose class sets ``asks`` is performed as a
        step instead (``m.schedule(boardcore.steps.Perform(moment))``)."""
        kind = type(moment)
        plain = self.rules.plain_moments.get(kind)
        if plain is None:
            plain = self.rules.plain_moment(kind)
        if plain:  # nothing in play modifies or replaces this kind of moment
            done = moment.happen(self)
            if done is not None:
                moment = done
            if plain != QUIETLY:
                self.emit(moment)
            return moment
        return perform(self, moment)

    def skip_phase(self, player: int, phase: str, times: int = 1) -> None:
        """Make ``player`` skip their next ``times`` phases named ``phase`` (in turns
        where they are the active seat): each one is cancelled as it would begin, and
        the flag clears itself. Everybody sees it (a per-seat counter ``skip <phase>``)."""
        if type(player) is not int or not 0 <= player < self.players:
            raise RuleError(f"skip_phase: no seat {player!r} in a {self.players}-player match")
        if type(times) is not int or times < 1:
            raise RuleError(f"skip_phase: times must be a whole number of at least 1, not {times!r}")
        self.add(skip_counter(phase), times, player)

    def take_skip(self, player: int, phase: str) -> bool:
        """Use up one of ``player``'s skips of ``phase`` if there is one: the phase is
        recorded as cancelled for them (``MomentCancelled`` of their ``PhaseBegan``, by
        ``"skip_phase"``) and True is returned. The engine does this itself when a
        seat's own phase begins; a game where everybody acts in every phase calls it
        for each seat, and leaves out of the phase those it returns True for."""
        if not self.counters or not self.counters.get(skip_key(phase, player)):
            return False
        self.add(skip_counter(phase), -1, player)
        self.emit(MomentCancelled(PhaseBegan(phase, player), "skip_phase"))
        return True

    def skips(self, player: int, phase: str) -> int:
        """How many of ``player``'s next ``phase`` phases will be skipped."""
        return self.count(skip_counter(phase), player)

    # -- state on cards and pieces ---------------------------------------------------

    def set_flag(self, item: str, flag: str, on: bool = True) -> None:
        """Turn a status flag of a card or piece on or off (exhausted, flipped,
        entranced). Everybody sees it; it is kept as the counter ``flag`` of ``item``
        (1 while on), and removed, not kept at 0, when turned off."""
        if on:
            self.set_count(flag, 1, item)
        else:
            self.remove_counter(flag, item)

    def flagged(self, item: str, flag: str) -> bool:
        """Whether status flag ``flag`` of ``item`` is on."""
        return bool(self.counters.get(counter_key(flag, item)))

    def remove_counter(self, name: str, owner: int | str | None = None) -> None:
        """Remove a counter altogether (it reads 0 again, and views no longer list it):
        for counters of cards and pieces that leave play. Recorded as a change to 0."""
        key = counter_key(name, owner)
        old = self.counters.get(key)
        if old is None:
            return
        self.counters = {k: v for k, v in self.counters.items() if k != key}
        if old:
            self.record(CounterChanged, name, owner, old, 0)

    def remove_counters(self, owner: int | str) -> None:
        """Remove every counter of ``owner`` (a card or piece leaving play); see
        :meth:`remove_counter`."""
        for name in self.counters_of(owner):
            self.remove_counter(name, owner)

    def counters_of(self, owner: int | str) -> dict[str, int]:
        """The counters of ``owner`` (a seat, a card or a piece) by name."""
        suffix = f"@{owner}"
        return {k[: -len(suffix)]: v for k, v in self.counters.items() if k.endswith(suffix)}

    # -- flow ------------------------------------------------------------------------

    def schedule(self, *steps: Step) -> None:
        """Run ``steps``, in the order given, before anything already scheduled."""
        self.agenda = self.agenda + steps[::-1]

    def trigger(self, *steps: Step) -> None:
        """Run ``steps`` as soon as the step now running is done, before anything it
        scheduled. This is how a reaction (:func:`boardcore.reacts_to`, ``on_event``)
        that needs a decision takes its turn: right after the moment it reacts to."""
        self.triggered = self.triggered + steps

    def ask(
        self,
        player: int,
        options: Sequence[Action],
        prompt: str,
        step: Step,
        *,
        secret: bool = False,
        public: bool = False,
    ) -> None:
        """Ask ``player`` to choose one of ``options``; ``step.resolve`` gets the answer.

        Asking several players before returning makes their decisions simultaneous.
        A decision with a single option is still asked, because whether a player
        has a choice usually depends on cards the others cannot see; pass
        ``public=True`` when the options follow from public information only, and
        the engine then answers a single-option decision by itself.
        """
        if not options:
            raise RuleError(f"{type(step).__name__} asked player {player} with no options")
        for open_decision, _ in self.asks:
            if open_decision.player == player:
                raise RuleError(f"player {player} is already being asked something")
        if public and len(options) == 1:
            # Queue behind answers already waiting, so simultaneous automatic
            # answers run in the order they were asked.
            agenda = self.agenda
            i = len(agenda)
            while i > 0 and isinstance(agenda[i - 1], Answer):
                i -= 1
            self.agenda = agenda[:i] + (Answer(step, player, options[0], secret),) + agenda[i:]
            return
        decision = make_decision(player, tuple(options), prompt, secret)
        self.asks = self.asks + ((decision, step),)

    def draft(self, player: int) -> tuple[str, ...]:
        """The items ``player`` has picked so far in a selection (hidden from others)."""
        return self.drafts.get(player, ())

    def set_draft(self, player: int, items: tuple[str, ...]) -> None:
        self.drafts = {**self.drafts, player: items}

    def take_draft(self, player: int) -> tuple[str, ...]:
        """Return and clear ``player``'s draft (revealing a sealed secret selection)."""
        items = self.drafts.get(player, ())
        if player in self.drafts:
            drafts = dict(self.drafts)
            del drafts[player]
            self.drafts = drafts
        if player in self.sealed:
            sealed = dict(self.sealed)
            del sealed[player]
            self.sealed = sealed
        return items

    def seal(self, player: int, step: Step) -> None:
        """Record that ``player`` finished the secret selection ``step``."""
        self.sealed = {**self.sealed, player: step}

    def chose(self, player: int, action: Action, secret: bool, forced: bool = False) -> None:
        self.record(Chose, player, None if secret else str(action), forced)

    def check_end(self) -> None:
        """End the match now if the game's ``end_if`` says it is over (the flow also
        checks whenever a phase ends); for rules that end a game "at once"."""
        end_if = self.rules.spec.end_if
        if end_if is not None and self.result is None:
            result = end_if(self)
            if result is not None:
                self.finish_with(result, "end_if")

    def finish_with(self, result: Result, source: str = "the game") -> None:
        """End the match with ``result``, which ``source`` (named in the error) returned."""
        if not isinstance(result, Result):
            raise RuleError(f"{self.game_name}: {source} must return a boardcore.Result, not {result!r:.80}")
        self.finish(result.winners, result.reason, result.scores)

    def card_data(self, zone: str, cls: type[C]) -> tuple[C, ...]:
        """The data of the cards in ``zone``, bottom first, as the game's card class ``cls``."""
        cards = self.cards(zone)
        # Asked at almost every decision: the table is read inline, Game.remember's call would cost more.
        known = self.rules.memo(_card_data)
        found = known.get(cards)
        if found is None:
            found = keep(known, cards, tuple(map(self.rules.cards.__getitem__, cards)))
        if found and not isinstance(found[0], cls):
            raise RuleError(f"the cards of {self.game_name} are {type(found[0]).__name__}, not {cls.__name__}")
        return cast("tuple[C, ...]", found)

    # -- per-turn flags --------------------------------------------------------------

    def mark(self, flag: str, item: str) -> None:
        """Note ``item`` under ``flag`` for this turn ("moved", "attacked"); a flag may
        hold an item several times. Every flag is cleared when the next turn begins."""
        self.marks = {**self.marks, flag: self.marks.get(flag, ()) + (item,)}

    def marked(self, flag: str) -> tuple[str, ...]:
        """The items noted under ``flag`` this turn, in order."""
        return self.marks.get(flag, ())

    # -- players and the end ---------------------------------------------------------

    def alive(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        out = self.out
        if not out:  # the common case, asked at every step by some games
            return tuple(range(self.players))
        return tuple([p for p in range(self.players) if p not in out])

    def eliminate(self, player: int) -> None:
        if player not in self.out:
            self.out = self.out + (player,)
            self.record(PlayerOut, player)

    def finish(self, winners: Iterable[int], reason: str, scores: Sequence[int] | None = None) -> None:
        """End the match. Nothing is asked or run afterwards."""
        result = Result(tuple(sorted(winners)), reason, tuple(scores) if scores is not None else None)
        self.result = result
        self.asks = ()
        self.agenda = ()
        self.triggered = ()
        self.drafts = {}
        self.sealed = {}
        self.record(GameOver, result.winners, reason)
        for call in self.rules.game_over_observers:
            call(match=self, result=result)
        self.triggered = ()  # nothing runs after the end, even what reactions to it asked for
