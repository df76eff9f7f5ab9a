"""The opt-in Turncoats variant: absent, Gallic Wars is unchanged; present, the card works."""

from __future__ import annotations

import pytest

import boardcore
import boardcore_gw_turncoats
from boardcore.testing import arranged, check_game
from boardcore_gallic_wars import HandFought
from boardcore_gallic_wars.testing import fight, hands_fought, invariants, with_rules


def fought(state):
    return [e for e in state.events if isinstance(e, HandFought)]


def done(state):
    for seat in (0, 1):
        state.apply(seat, boardcore.actions.DONE)


@pytest.fixture(scope="module")
def base():
    return boardcore.load_game("gallic-wars")


@pytest.fixture(scope="module")
def variant():
    return boardcore.load_game("gallic-wars", plugins=["gw-turncoats"])


def test_absent_the_base_game_is_unchanged(base, variant):
    assert base.plugins == ()
    assert "C-TC01" not in base.cards and "turncoat" not in base.effects
    assert len(base.cards) == 72
    # Loading the variant for one match never changes another game object.
    again = boardcore.load_game("gallic-wars")
    assert len(again.cards) == 72
    assert again.new_state(players=2, seed=4).to_json() == base.new_state(players=2, seed=4).to_json()


def test_present_each_deck_holds_its_turncoat(variant):
    assert variant.plugins == ("gw-turncoats",)
    state = variant.new_state(players=2, seed=4)
    m = state.match
    roman_cards = m.cards("draw:0") + m.cards("hand:0")
    celtic_cards = m.cards("draw:1") + m.cards("hand:1")
    assert len(roman_cards) == 37 and "R-TC01" in roman_cards
    assert len(celtic_cards) == 37 and "C-TC01" in celtic_cards


def test_the_plugin_object_works_as_well_as_its_name():
    game = boardcore.load_game("gallic-wars", plugins=[boardcore_gw_turncoats])
    assert "R-TC01" in game.cards


def test_a_turncoat_makes_the_opposing_best_leader_count_for_nothing(variant, base):
    roman = ["Labienus Defects", "Legions", "Centurions", "Rear Attack", "Reserves", "Spies", "Generals", "Conquest"]
    celtic = ["Vercingetorix", "Commius", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Courage"]
    state = arranged(variant, seed=3, top={"draw:0": roman, "draw:1": celtic})
    done(state)
    (hand,) = fought(state)
    # Without Vercingetorix the Celts count R 19, T 19, M 17 and Commius (5) in S: 60.
    assert hand.totals[1] == 60
    # The turncoat itself counts nothing: the Romans count R 19, T 13, S 7, M 10.
    assert hand.totals[0] == 49

    plain = arranged(base, seed=3, top={"draw:0": roman[1:] + ["Hostages"], "draw:1": celtic})
    done(plain)
    assert fought(plain)[0].totals[1] == 70  # Vercingetorix in S: 10 + 5 + 19 + 19 + 17


def test_a_turncoat_against_a_hand_without_leaders_does_nothing(variant):
    roman = ["Labienus Defects", "Legions", "Centurions", "Rear Attack", "Reserves", "Spies", "Generals", "Conquest"]
    celtic = ["Gauls", "Tribes", "Skill", "Charges", "Revolt", "Courage", "Druids", "Scouts"]
    state = arranged(variant, seed=3, top={"draw:0": roman, "draw:1": celtic})
    done(state)
    assert fought(state)[0].totals[1] == 19 + 19 + 17 + 7


def test_the_battle_moment_carries_the_totals_after_the_defection():
    """GW-R11 with a turncoat: a rule that reads or changes HandFought sees the count the
    turncoat changed, and the winner follows the changed totals."""
    seen = []

    class Observer(boardcore.Effect):
        @boardcore.modifies(HandFought)
        def tip(self, m, card, fought):
            seen.append(fought.totals)
            return HandFought.of(fought.hand, (fought.totals[0] + 12, fought.totals[1]))

    roman = ["Labienus Defects", "Legions", "Centurions", "Rear Attack", "Reserves", "Spies", "Generals", "Conquest"]
    celtic = ["Vercingetorix", "Commius", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Courage"]
    state = fight(with_rules(Observer(), plugins=["gw-turncoats"]), roman, celtic, seed=3)
    assert seen == [(49, 60)]  # Vercingetorix defected before the moment was built
    assert hands_fought(state) == [HandFought(1, (61, 60), 0)]


@pytest.mark.slow
def test_the_variant_keeps_the_ten_properties(variant):
    summary = check_game(variant, games=60, seed=9, every=6, checks=[invariants])
    assert summary.games == 60


def test_the_plugin_refuses_other_games():
    class Other:
        @boardcore.hookimpl
        def register_games(self):
            return [boardcore.GameSpec(name="other", summary="", player_counts=(2,), setup=lambda m: m.finish([], "x"))]

    with pytest.raises(boardcore.PluginError, match="gw-turncoats"):
        boardcore.registry.game_from_provider(Other(), plugins=["gw-turncoats"])


def test_saved_games_remember_the_plugins(variant, base):
    state = variant.new_state(players=2, seed=1)
    text = state.to_json()
    assert variant.state_from_json(text).to_json() == text
    with pytest.raises(boardcore.InvalidData, match="plugins"):
        base.state_from_json(text)


def test_a_plugin_object_is_recorded_under_its_entry_point_name():
    game = boardcore.load_game("gallic-wars", plugins=[boardcore_gw_turncoats])
    assert game.plugins == ("gw-turncoats",)
    text = game.new_state(players=2, seed=1).to_json()
    assert boardcore.load_game("gallic-wars", plugins=["gw-turncoats"]).state_from_json(text).to_json() == text
    check_game(game, games=3, seed=1, cross_process=True)  # the child process loads it by name
