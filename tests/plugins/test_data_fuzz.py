"""Fuzzing the expansions' data files: an edited copy of each file is loaded or
refused with InvalidData naming the file; no loader raises anything else or hangs."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_aztec_skirmish import AztecCard
from boardcore_gallic_wars import GallicCard
from boardcore_horse_people import load_deck
from boardcore_prehistoric_warfare import PWCard

CARDS = "data/cards.toml"


def turncoats(package: str) -> tuple[GallicCard, ...]:
    """What gw-turncoats does with its rows (they carry no type), on another package."""
    rows = [{**row, "kind": None} for row in boardcore.loaders.load_rows(package, CARDS)]
    return boardcore.loaders.make_cards(rows, GallicCard, f"{package}/{CARDS}")


LOADERS = {
    "boardcore_az_omens": lambda p: boardcore.loaders.load_cards(p, CARDS, AztecCard),
    "boardcore_gw_turncoats": turncoats,
    "boardcore_hp_silk_road": load_deck,
    "boardcore_pw_shamans": lambda p: boardcore.loaders.load_cards(p, CARDS, PWCard),
}


@pytest.mark.parametrize("source", sorted(LOADERS))
def test_an_edited_data_file_is_loaded_or_refused_naming_the_file(fuzz_data_file, source):
    fuzz_data_file(source, [CARDS], CARDS, [LOADERS[source]])
