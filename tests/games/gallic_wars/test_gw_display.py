"""Gallic Wars at the table: what a hand and a battle read like at the terminal."""

from __future__ import annotations

import re

import boardcore
from boardcore.display import render_event, render_view
from boardcore.testing import arranged
from boardcore_gallic_wars import HandFought

from boardcore_gallic_wars.testing import hands_fought, keep
from .test_rules import MIRROR


def test_a_leaders_text_names_its_type_and_force_gw_r09(game):
    # A Leader counts in any one basic type (GW-R09), so its type is not a basic one.
    assert game.card("R-GW01").text == "Caesar (Leader, Force 10)"
    assert game.card("C-GW02").text == "Commius (Leader, Force 5)"


def test_a_basic_cards_text_names_its_type_and_force_gw_r02(game):
    # The Roman card has the type and Force of the Celtic card on its row (GW-R02).
    assert game.card("R-GW03").text == "Legions (Resources 10)"
    assert game.card("C-GW03").text == "Gauls (Resources 10)"
    assert game.card("R-GW26").text == "Spies (Strategy 3)"


def test_a_disadvantages_text_shows_its_negative_force_gw_r03(game):
    assert game.card("R-GW36").text == "Roman Politics (Disadvantage -1)"
    assert game.card("C-GW35").text == "Tribal Divisions (Disadvantage -2)"


def test_a_card_with_no_printed_type_reads_as_its_label():
    game = boardcore.load_game("gallic-wars", plugins=["gw-turncoats"])
    assert game.card("R-TC01").text == "Labienus Defects"


def test_a_won_hand_reads_as_a_sentence():
    event = HandFought(3, (58, 51), 0)
    assert str(event) == "hand 3: seat 0 has Force 58, seat 1 has 51 - seat 0 wins the hand"
    assert render_event(event, {}) == str(event)
    assert str(HandFought(4, (40, 47), 1)).endswith("seat 1 has 47 - seat 1 wins the hand")


def test_a_battle_names_the_cards_that_counted_gw_r08_r10():
    event = HandFought(2, (31, 24), 0, (("Caesar", "Legions"), ("Gauls",)))
    assert str(event) == "hand 2: seat 0 has Force 31 (Caesar, Legions), seat 1 has 24 (Gauls) - seat 0 wins the hand"


def test_every_cards_text_reads_back_as_its_data_row_gw_r02_r03_r09():
    """Each row gives a Celtic and a Roman card of one type and Force (GW-R02); a card's
    text is its name, its type's name and its Force (a Leader's reads "Force n")."""
    import tomllib
    from importlib.resources import files

    data = tomllib.loads(files("boardcore_gallic_wars").joinpath("data/cards.toml").read_text(encoding="utf-8"))
    types = {t["code"]: t["name"] for t in data["types"]}
    game = boardcore.load_game("gallic-wars")
    for row in data["cards"]:
        force = f", Force {row['force']}" if row["type"] == "L" else f" {row['force']}"
        for side, prefix in (("celtic", "C"), ("roman", "R")):
            assert game.card(f"{prefix}-{row['row']}").text == f"{row[side]} ({types[row['type']]}{force})", row
    assert len(game.cards) == 2 * len(data["cards"])


def test_a_tied_hand_says_nobody_wins_it_gw_r11(game):
    state = arranged(game, seed=1, top={"draw:0": MIRROR[0], "draw:1": MIRROR[1]})
    keep(state)
    (fought,) = hands_fought(state)
    total = fought.totals[0]
    roman, celt = (", ".join(names) for names in fought.counted)
    tie = f"hand 1: seat 0 has Force {total} ({roman}), seat 1 has {total} ({celt}) - a tie, nobody wins the hand (GW-R11)"
    assert render_event(fought, {}) == tie


def test_the_hand_line_shows_each_cards_type_and_force(game):
    state = arranged(game, seed=7, top={"draw:0": ["Caesar", "Legions", "Roman Politics", "Spies",
                                                  "Conquest", "Reserves", "Generals", "Hostages"]})  # fmt: skip
    screen = render_view(state.view(0))
    (hand,) = [line for line in screen.splitlines() if line.strip().startswith("hand:0")]
    assert "Caesar (Leader, Force 10)" in hand
    assert "Legions (Resources 10)" in hand
    assert "Roman Politics (Disadvantage -1)" in hand
    # Every card of the hand shows its type and Force.
    assert len(re.findall(r"\((?:Leader, Force|Resources|Tactics|Strategy|Morale|Disadvantage) -?\d+\)", hand)) == 8
    (other,) = [line for line in screen.splitlines() if line.strip().startswith("hand:1")]
    assert other.strip() == "hand:1 [8 hidden]"


def test_the_table_shows_the_hands_fought_and_each_player_his_own_force_gw_r08_r11():
    import random

    import boardcore

    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=3)
    first = state.view(0)["game_view"]
    assert first["sides"] == ["Romans", "Celts"] and "hands fought" not in first
    assert isinstance(first["your Force"], int) and "your Force" not in state.view(None)["game_view"]
    d = next(d for d in state.pending if d.player == 0)
    state.apply(0, d.options[0])  # a card picked to exchange: the Force of the rest is shown to him alone
    assert state.view(0)["game_view"]["Force of what you keep"] <= state.view(0)["game_view"]["your Force"]
    assert "Force of what you keep" not in state.view(1)["game_view"]
    choose = random.Random(1).choice
    while not state.match.table.totals:
        d = state.pending[0]
        state.apply(d.player, choose(d.options))
    (totals,), (won,) = state.match.table.totals, state.match.table.winners
    expected = {"hand": 1, "Romans": totals[0], "Celts": totals[1], "won by": "nobody" if won is None else ["Romans", "Celts"][won]}
    assert state.view(None)["game_view"]["hands fought"] == [expected]
