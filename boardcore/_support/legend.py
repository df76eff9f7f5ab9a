"""The letter each kind of piece is drawn with, fixed for a whole match.

A letter is the first letter of the kind's name that no kind before it has
taken (else any free one). Which kinds come "before" decides the letters, so it
never depends on what is on the board at the moment: first the kinds the game
declares in its self-description (the ``"piece_kinds"`` entry its
``GameSpec.describe`` returns, in its order), then every other kind in the order
it entered the match (its first ``PieceAdded`` in the log). A kind that enters
later takes a letter still free, and no kind's letter ever changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .. import Event
from ..events import PieceAdded

PIECE_KINDS = "piece_kinds"
"""The entry of a game's self-description listing the kinds of pieces it may ever put
on the board, the most important first (they get the first pick of letters)."""

_ALPHABET = [chr(c) for c in range(ord("A"), ord("Z") + 1)]


class Legend:
    """Letters for kinds of pieces, given once and kept (upper case)."""

    def __init__(self, declared: Iterable[str] = ()) -> None:
        self.letters: dict[str, str] = {}
        self._taken: set[str] = set()
        self._read = 0
        for kind in declared:
            self.add(kind)

    @classmethod
    def of_match(cls, described: Mapping[str, Any] | None, events: Iterable[Event] = ()) -> Legend:
        """The legend of a match: the kinds its game declares, then those its log shows entering."""
        declared = (described or {}).get(PIECE_KINDS)
        legend = cls([str(k) for k in declared] if isinstance(declared, (list, tuple)) else ())
        legend.learn(events)
        return legend

    @classmethod
    def given(cls, letters: Mapping[str, str]) -> Legend:
        """A legend that goes on from ``letters`` (kind -> letter) given earlier, as a
        payload carries them."""
        legend = cls()
        legend.letters.update(letters)
        legend._taken.update(letters.values())
        return legend

    def add(self, kind: str) -> str:
        """The letter of ``kind``, giving it one if it has none yet."""
        letter = self.letters.get(kind)
        if letter is None:
            choices = [c for c in kind.upper() if "A" <= c <= "Z"] + _ALPHABET
            letter = next((c for c in choices if c not in self._taken), "?")
            self._taken.add(letter)
            self.letters[kind] = letter
        return letter

    def learn(self, events: Iterable[Event]) -> None:
        """Give a letter to each kind that ``events`` show entering the match. A log
        only grows: called again with the same log, only the new events are read."""
        if isinstance(events, (list, tuple)):
            # a shorter log (a decision taken back) is read again: adding a kind twice changes nothing
            new = events[self._read if len(events) >= self._read else 0 :]
            self._read = len(events)
        else:
            new = list(events)
        for event in new:
            if isinstance(event, PieceAdded):
                self.add(str(event.piece_kind))

    def entries(self, kinds: Iterable[str] | None = None) -> list[tuple[str, str]]:
        """``(letter, kind)`` for every kind known (or for ``kinds``), by kind name."""
        wanted = sorted(self.letters) if kinds is None else sorted(set(kinds))
        return [(self.add(kind), kind) for kind in wanted]
