"""Gallic Wars: engine playouts through the public API against a hand-written baseline.

Runs interleaved rounds (engine, baseline, engine, baseline, ...) so both see the
same machine load, and prints the median of each figure:

* engine games/s and actions/s: random playouts via ``new_state``/``pending``/``apply``;
* baseline games/s: ``gallic_wars_baseline.play``, same rules and random policy;
* the ratio engine/baseline games/s (required >= 0.15, goal 0.30);
* clone/s, and clone cost against ``copy.deepcopy`` of the same match's data (what
  copying a state would cost; ``copy.deepcopy(state)`` itself is a clone);
* to_json + state_from_json round trips/s.

usage: python benchmarks/bench_gallic_wars.py [--rounds 7] [--seconds 1.0] [--json]
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gallic_wars_baseline  # noqa: E402

import boardcore  # noqa: E402


def engine_round(game: boardcore.Game, seconds: float, seed: int) -> tuple[float, float]:
    """Random playouts for ``seconds``; returns (games/s, actions/s)."""
    choose = random.Random(seed).random
    games = actions = 0
    start = time.perf_counter()
    while True:
        state = game.new_state(players=2, seed=seed + games)
        while not state.is_over:
            decision = state.pending[0]
            options = decision.options
            state.apply(decision.player, options[int(choose() * len(options))])
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / elapsed


def baseline_round(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    while True:
        gallic_wars_baseline.play(rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def mid_game_state(game: boardcore.Game) -> boardcore.State:
    """A state a few hands in, with a realistic event log."""
    state = game.new_state(players=2, seed=99)
    choose = random.Random(5).random
    for _ in range(25):
        decision = state.pending[0]
        state.apply(decision.player, decision.options[int(choose() * len(decision.options))])
    return state


def rate(fn, seconds: float) -> float:
    count = 0
    start = time.perf_counter()
    while True:
        for _ in range(50):
            fn()
        count += 50
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of each timed run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    game = boardcore.load_game("gallic-wars")
    state = mid_game_state(game)
    text = state.to_json()
    figures: dict[str, list[float]] = {k: [] for k in ("engine_games", "engine_actions", "baseline_games", "ratio",
                                                         "clone", "deepcopy", "json_round_trip")}  # fmt: skip
    for r in range(args.rounds):
        games, actions = engine_round(game, args.seconds, seed=1000 * r)
        base = baseline_round(args.seconds, seed=1000 * r)
        figures["engine_games"].append(games)
        figures["engine_actions"].append(actions)
        figures["baseline_games"].append(base)
        figures["ratio"].append(games / base)
        figures["clone"].append(rate(state.clone, args.seconds / 4))
        figures["deepcopy"].append(rate(lambda: copy.deepcopy(state.match), args.seconds / 4))
        # verify=False: the cost of reading a save; verifying adds one replay (see docs/architecture.md).
        figures["json_round_trip"].append(rate(lambda: game.state_from_json(state.to_json(), verify=False), args.seconds / 4))
    med = {k: statistics.median(v) for k, v in figures.items()}
    med["clone_cost_vs_deepcopy"] = med["clone"] / med["deepcopy"]
    if args.json:
        print(json.dumps({"rounds": args.rounds, "median": med, "runs": figures}))
        return 0
    print(f"Gallic Wars, {args.rounds} interleaved rounds of {args.seconds:.1f} s, medians:")
    print(f"  engine   {med['engine_games']:8.0f} games/s  {med['engine_actions']:9.0f} actions/s (public API, random play)")
    print(f"  baseline {med['baseline_games']:8.0f} games/s  (hand-written plain Python, same rules and policy)")
    print(f"  ratio    {med['ratio']:8.3f}  (required >= 0.15, goal 0.30)")
    print(f"  clone    {med['clone']:8.0f} /s    deepcopy {med['deepcopy']:8.0f} /s   "
          f"(a clone costs 1/{med['clone_cost_vs_deepcopy']:.0f} of a deepcopy)")
    print(f"  to_json + state_from_json {med['json_round_trip']:8.0f} round trips/s "
          f"(a {len(text)} character state, {len(state.events)} events)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
