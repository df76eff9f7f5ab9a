"""Phase 7, the Aftermath: what a raid's winner gets (steps 17 to 20, PW-R32 to PW-R35).

The Aftermath dice are not raid dice, so no reroll window follows them (PW-R30).
The phase ends with the end-of-phase and end-of-turn checks, which is when a tribe
emptied by the raid is eliminated (PW-R36).
"""

from __future__ import annotations

import attrs

import boardcore
from boardcore import Action, Match, Phase, pick

from .cards import RULES
from .checks import Checkpoint
from .records import Side
from .tribe import DECK, FOOD, PRISONERS, add_generic, capture, generics, hand, label, table


def one_d5(roll: int) -> int:
    """1D5 rolled as a d10 halved, rounding up (PW-R33)."""
    return (roll + 1) // 2


class Aftermath(Phase):
    name = "aftermath"

    def begin(self, m: Match) -> None:
        raid = table(m).raid
        m.table = attrs.evolve(table(m), raid=None)
        steps: list[boardcore.Step] = []
        if raid is not None and raid.over and raid.winner is Side.DEFENDER:
            m.draw(DECK, hand(raid.defender), RULES.defender_draw)  # no hand limit now (PW-R15)
        elif raid is not None and raid.over and raid.winner is Side.ATTACKER:
            winner, loser = raid.attacker, raid.defender
            freed = m.count(PRISONERS, loser)  # PW-R32: the Defender's prisoners go free
            m.set_count(PRISONERS, 0, loser)
            for _ in range(freed):
                add_generic(m, winner)
            wanted = one_d5(m.roll(RULES.die, "capture 1D5"))
            taken = min(wanted, len(generics(m, loser)))
            steps += [Capture(winner, loser) for _ in range(taken)]
            steps.append(StealFood(winner, loser))
        m.schedule(*steps, Checkpoint(end_of_turn=True))


@attrs.frozen
class Capture(boardcore.Step):
    """PW-D11: the Attacker picks one of the Defender's generic markers to capture."""

    captor: int
    victim: int

    def run(self, m: Match) -> None:
        options = [pick(g, f"capture {label(m, g)}") for g in generics(m, self.victim)]
        m.ask(self.captor, options, "capture one of the enemy's generic people", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        capture(m, action.item, self.captor)  # type: ignore[attr-defined]


@attrs.frozen
class StealFood(boardcore.Step):
    """The Attacker takes min(d10, the Defender's Food) (PW-R35)."""

    thief: int
    victim: int

    def run(self, m: Match) -> None:
        stolen = m.take(FOOD, m.roll(RULES.die, "steal food 1D10"), self.victim)
        m.add(FOOD, stolen, self.thief)


STEPS: tuple[type[boardcore.Step], ...] = (Capture, StealFood)
