"""scripts/strength.py: --speed times the searches of one game or of all, and refuses a game it does not time."""

from __future__ import annotations

import json
import sys

import pytest

from .loading import load_script


@pytest.fixture(scope="module")
def strength():
    return load_script("strength")


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


def test_merge_appends_only_the_games_the_results_lack(strength, tmp_path, monkeypatch, capsys):
    def row(seats, index, winners):
        return {"game": "gallic-wars", "players": 2, "seats": seats, "seed": 0, "index": index, "commit": "x",
                "winners": winners, "reason": "r", "decisions": [3, 3], "choices": [2, 2], "seconds": [0.5, 0.0]}

    def write(path, rows):
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))

    out, a, b = tmp_path / "results.jsonl", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write(out, [row(["ismcts", "random"], 0, [0])])
    write(a, [row(["ismcts", "random"], 0, [0]), row(["random", "ismcts"], 0, [1])])
    write(b, [row(["ismcts", "random"], 1, [1]), row(["random", "ismcts"], 0, [1])])
    assert strength.merge(out, [a, b]) == 2
    assert strength.merge(out, [a, b]) == 0  # merging again adds nothing
    keys = [(tuple(r["seats"]), r["index"]) for r in map(json.loads, out.read_text().splitlines())]
    assert keys == [(("ismcts", "random"), 0), (("random", "ismcts"), 0), (("ismcts", "random"), 1)]
    monkeypatch.setattr(sys, "argv", ["strength.py", "--merge", str(a), "--out", str(out)])
    assert strength.main() == 0
    captured = capsys.readouterr()
    assert "0 games added" in captured.err and "ismcts" in captured.out
