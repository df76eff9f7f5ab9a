"""Instructions per random playout of each game, counted by valgrind: two trees compared on a busy machine.

``bench_playouts.py`` times playouts, which a machine shared with other work makes
noisy (even its engine/baseline ratio moves with the load). This script counts
instructions instead (``valgrind --tool=callgrind``): for each game it plays N
random matches with ``bench_playouts``' policy (new_state, then option
``int(choose() * len(options))`` until the end), and a run of 0 matches, and
divides the difference by N. Both runs first play one whole match of their own, so
that what is done once (caches filled, modules imported on first use) cancels out. Garbage collection is off and ``PYTHONHASHSEED``
fixed, so the count depends only on the code measured.

    python benchmarks/bench_playout_instructions.py                        # this tree, every game
    python benchmarks/bench_playout_instructions.py --tree /tmp/old --games 3
    python benchmarks/bench_playout_instructions.py --path playout   # State.playout, same choices

``--tree`` names another checkout to measure (its ``boardcore``, ``games`` and
``plugins`` folders go first on the path; copy the built ``_rng_c*.so`` (``boardcore/_values/``, or ``boardcore/`` before 0.4)
into it, or it measures the Python generator). Compare the same games with the
same seeds in both trees: the matches played are then the same when the rules
and the decisions are.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from callgrind import count

GAMES = {"gallic-wars": 2, "invasions-of-the-horse-people": 3, "prehistoric-warfare": 4, "aztec-skirmish": 2}

PLAY = """
import gc, random, sys, boardcore
game, players, seed, count, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rules = boardcore.load_game(game)


def play(i):
    state = rules.new_state(players=players, seed=i)
    choose = random.Random(i).random
    if path == "playout":  # the same choices, on the trusted path
        state.playout(lambda s, d: int(choose() * len(d.options)))
    else:
        while not state.is_over:
            d = state.pending[0]
            state.apply(d.player, d.options[int(choose() * len(d.options))])
    return state.history_length


play(seed - 1)  # a whole match in both runs: one-time costs (caches, lazy imports) cancel out
gc.collect()
gc.disable()
print(sum(play(seed + i) for i in range(count)))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: all four)")
    parser.add_argument("--games", type=int, default=3, help="N, the matches counted per game (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--path", choices=("apply", "playout"), default="apply",
        help="answer with State.apply, or play each match out with State.playout (default apply)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"tree: {args.tree}, path: {args.path}")
    print("| game | players | matches | actions | instructions per match | per action |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game, players in GAMES.items():
        if args.game and game != args.game:
            continue
        base, _ = count(PLAY, [game, str(players), str(args.seed), "0", args.path], tree=args.tree)
        more, printed = count(PLAY, [game, str(players), str(args.seed), str(args.games), args.path], tree=args.tree)
        actions = int(printed.split()[-1])
        per = (more - base) / args.games
        print(
            f"| {game} | {players} | {args.games} | {actions} | {per / 1e6:.3f} M | {(more - base) / actions / 1e3:.1f} k |",
            flush=True,
        )


if __name__ == "__main__":
    main()
