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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2

_HERE = Path(__file__).parent

_CARD_KEYS_SHOWN_ELSEWHERE = {"id", "name", "label", "text"}
"""A card's fields that its tile shows already (or that are only for programs)."""

_FILES = "abcdefghijklmnopqrstuvwxyz"

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
    return render("lobby.html", games=games, bots=bots, matches=matches, max_players=max(
        (max(g["player_counts"]) for g in games), default=2
    ))


def match_page(summary: Mapping[str, Any]) -> str:
    """The page's frame: the table itself arrives over the WebSocket."""
    return render("match.html", match=summary)


def table_html(payload: Mapping[str, Any]) -> str:
    """The table as ``payload``'s seat sees it: the part of the page each update replaces."""
    return render("table.html", t=table_context(payload))


# -- from a payload to what the template draws --------------------------------------------


def table_context(payload: Mapping[str, Any]) -> dict[str, Any]:
    view = payload["view"]
    names: list[str] = list(payload["names"])
    seat = payload["seat"]

    def who(player: int | None) -> str:
        if player is None:
            return "shared"
        if player == seat:
            return "you"
        return names[player] if 0 <= player < len(names) else f"seat {player}"

    counters = dict(view["counters"])
    layers = {k: v for k, v in counters.items() if isinstance(v, dict) and set(v) <= set(view["pieces"])}
    board = _board(view, layers, who) if view.get("board") else None
    if board is not None:
        for name in layers:
            del counters[name]
    texts = {c["id"]: c.get("text") or c["name"] for z in view["zones"].values() for c in z.get("cards", ())}
    decision = payload["decision"]
    return {
        "game": payload["game"],
        "seat": seat,
        "names": names,
        "you": None if seat is None else names[seat],
        "version": payload["version"],
        "turn": view["turn"],
        "round": view["round"],
        "phase": view["phase"],
        "active": None if view["active"] is None else who(view["active"]),
        "out": [who(p) for p in view["out"]],
        "result": _result(view["result"], who),
        "decision": None if decision is None else {"prompt": decision["prompt"], "groups": _groups(decision["options"])},
        "waiting": [f"{who(d['player'])}: {d['prompt']}" for d in view["others_deciding"]],
        "zones": _zones(view["zones"], seat, who),
        "counters": _counters(counters, view["players"], who),
        "board": board,
        "loose": _off_board(view["pieces"], who),
        "draft": [texts.get(item, item) for item in view.get("draft", ())],
        "extra": _as_entries(view.get("game_view")),
        "table": _as_entries(view.get("table")),
        "recent": payload["recent"],
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


def _groups(options: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Options that begin with the same word, three or more of them, under that word
    ("discard:" then a button per card), as the terminal lists them."""
    verbs = [o["text"].split(" ", 1)[0] if " " in o["text"] else "" for o in options]
    groups: list[dict[str, Any]] = []
    for option, verb in zip(options, verbs):
        grouped = bool(verb) and verbs.count(verb) > 2
        title = verb if grouped else None
        label = option["text"][len(verb) + 1 :] if grouped else option["text"]
        if not groups or groups[-1]["title"] != title:
            groups.append({"title": title, "options": []})
        groups[-1]["options"].append({"index": option["index"], "label": label, "text": option["text"]})
    return groups


def _zones(zones: Mapping[str, Mapping[str, Any]], seat: int | None, who: Any) -> list[dict[str, Any]]:
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
                "cards": None if cards is None else [_card(c) for c in cards],
                # a long pile that is not the seat's own shows its top cards, the rest folded away
                "folded": cards is not None and len(cards) > _PILE_SHOWN and owner != seat,
                "order": 0 if owner is not None and owner == seat else 1 if owner is None else 2,
            }
        )
    return sorted(out, key=lambda z: z["order"])


def _card(card: Mapping[str, Any]) -> dict[str, Any]:
    """A card's tile: its name, its text, and its other values ("force 10")."""
    details = [(k, v) for k, v in card.items() if k not in _CARD_KEYS_SHOWN_ELSEWHERE and v not in (None, "", [], {})]
    return {"name": card["name"], "text": card.get("text") or card["name"], "details": details}


def _counters(counters: Mapping[str, Any], players: int, who: Any) -> dict[str, Any]:
    """Counters kept per seat as a table (a row each, a column per seat); the rest as a list."""
    per_seat = {k: v for k, v in sorted(counters.items()) if isinstance(v, list) and len(v) == players}
    other = {k: v for k, v in sorted(counters.items()) if k not in per_seat}
    return {"seats": [who(p) for p in range(players)], "per_seat": per_seat, "other": other}


def _board(view: Mapping[str, Any], layers: Mapping[str, Mapping[str, Any]], who: Any) -> dict[str, Any]:
    """The grid, highest rank on top as at the terminal: each square with its piece
    (kind, owner, and per-piece counters such as Hits)."""
    width, height = view["board"]["width"], view["board"]["height"]
    pieces = {pid: p for pid, p in view["pieces"].items() if p.get("square")}
    marks = _abbreviations(sorted({str(p["kind"]) for p in pieces.values()}))
    at: dict[str, dict[str, Any]] = {}
    for pid, piece in pieces.items():
        numbers = [(name, values[pid]) for name, values in layers.items() if pid in values]
        kind = str(piece["kind"])
        at[piece["square"]] = {
            "mark": marks[kind],
            "owner": piece["owner"],
            "numbers": numbers,
            "title": f"{who(piece['owner'])}: {kind}" + "".join(f", {n} {v}" for n, v in numbers),
        }
    files = _FILES[:width]
    rows = [
        {"rank": rank, "squares": [{"name": f"{f}{rank}", "piece": at.get(f"{f}{rank}")} for f in files]}
        for rank in range(height, 0, -1)
    ]
    return {"files": list(files), "rows": rows, "legend": sorted(marks.items(), key=lambda kv: kv[1])}


def _abbreviations(kinds: Sequence[str]) -> dict[str, str]:
    """Distinct short marks for the kinds of pieces: their first two letters when
    those are free, else the first letter and another of the name, else a number."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for kind in kinds:
        letters = [c for c in kind if c.isalnum()] or ["?"]
        head = letters[0].upper()
        candidates = [head + c.lower() for c in letters[1:]] + [head] + [f"{head}{n}" for n in range(2, 100)]
        mark = next(c for c in candidates if c not in taken)
        taken.add(mark)
        out[kind] = mark
    return out


def _off_board(pieces: Mapping[str, Mapping[str, Any]], who: Any) -> list[str]:
    """Pieces in play but on no square (a tribe's people), counted by owner and kind."""
    counts: dict[tuple[str, str], int] = {}
    for piece in pieces.values():
        if not piece.get("square"):
            key = (who(piece.get("owner")), str(piece["kind"]))
            counts[key] = counts.get(key, 0) + 1
    return [f"{owner}: {n} {kind}" for (owner, kind), n in sorted(counts.items())]


def _as_entries(value: Any) -> dict[str, Any]:
    """A game's own data (its table, its ``game_view``) as named entries to list."""
    if value is None or value == {}:
        return {}
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {"value": value}


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
