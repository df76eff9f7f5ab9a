"""Random playouts: the engine's public API against hand-written plain-Python games.

For every game in :data:`PLAYOUTS`, runs interleaved rounds (engine, baseline,
engine, baseline, ...) so both sides see the same machine load, and prints the
median of each figure:

* engine games/s and decisions/s: ``new_state``, then ``pending[0]`` and
  ``apply`` with option ``int(choose() * len(options))`` until the game is over;
* baseline games/s: the game written plainly (``benchmarks/<game>_baseline.py``)
  with the same rules and the same choice at every decision; a game measured with
  setup options (Gallic Wars and Horse People with ``exchange=hand``) is measured with the same
  options on both sides;
* engine/baseline: the median of the rounds' ratios of games/s;
* decisions per game on each side (all rounds together): they must agree, or the
  two sides are not playing the same game with the same policy;
* for a finished match: clone/s, to_json/s, and state_from_json/s with
  ``verify=False`` (reading a trusted save) and ``verify=True`` (the default,
  which replays the history).

usage: python benchmarks/bench_playouts.py [--rounds 7] [--seconds 1.0] [--game NAME] [--json] [--path playout]
"""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import boardcore  # noqa: E402

Play = Callable[[random.Random], tuple[tuple[int, ...], int]]
"""A baseline game: plays one game with the given RNG; returns (winners, decisions)."""


@dataclass(frozen=True)
class Playout:
    """A game to measure: its registered name, the player count, and the module
    in ``benchmarks/`` whose ``play(rng)`` or ``play(rng, players=n)`` is its baseline."""

    game: str
    players: int
    baseline: str
    options: tuple[tuple[str, Any], ...] = ()
    """Setup options, given to ``new_state`` and to the baseline's ``play`` alike."""

    @property
    def label(self) -> str:
        """The game's name, with its options if any (``gallic-wars exchange=hand``)."""
        return " ".join([self.game, *(f"{k}={v}" for k, v in self.options)])


# Adding a game is one line here plus its baseline module.
PLAYOUTS = (
    Playout("gallic-wars", 2, "gallic_wars_baseline"),
    Playout("gallic-wars", 2, "gallic_wars_baseline", (("exchange", "hand"),)),
    Playout("invasions-of-the-horse-people", 3, "horse_people_baseline"),
    Playout("invasions-of-the-horse-people", 3, "horse_people_baseline", (("exchange", "hand"),)),
    Playout("aztec-skirmish", 2, "aztec_skirmish_baseline"),
    Playout("prehistoric-warfare", 2, "prehistoric_warfare_baseline"),
)


@dataclass(frozen=True)
class Run:
    """One timed run of playouts."""

    games: int
    decisions: int
    seconds: float


def load_baseline(playout: Playout) -> Play:
    """The baseline's ``play`` for the playout's player count.

    A ``play`` without a ``players`` parameter is a game for a fixed number of
    players (Gallic Wars); the others get the count bound once here, so the timed
    loop makes the same call for every game.
    """
    play = importlib.import_module(playout.baseline).play
    if "players" in inspect.signature(play).parameters:
        return functools.partial(play, players=playout.players, **dict(playout.options))
    return functools.partial(play, **dict(playout.options)) if playout.options else play


def engine_run(
    game: boardcore.Game, players: int, seconds: float, seed: int, path: str = "apply", options: dict[str, Any] | None = None
) -> Run:
    """Random playouts through the public API for at least ``seconds``: each answer
    given with ``State.apply``, or (``path="playout"``) the same answers given by
    ``State.playout``'s policy, the trusted path."""
    choose = random.Random(seed).random

    def policy(state: boardcore.State, decision: boardcore.Decision) -> int:
        return int(choose() * len(decision.options))

    games = decisions = 0
    start = time.perf_counter()
    while True:
        state = game.new_state(players=players, seed=seed + games, **(options or {}))
        if path == "playout":
            state.playout(policy)
            decisions += state.history_length
        while not state.is_over:
            decision = state.pending[0]
            options = decision.options
            state.apply(decision.player, options[int(choose() * len(options))])
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return Run(games, decisions, elapsed)


def baseline_run(play: Play, seconds: float, seed: int) -> Run:
    """Baseline games for at least ``seconds``."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += play(rng)[1]
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return Run(games, decisions, elapsed)


def finished_match(game: boardcore.Game, players: int, seed: int = 99, options: dict[str, Any] | None = None) -> boardcore.State:
    """A match played to its end at random, with its whole event log."""
    state = game.new_state(players=players, seed=seed, **(options or {}))
    choose = random.Random(seed).random
    while not state.is_over:
        decision = state.pending[0]
        state.apply(decision.player, decision.options[int(choose() * len(decision.options))])
    return state


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls of ``fn`` per second over at least ``seconds``.

    Calls are timed in batches that double up to 64, so the clock is read rarely
    for a cheap call, while a slow one (a verified load replays the whole match)
    does not overrun ``seconds`` by much.
    """
    count, batch = 0, 1
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            fn()
        count += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed
        batch = min(2 * batch, 64)


def measure(playout: Playout, rounds: int, seconds: float, path: str = "apply") -> dict[str, Any]:
    """Every figure of one game: the runs of each round, their medians, the mean
    decisions per game on each side and the size of the save measured."""
    game = boardcore.load_game(playout.game)
    play = load_baseline(playout)
    state = finished_match(game, playout.players, options=dict(playout.options))
    text = state.to_json()
    runs: dict[str, list[float]] = {
        k: [] for k in ("engine_games", "engine_decisions", "baseline_games", "ratio",
                        "clone", "to_json", "from_json", "from_json_verified")
    }  # fmt: skip
    # Games and decisions of all rounds together, for the decisions per game.
    totals = {"engine": [0, 0], "baseline": [0, 0]}
    for r in range(rounds):
        engine = engine_run(game, playout.players, seconds, seed=1000 * r, path=path, options=dict(playout.options))
        baseline = baseline_run(play, seconds, seed=1000 * r)
        runs["engine_games"].append(engine.games / engine.seconds)
        runs["engine_decisions"].append(engine.decisions / engine.seconds)
        runs["baseline_games"].append(baseline.games / baseline.seconds)
        runs["ratio"].append(runs["engine_games"][-1] / runs["baseline_games"][-1])
        for side, run in (("engine", engine), ("baseline", baseline)):
            totals[side][0] += run.games
            totals[side][1] += run.decisions
        runs["clone"].append(rate(state.clone, seconds / 4))
        runs["to_json"].append(rate(state.to_json, seconds / 4))
        runs["from_json"].append(rate(lambda: game.state_from_json(text, verify=False), seconds / 4))
        runs["from_json_verified"].append(rate(lambda: game.state_from_json(text, verify=True), seconds / 4))
    return {
        "players": playout.players,
        "median": {k: statistics.median(v) for k, v in runs.items()},
        "runs": runs,
        "games": {side: games for side, (games, _) in totals.items()},
        "decisions_per_game": {side: decisions / games for side, (games, decisions) in totals.items()},
        "save": {"characters": len(text), "events": len(state.events), "decisions": len(state.history)},
    }


def print_tables(results: dict[str, dict[str, Any]], rounds: int, seconds: float) -> None:
    """The playout table, then the table of save and clone figures."""
    print(f"Random playouts, {rounds} interleaved rounds of {seconds:.1f} s per side, medians")
    head = ("game", "players", "engine games/s", "engine decisions/s", "baseline games/s", "engine/baseline",
            "decisions/game engine", "decisions/game baseline")  # fmt: skip
    rows = [
        (name, str(r["players"]), f"{r['median']['engine_games']:.0f}", f"{r['median']['engine_decisions']:.0f}",
         f"{r['median']['baseline_games']:.0f}", f"{r['median']['ratio']:.3f}",
         f"{r['decisions_per_game']['engine']:.1f}", f"{r['decisions_per_game']['baseline']:.1f}")
        for name, r in results.items()
    ]  # fmt: skip
    print_table(head, rows)
    print()
    print("A finished match (random play, seed 99), operations per second, medians")
    head = ("game", "decisions", "events", "JSON chars", "clone/s", "to_json/s",
            "from_json verify=False /s", "from_json verify=True /s")  # fmt: skip
    rows = [
        (name, str(r["save"]["decisions"]), str(r["save"]["events"]), str(r["save"]["characters"]),
         f"{r['median']['clone']:.0f}", f"{r['median']['to_json']:.0f}", f"{r['median']['from_json']:.0f}",
         f"{r['median']['from_json_verified']:.0f}")
        for name, r in results.items()
    ]  # fmt: skip
    print_table(head, rows)


def print_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A plain text table: the first column left-aligned, numbers right-aligned."""
    widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head))]
    for row in (head, *rows):
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        print("  ".join(cells))


def main() -> int:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each timed run of each side")
    parser.add_argument("--game", action="append", choices=list(dict.fromkeys(p.game for p in PLAYOUTS)),
                        help="measure only this game (may be repeated)")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--path", choices=("apply", "playout"), default="apply",
                        help="the engine answers with State.apply, or plays each game out with State.playout (the "
                             "trusted path, same answers)")  # fmt: skip
    args = parser.parse_args()
    chosen = [p for p in PLAYOUTS if not args.game or p.game in args.game]
    results = {p.label: measure(p, args.rounds, args.seconds, args.path) for p in chosen}
    if args.json:
        print(json.dumps({"rounds": args.rounds, "seconds": args.seconds, "python": platform.python_version(),
                          "path": args.path, "games": results}))  # fmt: skip
    else:
        print(f"engine path: State.{args.path}")
        print_tables(results, args.rounds, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
