"""The ``boardcore`` command line, run in-process through ``boardcore.cli.main``."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

import boardcore
from boardcore import cli

CONTRACT_KEYS = {"game", "players", "games", "seed", "wins", "draws", "mean_actions", "mean_turns", "seconds", "actions_per_second"}


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_installed_games_with_players_and_summary(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("gallic-wars"))
    assert "2 players" in line and "Romans" in line


def test_simulate_json_has_the_contract_keys_and_adds_up(capsys):
    code, out, _ = run(capsys, "simulate", "gallic-wars", "-n", "40", "--seed", "3", "--json")
    assert code == 0
    report = json.loads(out)
    assert CONTRACT_KEYS <= set(report)
    assert report["games"] == 40 and report["players"] == 2 and report["seed"] == 3
    assert sum(report["wins"]) + report["draws"] == 40
    assert len(report["wins"]) == 2


def test_simulate_gives_the_same_figures_for_any_number_of_workers(capsys):
    _, one, _ = run(capsys, "simulate", "gallic-wars", "-n", "60", "--seed", "5", "--json")
    _, two, _ = run(capsys, "simulate", "gallic-wars", "-n", "60", "--seed", "5", "--json", "--workers", "2")
    a, b = json.loads(one), json.loads(two)
    for key in ("wins", "draws", "mean_actions", "mean_turns"):
        assert a[key] == b[key]


def test_simulate_with_a_plugin_and_per_seat_bots(capsys):
    code, out, _ = run(capsys, "simulate", "gallic-wars", "-n", "5", "--plugins", "gw-turncoats", "--bots", "random,first", "--json")
    assert code == 0
    assert json.loads(out)["bots"] == ["random", "first"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "no-such-game"], "no game named 'no-such-game'"),
        (["simulate", "gallic-wars", "--players", "3"], "cannot be played by 3 players"),
        (["simulate", "gallic-wars", "--bots", "nobody"], "nobody"),
        (["simulate", "gallic-wars", "--bots", "random,random,random"], "3 bots for 2 seats"),
        (["simulate", "gallic-wars", "--plugins", "nope"], "plugin nope"),
    ],
)
def test_bad_arguments_give_a_clear_error_and_exit_code_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["simulate", "gallic-wars", "-n", "zero"], ["simulate", "gallic-wars", "-n", "0"], ["frobnicate"]])
def test_malformed_options_are_rejected_by_the_parser(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def play(tmp_path: Path, answers: str, **extra) -> tuple[int, str, Path]:
    extra.setdefault("option", [])
    save = tmp_path / "match.json"
    args = argparse.Namespace(
        game="gallic-wars", players=None, seat=0, bots="random", seed=7, save=save, plugins="", **extra
    )
    out = io.StringIO()
    code = cli.cmd_play(args, stdin=io.StringIO(answers), stdout=out)
    return code, out.getvalue(), save


def test_play_reprompts_on_bad_input_and_saves_the_match(tmp_path):
    code, out, save = play(tmp_path, "banana\n99\n1\nq\n")
    assert code == 0
    assert "'banana' is not a number" in out
    assert "99 is not between 1 and 9" in out
    game = boardcore.load_game("gallic-wars")
    saved = game.state_from_json(save.read_text())
    assert len(saved.history) >= 1 and saved.history[0][0] == 0


def test_play_a_whole_game_by_always_answering_done(tmp_path):
    # Option 9 is "done" while 8 cards are offered; keep answering until the game ends.
    code, out, save = play(tmp_path, "9\n" * 40)
    assert code == 0 and "Game over" in out


def test_play_never_shows_the_opponents_hand(tmp_path):
    _, out, _ = play(tmp_path, "q\n")
    assert "hand:1 [8 hidden]" in out


def test_replay_steps_through_a_saved_game(tmp_path, capsys):
    play(tmp_path, "9\n" * 40)
    code, out, _ = run(capsys, "replay", str(tmp_path / "match.json"))
    assert code == 0
    assert "[1] seat" in out and "result:" in out


def test_replay_of_a_broken_file_says_what_and_where(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "gallic-wars", "plugins": [], "format": "boardcore.match/1"}')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "missing keys" in err
    bad.write_text("not json")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "bad.json" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "absent.json"))
    assert code == 2 and "absent.json" in err


def test_setup_options_reach_the_game(capsys):
    _, default, _ = run(capsys, "simulate", "gallic-wars", "-n", "30", "--seed", "4", "--json")
    _, swapped, _ = run(capsys, "simulate", "gallic-wars", "-n", "30", "--seed", "4", "--json", "--option", "romans=1")
    assert json.loads(swapped)["options"] == {"romans": 1}
    report = json.loads(swapped)
    assert sum(report["wins"]) + report["draws"] == 30
    assert json.loads(default)["options"] == {}
    code, _, err = run(capsys, "simulate", "gallic-wars", "-n", "2", "--option", "romans=9")
    assert code == 2 and "romans must be seat 0 or 1" in err
    code, _, err = run(capsys, "simulate", "gallic-wars", "--option", "romans")
    assert code == 2 and "KEY=VALUE" in err


def test_play_shows_turns_not_set_up_bookkeeping(tmp_path):
    _, out, _ = play(tmp_path, "q\n", option=["romans=1"])
    assert "MatchStarted" not in out and "PieceAdded" not in out
    assert "== turn 1 ==" in out and "sides: [celts; romans]" in out
