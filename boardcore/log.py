"""An append-only list that clones share until one of them appends.

The event log and the action history only ever grow, so a clone can share its
parent's list and remember how long it was. The first writer whose length no
longer matches the list's copies its prefix first. Cloning is therefore O(1)
however long the match has run, and rolling back an append is resetting a length.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class SharedLog(Generic[T]):
    """An append-only sequence with O(1) :meth:`fork`."""

    __slots__ = ("_items", "_size")

    def __init__(self, items: list[T] | None = None, size: int | None = None) -> None:
        self._items: list[T] = items if items is not None else []
        self._size = len(self._items) if size is None else size

    def append(self, item: T) -> None:
        if len(self._items) != self._size:
            self._items = self._items[: self._size]
        self._items.append(item)
        self._size += 1

    def fork(self) -> SharedLog[T]:
        """An independent log with the same entries, sharing storage until written."""
        return SharedLog(self._items, self._size)

    def truncate(self, size: int) -> None:
        """Forget every entry after the first ``size`` (used to roll back a failed apply)."""
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[T]:
        items, size = self._items, self._size
        return iter(items if len(items) == size else items[:size])

    def __getitem__(self, index: int) -> T:
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        return self._items[index]

    def to_tuple(self) -> tuple[T, ...]:
        return tuple(self._items[: self._size])
