"""A Procedure reads like the rulebook: stages in order, steps they schedule run in between,
answers handed on with update, loops with at(), an early END; it saves and replays."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs
import pytest

import boardcore
from boardcore import Match
from boardcore.testing import check_game, choose, load_dice

# The game is the example of docs/writing-a-game.md, tested here as written there.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "tutorial"))
from joust import PLUGIN, SCORE, Joust  # noqa: E402

sys.path.pop(0)
GAME = boardcore.registry.game_from_provider(PLUGIN)


def test_stages_run_in_order_with_what_they_schedule_in_between():
    state = GAME.new_state(players=2, seed=1)
    load_dice(state, [3, 3, 6, 1])
    choose(state, 0, "aim low")  # 3+1 against 3: seat 0 scores
    assert state.match.count(SCORE, 0) == 1
    waiting = [s for s in state.match.agenda if isinstance(s, Joust)]
    assert waiting == [Joust(passes=1, stage=1)]  # the second pass: its clash waits under the open Aim
    assert state.pending[0].player == 0 and [o.text for o in state.pending[0].options] == ["aim high", "aim low"]
    choose(state, 0, "aim high")  # 6 against 1: unseated, the joust ends
    assert state.is_over and state.result.winners == (0,)
    rolls = [(e.player, e.value) for e in state.events if isinstance(e, boardcore.events.DieRolled)]
    assert rolls == [(0, 3), (1, 3), (0, 6), (1, 1)]  # the die; aiming low adds 1 after


def test_update_hands_an_answer_to_the_waiting_procedure():
    state = GAME.new_state(players=2, seed=1)
    assert [s for s in state.match.agenda if isinstance(s, Joust)] == [Joust(stage=1)]
    load_dice(state, [2, 2, 2, 2])
    choose(state, 0, "aim high")  # 2 against 2: nobody scores
    assert [state.match.count(SCORE, s) for s in (0, 1)] == [0, 0]
    choose(state, 0, "aim low")  # the clash reads the aim Aim handed on: 2+1 against 2
    assert [state.match.count(SCORE, s) for s in (0, 1)] == [1, 0]


def test_a_stage_that_returns_something_else_is_refused():
    @attrs.frozen
    class Broken(boardcore.steps.Procedure):
        stages = ("one",)

        def one(self, m: Match) -> object:
            return "two"

    state = GAME.new_state(players=2, seed=1)
    with pytest.raises(boardcore.RuleError, match="returned 'two'; a stage returns None"):
        Broken().run(state.match)
    with pytest.raises(boardcore.RuleError, match="has no stage 'nowhere'"):
        Broken().at("nowhere")
    with pytest.raises(boardcore.RuleError, match="no Broken waits on the agenda"):
        Broken.update(state.match, stage=0)


def test_a_procedure_in_the_middle_saves_replays_and_keeps_every_property():
    state = GAME.new_state(players=2, seed=5)
    choose(state, 0, "aim high")
    again = GAME.state_from_json(state.to_json())
    assert again == state
    check_game(GAME, games=20, cross_process=False)
