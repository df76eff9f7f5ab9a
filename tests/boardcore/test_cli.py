"""The ``boardcore`` command line, run in-process through ``boardcore.cli.main``, on the toy
games listed as installed (fixture ``installed_toys``)."""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
from pathlib import Path

import attrs
import pytest

import boardcore
from boardcore import cli

import toy

CONTRACT_KEYS = {"game", "players", "games", "seed", "wins", "draws", "mean_actions", "mean_turns", "seconds", "actions_per_second"}

pytestmark = pytest.mark.usefixtures("installed_toys")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_installed_games_with_players_and_summary(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("toy-duel "))
    assert "2-3 players" in line and "commit a card in secret" in line


def test_simulate_json_has_the_contract_keys_and_adds_up(capsys):
    code, out, _ = run(capsys, "simulate", "toy-duel", "-n", "40", "--seed", "3", "--json")
    assert code == 0
    report = json.loads(out)
    assert CONTRACT_KEYS <= set(report)
    assert report["games"] == 40 and report["players"] == 2 and report["seed"] == 3
    assert sum(report["wins"]) + report["draws"] == 40
    assert len(report["wins"]) == 2


@pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="the workers must inherit the toy games' listing (fork); they are not installed",
)
def test_simulate_gives_the_same_figures_for_any_number_of_workers(capsys):
    _, one, _ = run(capsys, "simulate", "toy-cards", "-n", "24", "--seed", "5", "--json")
    _, two, _ = run(capsys, "simulate", "toy-cards", "-n", "24", "--seed", "5", "--json", "--workers", "2")
    a, b = json.loads(one), json.loads(two)
    for key in ("wins", "draws", "mean_actions", "mean_turns", "reasons"):
        assert a[key] == b[key]


def test_simulate_with_a_plugin_and_per_seat_bots(capsys):
    code, out, _ = run(
        capsys, "simulate", "toy-duel", "-n", "5", "--plugins", "toy_trebuchet", "--bots", "random,first", "--json"
    )
    assert code == 0
    report = json.loads(out)
    assert report["bots"] == ["random", "first"] and report["plugins"] == ["toy_trebuchet"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "no-such-game"], "no game named 'no-such-game'"),
        (["simulate", "toy-duel", "--players", "4"], "cannot be played by 4 players"),
        (["simulate", "toy-duel", "--bots", "nobody"], "nobody"),
        (["simulate", "toy-duel", "--bots", "random,random,random"], "3 bots for 2 seats"),
        (["simulate", "toy-duel", "--plugins", "nope"], "plugin nope"),
        (["simulate", "toy-arena", "--plugins", "toy_trebuchet"], "is for toy-duel, not toy-arena"),
    ],
)
def test_bad_arguments_give_a_clear_error_and_exit_code_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["simulate", "toy-duel", "-n", "zero"], ["simulate", "toy-duel", "-n", "0"], ["frobnicate"]])
def test_malformed_options_are_rejected_by_the_parser(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def play(tmp_path: Path, answers: str, game: str = "toy-duel", **extra) -> tuple[int, str, Path]:
    extra.setdefault("option", [])
    save = tmp_path / "match.json"
    args = argparse.Namespace(game=game, players=None, seat=None, bots="random", seed=7, save=save, plugins="", **extra)
    out = io.StringIO()
    code = cli.cmd_play(args, stdin=io.StringIO(answers), stdout=out)
    return code, out.getvalue(), save


def test_play_reprompts_on_bad_input_and_saves_the_match(tmp_path):
    game = toy.duel()
    offered = len(game.new_state(players=2, seed=7).pending[0].options)  # seat 0 is asked first
    code, out, save = play(tmp_path, "banana\n99\n1\nq\n")
    assert code == 0
    assert "'banana' is not a number" in out
    assert f"99 is not between 1 and {offered}" in out
    saved = game.state_from_json(save.read_text())
    assert len(saved.history) >= 1 and saved.history[0][0] == 0


def test_play_a_whole_game_by_always_answering_the_first_option(tmp_path):
    code, out, save = play(tmp_path, "1\n" * 60, game="toy-arena")
    assert code == 0 and "Game over" in out
    assert toy.arena().state_from_json(save.read_text()).is_over


def test_play_never_shows_the_opponents_hand(tmp_path):
    _, out, _ = play(tmp_path, "q\n")
    assert "hand:1 [4 hidden]" in out
    assert "deck:0 [" in out and "hidden]" in out


def test_replay_steps_through_a_saved_game(tmp_path, capsys):
    play(tmp_path, "1\n" * 60, game="toy-arena")
    code, out, _ = run(capsys, "replay", str(tmp_path / "match.json"))
    assert code == 0
    assert "[1] seat" in out and "result:" in out


def test_replay_of_a_broken_file_says_what_and_where(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "toy-duel", "plugins": [], "format": "boardcore.match/2"}')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "missing keys" in err
    bad.write_text("not json")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "bad.json" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "absent.json"))
    assert code == 2 and "absent.json" in err


def test_replay_of_a_0_1_save_names_the_format(tmp_path, capsys):
    state = toy.duel().new_state(players=2, seed=1)
    doc = state.to_data()
    doc["format"] = "boardcore.match/1"
    saved = tmp_path / "old.json"
    saved.write_text(json.dumps(doc))
    code, _, err = run(capsys, "replay", str(saved))
    assert code == 2 and "$.format" in err and "boardcore.match/3" in err


def test_setup_options_reach_the_game(capsys):
    _, default, _ = run(capsys, "simulate", "toy-duel", "-n", "30", "--seed", "4", "--json")
    _, other, _ = run(capsys, "simulate", "toy-duel", "-n", "30", "--seed", "4", "--json", "--option", "window=restart")
    report = json.loads(other)
    assert report["options"] == {"window": "restart"}
    assert sum(report["wins"]) + report["draws"] == 30
    assert json.loads(default)["options"] == {}
    code, _, err = run(capsys, "simulate", "toy-duel", "-n", "2", "--option", "window=sideways")
    assert code == 2 and "options.window: must be one of" in err
    code, _, err = run(capsys, "simulate", "toy-duel", "-n", "2", "--option", "target=three")
    assert code == 2 and "options.target: must be of type int" in err
    code, _, err = run(capsys, "simulate", "toy-duel", "-n", "2", "--option", "colour=red")
    assert code == 2 and "has no option ['colour']" in err
    code, _, err = run(capsys, "simulate", "toy-duel", "--option", "window")
    assert code == 2 and "KEY=VALUE" in err


def test_play_shows_turns_not_set_up_bookkeeping(tmp_path):
    _, out, _ = play(tmp_path, "q\n", option=["target=2"])
    assert "MatchStarted" not in out and "Shuffled" not in out
    assert "== turn 1 ==" in out
    # the default view's counters by name, each seat's by player name, and the game's own entries
    assert "  power: you 0, random bot 0\n  score: you 0, random bot 0\n  tokens: you 2, random bot 2" in out
    assert "  scores: you 0, random bot 0" in out and "my_tokens: 2" in out  # a value per seat, by name


def test_a_module_plugin_is_saved_under_its_module_name_and_found_by_it():
    game = boardcore.load_game(toy.DUEL, plugins=["toy_trebuchet"])
    assert game.plugins == ("toy_trebuchet",) and "d1-7" in game.cards
    state = game.new_state(players=2, seed=2)
    assert state.to_data()["plugins"] == ["toy_trebuchet"]
    import toy_trebuchet

    again = boardcore.load_game(toy.DUEL, plugins=[toy_trebuchet])
    assert again.plugins == ("toy_trebuchet",)
    assert again.state_from_json(state.to_json()) == state


# -- command-line hygiene ------------------------------------------------------------------


def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out.strip() == f"boardcore {boardcore.__version__}"


def test_bots_lists_every_installed_bot_with_one_line_each(capsys):
    code, out, _ = run(capsys, "bots")
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(boardcore.bots.list_bots())
    assert any(line.startswith("random ") and "uniformly" in line for line in lines)


def test_plugins_lists_each_plugin_with_its_games_and_summary(capsys):
    code, out, _ = run(capsys, "plugins")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("gw-turncoats "))
    assert "for gallic-wars: Turncoats" in line


def test_every_option_of_every_command_has_help_text():
    parser = cli._parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if not isinstance(action, argparse._HelpAction):
                assert action.help, f"boardcore {name}: {action.dest} has no help text"


def test_a_save_path_that_cannot_be_written_fails_before_the_first_move(tmp_path, capsys):
    code, out, err = run(capsys, "play", "toy-duel", "--seed", "1", "--save", str(tmp_path / "missing" / "x.json"))
    assert code == 2 and out == ""
    assert err.strip() == f"boardcore: error: {tmp_path / 'missing' / 'x.json'}: cannot save the match: No such file or directory"


def test_a_save_that_fails_later_keeps_the_last_good_save(tmp_path, monkeypatch):
    code, _, save = play(tmp_path, "1\n")  # played one move, saved, then end of input
    good = save.read_text()
    monkeypatch.setattr(Path, "replace", lambda self, target: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    with pytest.raises(boardcore.InvalidData, match="No space left on device"):
        play(tmp_path, "1\n")
    assert save.read_text() == good


def test_end_of_input_while_playing_quits_and_saves(tmp_path):
    code, out, save = play(tmp_path, "")
    assert code == 0 and out.rstrip().endswith("bye")
    assert toy.duel().state_from_json(save.read_text()).history == ()


def test_replay_pause_at_end_of_input_plays_the_rest_without_waiting(tmp_path, capsys, monkeypatch):
    play(tmp_path, "1\n" * 60, game="toy-arena")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, "replay", str(tmp_path / "match.json"), "--pause")
    assert code == 0 and "result:" in out and err == ""


def test_simulate_prints_its_seed_and_a_slow_rate_with_decimals(capsys, monkeypatch):
    real = cli.simulate
    monkeypatch.setattr(cli, "simulate", lambda *a, **k: attrs.evolve(real(*a, **k), seconds=8.0))  # a slow bot
    code, out, _ = run(capsys, "simulate", "toy-duel", "-n", "3", "--seed", "4")
    assert code == 0 and "seed 4" in out
    assert out.rstrip().endswith("0.38 games/s")


# -- sessions: resume, hot-seat, names, undo -------------------------------------------------


def session(tmp_path, answers, game="toy-duel", save=True, **extra):
    values = dict(game=game, players=None, seat=None, bots="random", seed=7, plugins="", option=[], seats=None, names=None, load=None)
    values.update(extra)
    values["save"] = tmp_path / "match.json" if save else None
    out = io.StringIO()
    code = cli.cmd_play(argparse.Namespace(**values), stdin=io.StringIO(answers), stdout=out)
    return code, out.getvalue()


def test_a_quit_match_resumes_with_load_and_plays_to_the_end(tmp_path):
    code, out = session(tmp_path, "1\nq\n", game="toy-arena")
    assert code == 0 and "resume with: boardcore play --load" in out
    saved = toy.arena().state_from_json((tmp_path / "match.json").read_text())
    code, out = session(tmp_path, "1\n" * 60, game=None, load=tmp_path / "match.json")
    assert code == 0 and f"resumed after {len(saved.history)} actions" in out and "Game over" in out
    final = toy.arena().state_from_json((tmp_path / "match.json").read_text())
    assert final.is_over and final.history[: len(saved.history)] == saved.history


def test_load_refuses_another_game_and_a_changed_file(tmp_path):
    session(tmp_path, "1\nq\n", game="toy-arena")
    with pytest.raises(boardcore.InvalidData, match="not 'toy-duel'"):
        session(tmp_path, "", game="toy-duel", load=tmp_path / "match.json")
    path = tmp_path / "match.json"
    data = json.loads(path.read_text())
    data["seed"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(boardcore.InvalidData) as caught:
        session(tmp_path, "", game=None, load=path)
    assert caught.value.where.startswith(f"{path}: $.")


def test_hot_seat_hands_the_terminal_over_and_never_shows_the_last_players_hand(tmp_path):
    code, out = session(tmp_path, "\n1\n\n1\nq\n", seats="0,1", names="Ann,Bob")
    assert code == 0
    first, second = out.split("Pass the terminal to Bob (seat 1) and press Enter.")
    assert "Pass the terminal to Ann (seat 0)" in first and "Ann: " in first
    assert "Bob: " in second and "hand:0 [" in second
    assert "hidden]" in second.split("hand:0 [")[1].split("\n")[0]  # Ann's hand, seen by Bob: only its size
    assert "\n" * 40 in first.rsplit("Ann: ", 1)[1]  # Ann's screen scrolled away before Bob looks


def test_names_name_the_winner(tmp_path):
    code, out = session(tmp_path, "1\n" * 60, game="toy-arena", names="Ann,Bob")
    assert code == 0 and "Winner" in out and ("Ann" in out.split("Game over")[1] or "Bob" in out.split("Game over")[1])


def test_undo_takes_back_a_pick_while_nothing_hidden_has_shown(tmp_path):
    code, out = session(tmp_path, "1\nu\nq\n", game="gallic-wars")
    assert code == 0 and "taken back" in out
    saved = boardcore.load_game("gallic-wars").state_from_json((tmp_path / "match.json").read_text())
    assert saved.history == ()


def test_undo_is_refused_once_something_hidden_came_to_light(tmp_path):
    # "done" at once: both exchanges are revealed (GW-R06), so the choice stands
    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=7)
    done = len(state.pending[0].options)
    code, out = session(tmp_path, f"{done}\nu\nq\n", game="gallic-wars")
    assert "cannot take it back: since then, this was shown: you (Romans) revealed:" in out or "cannot take it back: since then, cards came into" in out
    assert "nothing to take back" in session(tmp_path, "u\nq\n", game="gallic-wars")[1]


class Reacting(io.StringIO):
    """A person at the terminal who reads the screen so far: Enter when the terminal
    is passed, ``answer(screen)`` otherwise (a line, or "q" to stop)."""

    def __init__(self, answer):
        super().__init__()
        self.screen = io.StringIO()
        self.answer = answer

    def readline(self, *args):
        shown = self.screen.getvalue()
        return "\n" if shown.rstrip().endswith("press Enter.") else self.answer(shown) + "\n"


def test_hot_seat_undo_does_not_take_back_the_other_persons_decision(tmp_path, monkeypatch):
    # Ann decides, then Bob (his whole turn of choices), then Ann asks to undo: that
    # would take Bob's decisions back too.
    monkeypatch.chdir(tmp_path)  # leaving offers to save: an answer must not land in the checkout

    def answer(screen):
        if "cannot take it back" in screen or "taken back" in screen:
            return "q"
        last = screen.rsplit("Pass the terminal to ", 1)[-1]
        asked_again = screen.count("Pass the terminal to Ann") > 1
        return "u" if asked_again and last.startswith("Ann") else "1"

    person = Reacting(answer)
    values = dict(game="toy-duel", players=None, seat=None, bots="random", seed=7, plugins="", option=[], seats="0,1", names="Ann,Bob", load=None, save=None)
    code = cli.cmd_play(argparse.Namespace(**values), stdin=person, stdout=person.screen)
    out = person.screen.getvalue()
    assert code == 0 and "cannot take it back: Bob decided since then" in out


def test_hot_seat_lets_one_person_finish_a_secret_exchange_before_passing(tmp_path):
    # Gallic Wars' exchange is asked of both seats at once, a card at a time.
    code, out = session(tmp_path, "\n1\n1\nq\n", game="gallic-wars", seats="0,1", names="Ann,Bob")
    before_bob = out.split("Pass the terminal to Bob")[0]
    assert code == 0 and before_bob.count("your choice") == 3  # Ann's two picks and her third question


def test_given_names_replace_seat_numbers_in_events_and_the_resume_command(tmp_path):
    code, out = session(tmp_path, "\n1\n1\nq\n", game="gallic-wars", seats="0,1", names="Ann,Bob")
    assert code == 0 and "Ann (Romans) chose in secret" in out and "seat 0 chose" not in out
    assert f"--load {tmp_path / 'match.json'} --save {tmp_path / 'match.json'} --seats 0,1 --names Ann,Bob" in out
    # alone, the person is "you" in every sentence too, and the bot is named by its kind
    code, out = session(tmp_path, "1\nq\n", game="gallic-wars")
    assert "you (Romans) chose in secret" in out and "seat 0 chose" not in out and "--names" not in out


def test_skip_forced_answers_a_lone_option_without_asking(tmp_path):
    game = boardcore.load_game("prehistoric-warfare")
    asked = {}
    for skip in (False, True):
        code, out = session(tmp_path, "1\n" * 30 + "q\n", game="prehistoric-warfare", skip_forced=skip)
        asked[skip] = out.count("1. pass\n")
    assert asked[False] > 0 and asked[True] < asked[False]


def test_hot_seat_shows_everybody_how_the_match_ended(tmp_path):
    code, out = session(tmp_path, "\n" + "1\n\n" * 400, seats="0,1", names="Ann,Bob")
    assert code == 0 and "What happened last:" in out and "Game over" in out
    assert out.count("game over:") == 0  # said once, in words


def test_quitting_without_save_offers_to_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out = session(tmp_path, "q\nlater.json\n", save=False)
    assert code == 0 and "saved to later.json" in out
    assert toy.duel().state_from_json((tmp_path / "later.json").read_text()).history == ()


def test_bad_seats_and_names_are_clear_errors(tmp_path):
    for extra, message in (({"seats": "0,5"}, "no seat 5"), ({"seats": "0,0"}, "different seats"), ({"names": "Ann"}, "1 names for 2 seats")):
        with pytest.raises(ValueError, match=message):
            session(tmp_path, "", **extra)


def test_options_are_grouped_by_their_word_and_cards_read_as_in_a_hand(tmp_path):
    code, out = session(tmp_path, "q\n", game="gallic-wars")
    assert "  discard:\n    1. Centurions (Resources 9)\n    2. Generals (Strategy 4)" in out
    assert "\n  9. done\n" in out


def test_the_end_gives_the_scores_by_name(tmp_path):
    code, out = session(tmp_path, "1\n" * 200, game="invasions-of-the-horse-people", names="Ann,Bob", bots="first")
    assert code == 0
    assert "Final scores: Ann " in out and ", Bob " in out.split("Final scores: ")[1]


def test_simulate_takes_bot_settings_and_names_a_bad_one(capsys):
    code, out, _ = run(capsys, "simulate", "toy-duel", "-n", "2", "--bots", "ismcts:iterations=3,horizon=4,random", "--json")
    assert code == 0 and json.loads(out)["bots"] == ["ismcts:iterations=3,horizon=4", "random"]
    code, _, err = run(capsys, "simulate", "toy-duel", "-n", "2", "--bots", "ismcts:iterations=-3,random")
    assert code == 2 and "bot ismcts: iterations" in err


def test_games_lists_a_game_that_fails_to_load_with_its_reason(capsys, monkeypatch):
    from boardcore._games import registry as _registry
    error = boardcore.PluginError("failed to load: ImportError: no module named 'tug_rules'", plugin="tug-of-war")
    monkeypatch.setitem(_registry._broken, "tug-of-war", error)
    code, out, err = run(capsys, "games")
    assert code == 0 and "toy-duel " in out
    line = next(line for line in out.splitlines() if line.startswith("tug-of-war"))
    assert "cannot be loaded: plugin tug-of-war: failed to load: ImportError" in line
    assert err == ""


class Stumble(boardcore.Phase):
    name = "stumble"

    def begin(self, m):
        raise AttributeError("'Clashed' object has no attribute 'winer'")


def test_traceback_prints_where_the_games_code_failed_before_the_message(capsys, installed_toys, monkeypatch):
    from boardcore._games import registry as _registry
    spec = attrs.evolve(installed_toys[toy.DUEL].spec, name="toy-stumble", phases=(Stumble,))
    monkeypatch.setitem(installed_toys, "toy-stumble", _registry.Provided(spec, boardcore.GamePlugin(spec), "toy-stumble"))
    code, _, err = run(capsys, "simulate", "toy-stumble", "-n", "1")
    assert code == 2 and "Traceback" not in err
    assert "raised AttributeError" in err and "test_cli.py, line" in err and "in Stumble.begin" in err
    code, _, err = run(capsys, "--traceback", "simulate", "toy-stumble", "-n", "1")
    assert code == 2 and "Traceback (most recent call last)" in err and "raise AttributeError" in err
    assert err.rstrip().splitlines()[-1].startswith("boardcore: error: plugin test_cli: raised AttributeError")


@pytest.mark.parametrize(
    "flags, message",
    [
        ({"seed": 8}, "the saved match has seed 7, not 8"),
        ({"plugins": "toy_trebuchet"}, "plays with plugins [], not ['toy_trebuchet']"),
        ({"option": ["window=next"]}, "--option window would change them"),
    ],
)
def test_load_refuses_flags_that_the_save_fixes_instead_of_dropping_them(tmp_path, flags, message):
    session(tmp_path, "1\nq\n", game="toy-duel")
    with pytest.raises(ValueError) as caught:
        session(tmp_path, "", game=None, load=tmp_path / "match.json", **flags)
    assert message in str(caught.value)
    # the same values as the save are no conflict
    code, out = session(tmp_path, "q\n", game=None, load=tmp_path / "match.json", seed=7)
    assert code == 0 and "resume with: boardcore play --load" in out and "--save" in out


def test_seat_and_seats_together_are_refused(capsys):
    code = cli.main(["play", "toy-duel", "--seat", "1", "--seats", "0,1"])
    assert code == 2 and "give --seat or --seats, not both" in capsys.readouterr().err


class _Terminal(io.StringIO):
    """Standard error as a person's terminal."""

    def isatty(self) -> bool:
        return True


def test_simulate_runs_without_tqdm_the_optional_cli_extra(monkeypatch, capsys):
    """tqdm is in the ``cli`` extra, not the base install: with a terminal watching and no
    tqdm, simulate runs and reports as usual, with no progress bar."""
    import sys

    monkeypatch.setitem(sys.modules, "tqdm", None)  # ``import tqdm`` now raises ImportError
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = cli.main(["simulate", "gallic-wars", "-n", "3", "--seed", "1", "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["games"] == 3
    assert "game/s" not in terminal.getvalue()


def test_simulate_shows_tqdms_progress_bar_to_a_terminal_when_it_is_installed(monkeypatch, capsys):
    pytest.importorskip("tqdm")
    import sys

    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli.main(["simulate", "gallic-wars", "-n", "3", "--seed", "1", "--json"]) == 0
    assert "game/s" in terminal.getvalue() or "game]" in terminal.getvalue()
