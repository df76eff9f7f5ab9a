"""The deck as data (rules section 1) and the card effects named in it."""

from __future__ import annotations

from collections import Counter

import pytest

import boardcore
import boardcore_prehistoric_warfare as pw
from boardcore_prehistoric_warfare import BASE_EFFECTS, CardType, Side, effect_of

from .pw_helpers import GAME

ROWS = boardcore.loaders.load_rows("boardcore_prehistoric_warfare", "data/cards.toml")
"""The printed rows, as the data file has them."""

T = CardType


def by_type() -> Counter[CardType]:
    return Counter(card.type for card in GAME.cards.values())


def test_deck_has_183_cards_in_100_rows():
    """Section 1.1/1.2: 100 rows PW001..PW100, 183 cards with ids <row>-<copy>."""
    assert [row["id"] for row in ROWS] == [f"PW{i:03d}" for i in range(1, 101)]
    assert len(GAME.cards) == 183
    for row in ROWS:
        ids = [f"{row['id']}-{copy}" for copy in range(1, row["copies"] + 1)]
        assert all(GAME.cards[i].name == row["name"] and GAME.cards[i].row == row["id"] for i in ids)
    assert "PW005-8" in GAME.cards and GAME.cards["PW005-8"].name == "Hunter"


def test_totals_per_type_match_section_1_2():
    assert by_type() == {
        T.PERSON: 26, T.RANGED: 15, T.HTH: 13, T.BOTH: 2, T.ARMOR: 4, T.DEFENSE: 4,
        T.TACTICS: 2, T.RAID: 12, T.HUNT: 62, T.HARDSHIP: 22, T.SPECIAL: 21,
    }  # fmt: skip
    rows = Counter(CardType(row["type"]) for row in ROWS)
    assert rows[T.HUNT] == 31 and rows[T.HARDSHIP] == 22 and rows[T.SPECIAL] == 13 and rows[T.PERSON] == 6


def test_hunting_food_is_200_over_62_cards():
    foods = Counter(card.food for card in GAME.cards.values() if card.type is T.HUNT)
    assert foods == {6: 6, 5: 8, 4: 6, 3: 18, 2: 22, 1: 2}
    assert sum(value * n for value, n in foods.items()) == 200


def test_hardship_categories_and_negation_cards():
    """Section 1.2: Medical 7, Animal 4, Exposure 6, Social 5; 9 negation Specials (PW-R20)."""
    hardships = Counter(card.category for card in GAME.cards.values() if card.type is T.HARDSHIP)
    assert hardships == {"medical": 7, "animal": 4, "exposure": 6, "social": 5}
    negators = {card.name: card.negates for card in GAME.cards.values() if card.effect == "negate"}
    assert negators == {
        "Cave Shelter": "exposure", "Furs & Skins": "exposure", "Camp Fire": "exposure",
        "Taboos": "social", "Shaman": "social", "Herbal Remedies": "medical",
        "Grooming": "medical", "Primitive Surgery": "medical", "Dogs": "animal",
    }  # fmt: skip
    assert GAME.cards["PW027-1"].name == "Guard Dogs" and GAME.cards["PW027-1"].effect is None


def test_set_traps_is_two_different_cards():
    """PW-R05: keyed by row; the label names the family so logs tell them apart."""
    traps = sorted(cid for cid, card in GAME.cards.items() if card.name == "Set Traps")
    assert traps == ["PW028-1", "PW051-1", "PW051-2"]
    assert GAME.cards["PW028-1"].type is T.DEFENSE and GAME.cards["PW028-1"].label == "Set Traps (Defense)"
    assert GAME.cards["PW051-1"].type is T.HUNT and GAME.cards["PW051-1"].food == 3
    assert GAME.cards["PW051-1"].label == "Set Traps (Hunting)"
    assert len({card.name for card in GAME.cards.values()}) == 99


def test_weapons_armor_and_sticks_and_stones():
    """PW-R06, PW-R13: armor fills the Armor slot; Sticks & Stones is ranged 2 and HTH +1
    and fills both weapon slots."""
    cards = GAME.cards
    sticks = cards["PW022-1"]
    assert sticks.slots == {pw.Slot.RANGED, pw.Slot.HTH}
    assert (sticks.ranged_strength, sticks.hth_bonus) == (2, 1)
    assert cards["PW012-1"].ranged_strength == 8 and cards["PW012-1"].slots == {pw.Slot.RANGED}
    assert cards["PW015-1"].hth_bonus == 3 and cards["PW015-1"].ranged_strength is None
    assert cards["PW023-1"].slots == {pw.Slot.ARMOR} and cards["PW023-1"].hth_bonus == 0
    attachable = sum(1 for card in cards.values() if card.slots)
    assert attachable == 34  # 15 M + 13 W + 2 M/W + 4 A


def test_effects_are_registered_and_answer_their_questions():
    assert set(GAME.effects) == {
        "great-warrior", "chieftain", "hunter", "massacre", "counter-attack", "draw-2", "negate",
    }  # fmt: skip
    assert GAME.effects == BASE_EFFECTS
    cards = GAME.cards
    assert effect_of(GAME, "PW001-1").modifier_against(cards["PW001-1"]) == 1  # PW-R08
    assert effect_of(GAME, "PW005-1").ranged_bonus(cards["PW005-1"]) == 1  # PW-R10
    assert effect_of(GAME, "PW002-1").raid_rerolls(cards["PW002-1"]) == 1  # PW-R09
    assert effect_of(GAME, "PW088-1").extra_round_for(cards["PW088-1"]) is Side.ATTACKER  # PW-R28
    assert effect_of(GAME, "PW089-1").extra_round_for(cards["PW089-1"]) is Side.DEFENDER
    assert effect_of(GAME, "PW090-1").draws(cards["PW090-1"]) == 2  # PW-R17
    assert effect_of(GAME, "PW100-1").negates(cards["PW100-1"], "animal")
    assert not effect_of(GAME, "PW100-1").negates(cards["PW100-1"], "social")
    assert effect_of(GAME, "PW003-1").raid_rerolls(cards["PW003-1"]) == 0  # Big Man: no ability
    assert effect_of(GAME, "person-1").given == {}  # a generic marker is no card: no ability


def test_an_effect_answers_only_the_rules_questions():
    card = GAME.cards["PW003-1"]
    assert pw.Effect(draws=3).draws(card) == 3 and pw.Effect(draws=3).modifier_against(card) == 0
    with pytest.raises(TypeError, match="not 'power'"):
        pw.Effect(power=1)


def test_game_spec():
    assert "prehistoric-warfare" in boardcore.list_games()
    assert GAME.name == "prehistoric-warfare"
    assert tuple(GAME.player_counts) == (2, 3, 4, 5, 6)
    assert GAME.summary and "\n" not in GAME.summary


def test_setup_section_3():
    """Seat 0 first; 10 generics (entries seat by seat), 2 Food, no Prisoners, empty
    hands (PW-R02, PW-R03); the first decision is seat 0's."""
    state = GAME.new_state(players=3, seed=5)
    m = state.match
    table = m.table
    for seat in range(3):
        markers = pw.tribe.generics(m, seat)
        assert [table.entries[p] for p in markers] == list(range(10 * seat + 1, 10 * seat + 11))
        assert m.count("food", seat) == 2 and m.count("prisoners", seat) == 0
    assert m.active == 0 and m.turn == 1 and m.round == 1
    # seat 0 drew exactly one card in its first Nomad Phase; the others hold none
    assert len(m.zones["hand:0"]) == 1 and m.zones["hand:1"] == () and m.zones["hand:2"] == ()
    assert len(m.zones["deck"]) + len(m.zones["discard"]) + len(m.zones["hand:0"]) == 183
