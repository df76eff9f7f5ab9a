"""Every card's words read back against its data (issue 35): the text a player reads in
a hand and on the table, and the label the menus word their options with, each parsed
back into what they tell and compared with the card's row of the data file, for the
game's 35 rows and the Omens expansion's 2. Where a ruling fixes the wording, the text
is pinned to it (AZ-R06, AZ-R16, AZ-R19 to AZ-R27, AZ-R32).

Labels keep the printed User letter ("Muskets (attack 3, soldiers only, C)"): they are
the options' words, which saved matches hold, and the tables show the text instead."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

import boardcore
from boardcore_aztec_skirmish import CONSTANTS

GAME, OMENS = "boardcore_aztec_skirmish", "boardcore_az_omens"


def data(package: str) -> dict[str, Any]:
    return tomllib.loads(resources.files(package).joinpath("data/cards.toml").read_text(encoding="utf-8"))


TABLES = data(GAME)
USES: dict[str, str] = TABLES["uses"]
SHOT_WORDS = {shot["reads"]: shot["shot"] for shot in TABLES["shots"]}
SIDE_OF_LETTER = {side["user"]: side["name"] for side in TABLES["sides"]}
TROOPS = {unit["troop"] for unit in TABLES["units"]}
ROWS = [(GAME, row) for row in TABLES["cards"]] + [(OMENS, row) for row in data(OMENS)["cards"]]
CARDS = boardcore.load_game("aztec-skirmish", plugins=["az-omens"]).cards


def card_of(row: dict[str, Any]) -> Any:
    return CARDS[f"{row['id']}-1"]


# -- what the data says, and what the words tell -----------------------------------------


def row_says(row: dict[str, Any]) -> dict[str, Any]:
    """What a player must learn from a card's text, from its row alone: what it does
    (its use, with its number or shot), who may use it (a troop, else a side, AZ-R06,
    AZ-R21), its special rules, and for an expansion's card with an effect, its note."""
    use = row.get("use") or USES[row["type"]]
    number = {"move": row.get("range"), "strike": row.get("range"), "draw": CONSTANTS.draw_special}.get(use)
    return {
        "name": row["name"], "use": use, "number": number, "shot": row.get("shot"), "only": row.get("only"),
        "side": None if row.get("only") else SIDE_OF_LETTER.get(row["user"]),
        "friendly_fire": "shot" in row, "indirect": row.get("indirect", False),
        "target_hits": row.get("target_hits"), "does": row.get("note") if "effect" in row else None,
    }  # fmt: skip


def text_tells(text: str) -> dict[str, Any]:
    """What a card's text tells, read back: ``"Name (what it does, who, rules): effect"``."""
    name, rest = text.split(" (", 1)
    inside, does = rest.split(")", 1)
    what, *parts = inside.split(", ")
    told: dict[str, Any] = {"name": name, "number": None, "shot": None, "only": None, "side": None,
                            "friendly_fire": False, "indirect": False, "target_hits": None,
                            "does": does.removeprefix(": ") or None}  # fmt: skip
    verb, _, number = what.partition(" ")
    if verb == "attack":
        reach = parts.pop(0)
        if reach in SHOT_WORDS:
            told.update(use="shot", shot=SHOT_WORDS[reach])
        else:
            told.update(use="strike", number=int(reach.removeprefix("range ")))
    elif verb in ("move", "draw"):
        told.update(use=verb, number=int(number))
    else:
        told["use"] = USES[what]  # a type of the game's own, named: "defense"
    for part in parts:
        if part in TROOPS:
            told["only"] = part
        elif part in SIDE_OF_LETTER.values():
            told["side"] = part
        elif part.startswith("vs ") and part.endswith(" Hit left"):
            told["target_hits"] = int(part.split()[1])
        else:
            flag = {"hits friend and foe": "friendly_fire", "shoots over units": "indirect"}[part]
            told[flag] = True
    return told


def label_tells(label: str) -> dict[str, Any]:
    """What a label tells, read back: ``"Muskets (attack 3, soldiers only, C)"``."""
    name, rest = label.split(" (", 1)
    parts = rest.removesuffix(")").split(", ")
    told: dict[str, Any] = {"name": name, "only": None, "user": "E", "shot": None}
    told["type"], _, number = parts.pop(0).partition(" ")
    told["number"] = int(number) if number else None
    if parts and parts[0] in SHOT_WORDS.values():
        told["shot"] = parts.pop(0)
    if parts and parts[0].endswith(" only"):
        told["only"] = parts.pop(0).removesuffix(" only")
    if parts:
        (told["user"],) = parts
    return told


# -- every card ----------------------------------------------------------------------------


@pytest.mark.parametrize("source, row", ROWS, ids=[row["name"] for _, row in ROWS])
def test_every_cards_text_reads_back_as_its_row_says(source, row):
    assert text_tells(card_of(row).text) == row_says(row)


@pytest.mark.parametrize("source, row", ROWS, ids=[row["name"] for _, row in ROWS])
def test_every_cards_label_reads_back_as_its_row_says(source, row):
    use = row.get("use") or USES[row["type"]]
    kind = "draw" if use == "draw" else row["type"]
    number = CONSTANTS.draw_special if use == "draw" else row.get("range")
    told = {"name": row["name"], "type": kind, "number": number, "shot": row.get("shot"),
            "only": None if "shot" in row else row.get("only"), "user": row["user"]}  # fmt: skip
    assert label_tells(card_of(row).label) == told


def test_a_cards_text_never_shows_the_printed_letters_az_r06():
    for card in CARDS.values():
        parts = card.text.split(" (", 1)[1].split(")")[0].split(", ")
        assert not {"Z", "C", "E"} & set(parts), card.text


def test_a_restricted_cards_troop_is_of_its_own_side_so_the_text_names_the_troop_alone_az_r06_az_r21():
    troops = {unit["troop"]: SIDE_OF_LETTER[next(s["user"] for s in TABLES["sides"] if s["side"] == unit["side"])]
              for unit in TABLES["units"]}  # fmt: skip
    for _, row in ROWS:
        if "only" in row and row["user"] != "E":
            assert troops[row["only"]] == SIDE_OF_LETTER[row["user"]], row["name"]


# -- the wordings the rulings fix ---------------------------------------------------------------


@pytest.mark.parametrize(
    "ruling, name, text",
    [
        ("AZ-R06", "Spiked Clubs", "Spiked Clubs (attack, range 1, Aztec)"),
        ("AZ-R06", "Dagger", "Dagger (attack, range 1)"),  # User E: either side
        ("AZ-R16", "Gallop", "Gallop (move 5, horsemen)"),
        ("AZ-R19", "Bows & Arrows", "Bows & Arrows (attack, range 2, Aztec, shoots over units)"),
        ("AZ-R19", "Atlatl", "Atlatl (attack, range 2, Aztec, shoots over units)"),
        ("AZ-R19", "Slings", "Slings (attack, range 2, Aztec)"),  # Slings do not
        ("AZ-R19", "Crossbows", "Crossbows (attack, range 2, soldiers)"),  # nor Crossbows
        ("AZ-R20", "Steel Swords", "Steel Swords (attack, range 1, Conquistador)"),
        ("AZ-R21", "Muskets", "Muskets (attack, range 3, soldiers)"),
        ("AZ-R21", "Fighting Skill", "Fighting Skill (attack, range 1, knights)"),
        ("AZ-R21", "Lances", "Lances (attack, range 1, horsemen)"),
        ("AZ-R22", "Canister Shot",
         "Canister Shot (attack, range 2 and the squares beside, cannons, hits friend and foe)"),
        ("AZ-R23", "Round Shot", "Round Shot (attack, every square to the edge, cannons, hits friend and foe)"),
        ("AZ-R25", "Steel Helmets", "Steel Helmets (defense, Conquistador)"),
        ("AZ-R26", "Take Captive", "Take Captive (attack, range 1, Aztec, vs 1 Hit left)"),
        ("AZ-R27", "Blood Sacrifice", "Blood Sacrifice (draw 2, Aztec)"),
        ("AZ-R27", "Gold, God & Glory", "Gold, God & Glory (draw 2, Conquistador)"),
        ("AZ-R32", "Magic", "Magic (defense, Aztec)"),  # "Lucky Talismans" is flavour
        ("AZ-R32", "Massacre", "Massacre (attack, range 1, Conquistador)"),
        ("Omens", "Smoking Mirror", "Smoking Mirror (defense, Aztec): the attacking unit then loses 1 Hit"),
        ("Omens", "Santiago!",
         "Santiago! (attack, range 1, horsemen): if the target dies, the Horseman may ride into its square"),
    ],
)  # fmt: skip
def test_the_text_says_what_the_ruling_says(ruling, name, text):
    assert next(card.text for card in CARDS.values() if card.name == name) == text
