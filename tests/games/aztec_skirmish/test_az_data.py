"""Aztec Skirmish's data file is read against the game's schema: a corrupted copy of it
is refused with InvalidData naming the file, the line where it is known, and the field."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_aztec_skirmish.cards import (
    CARDS,
    CONSTANTS,
    SHOTS,
    SIDES,
    UNITS,
    USES,
    AztecCard,
    CardUse,
    Constants,
    ShotSpec,
    SideRow,
    UnitSpec,
)

SOURCE = "boardcore_aztec_skirmish"
DATA = "data/cards.toml"
RESOURCES = (DATA,)
FILE = "{package}/data/cards.toml"


def cards(package: str) -> tuple[AztecCard, ...]:
    return boardcore.loaders.load_cards(package, DATA, AztecCard)


def constants(package: str) -> Constants:
    return boardcore.loaders.load_constants(package, DATA, Constants)


def sides(package: str) -> tuple[SideRow, ...]:
    return boardcore.loaders.load_table(package, DATA, "sides", SideRow)


def units(package: str) -> tuple[UnitSpec, ...]:
    return boardcore.loaders.load_table(package, DATA, "units", UnitSpec)


def shots(package: str) -> tuple[ShotSpec, ...]:
    return boardcore.loaders.load_table(package, DATA, "shots", ShotSpec)


def uses(package: str) -> dict[str, CardUse]:
    return boardcore.loaders.load_constants(package, DATA, dict[str, CardUse], key="uses")


def test_an_unchanged_copy_gives_the_game_its_cards_and_tables(copy_with):
    package = copy_with(DATA, b"", b"").package
    assert cards(package) == CARDS and len(CARDS) == 79 and constants(package) == CONSTANTS
    assert sides(package) == tuple(SIDES.values()) and units(package) == tuple(UNITS.values())
    assert shots(package) == tuple(SHOTS.values()) and uses(package) == USES


@pytest.mark.parametrize(
    "old, new, load, where, message",
    [
        # the cards: types, enums, keys, copies
        (b"range = 1", b'range = "1"', cards, ":{line}: $.cards[0].range", "expected an integer, got the string '1'"),
        (b"range = 1", b"range = 1e30", cards, ":{line}: $.cards[0].range", "expected an integer, got the float 1e+30"),
        (b"indirect = true", b"indirect = 1", cards, ":{line}: $.cards[4].indirect", "expected a boolean, got the integer 1"),
        (b'user = "E"', b'user = "X"', cards, ":{line}: $.cards[0].user",
         "expected a User (one of 'Z', 'C', 'E'), got the string 'X'"),
        (b'only = "knights"', b'only = "jaguars"', cards, ":{line}: $.cards[12].only",
         "'only' must be in ('leaders', 'knights', 'warriors', 'soldiers', 'horsemen', 'cannons') (got 'jaguars')"),
        (b'type = "attack"', b'type = "attack"\nranged = true', cards, ":{next}: $.cards[0].ranged",
         "unknown key (known keys: id, name, effect, user, printed_type, type, use, range, only, shot, indirect, target_hits, note)"),
        (b"copies = 2", b"copies = 0", cards, ":{line}: $.cards[0].copies", "copies must be a whole number of at least 1, not 0"),
        (b"copies = 2", b"copies = 1001", cards, ":{line}: $.cards[0].copies", "copies must be at most 1000, not 1001"),
        # what each card type needs (section 1.2), and ranges within the board
        (b"range = 1", b"range = 8", cards, ":{line}: $.cards[0].range", "'range' must be <= 7: 8"),
        (b"range = 1", b"range = 0", cards, ":{line}: $.cards[0].range", "'range' must be >= 1: 0"),
        (b"range = 1\n", b"", cards, ":{header}: $.cards[0].range", "attack cards need their 'range'"),
        (b'shot = "canister"\nnote', b"note", cards, ":{header}: $.cards[21].shot", "cannon cards need their 'shot'"),
        (b"target_hits = 1", b"target_hits = 0", cards, ":{line}: $.cards[7].target_hits", "'target_hits' must be >= 1: 0"),
        # the constants, sides and units
        (b"hand_limit = 5", b"hand_limit = 0", constants, ":{line}: $.rules.hand_limit", "'hand_limit' must be >= 1: 0"),
        (b"board_width = 8", b"board_width = 27", constants, ":{line}: $.rules.board_width", "'board_width' must be <= 26: 27"),
        (b"turn_limit = 100", b'turn_limit = "100"', constants, ":{line}: $.rules.turn_limit",
         "expected an integer, got the string '100'"),
        (b'forward = "N"', b'forward = "UP"', sides, ":{line}: $.sides[0].forward",
         "'forward' must be in ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] (got 'UP')"),
        (b"ranks = [7, 8]", b"ranks = [7, 9]", sides, ":{line}: $.sides[1].ranks", "'ranks' must be <= 8: 9"),
        (b"ranks = [7, 8]", b"ranks = []", sides, ":{line}: $.sides[1].ranks", "Length of 'ranks' must be >= 1: 0"),
        (b'side = "aztec"', b'side = "inca"', sides, ":{line}: $.sides[0].side",
         "expected a Side (one of 'aztec', 'conquistador'), got the string 'inca'"),
        (b"count = 19", b"count = 0", units, ":{line}: $.units[3].count", "'count' must be >= 1: 0"),
        (b"hits = 3", b"hits = 3.5", units, ":{line}: $.units[0].hits", "expected an integer, got the float 3.5"),
        (b"moves = 2", b"moves = 0", units, ":{line}: $.units[6].moves", "'moves' must be >= 1: 0"),
        # the standard deployment (rules section 2)
        (b'standard = ["e1"]', b'standard = ["e1", "e2"]', units, ":{line}: $.units[0].standard",
         "expected the 1 squares of the board its units stand on, got ['e1', 'e2']"),
        (b'standard = ["d8"]', b'standard = ["d9"]', units, ":{line}: $.units[4].standard",
         "expected the 1 squares of the board its units stand on, got ['d9']"),
        # the card types and the shots
        (b'draw2 = "draw"', b'draw2 = "drawing"', uses, ":{line}: $.uses.draw2",
         "expected a CardUse (one of 'move', 'strike', 'shot', 'negate', 'draw'), got the string 'drawing'"),
        (b'type = "defense"', b'type = "armour"', cards, ":{line}: $.cards[8].type",
         "the type 'armour' is not one of the game's (attack, cannon, move, defense, draw2): the row must give its 'use'"),
        (b"to_edge = true", b'to_edge = "yes"', shots, ":{line}: $.shots[1].to_edge",
         "expected a boolean, got the string 'yes'"),
        (b'squares = [[1, 0]', b'squares = [[1, "0"]', shots, ":{line}: $.shots[0].squares[0][1]",
         "expected an integer, got the string '0'"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(refused, old, new, load, where, message):
    refused(DATA, old, new, load, FILE + where, message)
