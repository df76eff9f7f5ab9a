"""The ``boardcore`` command: list games, play at the terminal, simulate, hold tournaments, report on balance, replay, serve."""

from __future__ import annotations

import argparse
import json
import sys
import traceback
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from . import BoardcoreError, InvalidData, __version__, load_game
from . import registry
from ._support.arguments import positive, setup_options, split_names as _names, whole_number
from ._support.progress import progress_updates
from ._support.seating import Seating
from .bots import make_bot, split_specs
from .display import describe_result, narrate
from .registry import game_specs
from .report import add_report_command, add_simulate_options, simulate_options
from .simulate import simulate


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except (BoardcoreError, ValueError) as exc:
        if args.traceback:
            traceback.print_exception(exc, file=sys.stderr)
        print(f"boardcore: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``boardcore simulate ... | head``): stop quietly.
        sys.stderr.close()
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardcore", description="Play and simulate card and board games.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--traceback", action="store_true", help="on an error, print the Python traceback (of the game's code, for one) before the message"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = sub.add_parser("games", help="list installed games")
    games.set_defaults(run=cmd_games)
    bots = sub.add_parser("bots", help="list installed bots")
    bots.set_defaults(run=cmd_bots)
    plugins = sub.add_parser("plugins", help="list installed opt-in rule plugins and the games they are for")
    plugins.set_defaults(run=cmd_plugins)

    play = sub.add_parser("play", help="play a game at the terminal against bots, alone or with others")
    play.add_argument("game", nargs="?", help="the game's name (see 'boardcore games'); optional with --load")
    play.add_argument("--players", type=positive, default=None, help="number of players (default: the game's smallest)")
    play.add_argument("--seat", type=_non_negative, default=None, help="your seat (default 0)")
    play.add_argument(
        "--seats", default=None, metavar="LIST", help="seats played at this terminal, comma-separated (hot-seat); bots play the others"
    )
    play.add_argument("--names", default=None, metavar="LIST", help="a name for every seat, comma-separated")
    play.add_argument(
        "--load", type=Path, default=None, metavar="FILE", help="resume the match saved in FILE (checked by replaying it)"
    )
    play.add_argument(
        "--bots", default="random", help="bots, comma-separated: one for all, or one per seat; settings as NAME:KEY=VALUE,KEY=VALUE"
    )
    play.add_argument("--seed", type=int, default=None, help="seed (default: random)")
    play.add_argument(
        "--save", type=Path, default=None, metavar="FILE", help="save the match to FILE at the start and after every move"
    )
    play.add_argument("--plugins", default="", help="opt-in rule plugins, comma-separated")
    play.add_argument(
        "--skip-forced", action="store_true", help="answer your decisions that have a single option (a lone 'pass') without asking"
    )
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a setup option of the game (repeatable)")
    play.add_argument(
        "--verbose", action="store_true", help="tell the bookkeeping too (pieces entering, counters kept on pieces, ends of phases)"
    )
    play.set_defaults(run=cmd_play)

    sim = sub.add_parser("simulate", help="play many games bot against bot")
    sim.add_argument("game", help="the game's name (see 'boardcore games')")
    sim.add_argument("-n", "--games", type=positive, default=100, help="how many games (default 100)")
    sim.add_argument("--players", type=positive, default=None, help="number of players (default: the game's smallest)")
    sim.add_argument(
        "--bots", default="random", help="bots, comma-separated: one for all, or one per seat; settings as NAME:KEY=VALUE,KEY=VALUE"
    )
    sim.add_argument("--seed", type=int, default=0, help="seed of the run: game i is seeded from it and i (default 0)")
    sim.add_argument("--workers", type=positive, default=1, help="processes to play on (default 1)")
    sim.add_argument("--plugins", default="", help="opt-in rule plugins, comma-separated")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a setup option of the game (repeatable)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    add_simulate_options(sim)
    sim.set_defaults(run=cmd_simulate)

    tour = sub.add_parser("tournament", help="play bots against each other in every pairing and seat order")
    tour.add_argument("game", help="the game's name (see 'boardcore games')")
    tour.add_argument(
        "--bots", required=True, help="at least two bots, comma-separated; settings as NAME:KEY=VALUE,KEY=VALUE (ismcts:iterations=50)"
    )
    tour.add_argument("-n", "--games", type=positive, default=20, help="games per line-up (seat order) (default 20)")
    tour.add_argument("--players", type=positive, default=None, help="number of players (default: the game's smallest)")
    tour.add_argument("--seed", type=int, default=0, help="seed of the run: game i of every line-up is dealt from it and i (default 0)")
    tour.add_argument("--workers", type=positive, default=1, help="processes to play on (default 1; timings are then per process)")
    tour.add_argument("--plugins", default="", help="opt-in rule plugins, comma-separated")
    tour.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a setup option of the game (repeatable)")
    tour.add_argument("--json", action="store_true", help="print one JSON object")
    tour.set_defaults(run=cmd_tournament)

    add_report_command(sub)

    rep = sub.add_parser("replay", help="step through a saved game")
    rep.add_argument("file", type=Path, help="a match saved by 'boardcore play --save' or State.to_json")
    rep.add_argument("--pause", action="store_true", help="wait for Enter after each action")
    rep.add_argument("--verbose", action="store_true", help="tell the bookkeeping too (pieces entering, counters kept on pieces)")
    rep.add_argument(
        "--no-verify",
        action="store_true",
        help="load the file without checking it against a replay of its history first (for a file you trust)",
    )
    rep.set_defaults(run=cmd_replay)

    srv = sub.add_parser(
        "serve",
        help="host matches for people in their browsers and for programs (needs the server extra)",
        description="Serve the lobby, the match pages and the JSON API (/api/openapi.json) over HTTP and WebSocket. "
        'Needs the server extra: pip install "boardcore[server]".',
    )
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    srv.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000; 0 picks a free one)")
    srv.add_argument(
        "--db",
        type=Path,
        default=Path("boardcore-matches.sqlite3"),
        metavar="FILE",
        help="SQLite file the matches are kept in, created if missing (default boardcore-matches.sqlite3)",
    )
    srv.add_argument(
        "--bot-delay",
        type=_delay,
        default=0.5,
        metavar="SECONDS",
        help="how long the server's bots wait before each move, so people can follow (default 0.5)",
    )
    srv.add_argument(
        "--log-level",
        choices=["critical", "error", "warning", "info", "debug"],
        default="warning",
        help="how much the server logs (default warning; info logs every request)",
    )
    for flag, default, what in (
        ("--header-timeout", 10.0, "how long a client may take to send a request's line and headers before it is cut off (default 10)"),
        ("--body-timeout", 10.0, "how long a client may take to send a request's body once its headers are in (default 10)"),
        ("--idle-timeout", 5.0, "how long an idle kept-alive connection stays open (default 5)"),
    ):
        srv.add_argument(flag, type=_timeout, default=default, metavar="SECONDS", help=what)
    srv.add_argument(
        "--max-per-client",
        type=_non_negative,
        default=100,
        metavar="N",
        help="connections one client address may hold open at once, WebSockets included (default 100; 0: no cap)",
    )
    for flag, what in (
        ("--open", "add the match saved in FILE (boardcore play --save) to the store and print the address of its replay"),
        ("--check-db", "do not serve: check the match store FILE read-only and list its damaged matches (exit 1 if any)"),
    ):
        srv.add_argument(flag, type=Path, default=None, metavar="FILE", help=what)
    srv.set_defaults(run=cmd_serve)
    return parser


def _non_negative(text: str) -> int:
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, not {value}")
    return value


def _port(text: str) -> int:
    value = whole_number(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None


def _delay(text: str) -> float:
    value = _seconds(text)
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be from 0 to 60 seconds, not {text}")
    return value


def _timeout(text: str) -> float:
    value = _seconds(text)
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600 seconds, not {text}")
    return value


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    """``["seat=1"]`` -> ``{"seat": 1}``; values are read as JSON when they can be."""
    return setup_options(pairs, lambda pair: ValueError(f"--option expects KEY=VALUE, not {pair!r}"))


# -- games -----------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    with warnings.catch_warnings():
        # A game that fails to load is listed below with its reason, not warned about.
        warnings.simplefilter("ignore")
        specs = game_specs()
        broken = registry.broken_games()
    if not specs and not broken:
        print("no games installed")
    rows = []
    for spec in specs:
        counts = spec.player_counts
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        rows.append((spec.name, f"{players:>3} players  {spec.summary}"))
    _print_rows(rows + [(name, f"cannot be loaded: {error}") for name, error in broken.items()])
    return 0


def cmd_bots(args: argparse.Namespace) -> int:
    from .bots import bot_summary, list_bots

    _print_rows([(name, bot_summary(name)) for name in list_bots()])
    return 0


def cmd_plugins(args: argparse.Namespace) -> int:
    names = sorted(registry.installed_plugins())
    if not names:
        print("no plugins installed")
    described = {name: registry.describe_plugin(name) for name in names}
    _print_rows([(name, f"for {', '.join(games) or 'any game'}: {summary}") for name, (games, summary) in described.items()])
    return 0


def _print_rows(rows: Sequence[tuple[str, str]]) -> None:
    """One line per ``(name, text)``, the texts lined up after the longest name."""
    width = max((len(name) for name, _ in rows), default=0)
    for name, text in rows:
        print(f"{name:<{width}}  {text}")


# -- simulate --------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    with progress_updates(args.games) as progress:
        report = simulate(
            args.game,
            games=args.games,
            players=args.players,
            bots=split_specs(args.bots) or ["random"],
            seed=args.seed,
            workers=args.workers,
            plugins=_names(args.plugins),
            options=_options(getattr(args, "option", [])),
            progress=progress,
            **simulate_options(args),
        )
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0
    print(f"{report.game}: {report.games} games, {report.players} players, seed {report.seed}, bots {list(report.bots)}")
    for seat, wins in enumerate(report.wins):
        print(f"  seat {seat}: {wins} wins ({100 * wins / report.games:.1f}%)")
    print(f"  draws/shared: {report.draws}")
    print(f"  mean actions {report.mean_actions:.1f}, mean turns {report.mean_turns:.2f}")
    print(f"  endings: {report.reasons}")
    rate = report.games / max(report.seconds, 1e-9)
    print(f"  {report.seconds:.2f} s, {report.actions_per_second:,.0f} actions/s, {rate:,.{0 if rate >= 100 else 2}f} games/s")
    return 0


# -- tournament ------------------------------------------------------------------------


def cmd_tournament(args: argparse.Namespace) -> int:
    from .tournament import format_report, tournament

    bots = split_specs(args.bots)
    with progress_updates(None) as progress:
        report = tournament(
            args.game,
            bots,
            games=args.games,
            players=args.players,
            seed=args.seed,
            workers=args.workers,
            plugins=_names(args.plugins),
            options=_options(getattr(args, "option", [])),
            progress=progress,
        )
    print(json.dumps(report.to_dict()) if args.json else format_report(report))
    return 0


# -- play ------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    import random as _system_random

    from ._support.session import Session

    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    load = getattr(args, "load", None)
    if load is not None:
        state, _ = _load_match(load, args.game)
        game = state.game
        players = state.players
        seed = state.seed
        if args.players is not None and args.players != players:
            raise ValueError(f"the saved match has {players} players, not {args.players}")
        # The save fixes these: a flag that says otherwise would be dropped, so it is refused.
        if args.seed is not None and args.seed != seed:
            raise ValueError(f"the saved match has seed {seed}, not {args.seed} (leave out --seed)")
        if args.plugins and _names(args.plugins) != list(game.plugins):
            raise ValueError(f"the saved match plays with plugins {list(game.plugins)}, not {_names(args.plugins)} (leave out --plugins)")
        asked = _options(getattr(args, "option", []))
        changed = sorted(k for k, v in asked.items() if state.setup_options.get(k, object()) != v)
        if changed:
            raise ValueError(f"the saved match was set up with its own options; --option {', '.join(changed)} would change them (leave it out)")
    else:
        if not args.game:
            raise ValueError("name a game to play, or --load a saved match")
        game = load_game(args.game, plugins=_names(args.plugins))
        players = args.players or game.player_counts[0]
        if players not in game.player_counts:
            raise ValueError(f"{game.name} cannot be played by {players} players (allowed: {list(game.player_counts)})")
        seed = args.seed if args.seed is not None else _system_random.SystemRandom().randrange(2**31)
        state = game.new_state(players=players, seed=seed, **_options(getattr(args, "option", [])))
    seats_text = getattr(args, "seats", None)
    if seats_text and args.seat is not None:
        raise ValueError("give --seat or --seats, not both")
    seats = [_seat_number(t, players) for t in _names(seats_text)] if seats_text else [args.seat or 0]
    if not 0 <= seats[0] < players or len(set(seats)) != len(seats):
        raise ValueError(f"--seat and --seats take different seats from 0 to {players - 1}")
    given = _names(getattr(args, "names", None) or "")
    if given and len(given) != players:
        raise ValueError(f"--names gives {len(given)} names for {players} seats")
    bot_names = split_specs(args.bots) or ["random"]
    if len(bot_names) not in (1, players):
        raise ValueError(f"--bots names {len(bot_names)} bots for {players} seats (give one, or one per seat)")
    bot_of = {p: bot_names[0] if len(bot_names) == 1 else bot_names[p] for p in range(players) if p not in seats}
    bots = {p: make_bot(spec, seed + p + 1) for p, spec in bot_of.items()}
    names = {p: given[p] for p in range(players)} if given else _default_names(players, seats, bot_of)
    session = Session(
        state, {p: names[p] for p in seats}, bots, names, args.save, inp, out, getattr(args, "skip_forced", False),
        verbose=getattr(args, "verbose", False), given_names=bool(given),
    )  # fmt: skip
    session.write_save()  # a save path that cannot be written fails now, before anything is shown
    session.welcome(seed, resumed=load is not None)
    return session.run()


def _default_names(players: int, seats: Sequence[int], bots: dict[int, str]) -> dict[int, str]:
    """What to call each seat when ``--names`` is not given: "you" when one person
    plays, "seat N" for each of several, and each bot by its name ("random bot", with
    its seat when several bots share the name)."""
    names = {p: "you" if list(seats) == [p] else f"seat {p}" for p in seats}
    kinds = [spec.split(":", 1)[0] for spec in bots.values()]
    for seat, spec in bots.items():
        kind = spec.split(":", 1)[0]
        names[seat] = f"{kind} bot" if kinds.count(kind) == 1 else f"{kind} bot {seat}"
    return dict(sorted(names.items()))


def _seat_number(text: str, players: int) -> int:
    try:
        seat = int(text)
    except ValueError:
        raise ValueError(f"--seats takes seat numbers, not {text!r}") from None
    if not 0 <= seat < players:
        raise ValueError(f"--seats: there is no seat {seat} in a {players}-player match")
    return seat


def _load_match(path: Path, game_name: str | None = None, verify: bool = True) -> tuple[Any, str]:
    """The match saved in ``path`` (verified by a replay of its history unless
    ``verify`` is false) and the file's text; errors say which file as well as where in it."""
    game, text = _read_saved(path, game_name)
    try:
        return game.state_from_json(text, verify=verify), text
    except InvalidData as exc:
        raise InvalidData(exc.message, where=f"{path}: {exc.where}" if exc.where else str(path)) from exc


def _read_saved(path: Path, game_name: str | None = None) -> tuple[Any, str]:
    """The game a saved match is of (with the plugins it names, each checked against
    the installed ones before anything is loaded) and the file's text."""
    from .saves import parse_saved, read_saved

    try:
        # never more than the loader's limit: /dev/zero or an endless pipe is refused, not read whole
        text = read_saved(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidData(f"not JSON: {exc}", where=str(path)) from exc
    try:
        data, _ = parse_saved(text)  # the loader's own limits (size, depth, numbers) before anything else
    except InvalidData as exc:
        raise InvalidData(str(exc), where=str(path)) from exc
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise InvalidData("not a saved boardcore match", where=str(path))
    if game_name and data["game"] != game_name:
        raise InvalidData(f"this is a saved {data['game']!r:.60} match, not {game_name!r}", where=str(path))
    return load_game(data["game"], plugins=_saved_plugins(data, str(path))), text


def _saved_plugins(data: dict[str, Any], where: str) -> list[str]:
    """The plugins a saved match names, each checked against the installed plugins
    before anything is loaded: a file never makes boardcore import a module."""

    names = data.get("plugins", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InvalidData("expected a list of plugin names", where=f"{where}: $.plugins")
    installed = registry.installed_plugins()
    for name in names:
        if name not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise InvalidData(f"names plugin {name!r}, which is not installed (installed: {known})", where=f"{where}: $.plugins")
    return names


def cmd_replay(args: argparse.Namespace) -> int:
    # By default the file is checked against a replay of its history (verify): a
    # changed or forged save is refused here, with the JSON path of what differs.
    saved, _ = _load_match(args.file, verify=not getattr(args, "no_verify", False))
    game = saved.game
    card_names = {cid: card.text for cid, card in game.cards.items()}
    state = game.new_state(players=saved.players, seed=saved.seed, **saved.setup_options)
    seating = Seating.of({}, saved.players, state.view(None).get("game_view"))
    verbose = getattr(args, "verbose", False)
    print(f"{game.name}: {saved.players} players, seed {saved.seed}, {len(saved.history)} actions")
    shown = 0

    def tell_new() -> None:
        nonlocal shown
        events = state.events
        for line in narrate(events, shown, card_names, seating.who, verbose):
            if line:
                print("  " + line)
        shown = len(events)

    for step, (player, action) in enumerate(saved.history, 1):
        tell_new()
        print(f"[{step}] {seating.who(player)}: {seating.tell(str(action))}")
        state.apply(player, action)
        if args.pause and not sys.stdin.readline():
            args.pause = False  # end of input: play the rest without waiting
    tell_new()
    if state.to_json() != saved.to_json():
        print("warning: replaying the actions did not give the saved state", file=sys.stderr)
        return 1
    print("result:", describe_result(state.result, seating) if state.result else "not over yet")
    return 0


# -- serve -----------------------------------------------------------------------------

_SERVER_NEEDS = ("starlette", "uvicorn", "jinja2", "websockets", "anyio")
"""What the server extra installs; without them ``serve`` says how to install them."""


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .server import serve
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in _SERVER_NEEDS:
            raise
        print(
            f"boardcore serve needs the server extra ({exc.name} is not installed): pip install \"boardcore[server]\"",
            file=sys.stderr,
        )
        return 2
    if args.check_db is not None:
        from .server.check import check_db

        return check_db(args.check_db, sys.stdout)
    from .server.limits import Limits

    limits = Limits(args.header_timeout, args.body_timeout, args.idle_timeout, args.max_per_client)
    opened = []
    if getattr(args, "open", None) is not None:
        _, text = _load_match(args.open)  # checked here first, so that what is wrong names the file
        opened.append(text)
    serve(
        host=args.host, port=args.port, db=args.db, bot_delay=args.bot_delay, log_level=args.log_level,
        limits=limits, opened=opened,
    )  # fmt: skip
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
