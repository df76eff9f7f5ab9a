"""boardcore.grid: the Square API against the name API, on the questions a grid game asks.

On an 8 x 8 board with 16 friendly and 8 enemy units placed at random (the same
position for both APIs), one operation is:

* **moves**: every straight move of exactly ``--distance`` squares (all 8 directions,
  path on the board and empty) for the 16 friendly units;
* **attacks**: every enemy a friendly unit can hit at range 1..``--reach``, once with
  direct attacks (stopped by the first unit in the line) and once with indirect ones.

The old way is the Square API used the way a game written against it does: parse the
piece's square, ``Board.line``/``Board.step`` in a loop, ``str(square)`` to look up
occupancy. The new way calls ``Board.path`` and ``Board.targets_in_lines`` on names.
Both are checked to give the same answers first. Rounds are interleaved (old, new,
old, new...) so both see the same machine load; each figure is the median.

usage: python benchmarks/bench_grid.py [--rounds 7] [--seconds 0.5] [--distance 2] [--reach 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from boardcore.grid import ALL_DIRECTIONS, Board, Direction, Square

BOARD = Board(8, 8)
Position = dict[str, tuple[int, str]]  # square name -> (owner, piece id); owner 0 is "us"


def position(seed: int) -> Position:
    squares = random.Random(seed).sample(BOARD.names, 24)
    return {name: (0 if i < 16 else 1, f"unit-{i}") for i, name in enumerate(squares)}


# -- the old way: Square objects, as a game written against the Square API does ---------


def old_moves(taken: Position, n: int) -> list[tuple[str, Direction, Square]]:
    found = []
    for name, (owner, piece) in taken.items():
        if owner != 0:
            continue
        start = Square.parse(name)
        for direction in ALL_DIRECTIONS:
            path = BOARD.line(start, direction, n)
            if path is None or any(str(s) in taken for s in path):
                continue
            found.append((piece, direction, path[-1]))
    return found


def old_attacks(taken: Position, reach: int, indirect: bool) -> list[tuple[str, str]]:
    found = []
    for name, (owner, piece) in taken.items():
        if owner != 0:
            continue
        start = Square.parse(name)
        for direction in ALL_DIRECTIONS:
            for k in range(1, reach + 1):
                there = BOARD.step(start, direction, k)
                if there is None:
                    break
                holder = taken.get(str(there))
                if holder is None:
                    continue
                if holder[0] != 0:
                    found.append((piece, holder[1]))
                if not indirect:
                    break
    return found


# -- the new way: square names and the board's tables ----------------------------------


def new_moves(taken: Position, n: int) -> list[tuple[str, Direction, str]]:
    found = []
    occupied = taken.keys()
    for name, (owner, piece) in taken.items():
        if owner != 0:
            continue
        for direction in ALL_DIRECTIONS:
            path = BOARD.path(name, direction, n)
            if path is not None and occupied.isdisjoint(path):
                found.append((piece, direction, path[-1]))
    return found


def new_attacks(taken: Position, reach: int, indirect: bool) -> list[tuple[str, str]]:
    found = []
    for name, (owner, piece) in taken.items():
        if owner != 0:
            continue
        for there in BOARD.targets_in_lines(name, reach, taken, indirect=indirect):
            if taken[there][0] != 0:
                found.append((piece, taken[there][1]))
    return found


def rate(op: Callable[[], object], seconds: float) -> float:
    """Operations per second over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(20):
            op()
        done += 20
    return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--distance", type=int, default=2, help="length of a move (default 2)")
    parser.add_argument("--reach", type=int, default=3, help="range of an attack (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    taken, n, reach = position(args.seed), args.distance, args.reach

    assert [(p, d, str(s)) for p, d, s in old_moves(taken, n)] == new_moves(taken, n)
    for indirect in (False, True):
        assert old_attacks(taken, reach, indirect) == new_attacks(taken, reach, indirect)
    print(
        f"8 x 8 board, 16 units and 8 enemies; {len(new_moves(taken, n))} moves of exactly {n}, "
        f"{len(new_attacks(taken, reach, False))} direct and {len(new_attacks(taken, reach, True))} "
        f"indirect attacks at range 1..{reach}; median of {args.rounds} interleaved rounds of {args.seconds}s"
    )

    def attacks(fn: Callable[[Position, int, bool], object]) -> Callable[[], object]:
        return lambda: (fn(taken, reach, False), fn(taken, reach, True))

    cases = {
        "moves": (lambda: old_moves(taken, n), lambda: new_moves(taken, n)),
        "attacks": (attacks(old_attacks), attacks(new_attacks)),
    }
    runs: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in cases}
    for _ in range(args.rounds):
        for name, (old, new) in cases.items():
            runs[name][0].append(rate(old, args.seconds))
            runs[name][1].append(rate(new, args.seconds))
    print(f"{'':8} {'Square API ops/s':>17} {'name API ops/s':>15} {'speed-up':>9}")
    for name, (old_rates, new_rates) in runs.items():
        old_rate, new_rate = statistics.median(old_rates), statistics.median(new_rates)
        print(f"{name:8} {old_rate:17,.0f} {new_rate:15,.0f} {new_rate / old_rate:8.1f}x")


if __name__ == "__main__":
    main()
