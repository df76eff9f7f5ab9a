"""Phase 6, the raid (section 4.1), with its reroll window (section 4.2).

The raid's whole state is the :class:`~.records.Raid` record in the match's table;
the steps below only say what happens next, in the rulebook's order:

* R0: :class:`DeclareRaid` plays a Raiding card, which performs the moment
  :class:`RaidDeclared`; it opens the raid, and :class:`PickRaiders` fields the
  raiders;
* R1 to R4: :class:`RaidRounds`, one procedure whose stages are the round's
  steps. An attack is a :class:`ChooseTarget` (the target, then the die, a
  ``DieRolled`` of purpose ``"attack"``), a :class:`RerollWindow` (purpose
  ``"reroll"``), and the moment :class:`Attacked`; the marked leave play
  (``LeftPlay``) at the end of each step;
  the round end asks :class:`ExtraRound` or :class:`Retreat`, and the raid ends
  with the moment :class:`RaidDecided`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, cast

import attrs

import boardcore
from boardcore import Action, Match, Perform, Procedure, Target, pick

from .cards import RULES, CardType, PWCard, said
from .effects import effect_of
from .phases import PlayFromHand, hand_cards, item_of
from .records import Attacked, AttackMode, Cause, Raid, RaidBegan, RaidDecided, Side, raid_of, table, update
from .tribe import DISCARD, HAND, LeftPlay, attack_strength, label, merged, modifier, owner, persons, ranged_weapon

RETREAT, FIGHT_ON = "retreat", "fight-on"


# -- R0: declaring -----------------------------------------------------------------------


@attrs.frozen
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
    Replaced or cancelled, there is no raid: no raiders, no rounds, no Aftermath."""

    asks: ClassVar[bool] = True
    attacker: int
    defender: int
    card: str

    __str__ = said("")  # the card played says it

    def happen(self, m: Match) -> None:
        m.table = attrs.evolve(table(m), raid=Raid(attacker=self.attacker, defender=self.defender))
        m.schedule(PickRaiders(self.attacker))


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
        attackers = [(side, p) for side, p in raid.participants() if not shooting or ranged_weapon(m, p) is not None]
        m.schedule(*[ChooseTarget(raid.seat(side), mode=self.mode, attacker=p) for side, p in attackers])

    def step_end(self, m: Match) -> Any:
        """The end of R2 or R3: the persons marked in the step are out of the raid, count
        as its casualties and leave play (PW-R25, PW-R41); the HTH step follows the ranged one."""
        raid = raid_of(m)
        dead = [(side, p) for side, p in raid.participants() if p in raid.marked]
        sides = tuple(tuple(p for p in side if p not in raid.marked) for side in raid.sides)
        update(m, sides=sides, lost=tuple(fielded - len(left) for fielded, left in zip(raid.fielded, sides)), marked=())
        m.schedule(*[Perform(LeftPlay(p, raid.seat(side), Cause.KILLED, by=raid.seat(side.other))) for side, p in dead])
        return self.at("attacks", mode=AttackMode.HTH) if self.mode is AttackMode.RANGED else None

    def round_end(self, m: Match) -> Any:
        """R4 (PW-R26 to PW-R29): with both sides standing and rounds left, the
        extra-round cards or the hidden retreat choice; else the result."""
        raid = raid_of(m)
        if not raid.both_alive() or raid.round >= RULES.raid_round_limit:
            decide(m)
            return Procedure.END
        m.schedule(Retreat() if raid.leader is None else ExtraRound())
        return None

    def next_round(self, m: Match) -> Any:
        """Another round if a card or a FIGHT ON called for one; else the raid is decided."""
        if self.again:
            return self.at("round_start")
        decide(m)
        return None


def decide(m: Match) -> None:
    """The raid is over: the side ahead wins, or nobody on a tie (PW-R26, PW-R27)."""
    raid = raid_of(m)
    winner = None if raid.leader is None else raid.seat(raid.leader)
    m.perform(RaidDecided(raid.attacker, raid.defender, raid.round, raid.lost, winner))


# -- an attack ----------------------------------------------------------------------------


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
        attack = Attacked(self.mode, self.attacker, item, attack_strength(m, self.mode, self.attacker), modifier(m, item), 0, False)
        update(m, attack=roll(m, player, "attack", attack))
        RerollWindow().run(m)


def roll(m: Match, player: int, purpose: str, attack: Attacked) -> Attacked:
    """``attack`` with a new die: ``player`` rolls it for ``purpose``, ``"attack"`` or
    ``"reroll"`` (PW-R30). While the die is rolled the attack is on the table, so a
    card that changes the die reads it there (``raid_of(m).attack``)."""
    if m.rules.changes(boardcore.DieRolled) or m.rules.roll_makers:  # else nothing reads it: playouts skip it
        update(m, attack=attack)
    verb = f"{attack.mode.value} attack" if purpose == "attack" else "reroll"
    return attack.rolled(m.roll(RULES.die, f"{verb}: {attack.attacker} -> {attack.target}", player=player, purpose=purpose))


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
        attack = raid_of(m).attack
        return () if attack is None or not attack.open else (owner(m, attack.target if attack.hit else attack.attacker),)

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[HAND[player]] or chieftains(m, raid_of(m), player))

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        raid = raid_of(m)
        wanted = CardType.DEFENSE if raid.side_of(player) is Side.DEFENDER else CardType.TACTICS
        cards = [(c.id, c.label) for c in hand_cards(m, player) if c.type is wanted]
        return [pick(s, f"reroll with {text}") for s, text in [(s, label(m, s)) for s in chieftains(m, raid, player)] + cards]

    def prompt(self, m: Match, player: int) -> str:
        a = cast(Attacked, raid_of(m).attack)
        result = f"{label(m, a.attacker)} {'hits' if a.hit else 'misses'} {label(m, a.target)} with a {a.roll}"
        return f"{result} (S {a.strength}, M {a.modifier}): reroll, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        raid, source = raid_of(m), item_of(action)
        if source in m.zones[HAND[player]]:
            m.move((source,), HAND[player], DISCARD)
        else:
            raid = update(m, spent=raid.spent + (source,))
        update(m, attack=roll(m, player, "reroll", cast(Attacked, raid.attack)))

    def closed(self, m: Match) -> None:
        attack = cast(Attacked, raid_of(m).attack)
        update(m, attack=None)
        m.perform(attack)  # a hit marks the target


def chieftains(m: Match, raid: Raid, player: int) -> list[str]:
    """``player``'s participants with an unused raid reroll (PW-R09): a Chieftain gives one."""
    return [p for p in raid.sides[raid.side_of(player).value] if effect_of(m.rules, p).raid_rerolls > raid.spent.count(p)]


# -- R4: the round end's decisions ---------------------------------------------------------


@attrs.frozen
class ExtraRound(boardcore.Window):
    """PW-D14 then PW-D15: Massacre (Attacker) or Counter-Attack (Defender) starts
    another round; if both pass, the side ahead wins the raid (PW-R28)."""

    def responders(self, m: Match) -> Sequence[int]:
        raid = raid_of(m)
        return (raid.attacker, raid.defender)

    def may_react(self, m: Match, player: int) -> bool:
        return bool(m.zones[HAND[player]])

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        side = raid_of(m).side_of(player)
        playable = [c for c in hand_cards(m, player) if effect_of(m.rules, c.id).extra_round_for is side]
        return [pick(c.id, f"play {c.label}") for c in playable]

    def prompt(self, m: Match, player: int) -> str:
        raid = raid_of(m)
        return f"casualties {raid.lost[0]}-{raid.lost[1]}: play a card for another round, or pass"

    def react(self, m: Match, player: int, action: Action) -> None:
        m.move((item_of(action),), HAND[player], DISCARD)
        RaidRounds.update(m, again=True)


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
        if not all(picks == (RETREAT,) for picks in chosen.values()):
            RaidRounds.update(m, again=True)
