"""Soak test: many random games of every built-in game and player count, every property checked.

    python scripts/soak.py                                   # 10,000 games per game and player count
    python scripts/soak.py --games 200 --workers 2
    python scripts/soak.py --game gallic-wars --players 2 --games 1000
    python scripts/soak.py --report                          # the table of what is recorded so far

Each shard runs ``boardcore.testing.check_game`` (the nine properties of
docs/testing.md, the expensive ones every ``--every`` actions, plus the game's
own invariants from its ``testing`` module) on a range of seeds of its
own, so the run is reproducible shard by shard and spreads over processes.

Every finished shard is appended as one JSON line to ``--out`` with the commit it
ran on. A run skips the shards the file already holds, so a soak too long for one
sitting is resumed by running the same command again, and ``--report`` totals the
file: games, actions, failing shards (with their reproducers) and CPU time per
game and player count, the figures quoted in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import boardcore
from boardcore.testing import ConformanceError, check_game

ROOT = Path(__file__).resolve().parent.parent
SHARD = 50
"""Games per shard: small enough to spread well and to lose little when stopped."""

INVARIANTS = {
    "aztec-skirmish": ("boardcore_aztec_skirmish.testing", "check"),
    "gallic-wars": ("boardcore_gallic_wars.testing", "invariants"),
    "invasions-of-the-horse-people": ("boardcore_horse_people.testing", "check"),
    "prehistoric-warfare": ("boardcore_prehistoric_warfare.testing", "check"),
}
"""Where each built-in game keeps its invariants (a function of a match listing the
problems found), in the testing module it offers expansion authors."""

EVERY = {"gallic-wars": 10, "aztec-skirmish": 100, "invasions-of-the-horse-people": 150, "prehistoric-warfare": 250}
"""Actions between the expensive checks: a few sampled points in each game."""


def game_checks(name: str) -> Sequence[Callable[[Any], Sequence[str]]]:
    """The game's own invariants, for the built-in games."""
    found = INVARIANTS.get(name)
    if found is None:
        return ()
    module, function = found
    if str(ROOT) not in sys.path:  # (a test may point at a module of this checkout's tests)
        sys.path.insert(0, str(ROOT))
    return (getattr(importlib.import_module(module), function),)


def run_shard(name: str, players: int, shard: int, games: int, every: int, commit: str) -> dict[str, Any]:
    """Check ``games`` games of one game and player count, seeded by the shard number."""
    game = boardcore.load_game(name)
    start = time.perf_counter()
    row: dict[str, Any] = {"game": name, "players": players, "shard": shard, "games": games, "every": every, "commit": commit}
    try:
        summary = check_game(
            game, games=games, seed=shard, players=players, every=every, cross_process=shard == 0, checks=game_checks(name)
        )
    except ConformanceError as exc:
        return {**row, "failure": str(exc)[:4000], "seconds": time.perf_counter() - start}
    return {**row, "actions": summary.actions, "reasons": summary.reasons, "seconds": time.perf_counter() - start}


def run_all(jobs: Sequence[tuple[str, int, int, int, int, str]], workers: int) -> Iterator[dict[str, Any]]:
    """The results of ``run_shard`` for every job, as they finish; one worker runs
    them in this process (easier to debug and to profile)."""
    if workers == 1:
        yield from (run_shard(*job) for job in jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_shard, *job) for job in jobs]
        yield from (future.result() for future in as_completed(futures))


def plan(names: Sequence[str], players: int | None, games: int) -> list[tuple[str, int, int, int]]:
    """Shards as (game, players, shard number, games)."""
    shards = []
    for name in names:
        counts = [players] if players else list(boardcore.load_game(name).player_counts)
        for count in counts:
            for shard, first in enumerate(range(0, games, SHARD)):
                shards.append((name, count, shard, min(SHARD, games - first)))
    return shards


def recorded(path: Path) -> list[dict[str, Any]]:
    """The shards the results file holds (a line cut short by a stop is ignored)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def report(rows: Sequence[dict[str, Any]]) -> str:
    """The totals per game and player count, then every failure."""
    totals: dict[tuple[str, int], dict[str, Any]] = {}
    for row in rows:
        total = totals.setdefault(
            (row["game"], row["players"]), {"games": 0, "actions": 0, "failed": 0, "seconds": 0.0, "commits": set()}
        )
        total["games"] += row["games"]
        total["actions"] += row.get("actions", 0)
        total["failed"] += "failure" in row
        total["seconds"] += row["seconds"]
        total["commits"].add(row["commit"])
    lines = [f"{'game':<32} {'players':>7} {'games':>8} {'actions':>11} {'failed shards':>13} {'cpu s':>8}  commits"]
    for (name, count), t in sorted(totals.items()):
        lines.append(
            f"{name:<32} {count:>7} {t['games']:>8} {t['actions']:>11} {t['failed']:>13} {t['seconds']:>8.0f}  "
            + " ".join(sorted(t["commits"]))
        )
    for row in rows:
        if "failure" in row:
            lines.append(f"\n{row['game']} players={row['players']} shard={row['shard']}:\n{row['failure']}")
    return "\n".join(lines)


def current_commit() -> str:
    """The checkout's commit (with ``+`` when it has changes), or ``unknown``."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games per game and player count")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every installed game")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=int, help="actions between the expensive checks (default: per game, see EVERY)")
    parser.add_argument("--out", default="soak-results.jsonl", help="the results file, appended to (default: %(default)s)")
    parser.add_argument("--report", action="store_true", help="only print the totals of the results file")
    args = parser.parse_args(argv)
    if args.games < 1 or args.workers < 1 or (args.every is not None and args.every < 1):
        parser.error("--games, --workers and --every must be at least 1")
    out = Path(args.out)
    if args.report:
        rows = recorded(out)
        print(report(rows) if rows else f"{out} holds no results")
        return 1 if any("failure" in row for row in rows) else 0
    names = args.game or boardcore.list_games()
    unknown = sorted(set(names) - set(boardcore.list_games()))
    if unknown:
        parser.error(f"no installed game {unknown[0]!r}; installed: {', '.join(boardcore.list_games())}")
    done = {(r["game"], r["players"], r["shard"]) for r in recorded(out)}
    shards = [s for s in plan(names, args.players, args.games) if s[:3] not in done]
    commit = current_commit()
    print(f"{len(shards)} shard(s) to run, {len(done)} already in {out}", file=sys.stderr)
    started = time.perf_counter()
    jobs = [(name, count, shard, games, args.every or EVERY.get(name, 25), commit) for name, count, shard, games in shards]
    with out.open("a", encoding="utf-8") as sink:
        for finished, result in enumerate(run_all(jobs, args.workers), 1):
            sink.write(json.dumps(result) + "\n")
            sink.flush()
            print(f"\r{finished}/{len(jobs)} shards", end="", file=sys.stderr, flush=True)
    print(f"\nwall time {time.perf_counter() - started:.0f} s", file=sys.stderr)
    rows = recorded(out)
    print(report(rows))
    return 1 if any("failure" in row for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
