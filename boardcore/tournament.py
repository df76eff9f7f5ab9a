"""Tournaments: every pairing of some bots, in every seat order, with confidence intervals.

For two bots ``a`` and ``b`` in an ``n``-player game, a *line-up* seats one of them
alone against ``n - 1`` copies of the other, in every seat; in a 2-player game that
is simply both seat orders. Every line-up plays the same ``games`` deals: game ``i``
of every line-up is set up with ``derive(seed, i)``, so a bot's edge does not come
from being dealt better cards, and its seats' bots are seeded with
``derive(seed, i, seat + 1)``.

A bot's score against an opponent counts the games it won alone, with a 95% Wilson
interval; a game it shared is reported apart (a 2-player draw is half a win for
each, a result a fair share judges as ``1/n``). The time each bot spends in
``choose`` is measured per decision, so a search bot's speed is reported with its
strength.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from . import Decision, InvalidData, RuleError, State, load_game
from .actions import Action
from ._support.pools import process_pool
from .bots import bot_factory, make_bot
from .seeded import derive
from .simulate import load_run

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@attrs.frozen
class Played:
    """How one tournament game went: its winners, and each seat's decisions and time."""

    winners: tuple[int, ...]
    reason: str
    decisions: tuple[int, ...]
    """Decisions each seat was asked."""
    choices: tuple[int, ...]
    """Of those, the decisions with more than one option."""
    seconds: tuple[float, ...]
    """Time each seat's bot spent choosing."""


@attrs.frozen
class Standing:
    """How ``bot`` did when seated alone against ``opponent`` in every seat."""

    bot: str
    opponent: str
    games: int
    wins: int
    """Games won alone."""
    shared: int
    """Games whose win it shared with others."""
    low: float
    high: float
    """The 95% Wilson interval of ``wins / games``."""

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@attrs.frozen
class Timing:
    """The time one bot spent choosing, over the whole tournament."""

    bot: str
    decisions: int
    choices: int
    """Decisions with more than one option (the others need no thought)."""
    seconds: float

    @property
    def mean(self) -> float:
        """Mean seconds per decision asked."""
        return self.seconds / self.decisions if self.decisions else 0.0

    @property
    def mean_choice(self) -> float:
        """Mean seconds per decision with more than one option."""
        return self.seconds / self.choices if self.choices else 0.0


@attrs.frozen
class TournamentReport:
    game: str
    players: int
    games: int
    """Games per line-up."""
    seed: int
    bots: tuple[str, ...]
    lineups: tuple[tuple[tuple[str, ...], tuple[Played, ...]], ...]
    standings: tuple[Standing, ...]
    timings: tuple[Timing, ...]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: the line-ups with their wins, the standings and the timings."""
        return {
            "game": self.game,
            "players": self.players,
            "games_per_lineup": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "lineups": [
                {"seats": list(seats), "games": len(played), "wins": _seat_wins(played, self.players), "draws": _draws(played)}
                for seats, played in self.lineups
            ],
            "standings": [
                {**attrs.asdict(s), "rate": s.rate} for s in self.standings
            ],
            "timings": [
                {**attrs.asdict(t), "mean_seconds": t.mean, "mean_choice_seconds": t.mean_choice} for t in self.timings
            ],
            "seconds": self.seconds,
        }


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (good near 0 and 1, unlike the normal one)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def lineups(bots: Sequence[str], players: int, alone: str | None = None) -> list[tuple[str, ...]]:
    """Every seating of each pair of bots: one alone in each seat against copies of
    the other, without repeats (in a 2-player game, both seat orders of each pair).
    With ``alone``, only the seatings where that bot is the one alone."""
    seen: list[tuple[str, ...]] = []
    for a, b in itertools.combinations(bots, 2):
        for single, rest in ((a, b), (b, a)):
            if alone is not None and single != alone:
                continue
            for seat in range(players):
                seats = tuple(single if p == seat else rest for p in range(players))
                if seats not in seen:
                    seen.append(seats)
    return seen


def play_game(game: Any, seats: Sequence[str], index: int, seed: int, options: dict[str, Any] | None = None) -> Played:
    """Play game ``index`` of a tournament with seed ``seed``, bot spec ``seats[p]`` in seat ``p``."""
    players = len(seats)
    state = game.new_state(players=players, seed=derive(seed, index), **(options or {}))
    bots = [make_bot(spec, derive(seed, index, p + 1)) for p, spec in enumerate(seats)]
    decisions, choices, seconds = [0] * players, [0] * players, [0.0] * players
    clock = time.perf_counter

    def timed(state: State, decision: Decision) -> Action:
        player = decision.player
        started = clock()
        action = bots[player].choose(state, decision)
        seconds[player] += clock() - started
        decisions[player] += 1
        choices[player] += len(decision.options) > 1
        return action

    result = state.playout(timed, limit=1_000_000)  # the trusted path: no rollback point per answer
    if result is None:
        raise RuleError(f"{game.name} game {index} (seed {seed}) did not end within a million actions")
    return Played(tuple(result.winners), result.reason, tuple(decisions), tuple(choices), tuple(seconds))


def _play_task(args: tuple[Any, ...]) -> Played:
    name, plugins, seats, index, seed, options = args
    return play_game(load_game(name, plugins=plugins), seats, index, seed, options)


def tournament(
    name: str,
    bots: Sequence[str],
    games: int = 100,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    plugins: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentReport:
    """Play ``games`` games of every line-up of ``bots`` (bot specs, at least two
    different ones) and rank them. ``progress`` is called with the games just played."""
    game, players = load_run(name, plugins, players, games, workers)
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise InvalidData(f"a tournament needs at least two different bots, not {list(bots)}", where="bots")
    for spec in names:
        bot_factory(spec)
        make_bot(spec, 0)  # bad names and settings fail here, before any game
    game.new_state(players=players, seed=seed, **(options or {}))
    tasks = [(seats, i) for seats in lineups(names, players) for i in range(games)]
    started = time.perf_counter()
    results: list[Played] = []
    if workers == 1:
        for seats, i in tasks:
            results.append(play_game(game, seats, i, seed, options))
            if progress:
                progress(1)
    else:
        args = [(name, tuple(plugins), seats, i, seed, options) for seats, i in tasks]
        with process_pool(workers) as pool:
            for played in pool.map(_play_task, args, chunksize=max(1, min(8, len(args) // (4 * workers)))):
                results.append(played)
                if progress:
                    progress(1)
    seconds = time.perf_counter() - started
    by_lineup: dict[tuple[str, ...], list[Played]] = {}
    for (seats, _), played in zip(tasks, results):
        by_lineup.setdefault(seats, []).append(played)
    grouped = tuple((seats, tuple(played)) for seats, played in by_lineup.items())
    return TournamentReport(
        game=name,
        players=players,
        games=games,
        seed=seed,
        bots=tuple(names),
        lineups=grouped,
        standings=tuple(standings(grouped, names)),
        timings=tuple(timings(grouped, names)),
        seconds=round(seconds, 3),
    )


def standings(grouped: Sequence[tuple[tuple[str, ...], Sequence[Played]]], names: Sequence[str]) -> list[Standing]:
    """For each ordered pair of bots, the games the first played alone against the second."""
    out = []
    for bot, opponent in itertools.permutations(names, 2):
        games = wins = shared = 0
        for seats, played in grouped:
            if set(seats) != {bot, opponent} or seats.count(bot) != 1:
                continue
            seat = seats.index(bot)
            for record in played:
                games += 1
                if record.winners == (seat,):
                    wins += 1
                elif seat in record.winners:
                    shared += 1
        if games:
            out.append(Standing(bot, opponent, games, wins, shared, *wilson(wins, games)))
    return out


def timings(grouped: Sequence[tuple[tuple[str, ...], Sequence[Played]]], names: Sequence[str]) -> list[Timing]:
    """The time each bot spent choosing, summed over every seat it sat in."""
    totals = {name: [0, 0, 0.0] for name in names}
    for seats, played in grouped:
        for record in played:
            for seat, spec in enumerate(seats):
                total = totals[spec]
                total[0] += record.decisions[seat]
                total[1] += record.choices[seat]
                total[2] += record.seconds[seat]
    return [Timing(name, int(t[0]), int(t[1]), round(float(t[2]), 3)) for name, t in totals.items()]


def _seat_wins(played: Sequence[Played], players: int) -> list[int]:
    wins = [0] * players
    for record in played:
        if len(record.winners) == 1:
            wins[record.winners[0]] += 1
    return wins


def _draws(played: Sequence[Played]) -> int:
    return sum(1 for record in played if len(record.winners) != 1)


def format_report(report: TournamentReport) -> str:
    """The report as a table for people."""
    lines = [
        f"{report.game}: {report.players} players, {report.games} games per line-up, seed {report.seed}, "
        f"{sum(len(p) for _, p in report.lineups)} games in {report.seconds:.1f} s"
    ]
    width = max(len(b) for b in report.bots)
    if report.players > 2:
        lines.append(f"  win rates alone against the others (a fair share is {100 / report.players:.1f}%):")
    lines.append(f"  {'bot':<{width}}  {'against':<{width}}  games   wins  shared  win rate  95% interval")
    for s in report.standings:
        lines.append(
            f"  {s.bot:<{width}}  {s.opponent:<{width}}  {s.games:>5}  {s.wins:>5}  {s.shared:>6}  {100 * s.rate:>7.1f}%"
            f"  {100 * s.low:5.1f}% - {100 * s.high:5.1f}%"
        )
    lines.append("  time per decision:")
    lines.append(f"  {'bot':<{width}}  decisions  mean s  with a choice  mean s per choice  decisions/s")
    for t in report.timings:
        rate = f"{1 / t.mean:,.0f}" if t.mean > 0 else "-"
        lines.append(f"  {t.bot:<{width}}  {t.decisions:>9}  {t.mean:6.4f}  {t.choices:>13}  {t.mean_choice:17.4f}  {rate:>11}")
    return "\n".join(lines)
