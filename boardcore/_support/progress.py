"""Progress bars for the command line, from the optional ``cli`` extra (tqdm)."""

from __future__ import annotations

import sys
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
