"""Games per second with 1 and 2 local workers and on Ray, for one game and seed.

Every run plays the same games (same seed), and the script checks that all runs
give the same figures: only the time may differ. Ray is timed twice: a cold run
that starts a local Ray instance (what ``simulate --backend ray`` costs on its own)
and warm runs on an instance already up (what each run of a long sweep costs).

usage: python benchmarks/bench_scaling.py [--game gallic-wars] [--games 2000] [--rounds 3] [--ray-cpus 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

from boardcore.simulate import simulate


def timed(game: str, games: int, workers: int, backend: str = "local") -> tuple[float, str]:
    """Wall seconds of one run, and its figures (as JSON) without the timing fields."""
    start = time.perf_counter()
    report = simulate(game, games=games, seed=7, workers=workers, backend=backend).to_dict()
    seconds = time.perf_counter() - start
    for key in ("seconds", "actions_per_second", "workers"):
        report.pop(key)
    return seconds, json.dumps(report, sort_keys=True)


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.system()} {platform.release()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gallic-wars")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ray-cpus", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-ray", action="store_true", help="time the local backend only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"local, 1 worker": [], "local, 2 workers": []}
    figures = set()
    for _ in range(args.rounds):
        for label, workers in (("local, 1 worker", 1), ("local, 2 workers", 2)):
            seconds, report = timed(args.game, args.games, workers)
            times[label].append(seconds)
            figures.add(report)
    if not args.no_ray:
        import ray

        # Measured before any Ray instance is up: the start-up is part of this figure.
        seconds, report = timed(args.game, args.games, args.ray_cpus, "ray")
        times[f"ray, {args.ray_cpus} CPUs, cold (starts Ray)"] = [seconds]
        figures.add(report)
        ray.init(num_cpus=args.ray_cpus, include_dashboard=False, log_to_driver=False)
        warm = f"ray, {args.ray_cpus} CPUs, warm"
        times[warm] = []
        try:
            for _ in range(args.rounds):
                seconds, report = timed(args.game, args.games, args.ray_cpus, "ray")
                times[warm].append(seconds)
                figures.add(report)
        finally:
            ray.shutdown()
    if len(figures) != 1:
        print("the figures differ between runs: a backend broke determinism", file=sys.stderr)
        return 1
    base = statistics.median(times["local, 1 worker"])
    rows = [
        {"run": label, "seconds": statistics.median(t), "games_per_second": args.games / statistics.median(t), "speedup": base / statistics.median(t)}
        for label, t in times.items()
    ]
    if args.json:
        print(json.dumps({"machine": machine(), "game": args.game, "games": args.games, "rounds": args.rounds, "rows": rows}))
        return 0
    print(f"{machine()}\n{args.game}, {args.games} games, seed 7, medians of {args.rounds} rounds (cold Ray: one run)")
    print(f"{'run':<36} {'seconds':>8} {'games/s':>8} {'speed-up':>8}")
    for r in rows:
        print(f"{r['run']:<36} {r['seconds']:>8.2f} {r['games_per_second']:>8.0f} {r['speedup']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
