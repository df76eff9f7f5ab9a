"""``boardcore serve --check-db FILE``: which stored matches a server could not serve.

The file is opened read-only and checked as the server checks it when it starts
(each row, then each save replayed from its history), after SQLite's own
integrity check. Nothing is changed, so it can be run beside a running server.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from .. import BoardcoreError
from .matches import checked_record, revive
from .rows import DamagedRow, show_id
from .store import MatchStore, StoreError


def check_db(path: str | Path, out: TextIO) -> int:
    """Print one line per damaged match (``ID: why``) and a summary to ``out``; 0 if
    every match can be served and SQLite finds nothing wrong, 1 otherwise.

    Raises ``ValueError`` with a sentence for a file that is not a match store.
    """
    try:
        store = MatchStore(path, read_only=True)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    try:
        damage = store.integrity()
        raw, notes = store.raw_matches()
    finally:
        store.close()
    damaged: list[tuple[str, str]] = []
    for stored in raw:
        try:
            revive(checked_record(stored))
        except DamagedRow as exc:
            damaged.append((show_id(stored.id), f"damaged row: {exc}"))
        except (BoardcoreError, ValueError) as exc:
            damaged.append((show_id(stored.id), f"cannot be loaded: {exc}"))
    for line in [*notes, *damage]:
        print(f"{path}: SQLite: {line}", file=out)
    for match_id, why in damaged:
        print(f"{match_id}: {why}", file=out)
    sound = len(raw) - len(damaged)
    verdict = "no damage found" if not damaged and not damage and not notes else "DAMAGED"
    print(f"{path}: {len(raw)} matches, {sound} sound, {len(damaged)} damaged; {verdict}", file=out)
    return 0 if verdict == "no damage found" else 1
