"""Strength of the search bots: tournaments long enough for the figures in docs/bots.md.

    python scripts/strength.py                                  # every game, the line-ups below
    python scripts/strength.py --game gallic-wars --games 100   # one game, 100 games per seat order
    python scripts/strength.py --bots ismcts,random --game aztec-skirmish
    python scripts/strength.py --bots ismcts,mc --game invasions-of-the-horse-people --players 2
    python scripts/strength.py --interleave --skip gallic-wars  # partial counts for every other game at once
    python scripts/strength.py --report                         # the tables of what is recorded so far
    python scripts/strength.py --speed                          # time per ismcts decision, every game
    python scripts/strength.py --shard 0/2 --out a.jsonl &      # one measurement on two cores,
    python scripts/strength.py --shard 1/2 --out b.jsonl        #   each shard into its own file,
    python scripts/strength.py --merge a.jsonl b.jsonl          #   then both into scripts/strength-results.jsonl

Each game played is appended as one JSON line to ``--out`` (winners, reason, each
seat's decisions and time), with the commit it ran on. A run skips the games the
file already holds, so a measurement too long for one sitting is resumed by running
the same command again; ``--report`` turns the file into the tables of
``boardcore tournament`` (win rates with 95% intervals, time per decision).

Games are played one at a time on one process, so the times are those of one core;
run it under ``nice`` next to other work.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boardcore
from boardcore.bots import split_specs
from boardcore.tournament import Played, TournamentReport, format_report, lineups, play_game, standings, timings

ROOT = Path(__file__).resolve().parent.parent

MATCHES = [
    ("gallic-wars", 2, ("ismcts", "mc")),
    ("gallic-wars", 2, ("ismcts", "random")),
    ("invasions-of-the-horse-people", 3, ("ismcts", "random")),
    ("aztec-skirmish", 2, ("ismcts", "random")),
    ("prehistoric-warfare", 2, ("ismcts", "random")),
    ("invasions-of-the-horse-people", 3, ("ismcts", "mc")),
    ("aztec-skirmish", 2, ("ismcts", "mc")),
    ("prehistoric-warfare", 2, ("ismcts", "mc")),
]
"""What a full run measures, in this order: against random play first, then against
``mc`` (the search without its tree)."""


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


def recorded(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rows.append(json.loads(line))
    return rows


def key(row: dict[str, Any]) -> tuple[Any, ...]:
    return (row["game"], tuple(row["seats"]), row["seed"], row["index"])


def tasks(game: str, players: int, bots: tuple[str, ...], games: int, seed: int) -> Iterator[tuple[tuple[str, ...], int]]:
    """Game by game, alternating the line-ups, so a run stopped early is balanced.
    With more than two players only the first bot is seated alone (against copies
    of the second), which is what its strength is measured by."""
    seatings = lineups(bots, players, alone=bots[0] if players > 2 else None)
    for index in range(games):
        for seats in seatings:
            yield seats, index


def run(
    matches: list[tuple[str, int, tuple[str, ...]]],
    games: int,
    seed: int,
    out: Path,
    interleave: bool = False,
    shard: tuple[int, int] = (0, 1),
) -> None:
    """Play what ``out`` does not hold yet: match after match, or with ``interleave``
    game ``i`` of every match before game ``i + 1`` of any (partial counts for all).
    ``shard`` ``(k, n)`` plays only the games whose index is ``k`` modulo ``n``, so
    ``n`` processes, each with its own ``out``, share one measurement."""
    done = {key(row) for row in recorded(out)}
    head = commit()
    loaded = {name: boardcore.load_game(name) for name, _, _ in matches}
    queues = [[(name, players, seats, index) for seats, index in tasks(name, players, bots, games, seed)] for name, players, bots in matches]
    if interleave:
        order = [task for index in range(games) for queue in queues for task in queue if task[3] == index]
    else:
        order = [task for queue in queues for task in queue]
    part, parts = shard
    for name, players, seats, index in order:
        if (name, seats, seed, index) in done or index % parts != part:
            continue
        played = play_game(loaded[name], seats, index, seed)
        row = {"game": name, "players": players, "seats": list(seats), "seed": seed, "index": index, "commit": head}
        row.update(
            winners=list(played.winners),
            reason=played.reason,
            decisions=list(played.decisions),
            choices=list(played.choices),
            seconds=[round(s, 4) for s in played.seconds],
        )
        with out.open("a", encoding="utf-8") as file:
            file.write(json.dumps(row) + "\n")
        print(f"{name} {'/'.join(seats)} game {index}: winners {played.winners}", file=sys.stderr, flush=True)


def merge(out: Path, sources: list[Path]) -> int:
    """Append to ``out`` the games of ``sources`` (shard files) that it does not hold
    yet, in the order found; returns how many. A game is known by its line-up, seed
    and index, so merging a file twice adds nothing."""
    done = {key(row) for row in recorded(out)}
    added = []
    for source in sources:
        if not source.exists():
            raise SystemExit(f"--merge: no file {source}")
        for row in recorded(source):
            if key(row) not in done:
                done.add(key(row))
                added.append(json.dumps(row) + "\n")
    with out.open("a", encoding="utf-8") as file:
        file.writelines(added)
    return len(added)


def report(out: Path) -> str:
    """One tournament table per game and pair of bots recorded in ``out``."""
    groups: dict[tuple[str, int, int, frozenset[str]], dict[tuple[str, ...], list[Played]]] = {}
    for row in recorded(out):
        seats = tuple(row["seats"])
        group = groups.setdefault((row["game"], row["players"], row["seed"], frozenset(seats)), {})
        group.setdefault(seats, []).append(
            Played(tuple(row["winners"]), row["reason"], tuple(row["decisions"]), tuple(row["choices"]), tuple(row["seconds"]))
        )
    parts = []
    for (name, players, seed, names), by_seats in groups.items():
        ordered = sorted(names, key=lambda n: (n != "ismcts", n))
        grouped = tuple((seats, tuple(played)) for seats, played in by_seats.items())
        per = min(len(p) for _, p in grouped)
        counts = ", ".join(f"{'/'.join(s)}: {len(p)}" for s, p in grouped)
        tour = TournamentReport(
            game=name,
            players=players,
            games=per,
            seed=seed,
            bots=tuple(ordered),
            lineups=grouped,
            standings=tuple(standings(grouped, ordered)),
            timings=tuple(timings(grouped, ordered)),
            seconds=round(sum(sum(p.seconds) for _, played in grouped for p in played), 1),
        )
        parts.append(format_report(tour) + f"\n  games per line-up: {counts}\n  (seconds above: time spent choosing, all seats)")
    return "\n\n".join(parts)


SPEED_GAMES = [("gallic-wars", 2), ("invasions-of-the-horse-people", 3), ("aztec-skirmish", 2), ("prehistoric-warfare", 2)]


def speed(positions: int, seed: int, spec: str = "ismcts", only: str | None = None) -> str:
    """Time one search at each of ``positions`` decisions with a choice, met in random
    games of each game (every tenth such decision; ``only``: of that game alone), at
    ``spec``'s settings."""
    import random
    import time

    from boardcore.bots import make_bot

    lines = [f"{spec}: seconds per decision with a choice, {positions} positions per game"]
    for name, players in SPEED_GAMES:
        if only not in (None, name):
            continue
        game = boardcore.load_game(name)
        pick = random.Random(seed)
        times: list[float] = []
        iterations = 0
        while len(times) < positions:
            state = game.new_state(players=players, seed=pick.randrange(1 << 30))
            met = 0
            while not state.is_over and len(times) < positions:
                decision = state.pending[0]
                if len(decision.options) > 1:
                    met += 1
                    if met % 10 == 0:
                        bot = make_bot(spec, pick.randrange(1 << 30))
                        started = time.perf_counter()
                        bot.choose(state, decision)
                        times.append(time.perf_counter() - started)
                        iterations += getattr(bot, "iterations_run", 0)
                state.apply(decision.player, decision.options[pick.randrange(len(decision.options))])
        total = sum(times)
        lines.append(
            f"  {name:<30} mean {total / len(times):.3f} s  max {max(times):.3f} s  "
            f"{len(times) / total:.1f} decisions/s  {iterations / total:,.0f} iterations/s"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--bots", default=None, help="only this pair of bot specs, comma-separated")
    parser.add_argument("--games", type=int, default=100, help="games per line-up (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ROOT / "scripts" / "strength-results.jsonl")
    parser.add_argument("--report", action="store_true", help="print the tables of what is recorded and stop")
    parser.add_argument("--merge", type=Path, nargs="+", default=None, metavar="FILE",
                        help="append the games of these shard files that --out lacks, print the tables and stop")
    parser.add_argument("--interleave", action="store_true", help="game i of every measurement before game i + 1 of any")
    parser.add_argument("--shard", default="0/1", metavar="K/N",
                        help="only the games whose index is K modulo N (one process of N, each with its own --out)")
    parser.add_argument("--skip", default="", help="leave out these games, comma-separated")
    parser.add_argument("--players", type=int, default=None, help="this many players instead of each line-up's count")
    parser.add_argument("--speed", type=int, nargs="?", const=30, default=None, metavar="POSITIONS",
                        help="time ismcts at POSITIONS decisions of each game (or of --game; default 30) and stop")
    args = parser.parse_args()
    try:
        part, parts = (int(n) for n in args.shard.split("/"))
    except ValueError:
        parser.error(f"--shard: expected K/N, as 0/2, not {args.shard!r}")
    if not 0 <= part < parts:
        parser.error(f"--shard: K must be from 0 to N - 1, not {args.shard!r}")
    if args.speed is not None:
        if args.game is not None and args.game not in dict(SPEED_GAMES):
            parser.error(f"--game: expected one of {', '.join(dict(SPEED_GAMES))}, not {args.game!r}")
        print(speed(args.speed, args.seed, args.bots or "ismcts", args.game))
        return 0
    if args.merge:
        print(f"{merge(args.out, args.merge)} games added to {args.out}", file=sys.stderr)
        print(report(args.out))
        return 0
    if args.report:
        print(report(args.out))
        return 0
    skip = set(args.skip.split(",")) if args.skip else set()
    matches = [m for m in MATCHES if args.game in (None, m[0]) and m[0] not in skip]
    if args.bots:
        bots = tuple(split_specs(args.bots))
        players = {name: p for name, p, _ in matches}
        matches = [(name, p, bots) for name, p in players.items()]
    if args.players is not None:
        for name, _, _ in matches:
            if args.players not in boardcore.load_game(name).player_counts:
                parser.error(f"--players: {name} is not played by {args.players}")
        matches = list({(name, args.players, bots): None for name, _, bots in matches})
    run(matches, args.games, args.seed, args.out, args.interleave, (part, parts))
    print(report(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
