"""Card types are data (HP-R20): an expansion's data file declares a new type, and the
game's own plays take its cards, with no card class of its own."""

from __future__ import annotations

import pytest

import boardcore
from boardcore_horse_people import NAME, TYPES, CardType, load_deck
from boardcore_horse_people.testing import asked, check, cid, deal, hands_of, items, no_exchanges, play, table

MERCENARIES = b"""
[[types]]
name = "mercenary"
play = "invasion"
counts = "strength"   # no one_per_name: a Nomad may hire every band he holds

[[cards]]
row = "MC01"
name = "Hired Swords"
type = "mercenary"
values = [2, 4]
"""


@pytest.fixture
def package(tmp_path, monkeypatch):
    """``package(name, data)``: a new importable package whose ``data/cards.toml`` is ``data``."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(name: str, data: bytes) -> str:
        (tmp_path / name / "data").mkdir(parents=True)
        (tmp_path / name / "__init__.py").write_text("")
        (tmp_path / name / "data" / "cards.toml").write_bytes(data)
        return name

    return make


def expansion(package_name: str) -> boardcore.Game:
    class Expansion:
        name = "hp-mercenaries"
        games = (NAME,)

        @boardcore.hookimpl
        def register_cards(self, game: str) -> list[boardcore.Card]:
            return list(load_deck(package_name))

    return boardcore.load_game(NAME, plugins=[Expansion()])


def test_the_base_game_declares_its_five_types_in_data_hp_r01_hp_r20():
    assert TYPES["tribe"] == CardType("tribe", play="invasion", counts="tribe", exactly_one=True, valued=False)
    assert TYPES["loot"] == CardType("loot", play="tribute", counts="loot", one_per_name=True)
    assert {kind.name for kind in TYPES.values() if kind.play == "tribute"} >= {"conquest", "loot"}


def test_a_new_type_is_played_where_its_data_says_and_counts_as_it_says_hp_r12_hp_r20(package):
    game = expansion(package("hp_mercenaries_play", MERCENARIES))
    swords = ["MC01-v2", "MC01-v4"]
    assert game.card("MC01-v4").text == "Hired Swords (Mercenary 4)"
    state = deal(hands_of([cid("Horde", 3), *swords, cid("Huns")], [cid("Great Leader", 5), cid("Avars")]), game=game)
    no_exchanges(state)
    assert set(items(state, 0)) == {cid("Horde", 3), *swords, cid("Huns")}  # the Invasion play takes them
    play(state, 0, [cid("Horde", 3), *swords, cid("Huns")])  # both bands: no limit of one per name
    play(state, 1, [cid("Great Leader", 5), cid("Avars")])
    assert table(state).last.strengths == (9, 5)  # 3 + 2 + 4: they count as Strength
    assert table(state).khan == 0
    assert check(state.match) == []


def test_a_new_type_stays_out_of_the_plays_that_do_not_take_it_hp_r20(package):
    game = expansion(package("hp_mercenaries_tribute", MERCENARIES))
    state = deal(hands_of([cid("Plunder", 2), cid("Europe", 2), "MC01-v2"], [], khan=0), khan=0, turn=2, game=game)
    no_exchanges(state)
    assert asked(state) == [0] and items(state, 0) == [cid("Plunder", 2), cid("Europe", 2)]


def test_a_type_declared_again_otherwise_is_refused(package):
    name = package("hp_stronger_strength", b'cards = []\n\n[[types]]\nname = "strength"\nplay = "tribute"\ncounts = "strength"\n')
    with pytest.raises(boardcore.InvalidData, match="card type 'strength' is already declared otherwise") as caught:
        load_deck(name)
    assert caught.value.where == f"{name}/data/cards.toml"
    assert TYPES["strength"].play == "invasion"


def test_a_card_of_a_type_nobody_declared_is_refused(package):
    name = package("hp_unknown_type", b'[[cards]]\nrow = "X1"\nname = "Yurt"\ntype = "dwelling"\nvalues = [1]\n')
    with pytest.raises(boardcore.InvalidData, match="unknown card type 'dwelling': no \\[\\[types\\]\\] table declares it"):
        load_deck(name)
