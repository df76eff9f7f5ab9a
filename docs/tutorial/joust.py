"""Joust: the Procedure example of docs/writing-a-game.md, a whole game in one module.

Two knights make up to three passes a turn. The active seat aims high or low, both
roll a die, and the higher roll scores (aiming low adds 1); two points unseat the
other knight and win.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
from boardcore import Match, Result

SCORE = boardcore.Tally("score")


# --8<-- [start:procedure]
@attrs.frozen
class Joust(boardcore.steps.Procedure):
    """Up to three passes: the active seat aims high or low, both roll, the higher
    roll (plus 1 for aiming low) scores; a score of 2 unseats and ends the joust."""

    name = "joust"
    stages = ("take_aim", "clash", "after")
    passes: int = 0
    aim: str = ""

    def take_aim(self, m: Match) -> None:
        m.schedule(Aim(m.active))

    def clash(self, m: Match) -> None:
        other = 1 - m.active
        mine = m.roll(6, "lance", player=m.active, purpose="joust") + (1 if self.aim == "low" else 0)
        theirs = m.roll(6, "lance", player=other, purpose="joust")
        if mine != theirs:
            m.add(SCORE, 1, m.active if mine > theirs else other)

    def after(self, m: Match) -> object:
        if max(m.count(SCORE, s) for s in range(2)) >= 2:
            return Joust.END  # unseated: no more passes
        if self.passes + 1 < 3:
            return self.at("take_aim", passes=self.passes + 1, aim="")  # loop back
        return None  # after the last stage the procedure ends


@attrs.frozen
class Aim(boardcore.steps.Choose):
    """High or low (public, like every lance)."""

    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [("high", "aim high"), ("low", "aim low")]

    def chosen(self, m: Match, player: int, item: str) -> None:
        Joust.update(m, aim=item)  # hands the answer to the waiting procedure
# --8<-- [end:procedure]


def end_if(m: Match) -> Result | None:
    scores = [m.count(SCORE, s) for s in range(2)]
    return Result((scores.index(max(scores)),), "unseated", tuple(scores)) if max(scores) >= 2 else None


SPEC = boardcore.GameSpec(
    name="joust",
    summary="two knights joust; two points unseat",
    player_counts=(2,),
    counters=(SCORE,),
    phases=(Joust,),
    turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if,
    turn_limit=10,
    at_limit=lambda m: Result((), "time"),
)
PLUGIN = boardcore.GamePlugin(SPEC)
