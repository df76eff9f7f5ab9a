"""Soak test: many random games of every installed game and player count, every property checked.

    python scripts/soak.py                       # 10,000 games per game and player count
    python scripts/soak.py --games 200 --workers 2 --json soak.json
    python scripts/soak.py --game gallic-wars --players 2 --games 1000

Each shard runs ``boardcore.testing.check_game`` (the nine properties of
docs/testing.md, with the expensive checks every ``--every`` actions) on its own
range of seeds, so the run is reproducible shard by shard and spreads over
processes. A failing shard reports the conformance error with its reproducer;
the run goes on with the other shards. The table printed at the end (and the
JSON) gives games, actions, failures and time per game and player count: the
figures quoted in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import boardcore
from boardcore.testing import ConformanceError, check_game

SHARD = 50
"""Games per shard: small enough to spread well, large enough to amortise loading."""


def run_shard(name: str, players: int, seed: int, games: int, every: int) -> dict[str, Any]:
    """Check ``games`` games of one game and player count from ``seed``."""
    game = boardcore.load_game(name)
    start = time.perf_counter()
    try:
        summary = check_game(game, games=games, seed=seed, players=players, every=every, cross_process=seed == 0)
    except ConformanceError as exc:
        return {"game": name, "players": players, "seed": seed, "games": games, "failure": str(exc)[:4000]}
    return {
        "game": name,
        "players": players,
        "seed": seed,
        "games": summary.games,
        "actions": summary.actions,
        "reasons": summary.reasons,
        "seconds": time.perf_counter() - start,
    }


def plan(names: list[str], players: int | None, games: int) -> list[tuple[str, int, int, int]]:
    """Shards as (game, players, seed, games)."""
    shards = []
    for name in names:
        counts = [players] if players else list(boardcore.load_game(name).player_counts)
        for count in counts:
            for index, first in enumerate(range(0, games, SHARD)):
                shards.append((name, count, index, min(SHARD, games - first)))
    return shards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games per game and player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every installed game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=int, default=25, help="actions between the expensive checks")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    names = args.game or boardcore.list_games()
    shards = plan(names, args.players, args.games)
    totals: dict[tuple[str, int], dict[str, Any]] = {}
    failures = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(run_shard, name, count, seed, games, args.every) for name, count, seed, games in shards]
        for done, future in enumerate(as_completed(futures), 1):
            result = future.result()
            row = totals.setdefault((result["game"], result["players"]), {"games": 0, "actions": 0, "failures": 0, "seconds": 0.0})
            row["games"] += result["games"]
            if "failure" in result:
                row["failures"] += 1
                failures.append(result)
            else:
                row["actions"] += result["actions"]
                row["seconds"] += result["seconds"]
            print(f"\r{done}/{len(futures)} shards", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{'game':<32} {'players':>7} {'games':>8} {'actions':>11} {'failed shards':>13} {'cpu s':>8}")
    for (name, count), row in sorted(totals.items()):
        print(f"{name:<32} {count:>7} {row['games']:>8} {row['actions']:>11} {row['failures']:>13} {row['seconds']:>8.0f}")
    print(f"wall time {time.perf_counter() - started:.0f} s, {len(failures)} failing shard(s)")
    for failure in failures:
        print(f"\n{failure['game']} players={failure['players']} shard seed={failure['seed']}:\n{failure['failure']}")
    if args.json:
        rows = [{"game": n, "players": p, **row} for (n, p), row in sorted(totals.items())]
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"rows": rows, "failures": failures, "every": args.every}, out, indent=2)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
