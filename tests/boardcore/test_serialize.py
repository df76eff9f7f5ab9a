"""to_data / from_data: API objects as JSON-able data and back."""

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcore
from boardcore import Decision, Event, InvalidData, Result, from_data, to_data
from boardcore.actions import DONE, PASS, Action, Pick, Play, pick
from boardcore.events import CardsMoved, CounterChanged, DieRolled

import toy
import toycards


def round_trip(obj, cls, game=None):
    data = json.loads(json.dumps(to_data(obj)))
    return from_data(cls, data, game=game)


def test_actions_are_tagged_with_their_kind():
    assert to_data(pick("d0-1", "discard Spear")) == {"kind": "Pick", "item": "d0-1", "text": "discard Spear"}
    assert to_data(DONE) == {"kind": "Done"}
    assert to_data(PASS) == {"kind": "Pass"}


def test_a_play_keeps_its_target_type():
    assert to_data(Play("strike-1", 2, "play Strike on seat 2")) == {
        "kind": "Play",
        "card": "strike-1",
        "target": 2,
        "text": "play Strike on seat 2",
    }
    for target in (None, 0, 2, "hero-1", "e4"):
        back = round_trip(Play("strike-1", target, "play"), Action)
        assert back == Play("strike-1", target, "play") and type(back.target) is type(target)
    assert str(Play("coin-1", None, "play Coin 1")) == "play Coin 1"


@pytest.mark.parametrize("action", [pick("d0-1", "discard Spear"), DONE, PASS, Play("x-1", None, "play X")])
def test_actions_round_trip_through_the_base_class(action):
    back = round_trip(action, Action)
    assert back == action and type(back) is type(action)


@given(st.text(), st.text())
def test_any_pick_round_trips(item, text):
    assert round_trip(Pick(item, text), Action) == Pick(item, text)
    assert round_trip(Pick(item, text), Pick) == Pick(item, text)


def test_decision_round_trips_with_its_options():
    d = Decision(1, (pick("a", "pick a"), pick("b", "pick b"), DONE), "pick one, or done", secret=True)
    data = to_data(d)
    assert data["options"][2] == {"kind": "Done"} and data["secret"] is True
    assert round_trip(d, Decision) == d


@given(
    st.lists(st.integers(0, 5), unique=True, max_size=4).map(tuple),
    st.text(),
    st.none() | st.lists(st.integers(0, 99), max_size=5).map(tuple),
)
def test_result_round_trips(winners, reason, scores):
    result = Result(winners, reason, scores)
    data = to_data(result)
    assert data == {"winners": list(winners), "reason": reason, "scores": None if scores is None else list(scores)}
    assert round_trip(result, Result) == result


@pytest.mark.parametrize(
    "event",
    [
        CounterChanged("hp", "hero-1", 3, 2),
        CounterChanged("gold", 0, 0, 5),
        CounterChanged("round", None, 1, 2),
        CardsMoved(("d0-1", "d0-2"), "deck:0", "hand:0"),
        DieRolled(6, 4, "attack", True),
        boardcore.events.GameOver((0, 2), "tie"),
        boardcore.events.TurnBegan(3, None),
        boardcore.events.TurnEnded(3),
        boardcore.events.PhaseBegan("act"),
        boardcore.events.PhaseEnded("act"),
        boardcore.events.CardPlayed(1, "strike-2", "hand:1", 0, "act"),
        boardcore.events.CardPlayed(1, "coin-2", "hand:1", None, "act"),
        boardcore.events.CardPlayed(0, "arrow-1", "hand:0", "e4", "shoot"),
        boardcore.events.Revealed(1, ("d1-4",)),
        boardcore.events.Chose(1, None, True),
        boardcore.events.PlayerOut(2),
    ],
)
def test_events_round_trip_keeping_their_field_types(event):
    back = round_trip(event, Event)
    assert back == event
    if isinstance(event, CounterChanged):
        assert type(back.owner) is type(event.owner)  # a seat stays an int, a piece id a str
    if isinstance(event, boardcore.events.CardPlayed):
        assert type(back.target) is type(event.target)


def test_match_data_classes_round_trip():
    spec = boardcore.ZoneSpec(1, boardcore.Visibility.OWNER, refill=None, limit=3)
    assert round_trip(spec, boardcore.ZoneSpec) == spec
    piece = boardcore.Piece("hero", 1, "a1")
    assert round_trip(piece, boardcore.Piece) == piece


@pytest.mark.parametrize(
    "cls, data",
    [
        (Action, {"kind": "Teleport"}),
        (Action, {"item": "x", "text": "y"}),  # no kind
        (Action, "done"),
        (Pick, {"kind": "Done"}),  # a Done is not a Pick
        (Pick, {"kind": "Pick", "item": "x"}),  # missing text
        (Decision, {"player": "zero", "options": [], "prompt": "?"}),
        (Result, {"winners": "nobody", "reason": "x"}),
    ],
)
def test_from_data_refuses_malformed_data_with_invalid_data(cls, data):
    with pytest.raises(InvalidData) as caught:
        from_data(cls, data)
    assert caught.value.where


@attrs.frozen(cache_hash=True)
class Move(Action):
    """A game's own action."""

    piece: str
    square: str

    def __str__(self):
        return f"move {self.piece} to {self.square}"


@attrs.frozen
class Renamed(Action):
    kind = "move-v2"
    piece: str


class Moves:
    name = "moves"

    @boardcore.hookimpl
    def register_types(self, game):
        return [Move, Renamed]


def test_a_games_own_classes_need_the_game_to_be_read_back():
    game = toy.arena(Moves())
    move = Move("hero-1", "b2")
    assert to_data(move) == {"kind": "Move", "piece": "hero-1", "square": "b2"}
    assert round_trip(move, Action, game=game) == move
    with pytest.raises(InvalidData):
        round_trip(move, Action)  # the shared converter does not know the game's classes
    with pytest.raises(InvalidData):
        round_trip(move, Action, game=toy.arena())  # nor does the game without the plugin


def test_a_class_may_choose_its_saved_kind():
    game = toy.arena(Moves())
    assert to_data(Renamed("hero-1")) == {"kind": "move-v2", "piece": "hero-1"}
    assert round_trip(Renamed("hero-1"), Action, game=game) == Renamed("hero-1")


def test_game_steps_round_trip_with_the_game():
    game = toy.duel()
    for step in (
        toy.CommitCard(1),
        toy.Commit(),
        toy.BoostRestart(index=1, order=(1, 0)),
        boardcore.steps.EnforceLimit("hand:0", "discard:0"),
        toy.ChooseTarget(2),
    ):
        assert round_trip(step, boardcore.Step, game=game) == step


def test_ready_made_steps_round_trip_with_their_fields():
    game = toycards.game()
    for step in (
        toycards.Act(1, used=("coin-1",)),
        toycards.ActTwoStep(),
        toycards.ShieldWindow(0, 1, index=0, order=(1,)),
        toycards.SpyReport(2),
        toycards.Market(),
        toycards.Mulligan(),
        boardcore.steps.ExchangeCards(0, "hand:0", 2),
    ):
        assert round_trip(step, boardcore.Step, game=game) == step
