"""Playing many games bot against bot, on one or several processes.

Game ``i`` of a run with seed ``S`` is set up with seed ``derive(S, i)`` and its
seats' bots with ``derive(S, i, seat + 1)``; workers play disjoint slices and the
results are combined in game order, so the figures do not depend on the number
of workers.

Where the games are played is the *backend*: ``"local"`` (this process, or a pool
of ``workers`` processes) or ``"ray"`` (a Ray cluster: see :mod:`boardcore._support.ray_backend`).
Asked for per-match records (``records=FILE`` or ``on_record``), a run also reports
every match, in game order, as a :class:`~boardcore._support.records.MatchRecord`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from . import Game, InvalidData, RuleError, load_game
from ._support.pools import process_pool
from ._support.records import MatchRecord, RecordWriter, card_use, first_seat, seat_zones
from .bots import bot_factory, make_bot
from .registry import plugin_name
from .seeded import derive

BACKENDS = ("local", "ray")


@attrs.frozen
class GameRecord:
    """How one simulated game went."""

    winners: tuple[int, ...]
    reason: str
    actions: int
    turns: int
    index: int = 0
    scores: tuple[int, ...] | None = None
    first: int | None = None
    held: tuple[tuple[str, ...], ...] = ()
    """Filled only when records were asked for (see :mod:`boardcore._support.records`)."""
    played: tuple[tuple[str, ...], ...] = ()


@attrs.frozen
class Report:
    game: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    plugins: tuple[str, ...]
    workers: int
    wins: tuple[int, ...]
    draws: int
    mean_actions: float
    mean_turns: float
    seconds: float
    actions_per_second: float
    reasons: dict[str, int]
    options: dict[str, Any] = attrs.field(factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = attrs.asdict(self)
        for key in ("bots", "plugins", "wins"):
            data[key] = list(data[key])
        return data


def play_one(
    game: Any,
    index: int,
    seed: int,
    players: int,
    bots: Sequence[Any],
    max_actions: int,
    options: dict[str, Any],
    detail: bool = False,
) -> GameRecord:
    """Play game ``index`` of a run (``bots``: one bot factory per seat) and return its record.

    With ``detail`` the record also says which cards each seat held and played,
    read from the match's event log once it is over.
    """
    state = game.new_state(players=players, seed=derive(seed, index), **options)
    seats = [bots[p](seed=derive(seed, index, p + 1)) for p in range(players)]
    # The trusted path: the bots' answers are recorded as apply records them, without a rollback point each.
    result = state.playout(lambda s, decision: seats[decision.player].choose(s, decision), limit=max_actions)
    if result is None:
        raise RuleError(f"{game.name} game {index} (seed {seed}) did not end within {max_actions} actions")
    record = GameRecord(result.winners, result.reason, state.history_length, state.turn, index, result.scores)
    if not detail:
        return record
    events = state.events
    held, played = card_use(events, players, *seat_zones(game.spec.zones, players))
    return attrs.evolve(record, first=first_seat(events), held=held, played=played)


def load_run(name: str, plugins: Sequence[str], players: int | None, games: int, workers: int) -> tuple[Game, int]:
    """The game of a run of many games (``simulate``, ``tournament``) and its player
    count (the smallest allowed when None), after checking the run's numbers;
    :class:`~boardcore.InvalidData` names the setting that is wrong."""
    game = load_game(name, plugins=plugins)
    if players is None:
        players = game.player_counts[0]
    if players not in game.player_counts:
        raise InvalidData(f"{name} cannot be played by {players} players (allowed: {list(game.player_counts)})", where="players")
    if games < 1:
        raise InvalidData(f"the number of games must be at least 1, not {games}", where="games")
    if workers < 1:
        raise InvalidData(f"the number of workers must be at least 1, not {workers}", where="workers")
    return game, players


def _play_slice(args: tuple[Any, ...]) -> list[GameRecord]:
    """Play games ``start .. stop - 1`` of a run: one slice, as a pool process or a Ray task plays it."""
    name, plugins, start, stop, seed, players, bots, max_actions, options, detail = args
    game = load_game(name, plugins=plugins)
    factories = [bot_factory(b) for b in bots]
    return [play_one(game, i, seed, players, factories, max_actions, options, detail) for i in range(start, stop)]


def _slices(games: int, workers: int, shard: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """The run cut into slices of at most 200 games, about four per worker; each is
    ``_play_slice``'s argument, ``shard`` holding the run's fixed arguments with
    ``start`` and ``stop`` put in after the plugins."""
    size = max(1, min(200, games // (workers * 4) or 1))
    return [(*shard[:2], start, min(start + size, games), *shard[2:]) for start in range(0, games, size)]


def _play_local(games: int, workers: int, shard: tuple[Any, ...], context: tuple[Any, ...]) -> Iterator[list[GameRecord]]:
    """The run's records, slice by slice in game order, played here or in a process pool."""
    if workers == 1:
        game, seed, players, factories, max_actions, options, detail = context
        for i in range(games):
            yield [play_one(game, i, seed, players, factories, max_actions, options, detail)]
        return
    with process_pool(workers) as pool:
        yield from pool.map(_play_slice, _slices(games, workers, shard))


def simulate(
    name: str,
    games: int = 100,
    players: int | None = None,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    workers: int = 1,
    plugins: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    max_actions: int = 1_000_000,
    options: dict[str, Any] | None = None,
    records: str | os.PathLike[str] | None = None,
    on_record: Callable[[MatchRecord], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Report:
    """Play ``games`` games of ``name`` and summarise them.

    ``bots`` names one bot per seat, or one for all seats. ``options`` are the
    game's setup options. ``progress`` is called with the number of games just
    finished.

    ``records`` names a JSON Lines file that receives one
    :class:`~boardcore._support.records.MatchRecord` per game, in game order, as the games
    finish; ``on_record`` is called with each of them, in the same order.

    ``backend="ray"`` plays the games as tasks on a Ray cluster: the one at
    ``address``, or a local one with ``workers`` CPUs (needs the ``ray`` extra).
    The figures are the same as the local backend's for the same seed.
    """
    options = dict(options or {})

    if isinstance(plugins, str):
        plugins = (plugins,)
    game, players = load_run(name, plugins, players, games, workers)
    if (workers > 1 or backend != "local") and not all(isinstance(p, str) for p in plugins):
        raise InvalidData(
            "a plugin given as an object cannot be sent to other processes: install it and give its name, or play with workers=1",
            where="plugins",
        )
    names = tuple(p if isinstance(p, str) else plugin_name(p) for p in plugins)  # what the records say
    if backend not in BACKENDS:
        raise InvalidData(f"must be one of {', '.join(BACKENDS)}, not {backend!r}", where="backend")
    if address is not None and backend != "ray":
        raise InvalidData("an address is for the ray backend only", where="address")
    if backend == "ray":
        from ._support.ray_backend import require_ray

        require_ray()  # before any file is written
    seats = tuple(bots) * players if len(bots) == 1 else tuple(bots)
    if len(seats) != players:
        raise InvalidData(f"{len(bots)} bots for {players} seats (give one, or one per seat)", where="bots")
    for bot in set(seats):
        make_bot(bot, 0)
    game.new_state(players=players, seed=seed, **options)  # bad options fail here, before any work
    factories = [bot_factory(b) for b in seats]
    detail = records is not None or on_record is not None
    writer = RecordWriter(records) if records is not None else None
    shard = (name, tuple(plugins), seed, players, seats, max_actions, options, detail)

    def record_of(r: GameRecord) -> MatchRecord:
        return MatchRecord(
            game=name,
            plugins=names,
            options=options,
            players=players,
            bots=seats,
            run_seed=seed,
            index=r.index,
            seed=derive(seed, r.index),
            winners=r.winners,
            reason=r.reason,
            turns=r.turns,
            decisions=r.actions,
            scores=r.scores,
            first=r.first,
            held=r.held,
            played=r.played,
        )

    started = time.perf_counter()
    played: list[GameRecord] = []
    try:
        if backend == "ray":
            from ._support.ray_backend import play_on_ray

            chunks = play_on_ray(_play_slice, games, workers, shard, address=address, slicer=_slices)
        else:
            chunks = _play_local(games, workers, shard, (game, seed, players, factories, max_actions, options, detail))
        for chunk in chunks:
            played.extend(chunk)
            for r in chunk if detail else ():
                match = record_of(r)
                if writer is not None:
                    writer.write(match)
                if on_record is not None:
                    on_record(match)
            if progress:
                progress(len(chunk))
    finally:
        if writer is not None:
            writer.close()
    seconds = time.perf_counter() - started
    wins = [0] * players
    reasons: dict[str, int] = {}
    for record in played:
        if len(record.winners) == 1:
            wins[record.winners[0]] += 1
        reasons[record.reason] = reasons.get(record.reason, 0) + 1
    total_actions = sum(r.actions for r in played)
    return Report(
        game=name,
        players=players,
        games=games,
        seed=seed,
        bots=seats,
        plugins=tuple(plugins),
        workers=workers,
        wins=tuple(wins),
        draws=games - sum(wins),
        mean_actions=total_actions / games,
        mean_turns=sum(r.turns for r in played) / games,
        seconds=round(seconds, 3),
        actions_per_second=round(total_actions / seconds, 1) if seconds > 0 else 0.0,
        reasons=dict(sorted(reasons.items())),
        options=options,
    )
