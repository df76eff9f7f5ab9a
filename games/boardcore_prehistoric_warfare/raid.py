"""Phases 6 and 7: the raid (section 4.1) with its reroll window (section 4.2), and the
Aftermath (steps 17 to 20); the table that records a raid in progress.

The raid's whole state is the :class:`Raid` record in the match's table; the
steps below only say what happens next, in the rulebook's order:

* R0: :class:`DeclareRaid` plays a Raiding card, which performs the moment
  :class:`RaidDeclared`; it opens the raid, and :class:`PickRaiders` fields the
  raiders;
* R1 to R4: :class:`RaidRounds`, one procedure whose stages are the round's
  steps. An attack is a :class:`ChooseTarget` (the target, then the die, a
  ``DieRolled`` of purpose ``"attack"``), a :class:`RerollWindow` (purpose
  ``"reroll"``), and the moment :class:`Attacked`; the marked leave play
  (``LeftPlay``) at the end of each step;
  the round end asks :class:`ExtraRound` or :class:`Retreat`, and the raid ends
  with the moment :class:`RaidDecided`;
* the Aftermath: what the winner gets. Its dice are not raid dice, so no reroll
  window follows them (PW-R30); the Food stolen is a moment (:class:`FoodStolen`),
  so are the Defender's draw (``CardsDrawn``) and each capture (``LeftPlay``).
  When the phase ends, the engine's end-of-phase check eliminates a tribe emptied
  by the raid (PW-R36).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

import attrs

import boardcore
from boardcore import Match, Phase
from boardcore.actions import Action, Target, pick
from boardcore.evolving import evolve
from boardcore.steps import Perform, Procedure

from .cards import RULES, CardType, PWCard, Side, effect_of, said
from .tribe import DECK, FOOD, HAND, PRISONERS, AttackMode, CardsDrawn, Cause, HandWindow, LeftPlay, PlayFromHand
from .tribe import add_generic, attack_strength, card, generics, label, merged, modifier, owner, persons, ranged_weapon

RETREAT, FIGHT_ON = "retreat", "fight-on"


# -- the raid on the table ----------------------------------------------------------------


def hits(roll: int, strength: int, modifier: int) -> bool:
    """The hit test: d10 + M <= S; no roll hits or misses automatically (PW-R07)."""
    return roll + modifier <= strength


@attrs.frozen
class Attacked(boardcore.Moment):
    """A raid attack: ``attacker`` against ``target`` in the ``mode`` step, S ``strength``,
    M ``modifier``, the die ``roll`` and whether it ``hit`` (PW-R07).

    While its die is on the table (waiting for the reroll window, section 4.2) the
    raid record holds it; when the window closes it happens: a hit marks the
    target, who leaves play at the end of the step (PW-R25). A modification may
    turn a hit into a miss or back (``hit``). Made without ``hit`` (as 0.3's ``Attack``),
    it is worked out from the die."""

    mode: AttackMode
    attacker: str
    target: str
    strength: int
    modifier: int
    roll: int
    hit: bool = attrs.field(default=attrs.Factory(lambda a: hits(a.roll, a.strength, a.modifier), takes_self=True))

    __str__ = said("{attacker} attacks {target} ({mode.value}): roll {roll} + {modifier} "
                   "against strength {strength}: {hit}")  # fmt: skip

    @property
    def open(self) -> bool:
        """Whether a reroll could change the result (0 < S - M < 10, section 4.2)."""
        return 0 < self.strength - self.modifier < 10

    def rolled(self, m: Match, player: int, purpose: str) -> Attacked:
        """The attack with a new die: ``player`` rolls it for ``purpose``, ``"attack"`` or
        ``"reroll"`` (PW-R30). While the die is rolled the attack is on the table, so a
        card that changes the die reads it there (``raid_of(m).attack``)."""
        if not m.rules.plain_rolls:  # else nothing reads it: playouts skip it
            update(m, attack=self)
        verb = f"{self.mode.value} attack" if purpose == "attack" else "reroll"
        roll = m.roll(RULES.die, f"{verb}: {self.attacker} -> {self.target}", player=player, purpose=purpose)
        return Attacked(self.mode, self.attacker, self.target, self.strength, self.modifier, roll)

    def happen(self, m: Match) -> None:
        if self.hit:
            update(m, marked=raid_of(m).marked + (self.target,))


@attrs.frozen
class Raid:
    """A raid in progress or just decided (section 4.1)."""

    attacker: int
    """The Attacker's seat."""
    defender: int
    """The Defender's seat."""
    sides: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Participants still in the raid, per side, oldest first (raiders, defenders)."""
    fielded: tuple[int, int] = (0, 0)
    """How many participants each side started with."""
    lost: tuple[int, int] = (0, 0)
    """Casualties for the whole raid so far: (cA, cD)."""
    round: int = 0
    marked: tuple[str, ...] = ()
    """Participants hit in the current step; they are removed at its end (PW-R25)."""
    spent: tuple[str, ...] = ()
    """One entry per Chieftain reroll used in this raid (PW-R09)."""
    attack: Attacked | None = None
    """The attack whose die is on the table."""
    over: bool = False
    winner: Side | None = None
    """The winning side once ``over``; None for a raid with no winner (PW-R27)."""

    def seat(self, side: Side) -> int:
        return self.attacker if side is Side.ATTACKER else self.defender

    def side_of(self, seat: int) -> Side:
        return Side.ATTACKER if seat == self.attacker else Side.DEFENDER

    def participants(self) -> Iterator[tuple[Side, str]]:
        """Every participant with its side: the Attacker's oldest first, then the Defender's (PW-R25)."""
        return ((side, person) for side in Side for person in self.sides[side.value])

    @property
    def leader(self) -> Side | None:
        """The side that has lost fewer in the whole raid so far (PW-R26); None while tied."""
        lost_a, lost_d = self.lost
        return None if lost_a == lost_d else Side.ATTACKER if lost_a < lost_d else Side.DEFENDER


@attrs.frozen
class PWTable:
    """The game's own public state besides cards, counters and pieces."""

    entries: dict[str, int] = attrs.field(factory=dict)
    """The entry number of every person in play, by card id or piece id (section 2).
    Never mutated: every change builds a new dict."""
    next_entry: int = 1
    raid: Raid | None = None


def raid_of(m: Match) -> Raid:
    """The raid in progress."""
    raid = m.table.raid
    if raid is None:
        raise boardcore.RuleError("no raid is in progress")
    return raid


def update(m: Match, **changes: Any) -> Raid:
    """Replace fields of the raid in progress; returns the new record."""
    raid = evolve(raid_of(m), **changes)
    m.table = evolve(m.table, raid=raid)
    return raid


@attrs.frozen
class RaidDecided(boardcore.Moment):
    """A raid ended; ``winner`` is a seat, or None when the raid had no winner.

    A modification may change the winner, which the Aftermath reads; cancelled or
    replaced, the raid ends with no winner."""

    attacker: int
    defender: int
    rounds: int
    lost: tuple[int, int]
    winner: int | None

    __str__ = said("seat {attacker} vs seat {defender}: the raid ends after {rounds} round(s), losses {lost}; "
                   "winning seat: {winner}")  # fmt: skip

    def happen(self, m: Match) -> None:
        update(m, over=True, winner=None if self.winner is None else raid_of(m).side_of(self.winner))


@attrs.frozen
class RaidBegan(boardcore.Event):
    """The raiders are chosen: the participants of both sides, oldest first."""

    attacker: int
    defender: int
    raiders: tuple[str, ...]
    defenders: tuple[str, ...]

    __str__ = said("seat {attacker} raids seat {defender} with {raiders}")


# -- R0: declaring -----------------------------------------------------------------------


class DeclareRaid(PlayFromHand):
    """PW-D10: play a Raiding card on an opponent, or pass (PW-R23)."""

    name = "raid"
    plays = CardType.RAID
    on_opponent = True

    def played(self, m: Match, player: int, card: PWCard, target: Target) -> None:
        m.schedule(Perform(RaidDeclared(player, cast(int, target), card.id)))


@attrs.frozen
class RaidDeclared(boardcore.Moment):
    """``attacker`` played the Raiding card ``card`` on ``defender`` (PW-R23): the raid
    opens, and the Attacker picks his raiders.

    Performed as a step (``asks``), so a card may replace it at its owner's choice.
    Replaced or cancelled, there is no raid: no raiders, no rounds, no Aftermath. No
    sentence: the choice that played the card says it."""

    asks: ClassVar[bool] = True
    attacker: int
    defender: int
    card: str

    def happen(self, m: Match) -> None:
        m.table = evolve(m.table, raid=Raid(attacker=self.attacker, defender=self.defender))
        m.schedule(PickRaiders(self.attacker))


class PickRaiders(boardcore.steps.Select):
    """PW-D12: add raiders one at a time; done only after the first (PW-R23). A
    run of interchangeable generic markers is one option (section 4.4, :func:`.merged`).
    All the Defender's persons defend."""

    public = True

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        # Built here rather than from candidates() so that the merged option's
        # wording can say how many unarmed generics it stands for (section 4.4).
        tribe = persons(m, self.player)
        offered: list[Action] = [pick(p, f"add {wording}") for p, wording in merged(m, tribe, set(tribe) - set(picked))]
        return [*offered, boardcore.actions.DONE] if picked else offered

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return f"raiders so far: {len(picked)}; add one, or done" if picked else "choose your first raider"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        raid = raid_of(m)
        raiders = tuple(p for p in persons(m, raid.attacker) if p in picked)
        defenders = persons(m, raid.defender)
        update(m, sides=(raiders, defenders), fielded=(len(raiders), len(defenders)))
        m.emit(RaidBegan(raid.attacker, raid.defender, raiders, defenders))
        m.schedule(RaidRounds())


# -- R1 to R4: the rounds ----------------------------------------------------------------


@attrs.frozen
class RaidRounds(Procedure):
    """The raid's rounds, R1 to R4, until the raid is decided.

    ``mode`` is the step in progress (ranged, then HTH); ``again`` is set by the
    round end's windows (an extra-round card, a FIGHT ON) with
    ``RaidRounds.update(m, again=True)``."""

    stages = ("round_start", "attacks", "step_end", "round_end", "next_round")
    mode: AttackMode = AttackMode.RANGED
    again: bool = False

    def round_start(self, m: Match) -> Any:
        """R1: a new round begins with its ranged step."""
        update(m, round=raid_of(m).round + 1)
        return self.next(mode=AttackMode.RANGED, again=False)

    def attacks(self, m: Match) -> None:
        """R2 and R3: the Attacker's side oldest first, then the Defender's (PW-R25); in
        the ranged step, only persons with something in the Ranged slot."""
        raid, shooting = raid_of(m), self.mode is AttackMode.RANGED
        armed = [(side, p) for side, p in raid.participants() if not shooting or ranged_weapon(m, p)]
        m.schedule(*[ChooseTarget(raid.seat(side), mode=self.mode, attacker=p) for side, p in armed])

    def step_end(self, m: Match) -> Any:
        """The end of R2 or R3: the persons marked in the step are out of the raid, count
        as its casualties and leave play (PW-R25, PW-R41); the HTH step follows the ranged one."""
        raid = raid_of(m)
        sides = tuple(tuple(p for p in side if p not in raid.marked) for side in raid.sides)
        lost = tuple(fielded - len(left) for fielded, left in zip(raid.fielded, sides))
        update(m, sides=sides, lost=lost, marked=())
        dead = [(side, p) for side, p in raid.participants() if p in raid.marked]
        m.schedule(*[Perform(LeftPlay(p, raid.seat(s), Cause.KILLED, by=raid.seat(s.other))) for s, p in dead])
        return self.at("attacks", mode=AttackMode.HTH) if self.mode is AttackMode.RANGED else None

    def round_end(self, m: Match) -> None:
        """R4 (PW-R26 to PW-R29): with both sides standing and rounds left, the
        extra-round cards or the hidden retreat choice."""
        raid = raid_of(m)
        if all(raid.sides) and raid.round < RULES.raid_round_limit:  # both sides still stand
            m.schedule(Retreat() if raid.leader is None else ExtraRound())

    def next_round(self, m: Match) -> Any:
        """Another round if a card or a FIGHT ON called for one; else the raid is over:
        the side ahead wins, or nobody on a tie (PW-R26, PW-R27)."""
        if self.again:
            return self.at("round_start")
        raid = raid_of(m)
        winner = None if raid.leader is None else raid.seat(raid.leader)
        m.perform(RaidDecided(raid.attacker, raid.defender, raid.round, raid.lost, winner))


# -- an attack ----------------------------------------------------------------------------


@attrs.frozen
class ChooseTarget(boardcore.steps.Choose):
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
        attack = Attacked(self.mode, self.attacker, item, strength, modifier(m, item), 0, False)
        update(m, attack=attack.rolled(m, player, "attack"))
        RerollWindow().run(m)


REROLLS = {CardType.DEFENSE: Side.DEFENDER, CardType.TACTICS: Side.ATTACKER}
"""The types of the cards that reroll a raid die, and the side that may play them (section 4.2)."""


class RerollWindow(HandWindow):
    """PW-D17 (section 4.2): the player the die now hurts may reroll it, again and again
    while his sources last: an unused Chieftain reroll (PW-R09), a Defense card as the
    Defender, a Tactics card as the Attacker. Skipped when no roll could change the result.

    He is asked whenever he could hold a source as far as the others can tell: an
    unused Chieftain reroll (public) or any card in hand (a Defense or Tactics card
    would be secret). Asking a player with no source, "pass" his only option, is the
    rules' "having no sources closes the window" (PW-R30): he cannot reroll either way.
    """

    verb = "reroll with"
    after = boardcore.steps.AfterReaction.RESTART

    def responders(self, m: Match) -> Sequence[int]:
        attack = raid_of(m).attack
        return (owner(m, attack.target if attack.hit else attack.attacker),) if attack and attack.open else ()

    def abilities(self, m: Match, player: int) -> Sequence[tuple[str, str]]:
        """``player``'s participants with an unused raid reroll (PW-R09): a Chieftain gives one."""
        raid = raid_of(m)
        named = [p for p in raid.sides[raid.side_of(player).value] if p in m.rules.cards]  # not generic markers
        rerolls = [p for p in named if effect_of(m.rules, p).raid_rerolls(card(m, p)) > raid.spent.count(p)]
        return [(p, f"reroll with {label(m, p)}") for p in rerolls]

    def playable(self, m: Match, player: int, item: PWCard) -> bool:
        return item.type in REROLLS and REROLLS[item.type] is raid_of(m).side_of(player)

    def prompt(self, m: Match, player: int) -> str:
        a = cast(Attacked, raid_of(m).attack)
        result = f"{label(m, a.attacker)} {'hits' if a.hit else 'misses'} {label(m, a.target)} with a {a.roll}"
        return f"{result} (S {a.strength}, M {a.modifier}): reroll, or pass"

    def played(self, m: Match, player: int, item: PWCard) -> None:
        update(m, attack=cast(Attacked, raid_of(m).attack).rolled(m, player, "reroll"))

    def use_ability(self, m: Match, player: int, ability: str) -> None:
        raid = update(m, spent=raid_of(m).spent + (ability,))
        update(m, attack=cast(Attacked, raid.attack).rolled(m, player, "reroll"))

    def closed(self, m: Match) -> None:
        attack = cast(Attacked, raid_of(m).attack)
        update(m, attack=None)
        m.perform(attack)  # a hit marks the target


# -- R4: the round end's decisions ---------------------------------------------------------


class ExtraRound(HandWindow):
    """PW-D14 then PW-D15: Massacre (Attacker) or Counter-Attack (Defender) starts
    another round; if both pass, the side ahead wins the raid (PW-R28)."""

    def responders(self, m: Match) -> Sequence[int]:
        return raid_of(m).attacker, raid_of(m).defender

    def playable(self, m: Match, player: int, item: PWCard) -> bool:
        return effect_of(m.rules, item.id).extra_round_for(item) is raid_of(m).side_of(player)

    def prompt(self, m: Match, player: int) -> str:
        return "casualties {}-{}: play a card for another round, or pass".format(*raid_of(m).lost)

    def played(self, m: Match, player: int, item: PWCard) -> None:
        RaidRounds.update(m, again=True)


class Stance(boardcore.steps.Select):
    """PW-D16: RETREAT or FIGHT ON, chosen in secret. Its options never depend on
    anything hidden, so the "done" that follows the pick is answered by the engine."""

    secret = True
    public = True

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        return [boardcore.actions.DONE] if picked else [pick(RETREAT, "retreat"), pick(FIGHT_ON, "fight on")]

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "casualties are tied: retreat, or fight on?"


class Retreat(boardcore.steps.SecretChoices):
    """PW-D16 for both sides at once; only a double RETREAT ends the raid, with no
    winner (PW-R27)."""

    def choosers(self, m: Match) -> Sequence[int]:
        return raid_of(m).attacker, raid_of(m).defender

    def selection(self, m: Match, seat: int) -> boardcore.steps.Select:
        return Stance(seat)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        if not all(picks == (RETREAT,) for picks in chosen.values()):
            RaidRounds.update(m, again=True)


# -- Phase 7: the Aftermath ---------------------------------------------------------------


def one_d5(roll: int) -> int:
    """1D5 rolled as a d10 halved, rounding up (PW-R33)."""
    return (roll + 1) // 2


class Aftermath(Phase):
    name = "aftermath"

    def begin(self, m: Match) -> None:
        raid = m.table.raid
        m.table = evolve(m.table, raid=None)
        if raid is None or raid.winner is None:
            return  # no raid, or no winner: nothing happens (PW-R27)
        if raid.winner is Side.DEFENDER:
            # no hand limit now (PW-R15)
            m.perform(CardsDrawn(raid.defender, RULES.defender_draw, "defender", DECK, HAND[raid.defender]))
            return
        winner, loser = raid.attacker, raid.defender
        for _ in range(m.take(PRISONERS, m.count(PRISONERS, loser), loser)):
            add_generic(m, winner)  # PW-R32: the Defender's prisoners go free and join him
        roll = m.roll(RULES.die, "capture 1D5", player=winner, purpose="capture")
        taken = min(one_d5(roll), len(generics(m, loser)))
        m.schedule(*(Capture(winner, victim=loser) for _ in range(taken)), StealFood(winner, loser))


@attrs.frozen
class Capture(boardcore.steps.Choose):
    """PW-D11: the Attacker picks one of the Defender's generic markers to capture;
    it becomes one of his Prisoners (PW-R33). A run of interchangeable ones is one option (section 4.4)."""

    victim: int = attrs.field(kw_only=True)
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [(g, f"capture {text}") for g, text in merged(m, persons(m, self.victim), generics(m, self.victim))]

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
    what the victim has. No sentence: the Food counters say it."""

    thief: int
    victim: int
    food: int

    def happen(self, m: Match) -> None:
        m.add(FOOD, m.take(FOOD, self.food, self.victim), self.thief)
