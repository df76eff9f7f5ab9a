"""A Procedure reads like the rulebook: stages in order, steps they schedule run in between,
answers handed on with update, loops with at(), an early END; it saves and replays."""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

import boardcore
from boardcore import Match, Result
from boardcore.testing import check_game, choose, load_dice

SCORE = boardcore.Counter("score")


@attrs.frozen
class Joust(boardcore.Procedure):
    """Up to three passes: the active seat aims high or low, both roll, the higher
    roll (plus 1 for aiming low) scores; a score of 2 unseats and ends the joust."""

    name = "joust"
    stages = ("take_aim", "clash", "after")
    passes: int = 0
    aim: str = ""

    def take_aim(self, m: Match) -> None:
        m.schedule(Aim(m.active))

    def clash(self, m: Match) -> None:
        other = 1 - m.active
        mine = m.roll(6, "lance", player=m.active, purpose="joust") + (1 if self.aim == "low" else 0)
        theirs = m.roll(6, "lance", player=other, purpose="joust")
        if mine != theirs:
            m.add(SCORE, 1, m.active if mine > theirs else other)

    def after(self, m: Match) -> object:
        if max(m.count(SCORE, s) for s in range(2)) >= 2:
            return Joust.END
        if self.passes + 1 < 3:
            return self.at("take_aim", passes=self.passes + 1, aim="")
        return None


@attrs.frozen
class Aim(boardcore.Choose):
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [("high", "aim high"), ("low", "aim low")]

    def chosen(self, m: Match, player: int, item: str) -> None:
        Joust.update(m, aim=item)


def end_if(m: Match) -> Result | None:
    scores = [m.count(SCORE, s) for s in range(2)]
    return Result((scores.index(max(scores)),), "unseated", tuple(scores)) if max(scores) >= 2 else None


SPEC = boardcore.GameSpec(
    name="toy-joust",
    summary="knights joust",
    player_counts=(2,),
    counters=(SCORE,),
    phases=(Joust,),
    turn_order=boardcore.TurnOrder.SEATS,
    end_if=end_if,
    turn_limit=10,
    at_limit=lambda m: Result((), "time"),
)
GAME = boardcore.game_from_provider(boardcore.GamePlugin(SPEC, package=__name__))


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
    rolls = [(e.player, e.value) for e in state.events if isinstance(e, boardcore.DieRolled)]
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
    class Broken(boardcore.Procedure):
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
