"""The match: every piece of a game's state, and the API that rule code uses to change it.

A :class:`Match` holds plain data only: zones as tuples of card ids, counters as
integers, pieces as frozen records, the game's own frozen table, the flow
position (an agenda of frozen steps and the open asks), the generator state, and
the logs. Every container is replaced rather than mutated, so a clone or a
rollback snapshot is a handful of reference copies (see :meth:`Match.fork`).

Rule code changes a match only through the methods below; each change is recorded
as an event.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from . import rng
from .actions import Action
from .decisions import Decision, Result
from .errors import RuleError
from .events import (
    Chose,
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
from .log import SharedLog
from .zones import ZoneSpec, attachment_zone

if TYPE_CHECKING:
    from .flow import Step
    from .game import Game


@attrs.frozen
class Piece:
    """A token on the table that is not a card: a generic person marker, a unit."""

    kind: str
    owner: int
    square: str | None = None


def counter_key(name: str, owner: int | str | None) -> str:
    """The storage key of counter ``name`` owned by ``owner``."""
    return name if owner is None else f"{name}@{owner}"


_FIELDS = (
    "rules", "game", "players", "seed", "options", "rng", "zones", "specs", "counters",
    "pieces", "serial", "table", "turn", "active", "phase", "out", "agenda", "asks",
    "drafts", "sealed", "loaded", "log", "history", "result",
)  # fmt: skip

_get_all = operator.attrgetter(*_FIELDS)


def _make_setter() -> Any:
    # One generated function that assigns every field: far cheaper than a loop of
    # setattr calls, and fork/snapshot/restore run on every apply and clone.
    targets = ", ".join(f"m.{name}" for name in _FIELDS)
    namespace: dict[str, Any] = {}
    exec(f"def set_all(m, values):\n    {targets} = values\n", namespace)  # noqa: S102
    return namespace["set_all"]


_set_all = _make_setter()


class Match:
    """The whole state of one match, and the rule-author API over it."""

    __slots__ = _FIELDS

    rules: Game
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    rng: int
    zones: dict[str, tuple[str, ...]]
    specs: dict[str, ZoneSpec]
    counters: dict[str, int]
    pieces: dict[str, Piece]
    serial: int
    table: Any
    turn: int
    active: int | None
    phase: str | None
    out: tuple[int, ...]
    agenda: tuple[Step, ...]
    asks: tuple[tuple[Decision, Step], ...]
    """Open decisions, each with the step that takes its answer."""
    drafts: dict[int, tuple[str, ...]]
    sealed: dict[int, Step]
    """Secret selections finished but not yet revealed, by player: the step that
    asked, so a determinized copy can ask the choice again."""
    loaded: tuple[int, ...]
    log: SharedLog[Event]
    history: SharedLog[tuple[int, Action]]
    result: Result | None

    def __init__(self, rules: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.rules = rules
        self.game = rules.name
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.rng = rng.seed_state(seed)
        self.zones = {}
        self.specs = {}
        self.counters = {}
        self.pieces = {}
        self.serial = 0
        self.table = None
        self.turn = 0
        self.active = None
        self.phase = None
        self.out = ()
        self.agenda = ()
        self.asks = ()
        self.drafts = {}
        self.sealed = {}
        self.loaded = ()
        self.log = SharedLog()
        self.history = SharedLog()
        self.result = None

    # -- copying ---------------------------------------------------------------------

    def fork(self) -> Match:
        """An independent copy. Containers are shared because they are never mutated."""
        twin = object.__new__(Match)
        _set_all(twin, _get_all(self))
        twin.log = self.log.fork()
        twin.history = self.history.fork()
        return twin

    def snapshot(self) -> tuple[Any, ...]:
        """Everything needed to undo the changes made after this call."""
        return _get_all(self), len(self.log), len(self.history)

    def restore(self, snap: tuple[Any, ...]) -> None:
        values, log_size, history_size = snap
        _set_all(self, values)
        self.log.truncate(log_size)
        self.history.truncate(history_size)

    # -- events ----------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record ``event`` and show it to the ``on_event`` observers."""
        self.log.append(event)
        observers = self.rules.observers
        if observers:
            for call in observers:
                call(match=self, event=event)

    # -- cards and zones -------------------------------------------------------------

    def card(self, card_id: str) -> Any:
        """The data of card ``card_id`` (the game's :class:`~boardcore.Card` subclass)."""
        try:
            return self.rules.cards[card_id]
        except KeyError:
            raise RuleError(f"{self.game} has no card {card_id!r}") from None

    def add_zone(self, zone: str, spec: ZoneSpec, cards: Iterable[str] = ()) -> None:
        """Create a zone holding ``cards`` (bottom first)."""
        if zone in self.specs:
            raise RuleError(f"zone {zone!r} already exists")
        self.specs = {**self.specs, zone: spec}
        self.zones = {**self.zones, zone: tuple(cards)}

    def remove_zone(self, zone: str) -> None:
        """Delete an empty zone."""
        if self.zones.get(zone):
            raise RuleError(f"zone {zone!r} still holds cards and cannot be removed")
        specs = dict(self.specs)
        zones = dict(self.zones)
        specs.pop(zone, None)
        zones.pop(zone, None)
        self.specs, self.zones = specs, zones

    def cards(self, zone: str) -> tuple[str, ...]:
        """The cards in ``zone``, bottom first (the top of a pile is the last)."""
        try:
            return self.zones[zone]
        except KeyError:
            raise RuleError(f"there is no zone {zone!r}") from None

    def zone_spec(self, zone: str) -> ZoneSpec:
        try:
            return self.specs[zone]
        except KeyError:
            raise RuleError(f"there is no zone {zone!r}") from None

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
        held = self.cards(source)
        self.cards(target)
        gone = set(cards)
        if len(gone) != len(cards) or not gone.issubset(held):
            missing = [c for c in cards if c not in held]
            raise RuleError(f"cannot move {missing or list(cards)} from {source!r}: not there")
        remaining = tuple(c for c in held if c not in gone)
        moved = tuple(cards)
        self.zones = {**self.zones, source: remaining, target: self.zones[target] + moved}
        self.emit(CardsMoved(moved, source, target))

    def move_all(self, source: str, target: str) -> tuple[str, ...]:
        """Move every card of ``source`` onto ``target``; returns them."""
        moved = self.cards(source)
        if source == target:
            raise RuleError(f"cannot move cards from {source!r} to itself")
        if moved:
            self.cards(target)
            self.zones = {**self.zones, source: (), target: self.zones[target] + moved}
            self.emit(CardsMoved(moved, source, target))
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
        self.emit(Shuffled(zone, len(order)))

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
            raise RuleError(f"there is no zone {source if source not in zones else target!r}")
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
            self.emit(CardsMoved(got, source, target))
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
            self.emit(CounterChanged(name, owner, old, value))

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
        self.pieces = {**self.pieces, piece_id: Piece(kind, owner, square)}
        self.emit(PieceAdded(piece_id, kind, owner))
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
        self.pieces = pieces
        suffix = f"@{piece_id}"
        if any(key.endswith(suffix) for key in self.counters):
            self.counters = {k: v for k, v in self.counters.items() if not k.endswith(suffix)}
        self.emit(PieceRemoved(piece_id))
        return piece

    def move_piece(self, piece_id: str, square: str | None) -> None:
        piece = self.pieces.get(piece_id)
        if piece is None:
            raise RuleError(f"there is no piece {piece_id!r}")
        self.pieces = {**self.pieces, piece_id: attrs.evolve(piece, square=square)}
        self.emit(PieceMoved(piece_id, piece.square, square))

    def pieces_of(self, owner: int, kind: str | None = None) -> tuple[str, ...]:
        """Ids of ``owner``'s pieces (of one ``kind`` if given), oldest first."""
        return tuple(
            pid for pid, p in self.pieces.items() if p.owner == owner and (kind is None or p.kind == kind)
        )

    # -- randomness ------------------------------------------------------------------

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` from the match's generator."""
        value, self.rng = rng.below(self.rng, n)
        return value

    def roll(self, sides: int, reason: str = "") -> int:
        """Roll one die. Loaded results (``boardcore.testing.load_dice``) come first;
        then ``make_roll`` plugins may replace the generator's result."""
        forced = bool(self.loaded)
        if forced:
            value, self.loaded = self.loaded[0], self.loaded[1:]
            if not 1 <= value <= sides:
                raise RuleError(f"loaded die result {value} does not fit a d{sides}")
        else:
            value = self.below(sides) + 1
            for call in self.rules.roll_makers:
                made = call(match=self, sides=sides, value=value, reason=reason)
                if made is not None:
                    if not isinstance(made, int) or not 1 <= made <= sides:
                        raise RuleError(f"a make_roll hook returned {made!r} for a d{sides}")
                    value = made
                    break
        self.emit(DieRolled(sides, value, reason, forced))
        return value

    # -- flow ------------------------------------------------------------------------

    def schedule(self, *steps: Step) -> None:
        """Run ``steps``, in the order given, before anything already scheduled."""
        self.agenda = self.agenda + steps[::-1]

    def ask(
        self,
        player: int,
        options: Sequence[Action],
        prompt: str,
        step: Step,
        *,
        secret: bool = False,
        auto: bool = True,
    ) -> None:
        """Ask ``player`` to choose one of ``options``; ``step.resolve`` gets the answer.

        A decision with a single option is answered by the engine when ``auto`` is
        true (it changes nothing the player could have changed). Asking several
        players before returning makes their decisions simultaneous.
        """
        if not options:
            raise RuleError(f"{type(step).__name__} asked player {player} with no options")
        for open_decision, _ in self.asks:
            if open_decision.player == player:
                raise RuleError(f"player {player} is already being asked something")
        if auto and len(options) == 1:
            from .flow import Answer

            # Queue behind answers already waiting, so simultaneous automatic
            # answers run in the order they were asked.
            agenda = self.agenda
            i = len(agenda)
            while i > 0 and isinstance(agenda[i - 1], Answer):
                i -= 1
            self.agenda = agenda[:i] + (Answer(step, player, options[0], secret),) + agenda[i:]
            return
        decision = Decision(player, tuple(options), prompt, secret)
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
        self.emit(Chose(player, None if secret else str(action), forced))

    # -- players and the end ---------------------------------------------------------

    def alive(self) -> tuple[int, ...]:
        """Seats still in the game, in seat order."""
        return tuple(p for p in range(self.players) if p not in self.out)

    def eliminate(self, player: int) -> None:
        if player not in self.out:
            self.out = self.out + (player,)
            self.emit(PlayerOut(player))

    def finish(self, winners: Iterable[int], reason: str, scores: Sequence[int] | None = None) -> None:
        """End the match. Nothing is asked or run afterwards."""
        result = Result(tuple(sorted(winners)), reason, tuple(scores) if scores is not None else None)
        self.result = result
        self.asks = ()
        self.agenda = ()
        self.drafts = {}
        self.sealed = {}
        self.emit(GameOver(result.winners, reason))
        for call in self.rules.game_over_observers:
            call(match=self, result=result)
