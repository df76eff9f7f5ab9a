"""Gallic Wars' data file is read against the game's schema: a corrupted copy of it is
refused with InvalidData naming the file, the line where it is known, and the field."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_gallic_wars import CONSTANTS, TYPES, deck
from boardcore_gallic_wars.cards import CardType, Constants

SOURCE = "boardcore_gallic_wars"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


def constants(package: str) -> Constants:
    return boardcore.loaders.load_constants(package, "data/cards.toml", Constants)


def types(package: str) -> tuple[CardType, ...]:
    return boardcore.loaders.load_table(package, "data/cards.toml", "types", CardType)


def test_an_unchanged_copy_gives_the_game_its_cards_and_constants(copy_with):
    copy = copy_with("data/cards.toml", b"", b"")
    assert deck(copy.package) == deck() and len(deck()) == 72
    assert constants(copy.package) == CONSTANTS
    assert {t.code: t for t in types(copy.package)} == TYPES


@pytest.mark.parametrize(
    "old, new, load, where, message",
    [
        # a row's keys and types, checked as the rows are read (GW-R02: a row is both cards)
        (b"force = 9", b'force = "9"', deck, FILE + ":{line}: $.cards[3].force", "expected an integer, got the string '9'"),
        (b"force = 10", b"force = 10.0", deck, FILE + ":{line}: $.cards[0].force", "expected an integer, got the float 10.0"),
        (b"force = 10", b"force = true", deck, FILE + ":{line}: $.cards[0].force", "expected an integer, got the boolean true"),
        (b"force = 10", b"force = 1e30", deck, FILE + ":{line}: $.cards[0].force", "expected an integer, got the float 1e+30"),
        (b"force = 10", b'force = 10\ncolour = "red"', deck, FILE + ":{next}: $.cards[0].colour",
         "unknown key (known keys: row, celtic, roman, type, force)"),
        (b'roman = "Caesar"\n', b"", deck, FILE + ":{header}: $.cards[0].roman", "required key missing"),
        # a row's type is one the [[types]] table declares
        (b'type = "L"', b'type = "K"', deck, FILE + ":{line}: $.cards[0].type",
         "expected one of 'S', 'T', 'R', 'M', 'L', 'D', got the string 'K'"),
        # the card class: the printed range of Force (GW-R03), by card
        (b"force = 10", b"force = 11", deck, FILE + ": $[0].force", "'force' must be <= 10: 11 (row of card 'C-GW01')"),
        (b"force = -2", b"force = -5", deck, FILE + ": $[68].force", "'force' must be >= -2: -5 (row of card 'C-GW35')"),
        # the constants
        (b"hand_size = 8", b'hand_size = "8"', constants, FILE + ":{line}: $.rules.hand_size",
         "expected an integer, got the string '8'"),
        (b"hand_size = 8", b"hand_size = 37", constants, FILE + ":{line}: $.rules.hand_size", "'hand_size' must be <= 36: 37"),
        (b"max_exchange = 4", b"max_exchange = 9", constants, FILE + ":{line}: $.rules.max_exchange",
         "'max_exchange' must be in range(0, 9) (got 9)"),
        (b"streak_to_win = 3", b"streak_to_win = 0", constants, FILE + ":{line}: $.rules.streak_to_win",
         "'streak_to_win' must be >= 1: 0"),
        (b"hands = 8", b"hands = 8\nhand_limit = 8", constants, FILE + ":{next}: $.rules.hand_limit",
         "unknown key (known keys: hand_size, max_exchange, counted_per_type, streak_to_win, hands)"),
        (b"[rules]", b"[rule]", constants, FILE, "missing the [rules] table"),
        # the card types
        (b'code = "S"', b"code = 5", types, FILE + ":{line}: $.types[0].code", "expected a string, got the integer 5"),
        (b'effect = "basic"', b'effect = "basic"\nplaces = 2', types, FILE + ":{next}: $.types[0].places",
         "unknown key (known keys: code, name, effect)"),
        # the file itself
        (b"Vercingetorix", b"Vercing\xe9torix", deck, FILE, "not UTF-8 text: byte 0xe9 on line {line}"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, load, where, message):
    refused("data/cards.toml", old, new, load, where, message)
