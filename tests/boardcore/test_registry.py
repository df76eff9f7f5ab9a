"""Finding games: a provider that offers nothing is reported, not silently ignored."""

from __future__ import annotations

import json
import subprocess
import sys
import types

import pytest

import boardcore
from boardcore._games.registry import games_from


def test_a_provider_with_no_register_games_is_a_plugin_error():
    empty = types.ModuleType("empty_namespace_like")
    with pytest.raises(boardcore.PluginError, match="provides no games") as exc:
        games_from([("some-game", empty)])
    assert exc.value.plugin == "some-game"


def test_two_providers_of_one_game_name_are_refused():
    class Provider:
        def __init__(self, label):
            self.name = label

        @boardcore.hookimpl
        def register_games(self):
            return [boardcore.GameSpec(name="twin", summary="", player_counts=(2,), setup=lambda m: None)]

    with pytest.raises(boardcore.PluginError, match="also provided by"):
        games_from([("a", Provider("a")), ("b", Provider("b"))])


def test_unknown_game_lists_the_installed_ones():
    with pytest.raises(boardcore.UnknownGame) as exc:
        boardcore.load_game("chess")
    assert isinstance(exc.value, LookupError)
    assert exc.value.known == boardcore.list_games()
    assert ", ".join(boardcore.list_games()) in str(exc.value)


def test_a_game_plugin_publishes_one_game_through_the_hooks_and_answers_only_for_it():
    import toy

    spec = next(s for s in games_from([("toy", toy)]).values()).spec
    calls = []

    def cards():
        calls.append(1)
        return toy.duel_cards()

    plugin = boardcore.GamePlugin(spec, cards=cards, effects=toy.DUEL_EFFECTS, package="toy")
    assert plugin.register_cards("another game") == [] and plugin.register_types("another game") == []
    assert plugin.register_effects("another game") == {}
    game = boardcore.registry.game_from_provider(plugin)
    assert game.name == spec.name and len(game.cards) == len(toy.duel_cards()) and calls == [1]
    state = game.new_state(players=2, seed=1)
    toy.act(state, 0, "discard")
    toy.act(state, 1, "discard")  # toy's CommitCard is now stored: found in package "toy"
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    boardcore.registry.game_from_provider(plugin)
    assert calls == [1, 1]  # cards from a function are asked for each time the game is loaded


def test_with_plugins_loads_a_game_again_with_its_plugins_then_more():
    import toy_trebuchet

    base = boardcore.registry.game_from_provider(__import__("toy"), name="toy-duel")
    more = boardcore.registry.with_plugins(base, toy_trebuchet)
    assert base.plugins == () and more.plugins == ("toy_trebuchet",)
    again = boardcore.registry.with_plugins(more)
    assert again.plugins == more.plugins and again is not more
    with pytest.raises(boardcore.PluginError, match="asked for twice"):
        boardcore.registry.with_plugins(more, toy_trebuchet)


def test_loading_one_installed_game_imports_no_other_game():
    # The entry point named after the game is read alone; listing reads them all.
    code = (
        "import sys, json, boardcore\n"
        "boardcore.load_game('gallic-wars', plugins=['gw-turncoats'])\n"
        "loaded = sorted({m.split('.')[0] for m in sys.modules if m.startswith('boardcore_')})\n"
        "print(json.dumps([loaded, boardcore.list_games()]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    loaded, listed = json.loads(done.stdout)
    assert loaded == ["boardcore_gallic_wars", "boardcore_gw_turncoats"]
    assert {"gallic-wars", "aztec-skirmish", "prehistoric-warfare", "invasions-of-the-horse-people"} <= set(listed)


def test_a_game_loaded_alone_is_the_game_the_listing_gives():
    alone = boardcore.load_game("aztec-skirmish")
    listed = next(s for s in boardcore.registry.game_specs() if s.name == "aztec-skirmish")
    again = boardcore.load_game("aztec-skirmish")
    assert alone.spec is listed and again.spec is listed
    assert again.new_state(players=2, seed=4).to_json() == alone.new_state(players=2, seed=4).to_json()
