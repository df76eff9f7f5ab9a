"""Playing many games bot against bot, on one or several processes.

Game ``i`` of a run with seed ``S`` is set up with seed ``derive(S, i)`` and its
seats' bots with ``derive(S, i, seat + 1)``; workers play disjoint slices and the
results are combined in game order, so the figures do not depend on the number
of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from .bots import bot_factory, make_bot
from ._errors import InvalidData, RuleError
from ._registry import load_game
from ._rng import derive


@attrs.frozen
class GameRecord:
    """How one simulated game went."""

    winners: tuple[int, ...]
    reason: str
    actions: int
    turns: int


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
    game: Any, index: int, seed: int, players: int, bots: Sequence[Any], max_actions: int, options: dict[str, Any]
) -> GameRecord:
    """Play game ``index`` of a run (``bots``: one bot factory per seat) and return its record."""
    state = game.new_state(players=players, seed=derive(seed, index), **options)
    seats = [bots[p](seed=derive(seed, index, p + 1)) for p in range(players)]
    actions = 0
    while not state.is_over:
        decision = state.pending[0]
        state.apply(decision.player, seats[decision.player].choose(state, decision))
        actions += 1
        if actions > max_actions:
            raise RuleError(f"{game.name} game {index} (seed {seed}) did not end within {max_actions} actions")
    result = state.result
    return GameRecord(result.winners, result.reason, actions, state.turn)


def _play_slice(args: tuple[Any, ...]) -> list[GameRecord]:

    name, plugins, start, stop, seed, players, bots, max_actions, options = args
    game = load_game(name, plugins=plugins)
    factories = [bot_factory(b) for b in bots]
    return [play_one(game, i, seed, players, factories, max_actions, options) for i in range(start, stop)]


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
) -> Report:
    """Play ``games`` games of ``name`` and summarise them.

    ``bots`` names one bot per seat, or one for all seats. ``options`` are the
    game's setup options. ``progress`` is called with the number of games just
    finished.
    """
    options = dict(options or {})

    game = load_game(name, plugins=plugins)
    if players is None:
        players = game.player_counts[0]
    if players not in game.player_counts:
        raise InvalidData(f"{name} cannot be played by {players} players (allowed: {list(game.player_counts)})", where="players")
    if games < 1:
        raise InvalidData(f"the number of games must be at least 1, not {games}", where="games")
    if workers < 1:
        raise InvalidData(f"the number of workers must be at least 1, not {workers}", where="workers")
    seats = tuple(bots) * players if len(bots) == 1 else tuple(bots)
    if len(seats) != players:
        raise InvalidData(f"{len(bots)} bots for {players} seats (give one, or one per seat)", where="bots")
    for bot in set(seats):
        make_bot(bot, 0)
    game.new_state(players=players, seed=seed, **options)  # bad options fail here, before any work
    factories = [bot_factory(b) for b in seats]
    started = time.perf_counter()
    records: list[GameRecord] = []
    if workers == 1:
        for i in range(games):
            records.append(play_one(game, i, seed, players, factories, max_actions, options))
            if progress:
                progress(1)
    else:
        size = max(1, min(200, games // (workers * 4) or 1))
        slices = [
            (name, tuple(plugins), start, min(start + size, games), seed, players, seats, max_actions, options)
            for start in range(0, games, size)
        ]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for chunk in pool.map(_play_slice, slices):
                records.extend(chunk)
                if progress:
                    progress(len(chunk))
    seconds = time.perf_counter() - started
    wins = [0] * players
    reasons: dict[str, int] = {}
    for record in records:
        if len(record.winners) == 1:
            wins[record.winners[0]] += 1
        reasons[record.reason] = reasons.get(record.reason, 0) + 1
    total_actions = sum(r.actions for r in records)
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
        mean_turns=sum(r.turns for r in records) / games,
        seconds=round(seconds, 3),
        actions_per_second=round(total_actions / seconds, 1) if seconds > 0 else 0.0,
        reasons=dict(sorted(reasons.items())),
        options=options,
    )
