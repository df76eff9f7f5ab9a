"""Testing a game's data files: corrupted copies of them, in a package of their own.

A data-file test copies a game's data into a fresh package with one change, loads
it with the game's own loader (or the engine's), and checks the error::

    copy = copy_data(tmp_path, "my_game", ["data/cards.toml"], "data/cards.toml", b"value = 3", b'value = "3"')
    with pytest.raises(boardcore.InvalidData) as caught:
        boardcore.loaders.load_cards(copy.package, "data/cards.toml", MyCard)
    assert caught.value.where == copy.where("{package}/data/cards.toml:{line}: $.cards[2].value")

The directory must be importable (pytest: ``monkeypatch.syspath_prepend(tmp_path)``).
"""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import attrs


@attrs.frozen
class DataCopy:
    """A copy of a package's data files: the new package's name, the line of the
    change and the line of the ``[[...]]`` header above it (0 when nothing changed)."""

    package: str
    line: int
    header: int

    def where(self, template: str) -> str:
        """``template`` with ``{package}``, ``{line}``, ``{next}`` (the line after) and ``{header}``."""
        return template.format(package=self.package, line=self.line, next=self.line + 1, header=self.header)


def copy_data(
    directory: Path, source: str, files: Sequence[str], changed: str = "", old: bytes = b"", new: bytes = b""
) -> DataCopy:
    """Copy ``files`` of package ``source`` into a new package in ``directory``, the
    first ``old`` in the file ``changed`` replaced by ``new`` (bytes, so a test can
    write text that is not UTF-8)."""
    package = f"copy_{uuid.uuid4().hex[:10]}"
    root = Path(directory) / package
    root.mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    line = header = 0
    for name in files:
        data = resources.files(source).joinpath(name).read_bytes()
        if name == changed:
            at = data.index(old)
            line, header = data.count(b"\n", 0, at) + 1, data.count(b"\n", 0, data.rfind(b"[[", 0, at)) + 1
            data = data[:at] + new + data[at + len(old) :]
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    importlib.invalidate_caches()
    return DataCopy(package, line, header)
