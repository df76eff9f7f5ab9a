"""Card types are data: the game's own come from its [[types]] table, and a plugin's
data file may give its cards a type of their own, which the game counts with no
subclass of GallicCard (rules section 4: a basic type's two best cards count)."""

from __future__ import annotations

import textwrap

import pytest

import boardcore
from boardcore.testing import options
from boardcore_gallic_wars import SLOTS, TYPES, GallicCard, Kind
from boardcore_gallic_wars.testing import fight, hands_fought

FORTIFICATIONS = """
    # Three Roman cards of a type the game does not print: named in full, counted
    # like a basic type ("basic": its two best cards count, GW-R08).
    [[cards]]
    id = "R-FT01"
    name = "Palisade"
    side = "romans"
    kind = "Fortifications"
    force = 6
    effect = "basic"

    [[cards]]
    id = "R-FT02"
    name = "Rampart"
    side = "romans"
    kind = "Fortifications"
    force = 9
    effect = "basic"

    [[cards]]
    id = "R-FT03"
    name = "Ditch"
    side = "romans"
    kind = "Fortifications"
    force = 4
    effect = "basic"
"""


@pytest.fixture
def fortified(tmp_path, monkeypatch):
    """Gallic Wars with a plugin whose data file adds three Fortifications cards."""
    package = tmp_path / "gw_fortifications"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "data" / "cards.toml").write_text(textwrap.dedent(FORTIFICATIONS), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))

    class Fortifications:
        name = "fortifications"
        games = ("gallic-wars",)

        @boardcore.hookimpl
        def register_cards(self, game):
            return boardcore.loaders.load_cards("gw_fortifications", "data/cards.toml", GallicCard)

    return boardcore.load_game("gallic-wars", plugins=[Fortifications()])


def test_gw_r02_the_games_types_are_its_data():
    assert [(t.code, t.name, t.effect) for t in TYPES.values()] == [
        ("S", "Strategy", "basic"), ("T", "Tactics", "basic"), ("R", "Resources", "basic"), ("M", "Morale", "basic"),
        ("L", "Leader", "leader"), ("D", "Disadvantage", "disadvantage"),
    ]  # fmt: skip
    assert SLOTS == ("S", "T", "R", "M") and (Kind.LEADER, Kind.MORALE) == ("L", "M")
    game = boardcore.load_game("gallic-wars")
    assert {card.effect for card in game.cards.values() if card.kind == Kind.LEADER} == {"leader"}


def test_gw_r08_a_plugins_type_counts_its_two_best_cards(fortified):
    assert fortified.card("R-FT01").text == "Palisade (Fortifications 6)"
    romans = ["Rampart", "Palisade", "Ditch", "Legions", "Centurions", "Conquest", "Caesar", "Hostile Territory"]
    celts = ["Archers", "Miners", "Sword & Spear", "Night Attack", "Scouts", "Druids", "Tribal Divisions", "Women & Children"]
    state = fight(fortified, romans, celts)
    # R 10 + 9, M 10, Caesar in an empty basic type 10, Fortifications 9 + 6 (Ditch does not count), D -2.
    assert hands_fought(state)[0].totals == (19 + 10 + 10 + 15 - 2, 18)


def test_gw_r06_a_card_of_a_plugins_type_is_exchanged_like_any_other(fortified):
    from boardcore.testing import arranged

    state = arranged(fortified, seed=1, top={"draw:0": ["Palisade"]})
    assert "discard Palisade" in options(state, 0)
