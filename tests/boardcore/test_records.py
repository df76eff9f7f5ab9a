"""Per-match records: ``simulate(records=...)``, ``simulate --records`` and reading them back."""

from __future__ import annotations

import argparse
import json

import pytest

import boardcore
from boardcore.report import MatchRecord, add_simulate_options, read_records, simulate_options, write_records
from boardcore.simulate import simulate

import toycards

pytestmark = pytest.mark.usefixtures("installed_toys")


def lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_simulate_writes_one_record_per_game_in_game_order(tmp_path):
    path = tmp_path / "runs.jsonl"
    report = simulate(toycards.NAME, games=12, seed=4, bots=["random", "first"], records=path)
    rows = lines(path)
    assert [row["index"] for row in rows] == list(range(12))
    assert {row["game"] for row in rows} == {toycards.NAME}
    assert all(row["bots"] == ["random", "first"] and row["run_seed"] == 4 and row["v"] == 1 for row in rows)
    wins = [sum(1 for row in rows if row["winners"] == [seat]) for seat in range(2)]
    assert wins == list(report.wins)
    assert sum(row["decisions"] for row in rows) / 12 == report.mean_actions
    assert sum(row["turns"] for row in rows) / 12 == report.mean_turns


def test_a_record_gives_the_seed_that_replays_its_match(tmp_path):
    path = tmp_path / "runs.jsonl"
    simulate(toycards.NAME, games=3, seed=9, bots=["first"], records=path)
    record = read_records(path)[2]
    game = boardcore.load_game(toycards.NAME)
    state = game.new_state(players=record.players, seed=record.seed)
    while not state.is_over:
        decision = state.pending[0]
        state.apply(decision.player, decision.options[0])  # what the "first" bot does
    assert (state.result.winners, state.result.reason, state.turn, len(state.history)) == (
        record.winners,
        record.reason,
        record.turns,
        record.decisions,
    )


def test_records_say_who_began_and_which_cards_each_seat_held_and_played(tmp_path):
    path = tmp_path / "runs.jsonl"
    simulate(toycards.NAME, games=10, seed=2, records=path)
    records = read_records(path)
    assert {r.first for r in records} == {1}  # in toy-cards the last seat begins
    game = boardcore.load_game(toycards.NAME)
    for r in records:
        assert all(len(hand) >= 3 for hand in r.held)  # everybody is dealt 3 cards
        assert all(card in game.cards for hand in r.held for card in hand)
        for held, played in zip(r.held, r.played):
            assert set(played) <= set(held)  # toy-cards plays only from the hand
    assert any(played for r in records for played in r.played)


def test_records_do_not_change_the_figures_and_agree_across_worker_counts(tmp_path):
    plain = simulate(toycards.NAME, games=16, seed=5).to_dict()
    one = simulate(toycards.NAME, games=16, seed=5, records=tmp_path / "one.jsonl").to_dict()
    two = simulate(toycards.NAME, games=16, seed=5, workers=2, records=tmp_path / "two.jsonl").to_dict()
    for report in (plain, one, two):
        for key in ("seconds", "actions_per_second", "workers"):
            report.pop(key)
    assert plain == one == two
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()


def test_on_record_sees_the_records_the_file_holds(tmp_path):
    seen: list[MatchRecord] = []
    simulate(toycards.NAME, games=5, seed=1, records=tmp_path / "r.jsonl", on_record=seen.append)
    assert read_records(tmp_path / "r.jsonl") == seen
    write_records(tmp_path / "again.jsonl", seen)
    assert (tmp_path / "again.jsonl").read_bytes() == (tmp_path / "r.jsonl").read_bytes()


def test_the_simulate_options_glue_passes_records_and_backend_through(tmp_path):
    parser = argparse.ArgumentParser()
    add_simulate_options(parser)
    args = parser.parse_args(["--records", str(tmp_path / "x.jsonl")])
    assert simulate_options(args) == {"records": tmp_path / "x.jsonl", "backend": "local", "address": None}
    simulate(toycards.NAME, games=2, **simulate_options(args))
    assert len(read_records(tmp_path / "x.jsonl")) == 2
    assert simulate_options(argparse.Namespace()) == {"records": None, "backend": "local", "address": None}
    with pytest.raises(SystemExit):
        parser.parse_args(["--backend", "spark"])


@pytest.mark.parametrize(
    "kwargs, where",
    [({"backend": "spark"}, "backend"), ({"address": "ray://h:10001"}, "address")],
)
def test_simulate_refuses_a_bad_backend_or_a_stray_address(kwargs, where):
    with pytest.raises(boardcore.InvalidData) as info:
        simulate(toycards.NAME, games=2, **kwargs)
    assert info.value.where == where


def test_a_plugin_object_is_recorded_by_name_and_refused_for_other_processes(tmp_path):
    import boardcore_gw_turncoats as turncoats

    path = tmp_path / "runs.jsonl"
    simulate("gallic-wars", games=3, plugins=[turncoats], records=path)
    assert {r.plugins for r in read_records(path)} == {("boardcore_gw_turncoats",)}
    with pytest.raises(boardcore.InvalidData, match="cannot be sent to other processes") as info:
        simulate("gallic-wars", games=3, plugins=[turncoats], workers=2)
    assert info.value.where == "plugins"


def test_the_ray_backend_without_ray_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # as if not installed
    with pytest.raises(boardcore.InvalidData, match=r"boardcore\[ray\]"):
        simulate(toycards.NAME, games=2, backend="ray", records=tmp_path / "r.jsonl")
    assert not (tmp_path / "r.jsonl").exists()  # refused before anything was written


# -- reading bad files -----------------------------------------------------------------


def good_line() -> dict:
    return {
        "v": 1,
        "game": "toy-cards",
        "plugins": [],
        "options": {},
        "players": 2,
        "bots": ["random", "random"],
        "run_seed": 0,
        "index": 0,
        "seed": 12,
        "winners": [1],
        "reason": "goal",
        "turns": 7,
        "decisions": 40,
        "scores": None,
        "first": 1,
        "held": [["a"], ["b"]],
        "played": [[], ["b"]],
    }


@pytest.mark.parametrize(
    "bad, where, message",
    [
        ("{not json", "runs.jsonl:3", "Expecting property name"),
        ('["a list"]', "runs.jsonl:3", "a JSON object"),
        (json.dumps({**good_line(), "v": 2}), "runs.jsonl:3", "not a version 1"),
        (json.dumps({k: v for k, v in good_line().items() if k != "winners"}), "runs.jsonl:3: winners", "expected list"),
        (json.dumps({**good_line(), "winners": [2]}), "runs.jsonl:3: winners", "seat from 0 to 1"),
        (json.dumps({**good_line(), "turns": True}), "runs.jsonl:3: turns", "expected int"),
        (json.dumps({**good_line(), "held": [["a"]]}), "runs.jsonl:3: held", "one per seat"),
        (json.dumps({**good_line(), "game": "toy-duel"}), "runs.jsonl:3: game", "not of 'toy-cards'"),
    ],
)
def test_a_malformed_line_is_named_by_file_and_line(tmp_path, bad, where, message):
    path = tmp_path / "runs.jsonl"
    path.write_text(json.dumps(good_line()) + "\n\n" + bad + "\n", encoding="utf-8")
    with pytest.raises(boardcore.InvalidData, match=message) as info:
        read_records(path, game="toy-cards")
    assert info.value.where == str(tmp_path / where)


def test_missing_empty_and_parquet_files_are_refused(tmp_path):
    with pytest.raises(boardcore.InvalidData, match="cannot read"):
        read_records(tmp_path / "nowhere.jsonl")
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    with pytest.raises(boardcore.InvalidData, match="holds no records"):
        read_records(tmp_path / "empty.jsonl")
    with pytest.raises(boardcore.InvalidData, match="Parquet"):
        write_records(tmp_path / "runs.parquet", [])
    (tmp_path / "binary.jsonl").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(boardcore.InvalidData, match="binary.jsonl:1"):
        read_records(tmp_path / "binary.jsonl")


def test_a_good_line_round_trips():
    record = MatchRecord.from_dict(good_line())
    assert record.to_dict() == good_line()
