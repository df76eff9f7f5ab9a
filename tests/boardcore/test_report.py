"""Balance reports: the statistics, the files written, and the ``report`` command glue."""

from __future__ import annotations

import argparse
import json

import attrs
import pytest

import boardcore
from boardcore.report import MatchRecord, add_report_command, balance, read_records, wilson, write_records

import toy
import toycards

PNG = b"\x89PNG\r\n\x1a\n"
CARDS = ("R-GW01", "R-GW02", "C-GW01", "C-GW02")  # Caesar, Labienus, Vercingetorix, ...


def record(index, winners, first=0, held=((), ()), played=((), ()), turns=5, reason="won", plugins=(), players=2):
    return MatchRecord(
        game="gallic-wars",
        plugins=tuple(plugins),
        options={},
        players=players,
        bots=("random",) * players,
        run_seed=0,
        index=index,
        seed=index,
        winners=tuple(winners),
        reason=reason,
        turns=turns,
        decisions=turns * 6,
        scores=None,
        first=first,
        held=tuple(tuple(h) for h in held),
        played=tuple(tuple(p) for p in played),
    )


# -- statistics ------------------------------------------------------------------------


def test_wilson_gives_the_textbook_values_and_stays_inside_0_and_1():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(94, 100) == pytest.approx((0.8752, 0.9722), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert high - low > wilson(500, 1000)[1] - wilson(500, 1000)[0]  # more games, a narrower interval


def test_seat_rates_first_player_advantage_and_endings():
    records = [record(i, [0] if i < 90 else [1], first=i % 2, reason="limit" if i < 60 else "conquest") for i in range(100)]
    records += [record(100, [0, 1]), record(101, [])]
    (summary,) = balance(records).summaries
    assert [s.count for s in summary.seats] == [90, 10]
    assert (summary.shared.count, summary.nobody.count, summary.games) == (1, 1, 102)
    assert summary.fair == pytest.approx(0.5 * 100 / 102)
    # seat 0 began in the even games: 50 of its 90 wins, plus 5 more by seat 1 in odd games >= 90
    assert summary.first.count == 45 + 5
    assert summary.first_advantage == pytest.approx(50 / 102 - summary.fair)
    assert [(reason, rate.count) for reason, rate in summary.reasons] == [("limit", 60), ("conquest", 40), ("won", 2)]
    data = balance(records).to_dict()["configurations"][0]
    assert data["seats"][0]["low"] > data["fair_share"] > data["seats"][1]["high"]
    assert data["first_player_advantage"] == pytest.approx(summary.first_advantage)


def test_findings_say_when_a_seat_wins_more_than_chance_explains():
    from boardcore.report._stats import findings

    lopsided = balance([record(i, [1] if i < 94 else [0]) for i in range(100)]).summaries[0]
    text = " ".join(findings(lopsided))
    assert "Seat 1 (Celts) wins 94.0%" in text and "more than the fair share of 50.0%" in text
    even = balance([record(i, [i % 2]) for i in range(100)]).summaries[0]
    assert "No seat's win rate differs" in findings(even)[0]


def test_a_card_is_rated_against_what_its_seat_wins_anyway():
    records = []
    for i in range(200):
        # seat 0 wins 3 games in 4; it alone ever holds Caesar, so Caesar says nothing by itself.
        # Vercingetorix goes to whoever wins: it stands out. Labienus is held only 10 times: too rare.
        winner = 0 if i % 4 else 1
        held = [["R-GW01"], []]
        held[winner].append("C-GW01")
        if i < 10:
            held[1].append("R-GW02")
        records.append(record(i, [winner], held=held))
    (summary,) = balance(records, min_sample=30).summaries
    by_card = {c.card.split(" (")[0]: c for c in summary.held.rated}
    assert set(by_card) == {"Caesar", "Vercingetorix"}
    assert by_card["Caesar"].expected == pytest.approx(0.75) and by_card["Caesar"].lift == pytest.approx(0)
    assert not by_card["Caesar"].stands_out
    assert by_card["Vercingetorix"].seen.rate == 1.0 and by_card["Vercingetorix"].stands_out
    assert [c.split(" (")[0] for c in summary.held.too_few] == ["Labienus"]
    assert by_card["Caesar"].card == boardcore.load_game("gallic-wars").cards["R-GW01"].text


def test_a_card_is_not_credited_with_the_win_of_a_seat_that_simply_saw_many_cards():
    # Winners tend to see more cards. In half the games the winner saw five cards and
    # the loser two: Caesar, seen only in those five-card hauls, is a winner's card
    # against the seat's plain rate (a half), but no more than any five-card haul.
    # In the other half both saw three cards and only Vercingetorix told them apart.
    records = []
    for i in range(400):
        winner = (i // 2) % 2
        held: list[list[str]] = [[], []]
        if i % 2:
            held[winner] = ["R-GW03", "R-GW04", "R-GW05", "R-GW06", "R-GW01"]  # R-GW01 is Caesar
            held[1 - winner] = ["R-GW03", "R-GW04"]
        else:
            held[winner] = ["R-GW03", "R-GW04", "C-GW01"]  # C-GW01 is Vercingetorix
            held[1 - winner] = ["R-GW03", "R-GW04", "R-GW07"]
        records.append(record(i, [winner], held=held))
    (summary,) = balance(records, min_sample=30).summaries
    by_card = {c.card.split(" (")[0]: c for c in summary.held.rated}
    caesar, vercingetorix = by_card["Caesar"], by_card["Vercingetorix"]
    assert caesar.seen.rate == 1.0 and caesar.expected == pytest.approx(1.0) and not caesar.stands_out
    assert vercingetorix.seen.rate == 1.0 and vercingetorix.expected == pytest.approx(0.5) and vercingetorix.stands_out


def test_configurations_are_reported_side_by_side_in_the_order_they_appear():
    records = [record(i, [i % 2]) for i in range(40)] + [record(i, [0], plugins=["gw-turncoats"]) for i in range(40)]
    report = balance(records)
    assert [s.config.label for s in report.summaries] == ["base game, 2 players", "gw-turncoats, 2 players"]
    assert [s.seats[0].count for s in report.summaries] == [20, 40]


def test_a_variant_is_read_against_the_base_game_on_the_same_players_and_bots():
    from boardcore.report._stats import against_base, base_of, difference

    base = [record(i, [0] if i < 90 else [1], reason="streak") for i in range(100)]
    variant = [record(i, [0] if i < 50 else [1], reason="streak" if i < 70 else "last hand", plugins=["gw-turncoats"]) for i in range(100)]
    summaries = balance(base + variant).summaries
    assert base_of(summaries[1], summaries) is summaries[0] and base_of(summaries[0], summaries) is None
    lines = against_base(summaries[0], summaries[1])
    assert lines[0].startswith("With gw-turncoats, 2 players, seat 0 (Romans) wins 50.0% of the time against 90.0% in the base game (-40.0 points")
    assert any("end by \u201clast hand\u201d 30.0% of the time against 0.0%" in line for line in lines)
    # the interval of a difference leaves out zero only when the samples say so
    d, low, high = difference(summaries[0].seats[0], summaries[0].seats[0])
    assert d == 0 and low < 0 < high
    same = balance(base + [attrs.evolve(r, plugins=("gw-turncoats",)) for r in base]).summaries
    assert against_base(same[0], same[1]) == [
        "With gw-turncoats, 2 players, no seat's win rate and no ending differs from the base game's by more than chance explains."
    ]


def test_balance_refuses_no_records_and_mixed_games():
    with pytest.raises(boardcore.InvalidData, match="no records"):
        balance([])
    mixed = [record(0, [0])]
    mixed.append(MatchRecord.from_dict({**record(1, [0]).to_dict(), "game": "aztec-skirmish"}))
    with pytest.raises(boardcore.InvalidData, match="several games"):
        balance(mixed)


# -- the files -------------------------------------------------------------------------


@pytest.mark.slow  # plays a few hundred games and draws every figure
def test_the_report_is_one_self_contained_html_file_with_png_figures(tmp_path):
    pytest.importorskip("matplotlib", reason="the figures need the report extra (matplotlib)")
    records = [record(i, [i % 3 == 0], held=[["R-GW01"], ["C-GW01"]], turns=3 + i % 7, players=2) for i in range(60)]
    files = balance(records).write(tmp_path / "out", command="boardcore report gallic-wars")
    names = set(files)
    assert {"html", "json", "win-rates", "lengths", "endings", "cards"} <= names
    for name in names - {"html", "json"}:
        assert files[name].read_bytes().startswith(PNG), name
    html = files["html"].read_text(encoding="utf-8")
    assert html.count("data:image/png;base64,") == len(names) - 2
    assert "http://" not in html and "https://" not in html and "<script" not in html
    assert "95% interval" in html and "What this report cannot tell" in html
    assert "Caesar" in html
    assert json.loads(files["json"].read_text(encoding="utf-8"))["games"] == 60


# -- the command -----------------------------------------------------------------------


def command(capsys, *argv):
    parser = argparse.ArgumentParser(prog="boardcore")
    add_report_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    code = args.run(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow  # plays a few hundred games and draws every figure
@pytest.mark.usefixtures("installed_toys")
def test_report_plays_then_rebuilds_the_same_figures_from_its_records(capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="the figures need the report extra (matplotlib)")
    records = tmp_path / "runs.jsonl"
    code, out, err = command(
        capsys, "report", toycards.NAME, "-n", "40", "--players", "2,3", "--seed", "3", "--out", str(tmp_path / "a"),
        "--records", str(records), "--json", "--min-sample", "10",
    )  # fmt: skip
    assert (code, err) == (0, "")
    played = json.loads(out)
    assert [c["config"]["players"] for c in played["configurations"]] == [2, 3]
    assert (tmp_path / "a" / "player-counts.png").read_bytes().startswith(PNG)
    assert (tmp_path / "a" / "cards-2.png").exists()
    assert len(read_records(records)) == 80
    code, out, _ = command(capsys, "report", toycards.NAME, "--from", str(records), "--out", str(tmp_path / "b"), "--json", "--min-sample", "10")
    rebuilt = json.loads(out)
    assert code == 0
    assert {k: v for k, v in rebuilt.items() if k != "files"} == {k: v for k, v in played.items() if k != "files"}
    assert any(c["cards_played"]["rated"] for c in rebuilt["configurations"])
    # A report of one configuration into the same folder leaves no figure of the old one.
    code, _, _ = command(capsys, "report", toycards.NAME, "-n", "20", "--players", "2", "--min-sample", "3", "--out", str(tmp_path / "a"))
    assert code == 0 and (tmp_path / "a" / "cards.png").exists()
    assert not (tmp_path / "a" / "cards-2.png").exists() and not (tmp_path / "a" / "player-counts.png").exists()
    # The same run given twice would count every game twice: refused, saying where.
    code, _, err = command(capsys, "report", toycards.NAME, "--from", str(records), "--from", str(records), "--out", str(tmp_path / "c"))
    assert code == 2 and f"{records}: record 1: game 0 of the run with seed 3 is already in {records}: record 1" in err
    assert not (tmp_path / "c").exists()


@pytest.mark.usefixtures("installed_toys")
def test_report_compares_a_variant_with_the_base_game(capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="the figures need the report extra (matplotlib)")
    code, out, _ = command(capsys, "report", toy.DUEL, "-n", "12", "--variant", "toy_trebuchet", "--out", str(tmp_path), "--json")
    assert code == 0
    data = json.loads(out)
    assert [c["config"]["plugins"] for c in data["configurations"]] == [[], ["toy_trebuchet"]]
    assert data["configurations"][0]["first_player"] is None  # every seat acts in every turn
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "base game, 2 players" in html and "toy_trebuchet, 2 players" in html


@pytest.mark.usefixtures("installed_toys")
@pytest.mark.parametrize(
    "argv, message",
    [
        (["report", "no-such-game", "-n", "2"], "no game named 'no-such-game'"),
        (["report", toycards.NAME, "-n", "2", "--bots", "nobody"], "nobody"),
        (["report", toycards.NAME, "-n", "2", "--players", "7"], "--players: '7' is not a player count"),
        (["report", toycards.NAME, "-n", "2", "--players", "2,3", "--bots", "random,first"], "one bot per seat"),
        (["report", toycards.NAME, "--from", "MISSING"], "MISSING: cannot read"),
        (["report", toycards.NAME, "--from", "BAD", "-n", "5"], "--games cannot be used with --from"),
        (["report", toycards.NAME, "--from", "BAD"], "BAD:2: winners"),
        (["report", toycards.NAME, "-n", "2", "--option", "colour"], "KEY=VALUE"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    good = {**record(0, [0]).to_dict(), "game": toycards.NAME}
    (tmp_path / "BAD").write_text(json.dumps(good) + "\n" + json.dumps({**good, "winners": "0"}) + "\n", encoding="utf-8")
    code, out, err = command(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("boardcore: error: ") and err.count("\n") == 1
    assert message in err


def test_a_wrong_option_is_the_parser_s_own_error(capsys):
    with pytest.raises(SystemExit) as info:
        command(capsys, "report", "gallic-wars", "--backend", "spark")
    assert info.value.code == 2


def test_write_then_read_records_keeps_them(tmp_path):
    records = [record(i, [i % 2], held=[["R-GW01"], []]) for i in range(3)]
    write_records(tmp_path / "r.jsonl", records)
    assert read_records(tmp_path / "r.jsonl") == records
