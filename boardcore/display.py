"""Plain-text rendering of views and events for people at a terminal.

Views and events keep seat numbers; names and sides are applied here, when
something is put in words (a :class:`~boardcore._support.seating.Seating`, or a
``who(seat)`` function). Pieces on a board are drawn with letters kept for the
whole match (a :class:`~boardcore._support.legend.Legend`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import attrs

from . import Event, Result
from .events import (
    CardPlayed,
    CardsMoved,
    Chose,
    CounterChanged,
    DieRolled,
    GameOver,
    MatchStarted,
    MomentCancelled,
    MomentReplaced,
    PhaseBegan,
    PhaseEnded,
    PieceAdded,
    PieceMoved,
    PieceRemoved,
    PlayerOut,
    Revealed,
    Shuffled,
    TurnBegan,
    TurnEnded,
)
from ._support.legend import PIECE_KINDS, Legend
from ._support.seating import SIDES, Seating, name_seats, sides_of
from .events import BUILTIN_EVENTS, HIDDEN_CARD

__all__ = [
    "NOT_NOW", "PIECE_KINDS", "SIDES", "Legend", "Seating", "describe_result", "game_title", "heading", "is_bookkeeping",
    "narrate", "render_board", "render_event", "render_view", "sides_of",
]  # fmt: skip

_QUIET = (MatchStarted, PieceAdded, PieceRemoved, PieceMoved, PhaseEnded, TurnEnded)
"""Bookkeeping events a person at the table does not need to read."""
_ENGINE_EVENTS = frozenset(BUILTIN_EVENTS)
_RESERVED = (SIDES, PIECE_KINDS)
"""Entries of a game's self-description that the display reads itself rather than lists."""
_WIDTH = 160
NOT_NOW = " [not now]"
"""Marks a card of the player's hand that the decision in front of them cannot use."""


def heading(view: Mapping[str, Any], seating: Seating | None = None, title: str | None = None) -> str:
    """The first line of a player's screen: the game, who is looking, where the match stands
    ("Tug of War - Ann (North) at seat 0 - turn 1, phase strategy")."""
    seat = view["player"]
    who = "a spectator" if seat is None else f"{seating.who(seat)} at seat {seat}" if seating else f"seat {seat}"
    return f"{title or view['game']} - {who} - turn {view['turn']}, phase {view['phase']}"


def render_view(
    view: dict[str, Any],
    names: Mapping[int, str] | None = None,
    *,
    seating: Seating | None = None,
    legend: Legend | None = None,
    unplayable: Collection[str] = (),
    title: str | None = None,
) -> str:
    """A player's view as a few readable lines.

    Counters kept per seat are shown by the players' ``names`` when given ("streak:
    Ann 2, Bob 0"), or by ``seating`` ("streak: Ann (North) 2, Bob (South) 0"), which
    also names the player in the heading and in the game's own entries. ``legend``
    keeps the board's letters fixed for the match; ``unplayable`` cards are marked
    :data:`NOT_NOW`. Entries of the game's self-description that the display reads
    itself (its sides, its kinds of pieces) are not listed.
    """
    if seating is None and names:
        seating = Seating.of(names, view["players"])
    tell = seating.tell if seating is not None else str
    lines = [heading(view, seating, title) if seating is not None else _old_heading(view)]
    if view.get("out"):
        out = view["out"]
        lines.append(f"out of the game: {', '.join(seating.who(p) for p in out) if seating else out}")
    for zone, entry in view["zones"].items():
        if "cards" in entry:
            # "; " between cards: a card's own text may hold commas ("Gold, God & Glory")
            shown = "; ".join(_card_text(card) + (NOT_NOW if card["id"] in unplayable else "") for card in entry["cards"])
            lines.append(f"  {zone} [{entry['count']}]: {shown or '(empty)'}")
        else:
            lines.append(f"  {zone} [{entry['count']} hidden]")
    counters = dict(view["counters"])
    board = view.get("board")
    if board:
        # counters kept per piece (a unit's Hits) are drawn as boards of their own beside it
        layers = {k: v for k, v in counters.items() if isinstance(v, dict) and set(v) <= set(view["pieces"])}
        for name in layers:
            del counters[name]
        drawn = render_board(board["width"], board["height"], view["pieces"], layers, legend, seating.who if seating else None)
        lines.extend("  " + line for line in drawn)
    if counters and seating is not None:
        for key, value in sorted(counters.items()):
            by_seat = isinstance(value, list) and len(value) == view["players"]
            values = ", ".join(f"{seating.who(p)} {v}" for p, v in enumerate(value)) if by_seat else value
            lines.append(f"  {key}: {values}")
    elif counters:
        lines.append("  counters: " + ", ".join(f"{k}={v}" for k, v in sorted(counters.items())))
    if view.get("draft"):
        texts = {card["id"]: _card_text(card) for entry in view["zones"].values() for card in entry.get("cards", ())}
        lines.append(f"  your picks so far: {'; '.join(texts.get(item, item) for item in view['draft'])}")
    extra = view.get("game_view")
    if extra:
        for key, value in extra.items():
            if seating is not None and key in _RESERVED:
                continue
            if seating is not None and _by_seat(value, view["players"]):
                lines.append(f"  {key}: " + ", ".join(f"{seating.who(p)} {_inline(v)}" for p, v in enumerate(value)))
                continue
            lines.extend(tell(line) for line in _entry(key, value, "  "))
    return "\n".join(lines)


def _by_seat(value: Any, players: int) -> bool:
    """Whether an entry of a game's self-description holds one plain value per seat
    (read as by seat, as counters by seat are)."""
    return isinstance(value, list) and len(value) == players and all(isinstance(v, (int, float, str)) for v in value)


def game_title(name: str) -> str:
    """A game's name as a title for people: ``"a-game-of-the-north"`` ->
    ``"A Game of the North"`` (short joining words stay in lower case)."""
    words = [w for w in re.split(r"[-_\s]+", name) if w]
    return " ".join(w if i and w in _SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)) or name


_SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs"})


def _old_heading(view: Mapping[str, Any]) -> str:
    return f"{view['game']} - you are seat {view['player']} - turn {view['turn']}, phase {view['phase']}"


def _card_text(card: Mapping[str, Any]) -> str:
    return str(card.get("text") or card["name"])


def render_board(
    width: int,
    height: int,
    pieces: Mapping[str, Mapping[str, Any]],
    layers: Mapping[str, Mapping[str, Any]] | None = None,
    legend: Legend | None = None,
    who: Callable[[int], str] | None = None,
) -> list[str]:
    """A square board as lines of text, the highest rank on top, files lettered under
    and over it and ranks numbered on both sides, then a legend.

    Each piece on the board shows as the letter of its kind: upper case for seat 0
    and lower case for seat 1 in a two-seat match, the letter and the seat number
    (``W2``) when more seats have pieces. With a ``legend`` the letters are the
    match's, fixed from its first screen to its last, and the legend lists every kind
    it knows; without one, kinds on the board get distinct letters in name order
    (their first letter no other kind has taken, so that ``knight`` and ``king``
    never share one). Pieces off the board are left out. Each of ``layers`` (a
    counter by piece id, such as Hits) is drawn as a board of its own to the right,
    with each piece's value on its square. ``who(seat)`` names the seats in the legend.
    """
    on_board = [p for p in pieces.values() if p.get("square")]
    kinds = sorted({str(p["kind"]) for p in on_board})
    if legend is not None:
        letters = {kind: legend.add(kind) for kind in kinds}
        listed = [(kind, letter) for letter, kind in legend.entries()]
    else:
        letters = _letters(kinds)
        listed = list(letters.items())
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
        say = who or _seat
        whose = f"upper case: {say(0)}, lower case: {say(1)}" if by_case else "the number is the seat"
        lines.append("  " + ", ".join(f"{letter} {kind}" for kind, letter in listed) + f" ({whose})")
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


def is_bookkeeping(event: Event) -> bool:
    """Whether ``event`` is the engine's or the game's bookkeeping, left out of what a
    person reads by default (``boardcore play --verbose`` shows it): the set-up, pieces
    entering and moving (the choice that moved them is told), the ends of phases and
    turns, a decision answered for a player who had one option, a counter kept on a
    card or a piece (a unit's Hits), and a game's event that has no sentence of its
    own (neither ``told`` nor ``__str__``)."""
    if isinstance(event, _QUIET) or isinstance(event, Chose) and event.forced:
        return True
    if isinstance(event, CounterChanged):
        return isinstance(event.owner, str)
    if type(event) in _ENGINE_EVENTS:
        return False
    return not _has_sentence(type(event))


def _has_sentence(kind: type) -> bool:
    return callable(getattr(kind, "told", None)) or kind.__str__ is not object.__str__


def render_event(
    event: Event,
    names: Mapping[str, str],
    who: Callable[[int], str] | None = None,
    verbose: bool = False,
) -> str | None:
    """One event as a line, or None for bookkeeping (see :func:`is_bookkeeping`;
    ``verbose`` tells it too). ``names`` gives the cards' texts by id.

    ``who(seat)`` names a seat ("Ann (North)"); without it a seat reads "seat N".
    A game's own event reads as its ``told(who)`` when its class defines one, else
    as its ``__str__`` with every "seat N" in it replaced through ``who``.
    """
    if not verbose and is_bookkeeping(event):
        return None
    say = who or _seat
    card = names.get
    if isinstance(event, TurnBegan):
        return f"== turn {event.turn}{'' if event.player is None else f': {say(event.player)}'} =="
    if isinstance(event, PhaseBegan):
        return f"-- {event.phase} --"
    if isinstance(event, CardPlayed):
        target = event.target
        aim = "" if target is None else f" on {say(target) if isinstance(target, int) else target}"
        return f"{say(event.player)} played {card(event.card, event.card)}{aim}"
    if isinstance(event, CardsMoved):
        if HIDDEN_CARD in event.cards:  # moved out of this player's sight: only how many
            return f"{len(event.cards)} card(s) {event.source} -> {event.target}"
        return f"{event.source} -> {event.target}: " + "; ".join(card(c, c) for c in event.cards)
    if isinstance(event, Shuffled):
        return f"{event.zone} shuffled ({event.size} cards)"
    if isinstance(event, Revealed):
        shown = ", ".join(card(i, i) for i in event.items) or "nothing"
        return f"{say(event.player)} revealed: {shown}"
    if isinstance(event, CounterChanged):
        if isinstance(event.owner, int):
            return f"{event.name} of {say(event.owner)}: {event.old} -> {event.new}"
        owner = "" if event.owner is None else f" of {event.owner}"
        return f"{event.name}{owner}: {event.old} -> {event.new}"
    if isinstance(event, DieRolled):
        if event.player is None:
            return f"d{event.sides} rolled {event.value} ({event.reason})"
        return f"{say(event.player)} rolled {event.value} on a d{event.sides} ({event.reason})"
    if isinstance(event, Chose):
        if event.action is None:
            return f"{say(event.player)} chose in secret"
        return f"{say(event.player)}: {_named(event.action, who)}"
    if isinstance(event, PlayerOut):
        return f"{say(event.player)} is out of the game"
    if isinstance(event, GameOver):
        return f"game over: {_winners(event.winners, who)} ({event.reason})"
    if isinstance(event, (MomentCancelled, MomentReplaced)):
        done = "cancelled" if isinstance(event, MomentCancelled) else "replaced"
        return f"{_moment(event.moment, names, say)} was {done} by {card(event.by, event.by)}"
    if isinstance(event, MatchStarted):
        return f"{event.game}: {event.players} players, seed {event.seed}"
    if isinstance(event, PieceAdded):
        return f"{event.piece} ({event.piece_kind}) of {say(event.owner)} enters"
    if isinstance(event, PieceMoved):
        return f"{event.piece}: {event.source or 'off the board'} -> {event.target or 'off the board'}"
    if isinstance(event, PieceRemoved):
        return f"{event.piece} leaves the match"
    if isinstance(event, PhaseEnded):
        return f"-- end of {event.phase} --"
    if isinstance(event, TurnEnded):
        return f"end of turn {event.turn}"
    told = getattr(event, "told", None)
    if callable(told):
        return str(told(say))
    if type(event).__str__ is not object.__str__:
        return _named(str(event), who)
    return _clip(type(event).__name__ + " " + ", ".join(f"{k}={v}" for k, v in attrs.asdict(event, recurse=False).items()))


def _moment(moment: Event, names: Mapping[str, str], say: Callable[[int], str]) -> str:
    """A moment that did not happen, in words ("the hunt phase of Ann (North)")."""
    if isinstance(moment, PhaseBegan):
        return f"the {moment.phase} phase" + ("" if moment.player is None else f" of {say(moment.player)}")
    if isinstance(moment, TurnEnded):
        return f"the end of turn {moment.turn}"
    if isinstance(moment, DieRolled):
        return f"the roll of a d{moment.sides} ({moment.reason})" + ("" if moment.player is None else f" by {say(moment.player)}")
    return f"the moment: {render_event(moment, names, say, verbose=True)}"


def narrate(
    events: Sequence[Event],
    first: int,
    names: Mapping[str, str],
    who: Callable[[int], str] | None = None,
    verbose: bool = False,
) -> list[str | None]:
    """The sentences of ``events[first:]`` (None for those not told), read in the
    context of the events before them: a card played right after its player chose
    to play it is told once, by the choice ("Ann: play Murder on Bob"), not again
    as ``CardPlayed``."""
    out: list[str | None] = []
    for at in range(first, len(events)):
        event = events[at]
        if not verbose and isinstance(event, CardPlayed) and _chosen_openly(events, at, event.player):
            out.append(None)
        else:
            out.append(render_event(event, names, who, verbose))
    return out


_LOOK_BACK = 64
"""How far back :func:`narrate` looks for the choice that played a card."""


def _chosen_openly(events: Sequence[Event], at: int, player: int) -> bool:
    """Whether ``player``'s last move before event ``at`` was a choice told in words
    (not secret, not answered for them), made since their previous card was played."""
    for event in reversed(events[max(at - _LOOK_BACK, 0) : at]):
        if isinstance(event, CardPlayed) and event.player == player:
            return False
        if isinstance(event, Chose) and event.player == player:
            return event.action is not None and not event.forced
    return False


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _named(text: str, who: Callable[[int], str] | None) -> str:
    """``text`` with every "seat N" replaced through ``who`` (unchanged without it)."""
    return text if who is None else name_seats(text, who)


def _winners(winners: Sequence[int], who: Callable[[int], str] | None = None) -> str:
    say = who or _seat
    said = [say(w) for w in winners]
    if not said:
        return "nobody wins"
    return f"{said[0]} wins" if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]} share the win"


def describe_result(result: Result, names: Mapping[int, str] | Seating | None = None) -> str:
    """A result in words: who won, why, and the final scores if the game gives them
    ("seat 0 wins (won the last hand); scores: seat 0 4, seat 1 4"); ``names`` (by
    seat, or a seating) names the players."""
    if isinstance(names, Seating):
        who: Callable[[int], str] | None = names.who
    elif names:
        given = names
        who = lambda seat: given.get(seat, f"seat {seat}")  # noqa: E731
    else:
        who = None
    say = who or _seat
    text = f"{_winners(result.winners, who)} ({result.reason})"
    if result.scores is not None:
        text += "; scores: " + ", ".join(f"{say(p)} {v}" for p, v in enumerate(result.scores))
    return text
