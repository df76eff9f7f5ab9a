"""A number in a save never sizes an allocation, and files are read with a size cap
(issue: hardening II, points 1 and 6).

Every whole number of a real save is replaced, one at a time, by numbers no match
holds (a billion, 2**63): each load is refused with
``InvalidData`` naming a JSON path, or loads, and never allocates more than 50 MB.
The command line reads a save with a cap, so ``/dev/zero``, an endless FIFO or a
huge file is refused in a sentence, never read whole.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
import threading
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest

import boardcore
from boardcore import InvalidData, cli
from boardcore._persistence.json_in import MAX_SAVE_SIZE, read_capped
from boardcore._persistence.persist import MAX_EVENTS
from boardcore.report import read_records

GAMES = (
    "gallic-wars",
    "invasions-of-the-horse-people",
    # the two with the most numbers in a save take a few seconds each: in the full run only
    pytest.param("prehistoric-warfare", marks=pytest.mark.slow),
    pytest.param("aztec-skirmish", marks=pytest.mark.slow),
)
HUGE = (10**9, 2**63)
PEAK = 50_000_000
"""The most a load of a save of a few kB may allocate, in bytes."""


def played(name: str, seed: int, actions: int) -> boardcore.State:
    game = boardcore.load_game(name)
    rand = random.Random(seed)
    state = game.new_state(players=game.player_counts[0], seed=seed)
    while not state.is_over and len(state.history) < actions:
        decision = rand.choice(state.pending)
        state.apply(decision.player, rand.choice(decision.options))
    return state


def whole_numbers(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every whole number in ``data`` (the history's pairs sampled: they are many)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from whole_numbers(value, (*path, key))
    elif isinstance(data, list):
        items = list(enumerate(data))
        if path == ("history",):
            items = items[:2] + items[-2:]
        for i, value in items:
            yield from whole_numbers(value, (*path, i))
    elif type(data) is int:
        yield path


def replaced(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(changed)


@pytest.fixture
def peak() -> Iterator[Any]:
    """``peak()``: the most bytes Python allocated since the last call."""
    tracemalloc.start()

    def measure() -> int:
        most = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        return most

    try:
        yield measure
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", GAMES)
def test_no_number_in_a_save_makes_a_load_allocate_more_than_50_mb(name, peak):
    state = played(name, seed=2, actions=8)
    game = state.game
    data = json.loads(state.to_json())
    assert len(state.to_json()) < 20_000
    paths = list(whole_numbers(data))
    assert ("log",) in paths and len(paths) > 10
    peak()
    for path in paths:
        for value in HUGE:
            text = replaced(data, path, value)
            for verify in (True, False):
                try:
                    game.state_from_json(text, verify=verify)
                except InvalidData as exc:
                    assert exc.where and exc.where.startswith("$"), exc
                used = peak()
                assert used < PEAK, f"{path} = {value} (verify={verify}): {used:,} bytes"


def test_a_3_kb_save_with_a_log_of_a_hundred_million_events_is_refused_at_log(peak):
    state = played("gallic-wars", seed=1, actions=5)
    data = json.loads(state.to_json())
    for count in (MAX_EVENTS + 1, 10**8, 10**9, 2**62, 2**63):
        text = replaced(data, ("log",), count)
        assert len(text) < 3_000
        for verify in (True, False):
            peak()
            with pytest.raises(InvalidData) as refused:
                state.game.state_from_json(text, verify=verify)
            assert refused.value.where == "$.log" and "a saved match may have" in str(refused.value)
            assert peak() < PEAK
    # a count within the limit but not the match's is refused by the replay that checks it
    with pytest.raises(InvalidData, match=r"\$\.log"):
        state.game.state_from_json(replaced(data, ("log",), MAX_EVENTS))


def test_a_rows_save_with_huge_numbers_never_allocates_more_than_50_mb(peak):
    state = played("gallic-wars", seed=3, actions=6)
    data = state.to_data(rows=True)
    paths = list(whole_numbers(data))[::3]  # the rows hold many: every third is plenty
    peak()
    for path in paths:
        for value in (10**9, 2**63):
            try:
                state.game.state_from_json(replaced(data, path, value))
            except InvalidData:
                pass
            assert peak() < PEAK, path


# -- files are read with a cap ---------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path) -> Iterator[Any]:
    """``fifo(chunks)``: a FIFO that a thread fills with ``chunks`` (an iterable of bytes)."""
    threads = []

    def make(chunks: Any) -> str:
        path = tmp_path / f"fifo{len(threads)}"
        os.mkfifo(path)

        def write() -> None:
            try:
                with open(path, "wb") as out:
                    for chunk in chunks:
                        out.write(chunk)
            except BrokenPipeError:
                pass  # the reader stopped at its cap

        thread = threading.Thread(target=write, daemon=True)
        thread.start()
        threads.append(thread)
        return str(path)

    yield make
    for thread in threads:
        thread.join(10)


def endless() -> Iterator[bytes]:
    while True:
        yield b"0" * 65536


def test_replay_of_dev_zero_is_refused_in_a_sentence_without_a_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "boardcore", "replay", "/dev/zero"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"boardcore: error: /dev/zero: more than the {MAX_SAVE_SIZE:,} bytes a saved game may have\n"


def test_reading_dev_zero_an_endless_fifo_or_a_huge_file_costs_at_most_the_cap(tmp_path, fifo, peak, capsys):
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(10**12)  # a terabyte, sparse: refused by its size, never read
    for command in (["replay"], ["play", "--load"]):
        for path, message in [
            ("/dev/zero", "more than the 20,000,000 bytes"),
            (fifo(endless()), "more than the 20,000,000 bytes"),  # a FIFO is read once: a new one each time
            (str(huge), "1,000,000,000,000 bytes, more than the 20,000,000"),
            (str(tmp_path), "is a directory"),
            (str(tmp_path / "missing.json"), "cannot read: No such file or directory"),
        ]:
            peak()
            assert cli.main([*command, path]) == 2
            err = capsys.readouterr().err
            assert err.startswith(f"boardcore: error: {path}: ") and message in err, err
            assert peak() < MAX_SAVE_SIZE + PEAK // 2, path


def test_a_save_sent_through_a_fifo_still_loads(fifo, capsys):
    state = played("gallic-wars", seed=4, actions=3)
    path = fifo([state.to_json().encode()])
    assert cli.main(["replay", path]) == 0
    assert "[3] seat" in capsys.readouterr().out


def test_read_capped_stops_at_the_limit(tmp_path):
    path = tmp_path / "save.json"
    path.write_bytes(b"x" * 101)
    assert read_capped(path, 101) == b"x" * 101
    with pytest.raises(InvalidData) as refused:
        read_capped(path, 100)
    assert refused.value.where == str(path) and "101 bytes, more than the 100" in str(refused.value)


def test_a_records_file_without_line_ends_is_refused_at_its_first_line(tmp_path, fifo, peak):
    peak()
    with pytest.raises(InvalidData) as refused:
        read_records("/dev/zero")
    assert refused.value.where == "/dev/zero:1" and "longer than 1,000,000 characters" in str(refused.value)
    with pytest.raises(InvalidData, match="longer than"):
        read_records(fifo(endless()))
    assert peak() < PEAK


@pytest.mark.parametrize("verify", [True, False])
def test_a_save_without_the_table_its_game_keeps_is_refused_at_table(verify):
    """A game with a table_type has one in every match once set up: a save whose table is
    null (hand-edited, or from elsewhere) is refused, not loaded into a match whose views
    and rules would then fail on it."""
    game = boardcore.load_game("gallic-wars")
    data = json.loads(game.new_state(players=2, seed=3).to_json())
    data["table"] = None
    with pytest.raises(InvalidData, match="keeps its state in a GallicTable table, but the save has none") as caught:
        game.state_from_json(json.dumps(data), verify=verify)
    assert caught.value.where == "$.table"
