"""Phase 6, the raid (section 4.1), with its reroll window (section 4.2).

The raid's whole state is the :class:`~.records.Raid` record in the match's table;
the steps below only say what happens next. A round is :class:`RoundStart`, a
ranged step and an HTH step (one :class:`ChooseTarget` per attack, each die
followed by a :class:`RerollWindow`, then :class:`CloseStep`), and the round end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

import boardcore
from boardcore import Action, Match, Target, pick

from .cards import RULES, CardType, PWCard
from .combat import attack_strength, can_shoot, modifier
from .effects import effect_of
from .phases import PlayFromHand, hand_cards, item_of, seat_target
from .records import Attack, AttackMode, Attacked, Cause, Raid, RaidBegan, RaidDecided, Side
from .tribe import DISCARD, HAND, label, leave_play, merged, persons, raid_rerolls, table

RETREAT, FIGHT_ON = "retreat", "fight-on"


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


@attrs.frozen
class DeclareRaid(PlayFromHand):
    """PW-D10: play a Raiding card on an opponent, or pass (PW-R23)."""

    name = "raid"

    def playable(self, m: Match, player: int, card: PWCard) -> bool:
        return card.type is CardType.RAID

    def targets(self, m: Match, player: int, card: PWCard) -> Iterable[tuple[Target, str]]:
        return boardcore.opponents(m, player)

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.table = attrs.evolve(table(m), raid=Raid(attacker=player, defender=seat_target(target)))
        m.schedule(PickRaiders(player))


@attrs.frozen
class PickRaiders(boardcore.Select):
    """PW-D12: add raiders one at a time; done only after the first (PW-R23). A
    run of interchangeable generic markers is one option (section 4.4, :func:`.merged`).
    All the Defender's persons defend."""

    public = True

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        # Built here rather than from candidates() so that the merged option's
        # wording can say how many unarmed generics it stands for (section 4.4).
        tribe = persons(m, self.player)
        free = [p for p in tribe if p not in picked]
        offered: list[Action] = [pick(p, f"add {wording}") for p, wording in merged(m, tribe, free)]
        return [*offered, boardcore.DONE] if picked else offered

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return f"raiders so far: {len(picked)}; add one, or done" if picked else "choose your first raider"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        raid = raid_of(m)
        raiders = tuple(p for p in persons(m, raid.attacker) if p in picked)
        defenders = persons(m, raid.defender)
        update(m, sides=(raiders, defenders), fielded=(len(raiders), len(defenders)))
        m.emit(RaidBegan(raid.attacker, raid.defender, raiders, defenders))
        m.schedule(RoundStart())


@attrs.frozen
class RoundStart(boardcore.Step):
    """R1: a new round begins with its ranged step."""

    def run(self, m: Match) -> None:
        update(m, round=raid_of(m).round + 1)
        open_step(m, AttackMode.RANGED)


def open_step(m: Match, mode: AttackMode) -> None:
    """Queue a step's attacks: the Attacker's side oldest first, then the Defender's
    (PW-R25). In the ranged step only persons with a Ranged-slot weapon attack."""
    raid = raid_of(m)
    attacks = [
        ChooseTarget(raid.seat(side), mode=mode, attacker=p)
        for side in Side
        for p in raid.sides[side.value]
        if mode is AttackMode.HTH or can_shoot(m, p)
    ]
    m.schedule(*attacks, CloseStep(mode))


@attrs.frozen
class ChooseTarget(boardcore.Choose):
    """PW-D13: the attack's owner names an eligible target (PW-R24): an opposing
    participant not yet marked in this step, a run of interchangeable generic markers
    as one option (section 4.4). With none, the attack is skipped."""

    mode: AttackMode = attrs.field(kw_only=True)
    attacker: str = attrs.field(kw_only=True)
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        raid = raid_of(m)
        if self.attacker not in raid.sides[raid.side_of(player).value]:
            return ()  # a reaction removed him after his attack was queued
        verb = "shoot" if self.mode is AttackMode.RANGED else "strike"
        side = raid.side_of(player).other
        eligible = [t for t in raid.sides[side.value] if t not in raid.marked]
        # Runs are those of the whole tribe: two raiders with a person at home between
        # them are not interchangeable, since the survivor's place in the tribe differs.
        return [(t, f"{verb} {wording}") for t, wording in merged(m, persons(m, raid.seat(side)), eligible)]

    def prompt(self, m: Match, player: int) -> str:
        return f"{label(m, self.attacker)} attacks ({self.mode.value}): choose a target"

    def chosen(self, m: Match, player: int, item: str) -> None:
        strength = attack_strength(m, self.mode, self.attacker)
        roll = m.roll(RULES.die, f"{self.mode.value} attack: {self.attacker} -> {item}")
        update(m, attack=Attack(self.mode, self.attacker, item, strength, modifier(m, item), roll))
        RerollWindow().run(m)


@attrs.frozen
class RerollWindow(boardcore.Window):
    """PW-D17 (section 4.2): the player the die now hurts may reroll it, again and again
    while his sources last. Skipped when no roll could change the result.

    He is asked whenever he could hold a source as far as the others can tell: an
    unused Chieftain reroll (public) or any card in hand (a Defense or Tactics card
    would be secret). Asking a player with no source, "pass" his only option, is the
    rules' "having no sources closes the window" (PW-R30): he cannot reroll either way.
    """

    after = boardcore.AfterReaction.RESTART

    def responders(self, m: Match) -> Sequence[int]:
        raid = raid_of(m)
        attack = raid.attack
        if attack is None or not attack.open:
            return ()
        return (raid.seat(raid.side_of_person(attack.target if attack.hit else attack.attacker)),)

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[HAND[player]] or chieftains(m, raid_of(m), player))

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        raid = raid_of(m)
        wanted = CardType.DEFENSE if raid.side_of(player) is Side.DEFENDER else CardType.TACTICS
        cards = [c for c in hand_cards(m, player) if c.type is wanted]
        return [pick(s, f"reroll with {label(m, s)}") for s in chieftains(m, raid, player)] + [
            pick(c.id, f"reroll with {c.label}") for c in cards
        ]

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
        source = item_of(action)
        if source in m.zones[HAND[player]]:
            m.move((source,), HAND[player], DISCARD)
        else:
            raid = update(m, spent=raid.spent + (source,))
        assert raid.attack is not None
        roll = m.roll(RULES.die, f"reroll: {raid.attack.attacker} -> {raid.attack.target}")
        update(m, attack=attrs.evolve(raid.attack, roll=roll))

    def closed(self, m: Match) -> None:
        raid = raid_of(m)
        a = raid.attack
        assert a is not None
        m.emit(Attacked(a.mode, a.attacker, a.target, a.strength, a.modifier, a.roll, a.hit))
        update(m, attack=None, marked=raid.marked + (a.target,) if a.hit else raid.marked)


def chieftains(m: Match, raid: Raid, player: int) -> list[str]:
    """``player``'s participants with an unused raid reroll (PW-R09)."""
    return [p for p in raid.sides[raid.side_of(player).value] if raid_rerolls(m, p) > raid.spent.count(p)]


@attrs.frozen
class CloseStep(boardcore.Step):
    """End of R2/R3: remove the marked persons and add them to the casualties."""

    mode: AttackMode

    def run(self, m: Match) -> None:
        raid = raid_of(m)
        for person in (p for side in raid.sides for p in side if p in raid.marked):
            leave_play(m, person, Cause.KILLED)
        sides = tuple(tuple(p for p in side if p not in raid.marked) for side in raid.sides)
        lost = tuple(fielded - len(left) for fielded, left in zip(raid.fielded, sides))
        update(m, sides=sides, lost=lost, marked=())
        if self.mode is AttackMode.RANGED:
            open_step(m, AttackMode.HTH)
        else:
            round_end(m)


def round_end(m: Match) -> None:
    """R4 (PW-R26 to PW-R29): extra-round cards, the hidden retreat choice, or the result."""
    raid = raid_of(m)
    go_on = raid.both_alive() and raid.round < RULES.raid_round_limit
    if raid.lost[0] != raid.lost[1]:
        leader = Side.ATTACKER if raid.lost[0] < raid.lost[1] else Side.DEFENDER
        if go_on:
            m.schedule(ExtraRound(leader))
        else:
            decide(m, leader)
    elif go_on:
        m.schedule(Retreat())
    else:
        decide(m, None)


@attrs.frozen
class ExtraRound(boardcore.Window):
    """PW-D14 then PW-D15: Massacre (Attacker) or Counter-Attack (Defender) starts
    another round; if both pass, ``leader`` wins the raid (PW-R28)."""

    leader: Side

    def responders(self, m: Match) -> Sequence[int]:
        raid = raid_of(m)
        return (raid.attacker, raid.defender)

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[HAND[player]])

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        side = raid_of(m).side_of(player)
        playable = [c for c in hand_cards(m, player) if effect_of(m.rules, c.id).extra_round_for(c) is side]
        return [pick(c.id, f"play {c.label}") for c in playable]

    def prompt(self, m: Match, player: int) -> str:
        raid = raid_of(m)
        return f"casualties {raid.lost[0]}-{raid.lost[1]}: play a card for another round, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        m.move((item_of(action),), HAND[player], DISCARD)

    def reacted(self, m: Match, player: int, action: Action) -> None:
        m.schedule(RoundStart())

    def closed(self, m: Match) -> None:
        decide(m, self.leader)


@attrs.frozen
class Stance(boardcore.Select):
    """PW-D16: RETREAT or FIGHT ON, chosen in secret. Its options never depend on
    anything hidden, so the "done" that follows the pick is answered by the engine."""

    secret = True
    public = True

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Sequence[str]:
        return () if picked else (RETREAT, FIGHT_ON)

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return bool(picked)

    def option(self, m: Match, item: str) -> Action:
        return pick(item, item.replace("-", " "))

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "casualties are tied: retreat, or fight on?"


@attrs.frozen
class Retreat(boardcore.SecretChoices):
    """PW-D16 for both sides at once; only a double RETREAT ends the raid, with no
    winner (PW-R27)."""

    def choosers(self, m: Match) -> Sequence[int]:
        raid = raid_of(m)
        return (raid.attacker, raid.defender)

    def selection(self, m: Match, seat: int) -> boardcore.Select:
        return Stance(seat)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        if all(picks == (RETREAT,) for picks in chosen.values()):
            decide(m, None)
        else:
            m.schedule(RoundStart())


def decide(m: Match, winner: Side | None) -> None:
    """The raid is over; the Aftermath reads the result."""
    raid = update(m, over=True, winner=winner)
    seat = None if winner is None else raid.seat(winner)
    m.emit(RaidDecided(raid.attacker, raid.defender, raid.round, raid.lost, seat))
