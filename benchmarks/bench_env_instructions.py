"""Instructions per PettingZoo AEC step, counted by valgrind: two trees compared on a busy machine.

``bench_envs.py`` times the environments on the clock; this script counts the
instructions of the same loop (``last()``, a random legal id from the mask,
``step``) for N steps of each game, less a run of a few steps, divided by the
difference. It also prints a digest of every observation and mask seen, so two
trees that encode the same way show the same digest.

    python benchmarks/bench_env_instructions.py                  # this tree, every game
    python benchmarks/bench_env_instructions.py --tree /tmp/old --steps 500
"""

from __future__ import annotations

import argparse
from pathlib import Path

from callgrind import count

GAMES = ("gallic-wars", "invasions-of-the-horse-people", "prehistoric-warfare", "aztec-skirmish")
BASE_STEPS = 20

CODE = """
import gc, hashlib, sys
gc.disable()  # a collection at a different moment would move the count
import numpy as np
import boardcore.pettingzoo
name, steps = sys.argv[1], int(sys.argv[2])
env = boardcore.pettingzoo.env(name, players=2)
rng = np.random.default_rng(0)
digest = hashlib.sha256()
done = matches = 0
env.reset(seed=0)
while done < steps:
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        digest.update(observation["observation"].tobytes())
        digest.update(observation["action_mask"].tobytes())
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        done += 1
        if done >= steps:
            break
    matches += 1
    env.reset(seed=matches)
print(digest.hexdigest()[:12])
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, help="another checkout to measure (built _rng_c copied in)")
    parser.add_argument("--game", choices=GAMES, help="one game (default: all four)")
    parser.add_argument("--steps", type=int, default=300, help="steps measured per game (default 300)")
    args = parser.parse_args()
    if args.steps <= BASE_STEPS:
        parser.error(f"--steps must be more than {BASE_STEPS}")
    print(f"tree: {args.tree or Path(__file__).resolve().parents[1]}")
    print("| game | steps | instructions per step | observations' digest |")
    print("| --- | --- | --- | --- |")
    for game in [args.game] if args.game else GAMES:
        base, _ = count(CODE, [game, str(BASE_STEPS)], tree=args.tree)
        total, digest = count(CODE, [game, str(args.steps)], tree=args.tree)
        per_step = (total - base) / (args.steps - BASE_STEPS)
        print(f"| {game} | {args.steps} | {per_step / 1000:.1f} k | {digest} |")


if __name__ == "__main__":
    main()
