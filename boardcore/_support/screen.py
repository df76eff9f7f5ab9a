"""Where the terminal session writes: colour and layout with rich on a terminal,
plain text everywhere else.

With the ``terminal`` extra installed (``pip install "boardcore[terminal]"``) and
output going to a terminal, lines are styled by what they are: turns and phases,
the view's heading and zones, the question, the option numbers, the two seats'
pieces on a board, messages. Otherwise, or when ``NO_COLOR`` is set, the text is
written exactly as it is, so pipes, files and tests see plain lines.
"""

from __future__ import annotations

import os
from typing import Any, TextIO

_STYLES = {
    "boardcore.turn": "bold",
    "boardcore.phase": "magenta",
    "boardcore.heading": "bold underline",
    "boardcore.zone": "cyan",
    "boardcore.hidden": "dim",
    "boardcore.number": "bold",
    "boardcore.seat0": "bold blue",
    "boardcore.seat1": "bold red",
}

_PATTERNS = [
    r"^(?P<turn>  == .* ==)$",
    r"^(?P<phase>  -- .* --)$",
    r"^(?P<heading>\S.* at seat \d+ - turn .*)$",
    r"^  (?P<zone>[\w:.@-]+ \[\d+)(?P<hidden> hidden)?\]",
    r"^ +(?P<number>\d+\.) ",
    # a board row: the rank, then one cell per file
    r"^ +\d+(?: (?:(?P<seat0>[A-Z])|(?P<seat1>[a-z])|\.))+  \d+",
]


class Screen:
    """Writes the session's lines to ``out``, styled when it can and should be."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._console = _rich_console(out)

    def write(self, text: str, style: str | None = None, end: str = "\n") -> None:
        """Write ``text``; ``style`` (a rich style such as ``"bold yellow"``) applies
        to the whole of it, the highlighter to its parts."""
        console = self._console
        if console is None:
            print(text, end=end, file=self.out, flush=True)
        else:
            console.print(text, style=style, end=end, markup=False, emoji=False, soft_wrap=True)

    @property
    def styled(self) -> bool:
        return self._console is not None


def _rich_console(out: TextIO) -> Any:
    """A rich console for ``out`` when rich is installed and ``out`` is a terminal
    that may be coloured; else None."""
    if os.environ.get("NO_COLOR") or not getattr(out, "isatty", lambda: False)():
        return None
    try:
        from rich.console import Console
        from rich.highlighter import RegexHighlighter
        from rich.theme import Theme
    except ImportError:
        return None

    class Highlighter(RegexHighlighter):
        base_style = "boardcore."
        highlights = _PATTERNS

    return Console(file=out, highlighter=Highlighter(), theme=Theme(_STYLES), highlight=True)
