"""The Shamans' cards are read against Prehistoric Warfare's card schema: a corrupted
copy of their data file is refused with InvalidData naming the file, the line and the field."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_prehistoric_warfare import PWCard

SOURCE = "boardcore_pw_shamans"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


def load(package: str) -> tuple[PWCard, ...]:
    """The plugin's own call (``register_cards``), on another package."""
    return boardcore.loaders.load_cards(package, "data/cards.toml", PWCard)


def test_an_unchanged_copy_gives_the_plugins_cards(copy_with):
    cards = load(copy_with("data/cards.toml", b"", b"").package)
    assert [c.id for c in cards] == ["PWS01-1", "PWS01-2", "PWS02-1", "PWS02-2", "PWS03-1"]


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"strength = 2", b'strength = "2"', ":{line}: $.cards[0].strength", "expected an integer, got the string '2'"),
        (b"strength = 2", b"strength = 12", ":{line}: $.cards[0].strength", "'strength' must be <= 10: 12"),
        (b"strength = 2\n", b"", ":{header}: $.cards[0].strength", "a Person card needs its 'strength'"),
        (b"food = 2", b"food = 0", ":{line}: $.cards[1].food", "'food' must be >= 1: 0"),
        (b'type = "G"', b'type = "g"', ":{line}: $.cards[1].type",
         "expected a CardType (one of 'P', 'M', 'W', 'MW', 'A', 'D', 'T', 'R', 'G', 'H', 'X'), got the string 'g'"),
        (b"copies = 2", b"copies = -5", ":{line}: $.cards[0].copies", "copies must be a whole number of at least 1, not -5"),
        (b'effect = "cave-shaman"', b'effect = "cave-shaman"\npower = 1', ":{next}: $.cards[0].power",
         "unknown key (known keys: id, name, effect, type, strength, bonus, food, category, negates, note)"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, where, message):
    refused("data/cards.toml", old, new, load, FILE + where, message)


def test_every_card_reads_with_its_numbers_and_its_note():
    """At the table each card reads with its family, its numbers and its note, a Hunting
    card's note included (Spirit Hunt's theft), as the game's own cards do."""
    texts = {c.id.rpartition("-")[0]: c.text for c in load(SOURCE)}
    assert texts == {
        "PWS01": "Cave Shaman (Person, strength 2; When your Hunt Phase begins, gain 1 Food)",
        "PWS02": "Spirit Hunt (Hunting, food 2; Also steal 1 Food from an opponent)",
        "PWS03": "Keeper of the Dead (Person, strength 1; "
                 "When another of your persons is killed in a raid, draw 1 card)",
    }
