"""Compact saves (``boardcore.match/3``): a replayable match is saved as its choices,
its log and history are worked out again by a replay when first read, and saves
of the previous format still load.
"""

from __future__ import annotations

import json
import pathlib
import pickle
import random

import pytest

import boardcore
from boardcore import InvalidData
from boardcore.testing import arranged, set_count

import toy
from test_loading import random_play

DUEL = toy.duel()
SAVES = pathlib.Path(__file__).parent / "saves"
GAMES = ("gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish")


@pytest.mark.parametrize("name", GAMES)
def test_a_played_match_saves_its_choices_and_reads_back_its_log_and_history(name):
    game = boardcore.load_game(name)
    state = random_play(game, game.player_counts[-1], seed=3, actions=80)
    data = state.to_data()
    assert data["replayable"] is True
    assert data["log"] == len(state.events)
    options_at = game.replay(seed=3, players=state.players, history=[])
    first_player, first_index = data["history"][0]
    assert options_at.pending[[d.player for d in options_at.pending].index(first_player)].options[first_index] == state.history[0][1]
    for verify in (True, False):
        loaded = game.state_from_json(state.to_json(), verify=verify)
        assert loaded.to_json() == state.to_json()
        assert loaded.events == state.events
        assert loaded.history == state.history
        assert loaded.events_for(0) == state.events_for(0)


def test_the_log_of_a_trusted_load_is_replayed_only_when_read():
    state = random_play(DUEL, 2, seed=4)
    loaded = DUEL.state_from_json(state.to_json(), verify=False)
    assert len(loaded.match.log) == len(state.events) and len(loaded.match.history) == len(state.history)
    assert loaded.match.log._items[0] is None  # not worked out yet
    assert loaded.events == state.events
    assert loaded.match.log._items[0] is not None


def test_a_match_played_on_after_a_trusted_load_keeps_its_whole_past():
    state = random_play(DUEL, 2, seed=6, actions=8)
    loaded = DUEL.state_from_json(state.to_json(), verify=False)
    for s in (state, loaded):
        d = s.pending[0]
        s.apply(d.player, d.options[0])
    assert loaded.to_json() == state.to_json()
    assert loaded.events == state.events and loaded.history == state.history


@pytest.mark.parametrize("name", GAMES)
def test_a_match_read_back_plays_on_exactly_like_the_original(name):
    # Games iterate the match's pieces, zones and counters to list their options,
    # so a match read back must keep their order: a save once sorted them, and an
    # Aztec Skirmish match loaded without verification offered its moves in
    # another order some 40 actions later (the same option index, another move).
    game = boardcore.load_game(name)
    for seed in range(3):
        state = random_play(game, game.player_counts[0], seed=seed, actions=5 + 7 * seed)
        copies = [
            game.state_from_json(state.to_json(), verify=False),
            game.state_from_json(state.to_json(), verify=True),
            pickle.loads(pickle.dumps(state)),
        ]
        choose = random.Random(seed).random
        for _ in range(150):
            if state.is_over:
                break
            decision = state.pending[0]
            index = int(choose() * len(decision.options))
            for twin in copies:
                assert twin.pending == state.pending
                twin.apply(decision.player, twin.pending[0].options[index])
            state.apply(decision.player, decision.options[index])
        for twin in copies:
            assert twin.to_json() == state.to_json()


def test_a_changed_compact_save_is_refused_when_verified_and_its_log_when_trusted():
    state = random_play(DUEL, 2, seed=7, actions=6)
    data = state.to_data()
    data["counters"]["tokens@0"] = data["counters"].get("tokens@0", 0) + 5
    text = json.dumps(data)
    with pytest.raises(InvalidData) as caught:
        DUEL.state_from_json(text)
    assert caught.value.where == "$.counters.tokens@0"
    trusted = DUEL.state_from_json(text, verify=False)
    assert trusted.match.count("tokens", 0) == state.match.count("tokens", 0) + 5
    for read in (lambda: trusted.events, lambda: trusted.history):
        with pytest.raises(InvalidData, match="not what replaying its choices gives") as caught:
            read()
        assert caught.value.where == "$.counters.tokens@0"
    # the position itself is usable, and saving it again keeps it as it was
    assert trusted.pending and json.loads(trusted.to_json()) == data


@pytest.mark.parametrize(
    "history, where, message",
    [
        ([[0, 99]], "$.history[0][1]", "option 99 does not exist"),
        ([[1, 0]], "$.history[0]", "player 1 is not asked anything"),
        ([[5, 0]], "$.history[0][0]", "no seat 5"),
        ([[0, -1]], "$.history[0][1]", "from 0"),
        ([[0, "1"]], "$.history[0][1]", "from 0"),
        ([[0]], "$.history[0]", "a pair"),
    ],
)
def test_bad_choices_are_refused_saying_where(history, where, message):
    data = DUEL.new_state(players=2, seed=1).to_data()
    data["history"] = history
    data["log"] = data["log"] + 1
    for verify in (True, False):
        try:
            state = DUEL.state_from_json(json.dumps(data), verify=verify)
            state.events  # a trusted load replays here
        except InvalidData as exc:
            assert exc.where == where and message in str(exc)
        else:
            raise AssertionError("accepted")


def test_a_compact_save_must_give_its_log_as_a_count():
    data = DUEL.new_state(players=2, seed=1).to_data()
    for value in (-1, "3", 2.0, True, None):
        data["log"] = value
        with pytest.raises(InvalidData) as caught:
            DUEL.state_from_json(json.dumps(data), verify=False)
        assert caught.value.where == "$.log"
    data["log"] = 1
    data["replayable"] = "yes"
    with pytest.raises(InvalidData) as caught:
        DUEL.state_from_json(json.dumps(data), verify=False)
    assert caught.value.where == "$.replayable"


def test_an_arranged_match_saves_its_rows_and_loads_exactly():
    state = arranged(DUEL, players=2, seed=2, dice=[6])
    assert not state.match.replayable
    data = state.to_data()
    assert data["replayable"] is False and isinstance(data["log"], list)
    loaded = DUEL.state_from_json(state.to_json(), verify=False)
    assert loaded.to_json() == state.to_json() and loaded.events == state.events
    played = random_play(DUEL, 2, seed=2, actions=3)
    set_count(played, "tokens", 3, 0)  # arranging mid-game also stops the compact form
    assert played.to_data()["replayable"] is False


def test_a_determinized_copy_is_not_replayable():
    state = random_play(DUEL, 2, seed=8, actions=4)
    copy = state.determinize(0, seed=1)
    assert state.match.replayable and not copy.match.replayable
    assert isinstance(copy.to_data()["history"][0][1], dict)
    # Its save is read back as it is when trusted; verified, it is refused saying why.
    assert DUEL.state_from_json(copy.to_json(), verify=False).to_json() == copy.to_json()
    with pytest.raises(InvalidData, match="not replayable .* read it with verify=False"):
        DUEL.state_from_json(copy.to_json())


def test_rows_on_request_load_as_a_match_that_is_not_replayable():
    state = random_play(DUEL, 2, seed=9, actions=10)
    text = state.to_json(rows=True)
    data = json.loads(text)
    assert data["replayable"] is False and len(data["log"]) == len(state.events)
    assert data["history"][0][1]["kind"]
    trusted = DUEL.state_from_json(text, verify=False)
    assert trusted.to_json(rows=True) == text and trusted.events == state.events
    verified = DUEL.state_from_json(text)  # the replay it is checked against is replayable
    assert verified.match.replayable and verified.to_json() == state.to_json()


UNCHANGED = [name for name in GAMES if boardcore.load_game(name).spec.rules_version == 1]


@pytest.mark.parametrize("name", UNCHANGED)
def test_a_save_of_the_previous_format_still_loads(name):
    """Saves written by boardcore 0.2.0 (``boardcore.match/2``, the log as rows), of
    the games whose decisions have not changed since."""
    game = boardcore.load_game(name)
    text = (SAVES / f"format2-{name}.json").read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["format"] == "boardcore.match/2" and "rules" not in old
    trusted = game.state_from_json(text, verify=False)
    assert not trusted.match.replayable and len(trusted.events) == len(old["log"])
    assert json.loads(trusted.to_json())["zones"] == old["zones"]
    verified = game.state_from_json(text)
    assert verified.match.replayable and verified.history == trusted.history
    # events have gained fields since (a phase's seat, a roll's purpose), and an action performed as a
    # step may come a little later: the same events, each as now recorded
    assert sorted(type(e).__name__ for e in verified.events) == sorted(type(e).__name__ for e in trusted.events)
    assert json.loads(verified.to_json())["format"] == "boardcore.match/3"
    if not verified.is_over:
        d = verified.pending[0]
        verified.apply(d.player, d.options[0])


@pytest.mark.parametrize("verify", [True, False])
def test_a_save_from_before_a_game_changed_its_decisions_is_refused(verify):
    """Prehistoric Warfare's decisions changed (version 2: runs of interchangeable
    generics are one option), so its saved choices would replay into another match:
    a save without ``rules`` was made under version 1 and is refused, saying why."""
    game = boardcore.load_game("prehistoric-warfare")
    assert game.spec.rules_version == 2
    text = (SAVES / "format2-prehistoric-warfare.json").read_text(encoding="utf-8")
    with pytest.raises(InvalidData, match="version 1 of prehistoric-warfare's decisions") as caught:
        game.state_from_json(text, verify=verify)
    assert caught.value.where == "$.rules"


@pytest.mark.parametrize("rules", [2, 0, "1", True, None])
def test_a_save_names_the_version_of_its_games_decisions(rules):
    state = random_play(DUEL, 2, seed=1, actions=10)
    data = json.loads(state.to_json())
    assert data["rules"] == DUEL.spec.rules_version == 1
    assert DUEL.state_from_json(state.to_json()) == state
    data["rules"] = rules
    with pytest.raises(InvalidData) as caught:
        DUEL.state_from_json(json.dumps(data))
    assert caught.value.where == "$.rules"


def test_a_game_declares_a_whole_rules_version():
    with pytest.raises(InvalidData, match="rules_version"):
        boardcore.GameSpec(name="x", summary="x", player_counts=(2,), rules_version=0)


def test_a_changed_save_of_the_previous_format_is_refused_saying_where():
    game = boardcore.load_game("gallic-wars")
    old = json.loads((SAVES / "format2-gallic-wars.json").read_text(encoding="utf-8"))
    old["log"][3]["kind"] = "Nonsense"
    with pytest.raises(InvalidData) as caught:
        game.state_from_json(json.dumps(old))
    assert caught.value.where.startswith("$.log[3]")
