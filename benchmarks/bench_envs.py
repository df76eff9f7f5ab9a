"""Decisions per second through the PettingZoo AEC environments, with random masked actions.

Each game's environment (two players) and PettingZoo's own tic-tac-toe are driven
the same way: ``agent_iter``, ``last()`` (which builds the observation and the
mask), a uniformly random legal id from the mask, ``step``. A *decision* is one
agent step with an action (the ``None`` steps of finished agents are not counted);
matches are reset as they end. Rounds are interleaved (every environment once per
round, in a shuffled order), so a slower moment of the machine hits them all, and
the median of the rounds is reported.

    python benchmarks/bench_envs.py                 # 5 rounds of 2 seconds each
    python benchmarks/bench_envs.py --rounds 3 --seconds 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

GAMES = ("gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish")


def boardcore_env(name: str) -> Callable[[], Any]:
    import boardcore.pettingzoo

    return lambda: boardcore.pettingzoo.env(name, players=2)


def tictactoe_env() -> Any:
    from pettingzoo.classic import tictactoe_v3

    return tictactoe_v3.env()


def measure(env: Any, seconds: float, rng: np.random.Generator, seed: int) -> float:
    """Decisions per second for about ``seconds``: random masked play, resetting as matches end."""
    decisions, matches = 0, 0
    env.reset(seed=seed)
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        matches += 1
        if time.perf_counter() >= deadline:
            break
        env.reset(seed=seed + matches)
    return decisions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="at least this long per environment and round")
    args = parser.parse_args()
    makers: dict[str, Callable[[], Any]] = {name: boardcore_env(name) for name in GAMES}
    try:
        tictactoe_env()
    except ImportError as exc:  # PettingZoo's classic games need pygame, which the rl extra does not bring
        print(f"(PettingZoo's tictactoe_v3 left out: {exc})")
    else:
        makers["pettingzoo tictactoe_v3"] = tictactoe_env
    envs = {name: make() for name, make in makers.items()}
    results: dict[str, list[float]] = {name: [] for name in envs}
    order = list(envs)
    shuffle = random.Random(0)
    rng = np.random.default_rng(0)
    for round_ in range(args.rounds):
        shuffle.shuffle(order)
        for name in order:
            results[name].append(measure(envs[name], args.seconds, rng, seed=1000 * round_))
    print(f"| environment | decisions/s (median of {args.rounds} rounds) | min | max |")
    print("| --- | ---: | ---: | ---: |")
    for name, rates in results.items():
        print(f"| {name} | {statistics.median(rates):,.0f} | {min(rates):,.0f} | {max(rates):,.0f} |")


if __name__ == "__main__":
    main()
