"""Reading a saved match back: strictly, checked against a replay of its history
(``Game.state_from_json``), and replaying a history (``Game.replay``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .._rules.match import FIELDS, SAVED_AS, Match
from .._values.actions import Action
from .._values.errors import BoardcoreError, IllegalAction, InvalidData, PluginError
from .json_in import parse_saved
from .persist import FORMAT, check_head, dump_match, is_compact, load_choices, load_history, load_match
from .state import State, new_state
from .views import plain

if TYPE_CHECKING:
    from .._games.game import Game


def load_state(game: Game, text: str | bytes, verify: bool = True) -> State:
    """Read a saved match strictly (see ``Game.state_from_json``)."""
    data, text = parse_saved(text)
    if not verify:
        return State(game, load_match(game, data, derive=_checked_replay(game, data)))
    check_head(game, data)
    replayed = _replay_saved(game, data)
    if replayed.to_json() == text:  # the usual case: a save written by to_json, untouched
        return replayed
    m = load_match(game, data)  # says exactly what is malformed, if anything is,
    rows = not m.replayable  # and compare like with like: rows with rows, choices with choices
    if rows:
        m.log.to_tuple()  # the log and the history included (they are read lazily)
        m.history.to_tuple()
    saved = dump_match(m, rows=rows)
    again = dump_match(replayed._m, rows=rows)
    same_format = data["format"] == FORMAT
    for name in ("plugins", *(SAVED_AS[field] for field in FIELDS)):
        if name == "choices" or (name == "replayable" and not same_format):
            continue
        if name == "log" and not same_format and rows:
            # Events of an older format may lack fields they have gained since (a
            # phase's seat, a roll's purpose), and an action performed as a step now
            # may be recorded a little later than it was: the replay's log stands when
            # it holds the same events (as many of each kind).
            kinds = sorted(e["kind"] for e in saved[name]), sorted(e["kind"] for e in again[name])
            where = None if kinds[0] == kinds[1] else "$.log"
        else:
            where = _first_difference(saved[name], again[name], f"$.{name}")
        if where is not None:
            hint = (
                "; the save says the match is not replayable (arranged by hand or re-dealt by State.determinize), "
                "so its history cannot vouch for it: read it with verify=False if you trust it"
                if rows and data.get("replayable") is False
                else ""
            )
            raise InvalidData(
                f"differs from the match that replaying the saved history gives (same seed, players and options){hint}",
                where=where,
            )
    return replayed  # equal to the save in every field: only the layout or the format's version differed


def _checked_replay(game: Game, data: dict[str, Any]) -> Callable[[], Match]:
    """The replay of a compact save, run once when first asked for, and checked to
    give exactly the saved match (else the log cannot be trusted: InvalidData)."""
    done: list[Match] = []

    def derive() -> Match:
        if not done:
            replayed = _replay_saved(game, data)
            saved = plain(data)
            again = plain(dump_match(replayed._m))
            if again != saved:
                where = _first_difference(saved, again, "$") or "$"
                raise InvalidData(
                    "the saved match is not what replaying its choices gives, so its log and history"
                    " cannot be worked out (was it changed by hand?)",
                    where=where,
                )
            done.append(replayed._m)
        return done[0]

    return derive


def _replay_saved(game: Game, data: dict[str, Any]) -> State:
    """The match that the saved seed, players, options and history give."""
    load = game.codec.load
    players = load(data["players"], int, "$.players")
    seed = load(data["seed"], int, "$.seed")
    options = load(data["options"], dict[str, Any], "$.options")
    history: list[tuple[int, Any]] = load_choices(data["history"]) if is_compact(data) else load_history(game, data["history"])
    try:
        state = new_state(game, players, seed, options)
    except InvalidData as exc:
        where = exc.where or ""
        raise InvalidData(str(exc).removeprefix(f"{where}: "), where=f"$.{where}") from None
    except BoardcoreError as exc:  # the game's set-up failed on these options (a game bug, kept as the cause)
        raise InvalidData(f"setting up the saved match again failed: {exc}", where="$.options") from exc
    for i, (player, _) in enumerate(history):
        if not 0 <= player < players:
            raise InvalidData(f"no seat {player} in a {players}-player match", where=f"$.history[{i}][0]")
    m = state._m
    for i, (player, action) in enumerate(history):
        if type(action) is int:  # an option index, from a compact save
            for decision, _ in m.asks:
                if decision.player == player:
                    break
            else:
                raise InvalidData(f"replaying the saved choices, player {player} is not asked anything here", where=f"$.history[{i}]")
            if action >= len(decision.options):
                raise InvalidData(
                    f"replaying the saved choices, option {action} does not exist (there are {len(decision.options)})",
                    where=f"$.history[{i}][1]",
                )
            action = decision.options[action]
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            raise InvalidData(f"replaying the saved history, this action is not legal: {exc}", where=f"$.history[{i}]") from None
        except PluginError as exc:  # game code failed on an offered option (a game bug, kept as the cause)
            raise InvalidData(f"replaying the saved history, the game failed on this action: {exc}", where=f"$.history[{i}]") from exc
    return state


def _first_difference(saved: Any, again: Any, where: str) -> str | None:
    """The JSON path of the first place where two dumped values differ as JSON, or None."""
    kind = _json_kind(saved)
    if kind is not _json_kind(again):
        return where
    if kind is dict:
        if set(saved) != set(again):
            return where
        for key in sorted(saved):
            found = _first_difference(saved[key], again[key], f"{where}.{key}")
            if found is not None:
                return found
        return None
    if kind is list:
        for i, (a, b) in enumerate(zip(saved, again)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found is not None:
                return found
        return None if len(saved) == len(again) else where
    return None if saved == again else where


def _json_kind(value: Any) -> type:
    """What ``value`` is in JSON: a str subclass (a declared zone) is a string, a
    tuple a list, and true is not 1."""
    for kind in (bool, str, int, float, dict):
        if isinstance(value, kind):
            return kind
    return list if isinstance(value, (list, tuple)) else type(value)


def replay(game: Game, seed: int, players: int, history: Sequence[Any], options: dict[str, Any]) -> State:
    if isinstance(history, (str, bytes)) or not isinstance(history, Iterable):
        raise InvalidData(f"expected a sequence of (player, action) pairs, not {history!r:.60}", where="history")
    state = new_state(game, players, seed, options)
    for i, entry in enumerate(history):
        try:
            player, action = entry
        except (TypeError, ValueError):
            raise InvalidData("expected a (player, action) pair", where=f"history[{i}]") from None
        if not isinstance(action, Action):
            action = game.codec.load(action, Action, where=f"history[{i}]")
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            raise IllegalAction(f"history[{i}]: {exc}", player=player, action=action) from exc
    return state
