"""Saving a match as JSON-able data and loading it back exactly.

The saved document is ``{"format", "plugins", **fields}`` where the fields are
those of ``MatchData``, in order. Most fields are saved by the
game's codec from their declared types; the few below have a form of their own.

A replayable match (the usual case: nobody arranged it by hand) is saved
compactly: ``history`` holds ``[player, option index]`` pairs and ``log`` only the
number of events, since replaying the choices gives both back exactly. Loading
one is then mostly structuring the current position; the log and the history
are worked out by a replay the first time something reads them. A match that is
not replayable keeps its events and actions as rows (``boardcore.match/2`` style).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from .._rules.match import FIELDS, SAVED_AS, Match, MatchData
from .._rules.steps import Step
from .._values.actions import Action
from .._values.errors import InvalidData, RuleError
from .._values.events import Event
from .._values.log import EventLog, SharedLog
from .._values.zones import SeatZones, ZoneSpec, attachment_zone

if TYPE_CHECKING:
    from .._games.game import Game
    from .serialize import Codec

FORMAT = "boardcore.match/3"
OLD_FORMATS = ("boardcore.match/2",)
"""Earlier formats that still load: ``/2`` is ``/3`` without ``replayable``, with
the log and the history always as rows."""

attrs.resolve_types(MatchData)
_TYPES: dict[str, Any] = {field.name: field.type for field in attrs.fields(MatchData)}


def _dump_special(codec: Codec, m: Match) -> dict[str, Callable[[Any], Any]]:
    dump = codec.dump
    kind = m.rules.spec.table_type
    if m.table is not None and type(m.table) is not kind:
        raise RuleError(f"{m.game_name}: the match's table is a {type(m.table).__name__}, but the spec's table_type is {kind}")
    declared = declared_specs(m.rules, m.players)
    return {
        "rng": lambda value: format(value, "x"),
        "table": lambda value: None if value is None else dump(value, kind),
        "agenda": lambda steps: [dump(step, Step) for step in steps],
        "triggered": lambda steps: [dump(step, Step) for step in steps],
        "asks": lambda asks: [[dump(decision), dump(step, Step)] for decision, step in asks],
        "specs": lambda specs: {
            zone: dump(spec, ZoneSpec) for zone, spec in specs.items() if declared.get(zone) != spec
        },
        "drafts": lambda drafts: {str(p): list(items) for p, items in drafts.items()},
        "sealed": lambda sealed: {str(p): dump(step, Step) for p, step in sealed.items()},
        "log": lambda log: log.dumped(lambda event: dump(event, Event)),
        "history": lambda log: log.dumped(lambda entry: [entry[0], dump(entry[1], Action)]),
    }


@lru_cache(maxsize=256)
def declared_specs(game: Game, players: int) -> dict[str, ZoneSpec]:
    """The zones the game declares for ``players`` seats, with their specs. A save
    leaves them out of ``specs`` (they never change); loading puts them back.
    Cached: the dict returned is shared, so callers copy it before changing it."""
    found: dict[str, ZoneSpec] = {}
    for declared in game.spec.zones:
        for zone in declared[:players] if isinstance(declared, SeatZones) else (declared,):
            found[str(zone)] = zone.spec()
    return found


def dump_match(m: Match, whole: bool = True, rows: bool = False) -> dict[str, Any]:
    """The match as plain data. Unless ``whole``, the log and the history are given
    by their lengths and last entries: a fingerprint of the match that costs the
    size of the table, not the length of the game. With ``rows``, the log and the
    history are written out even for a replayable match."""
    codec = m.rules.codec
    special = _dump_special(codec, m)
    data: dict[str, Any] = {"format": FORMAT, "plugins": list(m.rules.plugins), "rules": m.rules.spec.rules_version}
    compact = m.replayable and not rows
    for name in FIELDS:
        if name == "choices":
            continue
        value = getattr(m, name)
        if name == "replayable":  # as far as the file can tell: rows are loaded as they are, unchecked
            data[name] = compact
            continue
        if compact and name == "log":
            data["log"] = len(value)
            continue
        if compact and name == "history":
            value = m.choices
            if not whole:
                data["history_size"] = size = len(value)
                value = SharedLog([value[size - 1]] if size else [])
            data["history"] = value.dumped(list)
            continue
        if not whole and name in ("log", "history"):
            data[f"{name}_size"] = size = len(value)
            value = SharedLog([value[size - 1]] if size else [])
        how = special.get(name)
        data[SAVED_AS[name]] = how(value) if how is not None else codec.dump(value, _TYPES[name])
    return data


MAX_EVENTS = 1_000_000
"""The most events a saved match may have: a hundred times the longest match of the
built-in games (about 9,000 events, six players). A compact save gives only the
number, which sizes the log's placeholders: bounded, they take at most 8 MB until
a replay checks the number."""

_KEYS = ("format", "plugins", *(SAVED_AS[name] for name in FIELDS if name != "choices"))
_OLD_KEYS = tuple(name for name in _KEYS if name != "replayable")
_OPTIONAL = ("rules",)
"""Keys a save may leave out: ``rules`` came after the first saves of format /3,
which were all made under version 1 of their game's decisions."""
_HEX = re.compile(r"0|[1-9a-f][0-9a-f]{0,15}")
_DIGITS = re.compile(r"[0-9]+")


def _list(value: Any, where: str) -> list[Any]:
    if type(value) is not list:
        raise InvalidData(f"expected a list, got {value!r:.60}", where=where)
    return value


def _pairs(value: Any, where: str) -> list[list[Any]]:
    entries = _list(value, where)
    for i, entry in enumerate(entries):
        if type(entry) is not list or len(entry) != 2:
            raise InvalidData(f"expected a pair, got {entry!r:.60}", where=f"{where}[{i}]")
    return entries


@lru_cache(maxsize=256)
def _load_special(game: Game) -> dict[str, Callable[[Any, str], Any]]:
    """The loaders of the fields that the codec alone cannot read (made once per game)."""
    load = game.codec.load

    def rng(value: Any, where: str) -> int:
        if type(value) is not str or not _HEX.fullmatch(value):
            raise InvalidData(
                f"expected the generator state as lowercase hexadecimal of at most 16 digits with no leading zero, got {value!r:.60}",
                where=where,
            )
        return int(value, 16)

    def table(value: Any, where: str) -> Any:
        kind = game.spec.table_type
        if kind is None and value is not None:
            raise InvalidData(f"{game.name} has no table, but the save has {value!r:.60}", where=where)
        if kind is not None and value is None:  # every match of the game has one once it is set up
            raise InvalidData(f"{game.name} keeps its state in a {kind.__name__} table, but the save has none", where=where)
        return None if kind is None else load(value, kind, where)

    def log(value: Any, where: str) -> EventLog:
        # Each row's shape is checked now; its fields when the event is first read.
        rows = _list(value, where)
        for i, row in enumerate(rows):
            if type(row) is not dict or type(row.get("kind")) is not str:
                load(row, Event, f"{where}[{i}]")  # raises, saying what is wrong
        return EventLog.loaded(rows, lambda row, i: load(row, Event, f"{where}[{i}]"))

    def history(value: Any, where: str) -> SharedLog[tuple[int, Action]]:
        # Each entry's shape is checked now; its values when the history is first read.
        rows = _pairs(value, where)
        for i, (player, action) in enumerate(rows):
            if type(player) is not int or type(action) is not dict:
                load_history(game, [rows[i]], f"{where}[{i}]")  # raises, saying what is wrong
        return SharedLog.loaded(rows, lambda row, i: load_history(game, [row], f"{where}[{i}]")[0])

    return {
        "rng": rng,
        "table": table,
        "log": log,
        "history": history,
    }


def load_history(game: Game, value: Any, where: str = "$.history") -> list[tuple[int, Action]]:
    """The ``(player, action)`` pairs of a saved history (seats are checked later)."""
    load = game.codec.load
    return [
        (load(p, int, f"{where}[{i}][0]"), load(a, Action, f"{where}[{i}][1]"))
        for i, (p, a) in enumerate(_pairs(value, where))
    ]


def check_head(game: Game, data: Any) -> None:
    """The checks that come before anything is structured: the document's shape,
    its format, and that it is a match of this very game with these plugins."""
    if type(data) is not dict:
        raise InvalidData("a saved game must be a JSON object", where="$")
    if "format" in data and data["format"] != FORMAT and data["format"] not in OLD_FORMATS:
        # first: another format has other keys
        raise InvalidData(f"unknown format {data['format']!r:.60} (expected {FORMAT!r})", where="$.format")
    keys = _KEYS if data.get("format") == FORMAT else _OLD_KEYS
    missing = [k for k in keys if k not in data]
    if missing:
        raise InvalidData(f"missing keys {missing}", where="$")
    extra = sorted(k for k in data if k not in keys and k not in _OPTIONAL)
    if extra:
        raise InvalidData(f"unknown keys {[k[:40] for k in extra[:5]]}", where="$")
    if data["game"] != game.name:
        raise InvalidData(f"this is a saved {data['game']!r:.60} match, not {game.name!r}", where="$.game")
    rules = data.get("rules", 1)
    if type(rules) is not int or rules < 1:
        raise InvalidData(f"expected the version of the game's decisions, a number from 1, got {rules!r:.60}", where="$.rules")
    if rules != game.spec.rules_version:
        raise InvalidData(
            f"saved under version {rules} of {game.name}'s decisions, but this installation offers version "
            f"{game.spec.rules_version}: the options changed in between, so the saved choices would replay into "
            "another match (load it with the boardcore and game versions that saved it)",
            where="$.rules",
        )
    if data["plugins"] != list(game.plugins):
        raise InvalidData(
            f"saved with plugins {data['plugins']!r:.200} but the game was loaded with {list(game.plugins)}",
            where="$.plugins",
        )


def is_compact(data: dict[str, Any]) -> bool:
    """Whether a saved match (whose head was checked) stores choices rather than rows."""
    return data["format"] == FORMAT and data["replayable"] is True


def load_choices(value: Any, where: str = "$.history") -> list[tuple[int, int]]:
    """The ``[player, option index]`` pairs of a compact save (seats are checked later)."""
    if type(value) is list and set(map(type, value)) <= {list} and set(map(len, value)) <= {2}:
        # the usual case, checked by loops that run in C; the loop below says where a fault is
        columns = tuple(zip(*value)) or ((), ())
        if all(set(map(type, column)) <= {int} and min(column, default=0) >= 0 for column in columns):
            return list(zip(*columns))
    pairs = _pairs(value, where)
    for i, (player, index) in enumerate(pairs):
        for at, number in ((0, player), (1, index)):
            if type(number) is not int or number < 0:
                raise InvalidData(f"expected a number from 0, got {number!r:.60}", where=f"{where}[{i}][{at}]")
    return [(player, index) for player, index in pairs]


def load_match(game: Game, data: Any, derive: Callable[[], Match] | None = None) -> Match:
    """Rebuild a match strictly and check it; anything malformed or inconsistent
    raises InvalidData saying where.

    The log and the history of a compact save are made lazily from ``derive()``,
    the match its choices replay to (which must equal the save); without
    ``derive`` reading them raises InvalidData."""
    check_head(game, data)
    special = _load_special(game)
    load = game.codec.load
    compact = is_compact(data)
    if data["format"] == FORMAT and type(data["replayable"]) is not bool:
        raise InvalidData(f"expected true or false, got {data['replayable']!r:.60}", where="$.replayable")
    values: list[Any] = []
    choices: list[tuple[int, int]] = load_choices(data["history"]) if compact else []
    for name in FIELDS:
        key = SAVED_AS[name]
        where = f"$.{key}"
        if name == "replayable":
            values.append(compact)
        elif name == "choices":
            values.append(SharedLog(choices) if compact else SharedLog())
        elif compact and name == "history":
            values.append(SharedLog.derived(len(choices), _derived(derive, "history")))
        elif name == "specs" and data["format"] == FORMAT:
            # the declared zones are left out of a save (see declared_specs)
            saved = load(data["specs"], _TYPES["specs"], where)
            players = values[FIELDS.index("players")]
            merged = {**declared_specs(game, players), **saved} if players in game.player_counts else saved
            # In the order of the zones (the match adds and removes a zone and its spec together).
            zones = values[FIELDS.index("zones")]
            values.append({**{z: merged[z] for z in zones if z in merged}, **merged})
        elif compact and name == "log":
            size = data["log"]
            if type(size) is not int or size < 0:
                raise InvalidData(f"expected the number of events, got {size!r:.60}", where=where)
            if size > MAX_EVENTS:  # the number sizes the log's placeholders: bound it first
                raise InvalidData(f"{size:,} events, more than the {MAX_EVENTS:,} a saved match may have", where=where)
            values.append(EventLog.derived(size, _derived(derive, "log")))
        else:
            how = special.get(name)
            values.append(how(data[key], where) if how is not None else load(data[key], _TYPES[name], where))
    m = object.__new__(Match)
    m.rules = game
    m._owned = m._placed = None
    m.answering = None
    MatchData.__init__(m, *values)
    check_match(game, m)
    return m


def _derived(derive: Callable[[], Match] | None, name: str) -> Callable[[], list[Any]]:
    def produce() -> list[Any]:
        if derive is None:
            raise InvalidData(f"the saved match has no {name} rows, and nothing to replay it with", where=f"$.{name}")
        return list(getattr(derive(), name))

    return produce


# -- what a loaded match must satisfy ------------------------------------------------------


def check_match(game: Game, m: Match) -> None:
    """The invariants every match at rest keeps, checked before anything runs on a
    loaded one: seats in range, every card in exactly one zone, declared zones as
    declared, no negative numbers, and open decisions that fit the result. Setup
    options the save does not name (the game added them since) get their defaults."""
    players = m.players
    if players not in game.player_counts:
        raise InvalidData(f"{game.name} cannot have {players} players", where="$.players")

    def seat(value: int, where: str) -> None:
        if not 0 <= value < players:
            raise InvalidData(f"no seat {value} in a {players}-player match", where=where)

    # the setup options: every option of the game, each acceptable
    try:
        options = game.spec.check_options(m.options)
    except InvalidData as exc:
        raise InvalidData(str(exc).partition(": ")[2] or str(exc), where=f"$.{exc.where}") from None
    if len(options) != len(m.options):
        # An option the game declared after the save was made: the match was played
        # without it, and a new option's default keeps the rules as they were.
        m.options = options

    for name in ("turn", "round", "serial"):
        if getattr(m, name) < 0:
            raise InvalidData(f"{name} is negative", where=f"$.{name}")
    if m.active_seat is not None:
        seat(m.active_seat, "$.active_seat")
    for i, p in enumerate(m.out):
        seat(p, f"$.out[{i}]")
    if len(set(m.out)) != len(m.out):
        raise InvalidData("a seat is out twice", where="$.out")

    # counters: never negative; a number after "@" is a seat
    for key, value in m.counters.items():
        if value < 0:
            raise InvalidData(f"negative counters {[k for k, v in m.counters.items() if v < 0]}", where="$.counters")
        owner = key.partition("@")[2]
        if _DIGITS.fullmatch(owner) and (len(owner) > 4 or int(owner) >= players):
            raise InvalidData(f"no seat {owner[:20]} in a {players}-player match", where=f"$.counters.{key[:80]}")

    # zones: the same ids as their specs, the declared ones as declared
    zones, specs = m.zones, m.specs
    declared = declared_specs(game, players)
    for zone in declared:
        if zone not in zones:
            raise InvalidData(f"the game's zone {zone!r} is missing", where="$.zones")
    if set(zones) != set(specs):
        raise InvalidData("zones and zone specs list different zones", where="$.specs")
    for zone, spec in specs.items():
        where = f"$.specs.{zone}"
        if spec.owner is not None:
            seat(spec.owner, f"{where}.owner")
        if spec.refill is not None and spec.refill not in specs:
            raise InvalidData(f"refills from {spec.refill!r:.60}, which is not a zone", where=f"{where}.refill")
        if spec.limit is not None and spec.limit < 0:
            raise InvalidData("the limit is negative", where=f"{where}.limit")
        if spec.host is not None and zone != attachment_zone(spec.host):
            raise InvalidData(f"the zone of cards attached to {spec.host!r:.60} is {attachment_zone(spec.host)!r:.60}", where=where)
    for zone, spec in declared.items():
        held = specs[zone]  # present: every declared zone is in zones, and zones are specs
        if held is not spec and held != spec:  # loaded declared zones are the very specs declared
            raise InvalidData(f"the zone is not as {game.name} declares it", where=f"$.specs.{zone}")

    # cards: each of the game's cards in exactly one zone
    cards = game.cards
    placed = list(chain.from_iterable(zones.values()))
    if len(placed) != len(cards) or set(placed) != cards.keys():  # the usual case is checked in C;
        _check_cards(zones, cards)  # a fault is found and named card by card

    # pieces belong to seats
    for pid, piece in m.pieces.items():
        seat(piece.owner, f"$.pieces.{pid}.owner")

    # selections under way, by seat
    for p in m.drafts:
        seat(p, f"$.drafts.{p}")
    for p in m.sealed:
        seat(p, f"$.sealed.{p}")

    # open decisions and the result
    asked: set[int] = set()
    for i, (decision, _) in enumerate(m.asks):
        seat(decision.player, f"$.asks[{i}][0].player")
        if decision.player in asked:
            raise InvalidData(f"player {decision.player} is asked twice", where=f"$.asks[{i}]")
        asked.add(decision.player)
        if not decision.options:
            raise InvalidData("a decision with no options", where=f"$.asks[{i}][0].options")
    if m.result is not None:
        for i, p in enumerate(m.result.winners):
            seat(p, f"$.result.winners[{i}]")
        for name in ("asks", "agenda", "triggered"):
            if getattr(m, name):
                raise InvalidData(f"a finished match has {name} left", where=f"$.{name}")
    elif not m.asks:
        raise InvalidData("a match that is not over must wait for a decision", where="$.asks")

    # the saved rows (a loaded history is structured only when first read)
    if m.replayable:
        choices = m.choices.to_tuple()
        if choices and max(map(itemgetter(0), choices)) >= players:
            for i, (p, _) in enumerate(choices):
                seat(p, f"$.history[{i}][0]")
    else:
        dump = game.codec.dump
        for i, (p, _) in enumerate(m.history.dumped(lambda entry: [entry[0], dump(entry[1], Action)])):
            seat(p, f"$.history[{i}][0]")


def _check_cards(zones: Mapping[str, tuple[str, ...]], cards: Mapping[str, Any]) -> None:
    """Each of the game's cards in exactly one zone; otherwise InvalidData saying
    which card and where (the slow path of ``check_match``)."""
    seen: dict[str, str] = {}
    for zone, held in zones.items():
        for card in held:
            if card not in cards:
                raise InvalidData(f"unknown card {card!r:.60}", where=f"$.zones.{zone}")
            if card in seen:
                raise InvalidData(f"card {card!r} is also in {seen[card]!r}", where=f"$.zones.{zone}")
            seen[card] = zone
    if len(seen) != len(cards):
        lost = [c for c in cards if c not in seen]
        raise InvalidData(f"cards in no zone: {lost[:10]}{' ...' if len(lost) > 10 else ''}", where="$.zones")
