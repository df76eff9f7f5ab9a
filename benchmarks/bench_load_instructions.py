"""Instructions per `state_from_json` of a finished match, counted by valgrind.

Counting instructions (``valgrind --tool=callgrind``) instead of timing makes the
figure independent of whatever else the machine runs, so two versions of boardcore
can be compared on a busy machine. For each game the script plays a random match
(``--seed``), saves it, then runs a loader under callgrind twice: one load, and
1 + N loads; the difference divided by N is the cost of one load. Garbage
collection is off and ``PYTHONHASHSEED`` fixed in the counted runs, so that both do
the same work but for the N loads.

    python benchmarks/bench_load_instructions.py                       # every game, both modes
    python benchmarks/bench_load_instructions.py --game gallic-wars --loads 20
    python benchmarks/bench_load_instructions.py --python /old/venv/bin/python --mode default

``--python`` names the interpreter whose boardcore is measured (another checkout's
virtual environment, e.g. version 0.1 at 1cd5e33); the modes are ``default``
(``state_from_json(text)``, which replays the match in today's boardcore),
``trusted`` (``verify=False``; not in versions without it) or ``both``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from callgrind import count

GAMES = {"gallic-wars": 2, "invasions-of-the-horse-people": 3, "prehistoric-warfare": 4, "aztec-skirmish": 2}
"""The games and player counts measured (the same as the table in docs/performance.md)."""

SAVE = """
import random, sys, boardcore
game, players, seed, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
state = boardcore.load_game(game).new_state(players=players, seed=seed)
choose = random.Random(seed).random
while not state.is_over:
    decision = state.pending[0]
    after = state.apply(decision.player, decision.options[int(choose() * len(decision.options))])
    state = state if after is None else after  # version 0.1 returned the next state
text = state.to_json()
open(path, "w").write(text)
print(len(state.history), len(text))
"""

LOAD = """
import gc, sys, boardcore
game, path, mode, loads = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
rules = boardcore.load_game(game)
text = open(path).read()
options = {"verify": False} if mode == "trusted" else {}
gc.collect()
gc.disable()
for _ in range(1 + loads):  # one load in both runs: one-time costs (hooks made on first use) cancel out
    rules.state_from_json(text, **options)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all four)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose boardcore is measured")
    parser.add_argument("--mode", choices=("default", "trusted", "both"), default="both")
    parser.add_argument("--loads", type=int, default=5, help="N, the loads counted (default 5)")
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    if args.loads < 1:
        parser.error("--loads must be at least 1")
    modes = ("default", "trusted") if args.mode == "both" else (args.mode,)
    print("| game | players | actions | save | mode | instructions per load |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for game, players in GAMES.items():
            if args.game and game != args.game:
                continue
            path = str(Path(tmp) / f"{game}.json")
            made = subprocess.run(
                [args.python, "-c", SAVE, game, str(players), str(args.seed), path],
                check=True,
                capture_output=True,
                text=True,
                cwd=tmp,
            )
            actions, size = made.stdout.split()
            for mode in modes:
                base, _ = count(LOAD, [game, path, mode, "0"], args.python)
                more, _ = count(LOAD, [game, path, mode, str(args.loads)], args.python)
                per = (more - base) / args.loads
                print(f"| {game} | {players} | {actions} | {int(size) / 1000:.1f} kB | {mode} | {per / 1e6:.2f} M |", flush=True)


if __name__ == "__main__":
    main()
