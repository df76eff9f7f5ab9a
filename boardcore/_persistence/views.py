"""What one player may see of a match, derived from zone visibility.

The default view needs nothing from the game: every card the player may see
comes with its label and printed data, counters are grouped by name (a list by
seat, or by piece), and the table is shown as data. A game's ``describe`` may
add entries under ``"game_view"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .._rules.match import Match


def plain(data: Any) -> Any:
    """``data`` with every tuple turned into a list, so it equals its JSON round trip."""
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [plain(value) for value in data]
    return data


def counters_view(m: Match) -> dict[str, Any]:
    """Counters by name: ``{"food": [2, 5]}`` for seats, ``{"hits": {"unit-3": 2}}``
    for cards and pieces, a number for a counter of the whole match. Declared
    per-seat counters are listed even while they are zero; a counter of cards or
    pieces lists only those that have it (``Match.remove_counter`` takes one
    away). A name held both by the whole match and by items shows the match's
    value under ``"match"`` among the items."""
    grouped: dict[str, Any] = {}
    for counter in m.rules.spec.counters:
        grouped[str(counter)] = [0] * m.players if counter.per_seat else 0
    players = m.players
    for key, value in m.counters.items():
        name, sep, owner = key.partition("@")
        held = grouped.get(name)
        seat = int(owner) if owner.isdigit() and int(owner) < players else None
        if not sep:
            if isinstance(held, dict):
                held["match"] = value
            else:
                grouped[name] = value
        elif seat is not None and (held is None or isinstance(held, list)):
            if held is None:
                held = grouped[name] = [0] * players
            held[seat] = value
        else:
            if isinstance(held, list):  # seats and items under one name: all by owner
                held = grouped[name] = {str(s): v for s, v in enumerate(held)}
            elif not isinstance(held, dict):
                held = grouped[name] = {"match": held} if held else {}
            held[owner] = value
    return grouped


def build_view(m: Match, player: int | None) -> dict[str, Any]:
    """All that ``player`` (None: a spectator) may see, as JSON-able data.

    Zones the player may see list their cards; the others show only how many cards
    they hold. Secret decisions and drafts of other players are left out entirely,
    so nothing a player may not know changes their view.
    """
    rules = m.rules
    codec = rules.codec
    shown = rules.card_view
    zones: dict[str, Any] = {}
    for zone, cards in m.zones.items():
        spec = m.specs[zone]
        entry: dict[str, Any] = {"owner": spec.owner, "count": len(cards)}
        if spec.visible_to(player):  # None sees public zones only
            entry["cards"] = [shown(c) for c in cards]
        zones[zone] = entry
    decisions = []
    mine = None
    for d, _ in m.asks:
        if d.player == player:
            mine = {"prompt": d.prompt, "options": [str(o) for o in d.options]}
        elif not d.secret:
            decisions.append({"player": d.player, "prompt": d.prompt})
    table_type = rules.spec.table_type
    board = rules.spec.board
    view: dict[str, Any] = {
        "game": m.game_name,
        "player": player,
        "players": m.players,
        "turn": m.turn,
        "round": m.round,
        "active": m.active_seat,
        "phase": m.phase,
        "out": list(m.out),
        "marks": {flag: list(items) for flag, items in m.marks.items()},
        "zones": zones,
        "counters": counters_view(m),
        "pieces": {pid: plain(codec.dump(p)) for pid, p in m.pieces.items()},
        "board": None if board is None else {"width": board.width, "height": board.height},
        "table": None if m.table is None else plain(codec.dump(m.table, table_type)),
        "draft": [] if player is None else list(m.drafts.get(player, ())),
        "decision": mine,
        "others_deciding": decisions,
        "result": None if m.result is None else plain(codec.dump(m.result)),
    }
    if rules.spec.describe is not None:
        view["game_view"] = plain(rules.spec.describe(m, player))
    return view
