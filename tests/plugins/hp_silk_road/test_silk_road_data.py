"""The Silk Road's cards are read by Invasions of the Horse People's own loader: a
corrupted copy of their data file is refused with InvalidData naming the file and the field."""

from __future__ import annotations

import importlib
import uuid
from importlib import resources

import attrs
import pytest

import boardcore
from boardcore_horse_people import load_deck as load

SOURCE = "boardcore_hp_silk_road"
RESOURCES = ("data/cards.toml",)
FILE = "{package}/data/cards.toml"


@attrs.frozen
class Copy:
    """A copy of a package's data files in a new package: its name, and the line of
    the change made to it and of the ``[[...]]`` header above that change."""

    package: str
    line: int
    header: int

    def where(self, template: str) -> str:
        """``template`` with ``{package}``, ``{line}``, ``{next}`` (the line after) and ``{header}``."""
        return template.format(package=self.package, line=self.line, next=self.line + 1, header=self.header)


@pytest.fixture
def copy_with(tmp_path, monkeypatch):
    """``copy_with(resource, old, new)``: SOURCE's data files copied into a new package
    of the same layout, the first ``old`` in ``resource`` replaced by ``new`` (bytes)."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(resource: str, old: bytes, new: bytes) -> Copy:
        package = f"copy_{uuid.uuid4().hex[:10]}"
        (tmp_path / package / "data").mkdir(parents=True)
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
        line = header = 0
        for name in RESOURCES:
            data = resources.files(SOURCE).joinpath(name).read_bytes()
            if name == resource:
                at = data.index(old)
                line, header = data.count(b"\n", 0, at) + 1, data.count(b"\n", 0, data.rfind(b"[[", 0, at)) + 1
                data = data[:at] + new + data[at + len(old) :]
            (tmp_path / package / name).write_bytes(data)
        importlib.invalidate_caches()
        return Copy(package, line, header)

    return make


def test_an_unchanged_copy_gives_the_plugins_cards(copy_with):
    assert [c.id for c in load(copy_with("data/cards.toml", b"", b"").package)] == ["SR01-v2", "SR02"]


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"values = [2]", b"values = [true]", ":{line}: $.cards[0].values[0]", "expected an integer, got the boolean true"),
        (b"values = [2]", b"values = [9]", ": $[0].value", "'value' must be <= 5: 9 (row of card 'SR01-v9')"),
        (b'type = "tribe"', b'type = "tribes"', ":{line}: $.cards[1].type",
         "expected a CardType (one of 'conquest', 'loot', 'weakness', 'strength', 'tribe'), got the string 'tribes'"),
        (b'name = "Uyghurs"', b'name = "Uyghurs"\nvalues = [1]', ": $[1].value",
         "a tribe card takes no value (row of card 'SR02-v1')"),
        (b'effect = "uyghurs"', b'effect = "uyghurs"\nloot = 1', ":{next}: $.cards[1].loot",
         "unknown key (known keys: row, name, type, values, effect)"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(copy_with, old, new, where, message):
    copy = copy_with("data/cards.toml", old, new)
    with pytest.raises(boardcore.InvalidData) as caught:
        load(copy.package)
    assert caught.value.where == copy.where(FILE + where)
    assert str(caught.value) == f"{caught.value.where}: {copy.where(message)}"
