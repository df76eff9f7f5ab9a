"""Phase 6, the raid (section 4.1), with its reroll window (section 4.2).

The raid's whole state is the :class:`~.records.Raid` record in the match's table;
the steps below only say what happens next. A round is: :class:`RoundStart`, a
ranged step and an HTH step (each a chain of :class:`Volley` steps, one attack
each, with a :class:`RerollWindow` after every die), then :func:`round_end`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import boardcore
from boardcore import Action, Match, Phase, pick

from .cards import RULES, CardType
from .combat import attack_strength, can_shoot, modifier
from .effects import effect_of
from .phases import card_on_seat_options, hand_cards, play_from_hand
from .records import Attack, AttackMode, Attacked, Cause, PlayOn, Raid, RaidDecided, Side
from .tribe import entry, hand, label, leave_play, persons, raid_rerolls, table

RETREAT = pick("retreat", "retreat")
FIGHT_ON = pick("fight-on", "fight on")


def raid_of(m: Match) -> Raid:
    raid = table(m).raid
    if raid is None:
        raise boardcore.RuleError("no raid is in progress")
    return raid


def update(m: Match, **changes: Any) -> Raid:
    """Replace fields of the raid in progress; returns the new record."""
    raid = attrs.evolve(raid_of(m), **changes)
    m.table = attrs.evolve(table(m), raid=raid)
    return raid


class RaidPhase(Phase):
    """PW-D10: play a Raiding card on an opponent, or pass (PW-R23)."""

    name = "raid"

    def begin(self, m: Match) -> None:
        assert m.active is not None
        m.schedule(DeclareRaid(m.active))


@attrs.frozen
class DeclareRaid(boardcore.Step):
    """PW-D10: a (Raiding card, opponent) pair, or pass; a played card starts the raid."""

    player: int

    def run(self, m: Match) -> None:
        options = card_on_seat_options(m, self.player, CardType.RAID)
        m.ask(self.player, (*options, boardcore.PASS), "raid an opponent, or pass", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if not isinstance(action, PlayOn):
            return
        play_from_hand(m, player, action.card)
        m.table = attrs.evolve(table(m), raid=Raid(attacker=player, defender=action.target))
        PickRaiders(player).run(m)


@attrs.frozen
class PickRaiders(boardcore.Select):
    """PW-D12: add raiders one at a time; done only after the first (PW-R23)."""

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Sequence[str]:
        return [p for p in persons(m, self.player) if p not in picked]

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return bool(picked)

    def option(self, m: Match, item: str) -> Action:
        return pick(item, f"add {label(m, item)}")

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return f"raiders so far: {len(picked)}; add one, or done" if picked else "choose your first raider"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        raid = raid_of(m)
        raiders = tuple(sorted(picked, key=lambda p: entry(m, p)))
        defenders = persons(m, raid.defender)  # PW-R23: all of them defend
        update(m, sides=(raiders, defenders), fielded=(len(raiders), len(defenders)))
        m.schedule(RoundStart())


@attrs.frozen
class RoundStart(boardcore.Step):
    """R1: a new round begins with its ranged step."""

    def run(self, m: Match) -> None:
        raid = raid_of(m)
        update(m, round=raid.round + 1)
        open_step(m, AttackMode.RANGED)


def open_step(m: Match, mode: AttackMode) -> None:
    """Queue a step's attackers: the Attacker's side oldest first, then the Defender's
    (PW-R25). In the ranged step only persons with a Ranged-slot weapon attack."""
    raid = raid_of(m)
    queue = tuple(p for side in raid.sides for p in side if mode is AttackMode.HTH or can_shoot(m, p))
    m.schedule(Volley(mode, queue))


def targets(m: Match, raid: Raid, attacker: str) -> tuple[str, ...]:
    """Eligible targets: opposing participants not yet marked in this step (PW-R24)."""
    enemy = raid.sides[raid.side_of_person(attacker).other.value]
    return tuple(p for p in enemy if p not in raid.marked)


@attrs.frozen
class Volley(boardcore.Step):
    """The attacks still to make in this step, in order; empty closes the step."""

    mode: AttackMode
    queue: tuple[str, ...]

    def run(self, m: Match) -> None:
        if not self.queue:
            close_step(m, self.mode)
            return
        attacker, rest = self.queue[0], self.queue[1:]
        if targets(m, raid_of(m), attacker):
            m.schedule(ChooseTarget(self.mode, attacker), Volley(self.mode, rest))
        else:  # R2: a person with no eligible target skips his attack
            m.schedule(Volley(self.mode, rest))


@attrs.frozen
class ChooseTarget(boardcore.Step):
    """PW-D13: the attack's owner names the target, then the die is rolled."""

    mode: AttackMode
    attacker: str

    def run(self, m: Match) -> None:
        raid = raid_of(m)
        seat = raid.seat(raid.side_of_person(self.attacker))
        verb = "shoot" if self.mode is AttackMode.RANGED else "strike"
        options = [pick(t, f"{verb} {label(m, t)}") for t in targets(m, raid, self.attacker)]
        m.ask(seat, options, f"{label(m, self.attacker)} attacks ({self.mode.value}): choose a target", self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        target: str = action.item  # type: ignore[attr-defined]
        strength = attack_strength(m, self.mode, self.attacker)
        roll = m.roll(RULES.die, f"{self.mode.value} attack: {self.attacker} -> {target}")
        update(m, attack=Attack(self.mode, self.attacker, target, strength, modifier(m, target), roll))
        RerollWindow().run(m)


@attrs.frozen
class RerollWindow(boardcore.Window):
    """PW-D17 (section 4.2): the player the die now hurts may reroll it, again and again
    while his sources last. Skipped when no roll could change the result."""

    after = boardcore.AfterReaction.RESTART

    def responders(self, m: Match) -> Sequence[int]:
        raid = raid_of(m)
        attack = raid.attack
        if attack is None or not attack.open:
            return ()
        hurt = attack.target if attack.hit else attack.attacker
        return (raid.seat(raid.side_of_person(hurt)),)

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        return reroll_sources(m, raid_of(m), player)

    def prompt(self, m: Match, player: int) -> str:
        attack = raid_of(m).attack
        assert attack is not None
        result = "hits" if attack.hit else "misses"
        return (
            f"{label(m, attack.attacker)} {result} {label(m, attack.target)} with a {attack.roll} "
            f"(S {attack.strength}, M {attack.modifier}): reroll, or pass"
        )

    def react(self, m: Match, player: int, action: Action) -> None:
        raid = raid_of(m)
        source: str = action.item  # type: ignore[attr-defined]
        if source in m.zones[hand(player)]:
            play_from_hand(m, player, source)
        else:
            raid = update(m, spent=raid.spent + (source,))
        assert raid.attack is not None
        roll = m.roll(RULES.die, f"reroll: {raid.attack.attacker} -> {raid.attack.target}")
        update(m, attack=attrs.evolve(raid.attack, roll=roll))

    def closed(self, m: Match) -> None:
        raid = raid_of(m)
        attack = raid.attack
        assert attack is not None
        m.emit(
            Attacked(
                attack.mode, attack.attacker, attack.target, attack.strength, attack.modifier, attack.roll, attack.hit
            )
        )
        marked = raid.marked + (attack.target,) if attack.hit else raid.marked
        update(m, attack=None, marked=marked)


def reroll_sources(m: Match, raid: Raid, player: int) -> list[Action]:
    """PW-R30: the participating Chieftains' unused rerolls, then Defense cards (for
    the Defender) or Tactics cards (for the Attacker) in hand."""
    side = raid.side_of(player)
    options: list[Action] = [
        pick(p, f"reroll with {label(m, p)}")
        for p in raid.sides[side.value]
        if raid_rerolls(m, p) > raid.spent.count(p)
    ]
    wanted = CardType.DEFENSE if side is Side.DEFENDER else CardType.TACTICS
    options += [pick(c.id, f"reroll with {c.label}") for c in hand_cards(m, player, wanted)]
    return options


def close_step(m: Match, mode: AttackMode) -> None:
    """End of R2/R3: remove the marked persons and add them to the casualties."""
    raid = raid_of(m)
    marked = set(raid.marked)
    losses = [sum(1 for p in side if p in marked) for side in raid.sides]
    for side in raid.sides:
        for person in side:
            if person in marked:
                leave_play(m, person, Cause.KILLED)
    sides = tuple(tuple(p for p in side if p not in marked) for side in raid.sides)
    lost = (raid.lost[0] + losses[0], raid.lost[1] + losses[1])
    update(m, sides=sides, lost=lost, marked=())
    if mode is AttackMode.RANGED:
        open_step(m, AttackMode.HTH)
    else:
        round_end(m)


def round_end(m: Match) -> None:
    """R4 (PW-R26 to PW-R29): extra-round cards, the hidden retreat choice, or the result."""
    raid = raid_of(m)
    attacker_lost, defender_lost = raid.lost
    go_on = raid.both_alive() and raid.round < RULES.raid_round_limit
    if attacker_lost != defender_lost:
        leader = Side.ATTACKER if attacker_lost < defender_lost else Side.DEFENDER
        if go_on:
            m.schedule(ExtraRoundWindow(leader))
        else:
            decide(m, leader)
    elif go_on:
        m.schedule(RevealStances())
        for seat in (raid.attacker, raid.defender):
            ChooseStance(seat).run(m)
    else:
        decide(m, None)


@attrs.frozen
class ExtraRoundWindow(boardcore.Window):
    """PW-D14 then PW-D15: Massacre (Attacker) or Counter-Attack (Defender) starts
    another round; if both pass, ``leader`` wins the raid (PW-R28)."""

    leader: Side

    def responders(self, m: Match) -> Sequence[int]:
        raid = raid_of(m)
        return (raid.attacker, raid.defender)

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        side = raid_of(m).side_of(player)
        return [
            pick(c.id, f"play {c.label}")
            for c in hand_cards(m, player)
            if effect_of(m.rules, c.id).extra_round_for(c) is side
        ]

    def prompt(self, m: Match, player: int) -> str:
        raid = raid_of(m)
        return f"casualties {raid.lost[0]}-{raid.lost[1]}: play a card for another round, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        play_from_hand(m, player, action.item)  # type: ignore[attr-defined]

    def reacted(self, m: Match, player: int, action: Action) -> None:
        m.schedule(RoundStart())

    def closed(self, m: Match) -> None:
        decide(m, self.leader)


@attrs.frozen
class ChooseStance(boardcore.Step):
    """PW-D16: RETREAT or FIGHT ON, chosen in secret by both sides at once."""

    player: int

    def run(self, m: Match) -> None:
        m.ask(self.player, (RETREAT, FIGHT_ON), "casualties are tied: retreat, or fight on?", self, secret=True)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        m.set_draft(player, (action.item,))  # type: ignore[attr-defined]


@attrs.frozen
class RevealStances(boardcore.Step):
    """Reveal both stances; only a double RETREAT ends the raid, with no winner (PW-R27)."""

    def run(self, m: Match) -> None:
        raid = raid_of(m)
        retreats = 0
        for seat in (raid.attacker, raid.defender):
            stance = m.take_draft(seat)
            m.emit(boardcore.Revealed(seat, stance))
            retreats += stance == (RETREAT.item,)
        if retreats == 2:
            decide(m, None)
        else:
            m.schedule(RoundStart())


def decide(m: Match, winner: Side | None) -> None:
    """The raid is over; the Aftermath reads the result."""
    raid = update(m, over=True, winner=winner)
    seat = None if winner is None else raid.seat(winner)
    m.emit(RaidDecided(raid.attacker, raid.defender, raid.round, raid.lost, seat))


STEPS: tuple[type[boardcore.Step], ...] = (
    DeclareRaid,
    PickRaiders,
    RoundStart,
    Volley,
    ChooseTarget,
    RerollWindow,
    ExtraRoundWindow,
    ChooseStance,
    RevealStances,
)
