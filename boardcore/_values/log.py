"""An append-only list that clones share until one of them appends.

The event log and the action history only ever grow, so a clone can share its
parent's list and remember how long it was. Only the log that made the list
appends to it in place; a fork copies its prefix the first time it appends, and
so does the maker once its length no longer matches the list's (after a rollback).
Cloning is therefore O(1) however long the match has run, rolling back an append
is resetting a length, and a match and its clones may be played in different
threads: no two of them ever append to the same list.

A log read from a save is lazy: its first entries are made only when one of them
is first read, from the saved rows (:meth:`SharedLog.loaded`) or by a function
that works them all out at once, such as a replay (:meth:`SharedLog.derived`).
Most programs that load a match play on from it or save it again, and never look
at its past.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, Self, TypeVar

T = TypeVar("T")


class SharedLog(Generic[T]):
    """An append-only sequence with O(1) :meth:`fork`."""

    __slots__ = ("_items", "_size", "_dumped", "_lazy", "_owner")

    def __init__(
        self,
        items: list[T] | None = None,
        size: int | None = None,
        dumped: list[Any] | None = None,
        lazy: list[Any] | None = None,
        owner: bool = True,
    ) -> None:
        self._items: list[T] = items if items is not None else []
        self._size = len(self._items) if size is None else size
        # The saved form of the first entries, index for index; it lives and is
        # copied with ``_items``, so each entry is turned into data only once.
        self._dumped: list[Any] = dumped if dumped is not None else []
        # [produce, rows] while the first ``rows`` items are still placeholders
        # (saved rows, or None); ``produce(items)`` returns the real entries. Shared
        # by every fork of the same storage, and emptied once they are made.
        self._lazy: list[Any] | None = lazy
        # Whether this log made ``_items`` (and ``_dumped``) and so may grow them.
        self._owner = owner

    @classmethod
    def loaded(cls, rows: list[Any], structure: Callable[[Any, int], T]) -> Self:
        """A log of saved ``rows`` that ``structure(row, index)`` turns into entries
        when one is first read (its errors surface then). Saving it again writes
        the rows back without structuring them."""
        size = len(rows)

        def produce(items: list[Any]) -> list[T]:
            return [structure(items[i], i) for i in range(size)]

        return cls(list(rows), size, list(rows), [produce, size] if rows else None)

    @classmethod
    def derived(cls, size: int, produce: Callable[[], list[T]]) -> Self:
        """A log of ``size`` entries that ``produce()`` works out when one is first
        read (or the log is saved); it must return exactly ``size`` entries."""
        return cls([None] * size, size, [], [lambda items: produce(), size] if size else None)  # type: ignore[list-item]

    def _materialize(self) -> None:
        lazy = self._lazy
        if lazy is not None:
            if lazy:
                produce, rows = lazy
                items = self._items
                # all or nothing: a failure leaves every placeholder as it was
                made = produce(items)
                if len(made) != rows:
                    raise RuntimeError(f"a lazy log produced {len(made)} entries instead of {rows}")
                items[:rows] = made
                lazy.clear()
            self._lazy = None

    def append(self, item: T) -> None:
        if not self._owner or len(self._items) != self._size:
            self._materialize()  # the rows are structured in the storage shared with the forks
            self._items = self._items[: self._size]
            self._dumped = self._dumped[: self._size]
            self._owner = True
        self._items.append(item)
        self._size += 1

    def fork(self) -> Self:
        """An independent log with the same entries, sharing storage until written."""
        # Set slot by slot rather than through __init__: every clone forks three logs.
        twin = object.__new__(type(self))
        twin._items = self._items
        twin._size = self._size
        twin._dumped = self._dumped
        twin._lazy = self._lazy
        twin._owner = False
        return twin

    def dumped(self, dump: Callable[[T], Any]) -> list[Any]:
        """Every entry turned into data by ``dump``, computing only the new ones.

        ``dump`` must be a pure function of the entry (entries are immutable), and
        the same function for every call on logs that share storage."""
        size = self._size
        cache = self._dumped[:size]  # one copy, so the maker growing the cache meanwhile cannot change it
        if len(cache) < size:
            if self._lazy is not None:
                self._materialize()
            items = self._items
            more = [dump(items[i]) for i in range(len(cache), size)]
            if self._owner and len(self._dumped) == len(cache):  # the cache is the maker's to grow
                self._dumped.extend(more)
            cache.extend(more)
        return cache

    def truncate(self, size: int) -> None:
        """Forget every entry after the first ``size`` (used to roll back a failed apply)."""
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[T]:
        if self._lazy is not None:
            self._materialize()
        items, size = self._items, self._size
        return iter(items if len(items) == size else items[:size])

    def __getitem__(self, index: int) -> T:
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        if self._lazy is not None:
            self._materialize()
        return self._items[index]

    def to_tuple(self) -> tuple[T, ...]:
        if self._lazy is not None:
            self._materialize()
        return tuple(self._items[: self._size])


class EventLog(SharedLog[Any]):
    """The event log: a :class:`SharedLog` that may also hold events not built yet.

    Most events are recorded where nothing reacts to them, and most logs are never
    read back during a playout or a search, so the engine records its own events as
    a row, ``(event class, field values)`` (:meth:`Match.record`), and the log
    builds each event the first time any entry at or after it is read. The events
    are built into the list shared with the forks (an event is an immutable value,
    so which copy builds it cannot be told), and nothing outside reads a row: every
    way of reading the log returns events.
    """

    __slots__ = ("_built",)

    def __init__(
        self,
        items: list[Any] | None = None,
        size: int | None = None,
        dumped: list[Any] | None = None,
        lazy: list[Any] | None = None,
        owner: bool = True,
        built: int = 0,
    ) -> None:
        super().__init__(items, size, dumped, lazy, owner)
        # Entries before ``_built`` are known to be events (or lazy placeholders).
        self._built = built

    def _build(self) -> None:
        """Turn every row among the first ``_size`` entries into its event."""
        if self._lazy is not None:
            self._materialize()
        items, size = self._items, self._size
        for i in range(self._built, min(size, len(items))):
            row = items[i]
            if type(row) is tuple:
                kind, fields = row
                items[i] = kind(*fields)
        self._built = size

    def fork(self) -> Self:
        twin = super().fork()
        twin._built = self._built
        return twin

    def dumped(self, dump: Callable[[Any], Any]) -> list[Any]:
        if self._built < self._size:
            self._build()
        return super().dumped(dump)

    def truncate(self, size: int) -> None:
        super().truncate(size)
        if self._built > size:
            self._built = size

    def __iter__(self) -> Iterator[Any]:
        if self._built < self._size:
            self._build()
        return super().__iter__()

    def __getitem__(self, index: int) -> Any:
        if self._built < self._size:
            self._build()
        return super().__getitem__(index)

    def to_tuple(self) -> tuple[Any, ...]:
        if self._built < self._size:
            self._build()
        return super().to_tuple()
