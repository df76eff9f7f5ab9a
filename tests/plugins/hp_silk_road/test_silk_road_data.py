"""The Silk Road's cards are read by Invasions of the Horse People's own loader: a
corrupted copy of their data file is refused with InvalidData naming the file and the field."""

from __future__ import annotations

import pytest

from boardcore_horse_people import load_deck as load

SOURCE = "boardcore_hp_silk_road"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


def test_an_unchanged_copy_gives_the_plugins_cards(copy_with):
    assert [c.id for c in load(copy_with("data/cards.toml", b"", b"").package)] == ["SR01-v2", "SR02"]


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"values = [2]", b"values = [true]", ":{line}: $.cards[0].values[0]", "expected an integer, got the boolean true"),
        (b"values = [2]", b"values = [9]", ": $[0].value", "'value' must be <= 5: 9 (row of card 'SR01-v9')"),
        (b'type = "tribe"', b'type = "tribes"', ": $[1].type",
         "unknown card type 'tribes': no [[types]] table declares it (row of card 'SR02')"),
        (b'name = "Uyghurs"', b'name = "Uyghurs"\nvalues = [1]', ": $[1].value",
         "a tribe card takes no value (row of card 'SR02-v1')"),
        (b'effect = "uyghurs"', b'effect = "uyghurs"\nloot = 1', ":{next}: $.cards[1].loot",
         "unknown key (known keys: row, name, type, values, effect, note)"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, where, message):
    refused("data/cards.toml", old, new, load, FILE + where, message)
