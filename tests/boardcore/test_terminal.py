"""`boardcore play` driven as a person drives it: a real pseudo-terminal and
keystrokes (pexpect), for every game: bad input first, then a whole match; quitting
with a save and resuming it to the end; two people handing over one terminal; Ctrl-C.
And what a whole match reads like: the board's letters never change, no bookkeeping
line in the default log, every sentence of a hot-seat match names the players, a
move typed as its squares."""

from __future__ import annotations

import json
import os
import re
import signal
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
        sys.executable, ["-m", "boardcore", *args], encoding="utf-8", timeout=30, dimensions=(50, 200), env=env,
        # Ctrl-C as at a terminal, however the suite was started: a job put in the
        # background by a shell inherits SIGINT ignored, and so would the command.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
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
    child.expect(r"Bob( \(\w+\))?: ")
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
    assert re.search(r"  1 W W W W A W W W  1", plain)


def test_an_option_that_already_words_a_card_as_its_text_is_not_worded_twice():
    import io

    from boardcore._support.session import Session

    game = boardcore.load_game("gallic-wars")
    state = game.new_state(seed=1)
    session = Session(state, {0: "Ann"}, {}, {0: "Ann", 1: "Bob"}, None, io.StringIO(), io.StringIO())
    card = next(c for c in game.cards.values() if c.text != c.label)
    assert session.option_text(boardcore.actions.pick(card.id, f"discard {card.label}")) == f"discard {card.text}"
    assert session.option_text(boardcore.actions.pick(card.id, f"discard {card.text}")) == f"discard {card.text}"


# -- what a whole match reads like ---------------------------------------------------------

LEGEND = re.compile(r"^    (.+) \(upper case: (.+), lower case: (.+)\)\r?$", re.M)
BOOKKEEPING = [
    re.compile(p, re.M)
    for p in (
        r"^  hits of ",  # a counter kept on a piece
        r"^  \S+ \(\S+\) of .* enters$",  # a piece entering
        r"^  \S+-\d+: \w+ -> ",  # a piece moving
        r"^  -- end of ",  # the end of a phase
        r"^  end of turn ",
        r"^  [A-Z][A-Za-z]+ \w+=",  # an event with no sentence, told field by field
    )
]


def play_to_the_end(child: pexpect.spawn, limit: int = 5000) -> str:
    """Answer 1 to every question (Enter when the terminal is passed) until the end;
    everything the terminal showed."""
    shown = []
    for _ in range(limit):
        found = child.expect([CHOICE, "and press Enter", "Game over"])
        shown.append(child.before + child.after)
        if found == 2:
            child.expect(pexpect.EOF)
            return "".join(shown) + child.before
        child.sendline("" if found == 1 else "1")
    raise AssertionError(f"no end after {limit} answers")


@pytest.mark.slow
def test_the_board_keeps_one_letter_per_kind_on_every_screen_of_a_whole_match():
    child = spawn("play", "aztec-skirmish", "--seed", "7", "--bots", "first", *GAMES["aztec-skirmish"])
    screens = play_to_the_end(child)
    assert finish(child) == 0
    legends = LEGEND.findall(screens)
    assert len(legends) > 50  # a screen per decision of a whole match
    assert len(set(legends)) == 1, f"the legend changed (a kind that entered late: the game may declare piece_kinds): {sorted(set(legends))}"
    letters = {letter: kind for letter, kind in re.findall(r"(\w) ([\w-]+)", legends[0][0])}
    assert len(letters) == len(set(letters.values())) == 8  # every kind of unit, each its own letter
    rows = re.findall(r"^  [1-8]((?: [A-Za-z.]){8})  [1-8]", screens, re.M)
    drawn = {c.upper() for row in rows for c in row.split() if c != "."}
    assert drawn and drawn <= set(letters)


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=() if g == "gallic-wars" else pytest.mark.slow) for g in GAMES]
)
def test_a_whole_match_tells_no_bookkeeping_unless_asked(game):
    child = spawn("play", game, "--seed", "7", "--bots", "first", *GAMES[game])
    screens = play_to_the_end(child)
    assert finish(child) == 0
    found = [p.pattern for p in BOOKKEEPING if p.search(screens)]
    assert found == [], f"bookkeeping in the default log: {found}"
    # the same lines are there, with --verbose: the patterns above find what they look for
    child = spawn("play", game, "--seed", "7", "--bots", "first", "--verbose", *GAMES[game])
    verbose = ""
    for _ in range(200):
        child.expect(CHOICE)
        verbose += child.before
        if any(p.search(verbose) for p in BOOKKEEPING):
            break
        child.sendline("1")
    child.sendline("q")
    child.sendline("")
    child.expect(pexpect.EOF)
    finish(child)
    assert any(p.search(verbose) for p in BOOKKEEPING), verbose[-2000:]


def test_every_sentence_of_a_hot_seat_match_names_the_players():
    child = spawn("play", "gallic-wars", "--seed", "7", "--seats", "0,1", "--names", "Ann,Bob")
    screens = play_to_the_end(child)
    assert finish(child) == 0
    headings = re.findall(r"^Gallic Wars - (.*) - turn \d+, phase \w+\r?$", screens, re.M)
    assert set(headings) == {"Ann (Romans) at seat 0", "Bob (Celts) at seat 1"}
    assert "Ann (Romans) chose in secret" in screens and "Bob (Celts) chose in secret" in screens
    assert re.search(r"^  streak: Ann \(Romans\) \d+, Bob \(Celts\) \d+\r?$", screens, re.M)
    # a game's own sentences too: "hand 1: Ann (Romans) has Force 58, ..."
    assert re.search(r"^  hand \d+: .*(Ann \(Romans\)|Bob \(Celts\))", screens, re.M)
    # a seat number is left only where the seat itself is meant: the heading, the hand-over
    said = re.sub(r"at seat \d|\((Romans|Celts), seat \d\)", "", screens)
    assert not re.findall(r".*\bseat \d.*", said), re.findall(r".*\bseat \d.*", said)[:5]


def test_a_move_is_chosen_by_typing_its_squares_and_cards_not_playable_now_are_marked():
    child = spawn("play", "aztec-skirmish", "--seed", "7", "--bots", "first", *GAMES["aztec-skirmish"])
    child.expect(CHOICE)
    assert re.search(r"hand:0 \[3\]: .*\[not now\]", child.before)  # nothing to play in this phase
    for _ in range(200):
        child.sendline("1")
        child.expect(CHOICE)
        if "choose its target" in child.before:
            break
    else:
        raise AssertionError("never asked for a move's target")
    moves = re.findall(r"^ +(\d+)\. \w+ ([a-h][1-8])->([a-h][1-8])\r?$", child.before, re.M)
    assert moves, child.before[-1500:]
    number, start, end = moves[-1]
    child.sendline("z9")
    child.expect("no option names z9")
    child.expect(CHOICE)
    shared = [m for m in moves if m[1] == start]
    if len(shared) > 1:  # one square that several moves start from: they are listed
        child.sendline(start)
        child.expect(f"{start} fits options {', '.join(m[0] for m in shared)}")
        child.expect(CHOICE)
    child.sendline(f"{start} {end}")
    child.expect(rf"you \(Aztecs\): move \w+ {start}->{end}")
    child.sendline("q")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert finish(child) == 0
