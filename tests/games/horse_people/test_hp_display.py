"""What a person at the terminal reads: card texts in hands and the game's events
as sentences, scripted through the public API."""

from __future__ import annotations

import boardcore
from boardcore.display import render_event, render_view
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
    assert render_event(event, {}) == "seat 0, the Khan, lays Loot 12 and Conquest 5 and wins 5 Loot"


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
    assert render_event(event, {}) == "the Nomads' Weakness 4 against Conquest 3: seat 0 is deposed; seat 2 is Khan"


def test_invasion_that_keeps_the_khan_reads_as_a_sentence_hp_r10():
    event = InvasionResolved(weakness=3, conquest=3, deposed=None, khan=0)
    assert render_event(event, {}) == "the Nomads' Weakness 3 against Conquest 3: nobody is deposed; seat 0 is Khan"


def test_invasion_without_a_winner_reads_as_a_sentence_hp_r15():
    event = InvasionResolved(weakness=0, conquest=0, deposed=None, khan=None)
    assert render_event(event, {}) == "the Nomads' Weakness 0 against Conquest 0: nobody is deposed; nobody is Khan"


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
    event = InvasionResolved(weakness=14, conquest=0, deposed=None, khan=1)
    assert render_event(event, {}) == "the Nomads' Weakness 14 against Conquest 0: there was no Khan to depose; seat 1 is Khan"
