"""How ``boardcore simulate --workers N`` scales over the machine's cores.

For each game, runs the same simulation (same seed, so the same games) with 1, 2,
... workers, interleaved round by round, and prints the median wall time and the
speed-up over one worker. The reports must agree whatever the number of workers
(the script checks it): only the time may change.

usage: python benchmarks/bench_workers.py [--rounds 3] [--workers 1,2] [--game NAME --games N ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from boardcore.simulate import simulate

# Enough games for a few seconds of work per run on a small machine.
DEFAULT = {"gallic-wars": 3000, "invasions-of-the-horse-people": 200, "prehistoric-warfare": 100, "aztec-skirmish": 200}


def timed(name: str, games: int, workers: int) -> tuple[float, dict]:
    """Wall seconds of one simulation, and its report without the timing fields."""
    start = time.perf_counter()
    report = simulate(name, games=games, workers=workers, seed=7).to_dict()
    seconds = time.perf_counter() - start
    for key in ("seconds", "actions_per_second", "workers"):
        report.pop(key)
    return seconds, report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", default=f"1,{os.cpu_count() or 1}", help="worker counts, comma-separated")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--games", type=int, help="games per run (default: per game, a few seconds' worth)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    rows = []
    for name in args.game or list(DEFAULT):
        games = args.games or DEFAULT.get(name, 100)
        times: dict[int, list[float]] = {w: [] for w in counts}
        reports = set()
        for _ in range(args.rounds):
            for w in counts:
                seconds, report = timed(name, games, w)
                times[w].append(seconds)
                reports.add(json.dumps(report, sort_keys=True))
        if len(reports) != 1:
            print(f"{name}: the reports differ between worker counts", file=sys.stderr)
            return 1
        base = statistics.median(times[counts[0]])
        for w in counts:
            median = statistics.median(times[w])
            rows.append({"game": name, "games": games, "workers": w, "seconds": median, "speedup": base / median})
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "rounds": args.rounds, "rows": rows}))
        return 0
    print(f"{os.cpu_count()} CPUs, {args.rounds} interleaved rounds, medians")
    print(f"{'game':<32} {'games':>6} {'workers':>7} {'seconds':>8} {'speed-up':>8}")
    for r in rows:
        print(f"{r['game']:<32} {r['games']:>6} {r['workers']:>7} {r['seconds']:>8.2f} {r['speedup']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
