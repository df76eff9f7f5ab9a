"""A balance report names each seat's side where the game names one ("seat 0
(Romans)"), in its figures, its JSON and its plain reading; a configuration whose
options give the seats other sides says so."""

from __future__ import annotations

import pytest

from boardcore.report import MatchRecord, balance
from boardcore.report._stats import findings

import toy


def record(index, winners, game="gallic-wars", options=None, players=2):
    return MatchRecord(
        game=game, plugins=(), options=dict(options or {}), players=players, bots=("random",) * players, run_seed=0,
        index=index, seed=index, winners=tuple(winners), reason="won", turns=5, decisions=30, scores=None, first=0,
        held=((),) * players, played=((),) * players,
    )  # fmt: skip


def test_the_sides_of_the_seats_are_named_in_the_report():
    report = balance([record(i, [1] if i < 94 else [0]) for i in range(100)])
    (summary,) = report.summaries
    assert summary.sides == ("Romans", "Celts")
    assert report.to_dict()["configurations"][0]["sides"] == ["Romans", "Celts"]
    assert any(line.startswith("Seat 1 (Celts) wins 94.0%") for line in findings(summary))


def test_options_that_change_sides_are_reported_with_each_configurations_sides(tmp_path):
    pytest.importorskip("matplotlib")
    records = [record(i, [i % 2]) for i in range(40)] + [record(i, [0], options={"romans": 1}) for i in range(40)]
    report = balance(records)
    assert [s.sides for s in report.summaries] == [("Romans", "Celts"), ("Celts", "Romans")]
    html = report.write(tmp_path)["html"].read_text(encoding="utf-8")
    # seats differ in side between the configurations: the side is said in each cell
    assert "<b>Celts</b> 100.0%" in html and "<b>Romans</b> 50.0%" in html


def test_a_game_without_sides_names_seats_only(installed_toys):
    report = balance([record(i, [i % 2], game=toy.DUEL) for i in range(20)])
    (summary,) = report.summaries
    assert summary.sides == () and report.to_dict()["configurations"][0]["sides"] is None
    assert summary.seat_name(0) == "seat 0"
