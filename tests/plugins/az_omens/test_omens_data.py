"""The Omens' cards are read against Aztec Skirmish's card schema: a corrupted copy of
their data file is refused with InvalidData naming the file, the line and the field."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_aztec_skirmish import AztecCard

SOURCE = "boardcore_az_omens"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


def load(package: str) -> tuple[AztecCard, ...]:
    """The plugin's own call (``register_cards``), on another package."""
    return boardcore.loaders.load_cards(package, "data/cards.toml", AztecCard)


def test_an_unchanged_copy_gives_the_plugins_cards(copy_with):
    assert [c.id for c in load(copy_with("data/cards.toml", b"", b"").package)] == ["AZO01-1", "AZO02-1"]


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"range = 1", b"range = 1.0", ":{line}: $.cards[1].range", "expected an integer, got the float 1.0"),
        (b"range = 1", b"range = 9", ":{line}: $.cards[1].range", "'range' must be <= 7: 9"),
        (b"range = 1\n", b"", ":{header}: $.cards[1].range", "attack cards need their 'range'"),
        (b'user = "Z"', b'user = "Q"', ":{line}: $.cards[0].user", "expected a User (one of 'Z', 'C', 'E'), got the string 'Q'"),
        (b'only = "horsemen"', b'only = "horses"', ":{line}: $.cards[1].only",
         "'only' must be in ('leaders', 'knights', 'warriors', 'soldiers', 'horsemen', 'cannons') (got 'horses')"),
        (b"copies = 1", b"copies = 0", ":{line}: $.cards[0].copies", "copies must be a whole number of at least 1, not 0"),
        (b"copies = 1", b"copies = 1000000000000000000000000000000", ":{line}: $.cards[0].copies",
         "copies must be at most 1000, not 1000000000000000000000000000000"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, where, message):
    refused("data/cards.toml", old, new, load, FILE + where, message)
