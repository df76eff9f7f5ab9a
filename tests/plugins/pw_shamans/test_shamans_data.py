"""The Shamans' cards are read against Prehistoric Warfare's card schema: a corrupted
copy of their data file is refused with InvalidData naming the file, the line and the field."""

from __future__ import annotations

import importlib
import uuid
from importlib import resources

import attrs
import pytest

import boardcore
from boardcore_prehistoric_warfare import PWCard

SOURCE = "boardcore_pw_shamans"
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


def load(package: str) -> tuple[PWCard, ...]:
    """The plugin's own call (``register_cards``), on another package."""
    return boardcore.load_cards(package, "data/cards.toml", PWCard)


def test_an_unchanged_copy_gives_the_plugins_cards(copy_with):
    cards = load(copy_with("data/cards.toml", b"", b"").package)
    assert [c.id for c in cards] == ["PWS01-1", "PWS01-2", "PWS02-1", "PWS02-2", "PWS03-1"]


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        (b"strength = 2", b'strength = "2"', ":{line}: $.cards[0].strength", "expected an integer, got the string '2'"),
        (b"strength = 2", b"strength = 12", ":{line}: $.cards[0].strength", "'strength' must be <= 10: 12"),
        (b"strength = 2\n", b"", ":{header}: $.cards[0].strength", "a Person card needs its 'strength'"),
        (b"food = 2", b"food = 0", ":{line}: $.cards[1].food", "'food' must be >= 1: 0"),
        (b'type = "G"', b'type = "g"', ":{line}: $.cards[1].type",
         "expected a CardType (one of 'P', 'M', 'W', 'MW', 'A', 'D', 'T', 'R', 'G', 'H', 'X'), got the string 'g'"),
        (b"copies = 2", b"copies = -5", ":{line}: $.cards[0].copies", "copies must be a whole number of at least 1, not -5"),
        (b'effect = "cave-shaman"', b'effect = "cave-shaman"\npower = 1', ":{next}: $.cards[0].power",
         "unknown key (known keys: id, name, effect, type, strength, bonus, food, category, negates, note)"),
    ],
)  # fmt: skip
def test_a_corrupted_copy_is_refused_naming_the_file_and_the_field(copy_with, old, new, where, message):
    copy = copy_with("data/cards.toml", old, new)
    with pytest.raises(boardcore.InvalidData) as caught:
        load(copy.package)
    assert caught.value.where == copy.where(FILE + where)
    assert str(caught.value) == f"{caught.value.where}: {copy.where(message)}"
