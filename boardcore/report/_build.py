"""Building a balance report: playing or reading the records, summarising them, writing the files."""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from .. import BoardcoreError, InvalidData, load_game
from .._support.records import MatchRecord, RecordWriter, read_records
from .._support.seating import sides_of
from ..simulate import simulate
from ._stats import Config, Summary, summarise_all

MIN_SAMPLE = 30
"""Fewest seat-games a card needs before its win rate is reported."""


@attrs.frozen
class BalanceReport:
    """The figures of a set of records, one :class:`Summary` per configuration."""

    game: str
    summaries: tuple[Summary, ...]
    min_sample: int

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-able data (what ``boardcore report --json`` prints)."""
        return {
            "game": self.game,
            "games": sum(s.games for s in self.summaries),
            "min_sample": self.min_sample,
            "configurations": [s.to_dict() for s in self.summaries],
        }

    def write(self, folder: str | os.PathLike[str], command: str | None = None) -> dict[str, Path]:
        """Write ``report.html`` (self-contained), ``report.json`` and the figures as
        PNG files into ``folder`` (made if missing); return every file by name."""
        from ._html import render
        from ._plots import draw_all

        out = Path(folder)
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidData(f"cannot make the folder: {exc.strerror}", where=str(out)) from exc
        # Figures an earlier report left here (more configurations, a player-count
        # figure) would sit beside this one's as if they were part of it.
        for stale in [*out.glob("cards*.png"), out / "player-counts.png"]:
            if re.fullmatch(r"cards(-\d+)?\.png|player-counts\.png", stale.name) and stale.exists():
                stale.unlink()
        files: dict[str, Path] = dict(draw_all(self.summaries, out))
        html = out / "report.html"
        html.write_text(render(self.game, self.summaries, files, self.min_sample, command), encoding="utf-8")
        data = out / "report.json"
        data.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        return {"html": html, "json": data, **files}


def balance(records: Iterable[MatchRecord], min_sample: int = MIN_SAMPLE) -> BalanceReport:
    """Summarise records of one game (any mix of configurations).

    Cards are named as players read them (``Card.text`` of the game loaded with the
    configuration's plugins), so that copies that read alike are pooled.
    """
    records = list(records)
    if not records:
        raise InvalidData("no records to report on", where="records")
    if min_sample < 1:
        raise InvalidData(f"must be at least 1, not {min_sample}", where="min_sample")
    games = {r.game for r in records}
    if len(games) > 1:
        raise InvalidData(f"records of several games: {', '.join(sorted(games))}", where="records")
    name = records[0].game
    labels = {config: _card_labels(name, config) for config in {Config.of(r) for r in records}}
    summaries = [attrs.evolve(s, sides=seat_sides(name, s.config)) for s in summarise_all(records, labels, min_sample)]
    return BalanceReport(name, tuple(summaries), min_sample)


def seat_sides(game: str, config: Config) -> tuple[str | None, ...]:
    """The side each seat plays in ``config``, from the game's self-description at
    the set-up of two matches (seeds 0 and 1); empty when the game names no side or
    when the two differ (sides dealt by chance: no seat keeps one)."""
    loaded = load_game(game, plugins=list(config.plugins))
    found = set()
    for seed in (0, 1):
        try:
            state = loaded.new_state(players=config.players, seed=seed, **dict(config.options))
        except BoardcoreError:
            return ()
        found.add(sides_of(state.view(None).get("game_view"), config.players))
    sides = found.pop() if len(found) == 1 else ()
    return sides if any(side is not None for side in sides) else ()


def _card_labels(game: str, config: Config) -> Callable[[str], str]:
    cards = load_game(game, plugins=list(config.plugins)).cards
    return lambda card: cards[card].text if card in cards else card


def play_records(
    game: str,
    games: int = 200,
    players: Sequence[int | None] = (None,),
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    plugins: Sequence[str] = (),
    variants: Sequence[Sequence[str]] = (),
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[MatchRecord]:
    """Simulate every configuration of a report and return the records, in order.

    The configurations are the base game with ``plugins``, then each of
    ``variants`` (more plugins on top of ``plugins``), each with every player count
    in ``players`` (None: the game's smallest). Every configuration plays ``games``
    games from the same ``seed``, so a variant is compared on the same deals as far
    as its rules allow. ``records`` also writes them to a JSON Lines file.
    """
    setups = [tuple(plugins) + tuple(extra) for extra in [(), *variants]]
    if len(bots) > 1 and len(players) > 1:
        raise InvalidData("one bot per seat cannot fit several player counts: name one bot for all seats", where="bots")
    collected: list[MatchRecord] = []
    with contextlib.ExitStack() as stack:
        writer = stack.enter_context(RecordWriter(records)) if records is not None else None
        if backend == "ray":
            from .._support.ray_backend import ray_session

            stack.enter_context(ray_session(address, workers))

        def keep(record: MatchRecord) -> None:
            collected.append(record)
            if writer is not None:
                writer.write(record)

        for setup in setups:
            for count in players:
                simulate(
                    game,
                    games=games,
                    players=count,
                    bots=bots,
                    seed=seed,
                    workers=workers,
                    plugins=setup,
                    options=options,
                    on_record=keep,
                    progress=progress,
                    backend=backend,
                    address=address,
                )
    return collected


def read_all(paths: Sequence[str | os.PathLike[str]], game: str) -> Iterator[MatchRecord]:
    """The records of every file in turn, each checked to be of ``game``. The same
    game of the same run twice (a file given twice, or two files of one run) is
    refused: counted twice, it would narrow every interval for nothing."""
    seen: dict[tuple[Any, ...], str] = {}
    for path in paths:
        found = read_records(path, game)
        for number, record in enumerate(found, 1):
            key = (record.plugins, json.dumps(record.options, sort_keys=True), record.players, record.bots, record.run_seed, record.index)
            where = f"{path}: record {number}"
            if key in seen:
                raise InvalidData(
                    f"game {record.index} of the run with seed {record.run_seed} is already in {seen[key]}: "
                    "give each run once (runs with other seeds play other games)",
                    where=where,
                )
            seen[key] = where
        yield from found
