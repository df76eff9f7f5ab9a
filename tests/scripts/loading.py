"""Loading a script of scripts/ or benchmarks/ as a module, for the tests of the scripts."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"


def load_script(name: str, folder: Path = SCRIPTS) -> ModuleType:
    """``<folder>/<name>.py`` (``scripts/`` by default, or ``ROOT / "benchmarks"``) as a
    module (scripts are not a package), so its functions and ``main`` can be called
    in-process."""
    spec = importlib.util.spec_from_file_location(f"{name}_script", folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
