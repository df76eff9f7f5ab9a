"""The Turncoats' cards are checked against Gallic Wars' card schema: a corrupted copy
of their data file is refused with InvalidData naming the file and the field."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_gallic_wars import GallicCard
from boardcore_gw_turncoats import _cards

SOURCE = "boardcore_gw_turncoats"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


def load(package: str) -> tuple[GallicCard, ...]:
    """What the plugin's ``_cards`` does, on another package: its rows as GallicCards (with no type)."""
    return boardcore.loaders.load_cards(package, "data/cards.toml", GallicCard)


def test_an_unchanged_copy_gives_the_plugins_cards(copy_with):
    assert load(copy_with("data/cards.toml", b"", b"").package) == _cards()


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"force = 0", b"force = -3", ":{line}: $.cards[0].force", "'force' must be >= -2: -3"),
        (b"force = 0", b"force = 0.5", ":{line}: $.cards[0].force", "expected an integer, got the float 0.5"),
        (b'side = "celts"', b'side = "gauls"', ":{line}: $.cards[0].side",
         "expected a Side (one of 'romans', 'celts'), got the string 'gauls'"),
        (b'effect = "turncoat"', b'effect = "turncoat"\ncopies = 0', ":{next}: $.cards[0].copies",
         "copies must be a whole number of at least 1, not 0"),
        (b'effect = "turncoat"', b'effect = "turncoat"\ntype = "L"', ":{next}: $.cards[0].type",
         "unknown key (known keys: id, name, effect, side, kind, force)"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, where, message):
    refused("data/cards.toml", old, new, load, FILE + where, message)
