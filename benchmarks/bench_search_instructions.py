"""Instructions per ``ismcts`` search, counted by valgrind: two trees compared on a busy machine.

``scripts/strength.py --speed`` times searches, which a shared machine makes noisy.
This script counts instructions instead (``valgrind --tool=callgrind``): for each
game it walks random matches (seeded) to the same positions in both trees, runs one
search of ``--iterations`` at each of ``--positions`` positions with a choice, and
divides the instructions of those searches (a run that walks to the positions without
searching is subtracted) by the iterations run. Garbage collection is off and
``PYTHONHASHSEED`` fixed. It prints the searches' choices' digest too: the same digest
in both trees means the search took the same decisions.

    python benchmarks/bench_search_instructions.py
    python benchmarks/bench_search_instructions.py --tree /tmp/old --game gallic-wars

``--tree`` names another checkout (its ``boardcore``, ``games`` and ``plugins`` go first
on the path; copy the built ``_rng_c*.so`` into it, or it measures the Python generator).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from callgrind import count

GAMES = {"gallic-wars": 2, "invasions-of-the-horse-people": 3, "prehistoric-warfare": 2, "aztec-skirmish": 2}

SEARCH = """
import gc, hashlib, random, sys, boardcore
from boardcore.bots import make_bot
game, players, seed, positions, iterations, search = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "1"
rules = boardcore.load_game(game)
pick = random.Random(seed)
found, chosen, run = 0, [], 0
gc.collect()
gc.disable()
while found < positions:
    state = rules.new_state(players=players, seed=pick.randrange(1 << 30))
    met = 0
    while not state.is_over and found < positions:
        decision = state.pending[0]
        if len(decision.options) > 1:
            met += 1
            if met % 10 == 0:
                found += 1
                bot = make_bot(f"ismcts:iterations={iterations}", pick.randrange(1 << 30))
                if search:
                    chosen.append(str(bot.choose(state, decision)))
                    run += bot.iterations_run
        state.apply(decision.player, decision.options[pick.randrange(len(decision.options))])
print(run, hashlib.sha1("|".join(chosen).encode()).hexdigest()[:12])
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all four)")
    parser.add_argument("--positions", type=int, default=3, help="searches per game (default 3)")
    parser.add_argument("--iterations", type=int, default=100, help="iterations per search (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.positions < 1 or args.iterations < 1:
        parser.error("--positions and --iterations must be at least 1")
    print(f"tree: {args.tree}")
    print("| game | players | searches | iterations | instructions per iteration | choices' digest |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game, players in GAMES.items():
        if args.game and game != args.game:
            continue
        common = [game, str(players), str(args.seed), str(args.positions), str(args.iterations)]
        base, _ = count(SEARCH, [*common, "0"], tree=args.tree)
        more, line = count(SEARCH, [*common, "1"], tree=args.tree)
        iterations, digest = line.split()
        print(f"| {game} | {players} | {args.positions} | {iterations} | {(more - base) / int(iterations) / 1e3:.1f} k | {digest} |", flush=True)


if __name__ == "__main__":
    main()
