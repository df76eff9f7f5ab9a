"""Phase 7, the Aftermath: what a raid's winner gets (steps 17 to 20, PW-R32 to PW-R35).

The Aftermath dice are not raid dice, so no reroll window follows them (PW-R30).
When the phase ends, the engine's end-of-phase check eliminates a tribe emptied by
the raid (PW-R36). The Food stolen is a moment (:class:`FoodStolen`); so are the
Defender's draw (``CardsDrawn``) and each capture (``LeftPlay``), and the dice are
``DieRolled`` moments (purposes ``"capture"`` and ``"steal"``).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import boardcore
from boardcore import Match, Perform, Phase

from .cards import RULES, said
from .records import Cause, Side
from .tribe import FOOD, PRISONERS, CardsDrawn, LeftPlay, add_generic, generics, merged, persons, table


def one_d5(roll: int) -> int:
    """1D5 rolled as a d10 halved, rounding up (PW-R33)."""
    return (roll + 1) // 2


class Aftermath(Phase):
    name = "aftermath"

    def begin(self, m: Match) -> None:
        raid = table(m).raid
        m.table = attrs.evolve(table(m), raid=None)
        if raid is None or raid.winner is None:
            return  # no raid, or no winner: nothing happens (PW-R27)
        if raid.winner is Side.DEFENDER:
            m.perform(CardsDrawn(raid.defender, RULES.defender_draw, "defender"))  # no hand limit now (PW-R15)
            return
        winner, loser = raid.attacker, raid.defender
        for _ in range(m.take(PRISONERS, m.count(PRISONERS, loser), loser)):
            add_generic(m, winner)  # PW-R32: the Defender's prisoners go free and join him
        roll = m.roll(RULES.die, "capture 1D5", player=winner, purpose="capture")
        taken = min(one_d5(roll), len(generics(m, loser)))
        m.schedule(*(Capture(winner, victim=loser) for _ in range(taken)), StealFood(winner, loser))


@attrs.frozen
class Capture(boardcore.Choose):
    """PW-D11: the Attacker picks one of the Defender's generic markers to capture;
    it becomes one of his Prisoners (PW-R33). A run of interchangeable ones is one option (section 4.4)."""

    victim: int = attrs.field(kw_only=True)
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(g, f"capture {wording}") for g, wording in merged(m, persons(m, self.victim), generics(m, self.victim))]

    def prompt(self, m: Match, player: int) -> str:
        return "capture one of the enemy's generic people"

    def chosen(self, m: Match, player: int, item: str) -> None:
        m.schedule(Perform(LeftPlay(item, self.victim, Cause.CAPTURED, by=player)))


@attrs.frozen
class StealFood(boardcore.Step):
    """The Attacker rolls d10 and takes that much Food, at most what the Defender has (PW-R35)."""

    thief: int
    victim: int

    def run(self, m: Match) -> None:
        roll = m.roll(RULES.die, "steal food 1D10", player=self.thief, purpose="steal")
        m.perform(FoodStolen(self.thief, self.victim, min(roll, m.count(FOOD, self.victim))))


@attrs.frozen
class FoodStolen(boardcore.Moment):
    """``thief`` takes ``food`` Food from ``victim`` (PW-R35): the steal die, at most
    what the victim has."""

    thief: int
    victim: int
    food: int

    __str__ = said("")  # the Food counters say it

    def happen(self, m: Match) -> None:
        m.add(FOOD, m.take(FOOD, self.food, self.victim), self.thief)
