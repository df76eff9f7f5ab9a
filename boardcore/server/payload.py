"""What the server sends to one seat (or a spectator) about a match.

Everything here is built from the two readings the engine makes for a seat:
``state.view(seat)`` and ``state.events_for(seat)``, never from the state's own
fields or its full event log, so a response can hold only what that seat may
know. Cards are named by their text ("Caesar (Leader, Force 10)"), events told in
sentences by :func:`boardcore.display.render_event`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import Action, Card, Decision, Event, State
from ..display import render_event
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
    told: list[str | None] | None = None,
) -> dict[str, Any]:
    """The match as ``seat`` may see it (None: a spectator).

    ``version`` counts the accepted answers; an answer may name it so that it is
    refused if the match moved on in between. ``events`` tells what happened from
    event ``since`` on; ``recent`` what happened since the seat's last answer
    (event ``seen``), or the last few events for a spectator.

    ``told`` (optional) caches the sentences of this seat's events between
    calls: the log only grows, so each event is put in words once.
    """
    view = state.view(seat)
    events = state.events_for(seat)
    count = len(events)
    since = min(max(since, 0), count)
    start = min(seen, count) if seen is not None else max(count - RECENT_FOR_SPECTATORS, 0)
    told = tell(events, min(since, start), catalog.card_texts(state.game), told)
    mine = next((d for d in state.pending if d.player == seat), None) if seat is not None else None
    return {
        "match": match_id,
        "game": view["game"],
        "version": version,
        "seat": seat,
        "names": list(names),
        "view": view,
        "decision": None if mine is None else decision_payload(mine, state.game.cards),
        "events": {"from": since, "to": count, "lines": [line for line in told[since:] if line]},
        "recent": [line for line in told[start:] if line],
        "over": state.is_over,
        "result": view["result"],
    }


def tell(events: Sequence[Event], first: int, card_texts: dict[str, str], told: list[str | None] | None) -> list[str | None]:
    """The sentence of each event (None for those not worth telling).

    Without a cache, only the events from ``first`` on are put in words (the
    others are None). A cache ``told`` holds every event's sentence, from the
    first event, and is extended with the new ones.
    """
    if told is None:
        told = [None] * first
    elif len(told) > len(events):  # a cache of another log: start again
        told.clear()
    told.extend(render_event(event, card_texts) for event in events[len(told) :])
    return told


def decision_payload(decision: Decision, cards: Mapping[str, Card]) -> dict[str, Any]:
    """A seat's own decision: its question and each option with its index and text."""
    return {
        "prompt": decision.prompt,
        "secret": decision.secret,
        "options": [{"index": i, "text": option_text(o, cards)} for i, o in enumerate(decision.options)],
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
