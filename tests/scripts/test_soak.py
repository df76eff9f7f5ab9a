"""scripts/soak.py: results appended shard by shard, a rerun resumes, the report totals them."""

from __future__ import annotations

import json

import pytest

from .loading import load_script


@pytest.fixture(scope="module")
def soak():
    return load_script("soak")


def test_a_rerun_skips_the_recorded_shards_and_the_report_totals_them(soak, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(soak, "SHARD", 2)
    out = tmp_path / "soak.jsonl"
    args = ["--game", "gallic-wars", "--games", "3", "--workers", "1", "--out", str(out)]
    assert soak.main(args) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((r["shard"], r["games"]) for r in rows) == [(0, 2), (1, 1)]
    assert all(r["actions"] > 0 and r["every"] == soak.EVERY["gallic-wars"] for r in rows)
    assert soak.main(args) == 0  # nothing left to run: the file is unchanged
    assert len(out.read_text().splitlines()) == 2
    capsys.readouterr()
    assert soak.main(["--report", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "gallic-wars" in table and " 3 " in table


def test_a_failing_shard_is_recorded_with_its_reproducer_and_fails_the_run(soak, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(soak.INVARIANTS, "gallic-wars", ("tests.scripts.always_broken", "check"))
    out = tmp_path / "soak.jsonl"
    monkeypatch.setattr(soak, "SHARD", 1)
    assert soak.main(["--game", "gallic-wars", "--games", "1", "--workers", "1", "--out", str(out)]) == 1
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert "game invariants" in row["failure"] and "reproduce with" in row["failure"]
    assert "reproduce with" in capsys.readouterr().out


def test_an_unknown_game_is_a_usage_error(soak, tmp_path):
    with pytest.raises(SystemExit) as stopped:
        soak.main(["--game", "chess", "--out", str(tmp_path / "x.jsonl")])
    assert stopped.value.code == 2
