"""Tournaments: every pairing and seat order, win rates with intervals, time per decision."""

from __future__ import annotations

import json

import pytest

import boardcore
from boardcore import cli
from boardcore.tournament import lineups, tournament, wilson

pytestmark = pytest.mark.usefixtures("installed_toys")


def test_lineups_seat_each_bot_alone_in_every_seat_once():
    assert lineups(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    assert lineups(["a", "b"], 3) == [
        ("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a"),
        ("b", "a", "a"), ("a", "b", "a"), ("a", "a", "b"),
    ]
    assert len(lineups(["a", "b", "c"], 2)) == 6
    assert lineups(["a", "b"], 3, alone="a") == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]


def test_the_wilson_interval_holds_the_rate_and_stays_within_0_and_1():
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.9 < high < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_pairing_plays_both_seat_orders_and_the_figures_add_up():
    report = tournament("toy-duel", ["first", "random", "ismcts:iterations=3,horizon=4"], games=3, seed=2)
    assert len(report.lineups) == 6 and all(len(played) == 3 for _, played in report.lineups)
    by_pair = {(s.bot, s.opponent): s for s in report.standings}
    assert len(by_pair) == 6
    for (a, b), s in by_pair.items():
        other = by_pair[(b, a)]
        assert s.games == other.games == 6
        assert s.wins + other.wins + s.shared <= s.games
        assert s.low <= s.rate <= s.high
    timing = {t.bot: t for t in report.timings}
    assert timing["ismcts:iterations=3,horizon=4"].decisions > 0 and timing["first"].seconds >= 0


def test_a_tournament_repeats_for_its_seed_whatever_the_workers():
    one = tournament("toy-duel", ["first", "random"], games=4, seed=9).to_dict()
    two = tournament("toy-duel", ["first", "random"], games=4, seed=9, workers=2).to_dict()
    assert one["lineups"] == two["lineups"] and one["standings"] == two["standings"]


def test_the_command_prints_a_table_and_json(capsys):
    code = cli.main(["tournament", "toy-duel", "--bots", "ismcts:iterations=2,horizon=3,random", "-n", "2"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "ismcts:iterations=2,horizon=3  random" in out and "95% interval" in out and "decisions/s" in out
    code = cli.main(["tournament", "toy-duel", "--bots", "first,random", "-n", "2", "--players", "3", "--json"])
    out, _ = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and data["players"] == 3 and len(data["lineups"]) == 6
    assert {s["bot"] for s in data["standings"]} == {"first", "random"}
    assert {"bot", "decisions", "seconds", "mean_seconds"} <= set(data["timings"][0])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--bots", "random"], "at least two different bots"),
        (["--bots", "random,random"], "at least two different bots"),
        (["--bots", "random,nobody"], "no bot named 'nobody' is installed"),
        (["--bots", "random,ismcts:iterations=0"], "bot ismcts: iterations"),
        (["--bots", "random,ismcts:depth=2"], "bot ismcts: depth: the bot has no such setting"),
        (["--bots", "random,first", "--players", "9"], "cannot be played by 9 players"),
    ],
)
def test_bad_tournaments_are_clear_errors(capsys, argv, message):
    code = cli.main(["tournament", "toy-duel", "-n", "1", *argv])
    _, err = capsys.readouterr()
    assert code == 2 and message in err and "Traceback" not in err


def test_the_games_option_must_be_positive(capsys):
    with pytest.raises(SystemExit) as exit:
        cli.main(["tournament", "toy-duel", "--bots", "first,random", "-n", "0"])
    assert exit.value.code == 2


def test_an_unknown_game_is_an_error_of_the_library():
    with pytest.raises(boardcore.UnknownGame):
        tournament("chess", ["first", "random"], games=1)
