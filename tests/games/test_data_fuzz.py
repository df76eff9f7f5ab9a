"""Fuzzing the built-in games' data files: an edited copy of each file is loaded or
refused with InvalidData naming the file; no loader raises anything else or hangs."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_aztec_skirmish.cards import AztecCard, Constants as AztecConstants, SideRow, UnitSpec
from boardcore_gallic_wars import deck
from boardcore_gallic_wars.cards import Constants as GallicConstants
from boardcore_horse_people import load_deck
from boardcore_horse_people.cards import Constants as HorseConstants
from boardcore_prehistoric_warfare.cards import Constants as PWConstants, PWCard

CARDS = "data/cards.toml"

FILES = {
    "boardcore_gallic_wars": {CARDS: [deck, lambda p: boardcore.loaders.load_constants(p, CARDS, GallicConstants)]},
    "boardcore_horse_people": {CARDS: [load_deck, lambda p: boardcore.loaders.load_constants(p, CARDS, HorseConstants)]},
    "boardcore_prehistoric_warfare": {
        CARDS: [lambda p: boardcore.loaders.load_cards(p, CARDS, PWCard)],
        "data/rules.toml": [lambda p: boardcore.loaders.load_constants(p, "data/rules.toml", PWConstants)],
    },
    "boardcore_aztec_skirmish": {
        CARDS: [
            lambda p: boardcore.loaders.load_cards(p, CARDS, AztecCard),
            lambda p: boardcore.loaders.load_constants(p, CARDS, AztecConstants),
            lambda p: boardcore.loaders.load_table(p, CARDS, "sides", SideRow),
            lambda p: boardcore.loaders.load_table(p, CARDS, "units", UnitSpec),
        ]
    },
}


@pytest.mark.parametrize("source, resource", [(s, r) for s, files in FILES.items() for r in files])
def test_an_edited_data_file_is_loaded_or_refused_naming_the_file(fuzz_data_file, source, resource):
    fuzz_data_file(source, list(FILES[source]), resource, FILES[source][resource])
