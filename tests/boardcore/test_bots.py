"""Bots: the random bot and the Monte Carlo bot work on any game and repeat for a seed."""

from __future__ import annotations

import pytest

import boardcore
from boardcore.bots import FirstBot, MonteCarloBot, RandomBot, bot_factory, list_bots, make_bot, parse_spec, split_specs
from boardcore.ismcts import ISMCTSBot

import toy
import toycards


def play(game, bots, seed):
    state = game.new_state(players=len(bots), seed=seed)
    while not state.is_over:
        decision = state.pending[0]
        action = bots[decision.player].choose(state, decision)
        assert action in decision.options
        state.apply(decision.player, action)
    return state


def test_the_built_in_bots_are_listed_and_made_by_name():
    assert {"random", "first", "mc", "ismcts"} <= set(list_bots())
    assert bot_factory("mc") is MonteCarloBot
    assert isinstance(make_bot("ismcts", 0), ISMCTSBot)
    with pytest.raises(boardcore.PluginError, match="no bot"):
        make_bot("nobody", 0)


@pytest.mark.parametrize("make", [RandomBot, FirstBot, lambda seed: MonteCarloBot(seed, playouts=2, horizon=200)])
def test_bots_only_choose_offered_options_and_repeat_for_a_seed(make):
    game = toy.duel()
    first = play(game, [make(seed=1), make(seed=2)], seed=5)
    again = play(game, [make(seed=1), make(seed=2)], seed=5)
    assert first.to_json() == again.to_json()


@pytest.mark.parametrize("make", [RandomBot, FirstBot])
def test_bots_play_a_game_with_reactions_and_set_up_phases(make):
    game = toycards.game()
    first = play(game, [make(seed=s) for s in range(3)], seed=8)
    assert first.is_over and first.to_json() == play(game, [make(seed=s) for s in range(3)], seed=8).to_json()


def test_the_monte_carlo_bot_never_reads_hidden_cards():
    game = toy.duel()
    state = game.new_state(players=2, seed=3)
    seen = []
    real = boardcore.State.determinize

    def spy(self, player, seed):
        seen.append(player)
        return real(self, player, seed)

    boardcore.State.determinize = spy
    try:
        decision = state.pending[0]
        MonteCarloBot(seed=4, playouts=2, horizon=50).choose(state, decision)
    finally:
        boardcore.State.determinize = real
    assert seen and set(seen) == {decision.player}  # every playout began from its own view


def test_a_spec_names_a_bot_and_its_settings_read_as_json_when_they_can_be():
    assert parse_spec("random") == ("random", {})
    assert parse_spec("ismcts:iterations=400,c=0.7,rollout=first") == ("ismcts", {"iterations": 400, "c": 0.7, "rollout": "first"})
    with pytest.raises(boardcore.InvalidData, match="bot ismcts: c: given twice"):
        parse_spec("ismcts:c=1,c=2")
    with pytest.raises(boardcore.InvalidData, match="KEY=VALUE"):
        parse_spec("ismcts:400")


def test_a_bots_list_keeps_each_bots_settings_together():
    assert split_specs("mc,random") == ["mc", "random"]
    assert split_specs("ismcts:iterations=40,c=1,random") == ["ismcts:iterations=40,c=1", "random"]
    assert split_specs("ismcts:c=1, ismcts:c=2,horizon=5") == ["ismcts:c=1", "ismcts:c=2,horizon=5"]


def test_settings_are_passed_to_any_bots_factory_and_unknown_ones_are_refused():
    bot = make_bot("mc:playouts=2,horizon=30", 1)
    assert (bot.playouts, bot.horizon) == (2, 30)
    assert bot_factory("mc:playouts=2")(seed=1).playouts == 2
    with pytest.raises(boardcore.InvalidData, match="bot mc: iterations: the bot has no such setting"):
        make_bot("mc:iterations=2", 1)
    with pytest.raises(boardcore.InvalidData, match="bot random: seed"):
        make_bot("random:seed=2", 1)


def test_the_example_bot_plays_and_takes_its_settings(monkeypatch):
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "plugins"))
    from boardcore_example_bot import LookaheadBot

    game = toy.duel()
    first = play(game, [LookaheadBot(seed=1, samples=2), RandomBot(seed=2)], seed=4)
    assert first.to_json() == play(game, [LookaheadBot(seed=1, samples=2), RandomBot(seed=2)], seed=4).to_json()
    with pytest.raises(boardcore.InvalidData, match="samples"):
        LookaheadBot(seed=1, samples=0)


def test_monte_carlo_settings_reach_the_bot_and_bad_ones_name_the_setting():
    bot = make_bot("mc:playouts=3,horizon=7,max_options=4,margin=0.25", 1)
    assert (bot.playouts, bot.horizon, bot.max_options, bot.margin) == (3, 7, 4, 0.25)
    for spec, where in [
        ("mc:playouts=0", "playouts"),
        ("mc:horizon=many", "horizon"),
        ("mc:max_options=true", "max_options"),
        ("mc:margin=2", "margin"),
        ("mc:settle=yes", "settle"),
    ]:
        with pytest.raises(boardcore.InvalidData, match=f"bot mc: {where}"):
            make_bot(spec, 0)


def count_playout_actions(monkeypatch, state, bot):
    """Actions applied by ``bot`` while choosing at ``state``, per playout."""
    applied = []
    real = boardcore.State.apply

    def counting(self, player, action):
        applied.append(1)
        return real(self, player, action)

    monkeypatch.setattr(boardcore.State, "apply", counting)
    decision = state.pending[0]
    bot.choose(state, decision)
    monkeypatch.setattr(boardcore.State, "apply", real)
    return len(applied) / (bot.playouts * min(len(decision.options), bot.max_options))


def test_monte_carlo_playouts_stop_at_the_horizon_where_the_game_can_judge(monkeypatch):
    game = boardcore.load_game("prehistoric-warfare")  # judges a match in progress (at_limit)
    state = toy.first_real_choice(game, 2, seed=4)
    assert count_playout_actions(monkeypatch, state, MonteCarloBot(seed=1, playouts=2, horizon=4)) <= 4


def test_monte_carlo_playouts_run_to_the_end_where_the_game_cannot_judge(monkeypatch):
    game = boardcore.load_game("gallic-wars")  # no at_limit: only a finished match is scored
    state = toy.first_real_choice(game, 2, seed=4)
    assert count_playout_actions(monkeypatch, state, MonteCarloBot(seed=1, playouts=2, horizon=4)) > 10


def test_monte_carlo_takes_the_games_search_horizon_unless_it_sets_one(monkeypatch):
    game = toy.duel_variant("toy-duel-far", search=boardcore.SearchHints(horizon=3))
    state = toy.first_real_choice(game, 2, seed=4)
    assert count_playout_actions(monkeypatch, state, MonteCarloBot(seed=1, playouts=2)) <= 3
    assert count_playout_actions(monkeypatch, state, MonteCarloBot(seed=1, playouts=2, horizon=6)) > 3
