"""The web page: the lobby, and a match as one seat (or a spectator) sees it.

The HTML is made on the server from the same payload the JSON API sends
(:func:`boardcore.server.payload.seat_payload`), with the templates beside this
module; the page's script only swaps it in when the server pushes an update and
posts the option a person clicks. Nothing here knows any game: zones, cards,
counters, the board and the game's own entries are drawn from what every view
holds (see ``docs/server.md``).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2

from .._support.legend import PIECE_KINDS, Legend
from .._support.seating import SIDES, Seating
from ..display import game_title

_HERE = Path(__file__).parent

_CARD_KEYS_SHOWN_ELSEWHERE = {"id", "name", "label", "text"}
"""A card's fields that its tile shows already (or that are only for programs)."""

_FILES = "abcdefghijklmnopqrstuvwxyz"

_RESERVED = (SIDES, PIECE_KINDS)
"""Entries of a game's self-description that the page reads itself (the heading names
the sides, the board's letters come from the kinds) rather than lists."""

_PILE_SHOWN = 6
"""Cards of someone else's (or a shared) pile shown before the rest is folded away."""


@functools.cache
def _templates() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(_HERE / "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["plain"] = _plain
    return env


def render(template: str, **context: Any) -> str:
    return _templates().get_template(template).render(pile_shown=_PILE_SHOWN, **context)


def lobby_page(games: Sequence[Mapping[str, Any]], bots: Sequence[Mapping[str, str]], matches: Sequence[Mapping[str, Any]]) -> str:
    most = max((max(g["player_counts"]) for g in games), default=2)
    return render("lobby.html", games=games, bots=bots, matches=matches, max_players=most)


def match_page(summary: Mapping[str, Any]) -> str:
    """The page's frame: the table itself arrives over the WebSocket."""
    return render("match.html", match=summary, title=game_title(summary["game"]))


def table_html(payload: Mapping[str, Any]) -> str:
    """The table as ``payload``'s seat sees it: the part of the page each update replaces."""
    return render("table.html", t=table_context(payload))


def replay_page(summary: Mapping[str, Any], steps: int, seats: Sequence[tuple[int | None, str]]) -> str:
    """The replay's frame: the step controls; each step's table arrives from
    ``GET /api/matches/{id}/replay``. ``seats`` are the points of view offered."""
    return render("replay.html", match=summary, steps=steps, seats=seats, title=game_title(summary["game"]))


# -- from a payload to what the template draws --------------------------------------------


def table_context(payload: Mapping[str, Any]) -> dict[str, Any]:
    view = payload["view"]
    names: list[str] = list(payload["names"])
    seat = payload["seat"]
    seating = payload.get("seating") or {"names": names, "sides": [None] * len(names), "who": names}
    labels: list[str] = list(seating["who"])

    def who(player: int | None) -> str:
        if player is None:
            return "shared"
        return labels[player] if 0 <= player < len(labels) else f"seat {player}"

    counters = dict(view["counters"])
    layers = {k: v for k, v in counters.items() if isinstance(v, dict) and set(v) <= set(view["pieces"])}
    board = _board(view, layers, who, payload.get("legend") or {}) if view.get("board") else None
    if board is not None:
        for name in layers:
            del counters[name]
    texts = {c["id"]: c.get("text") or c["name"] for z in view["zones"].values() for c in z.get("cards", ())}
    decision = payload["decision"]
    described = {k: v for k, v in (view.get("game_view") or {}).items() if k not in _RESERVED}
    return {
        "game": payload["game"],
        "title": payload.get("title") or game_title(payload["game"]),
        "seat": seat,
        "names": names,
        "labels": labels,
        "you": None if seat is None else labels[seat],
        "version": payload["version"],
        "turn": view["turn"],
        "round": view["round"],
        "phase": view["phase"],
        "active": None if view["active"] is None else who(view["active"]),
        "out": [who(p) for p in view["out"]],
        "result": _result(view["result"], who),
        "decision": None if decision is None else _decision(decision),
        "waiting": [f"{who(d['player'])}: {d['prompt']}" for d in view["others_deciding"]],
        "zones": _zones(view["zones"], seat, who, set(decision["unplayable"]) if decision else set()),
        "counters": _counters(counters, view["players"], who),
        "board": board,
        "loose": _off_board(view["pieces"], who),
        "draft": [texts.get(item, item) for item in view.get("draft", ())],
        "described": [_described(k, v, view["players"], labels) for k, v in described.items()],
        "recent": list(reversed(payload["recent"])),
        "replay": payload.get("replay"),
    }


def _result(result: Mapping[str, Any] | None, who: Any) -> dict[str, Any] | None:
    if result is None:
        return None
    scores = result.get("scores")
    return {
        "winners": ", ".join(who(w) for w in result["winners"]) or "nobody",
        "reason": result["reason"],
        "scores": None if scores is None else [(who(p), s) for p, s in enumerate(scores)],
    }


def _decision(decision: Mapping[str, Any]) -> dict[str, Any]:
    """The question, the options the page offers as buttons (those that name no card
    on the table and no square: "done", "pass"), and every option as data for the
    page's script, which lets the person click the card or the squares instead."""
    options = decision["options"]
    buttons = [o for o in options if not o.get("card") and not o.get("squares")]
    return {
        "prompt": decision["prompt"],
        "buttons": [{"index": o["index"], "text": o["text"]} for o in buttons],
        "by_click": len(buttons) < len(options),
        "offers": [
            {"index": o["index"], "text": o["text"], "card": o.get("card"), "squares": o.get("squares") or []} for o in options
        ],
    }


def _zones(zones: Mapping[str, Mapping[str, Any]], seat: int | None, who: Any, unplayable: set[str]) -> list[dict[str, Any]]:
    """Zones to draw: the seat's own first, then the shared ones, then the others'."""
    out = []
    for name, entry in zones.items():
        owner = entry.get("owner")
        cards = entry.get("cards")
        out.append(
            {
                "name": name,
                "owner": who(owner),
                "mine": owner is not None and owner == seat,
                "count": entry["count"],
                "cards": None if cards is None else [_card(c, c["id"] in unplayable) for c in cards],
                # a long pile that is not the seat's own shows its top cards, the rest folded away
                "folded": cards is not None and len(cards) > _PILE_SHOWN and owner != seat,
                "order": 0 if owner is not None and owner == seat else 1 if owner is None else 2,
            }
        )
    return sorted(out, key=lambda z: z["order"])


def _card(card: Mapping[str, Any], not_now: bool = False) -> dict[str, Any]:
    """A card's tile: its name once, then what its text adds ("Caesar": "Leader,
    Force 10"), and its other values for the tooltip."""
    name = str(card["name"])
    text = str(card.get("text") or name)
    rest = text[len(name) :].strip() if text.startswith(name) else text
    if rest.startswith("(") and rest.endswith(")") and rest.count("(") == 1:
        rest = rest[1:-1]
    details = [(k, v) for k, v in card.items() if k not in _CARD_KEYS_SHOWN_ELSEWHERE and v not in (None, "", [], {})]
    return {"id": card["id"], "name": name, "text": text, "rest": rest, "details": details, "not_now": not_now}


def _counters(counters: Mapping[str, Any], players: int, who: Any) -> dict[str, Any]:
    """Counters kept per seat as a table (a row each, a column per seat); the rest as a list."""
    per_seat = {k: v for k, v in sorted(counters.items()) if isinstance(v, list) and len(v) == players}
    other = {k: v for k, v in sorted(counters.items()) if k not in per_seat}
    return {"seats": [who(p) for p in range(players)], "per_seat": per_seat, "other": other}


def _board(view: Mapping[str, Any], layers: Mapping[str, Mapping[str, Any]], who: Any, letters: Mapping[str, str]) -> dict[str, Any]:
    """The grid, highest rank on top as at the terminal: each square with its piece
    (the kind's letter, kept for the whole match, its owner, and per-piece counters
    such as Hits)."""
    width, height = view["board"]["width"], view["board"]["height"]
    pieces = {pid: p for pid, p in view["pieces"].items() if p.get("square")}
    legend = Legend.given(letters)
    at: dict[str, dict[str, Any]] = {}
    for pid, piece in pieces.items():
        numbers = [(name, values[pid]) for name, values in layers.items() if pid in values]
        kind = str(piece["kind"])
        at[piece["square"]] = {
            "mark": legend.add(kind),
            "kind": kind,
            "owner": piece["owner"],
            "numbers": numbers,
            "title": f"{who(piece['owner'])}: {kind}" + "".join(f", {n} {v}" for n, v in numbers),
        }
    files = _FILES[:width]
    rows = [
        {"rank": rank, "squares": [{"name": f"{f}{rank}", "piece": at.get(f"{f}{rank}")} for f in files]}
        for rank in range(height, 0, -1)
    ]
    return {"files": list(files), "rows": rows, "legend": [(letter, kind) for letter, kind in legend.entries()]}


def _off_board(pieces: Mapping[str, Mapping[str, Any]], who: Any) -> list[str]:
    """Pieces in play but on no square (a tribe's people), counted by owner and kind."""
    counts = Counter((who(piece.get("owner")), str(piece["kind"])) for piece in pieces.values() if not piece.get("square"))
    return [f"{owner}: {n} {kind}" for (owner, kind), n in sorted(counts.items())]


def _described(key: str, value: Any, players: int, labels: Sequence[str]) -> dict[str, Any]:
    """One entry of the game's self-description as the table panel shows it: a
    sentence, a row by seat, or a small table (see ``docs/server.md``)."""
    seating = Seating(tuple(labels))

    def said(item: Any) -> str:
        return seating.tell(_plain(item))

    if isinstance(value, list) and len(value) == players and all(isinstance(v, (int, float, str)) for v in value):
        return {"key": key, "kind": "by_seat", "cells": [said(v) for v in value]}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        columns = list(dict.fromkeys(k for row in value for k in row))
        return {"key": key, "kind": "table", "columns": columns, "rows": [[said(row.get(c, "")) for c in columns] for row in value]}
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return {"key": key, "kind": "table", "columns": [], "rows": [[said(c) for c in row] for row in value]}
    if isinstance(value, list):
        return {"key": key, "kind": "lines", "lines": [said(v) for v in value]}
    if isinstance(value, dict):
        return {"key": key, "kind": "lines", "lines": [f"{k}: {said(v)}" for k, v in value.items()]}
    return {"key": key, "kind": "sentence", "text": said(value)}


def _plain(value: Any) -> str:
    """A game's own data in a line: ``a=1, b=[x; y]``, or compact JSON for deep data."""
    if isinstance(value, dict):
        return ", ".join(f"{k}={_plain(v)}" for k, v in value.items() if v not in (None, [], "", {})) or "-"
    if isinstance(value, list):
        return "[" + "; ".join(_plain(v) for v in value) + "]"
    if isinstance(value, str):
        return value
    if value is None:
        return "-"
    return json.dumps(value)
