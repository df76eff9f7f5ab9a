"""Data never runs code, and answers are checked against what was offered (issue: hardening)."""

from __future__ import annotations

import json
import subprocess
import sys

import attrs
import pytest

import boardcore


@pytest.fixture
def evil(tmp_path, monkeypatch):
    """A module that leaves a mark when imported, importable from ``tmp_path``."""
    marker = tmp_path / "imported"
    (tmp_path / "evil_plugin.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return marker


def saved_naming(tmp_path, plugin: str):
    game = boardcore.load_game("gallic-wars")
    data = game.new_state(players=2, seed=1).to_data()
    data["plugins"] = [plugin]
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return game, path


def test_state_from_json_imports_no_plugin_a_file_names(tmp_path, evil):
    game, path = saved_naming(tmp_path, "evil_plugin")
    with pytest.raises(boardcore.InvalidData, match=r"\$\.plugins"):
        game.state_from_json(path.read_text(encoding="utf-8"))
    assert not evil.exists()


def test_load_game_looks_plugin_names_up_among_entry_points_only(evil):
    with pytest.raises(boardcore.PluginError, match="evil_plugin: no installed plugin"):
        boardcore.load_game("gallic-wars", plugins=["evil_plugin"])
    assert not evil.exists()


def test_replay_from_the_command_line_imports_nothing_a_file_names(tmp_path, evil):
    _, path = saved_naming(tmp_path, "evil_plugin")
    # Run from the folder that holds the module, where a plain import would find it.
    done = subprocess.run(
        [sys.executable, "-m", "boardcore", "replay", str(path)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2, done.stderr
    assert "evil_plugin" in done.stderr and "not installed" in done.stderr and "$.plugins" in done.stderr
    assert not evil.exists()


@attrs.frozen(eq=False)
class Flatterer(boardcore.actions.Action):
    """Claims to equal every action."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_apply_refuses_an_object_that_only_claims_to_be_an_option():
    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=3)
    before = state.to_json()
    with pytest.raises(boardcore.IllegalAction):
        state.apply(0, Flatterer())
    assert state.to_json() == before


def test_apply_hands_the_rules_the_engines_own_option():
    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=3)
    offered = state.pending[0].options[0]
    copy = boardcore.from_data(boardcore.actions.Pick, boardcore.to_data(offered))
    assert copy == offered and copy is not offered
    state.apply(0, copy)
    assert state.history[-1][1] is offered


def test_events_for_a_player_hide_the_cards_others_drew():
    from boardcore_gallic_wars import HAND

    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=3)
    full = [e for e in state.events if isinstance(e, boardcore.events.CardsMoved) and e.target == HAND[1]]
    mine = [e for e in state.events_for(1) if isinstance(e, boardcore.events.CardsMoved) and e.target == HAND[1]]
    theirs = [e for e in state.events_for(0) if isinstance(e, boardcore.events.CardsMoved) and e.target == HAND[1]]
    assert full and mine == full  # seat 1 sees its own draw
    assert [len(e.cards) for e in theirs] == [len(e.cards) for e in full]
    assert all(c == "?" for e in theirs for c in e.cards)  # seat 0 sees how many, not which
    assert len(state.events_for(0)) == len(state.events)  # nothing is left out, only hidden


def test_events_for_a_seat_that_does_not_exist_is_invalid_data():
    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=3)
    with pytest.raises(boardcore.InvalidData):
        state.events_for(5)
