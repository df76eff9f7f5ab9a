"""The opt-in Silk Road expansion: absent, the base game is unchanged; present, each card works."""

from __future__ import annotations

import tomllib
from importlib import resources

import attrs
import pytest

import boardcore
from boardcore.bots import RandomBot
from boardcore.testing import check_game, choose, events, options
from boardcore_horse_people import DRAW, HAND, LOOT, NAME, WON, InvasionResolved, TributeCollected, load_deck
from boardcore_horse_people.testing import asked, check, cid, deal, hands_of, items, no_exchanges, play
from boardcore_hp_silk_road import LootTaken

SILK_ROAD, UYGHURS = "SR01-v2", "SR02"


@pytest.fixture(scope="module")
def base() -> boardcore.Game:
    return boardcore.load_game(NAME)


@pytest.fixture(scope="module")
def variant() -> boardcore.Game:
    return boardcore.load_game(NAME, plugins=["hp-silk-road"])


def loot(state: boardcore.State) -> list[int]:
    return [state.match.count(LOOT, seat) for seat in range(state.players)]


def random_history(game: boardcore.Game, players: int, seed: int) -> boardcore.State:
    state, bot = game.new_state(players=players, seed=seed), RandomBot(seed)
    while not state.is_over:
        decision = state.pending[0]
        state.apply(decision.player, bot.choose(state, decision))
    return state


def conserved(m: boardcore.Match) -> list[str]:
    """Loot only changes hands: all Loot held is what the Tributes paid."""
    paid = sum(e.gain for e in m.log.to_tuple() if isinstance(e, TributeCollected))
    held = sum(m.count(LOOT, seat) for seat in range(m.players))
    return [] if paid == held else [f"Tributes paid {paid} Loot but the players hold {held}"]


# -- absent --------------------------------------------------------------------------


def test_absent_the_base_game_and_its_cards_are_unchanged(base, variant):
    assert base.plugins == () and variant.plugins == ("hp-silk-road",)
    assert list(base.cards) == [card.id for card in load_deck()] and len(base.cards) == 75
    assert SILK_ROAD not in base.cards and UYGHURS not in base.cards and base.effects == {}
    again = boardcore.load_game(NAME)  # loaded after the variant: nothing leaked into it
    assert list(again.cards) == list(base.cards) and again.effects == {}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_absent_the_same_seeds_and_histories_give_byte_identical_matches(base, variant, players):
    again = boardcore.load_game(NAME)
    for seed in (players, 100 + players):
        assert again.new_state(players=players, seed=seed).to_json() == base.new_state(players=players, seed=seed).to_json()
        played = random_history(base, players, seed)
        assert again.replay(seed=seed, players=players, history=played.history).to_json() == played.to_json()


def test_saved_matches_remember_the_expansion(base, variant):
    text = variant.new_state(players=3, seed=1).to_json()
    assert variant.state_from_json(text).to_json() == text
    with pytest.raises(boardcore.InvalidData, match="plugins"):
        base.state_from_json(text)


# -- present -------------------------------------------------------------------------


def test_present_both_cards_are_shuffled_into_the_deck(variant):
    assert variant.card(SILK_ROAD).label == "Silk Road 2" and variant.card(UYGHURS).label == "Uyghurs"
    assert variant.card(SILK_ROAD).type == "conquest" and variant.card(UYGHURS).value is None
    state = variant.new_state(players=2, seed=4)
    m = state.match
    dealt = m.cards(DRAW) + m.cards(HAND[0]) + m.cards(HAND[1])
    assert len(dealt) == 77 and {SILK_ROAD, UYGHURS} <= set(dealt)


def test_each_cards_text_reads_back_its_row_and_says_what_the_card_does(variant):
    # Read from the data file itself: name, type and value as the base game's cards
    # read (HP-R01), then the row's note, which says what the card's effect does.
    data = tomllib.loads(resources.files("boardcore_hp_silk_road").joinpath("data/cards.toml").read_text())
    expected = {}
    for row in data["cards"]:
        value = "".join(f" {v}" for v in row.get("values", []))
        card = row["row"] + "".join(f"-v{v}" for v in row.get("values", []))
        expected[card] = f"{row['name']} ({row['type'].title()}{value}; {row['note']})"
    assert {card: variant.card(card).text for card in (SILK_ROAD, UYGHURS)} == expected
    assert expected == {
        SILK_ROAD: "Silk Road (Conquest 2; Toll: the Khan who lays it in his Tribute may take 1 Loot from a Nomad)",
        UYGHURS: "Uyghurs (Tribe; Seizure: if the Invasion you play it in deposes the Khan, take 1 Loot from him)",
    }
    assert variant.card(SILK_ROAD).label == "Silk Road 2"  # the option stays "play Silk Road 2"


def _silk_road_tribute(variant, loot_before, tribute, khan_extra=()):
    hands = hands_of([*tribute, *khan_extra], [], [], khan=0)
    state = deal(hands, khan=0, loot=loot_before, turn=3, game=variant)
    no_exchanges(state)
    play(state, 0, tribute)
    return state


def test_silk_road_counts_as_conquest_and_levies_a_toll_from_a_nomad_of_the_khans_choice(variant):
    state = _silk_road_tribute(variant, (3, 2, 1), [cid("Plunder", 4), cid("Europe", 3), SILK_ROAD])
    assert events(state, TributeCollected) == [TributeCollected(0, 4, 5, 4)]  # Conquest 3 + 2
    assert loot(state) == [7, 2, 1]
    assert asked(state) == [0] and state.match.phase == "tribute"
    assert options(state, 0) == ["take 1 Loot from seat 1", "take 1 Loot from seat 2", "pass"]
    choose(state, 0, "take 1 Loot from seat 1")
    assert loot(state) == [8, 1, 1]
    assert events(state, LootTaken) == [LootTaken(SILK_ROAD, 0, 1)]
    assert state.match.phase == "invasion" and asked(state) == [1, 2]


def test_silk_road_toll_may_be_refused(variant):
    state = _silk_road_tribute(variant, (0, 2, 0), [cid("Plunder", 1), SILK_ROAD])
    assert options(state, 0) == ["take 1 Loot from seat 1", "pass"]
    choose(state, 0, "pass")
    assert loot(state) == [1, 2, 0] and events(state, LootTaken) == []


def test_silk_road_with_no_nomad_to_pay_asks_nothing(variant):
    # Both the card and every Loot total are public, so the lone "pass" is answered for him.
    state = _silk_road_tribute(variant, (0, 0, 0), [cid("Plunder", 5), SILK_ROAD])
    assert state.match.phase == "invasion" and asked(state) == [1, 2]
    last = events(state, boardcore.events.Chose)[-1]
    assert (last.player, last.action, last.forced) == (0, "pass", True)
    assert loot(state) == [2, 0, 0] and events(state, LootTaken) == []


def test_silk_road_left_in_hand_does_nothing(variant):
    state = _silk_road_tribute(variant, (0, 3, 3), [cid("Plunder", 3), cid("China", 3)], khan_extra=[SILK_ROAD])
    assert events(state, TributeCollected) == [TributeCollected(0, 3, 3, 3)]
    assert state.match.phase == "invasion" and asked(state) == [1, 2] and events(state, LootTaken) == []


def test_silk_road_takes_no_toll_once_the_khan_has_won(variant):
    state = _silk_road_tribute(variant, (10, 5, 5), [cid("Plunder", 2), SILK_ROAD])
    assert state.is_over and state.result == boardcore.Result((0,), WON, (12, 5, 5))
    assert events(state, LootTaken) == []


def test_a_nomad_cannot_play_the_silk_road(variant):
    state = deal(hands_of([SILK_ROAD, cid("Huns")], []), game=variant)
    no_exchanges(state)
    assert items(state, 0) == [cid("Huns")]  # HP-R20: Conquest is for the Khan's Tribute


def _uyghurs_invasion(variant, loot_before, khan_tribute, uyghur_play, other_play):
    hands = hands_of(khan_tribute, uyghur_play, other_play, khan=0)
    state = deal(hands, khan=0, loot=loot_before, turn=5, game=variant)
    no_exchanges(state)
    play(state, 0, khan_tribute)
    play(state, 1, uyghur_play)
    play(state, 2, other_play)
    return state


def test_uyghurs_seize_one_loot_from_a_deposed_khan(variant):
    state = _uyghurs_invasion(
        variant, (5, 0, 0), [cid("Europe", 1)], [cid("Assimilation", 2), UYGHURS], [cid("Horde", 3), cid("Huns")]
    )
    assert events(state, InvasionResolved)[-1] == InvasionResolved(2, 1, 0, 2, strengths=(0, 0, 3), candidates=(1, 2))
    assert events(state, LootTaken) == [LootTaken(UYGHURS, 1, 0)]
    assert loot(state) == [4, 1, 0]


def test_uyghurs_take_nothing_when_the_khan_stands(variant):
    state = _uyghurs_invasion(
        variant, (5, 0, 0), [cid("Europe", 3)], [cid("Assimilation", 2), UYGHURS], [cid("Horde", 3), cid("Huns")]
    )
    assert events(state, InvasionResolved)[-1].deposed is None
    assert events(state, LootTaken) == [] and loot(state) == [5, 0, 0]


def test_uyghurs_take_nothing_from_a_khan_without_loot(variant):
    state = _uyghurs_invasion(variant, (0, 0, 0), [], [cid("Resistance", 1), UYGHURS], [cid("Huns")])
    assert events(state, InvasionResolved)[-1].deposed == 0
    assert events(state, LootTaken) == [] and loot(state) == [0, 0, 0]


def test_uyghurs_do_nothing_when_there_is_no_khan(variant):
    state = deal(hands_of([cid("Resistance", 5), UYGHURS], [cid("Huns")]), loot=(0, 3), game=variant)
    no_exchanges(state)
    play(state, 0, [cid("Resistance", 5), UYGHURS])
    play(state, 1, [cid("Huns")])
    assert events(state, LootTaken) == [] and loot(state) == [0, 3]


def test_uyghurs_seizing_the_twelfth_loot_win_when_the_invasion_ends(variant):
    state = _uyghurs_invasion(
        variant, (4, 11, 0), [cid("Europe", 1)], [cid("Assimilation", 2), UYGHURS], [cid("Horde", 3), cid("Huns")]
    )
    assert state.is_over and state.result == boardcore.Result((1,), WON, (3, 12, 0))
    assert isinstance(state.events[-1], boardcore.events.GameOver)
    assert [e.phase for e in events(state, boardcore.events.PhaseEnded)][-1] == "invasion"


# -- LootTaken, the expansion's moment, changed by another plugin ------------------------


def with_rule(rule: boardcore.Effect) -> boardcore.Game:
    class House:
        name = "house"
        games = (NAME,)

        @boardcore.hookimpl
        def register_rules(self, game: str) -> list[boardcore.Effect]:
            return [rule]

    return boardcore.load_game(NAME, plugins=["hp-silk-road", House()])


class DoubleToll(boardcore.Effect):
    """A house rule: every transfer takes 2 Loot (a modification)."""

    @boardcore.modifies(LootTaken)
    def double(self, m, card, moment):
        return attrs.evolve(moment, amount=2)


class Amnesty(boardcore.Effect):
    """A house rule: what the Uyghurs would seize goes back into the Tribute's purse (a replacement)."""

    @boardcore.replaces(LootTaken, when=lambda m, card, moment: moment.card == UYGHURS)
    def spare(self, m, card, moment):
        pass


def test_another_plugin_modifies_a_toll():
    state = _silk_road_tribute(with_rule(DoubleToll()), (3, 2, 1), [cid("Plunder", 4), cid("Europe", 3), SILK_ROAD])
    choose(state, 0, "take 1 Loot from seat 1")
    assert events(state, LootTaken) == [LootTaken(SILK_ROAD, 0, 1, amount=2)]
    assert loot(state) == [9, 0, 1]


def test_another_plugin_replaces_a_seizure_but_not_a_toll():
    game = with_rule(Amnesty())
    state = _uyghurs_invasion(
        game, (5, 0, 0), [cid("Europe", 1)], [cid("Assimilation", 2), UYGHURS], [cid("Horde", 3), cid("Huns")]
    )
    assert events(state, LootTaken) == [] and loot(state) == [5, 0, 0]
    assert [(e.moment, e.by) for e in events(state, boardcore.events.MomentReplaced)] == [(LootTaken(UYGHURS, 1, 0), "house")]
    state = _silk_road_tribute(game, (3, 2, 1), [cid("Plunder", 4), cid("Europe", 3), SILK_ROAD])
    choose(state, 0, "take 1 Loot from seat 2")
    assert events(state, LootTaken) == [LootTaken(SILK_ROAD, 0, 2)] and loot(state) == [8, 2, 0]


# -- the engine's properties with the expansion -----------------------------------------


@pytest.mark.slow
def test_the_expansion_keeps_the_engines_properties_and_the_games_invariants(variant):
    summary = check_game(variant, games=6, seed=9, players=2, every=8, checks=[check, conserved])
    assert summary.games == 6
    summary = check_game(variant, games=2, seed=10, players=4, every=40, cross_process=False, checks=[check, conserved])
    assert summary.games == 2


def test_random_games_with_the_expansion_use_both_cards(variant):
    taken = [e.card for seed in range(12) for e in events(random_history(variant, 4, seed), LootTaken)]
    assert {SILK_ROAD, UYGHURS} <= set(taken)
