"""The plugin of docs/writing-a-plugin.md: absent, Orchard is unchanged; present, bees make
honey (a reaction), the Scarecrow guards a harvest (a modified roll) and Frost spoils one
(a replaced phase, and a market skipped for one player)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import boardcore
from boardcore.testing import arranged, check_game, events, put

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def modules():
    sys.path.insert(0, str(DOCS / "tutorial"))
    try:
        import boardcore_orchard
        import orchard_bees

        yield boardcore_orchard, orchard_bees
    finally:
        sys.path.remove(str(DOCS / "tutorial"))


def test_absent_the_game_is_unchanged(modules):
    orchard, bees = modules
    base = boardcore.registry.game_from_provider(orchard.PLUGIN)
    with_bees = boardcore.registry.game_from_provider(orchard.PLUGIN, plugins=[bees])
    assert len(base.cards) == 20 and len(with_bees.cards) == 24
    assert "honey" not in base.effects
    again = boardcore.registry.game_from_provider(orchard.PLUGIN)
    assert again.new_state(players=3, seed=9).to_json() == base.new_state(players=3, seed=9).to_json()


def test_a_beehive_in_hand_makes_honey_at_the_market(modules):
    orchard, bees = modules
    game = boardcore.registry.game_from_provider(orchard.PLUGIN, plugins=[bees])
    state = arranged(game, players=2, seed=4, top={"orchard": ["Apple"]}, dice=[2], before=lambda s: put(s, "hand:0", ["Beehive", "Beehive"]))
    assert state.match.count("coins", 0) == 2
    assert [e.player for e in events(state, boardcore.events.Revealed)] == [0, 0]
    assert state.match.count("coins", 1) == 0


def test_the_scarecrow_rolls_its_holders_harvest_twice_and_keeps_the_better(modules):
    orchard, bees = modules
    game = boardcore.registry.game_from_provider(orchard.PLUGIN, plugins=[bees])
    state = arranged(game, players=2, seed=4, top={"orchard": ["Apple", "Pear"]}, dice=[2, 5],
                     before=lambda s: put(s, "hand:0", ["Scarecrow"]))
    (roll,) = events(state, boardcore.events.DieRolled)
    assert (roll.player, roll.purpose, roll.rolls, roll.value) == (0, "harvest", 2, 5)
    assert len(state.match.cards("hand:0")) == 3  # a 5 picks two cards


def test_frost_replaces_its_holders_harvest_and_skips_their_next_market(modules):
    orchard, bees = modules
    game = boardcore.registry.game_from_provider(orchard.PLUGIN, plugins=[bees])
    state = arranged(game, players=2, seed=4, before=lambda s: put(s, "hand:0", ["Frost", "Apple"]))
    assert events(state, boardcore.events.MomentReplaced) == [
        boardcore.events.MomentReplaced(boardcore.events.PhaseBegan("harvest", 0), "frost-1")
    ]
    assert [roll.player for roll in events(state, boardcore.events.DieRolled)] == [1]  # seat 0 rolled no harvest
    assert events(state, boardcore.events.MomentCancelled) == [
        boardcore.events.MomentCancelled(boardcore.events.PhaseBegan("market", 0), "skip_phase")
    ]
    assert "frost-1" in state.match.cards("compost") and state.match.skips(0, "market") == 0
    assert state.match.active == 1  # seat 0's turn is over: its market was skipped


def test_orchard_with_bees_keeps_every_property(modules):
    orchard, bees = modules
    game = boardcore.registry.game_from_provider(orchard.PLUGIN, plugins=[bees])
    check_game(game, games=30, seed=8, cross_process=False)


def test_the_plugin_is_refused_for_another_game(modules):
    _, bees = modules
    with pytest.raises(boardcore.PluginError, match="orchard"):
        boardcore.load_game("gallic-wars", plugins=[bees])


def test_the_pages_snippets_exist():
    text = (DOCS / "writing-a-plugin.md").read_text(encoding="utf-8")
    for path in re.findall(r'--8<-- "([^":]+)', text):
        assert (DOCS / "tutorial" / path).exists(), path
