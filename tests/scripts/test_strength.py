"""scripts/strength.py: --speed times the searches of one game or of all, and refuses a game it does not time."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "strength.py"


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("strength_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_speed_of_one_game_times_that_game_only(strength):
    lines = strength.speed(2, seed=0, spec="ismcts:iterations=3", only="gallic-wars").splitlines()
    assert lines[0].startswith("ismcts:iterations=3: seconds per decision")
    assert len(lines) == 2 and lines[1].split()[0] == "gallic-wars" and "iterations/s" in lines[1]


def test_speed_with_an_unknown_game_is_a_usage_error(strength, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["strength.py", "--speed", "2", "--game", "chess"])
    with pytest.raises(SystemExit) as stop:
        strength.main()
    assert stop.value.code == 2
    assert "--game: expected one of gallic-wars" in capsys.readouterr().err
