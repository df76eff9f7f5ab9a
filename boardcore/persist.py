"""Saving a match as JSON-able data and loading it back exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .decisions import Decision, Result
from .errors import InvalidData
from .events import Event
from .flow import Step
from .log import SharedLog
from .match import Match, Piece
from .zones import ZoneSpec

if TYPE_CHECKING:
    from .game import Game

FORMAT = "boardcore.match/1"


def dump_match(m: Match) -> dict[str, Any]:
    codec = m.rules.codec
    dump = codec.dump
    table_type = m.rules.spec.table_type
    return {
        "format": FORMAT,
        "game": m.game,
        "plugins": list(m.rules.plugins),
        "players": m.players,
        "seed": m.seed,
        "options": dict(m.options),
        "rng": format(m.rng, "x"),
        "zones": {zone: list(cards) for zone, cards in m.zones.items()},
        "specs": {zone: dump(spec) for zone, spec in m.specs.items()},
        "counters": dict(m.counters),
        "pieces": {pid: dump(piece) for pid, piece in m.pieces.items()},
        "serial": m.serial,
        "table": None if m.table is None else dump(m.table, table_type),
        "turn": m.turn,
        "active": m.active,
        "phase": m.phase,
        "out": list(m.out),
        "agenda": [dump(step, Step) for step in m.agenda],
        "asks": [[dump(decision), dump(step, Step)] for decision, step in m.asks],
        "drafts": {str(p): list(items) for p, items in m.drafts.items()},
        "sealed": {str(p): dump(step, Step) for p, step in m.sealed.items()},
        "loaded": list(m.loaded),
        "log": m.log.dumped(lambda event: dump(event, Event)),
        "history": m.history.dumped(lambda entry: [entry[0], dump(entry[1], Action)]),
        "result": None if m.result is None else dump(m.result),
    }


_KEYS = (
    "format game plugins players seed options rng zones specs counters pieces serial table turn "
    "active phase out agenda asks drafts sealed loaded log history result"
).split()


def load_match(game: Game, data: Any) -> Match:
    """Rebuild a match; anything malformed raises InvalidData saying where."""
    if not isinstance(data, dict):
        raise InvalidData("a saved game must be a JSON object", where="$")
    missing = [k for k in _KEYS if k not in data]
    if missing:
        raise InvalidData(f"missing keys {missing}", where="$")
    if data["format"] != FORMAT:
        raise InvalidData(f"unknown format {data['format']!r} (expected {FORMAT!r})", where="$.format")
    if data["game"] != game.name:
        raise InvalidData(f"this is a saved {data['game']!r} match, not {game.name!r}", where="$.game")
    if not isinstance(data["plugins"], list) or not all(isinstance(p, str) for p in data["plugins"]):
        raise InvalidData("expected a list of plugin names", where="$.plugins")
    if list(data["plugins"]) != list(game.plugins):
        raise InvalidData(
            f"saved with plugins {data['plugins']} but the game was loaded with {list(game.plugins)}",
            where="$.plugins",
        )
    load = game.codec.load
    players = load(data["players"], int, "$.players")
    if players not in game.player_counts:
        raise InvalidData(f"{game.name} cannot have {players} players", where="$.players")
    seed = load(data["seed"], int, "$.seed")
    options = load(data["options"], dict[str, Any], "$.options")
    m = Match(game, players, seed, options)
    try:
        m.rng = int(data["rng"], 16)
    except (TypeError, ValueError):
        raise InvalidData("expected a hexadecimal string", where="$.rng") from None
    m.zones = load(data["zones"], dict[str, tuple[str, ...]], "$.zones")
    m.specs = load(data["specs"], dict[str, ZoneSpec], "$.specs")
    if set(m.zones) != set(m.specs):
        raise InvalidData("zones and zone specs list different zones", where="$.specs")
    m.counters = load(data["counters"], dict[str, int], "$.counters")
    negative = [k for k, v in m.counters.items() if v < 0]
    if negative:
        raise InvalidData(f"negative counters {negative}", where="$.counters")
    m.pieces = load(data["pieces"], dict[str, Piece], "$.pieces")
    m.serial = load(data["serial"], int, "$.serial")
    table_type = game.spec.table_type
    if data["table"] is not None and table_type is not None:
        m.table = load(data["table"], table_type, "$.table")
    m.turn = load(data["turn"], int, "$.turn")
    m.active = load(data["active"], int | None, "$.active")  # type: ignore[arg-type]
    m.phase = load(data["phase"], str | None, "$.phase")  # type: ignore[arg-type]
    m.out = load(data["out"], tuple[int, ...], "$.out")
    m.agenda = tuple(load(s, Step, f"$.agenda[{i}]") for i, s in enumerate(_list(data, "agenda")))
    asks = []
    for i, entry in enumerate(_list(data, "asks")):
        if not isinstance(entry, list) or len(entry) != 2:
            raise InvalidData("expected [decision, step]", where=f"$.asks[{i}]")
        asks.append((load(entry[0], Decision, f"$.asks[{i}][0]"), load(entry[1], Step, f"$.asks[{i}][1]")))
    m.asks = tuple(asks)
    m.drafts = load(data["drafts"], dict[int, tuple[str, ...]], "$.drafts")
    m.sealed = load(data["sealed"], dict[int, Step], "$.sealed")
    m.loaded = load(data["loaded"], tuple[int, ...], "$.loaded")
    m.log = SharedLog([load(e, Event, f"$.log[{i}]") for i, e in enumerate(_list(data, "log"))])
    history = []
    for i, entry in enumerate(_list(data, "history")):
        if not isinstance(entry, list) or len(entry) != 2:
            raise InvalidData("expected [player, action]", where=f"$.history[{i}]")
        history.append((load(entry[0], int, f"$.history[{i}][0]"), load(entry[1], Action, f"$.history[{i}][1]")))
    m.history = SharedLog(history)
    m.result = None if data["result"] is None else load(data["result"], Result, "$.result")
    _check_cards(game, m)
    return m


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise InvalidData("expected a list", where=f"$.{key}")
    return value


def _check_cards(game: Game, m: Match) -> None:
    """Every card in at most one place, and only cards the game knows."""
    seen: dict[str, str] = {}
    for zone, cards in m.zones.items():
        for card in cards:
            if card not in game.cards:
                raise InvalidData(f"unknown card {card!r}", where=f"$.zones.{zone}")
            if card in seen:
                raise InvalidData(f"card {card!r} is also in {seen[card]!r}", where=f"$.zones.{zone}")
            seen[card] = zone
