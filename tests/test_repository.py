"""Promises about the repository as a whole."""

from __future__ import annotations

import re
from pathlib import Path

import boardcore
from boardcore._games import hookspecs
ROOT = Path(__file__).resolve().parent.parent
GAME_WORDS = ["gallic", "roman", "celt", "horse", "khan", "nomad", "prehistoric", "mammoth", "raid", "aztec", "conquistador", "legion"]


def test_the_engine_names_no_game():
    offenders = []
    for path in (ROOT / "boardcore").rglob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        for word in GAME_WORDS:
            if re.search(rf"\b{word}", text):
                offenders.append(f"{path.relative_to(ROOT)}: {word}")
    assert offenders == []


def test_every_hook_is_documented_in_the_hooks_page():
    page = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    specs = [name for name in dir(hookspecs) if hasattr(getattr(hookspecs, name), "boardcore_spec")]
    assert specs, "no hookspecs found"
    missing = [name for name in specs if f"### {name}" not in page]
    assert missing == []


def test_every_hook_has_a_docstring_saying_when_it_is_called():
    for name in dir(hookspecs):
        spec = getattr(hookspecs, name)
        if hasattr(spec, "boardcore_spec"):
            assert spec.__doc__ and "alled" in spec.__doc__ or "Return" in (spec.__doc__ or ""), name


def test_readme_starts_with_the_install_and_test_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```")[1]
    assert "pip install" in block and "boardcore simulate" in block
    assert "python -m pytest" in block
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m pytest" in ci


def test_the_package_ships_py_typed():
    assert (Path(boardcore.__file__).parent / "py.typed").exists()
