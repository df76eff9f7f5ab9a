"""The moments an expansion may change, each modified, replaced and reacted to by a small
plugin (a rule through ``register_rules``, or a card through ``register_cards`` and
``register_effects``); a phase skipped for one seat; the log unchanged without plugins.

Hands are dealt to order (``testing.deal``), so every case is scripted, never a seed's luck.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import boardcore
from boardcore import CANCEL
from boardcore.events import MomentCancelled, MomentReplaced, PhaseBegan
from boardcore.testing import check_game, choose, events, options
from boardcore_horse_people import (
    DISCARD, HAND, LOOT, NAME, PLAY, CardsDrawn, HorseCard, InvasionResolved, TributeCollected, deposes,
)  # fmt: skip
from boardcore_horse_people.testing import asked, base_game, check, cid, deal, hands_of, held, no_exchanges, play, table


def house(*rules: boardcore.Effect, cards: tuple[HorseCard, ...] = (), effects: dict[str, Any] | None = None) -> boardcore.Game:
    """The game with a plugin made of ``rules`` (always in force) and ``cards`` with their ``effects``."""

    class House:
        name = "house"
        games = (NAME,)

        @boardcore.hookimpl
        def register_rules(self, game: str) -> list[boardcore.Effect]:
            return list(rules)

        @boardcore.hookimpl
        def register_cards(self, game: str) -> list[HorseCard]:
            return list(cards)

        @boardcore.hookimpl
        def register_effects(self, game: str) -> dict[str, Any]:
            return dict(effects or {})

    return boardcore.load_game(NAME, plugins=[House()])


def loot(state: boardcore.State) -> list[int]:
    return [state.match.count(LOOT, seat) for seat in range(state.players)]


# -- no plugin: the log holds what it held before the moments --------------------------------


def test_without_plugins_draws_are_not_recorded_as_moments_and_the_invasion_is_recorded_once_hp_r04():
    state = deal(hands_of([cid("Huns")], [cid("Avars"), cid("Horde", 1)]))
    no_exchanges(state)
    play(state, 0, [cid("Huns")])
    play(state, 1, [cid("Avars"), cid("Horde", 1)])
    assert events(state, CardsDrawn) == []  # quiet: the deal's CardsMoved are the record
    assert len(events(state, InvasionResolved)) == 1
    assert events(state, MomentCancelled) == events(state, MomentReplaced) == []


def test_a_reaction_to_draws_makes_them_recorded_with_their_purpose_hp_r04_hp_r05():
    seen = []

    class Watch(boardcore.Effect):
        @boardcore.reacts_to(CardsDrawn)
        def note(self, m, card, moment):
            seen.append((moment.player, moment.count, moment.purpose))

    hands = hands_of([], [])
    state = deal(hands, game=house(Watch()))
    play(state, 0, hands[0][:2])
    play(state, 1)
    assert seen == [(0, 7, "deal"), (1, 7, "deal"), (0, 2, "exchange")]
    assert [(e.player, e.count, e.purpose) for e in events(state, CardsDrawn)] == seen


# -- CardsDrawn ------------------------------------------------------------------------------


class Provisions(boardcore.Effect):
    """A house rule: seat 0 is dealt one card more (a modification)."""

    @boardcore.modifies(CardsDrawn)
    def more(self, m, card, moment):
        return attrs.evolve(moment, count=moment.count + 1) if moment.purpose == "deal" and moment.player == 0 else None


class Drought(boardcore.Effect):
    """A house rule: the cards exchanged in the Migration are not replaced (a replacement)."""

    @boardcore.replaces(CardsDrawn, when=lambda m, card, moment: moment.purpose == "exchange")
    def nothing(self, m, card, moment):
        pass


def test_a_rule_modifies_the_migration_deal_hp_r04():
    state = deal(hands_of([cid("Huns")], []), game=house(Provisions()))
    assert [len(held(state, seat)) for seat in (0, 1)] == [8, 7]
    assert [(e.player, e.count) for e in events(state, CardsDrawn)] == [(0, 8), (1, 7)]


def test_a_rule_replaces_the_exchange_draws_hp_r05():
    hands = hands_of([], [])
    state = deal(hands, game=house(Drought()))
    play(state, 0, hands[0][:3])
    play(state, 1, hands[1][:1])
    assert [len(held(state, seat)) for seat in (0, 1)] == [4, 6]
    replaced = events(state, MomentReplaced)
    assert [(e.moment.player, e.moment.count, e.by) for e in replaced] == [(0, 3, "house"), (1, 1, "house")]
    assert state.match.cards(DISCARD) == (*hands[0][:3], *hands[1][:1])


# -- TributeCollected -------------------------------------------------------------------------


class Levy(boardcore.Effect):
    """A house rule: every Tribute pays 2 Loot more (a modification)."""

    @boardcore.modifies(TributeCollected)
    def more(self, m, card, moment):
        return attrs.evolve(moment, gain=moment.gain + 2)


class Poverty(boardcore.Effect):
    """A house rule: a Tribute without Conquest pays nothing and is not recorded (a cancellation)."""

    @boardcore.modifies(TributeCollected)
    def stop(self, m, card, moment):
        return CANCEL if moment.conquest == 0 else None


class Tithe(boardcore.Effect):
    """A house rule: the Tribute is paid to the poorest Nomad instead (a replacement)."""

    @boardcore.replaces(TributeCollected)
    def to_the_poor(self, m, card, moment):
        poorest = min((seat for seat in range(m.players) if seat != moment.khan), key=lambda seat: m.count(LOOT, seat))
        m.add(LOOT, moment.gain, poorest)


def _tribute(game, tribute, points=(2, 1, 0)):
    state = deal(hands_of(tribute, [], [], khan=0), khan=0, loot=points, turn=3, game=game)
    no_exchanges(state)
    play(state, 0, tribute)
    return state


def test_a_rule_modifies_the_tribute_paid_hp_r08():
    state = _tribute(house(Levy()), [cid("Plunder", 4), cid("Europe", 3)])
    assert events(state, TributeCollected) == [TributeCollected(0, 4, 3, 5)]
    assert loot(state) == [7, 1, 0]


def test_a_rule_cancels_a_tribute_hp_r08():
    state = _tribute(house(Poverty()), [cid("Plunder", 4)])
    assert events(state, TributeCollected) == []
    assert [e.by for e in events(state, MomentCancelled)] == ["house"]
    assert loot(state) == [2, 1, 0] and state.match.phase == "invasion"


def test_a_rule_replaces_the_tribute_hp_r08():
    state = _tribute(house(Tithe()), [cid("Plunder", 4), cid("Europe", 5)])
    assert events(state, TributeCollected) == []
    (replaced,) = events(state, MomentReplaced)
    assert replaced.moment == TributeCollected(0, 4, 5, 4) and replaced.by == "house"
    assert loot(state) == [2, 1, 4]


def test_a_replaced_tribute_still_wins_at_once_when_it_reaches_twelve_hp_r17():
    state = _tribute(house(Tithe()), [cid("Plunder", 4), cid("Europe", 5)], points=(0, 9, 8))
    assert state.is_over and state.result.winners == (2,)


# -- InvasionResolved ------------------------------------------------------------------------


class Walls(boardcore.Effect):
    """A house rule: the Khan's Conquest counts 3 more against the Weakness (a modification)."""

    @boardcore.modifies(InvasionResolved)
    def stronger(self, m, card, moment):
        return attrs.evolve(moment, conquest=moment.conquest + 3)


class Champion(boardcore.Effect):
    """A house rule: seat 2's strength counts 5 more in the contest (a modification)."""

    @boardcore.modifies(InvasionResolved)
    def boost(self, m, card, moment):
        return attrs.evolve(moment, strengths=tuple(s + 5 * (seat == 2) for seat, s in enumerate(moment.strengths)))


class Truce(boardcore.Effect):
    """A house rule: an Invasion in which nobody played a Tribe changes nothing (a replacement)."""

    @boardcore.replaces(InvasionResolved, when=lambda m, card, moment: not moment.candidates)
    def nothing(self, m, card, moment):
        pass


def _invasion(game, tribute, *plays):
    state = deal(hands_of(tribute, *plays, khan=0), khan=0, loot=(3, 0, 0), turn=4, game=game)
    no_exchanges(state)
    play(state, 0, tribute)
    for seat, cards in enumerate(plays, start=1):
        play(state, seat, cards)
    return state


def test_a_rule_modifies_the_figures_of_the_invasion_hp_r10():
    state = _invasion(house(Walls()), [cid("Europe", 2)], [cid("Assimilation", 4)], [cid("Huns")])
    last = events(state, InvasionResolved)[-1]
    assert (last.weakness, last.conquest, last.deposed, last.khan) == (4, 5, None, 0)  # 4 > 2, but not > 5
    assert table(state).khan == 0 and table(state).last.conquest == 5


def test_a_rule_modifies_the_strengths_of_the_contest_hp_r15():
    plays = [cid("Assimilation", 4), cid("Horde", 5), cid("Huns")], [cid("Horde", 1), cid("Avars")]
    state = _invasion(house(Champion()), [cid("Europe", 2)], *plays)
    last = events(state, InvasionResolved)[-1]
    assert (last.deposed, last.khan, last.strengths, last.candidates) == (0, 2, (0, 5, 6), (1, 2))
    assert table(state).khan == 2


def test_a_rule_replaces_an_invasion_without_a_tribe_hp_r10():
    state = _invasion(house(Truce()), [cid("Europe", 1)], [cid("Assimilation", 4)], [cid("Resistance", 2)])
    assert events(state, InvasionResolved) == []
    (replaced,) = events(state, MomentReplaced)
    assert (replaced.moment.weakness, replaced.moment.conquest, replaced.by) == (6, 1, "house")
    assert table(state).khan == 0  # the Weakness would have deposed him
    assert state.turn == 5


WALL = HorseCard(id="GW01", name="Great Wall", row="GW01", type="conquest", value=1, effect="wall")
"""A test card: a Conquest card whose holder, the Khan, may stop being deposed."""


def _wall_holder(m, card, moment):
    khan = m.table.khan
    falls = khan is not None and deposes(moment.weakness, moment.conquest)
    return khan if falls and card.id in m.cards(HAND[khan]) else None


class Wall(boardcore.Effect):
    """Held by the Khan when the Nomads' Weakness would depose him: he may discard it
    instead, and the Invasion changes nothing (an optional replacement)."""

    @boardcore.replaces(
        InvasionResolved,
        may=_wall_holder,
        # Who could hold it is public: the Khan, when the revealed Weakness beats his Conquest.
        seats=lambda m, moment: (m.table.khan,) if m.table.khan is not None and deposes(moment.weakness, moment.conquest) else (),
    )
    def hold(self, m, card, moment):
        m.move((card.id,), HAND[m.table.khan], DISCARD)


def _walled(tribute, khan_also=(WALL.id,)):
    game = house(cards=(WALL,), effects={"wall": Wall()})
    hands = hands_of([*tribute, *khan_also], [cid("Assimilation", 4)], [cid("Huns")], khan=0)
    state = deal(hands, khan=0, loot=(3, 0, 0), turn=4, game=game)
    no_exchanges(state)
    play(state, 0, tribute)
    play(state, 1, [cid("Assimilation", 4)])
    play(state, 2, [cid("Huns")])
    return state


def test_a_card_may_replace_the_invasion_at_its_holders_choice_hp_r10():
    state = _walled([cid("Europe", 2)])
    assert asked(state) == [0] and state.match.phase == "invasion"
    assert options(state, 0) == ["Great Wall 1: instead of this", "pass"]
    choose(state, 0, "Great Wall 1: instead of this")
    assert [e.by for e in events(state, MomentReplaced)] == [WALL.id]
    assert events(state, InvasionResolved) == [] and table(state).khan == 0
    assert WALL.id in state.match.cards(DISCARD) and state.turn == 5


def test_a_card_the_holder_does_not_use_lets_the_invasion_happen_hp_r10():
    state = _walled([cid("Europe", 2)])
    choose(state, 0, "pass")
    assert events(state, InvasionResolved)[-1].deposed == 0 and table(state).khan == 2


def test_the_khan_is_asked_without_the_card_too_so_asking_reveals_nothing_hp_r13():
    state = _walled([cid("Europe", 2)], khan_also=[])
    assert options(state, 0) == ["pass"]  # he could have held it: the question tells nobody anything
    choose(state, 0, "pass")
    assert table(state).khan == 2


def test_nobody_is_asked_when_the_khan_stands_hp_r10():
    state = _walled([cid("Europe", 5)])
    assert state.match.phase == "migration" and state.turn == 5  # 4 is not more than 5: no offer


@pytest.mark.slow
def test_the_optional_replacement_keeps_the_engines_properties():
    game = house(cards=(WALL,), effects={"wall": Wall()})
    summary = check_game(game, games=3, seed=33, players=3, every=20, cross_process=False, checks=[])
    assert summary.games == 3


# -- phases ---------------------------------------------------------------------------------


class Humbled(boardcore.Effect):
    """A house rule: a Khan whose Tribute pays nothing skips his next Tribute."""

    @boardcore.reacts_to(TributeCollected)
    def humble(self, m, card, moment):
        if moment.gain == 0:
            m.skip_phase(moment.khan, "tribute")


def test_a_khan_skips_his_next_tribute_for_one_turn_hp_r06():
    now = hands_of([cid("Europe", 3)], [], khan=0)
    state = deal(now, khan=0, loot=(1, 0), turn=2, then=[hands_of([], [], khan=0, avoid=now)], game=house(Humbled()))
    no_exchanges(state)
    play(state, 0, [cid("Europe", 3)])  # no Loot laid: a Tribute of 0
    assert state.match.skips(0, "tribute") == 1
    play(state, 1)
    assert state.turn == 3
    no_exchanges(state)
    # Turn 3: the Khan is not asked for a Tribute; the Nomad goes straight to the Invasion.
    assert state.match.phase == "invasion" and asked(state) == [1]
    skipped = events(state, MomentCancelled)[-1]
    assert skipped.moment == PhaseBegan("tribute", player=0) and skipped.by == "skip_phase"
    assert state.match.skips(0, "tribute") == 0 and loot(state) == [1, 0]
    play(state, 1)  # Weakness 0 against Conquest 0: he stays Khan (HP-R10)
    no_exchanges(state)
    assert state.turn == 4 and asked(state) == [0] and state.match.phase == "tribute"  # the skip has cleared


def test_a_nomad_sits_out_one_invasion_hp_r13():
    hands = hands_of([cid("Huns"), cid("Horde", 2)], [cid("Avars"), cid("Resistance", 5)], [cid("Mongols")])

    state = deal(hands)
    state.match.skip_phase(1, "invasion")  # a public flag, as a card's effect would set it
    no_exchanges(state)
    assert asked(state) == [0, 2]  # seat 1 is not asked: he plays nothing
    play(state, 0, [cid("Huns"), cid("Horde", 2)])
    play(state, 2, [cid("Mongols")])
    last = table(state).last
    assert (last.weakness, last.candidates, table(state).khan) == (0, (0, 2), 0)
    assert state.match.skips(1, "invasion") == 0
    assert events(state, MomentCancelled)[-1].moment == PhaseBegan("invasion", player=1)
    assert check(state.match) == []


class Peace(boardcore.Effect):
    """A house rule: there is no Invasion in even turns (a phase cancelled for everybody)."""

    @boardcore.modifies(PhaseBegan)
    def rest(self, m, card, moment):
        return CANCEL if moment.phase == "invasion" and m.turn % 2 == 0 else None


def test_a_rule_cancels_a_whole_phase_hp_r16():
    state = deal(hands_of([cid("Europe", 1)], [cid("Resistance", 5), cid("Huns")], khan=0), khan=0, turn=2, game=house(Peace()))
    no_exchanges(state)
    play(state, 0, [cid("Europe", 1)])
    assert state.turn == 3 and table(state).khan == 0  # nobody was asked to invade
    assert [e.moment.phase for e in events(state, MomentCancelled)] == ["invasion"]
    assert state.match.cards(PLAY[1]) == ()
