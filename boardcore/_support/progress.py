"""Progress bars for the command line, from the optional ``cli`` extra (tqdm)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def progress_bar(total: int | None) -> Any:
    """A tqdm progress bar of ``total`` games on standard error, for a person watching;
    None when standard error is no terminal or tqdm is not installed (``pip install
    boardcore[cli]``): the commands then run without one."""
    if not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr, leave=False)


@contextmanager
def progress_updates(total: int | None) -> Iterator[Callable[[int], None] | None]:
    """A progress bar's ``update`` for a person watching, else None (see ``progress_bar``)."""
    bar = progress_bar(total)
    if bar is None:
        yield None
        return
    try:
        yield bar.update
    finally:
        bar.close()
