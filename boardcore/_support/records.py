"""Per-match records: one JSON line per simulated match, written by ``simulate --records``.

A record holds what a balance study needs and nothing that would need the match
again: the configuration (game, plugins, options, bots, players), where the match
came from (``run_seed`` and ``index``: game ``index`` of a run seeded ``run_seed``,
itself set up with ``seed``), how it ended (``winners``, ``reason``, ``scores``),
how long it took (``turns``, ``decisions``), which seat began (``first``; None when
every seat acts in every turn), and the cards each seat ``held`` and ``played``
(card ids, one sorted list per seat).

A card is *held* by a seat when it entered one of that seat's private zones (a
zone family declared with ``Visibility.OWNER``: a hand). It is *played* by a seat
when a :class:`~boardcore.events.CardPlayed` event names the seat and the card, or when
the card went straight from one of the seat's private zones into one of its public
zones (a tableau). Cards discarded without effect are held, not played.

The file is JSON Lines (``.jsonl``), one object per line in game order, so
``pandas.read_json(path, lines=True)`` reads it as it stands and a run can be read
back while it is still being written. Every line carries ``"v": 1``, the version of
this format.
"""

from __future__ import annotations

import json
import os
import typing
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import attrs

from .. import InvalidData, SeatZones, Visibility
from ..codec import SAVE, Dialect, file_path, structure_at
from ..events import CardPlayed, CardsMoved, TurnBegan

FORMAT_VERSION = 1

MAX_LINE = 1_000_000
"""The longest line a records file may have, in characters: a record is a few kB
(the cards of a six-player match included), so a longer line is not one, and is
refused before it is read whole (``/dev/zero`` has no line ends)."""

Cards = tuple[tuple[str, ...], ...]
"""One sorted tuple of card ids per seat."""


def _seat(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """A seat of the match, or (a list of) seats."""
    for seat in value if isinstance(value, tuple) else () if value is None else (value,):
        if not 0 <= seat < record.players:
            raise ValueError(f"expected a seat from 0 to {record.players - 1}, not {seat!r:.20}")


def _per_seat(record: Any, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
    if len(value) != record.players:
        raise ValueError(f"expected {record.players} entries (one per seat), not {len(value)}")


@attrs.frozen
class MatchRecord:
    """How one simulated match went, with the configuration it was played in."""

    game: str
    plugins: tuple[str, ...]
    options: dict[str, Any]
    players: int = attrs.field(validator=attrs.validators.ge(1))
    bots: tuple[str, ...] = attrs.field(validator=_per_seat)
    """One bot spec per seat."""
    run_seed: int
    index: int
    """Game ``index`` of the run: set up with ``seed = derive(run_seed, index)``."""
    seed: int
    winners: tuple[int, ...] = attrs.field(validator=_seat)
    reason: str
    turns: int
    decisions: int
    """Actions applied: every answered decision, one-option ones included."""
    scores: tuple[int, ...] | None
    first: int | None = attrs.field(validator=_seat)
    """The seat that took turn 1, or None in games where every seat acts each turn."""
    held: Cards = attrs.field(validator=_per_seat)
    played: Cards = attrs.field(validator=_per_seat)

    def to_dict(self) -> dict[str, Any]:
        """The record as one JSON-able dict, as written to a line of a records file."""
        data = {"v": FORMAT_VERSION, **attrs.asdict(self, recurse=False)}
        for key in ("plugins", "bots", "winners"):
            data[key] = list(data[key])
        data["scores"] = list(self.scores) if self.scores is not None else None
        data["held"] = [list(cards) for cards in self.held]
        data["played"] = [list(cards) for cards in self.played]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Check one parsed line and make the record; InvalidData names the field at fault."""
        if not isinstance(data, dict):
            raise InvalidData("a record is a JSON object")
        if data.get("v") != FORMAT_VERSION:
            raise InvalidData(f"not a version {FORMAT_VERSION} boardcore record (v is {data.get('v')!r:.20})")
        return typing.cast(MatchRecord, structure_at({k: v for k, v in data.items() if k != "v"}, cls, str, dialect=RECORD))


RECORD = Dialect(
    show=lambda value: type(value).__name__,
    nouns={"int": "int", "str": "str", "bool": "bool", "float": "float", "null": "null", "list": "list", "object": "a JSON object"},
    got="not",
    ints=SAVE.ints,
    too_big=SAVE.too_big,
    unknown=SAVE.unknown,
    missing=None,  # read as null, so that the field's type says what it wanted
    path=lambda parts: file_path(parts).lstrip("."),
)
"""How a records file speaks: ``turns: expected int, not bool``."""


# -- what the cards did ----------------------------------------------------------------


def seat_zones(zones: Iterable[Any], players: int) -> tuple[dict[str, int], dict[str, int]]:
    """The private and the public zones of each seat, as zone id -> seat, from a
    game's declared zones (``game.spec.zones``). Hidden seat zones (a seat's own
    draw pile) are neither: a card there is not yet in anybody's hand."""
    private: dict[str, int] = {}
    public: dict[str, int] = {}
    for declared in zones:
        if not isinstance(declared, SeatZones):
            continue
        target = private if declared.visibility is Visibility.OWNER else public if declared.visibility is Visibility.PUBLIC else None
        if target is not None:
            for seat in range(players):
                target[declared[seat]] = seat
    return private, public


def card_use(events: Iterable[Any], players: int, private: Mapping[str, int], public: Mapping[str, int]) -> tuple[Cards, Cards]:
    """The cards each seat held and played in a match, from its event log (see the module docstring)."""
    held: list[set[str]] = [set() for _ in range(players)]
    played: list[set[str]] = [set() for _ in range(players)]
    for event in events:
        if isinstance(event, CardsMoved):
            seat = private.get(event.target)
            if seat is not None:
                held[seat].update(event.cards)
            seat = private.get(event.source)
            if seat is not None and public.get(event.target) == seat:
                played[seat].update(event.cards)
        elif isinstance(event, CardPlayed) and 0 <= event.player < players:
            played[event.player].add(event.card)
    return tuple(tuple(sorted(s)) for s in held), tuple(tuple(sorted(s)) for s in played)


def first_seat(events: Iterable[Any]) -> int | None:
    """The seat that took turn 1 (None when every seat acts in every turn, or no turn began)."""
    return next((event.player for event in events if isinstance(event, TurnBegan)), None)


# -- files -----------------------------------------------------------------------------


class RecordWriter:
    """Writes records to a JSON Lines file as they come, one line each.

    Opening fails at once with :class:`~boardcore.InvalidData` naming the path, so a
    long run never starts with nowhere to write. Use it as a context manager.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        if self.path.suffix.lower() == ".parquet":
            raise InvalidData("Parquet is not supported; write JSON Lines (.jsonl)", where=str(self.path))
        try:
            self._file: IO[str] = self.path.open("w", encoding="utf-8")
        except OSError as exc:
            raise InvalidData(f"cannot write: {exc.strerror}", where=str(self.path)) from exc
        self.count = 0

    def write(self, record: MatchRecord) -> None:
        self._file.write(json.dumps(record.to_dict(), separators=(",", ":")) + "\n")
        self.count += 1

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_records(path: str | os.PathLike[str], records: Iterable[MatchRecord]) -> int:
    """Write ``records`` to ``path`` (JSON Lines, replacing the file); return how many."""
    with RecordWriter(path) as writer:
        for record in records:
            writer.write(record)
        return writer.count


def iter_records(path: str | os.PathLike[str], game: str | None = None) -> Iterator[MatchRecord]:
    """The records in a JSON Lines file, in order. Blank lines are skipped; a line
    that is not a record (or, with ``game``, a record of another game) raises
    :class:`~boardcore.InvalidData` whose ``where`` is ``FILE:LINE`` (and the field
    at fault)."""
    where = str(path)
    try:
        handle = open(path, encoding="utf-8")
    except OSError as exc:
        raise InvalidData(f"cannot read: {exc.strerror}", where=where) from exc
    with handle:
        number = 0
        try:
            for number, line in enumerate(iter(lambda: handle.readline(MAX_LINE + 1), ""), start=1):
                if len(line) > MAX_LINE:
                    raise InvalidData(f"a line longer than {MAX_LINE:,} characters is not a record", where=f"{where}:{number}")
                if not line.strip():
                    continue
                try:
                    record = MatchRecord.from_dict(json.loads(line))
                    if game is not None and record.game != game:
                        raise InvalidData(f"a record of {record.game!r:.60}, not of {game!r}", where="game")
                except ValueError as exc:  # json's errors and InvalidData alike
                    detail = exc.where if isinstance(exc, InvalidData) and exc.where else None
                    message = str(exc).removeprefix(f"{detail}: ") if detail else str(exc)
                    place = f"{where}:{number}" + (f": {detail}" if detail else "")
                    raise InvalidData(message, where=place) from exc
                yield record
        except UnicodeDecodeError as exc:
            raise InvalidData("not a text file", where=f"{where}:{number + 1}") from exc


def read_records(path: str | os.PathLike[str], game: str | None = None) -> list[MatchRecord]:
    """Every record in a JSON Lines file (see :func:`iter_records`); an empty file is an error."""
    records = list(iter_records(path, game))
    if not records:
        raise InvalidData("holds no records", where=str(path))
    return records
