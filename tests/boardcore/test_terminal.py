"""`boardcore play` driven as a person drives it: a real pseudo-terminal and
keystrokes (pexpect), for every game: bad input first, then a whole match; quitting
with a save and resuming it to the end; two people handing over one terminal; Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import sys

import pexpect
import pytest

import boardcore

GAMES = {
    "gallic-wars": [],
    "invasions-of-the-horse-people": [],
    "prehistoric-warfare": [],
    "aztec-skirmish": ["--option", "deployment=standard"],
}
CHOICE = "your choice"


def spawn(*args: str, colour: bool = False) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | ({} if colour else {"NO_COLOR": "1"})
    child = pexpect.spawn(
        sys.executable, ["-m", "boardcore", *args], encoding="utf-8", timeout=30, dimensions=(50, 200), env=env
    )
    child.delaybeforesend = None
    return child


def answer_ones_to_the_end(child: pexpect.spawn, limit: int = 5000) -> str:
    """Answer 1 to every question until the match ends; the closing lines."""
    for _ in range(limit):
        if child.expect([CHOICE, "Game over"]) == 1:
            child.expect(pexpect.EOF)
            return "Game over" + child.before
        child.sendline("1")
    raise AssertionError(f"no end after {limit} answers")


def finish(child: pexpect.spawn) -> int:
    child.close()
    return child.exitstatus


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=() if g == "gallic-wars" else pytest.mark.slow) for g in GAMES]
)
def test_bad_input_is_asked_again_and_a_whole_match_is_played_at_the_terminal(game):
    child = spawn("play", game, "--seed", "7", "--bots", "first", *GAMES[game])
    child.expect(CHOICE)
    child.sendline("banana")
    child.expect("'banana' is not a number")
    child.expect(CHOICE)
    child.sendline("0")
    child.expect("0 is not between 1 and")
    child.sendline("1")
    end = answer_ones_to_the_end(child)
    assert "Winner" in end and "you" in end
    assert finish(child) == 0


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=() if g == "gallic-wars" else pytest.mark.slow) for g in GAMES]
)
def test_quit_with_a_save_then_resume_and_finish(game, tmp_path):
    save = tmp_path / "match.json"
    child = spawn("play", game, "--seed", "7", "--bots", "first", "--save", str(save), *GAMES[game])
    for _ in range(2):
        child.expect(CHOICE)
        child.sendline("1")
    child.expect(CHOICE)
    child.sendline("q")
    child.expect("resume with: boardcore play --load")
    child.expect(pexpect.EOF)
    assert finish(child) == 0
    played = len(json.loads(save.read_text())["history"])
    assert played >= 2
    child = spawn("play", "--load", str(save), "--bots", "first", "--save", str(save))
    child.expect(f"resumed after {played} actions")
    answer_ones_to_the_end(child)
    assert finish(child) == 0
    assert boardcore.load_game(game).state_from_json(save.read_text()).is_over


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=() if g == "gallic-wars" else pytest.mark.slow) for g in GAMES]
)
def test_two_people_hand_the_terminal_over_without_seeing_each_others_hand(game):
    child = spawn("play", game, "--seed", "7", "--seats", "0,1", "--names", "Ann,Bob", "--bots", "first", *GAMES[game])
    child.expect("Pass the terminal to Ann")
    child.sendline("")
    child.expect(r"hand:0 \[\d+\]: ")  # Ann sees her own hand
    for _ in range(500):
        if child.expect([CHOICE, "Pass the terminal to Bob"]) == 1:
            break
        child.sendline("1")
    else:
        raise AssertionError("the terminal never passed to Bob")
    child.sendline("")
    child.expect(r"hand:0 \[\d+ hidden\]")  # Bob sees Ann's hand only by its size
    child.expect("Bob: ")
    child.expect(CHOICE)
    child.sendline("q")
    child.sendline("")  # no save
    child.expect("bye")
    child.expect(pexpect.EOF)
    assert finish(child) == 0


def test_ctrl_c_stops_with_a_message_and_keeps_the_last_save(tmp_path):
    save = tmp_path / "match.json"
    child = spawn("play", "gallic-wars", "--seed", "7", "--save", str(save))
    child.expect(CHOICE)
    child.sendline("1")
    child.expect(CHOICE)
    saved = save.read_text()
    child.sendintr()
    child.expect("interrupted")
    child.expect(pexpect.EOF)
    assert finish(child) == 130
    assert save.read_text() == saved and boardcore.load_game("gallic-wars").state_from_json(saved).history


def test_a_terminal_gets_colour_and_the_same_words():
    pytest.importorskip("rich")
    child = spawn("play", "aztec-skirmish", "--seed", "7", "--option", "deployment=standard", colour=True)
    child.expect(CHOICE)
    screen = child.before
    child.sendline("q")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert finish(child) == 0
    assert "\x1b[" in screen  # styled: turns, zones, the question, the seats' pieces
    plain = re.sub(r"\x1b\[[0-9;]*m", "", screen)
    assert "hand:0 [3]: Gallop (move 5, horsemen)" in plain
    assert re.search(r"  1 R R R R W R R R  1", plain)


def test_an_option_that_already_words_a_card_as_its_text_is_not_worded_twice():
    import io

    from boardcore._session import Session

    game = boardcore.load_game("gallic-wars")
    state = game.new_state(seed=1)
    session = Session(state, {0: "Ann"}, {}, {0: "Ann", 1: "Bob"}, None, io.StringIO(), io.StringIO())
    card = next(c for c in game.cards.values() if c.text != c.label)
    assert session.option_text(boardcore.pick(card.id, f"discard {card.label}")) == f"discard {card.text}"
    assert session.option_text(boardcore.pick(card.id, f"discard {card.text}")) == f"discard {card.text}"
