"""Plain-text rendering of views and events for people at a terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._decisions import Result
from ._events import (
    HIDDEN_CARD,
    CardPlayed,
    CardsMoved,
    Chose,
    CounterChanged,
    DieRolled,
    Event,
    GameOver,
    MatchStarted,
    PhaseBegan,
    PhaseEnded,
    PieceAdded,
    PieceMoved,
    PieceRemoved,
    Revealed,
    Shuffled,
    TurnBegan,
    TurnEnded,
)

_QUIET = (MatchStarted, PieceAdded, PieceRemoved, PieceMoved, PhaseEnded, TurnEnded)
"""Bookkeeping events a person at the table does not need to read."""
_WIDTH = 160


def render_view(view: dict[str, Any], names: Mapping[int, str] | None = None) -> str:
    """A player's view as a few readable lines; counters kept per seat are shown by
    the players' ``names`` when given ("streak: Ann 2, Bob 0")."""
    lines = [f"{view['game']} - you are seat {view['player']} - turn {view['turn']}, phase {view['phase']}"]
    if view.get("out"):
        lines.append(f"out of the game: {view['out']}")
    for zone, entry in view["zones"].items():
        if "cards" in entry:
            # "; " between cards: a card's own text may hold commas ("Gold, God & Glory")
            shown = "; ".join(card.get("text") or card["name"] for card in entry["cards"]) or "(empty)"
            lines.append(f"  {zone} [{entry['count']}]: {shown}")
        else:
            lines.append(f"  {zone} [{entry['count']} hidden]")
    counters = dict(view["counters"])
    board = view.get("board")
    if board:
        # counters kept per piece (a unit's Hits) are drawn as boards of their own beside it
        layers = {k: v for k, v in counters.items() if isinstance(v, dict) and set(v) <= set(view["pieces"])}
        for name in layers:
            del counters[name]
        lines.extend("  " + line for line in render_board(board["width"], board["height"], view["pieces"], layers))
    if counters and names:
        for key, value in sorted(counters.items()):
            by_seat = isinstance(value, list) and len(value) == view["players"]
            values = ", ".join(f"{names.get(p, p)} {v}" for p, v in enumerate(value)) if by_seat else value
            lines.append(f"  {key}: {values}")
    elif counters:
        lines.append("  counters: " + ", ".join(f"{k}={v}" for k, v in sorted(counters.items())))
    if view.get("draft"):
        texts = {card["id"]: card.get("text") or card["name"] for entry in view["zones"].values() for card in entry.get("cards", ())}
        lines.append(f"  your picks so far: {'; '.join(texts.get(item, item) for item in view['draft'])}")
    extra = view.get("game_view")
    if extra:
        for key, value in extra.items():
            lines.extend(_entry(key, value, "  "))
    return "\n".join(lines)


def render_board(
    width: int,
    height: int,
    pieces: Mapping[str, Mapping[str, Any]],
    layers: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[str]:
    """A square board as lines of text, the highest rank on top, files lettered under
    and over it and ranks numbered on both sides, then a legend.

    Each piece on the board shows as the letter of its kind: upper case for seat 0
    and lower case for seat 1 in a two-seat match, the letter and the seat number
    (``W2``) when more seats have pieces. Kinds get distinct letters: their first
    letter that no other kind (in name order) has taken, so that ``knight`` and
    ``king`` never share one. Pieces off the board are left out. Each of ``layers``
    (a counter by piece id, such as Hits) is drawn as a board of its own to the
    right, with each piece's value on its square.
    """
    on_board = [p for p in pieces.values() if p.get("square")]
    letters = _letters(sorted({str(p["kind"]) for p in on_board}))
    seats = sorted({int(p["owner"]) for p in on_board})
    by_case = set(seats) <= {0, 1}
    cell = 2 if by_case else 3
    at = {}
    for p in on_board:
        letter = letters[str(p["kind"])]
        at[p["square"]] = (letter.upper() if p["owner"] == 0 else letter.lower()) if by_case else f"{letter.upper()}{p['owner']}"
    names = "abcdefghijklmnopqrstuvwxyz"[:width]
    files = "".join(f"{f:>{cell}}" for f in names)
    margin = len(str(height))
    boards = [at]
    for values in (layers or {}).values():
        square_of = {p["square"]: values[pid] for pid, p in pieces.items() if p.get("square") and pid in values}
        boards.append({sq: str(v) for sq, v in square_of.items()})
    gap = " " * (margin + 4)
    lines = [(" " * margin + gap.join([files] + [f" {name:<{len(files) - 1}}" for name in (layers or {})])).rstrip()]
    for y in range(height, 0, -1):
        rows = ["".join(f"{board.get(f'{f}{y}', '.'):>{cell}}" for f in names) for board in boards]
        lines.append((f"{y:>{margin}}{rows[0]}  {y:<{margin}}" + "".join(f"  {row}" for row in rows[1:])).rstrip())
    lines.append(" " * margin + files)
    if letters:
        who = "upper case: seat 0, lower case: seat 1" if by_case else "the number is the seat"
        lines.append("  " + ", ".join(f"{letter} {kind}" for kind, letter in letters.items()) + f" ({who})")
    return lines


def _letters(kinds: Sequence[str]) -> dict[str, str]:
    """A distinct letter for each kind: its first letter still free, else any free one."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for kind in kinds:
        choices = [c for c in kind.upper() if c.isalpha()] + [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        letter = next((c for c in choices if c not in taken), "?")
        taken.add(letter)
        out[kind] = letter
    return out


def _entry(key: str, value: Any, pad: str) -> list[str]:
    """``key: value``, with a list of records one record per line."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [f"{pad}{key}:"] + [_clip(f"{pad}  - {_inline(v)}") for v in value]
    if isinstance(value, dict):
        return [f"{pad}{key}:"] + [line for k, v in value.items() for line in _entry(k, v, pad + "  ")]
    return [_clip(f"{pad}{key}: {_inline(value)}")]


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={_inline(v)}" for k, v in value.items() if v not in (None, [], "", {}))
    if isinstance(value, list):
        return "[" + "; ".join(_inline(v) for v in value) + "]"
    return str(value)


def _clip(line: str) -> str:
    return line if len(line) <= _WIDTH else line[: _WIDTH - 3] + "..."


def render_event(event: Event, names: dict[str, str]) -> str | None:
    """One event as a line, or None for events not worth showing.

    A game's own event reads as its ``__str__`` when its class defines one.
    """
    if isinstance(event, _QUIET) or isinstance(event, Chose) and event.forced:
        return None
    if isinstance(event, TurnBegan):
        who = "" if event.player is None else f" (seat {event.player})"
        return f"== turn {event.turn}{who} =="
    if isinstance(event, PhaseBegan):
        return f"-- {event.phase} --"
    if isinstance(event, CardPlayed):
        aim = "" if event.target is None else f" on {event.target}"
        return f"seat {event.player} plays {names.get(event.card, event.card)}{aim}"
    if isinstance(event, CardsMoved):
        if HIDDEN_CARD in event.cards:  # moved out of this player's sight: only how many
            return f"{len(event.cards)} card(s) {event.source} -> {event.target}"
        return f"{event.source} -> {event.target}: " + "; ".join(names.get(c, c) for c in event.cards)
    if isinstance(event, Shuffled):
        return f"{event.zone} shuffled ({event.size} cards)"
    if isinstance(event, Revealed):
        shown = ", ".join(names.get(i, i) for i in event.items) or "nothing"
        return f"seat {event.player} reveals: {shown}"
    if isinstance(event, CounterChanged):
        if isinstance(event.owner, int):
            return f"seat {event.owner}'s {event.name}: {event.old} -> {event.new}"
        owner = "" if event.owner is None else f" of {event.owner}"
        return f"{event.name}{owner}: {event.old} -> {event.new}"
    if isinstance(event, DieRolled):
        return f"d{event.sides} rolled {event.value} ({event.reason})"
    if isinstance(event, Chose):
        return f"seat {event.player}: {event.action}" if event.action else f"seat {event.player} chose in secret"
    if isinstance(event, GameOver):
        return f"game over: {_winners(event.winners)} ({event.reason})"
    if type(event).__str__ is not object.__str__:
        return str(event)
    return _clip(type(event).__name__ + " " + ", ".join(f"{k}={v}" for k, v in _fields(event).items()))


def _winners(winners: Sequence[int], names: Mapping[int, str] | None = None) -> str:
    said = [names[w] if names else f"seat {w}" for w in winners]
    if not said:
        return "nobody wins"
    return f"{said[0]} wins" if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]} share the win"


def describe_result(result: Result, names: Mapping[int, str] | None = None) -> str:
    """A result in words: who won, why, and the final scores if the game gives them
    ("seat 0 wins (won the last hand); scores: seat 0 4, seat 1 4")."""
    text = f"{_winners(result.winners, names)} ({result.reason})"
    if result.scores is not None:
        text += "; scores: " + ", ".join(f"{names[p] if names else f'seat {p}'} {v}" for p, v in enumerate(result.scores))
    return text


def _fields(event: Event) -> dict[str, Any]:
    import attrs

    return attrs.asdict(event, recurse=False)
