"""How a match ends: 12 Loot at once (HP-R17), or the most Loot after turn 50 (HP-R18);
and how search bots judge a match in progress."""

from __future__ import annotations

from boardcore import Match, Result

from .board import loot
from .cards import CONSTANTS

WON = "reached the Loot target"
LIMIT_MOST = "turn limit: most Loot"
LIMIT_KHAN = "turn limit: the Khan breaks a tie for most Loot"
LIMIT_DRAW = "turn limit: tie for most Loot"


def end_if(m: Match) -> Result | None:
    """Whoever holds 12 Loot or more has won (checked whenever a phase ends, so a
    Khan's Tribute wins before the Invasion). Only the Khan scores, once a turn,
    so in the base game there is never more than one such player."""
    scores = loot(m)
    rich = tuple(seat for seat, points in enumerate(scores) if points >= CONSTANTS.loot_to_win)
    return Result(rich, WON, scores) if rich else None


def at_limit(m: Match) -> Result:
    """After the last turn: most Loot wins; among tied leaders the Khan wins, else
    they share a draw (HP-R18)."""
    scores = loot(m)
    leaders = tuple(seat for seat, points in enumerate(scores) if points == max(scores))
    if len(leaders) == 1:
        return Result(leaders, LIMIT_MOST, scores)
    if m.table.khan in leaders:
        return Result((m.table.khan,), LIMIT_KHAN, scores)
    return Result(leaders, LIMIT_DRAW, scores)


def standing(m: Match) -> tuple[int, ...]:
    """Each seat's Loot, the Khan's counted with what the title is worth: only the
    Khan scores, so Loot alone stays flat for turns and cannot tell a search which
    play won the Invasion (the game's ``search_scores``)."""
    scores = list(loot(m))
    if m.table.khan is not None:
        scores[m.table.khan] += CONSTANTS.khan_worth
    return tuple(scores)


def describe(m: Match, player: int | None) -> dict[str, str]:
    """Who holds the title, for a view (public)."""
    return {"Khan": "nobody" if m.table.khan is None else f"seat {m.table.khan}"}
