"""Counting a Python snippet's instructions with ``valgrind --tool=callgrind``, for the
``bench_*_instructions.py`` scripts: a count the machine's load does not move."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path


def count(code: str, args: list[str], python: str = sys.executable, tree: Path | None = None) -> tuple[int, str]:
    """The instructions of ``python -c code args``, and what it printed.

    It runs from an empty folder (``python -c`` puts the working folder first on the
    path, which would measure the boardcore found there) with ``PYTHONHASHSEED`` fixed;
    with ``tree``, that checkout's ``boardcore``, ``games`` and ``plugins`` come first
    on the path."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(str(tree / part) for part in ("", "games", "plugins"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c", code, *args]
        done = subprocess.run(command, check=True, env=env, capture_output=True, text=True, cwd=tmp)
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1]), done.stdout.strip()
    raise RuntimeError("callgrind wrote no total")
