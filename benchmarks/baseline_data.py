"""The games' data files for the hand-written baselines, read without the engine.

A baseline plays with the same cards and constants as the engine's game, but
imports nothing of the engine: it finds the game's package on the path and reads
its TOML files itself.
"""

from __future__ import annotations

import tomllib
from importlib.util import find_spec
from pathlib import Path
from typing import Any


def game_data(package: str, name: str = "cards.toml") -> dict[str, Any]:
    """The data file ``data/<name>`` of the installed game package ``package``."""
    spec = find_spec(package)
    if spec is None or spec.origin is None:
        raise ImportError(f"the {package} package is not installed")
    with open(Path(spec.origin).parent / "data" / name, "rb") as file:
        return tomllib.load(file)
