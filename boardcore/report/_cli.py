"""Command-line glue: the ``report`` command and the options ``simulate`` gains.

``boardcore.cli`` builds the parser; it calls :func:`add_report_command` with its
subparsers, :func:`add_simulate_options` with the ``simulate`` parser, and passes
``**simulate_options(args)`` on to :func:`boardcore.simulate.simulate`.
:func:`run_report` prints a bad input (an unknown game or bot, an unreadable or
malformed records file) as one ``boardcore: error:`` line and returns 2, as every
boardcore command does.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from .. import BoardcoreError, InvalidData
from .._support.arguments import positive, setup_options, split_names
from .._support.progress import progress_updates
from ..bots import split_specs
from ..simulate import BACKENDS
from ._build import MIN_SAMPLE, balance, play_records, read_all


def add_simulate_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--records FILE``, ``--backend {local,ray}`` and ``--address`` to a parser."""
    parser.add_argument(
        "--records", type=Path, default=None, metavar="FILE", help="write one JSON line per match to FILE (JSON Lines), in game order"
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="where the games are played: local processes (default) or a Ray cluster (needs the ray extra)",
    )
    parser.add_argument(
        "--address", default=None, help="with --backend ray: the cluster to join, e.g. ray://head:10001 or auto (default: a local one)"
    )


def simulate_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`boardcore.simulate.simulate` that the options of
    :func:`add_simulate_options` set (missing options keep the defaults)."""
    return {
        "records": getattr(args, "records", None),
        "backend": getattr(args, "backend", "local"),
        "address": getattr(args, "address", None),
    }


def add_report_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``report`` command to the subparsers of a command-line parser and return its parser."""
    rep = subparsers.add_parser(
        "report",
        help="is a game balanced? simulate it (or read saved records) and write an HTML report with figures",
        description="Simulate GAME with the chosen bots, player counts and plugins (or read the records of earlier runs "
        "with --from), then write report.html (one self-contained file), report.json and PNG figures into --out.",
    )
    rep.add_argument("game", help="the game's name (see 'boardcore games')")
    rep.add_argument("-n", "--games", type=positive, default=None, help="games per configuration (default 200)")
    rep.add_argument(
        "--players", default=None, metavar="LIST", help="player counts, comma-separated, or 'all' (default: the game's smallest)"
    )
    rep.add_argument("--bots", default=None, help="bots, comma-separated: one for all seats, or one per seat (default random)")
    rep.add_argument("--seed", type=int, default=None, help="seed of every run (default 0)")
    rep.add_argument("--plugins", default=None, metavar="LIST", help="opt-in rule plugins of the base configuration, comma-separated")
    rep.add_argument(
        "--variant",
        action="append",
        default=None,
        metavar="LIST",
        help="plugins added to the base for a configuration shown side by side (repeatable)",
    )
    rep.add_argument("--option", action="append", default=None, metavar="KEY=VALUE", help="a setup option of the game (repeatable)")
    rep.add_argument("--workers", type=positive, default=1, help="processes (or, with --backend ray, local Ray CPUs) to play on")
    rep.add_argument(
        "--from",
        dest="sources",
        action="append",
        type=Path,
        default=None,
        metavar="FILE",
        help="report on the records in FILE (from simulate --records or report --records) instead of playing; repeatable",
    )
    rep.add_argument("--out", type=Path, default=None, metavar="DIR", help="folder for the report (default GAME-report)")
    rep.add_argument(
        "--min-sample", type=positive, default=MIN_SAMPLE, metavar="N", help=f"fewest seat-games to rate a card (default {MIN_SAMPLE})"
    )
    rep.add_argument("--json", action="store_true", help="print the report's figures as one JSON object")
    add_simulate_options(rep)
    rep.set_defaults(run=run_report)
    return rep


def run_report(args: argparse.Namespace) -> int:
    """Run ``boardcore report``: 0 when the report is written, 2 (with one line on
    standard error) for bad input."""
    try:
        return _report(args)
    except BoardcoreError as exc:
        print(f"boardcore: error: {exc}", file=sys.stderr)
        return 2


def _report(args: argparse.Namespace) -> int:
    if args.sources:
        played = ("games", "players", "bots", "seed", "plugins", "variant", "option", "records")
        given = [f"--{name}" for name in played if getattr(args, name) is not None]
        if given:
            raise InvalidData(f"{', '.join(given)} cannot be used with --from: the records say how they were played", where="report")
        records = list(read_all(args.sources, args.game))
    else:
        records = _play(args)
    report = balance(records, min_sample=args.min_sample)
    folder = args.out or Path(f"{args.game}-report")
    files = report.write(folder, command=_command(args))
    if args.json:
        print(json.dumps({**report.to_dict(), "files": {k: str(v) for k, v in files.items()}}))
    else:
        print(f"{report.game}: {sum(s.games for s in report.summaries)} games in {len(report.summaries)} configuration(s)")
        print(f"  report: {files['html']}")
        print(f"  figures: {', '.join(str(p) for k, p in files.items() if k not in ('html', 'json'))}")
    return 0


def _play(args: argparse.Namespace) -> list[Any]:
    from .. import load_game

    game = load_game(args.game, plugins=split_names(args.plugins or ""))
    counts: list[int | None] = [None] if args.players is None else list(_counts(args.players, list(game.player_counts)))
    variants = [split_names(v) for v in args.variant or ()]
    if any(not v for v in variants):
        raise InvalidData("a variant names at least one plugin", where="--variant")
    games = args.games or 200
    with progress_updates(games * len(counts) * (1 + len(variants))) as progress:
        return play_records(
            args.game,
            games=games,
            players=counts,
            bots=split_specs(args.bots or "") or ["random"],
            seed=args.seed or 0,
            plugins=split_names(args.plugins or ""),
            variants=variants,
            options=setup_options(args.option or [], lambda pair: InvalidData(f"expected KEY=VALUE, not {pair!r}", where="--option")),
            workers=args.workers,
            progress=progress,
            **simulate_options(args),
        )


def _command(args: argparse.Namespace) -> str:
    """The command that makes this report again (played runs only name their settings)."""
    words = ["boardcore", "report", args.game]
    if args.sources:
        for source in args.sources:
            words += ["--from", str(source)]
        return shlex.join(words)
    words += ["-n", str(args.games or 200), "--bots", args.bots or "random", "--seed", str(args.seed or 0)]
    for flag, value in (("--players", args.players), ("--plugins", args.plugins)):
        if value:
            words += [flag, value]
    for variant in args.variant or ():
        words += ["--variant", variant]
    for option in args.option or ():
        words += ["--option", option]
    return shlex.join(words)


def _counts(text: str, allowed: list[int]) -> list[int]:
    """``"2,4"`` -> ``[2, 4]``; ``"all"`` -> every count the game allows."""
    if text.strip() == "all":
        return allowed
    counts = []
    for part in split_names(text):
        if not part.isdigit() or int(part) not in allowed:
            raise InvalidData(f"{part!r} is not a player count of this game (allowed: {allowed})", where="--players")
        counts.append(int(part))
    if not counts:
        raise InvalidData("names no player count", where="--players")
    return list(dict.fromkeys(counts))
