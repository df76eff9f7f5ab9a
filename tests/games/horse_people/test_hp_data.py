"""Invasions of the Horse People's data file is read against the game's schema: a
corrupted copy of it is refused with InvalidData naming the file, the line where it
is known, and the field."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_horse_people import CONSTANTS, load_deck
from boardcore_horse_people.cards import Constants

SOURCE = "boardcore_horse_people"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


def constants(package: str) -> Constants:
    return boardcore.loaders.load_constants(package, "data/cards.toml", Constants)


def test_an_unchanged_copy_gives_the_game_its_cards_and_constants(copy_with):
    copy = copy_with("data/cards.toml", b"", b"")
    assert load_deck(copy.package) == load_deck() and len(load_deck()) == 75
    assert constants(copy.package) == CONSTANTS


@pytest.mark.parametrize(
    "old, new, load, where, message",
    [
        # a row's keys and types, checked as the rows are read
        (b"values = [1, 2, 3, 4, 5]", b'values = [1, 2, 3, 4, "5"]', load_deck, FILE + ":{line}: $.cards[0].values[4]",
         "expected an integer, got the string '5'"),
        (b"values = [1, 2, 3, 4, 5]", b"values = [1, 2, 3, 4, 4.9]", load_deck, FILE + ":{line}: $.cards[0].values[4]",
         "expected an integer, got the float 4.9"),
        (b"values = [1, 2, 3, 4, 5]", b"values = 5", load_deck, FILE + ":{line}: $.cards[0].values",
         "expected an array, got the integer 5"),
        (b'type = "conquest"', b'type = "tribute"', load_deck, FILE + ": $[0].type",
         "unknown card type 'tribute': no [[types]] table declares it (row of card 'HP01-v1')"),
        (b'name = "Europe"', b'name = "Europe"\ncolour = "red"', load_deck, FILE + ":{next}: $.cards[0].colour",
         "unknown key (known keys: row, name, type, values, effect, note)"),
        (b'row = "HP01"\n', b"", load_deck, FILE + ":{header}: $.cards[0].row", "required key missing"),
        # the card class: values 1..5, a Tribe without one (HP-R01), one card per id
        (b"values = [1, 2, 3, 4, 5]", b"values = [1, 2, 3, 4, 6]", load_deck, FILE + ": $[4].value",
         "'value' must be <= 5: 6 (row of card 'HP01-v6')"),
        (b"values = [1, 2, 3, 4, 5]", b"values = [0, 2, 3, 4, 5]", load_deck, FILE + ": $[0].value",
         "'value' must be >= 1: 0 (row of card 'HP01-v0')"),
        (b"values = [1, 2, 3, 4, 5]", b"values = [1, 1, 3, 4, 5]", load_deck, FILE + ": $[1].id",
         "card id 'HP01-v1' is already used by " + FILE + ": $[0]"),
        (b'name = "Huns"', b'name = "Huns"\nvalues = [3]', load_deck, FILE + ": $[60].value",
         "a tribe card takes no value (row of card 'HP13-v3')"),
        (b"values = [1, 2, 3, 4, 5]", b"values = []", load_deck, FILE + ": $[0].value",
         "a conquest card needs a value (row of card 'HP01')"),
        # the card types (HP-R20): checked as they are read; one declared otherwise than the game's is refused
        (b"exactly_one = true", b'exactly_one = "yes"', load_deck, FILE + ":{line}: $.types[4].exactly_one",
         "expected a boolean, got the string 'yes'"),
        (b'play = "tribute"', b'play = "raid"', load_deck, FILE + ":{line}: $.types[0].play",
         "'play' must be in ('tribute', 'invasion', None) (got 'raid')"),
        (b"one_per_name = true", b"one_per_name = false", load_deck, FILE,
         "card type 'loot' is already declared otherwise: CardType(name='loot', play='tribute', counts='loot', "
         "one_per_name=True, exactly_one=False, valued=True)"),
        # the constants (HP-R02: 2 to 6 players)
        (b"player_counts = [2, 3, 4, 5, 6]", b"player_counts = true", constants, FILE + ":{line}: $.rules.player_counts",
         "expected an array, got the boolean true"),
        (b"player_counts = [2, 3, 4, 5, 6]", b"player_counts = [2, 3, 7]", constants, FILE + ":{line}: $.rules.player_counts",
         "'player_counts' must be increasing numbers of players from 2 to 6: [2, 3, 7]"),
        (b"player_counts = [2, 3, 4, 5, 6]", b"player_counts = []", constants, FILE + ":{line}: $.rules.player_counts",
         "'player_counts' must be increasing numbers of players from 2 to 6: []"),
        (b"hand_size = 7", b"hand_size = 13", constants, FILE + ":{line}: $.rules.hand_size", "'hand_size' must be <= 12: 13"),
        (b"max_exchange = 4", b"max_exchange = 8", constants, FILE + ":{line}: $.rules.max_exchange",
         "'max_exchange' must be in range(0, 8) (got 8)"),
        (b"loot_to_win = 12", b"loot_to_win = 1e30", constants, FILE + ":{line}: $.rules.loot_to_win",
         "expected an integer, got the float 1e+30"),
        (b"turn_limit = 50", b"turn_limit = 0", constants, FILE + ":{line}: $.rules.turn_limit", "'turn_limit' must be >= 1: 0"),
        (b"[rules]", b"", constants, FILE, "missing the [rules] table"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, load, where, message):
    refused("data/cards.toml", old, new, load, where, message)
