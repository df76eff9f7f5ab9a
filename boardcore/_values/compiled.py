"""The guard of the optional compiled build: a compiled module runs only while its
source is the one it was compiled from.

Python prefers an extension module to a ``.py`` of the same name in the same
folder, so after an edit the old compiled code would run, silently. The compiled
build (``scripts/compile.py`` in a checkout) writes ``_compiled_sources.json``
into each top package it compiled: every compiled module's name and the SHA-256
of its source. :func:`install` puts a finder first on ``sys.meta_path`` that, for a
module listed there, hashes the ``.py`` beside the extension and loads the ``.py``
instead when the hashes differ, with a :class:`StaleCompiledModule` warning saying
how to rebuild. ``BOARDCORE_PURE_PYTHON=1`` in the environment loads every listed module
from its ``.py`` (no warning): the reference to compare a compiled build with.

The finder answers only for submodules of top packages that ship a manifest, and
costs one dictionary lookup for any other import.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

MANIFEST = "_compiled_sources.json"
PURE_VARIABLE = "BOARDCORE_PURE_PYTHON"


class StaleCompiledModule(RuntimeWarning):
    """A compiled module is older than its source, so the source runs instead."""


class FreshCompiledFinder(MetaPathFinder):
    """Finds listed modules: their compiled form while it matches the source, else the source."""

    def __init__(self) -> None:
        self.manifests: dict[str, dict[str, str] | None] = {}
        self.compiled: set[str] = set()
        self.stale: set[str] = set()
        self.pure = os.environ.get(PURE_VARIABLE, "") not in ("", "0")

    def manifest(self, top: str) -> dict[str, str] | None:
        """The manifest of top package ``top`` (name -> source hash), or None."""
        if top in self.manifests:
            return self.manifests[top]
        package = sys.modules.get(top)
        where = getattr(package, "__file__", None)
        hashes: dict[str, str] | None = None
        if where:
            path = Path(where).parent / MANIFEST
            try:
                listed = json.loads(path.read_text(encoding="utf-8"))["modules"]
            except FileNotFoundError:
                pass
            except (OSError, ValueError, KeyError, TypeError) as e:
                warnings.warn(f"{path}: unreadable ({e}); its package runs from source", StaleCompiledModule, stacklevel=2)
                hashes = {}
            else:
                hashes = {str(k): str(v) for k, v in listed.items()} if isinstance(listed, dict) else {}
        self.manifests[top] = hashes
        return hashes

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        top, dot, _ = name.partition(".")
        if not dot:
            return None
        hashes = self.manifest(top)
        if not hashes or name not in hashes:
            return None
        spec = PathFinder.find_spec(name, path)
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader) or spec.origin is None:
            return spec
        source = Path(spec.origin).with_name(name.rpartition(".")[2] + ".py")
        if not source.is_file():
            self.compiled.add(name)
            return spec  # an install without sources: the compiled module is all there is
        if not self.pure and hashlib.sha256(source.read_bytes()).hexdigest() == hashes[name]:
            self.compiled.add(name)
            return spec
        if not self.pure:
            self.stale.add(name)
            warnings.warn(
                f"{name}: {source} changed after it was compiled, so it runs from source; "
                "compile again with python scripts/compile.py (or remove the build with --clean)",
                StaleCompiledModule,
                stacklevel=2,
            )
        return spec_from_file_location(name, source)


FINDER = FreshCompiledFinder()


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once)."""
    if FINDER not in sys.meta_path:
        sys.meta_path.insert(0, FINDER)
