"""Prehistoric Warfare's data files are read against the game's schema: a corrupted copy
of one is refused with InvalidData naming the file, the line and the field."""

from __future__ import annotations

import pytest

import boardcore
import boardcore_prehistoric_warfare as pw
from boardcore_prehistoric_warfare.cards import CARDS, RULES, Constants, PWCard

SOURCE = "boardcore_prehistoric_warfare"
RESOURCES = ("data/cards.toml", "data/rules.toml")
CARDS_FILE, RULES_FILE = "{package}/data/cards.toml", "{package}/data/rules.toml"


def cards(package: str) -> tuple[PWCard, ...]:
    return boardcore.loaders.load_cards(package, "data/cards.toml", PWCard)


def rules(package: str) -> Constants:
    return boardcore.loaders.load_constants(package, "data/rules.toml", Constants)


def test_an_unchanged_copy_gives_the_game_its_cards_and_constants(copy_with):
    copy = copy_with("data/cards.toml", b"", b"")
    assert cards(copy.package) == CARDS and len(CARDS) == 183
    assert rules(copy.package) == RULES


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        # types
        (b"strength = 7", b'strength = "7"', ":{line}: $.cards[0].strength", "expected an integer, got the string '7'"),
        (b"strength = 7", b"strength = 7.9", ":{line}: $.cards[0].strength", "expected an integer, got the float 7.9"),
        (b"strength = 7", b"strength = true", ":{line}: $.cards[0].strength", "expected an integer, got the boolean true"),
        (b'name = "Great Warrior"', b"name = 1", ":{line}: $.cards[0].name", "expected a string, got the integer 1"),
        (b'type = "P"', b'type = "Q"', ":{line}: $.cards[0].type",
         "expected a CardType (one of 'P', 'M', 'W', 'MW', 'A', 'D', 'T', 'R', 'G', 'H', 'X'), got the string 'Q'"),
        (b'category = "medical"', b'category = 7', ":{line}: $.cards[65].category", "expected a string, got the integer 7"),
        (b'category = "medical"', b'category = "Mental!"', ":{line}: $.cards[65].category",
         "'category' must match regex '[a-z][a-z -]*' ('Mental!' doesn't)"),
        (b"strength = 7", b"strength = 7\nstr = 7", ":{next}: $.cards[0].str",
         "unknown key (known keys: id, name, effect, type, strength, bonus, food, category, negates, note)"),
        # copies
        (b"copies = 2", b"copies = -5", ":{line}: $.cards[0].copies", "copies must be a whole number of at least 1, not -5"),
        (b"copies = 2", b"copies = 0", ":{line}: $.cards[0].copies", "copies must be a whole number of at least 1, not 0"),
        (b"copies = 2", b"copies = 1000000000000000000000000000000", ":{line}: $.cards[0].copies",
         "copies must be at most 1000, not 1000000000000000000000000000000"),
        # what each type prints (section 1.1), and its range
        (b"strength = 7", b"strength = 11", ":{line}: $.cards[0].strength", "'strength' must be <= 10: 11"),
        (b"strength = 7\n", b"", ":{header}: $.cards[0].strength", "a Person card needs its 'strength'"),
        (b"food = 6", b"food = 0", ":{line}: $.cards[34].food", "'food' must be >= 1: 0"),
        (b"food = 6\n", b"", ":{header}: $.cards[34].food", "a Hunting card needs its 'food'"),
        (b'category = "medical"\n', b"", ":{header}: $.cards[65].category", "a Hardship card needs its 'category'"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_of_the_cards_is_refused_naming_the_file_and_the_field(refused, old, new, where, message):
    refused("data/cards.toml", old, new, cards, CARDS_FILE + where, message)


def test_hardship_categories_are_open(copy_with):
    """PW-R20: a category is any lower-case name a Hardship prints (a plugin's data may
    add one); a negation Special names the category it cancels."""
    copy = copy_with("data/cards.toml", b'category = "medical"', b'category = "mental"')
    [mental] = [c for c in cards(copy.package) if c.category == "mental"]
    assert (mental.type, mental.category, mental.text) == (pw.CardType.HARDSHIP, "mental", f"{mental.name} (Hardship, mental)")


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"die = 10", b"die = 10.0", ":{line}: $.rules.die", "expected an integer, got the float 10.0"),
        (b"die = 10", b"die = 1", ":{line}: $.rules.die", "'die' must be >= 2: 1"),
        (b"people_per_food = 10", b"people_per_food = 0", ":{line}: $.rules.people_per_food", "'people_per_food' must be >= 1: 0"),
        (b"winning_population = 30", b"winning_population = 10", ":{line}: $.rules.winning_population",
         "'winning_population' must be > 10: 10"),
        (b"start_food = 2", b"start_food = -1", ":{line}: $.rules.start_food", "'start_food' must be >= 0: -1"),
        (b"[rules]", b"[rule]", "", "missing the [rules] table"),
        (b"section 3", b"section \xa73", "", "not UTF-8 text: byte 0xa7 on line {line}"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_of_the_rules_is_refused_naming_the_file_and_the_field(refused, old, new, where, message):
    refused("data/rules.toml", old, new, rules, RULES_FILE + where, message)
