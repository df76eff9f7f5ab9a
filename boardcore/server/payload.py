"""What the server sends to one seat (or a spectator) about a match.

Everything here is built from the two readings the engine makes for a seat:
``state.view(seat)`` and ``state.events_for(seat)``, never from the state's own
fields or its full event log, so a response can hold only what that seat may
know (the seat's own decision adds which of its own cards and which squares each
option names). Cards are named by their text ("Caesar (Leader, Force 10)"),
events told in sentences by :func:`boardcore.display.narrate`: ``events.lines``
with seats by number, for programs; ``recent`` with the players' names and sides
("Ann (North) chose in secret"), for people.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import Card, Decision, Event, State
from .._support.legend import Legend
from .._support.offers import card_of, squares_named, unplayable
from .._support.seating import Seating
from ..actions import Action
from ..display import game_title, narrate
from . import catalog

RECENT_FOR_SPECTATORS = 30
"""How many of the latest events a spectator's page tells."""


def seat_payload(
    match_id: str,
    state: State,
    seat: int | None,
    version: int,
    names: Sequence[str],
    since: int = 0,
    seen: int | None = None,
    told: Told | None = None,
) -> dict[str, Any]:
    """The match as ``seat`` may see it (None: a spectator).

    ``version`` counts the accepted answers; an answer may name it so that it is
    refused if the match moved on in between. ``events`` tells what happened from
    event ``since`` on; ``recent`` what happened since the seat's last answer
    (event ``seen``), or the last few events for a spectator. ``seating`` gives
    each seat's name, side and how sentences call it ("Ann (North)"); ``legend``
    the letter of each kind of piece, the same for the whole match.

    ``told`` (optional) caches the sentences of this seat's events between
    calls: the log only grows, so each event is put in words once.
    """
    view = state.view(seat)
    events = state.events_for(seat)
    count = len(events)
    since = min(max(since, 0), count)
    start = min(seen, count) if seen is not None else max(count - RECENT_FOR_SPECTATORS, 0)
    described = view.get("game_view")
    seating = Seating.of(names, state.players, described)
    told = tell(events, min(since, start), catalog.card_texts(state.game), told, seating)
    mine = next((d for d in state.pending if d.player == seat), None) if seat is not None else None
    legend = Legend.of_match(described, events)
    return {
        "match": match_id,
        "game": view["game"],
        "title": game_title(view["game"]),
        "version": version,
        "seat": seat,
        "names": list(names),
        "seating": {
            "names": list(seating.names),
            "sides": list(seating.sides),
            "who": [seating.who(p) for p in range(state.players)],
        },
        "view": view,
        "legend": dict(legend.letters),
        "decision": None if mine is None or seat is None else decision_payload(mine, state, seat, view, seating),
        "events": {"from": since, "to": count, "lines": [line for line in told.plain[since:] if line]},
        "recent": [line for line in told.named[start:] if line],
        "over": state.is_over,
        "result": view["result"],
    }


class Told:
    """A seat's events in sentences, each made once: ``plain`` with seats by number,
    ``named`` with the players' names and sides (made again if a name changes, as
    when a person takes an open seat). Events before ``first`` are not told (None)."""

    def __init__(self, first: int = 0) -> None:
        self.restart(first)

    def restart(self, first: int) -> None:
        self.first = first
        self.plain: list[str | None] = [None] * first
        self.named: list[str | None] = [None] * first
        self.who: tuple[str, ...] | None = None


def tell(
    events: Sequence[Event],
    first: int,
    card_texts: dict[str, str],
    told: Told | None = None,
    seating: Seating | None = None,
) -> Told:
    """The sentences of each event (None for those not told), in ``told`` (a new
    :class:`Told` when None), which is extended with the events it has not told yet.

    The events from ``first`` on are told, and those a cache already told; a cache
    of another log, or one that starts after ``first``, starts again.
    """
    seating = seating or Seating((), ())
    who = tuple(seating.who(p) for p in range(len(seating.names)))
    if told is None:
        told = Told(first)
    elif len(told.plain) > len(events) or told.first > first:
        told.restart(first)
    if told.who != who:  # somebody took a seat, or the sides changed: the names are said again
        known = len(told.plain)
        named: list[str | None] = [None] * told.first
        told.named = named + narrate(events[:known], told.first, card_texts, seating.who)
        told.who = who
    new = len(told.plain)
    told.plain.extend(narrate(events, new, card_texts))
    told.named.extend(narrate(events, new, card_texts, seating.who))
    return told


def decision_payload(decision: Decision, state: State, seat: int, view: Mapping[str, Any], seating: Seating) -> dict[str, Any]:
    """A seat's own decision: its question and each option with its index, its text
    (seats named), the card it names when that card is on the seat's table, and the
    squares it names; ``unplayable`` the seat's cards that no option can use now."""
    cards = state.game.cards
    shown = {c["id"] for zone in view["zones"].values() for c in zone.get("cards", ())}
    board = view.get("board")
    options = []
    for i, option in enumerate(decision.options):
        text = seating.tell(option_text(option, cards))
        card = card_of(option, cards)
        options.append(
            {
                "index": i,
                "text": text,
                "card": card if card in shown else None,
                "squares": squares_named(text, board["width"], board["height"]) if board else [],
            }
        )
    return {
        "prompt": seating.tell(decision.prompt),
        "secret": decision.secret,
        "options": options,
        "unplayable": sorted(unplayable(state, seat, decision) & shown),
    }


def option_text(option: Action, cards: Mapping[str, Card]) -> str:
    """An option's text with the card it names read as the game words it
    ("discard Caesar (Leader, Force 10)" rather than "discard Caesar")."""
    text = str(option)
    item = getattr(option, "card", None) or getattr(option, "item", None)
    card = cards.get(item) if isinstance(item, str) else None
    if card is not None and card.text != card.label and card.label in text:
        text = text.replace(card.label, card.text, 1)
    return text
