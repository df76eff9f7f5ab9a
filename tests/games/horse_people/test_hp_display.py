"""What a person at the table reads: card texts in hands (every card's text read back
against its row of the data file), the game's events as sentences, and the game's
self-description, scripted through the public API."""

from __future__ import annotations

import tomllib
from importlib import resources

import boardcore
from boardcore.display import Seating, render_event, render_view
from boardcore.testing import events
from boardcore_horse_people import HAND, InvasionResolved, TributeCollected

from boardcore_horse_people.testing import base_game, cid, deal, hands_of, no_exchanges, play

GAME = base_game()


def text(name: str, value: int | None = None) -> str:
    return GAME.cards[cid(name, value)].text


def test_card_text_names_type_and_value_hp_r01():
    assert text("Europe", 3) == "Europe (Conquest 3)"
    assert text("Pillage", 4) == "Pillage (Loot 4)"
    assert text("Assimilation", 1) == "Assimilation (Weakness 1)"
    assert text("Horde", 5) == "Horde (Strength 5)"
    assert text("Huns") == "Huns (Tribe)"


def test_card_text_takes_the_type_from_the_row_not_the_name_hp_r19():
    assert text("Golden Horde") == "Golden Horde (Tribe)"
    assert text("White Huns") == "White Huns (Tribe)"


def test_label_is_unchanged_for_option_texts():
    assert GAME.cards[cid("Horde", 4)].label == "Horde 4"
    assert GAME.cards[cid("Huns")].label == "Huns"


def test_tribute_reads_as_a_sentence_hp_r08():
    tribute = [cid("Plunder", 5), cid("Pillage", 4), cid("Rape", 3), cid("Middle East", 2), cid("China", 3)]
    state = deal(hands_of(tribute, [], khan=0), khan=0, loot=(2, 0), turn=3)
    no_exchanges(state)
    play(state, 0, tribute)
    (event,) = events(state, TributeCollected)
    assert render_event(event, {}) == "the Khan (seat 0) lays Loot 12 and Conquest 5 and wins 5 Loot"
    assert Seating(("you", "first bot")).tell(str(event)) == "the Khan (you) lays Loot 12 and Conquest 5 and wins 5 Loot"


def test_invasion_that_deposes_reads_as_a_sentence_hp_r10():
    state = deal(
        hands_of([cid("Europe", 3)], [cid("Assimilation", 2)], [cid("Succession", 2), cid("Huns")], khan=0),
        khan=0,
        turn=2,
    )
    no_exchanges(state)
    play(state, 0, [cid("Europe", 3)])
    play(state, 1, [cid("Assimilation", 2)])
    play(state, 2, [cid("Succession", 2), cid("Huns")])
    (event,) = events(state, InvasionResolved)
    assert event == InvasionResolved(4, 3, deposed=0, khan=2, strengths=(0, 0, 0), candidates=(2,))  # HP-R15: the lone candidate
    assert render_event(event, {}) == (
        "the Nomads' Weakness 4 against Conquest 3 deposes seat 0; Strength in the contest: 0 for seat 2; "
        "the title goes to seat 2"
    )


def test_invasion_that_keeps_the_khan_reads_as_a_sentence_hp_r10():
    # no contest (HP-R16): the sentence gives no Strength
    event = InvasionResolved(weakness=3, conquest=3, deposed=None, khan=0, strengths=(0, 4, 2), candidates=(1, 2))
    assert render_event(event, {}) == "the Nomads' Weakness 3 against Conquest 3 leaves seat 0 Khan"
    assert Seating(("you", "Bob", "Cy")).tell(str(event)) == "the Nomads' Weakness 3 against Conquest 3 leaves you Khan"


def test_invasion_without_a_candidate_reads_as_a_sentence_hp_r15():
    event = InvasionResolved(weakness=0, conquest=0, deposed=None, khan=None, strengths=(0, 0))
    assert render_event(event, {}) == (
        "the Nomads' Weakness 0 against Conquest 0 finds no Khan to depose; Strength in the contest: "
        "no Tribe played; the title goes to nobody"
    )


def test_a_contest_gives_every_candidates_strength_so_a_tie_shows_hp_r15():
    # turn 1, no Khan: seats 0 and 2 tie at Strength 5, seat 1 plays no Tribe (HP-R11, HP-R14)
    state = deal(
        hands_of([cid("Horde", 5), cid("Huns")], [cid("Horse Archers", 4)], [cid("Great Leader", 5), cid("Avars")])
    )
    no_exchanges(state)
    play(state, 0, [cid("Huns"), cid("Horde", 5)])
    play(state, 1, [cid("Horse Archers", 4)])
    play(state, 2, [cid("Avars"), cid("Great Leader", 5)])
    (event,) = events(state, InvasionResolved)
    assert event == InvasionResolved(0, 0, deposed=None, khan=None, strengths=(5, 4, 5), candidates=(0, 2))
    told = Seating(("you", "Bob", "Cy")).tell(str(event))
    assert told == (
        "the Nomads' Weakness 0 against Conquest 0 finds no Khan to depose; Strength in the contest: "
        "5 for you, 5 for Cy; the title goes to nobody"
    )


def test_the_screen_shows_the_hand_with_card_texts():
    state = boardcore.load_game("invasions-of-the-horse-people").new_state(3, seed=7)
    hand = [state.match.card(card).text for card in state.match.cards(HAND[0])]
    screen = render_view(state.view(0))
    line = next(line for line in screen.splitlines() if line.startswith("  hand:0 "))
    assert line == "  hand:0 [7]: " + "; ".join(hand)
    assert "China (Conquest 3)" in line and "Huns (Tribe)" in line and "Horde (Strength 1)" in line
    assert "HP" not in screen  # no card ids on the screen


def test_an_invasion_with_no_khan_does_not_say_nobody_was_deposed_hp_r10():
    # Weakness beats Conquest, so a Khan would have fallen (HP-R10): there was none.
    event = InvasionResolved(weakness=14, conquest=0, deposed=None, khan=1, strengths=(0, 7), candidates=(1,))
    assert render_event(event, {}) == (
        "the Nomads' Weakness 14 against Conquest 0 finds no Khan to depose; Strength in the contest: 7 for seat 1; "
        "the title goes to seat 1"
    )


def test_every_cards_text_reads_back_its_row_of_the_data_file_hp_r01_hp_r19():
    # Read from the data file itself, not through the game's loader.
    data = tomllib.loads(resources.files("boardcore_horse_people").joinpath("data/cards.toml").read_text())
    expected = {}
    for row in data["cards"]:
        kind = row["type"].title()  # the row's type, whatever its name says (HP-R19)
        if "values" in row:  # HP-R01: a valued row is five cards, valued 1 to 5
            assert row["values"] == [1, 2, 3, 4, 5]
            expected.update({f"{row['row']}-v{v}": f"{row['name']} ({kind} {v})" for v in row["values"]})
        else:  # HP-R01: a Tribe row is one card with no value
            expected[row["row"]] = f"{row['name']} ({kind})"
    assert {card.id: card.text for card in GAME.cards.values()} == expected
    assert len(expected) == 75
    # the types as the rules name them (section 1.1), and the names that look alike (HP-R19)
    assert {row["type"].title() for row in data["cards"]} == {"Conquest", "Loot", "Weakness", "Strength", "Tribe"}
    assert expected["HP18"] == "Golden Horde (Tribe)" and expected["HP12-v4"] == "Horde (Strength 4)"
    assert expected["HP17"] == "White Huns (Tribe)" and expected["HP13"] == "Huns (Tribe)"


def test_the_table_panel_names_the_khan_hp_r16():
    # The game describes one entry, "Khan", a sentence whose seat the table names.
    state = deal(hands_of([], [], [], khan=1), khan=1, turn=2)
    view = state.view(0)
    assert view["game_view"] == {"Khan": "seat 1"}
    seating = Seating.of(["Ann", "Bob", "Cy"], 3, view["game_view"])
    screen = render_view(view, seating=seating)
    assert "  Khan: Bob" in screen.splitlines() and "  loot: Ann 0, Bob 0, Cy 0" in screen.splitlines()
    assert boardcore.load_game("invasions-of-the-horse-people").new_state(2, seed=1).view(None)["game_view"] == {
        "Khan": "nobody"
    }
