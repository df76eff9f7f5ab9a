"""How a match ends: a fallen Leader (AZ-R29) or the turn limit (AZ-R30); and how
the search bots judge a match in progress."""

from __future__ import annotations

from boardcore import Match, Result

from .board import HITS, hits_lost, leader_alive, spec_of
from .cards import CONSTANTS

LEADER_KILLED = "killed the enemy Leader"
BOTH_LEADERS = "both Leaders fell: the attacking side wins"
LIMIT_WIN = "turn limit: fewer Hits lost"
LIMIT_DRAW = "turn limit: equal Hits lost"
ENDINGS = (LEADER_KILLED, BOTH_LEADERS, LIMIT_WIN, LIMIT_DRAW)


def scores(m: Match) -> tuple[int, ...]:
    """Hits lost by each seat (lower is better)."""
    return tuple(hits_lost(m, seat) for seat in range(m.players))


def end_if(m: Match) -> Result | None:
    """AZ-R29: a side whose Leader is gone loses, friendly fire or not; if both Leaders
    fell to one attack, the side that made it (the active side) wins."""
    fallen = [seat for seat in range(m.players) if not leader_alive(m, seat)]
    if len(fallen) == 2:
        return Result((m.active,), BOTH_LEADERS, scores(m))
    return Result((1 - fallen[0],), LEADER_KILLED, scores(m)) if fallen else None


def end_now(m: Match) -> None:
    """AZ-R29: after each attack, the game ends immediately if a Leader has fallen."""
    m.check_end()


def at_limit(m: Match) -> Result:
    """After turn 100: fewer Hits lost wins; equal losses are a draw of both (AZ-R30)."""
    lost = scores(m)
    if lost[0] == lost[1]:
        return Result((0, 1), LIMIT_DRAW, lost)
    return Result((0 if lost[0] < lost[1] else 1,), LIMIT_WIN, lost)


def standing(m: Match) -> tuple[int, ...]:
    """Each side's remaining Hits, its Leader's counted ``leader_worth`` times over,
    for search bots judging a match in progress (the game's ``search_scores``).
    The Hits lost that decide turn 100 weigh a Warrior like a Leader; the match is
    lost with the Leader (AZ-R29)."""
    return tuple(
        sum(m.count(HITS, piece) * (CONSTANTS.leader_worth if spec_of(m, piece).leader else 1) for piece in m.pieces_of(seat))
        for seat in range(m.players)
    )
