"""Saving a match as JSON-able data and loading it back exactly.

The saved document is ``{"format", "plugins", **fields}`` where the fields are
those of :class:`~boardcore.MatchData`, in order. Most fields are saved by the
game's codec from their declared types; the few below have a form of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from ._actions import Action
from ._decisions import Decision
from ._errors import InvalidData, RuleError
from ._events import Event
from ._log import SharedLog
from ._match import FIELDS, Match, MatchData
from ._steps import Step

if TYPE_CHECKING:
    from ._game import Game
    from ._serialize import Codec

FORMAT = "boardcore.match/2"

attrs.resolve_types(MatchData)
_TYPES: dict[str, Any] = {field.name: field.type for field in attrs.fields(MatchData)}


def _dump_special(codec: Codec, m: Match) -> dict[str, Callable[[Any], Any]]:
    dump = codec.dump
    kind = m.rules.spec.table_type
    if m.table is not None and type(m.table) is not kind:
        raise RuleError(f"{m.game}: the match's table is a {type(m.table).__name__}, but the spec's table_type is {kind}")
    return {
        "rng": lambda value: format(value, "x"),
        "table": lambda value: None if value is None else dump(value, kind),
        "agenda": lambda steps: [dump(step, Step) for step in steps],
        "triggered": lambda steps: [dump(step, Step) for step in steps],
        "asks": lambda asks: [[dump(decision), dump(step, Step)] for decision, step in asks],
        "drafts": lambda drafts: {str(p): list(items) for p, items in drafts.items()},
        "sealed": lambda sealed: {str(p): dump(step, Step) for p, step in sealed.items()},
        "log": lambda log: log.dumped(lambda event: dump(event, Event)),
        "history": lambda log: log.dumped(lambda entry: [entry[0], dump(entry[1], Action)]),
    }


def dump_match(m: Match) -> dict[str, Any]:
    codec = m.rules.codec
    special = _dump_special(codec, m)
    data: dict[str, Any] = {"format": FORMAT, "plugins": list(m.rules.plugins)}
    for name in FIELDS:
        value = getattr(m, name)
        how = special.get(name)
        data[name] = how(value) if how is not None else codec.dump(value, _TYPES[name])
    return data


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidData("expected a list", where=where)
    return value


def _pairs(value: Any, where: str) -> list[list[Any]]:
    entries = _list(value, where)
    for i, entry in enumerate(entries):
        if not isinstance(entry, list) or len(entry) != 2:
            raise InvalidData("expected a pair", where=f"{where}[{i}]")
    return entries


def _load_special(game: Game) -> dict[str, Callable[[Any, str], Any]]:
    load = game.codec.load

    def rng(value: Any, where: str) -> int:
        try:
            return int(value, 16)
        except (TypeError, ValueError):
            raise InvalidData("expected a hexadecimal string", where=where) from None

    def table(value: Any, where: str) -> Any:
        kind = game.spec.table_type
        return None if value is None or kind is None else load(value, kind, where)

    def steps(value: Any, where: str) -> tuple[Step, ...]:
        return tuple(load(s, Step, f"{where}[{i}]") for i, s in enumerate(_list(value, where)))

    def asks(value: Any, where: str) -> tuple[tuple[Decision, Step], ...]:
        return tuple(
            (load(d, Decision, f"{where}[{i}][0]"), load(s, Step, f"{where}[{i}][1]"))
            for i, (d, s) in enumerate(_pairs(value, where))
        )

    def log(value: Any, where: str) -> SharedLog[Event]:
        return SharedLog([load(e, Event, f"{where}[{i}]") for i, e in enumerate(_list(value, where))])

    def history(value: Any, where: str) -> SharedLog[tuple[int, Action]]:
        return SharedLog(
            [
                (load(p, int, f"{where}[{i}][0]"), load(a, Action, f"{where}[{i}][1]"))
                for i, (p, a) in enumerate(_pairs(value, where))
            ]
        )

    return {"rng": rng, "table": table, "agenda": steps, "triggered": steps, "asks": asks, "log": log, "history": history}


def load_match(game: Game, data: Any) -> Match:
    """Rebuild a match; anything malformed raises InvalidData saying where."""
    if not isinstance(data, dict):
        raise InvalidData("a saved game must be a JSON object", where="$")
    missing = [k for k in ("format", "plugins", *FIELDS) if k not in data]
    if missing:
        raise InvalidData(f"missing keys {missing}", where="$")
    if data["format"] != FORMAT:
        raise InvalidData(f"unknown format {data['format']!r} (expected {FORMAT!r})", where="$.format")
    if data["game"] != game.name:
        raise InvalidData(f"this is a saved {data['game']!r} match, not {game.name!r}", where="$.game")
    if data["plugins"] != list(game.plugins):
        raise InvalidData(
            f"saved with plugins {data['plugins']!r} but the game was loaded with {list(game.plugins)}",
            where="$.plugins",
        )
    special = _load_special(game)
    values = []
    for name in FIELDS:
        how = special.get(name)
        where = f"$.{name}"
        values.append(how(data[name], where) if how is not None else game.codec.load(data[name], _TYPES[name], where))
    m = object.__new__(Match)
    m.rules = game
    MatchData.__init__(m, *values)
    _check(game, m)
    return m


def _check(game: Game, m: Match) -> None:
    """What a loaded match must satisfy before anything runs on it."""
    if m.players not in game.player_counts:
        raise InvalidData(f"{game.name} cannot have {m.players} players", where="$.players")
    if set(m.zones) != set(m.specs):
        raise InvalidData("zones and zone specs list different zones", where="$.specs")
    negative = [k for k, v in m.counters.items() if v < 0]
    if negative:
        raise InvalidData(f"negative counters {negative}", where="$.counters")
    seen: dict[str, str] = {}
    for zone, cards in m.zones.items():
        for card in cards:
            if card not in game.cards:
                raise InvalidData(f"unknown card {card!r}", where=f"$.zones.{zone}")
            if card in seen:
                raise InvalidData(f"card {card!r} is also in {seen[card]!r}", where=f"$.zones.{zone}")
            seen[card] = zone
