"""OpenSpiel's Python games against the same games written plainly, like for like.

For each of OpenSpiel's Python games ``python_kuhn_poker`` and
``python_tic_tac_toe``, two sides play complete random games:

* **peer**: the game through OpenSpiel's public API (``new_initial_state``, then
  ``chance_outcomes`` at a chance node and ``legal_actions`` otherwise, one of them
  picked as ``options[int(rng.random() * len(options))]``, ``apply_action`` until
  ``is_terminal``, then ``history`` and ``returns``). Kuhn poker's chance outcomes
  are equally likely, so picking one by index is sampling it by its probability;
* **plain**: the same game written by hand in this file, the way a competent
  programmer would (Kuhn poker: two cards off a 3-card deck and at most three
  bets; tic-tac-toe: a 9-cell list, the list of empty cells, the lines through the
  last move), with the same pick at every decision and every deal.

Both sides return the actions played (deals included) and the returns, so they can
be checked against each other: before anything is timed, both play the games of
``--check`` seeds and must agree on every action and every return. In each round,
both sides play the same games (the same seed); rounds are interleaved (peer,
plain, peer, plain...) so that both see the same machine load. The script prints
the median games/s of each side and the median of the rounds' ratios peer/plain.

usage: python benchmarks/bench_openspiel_peers.py [--rounds 7] [--seconds 1.0]
       [--check 300] [--game kuhn_poker|tic_tac_toe] [--json]

Needs OpenSpiel (``pip install open_spiel``, or boardcore's ``openspiel`` extra).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import platform
import random
import statistics
import time
from collections.abc import Callable

import pyspiel

import open_spiel.python.games  # noqa: F401  (importing it registers the python_* games)

Result = tuple[list[int], list[float]]  # (every action, deals included; returns)
Playout = Callable[[random.Random], Result]


# -- the peer: OpenSpiel's Python game through OpenSpiel's API --------------------------


def peer_playout(game: pyspiel.Game, rng: random.Random) -> Result:
    """One random game of ``game`` through OpenSpiel's public API."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[int(rng.random() * len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action)
    return state.history(), state.returns()


def peer(short_name: str) -> Playout:
    """The playout of OpenSpiel's game ``short_name``, loaded once."""
    game = pyspiel.load_game(short_name)
    return lambda rng: peer_playout(game, rng)


# -- the same games, written plainly ----------------------------------------------------

PASS, BET = 0, 1  # Kuhn poker's actions; both are legal at every bet, in this order


def plain_kuhn_poker(rng: random.Random) -> Result:
    """One random game of Kuhn poker: cards 0 < 1 < 2, an ante of 1, bets of 1."""
    deck = [0, 1, 2]
    card0 = deck.pop(int(rng.random() * 3))  # deals come off the cards left, in order
    card1 = deck.pop(int(rng.random() * 2))
    first = int(rng.random() * 2)  # player 0: pass or bet
    second = int(rng.random() * 2)  # player 1
    showdown = 1 if card0 > card1 else -1
    if first == BET:
        bets = [first, second]
        won = showdown * 2 if second == BET else 1  # called, or player 1 folds
    elif second == PASS:
        bets = [first, second]
        won = showdown  # both passed
    else:
        third = int(rng.random() * 2)  # player 0 calls player 1's bet, or folds
        bets = [first, second, third]
        won = showdown * 2 if third == BET else -1
    return [card0, card1, *bets], [won, -won]


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


def plain_tic_tac_toe(rng: random.Random) -> Result:
    """One random game of tic-tac-toe: cells 0..8 row by row, player 0 (x) first."""
    board = [0] * 9  # 0 empty, 1 player 0's mark, 2 player 1's
    empty = list(range(9))  # the legal moves, in increasing order
    moves: list[int] = []
    mark = 1
    while empty:
        cell = empty.pop(int(rng.random() * len(empty)))
        board[cell] = mark
        moves.append(cell)
        for a, b, c in LINES_THROUGH[cell]:
            if board[a] == board[b] == board[c]:
                return moves, [1.0, -1.0] if mark == 1 else [-1.0, 1.0]
        mark = 3 - mark
    return moves, [0.0, 0.0]


GAMES: dict[str, tuple[str, Playout]] = {
    "kuhn_poker": ("python_kuhn_poker", plain_kuhn_poker),
    "tic_tac_toe": ("python_tic_tac_toe", plain_tic_tac_toe),
}


# -- checking and timing -----------------------------------------------------------------


def disagreement(peer_side: Playout, plain_side: Playout, seeds: range) -> str | None:
    """The first seed whose game differs between the two sides, described; else None."""
    for seed in seeds:
        theirs, ours = peer_side(random.Random(seed)), plain_side(random.Random(seed))
        if theirs != ours:
            return f"seed {seed}: OpenSpiel played {theirs}, the plain game {ours}"
    return None


def rate(playout: Playout, seconds: float, seed: int, batch: int = 50) -> float:
    """Complete games per second over about ``seconds``, all from one RNG."""
    rng = random.Random(seed)
    games, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(batch):
            playout(rng)
        games += batch
    return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="per side and round")
    parser.add_argument("--check", type=int, default=300, help="seeds checked before timing")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="default: all")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    names = args.game or list(GAMES)

    sides = {name: (peer(GAMES[name][0]), GAMES[name][1]) for name in names}
    for name, (peer_side, plain_side) in sides.items():
        problem = disagreement(peer_side, plain_side, range(args.check))
        if problem is not None:
            raise SystemExit(f"{name}: the two sides do not play the same game ({problem})")

    rounds: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    for round_ in range(args.rounds):
        for name, (peer_side, plain_side) in sides.items():
            rounds[name].append(
                (rate(peer_side, args.seconds, round_), rate(plain_side, args.seconds, round_))
            )

    figures = {
        name: {
            "openspiel_game": GAMES[name][0],
            "peer_games_per_s": statistics.median(p for p, _ in runs),
            "plain_games_per_s": statistics.median(q for _, q in runs),
            "ratio": statistics.median(p / q for p, q in runs),
            "rounds": [{"peer": p, "plain": q, "ratio": p / q} for p, q in runs],
        }
        for name, runs in rounds.items()
    }
    if args.json:
        about = {
            "rounds": args.rounds,
            "seconds": args.seconds,
            "checked_seeds": args.check,
            "python": platform.python_version(),
            "open_spiel": importlib.metadata.version("open_spiel"),
        }
        print(json.dumps({**about, "games": figures}, indent=2))
        return
    print(
        f"{args.check} seeds agree on every action and return; median of {args.rounds} "
        f"interleaved rounds of {args.seconds}s per side (OpenSpiel "
        f"{importlib.metadata.version('open_spiel')}, Python {platform.python_version()})"
    )
    print(f"{'game':20} {'OpenSpiel games/s':>18} {'plain games/s':>14} {'peer/plain':>11}")
    for name, row in figures.items():
        print(
            f"{GAMES[name][0]:20} {row['peer_games_per_s']:18,.0f} "
            f"{row['plain_games_per_s']:14,.0f} {row['ratio']:11.3f}"
        )


if __name__ == "__main__":
    main()
