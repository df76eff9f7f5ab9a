"""Prehistoric Warfare's moments, changed by small plugins as an expansion would write
them: each documented moment replaced and modified, a phase skipped for one player,
and a Hardship category added by data alone (the game's page, "For expansion authors").

Among them, the five kinds of trigger an outside expansion could not write before
(issue 33): a card that happens instead of losing a person, a rule that makes a
player skip his next Hunt Phase, a card that changes a die roll knowing who rolls and
why, a raid variant that skips the raiders and the Aftermath, and a new Hardship
category with the card that negates it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import boardcore
import boardcore_prehistoric_warfare as pw
from boardcore import CANCEL, Match
from boardcore.testing import advance_to, check_game, choose, decision, events, options, put
from boardcore_prehistoric_warfare import DISCARD, FOOD, HAND, PRISONERS, Cause, PWCard
from boardcore_prehistoric_warfare.testing import check

from .pw_helpers import choose_ids, names, pass_rerolls, play_on, play_out_turn, position, raid, strike

CARDS = boardcore.loaders.load_cards(__package__, "moment_cards.toml", PWCard)
"""Evil Omen, Spirit Charm, Sacrifice, Lucky Charm and Hide in the Caves: the game's card class, no subclass."""

EFFECTS = ("sacrifice", "lucky-charm", "hide")
"""The effects the cards name; a test gives the ones it plays, the others act as no ability."""


class Plugin:
    """A plugin for one test: rules (effects of no card), the cards of ``moment_cards.toml``
    and their effects."""

    def __init__(self, name: str, rules: Sequence[boardcore.Effect], effects: dict[str, Any]) -> None:
        self.name, self.rules, self.effects = name, list(rules), effects

    @boardcore.hookimpl
    def register_rules(self, game: str) -> Sequence[boardcore.Effect]:
        return self.rules

    @boardcore.hookimpl
    def register_cards(self, game: str) -> Sequence[PWCard]:
        return CARDS

    @boardcore.hookimpl
    def register_effects(self, game: str) -> dict[str, Any]:
        return self.effects


def load(name: str, *rules: boardcore.Effect, **effects: pw.Effect) -> boardcore.Game:
    """The game with one test plugin: ``rules``, and card effects by name (``_`` for ``-``)."""
    given = {key.replace("_", "-"): effect for key, effect in effects.items()}
    return boardcore.load_game("prehistoric-warfare", plugins=[Plugin(name, rules, {n: pw.Effect() for n in EFFECTS} | given)])


def replaced(state: boardcore.State, kind: type) -> list[Any]:
    return [e.moment for e in events(state, boardcore.events.MomentReplaced) if isinstance(e.moment, kind)]


def hardship_on_bob(game: boardcore.Game, bob: Sequence[Any], hand: Sequence[str] = (), card: str = "Wolves") -> tuple[boardcore.State, list[str]]:
    """Alice plays a Hardship on Bob in her Elements Phase (PW-R19); with cards in hand,
    Bob is asked to negate it (PW-D05) and passes."""
    state, built = position(game=game, tribes={1: bob}, hands={0: [card], 1: hand}, deck=["Sentries"])
    advance_to(state, "elements")
    play_on(state, 0, card, 1)
    if hand:
        choose(state, 1, "pass")
    return state, built[1]


def rule(kind: str, moment: type, method: Any, **how: Any) -> boardcore.Effect:
    """A house rule (an Effect of no card) whose one method ``kind`` ("modifies",
    "replaces", "reacts_to") acts on ``moment``."""
    def act(self: boardcore.Effect, m: Match, card: None, event: Any) -> Any:
        return method(m, card, event)

    mark = getattr(boardcore, kind)(moment, **how)
    return type(f"Rule_{method.__name__}", (boardcore.Effect,), {"act": mark(act)})()


# -- LeftPlay: instead of losing a person (PW-R41) -------------------------------------------


def holder(m: Match, card: PWCard, moment: pw.LeftPlay) -> int | None:
    """Who may use ``card`` instead of losing a person: the person's owner, if he holds it."""
    return moment.owner if card.id in m.zones[HAND[moment.owner]] else None


class Sacrifice(pw.Effect):
    """Instead of losing a person, its owner may discard this card from his hand."""

    @boardcore.replaces(pw.LeftPlay, may=holder, seats=lambda m, moment: (moment.owner,))
    def instead(self, m: Match, card: PWCard, moment: pw.LeftPlay) -> None:
        m.move((card.id,), HAND[moment.owner], DISCARD)


def test_a_card_in_hand_may_be_discarded_instead_of_losing_a_person():
    """PW-D06, then the optional replacement: Bob picks his Warrior to lose, then
    discards Sacrifice instead, and the Warrior stays."""
    state, (generic, warrior) = hardship_on_bob(load("sacrifice", sacrifice=Sacrifice()), ["generic", "Warrior"], ["Sacrifice"])
    choose_ids(state, 1, warrior)
    assert decision(state).player == 1 and options(state, 1) == ["Sacrifice: instead of this", "pass"]
    choose(state, 1, "Sacrifice: instead of this")
    assert pw.persons(state.match, 1) == (generic, warrior) and names(state, DISCARD)[-1] == "Sacrifice"
    assert [(e.person, e.cause) for e in replaced(state, pw.LeftPlay)] == [(warrior, Cause.HARDSHIP)]


def test_the_owner_may_pass_and_lose_the_person():
    state, (generic, warrior) = hardship_on_bob(load("sacrifice", sacrifice=Sacrifice()), ["generic", "Warrior"], ["Sacrifice"])
    choose_ids(state, 1, warrior)
    choose(state, 1, "pass")
    assert pw.persons(state.match, 1) == (generic,) and "Sacrifice" in names(state, HAND[1])
    left = events(state, pw.LeftPlay)[-1]
    assert (left.person, left.cause, left.by) == (warrior, Cause.HARDSHIP, None)


def test_who_is_asked_never_tells_who_holds_the_card():
    """Bob is asked as the person's owner whether or not he holds Sacrifice: without
    it, "pass" is his only option, so the others learn nothing of his hand."""
    state, (generic, warrior) = hardship_on_bob(load("sacrifice", sacrifice=Sacrifice()), ["generic", "Warrior"], ["Birds"])
    choose_ids(state, 1, warrior)
    assert decision(state).player == 1 and options(state, 1) == ["pass"]
    choose(state, 1, "pass")
    assert pw.persons(state.match, 1) == (generic,)


def heal(m: Match, card: None, moment: pw.LeftPlay) -> None:
    m.take(FOOD, 1, moment.owner)


def test_a_rule_always_replaces_a_hardship_loss():
    """PW-R19 replaced: a person struck by a Hardship stays, his tribe pays 1 Food; nobody is asked."""
    healers = rule("replaces", pw.LeftPlay, heal, when=lambda m, card, moment: moment.cause is Cause.HARDSHIP)
    state, (warrior,) = hardship_on_bob(load("healers", healers), ["Warrior"])
    assert pw.persons(state.match, 1) == (warrior,) and state.match.count(FOOD, 1) == 1
    assert [e.by for e in events(state, boardcore.events.MomentReplaced)] == ["healers"]


def enslave(m: Match, card: None, moment: pw.LeftPlay) -> Any:
    """A generic killed in a raid is captured instead, by the seat whose persons killed it."""
    if moment.cause is Cause.KILLED and pw.is_generic(m, moment.person):
        return attrs.evolve(moment, cause=Cause.CAPTURED)
    return None


def test_a_modification_turns_a_killed_generic_into_a_prisoner():
    """PW-R25 then PW-R33: the Warrior's hit marks a generic; at the step's end it
    leaves play captured, and Alice gains a Prisoner."""
    state, built = raid(["Warrior"], ["generic", "generic"], dice=[1, 9, 9], game=load("slavers", rule("modifies", pw.LeftPlay, enslave)))
    [left] = [e for e in events(state, pw.LeftPlay) if e.owner == 1]
    assert (left.cause, left.by) == (Cause.CAPTURED, 0) and state.match.count(PRISONERS, 0) == 1
    assert state.match.table.raid.lost == (0, 1)  # out of the raid all the same


# -- PhaseBegan: a phase skipped or replaced -----------------------------------------------


def curse(m: Match, card: None, event: pw.LeftPlay) -> None:
    if event.cause is Cause.HARDSHIP:
        m.skip_phase(event.owner, pw.Hunt.name)


def test_a_player_skips_his_next_hunt_phase_only():
    """PW-R18 for one player: a tribe struck by a Hardship skips its next Hunt. Bob's
    Hunt does not take place (he keeps his Hunting card) and the skip clears itself."""
    state, _ = hardship_on_bob(load("curse", rule("reacts_to", pw.LeftPlay, curse)), ["generic", "generic"])
    m = state.match
    assert m.skips(1, "hunt") == 1
    put(state, HAND[1], ["Deer"])
    play_out_turn(state)  # the rest of Alice's turn: her own Hunt was before the Hardship
    advance_to(state, "elements")  # Bob's Nomad, then straight past his Hunt
    assert m.active == 1 and "Deer" in names(state, HAND[1]) and m.skips(1, "hunt") == 0
    skipped = [e.moment for e in events(state, boardcore.events.MomentCancelled) if e.by == "skip_phase"]
    assert [(p.phase, p.player) for p in skipped] == [("hunt", 1)]


def forage(m: Match, card: None, moment: boardcore.events.PhaseBegan) -> None:
    m.add(FOOD, 1, moment.player)


def test_a_rule_replaces_the_hunt_phase():
    no_hunting = rule("replaces", boardcore.events.PhaseBegan, forage, when=lambda m, card, moment: moment.phase == "hunt")
    state, _ = position(game=load("no-hunting", no_hunting), hands={0: ["Deer"]}, deck=["Sentries"])
    advance_to(state, "elements")
    assert state.match.count(FOOD, 0) == 3 and "Deer" in names(state, HAND[0])


# -- CardsDrawn (PW-R16, PW-R17, Aftermath step 18) -------------------------------------------


def scouts(m: Match, card: None, moment: pw.CardsDrawn) -> Any:
    return attrs.evolve(moment, count=moment.count + 1) if moment.purpose == "nomad" else None


def drought(m: Match, card: None, moment: pw.CardsDrawn) -> None:
    m.add(FOOD, 1, moment.player)


def test_a_rule_adds_a_card_to_the_nomad_draw():
    state, _ = position(game=load("scouts", rule("modifies", pw.CardsDrawn, scouts)), deck=["Honey", "Roots"])
    assert names(state, HAND[0]) == ["Honey", "Roots"]


def test_a_rule_replaces_the_nomad_draw():
    only_nomad = {"when": lambda m, card, moment: moment.purpose == "nomad"}
    state, _ = position(game=load("drought", rule("replaces", pw.CardsDrawn, drought, **only_nomad)), hands={0: ["Sentries"]}, deck=["Honey"])
    assert names(state, HAND[0]) == ["Sentries"] and state.match.count(FOOD, 0) == 3


# -- Hunted (PW-R18) -------------------------------------------------------------------------


def good_season(m: Match, card: None, moment: pw.Hunted) -> Any:
    return attrs.evolve(moment, food=moment.food + 1)


def spoiled(m: Match, card: None, moment: pw.Hunted) -> None:
    m.draw(pw.DECK, HAND[moment.player])


def hunt_deer(game: boardcore.Game) -> boardcore.State:
    state, _ = position(game=game, hands={0: ["Deer"]}, deck=["Sentries", "Honey"])
    advance_to(state, "hunt")
    choose(state, 0, "hunt Deer (+4 food)")
    return state


def test_a_rule_adds_to_the_food_of_a_hunt():
    assert hunt_deer(load("season", rule("modifies", pw.Hunted, good_season))).match.count(FOOD, 0) == 2 + 4 + 1


def test_a_rule_replaces_a_hunt():
    state = hunt_deer(load("spoiled", rule("replaces", pw.Hunted, spoiled)))
    assert state.match.count(FOOD, 0) == 2 and names(state, HAND[0]) == ["Sentries", "Honey"]
    assert names(state, DISCARD) == ["Deer"]  # the card was played all the same


# -- FoodPaid (PW-R22) -------------------------------------------------------------------------


def smoked_meat(m: Match, card: None, moment: pw.FoodPaid) -> Any:
    return attrs.evolve(moment, food=0)


def tithe(m: Match, card: None, moment: pw.FoodPaid) -> None:
    m.take(PRISONERS, 1, moment.player)


def feed(game: boardcore.Game) -> boardcore.State:
    """Alice's tribe of 19 (20 after the Tribe Phase) owes 2 Food; she has none, and
    1 Prisoner. Played up to her Raid Phase (she holds a card, so she is asked)."""
    state, _ = position(game=game, tribes={0: ["generic"] * 19}, food={0: 0}, prisoners={0: 1}, deck=["Sentries"])
    advance_to(state, "raid")
    return state


def test_without_rules_the_upkeep_costs_a_prisoner_then_a_person():
    """PW-R22 as the game performs it: 2 owed, no Food, the Prisoner is eaten and a person
    starves (the generics are one option, so nobody is asked which)."""
    state = feed(pw.testing.base_game())
    assert pw.population(state.match, 0) == 19 and state.match.count(PRISONERS, 0) == 0
    assert [e.food for e in events(state, pw.FoodPaid)] == [2] and events(state, pw.LeftPlay)[-1].cause is Cause.STARVATION


def test_a_rule_waives_the_upkeep():
    state = feed(load("smoked-meat", rule("modifies", pw.FoodPaid, smoked_meat)))
    assert pw.population(state.match, 0) == 20 and state.match.count(PRISONERS, 0) == 1
    assert [e.food for e in events(state, pw.FoodPaid)] == [0]


def test_a_rule_replaces_the_upkeep():
    state = feed(load("tithe", rule("replaces", pw.FoodPaid, tithe)))
    assert pw.population(state.match, 0) == 20 and state.match.count(PRISONERS, 0) == 0
    assert not events(state, pw.FoodPaid) and replaced(state, pw.FoodPaid)[0].food == 2


# -- RaidDeclared: a raid variant (PW-R23) -----------------------------------------------------


def skirmish(m: Match, card: None, moment: pw.RaidDeclared) -> None:
    """Instead of a raid, the Defender pays the Attacker 1 Food."""
    m.add(FOOD, m.take(FOOD, 1, moment.defender), moment.attacker)


def declare(game: boardcore.Game, bob_hand: Sequence[str] = ()) -> boardcore.State:
    state, _ = position(game=game, hands={0: ["War Party"], 1: bob_hand}, deck=["Bark & Leaves"])
    advance_to(state, "raid")
    play_on(state, 0, "War Party", 1)
    return state


def test_a_raid_variant_skips_the_raiders_and_the_aftermath():
    """PW-R23 replaced: no raiders are picked, no round is fought, the Aftermath finds no
    raid (PW-R27: no die is rolled), and the turn passes to Bob."""
    state = declare(load("skirmish", rule("replaces", pw.RaidDeclared, skirmish)))
    m = state.match
    assert (m.count(FOOD, 0), m.count(FOOD, 1)) == (2 - 1 + 1, 1) and m.table.raid is None  # Alice fed 11 people first
    assert not events(state, pw.RaidBegan) and not events(state, boardcore.events.DieRolled) and m.active == 1
    assert replaced(state, pw.RaidDeclared) == [pw.RaidDeclared(0, 1, "PW034-1")]


def truce(m: Match, card: None, moment: pw.RaidDeclared) -> Any:
    return CANCEL if m.round == 1 else None


def test_a_rule_cancels_a_raid():
    state = declare(load("truce", rule("modifies", pw.RaidDeclared, truce)))
    assert state.match.table.raid is None and state.match.active == 1
    assert [type(e.moment) for e in events(state, boardcore.events.MomentCancelled)] == [pw.RaidDeclared]


def defender(m: Match, card: PWCard, moment: pw.RaidDeclared) -> int | None:
    return moment.defender if card.id in m.zones[HAND[moment.defender]] else None


class Hide(pw.Effect):
    """Instead of being raided, the Defender may discard this card and lose 1 Food."""

    @boardcore.replaces(pw.RaidDeclared, may=defender, seats=lambda m, moment: (moment.defender,))
    def hide(self, m: Match, card: PWCard, moment: pw.RaidDeclared) -> None:
        m.move((card.id,), HAND[moment.defender], DISCARD)
        m.take(FOOD, 1, moment.defender)


def test_the_defender_may_hide_instead_of_being_raided():
    state = declare(load("hide", hide=Hide()), ["Hide in the Caves"])
    assert decision(state).player == 1 and options(state, 1) == ["Hide in the Caves: instead of this", "pass"]
    choose(state, 1, "Hide in the Caves: instead of this")
    assert state.match.table.raid is None and state.match.count(FOOD, 1) == 1


def test_the_defender_who_passes_is_raided():
    state = declare(load("hide", hide=Hide()), ["Hide in the Caves"])
    choose(state, 1, "pass")
    # her generics are one option, so the first raider is picked for Alice (section 4.4)
    assert decision(state).prompt.startswith("raiders so far: 1") and state.match.table.raid.defender == 1


# -- dice: DieRolled, with who rolls and what for (PW-R07, PW-R30, PW-R33, PW-R35) -----------


def lucky_holder(m: Match, card: PWCard, roll: boardcore.events.DieRolled) -> bool:
    return roll.player is not None and card.id in m.zones[HAND[roll.player]]


class LuckyCharm(pw.Effect):
    """While it is in your hand, your attack dice are rolled twice and the lower kept (a
    lower die hits more often, PW-R07); nobody else's dice, and no other dice."""

    @boardcore.modifies(boardcore.events.DieRolled)
    def luck(self, m: Match, card: PWCard, roll: boardcore.events.DieRolled) -> Any:
        if roll.purpose == "attack" and lucky_holder(m, card, roll):
            return attrs.evolve(roll, rolls=2, lowest=True)
        return None


def test_a_card_changes_its_holders_attack_dice_knowing_who_rolls_and_why():
    """The Warrior's dice are 9 and 2: the 2 is kept, a hit. Bob's generics roll one die
    each: the roll says who rolls and what for, never in words to parse."""
    game = load("lucky", lucky_charm=LuckyCharm())
    state, built = raid(["Warrior"], ["generic", "generic"], hands={0: ["Lucky Charm"]}, dice=[9, 2, 9, 9], game=game)
    rolled = [(r.player, r.purpose, r.rolls, r.value) for r in events(state, boardcore.events.DieRolled)]
    assert rolled == [(0, "attack", 2, 2), (1, "attack", 1, 9), (1, "attack", 1, 9)]
    assert [(e.attacker, e.hit) for e in events(state, pw.Attacked)][0] == (built[0][0], True)


def towering(m: Match, card: None, roll: boardcore.events.DieRolled) -> Any:
    """Attacks on a Great Warrior are made with a die of 10: the attack whose die is
    rolled is on the table (its target, S and M)."""
    if roll.purpose in ("attack", "reroll") and pw.label(m, pw.raid_of(m).attack.target).startswith("Great Warrior"):
        return attrs.evolve(roll, value=10)
    return None


def test_a_rule_fixes_an_attack_die_from_its_target():
    """A fixed die uses no die: the loaded 1 goes to the next roll, Bob's Great Warrior's."""
    giants = load("giants", rule("modifies", boardcore.events.DieRolled, towering))
    state, built = raid(["generic"], ["Great Warrior", ("generic", ["Wooden Shield"])], dice=[1, 9], game=giants)
    choose_ids(state, 0, built[1][0])
    pass_rerolls(state)
    assert [(e.target, e.roll, e.hit) for e in events(state, pw.Attacked)][:2] == [(built[1][0], 10, False), (built[0][0], 1, True)]


def test_an_attack_die_cannot_be_cancelled():
    """An attack needs its die: a rule that cancels it is refused, naming the roll, and
    the action is undone."""
    dud = rule("modifies", boardcore.events.DieRolled, lambda m, card, roll: CANCEL if roll.purpose == "attack" else None)
    state, built = raid(["Warrior"], ["generic", ("generic", ["Wooden Shield"])], game=load("dud", dud))
    with pytest.raises(boardcore.PluginError, match=r"a roll \(hth attack: .*\) was cancelled"):
        choose_ids(state, 0, built[1][0])
    assert state.match.table.raid.attack is None


def plunder(m: Match, card: None, roll: boardcore.events.DieRolled) -> Any:
    """The winner's Aftermath dice are fixed: capture 2 (one marker), steal 10."""
    return {"capture": attrs.evolve(roll, value=2), "steal": attrs.evolve(roll, value=10)}.get(roll.purpose)


def test_a_rule_fixes_the_aftermath_dice_by_their_purpose():
    """PW-R33 and PW-R35 with the dice fixed: one capture (1D5 of a 2), all 6 Food stolen."""
    game = load("plunder", rule("modifies", boardcore.events.DieRolled, plunder))
    state, built = raid([("Great Warrior", ["Heavy Spear"])], ["generic", "generic", "generic"], food={1: 6}, dice=[9, 9, 9], game=game)
    choose(state, 0, "pass")  # no Massacre
    m = state.match
    aftermath = [(e.player, e.purpose, e.value) for e in events(state, boardcore.events.DieRolled) if e.purpose in ("capture", "steal")]
    assert aftermath == [(0, "capture", 2), (0, "steal", 10)]
    assert (m.count(PRISONERS, 0), m.count(FOOD, 0), m.count(FOOD, 1)) == (1, 2 + 6, 0)


# -- Attacked (PW-R07, PW-R25) -------------------------------------------------------------


def glancing(m: Match, card: None, moment: pw.Attacked) -> Any:
    """A hit on a generic wearing armor glances off."""
    return attrs.evolve(moment, hit=False) if moment.hit and pw.gear(m, moment.target) else None


def test_a_rule_turns_a_hit_into_a_miss():
    state, built = raid(["Warrior"], ["generic", ("generic", ["Wooden Shield"])], dice=[1, 9, 9], game=load("glancing", rule("modifies", pw.Attacked, glancing)))
    choose_ids(state, 0, built[1][1])
    pass_rerolls(state)
    assert [(e.roll, e.hit) for e in events(state, pw.Attacked)][0] == (1, False)
    assert pw.persons(state.match, 1) == tuple(built[1])


def disarm(m: Match, card: None, moment: pw.Attacked) -> None:
    """Instead of a hit, the target's gear is discarded (he stays in the fight)."""
    m.move(m.attached(moment.target), f"attached:{moment.target}", DISCARD)


def test_a_rule_replaces_a_hit():
    only_hits = {"when": lambda m, card, moment: moment.hit}
    state, built = raid(["Warrior"], ["generic", ("generic", ["Wooden Shield"])], dice=[1, 9, 9], game=load("disarm", rule("replaces", pw.Attacked, disarm, **only_hits)))
    choose_ids(state, 0, built[1][1])
    pass_rerolls(state)
    assert pw.gear(state.match, built[1][1]) == [] and names(state, DISCARD)[-1] == "Wooden Shield"
    assert pw.persons(state.match, 1) == tuple(built[1])


# -- RaidDecided (PW-R26, PW-R27) -------------------------------------------------------------


def honour(m: Match, card: None, moment: pw.RaidDecided) -> Any:
    """A raid with no winner goes to the Defender."""
    return attrs.evolve(moment, winner=moment.defender) if moment.winner is None else None


def test_a_rule_changes_who_wins_a_raid():
    """PW-R27 changed: a tied raid (here after ten rounds) is won by the Defender, who draws 3."""
    watch = rule("reacts_to", boardcore.events.CardsDrawn, lambda m, card, drawn: None)  # so that draws are logged
    game = load("honour", rule("modifies", pw.RaidDecided, honour), watch)
    state, _ = raid([("generic", ["Wooden Shield"])], [("generic", ["Piecemeal Armor"])], game=game)
    while state.match.table.raid is not None and not state.match.table.raid.over:
        choose(state, 0, "fight on")
        choose(state, 1, "fight on")
    [decided] = events(state, pw.RaidDecided)
    assert decided.winner == 1 and [e.count for e in events(state, pw.CardsDrawn) if e.purpose == "defender"] == [3]


def no_winner(m: Match, card: None, moment: pw.RaidDecided) -> None:
    """Raids end with nothing won: no Aftermath."""


def test_a_rule_replaces_the_end_of_a_raid():
    state, built = raid(["Warrior"], ["generic", ("generic", ["Wooden Shield"])], dice=[1, 9, 9], game=load("stalemate", rule("replaces", pw.RaidDecided, no_winner)))
    strike(state, 0, built[1][0])
    choose(state, 0, "pass")  # no Massacre
    assert not events(state, pw.RaidDecided) and replaced(state, pw.RaidDecided)[0].winner == 0
    assert [e.purpose for e in events(state, boardcore.events.DieRolled)] == ["attack"] * 3  # no Aftermath dice


# -- FoodStolen (PW-R35) -----------------------------------------------------------------------


def thin_pickings(m: Match, card: None, moment: pw.FoodStolen) -> Any:
    return attrs.evolve(moment, food=min(moment.food, 2))


def burn_stores(m: Match, card: None, moment: pw.FoodStolen) -> None:
    m.take(FOOD, moment.food, moment.victim)


def steal(game: boardcore.Game) -> boardcore.State:
    """Alice's Great Warrior wins; the capture finds no generic, the steal die is a 5 against 4 Food."""
    state, built = raid([("Great Warrior", ["Heavy Spear"])], ["generic", "Big Man"], food={0: 0, 1: 4}, dice=[5, 9, 9, 1, 5], game=game)
    choose_ids(state, 0, built[1][0])
    choose(state, 0, "pass")  # no Massacre
    return state


def test_a_rule_limits_the_food_stolen():
    m = steal(load("thin", rule("modifies", pw.FoodStolen, thin_pickings))).match
    assert (m.count(FOOD, 0), m.count(FOOD, 1)) == (2, 2)


def test_a_rule_replaces_the_theft():
    m = steal(load("burn", rule("replaces", pw.FoodStolen, burn_stores))).match
    assert (m.count(FOOD, 0), m.count(FOOD, 1)) == (0, 0)


# -- a Hardship category added by data ------------------------------------------------------


def test_a_new_hardship_category_is_negated_by_a_plugins_card_without_code():
    """PW-R20 for a category of a plugin's data: Evil Omen (omen) is negated by Spirit
    Charm, whose data names the category and the game's own "negate" effect; Dogs
    (animal) does not negate it."""
    game = load("omens")
    assert game.cards["PWT01-1"].text == "Evil Omen (Hardship, omen)"
    state, built = position(game=game, tribes={1: ["Warrior"]}, hands={0: ["Evil Omen"], 1: ["Dogs", "Spirit Charm"]}, deck=["Sentries"])
    advance_to(state, "elements")
    assert options(state)[0] == "play Evil Omen on seat 1"
    play_on(state, 0, "Evil Omen", 1)
    assert options(state, 1) == ["negate with Spirit Charm", "pass"]
    choose(state, 1, "negate with Spirit Charm")
    assert pw.persons(state.match, 1) == tuple(built[1]) and names(state, DISCARD) == ["Evil Omen", "Spirit Charm"]


# -- the whole game with changed moments ------------------------------------------------------


@pytest.mark.slow
def test_optional_replacements_keep_the_engine_properties_and_the_invariants():
    """Random games with Sacrifice and Hide in the Caves in the deck: every optional
    replacement asks safely (who is asked tells nothing, re-deals are safe)."""
    game = load("optional", sacrifice=Sacrifice(), hide=Hide(), lucky_charm=LuckyCharm())
    assert check_game(game, games=2, seed=5, players=2, every=150, cross_process=False, checks=[check]).games == 2
