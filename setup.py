"""The C modules of the build, which pyproject.toml cannot declare on its own.

Always: ``boardcore._values._rng_c``, the random draws in C, built when a C compiler
is present and skipped with a warning when not (the Python versions give the same
numbers).

With ``BOARDCORE_COMPILE=1`` in the environment: the modules listed under
``[tool.boardcore.compiled]`` in pyproject.toml are also compiled by Cython, each
into an extension module beside its ``.py``. The build then writes, into every top
package that has compiled modules, ``_compiled_sources.json``: the SHA-256 of each
source as it was compiled. At import, boardcore runs a compiled module only while
its ``.py`` still has that hash, so an edited source never runs behind a stale
build (``boardcore/_support/compiled.py``). Cython is fetched as a build
requirement only when compiling; nothing else needs it.

Without ``BOARDCORE_COMPILE``, an editable install (``pip install -e .``) removes
the listed modules' compiled files and manifests that an earlier compiled build
left in the tree, so the tree runs what its sources say. Other builds (a wheel, an
sdist) leave the tree alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
MANIFEST = "_compiled_sources.json"
# The source folders of the packages (as in [tool.setuptools.packages.find]).
FOLDERS = (ROOT, ROOT / "games", ROOT / "plugins")
# Python semantics kept whole: annotations are not read as C types (an ``int`` hint
# would refuse NumPy's integers), and functions keep their introspection.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True, "embedsignature": False}


def compiled_modules() -> list[str]:
    """The module names listed for compiling in pyproject.toml."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return list(tomllib.load(f)["tool"]["boardcore"]["compiled"]["modules"])


def source_of(module: str) -> Path:
    """The ``.py`` of ``module``, in whichever source folder holds its package."""
    relative = Path(*module.split(".")).with_suffix(".py")
    for folder in FOLDERS:
        if (folder / relative).is_file():
            return folder / relative
    raise SystemExit(f"pyproject.toml [tool.boardcore.compiled]: no source file for module {module!r}")


def write_manifests(modules: list[str]) -> None:
    """One manifest per top package: each compiled module's name and source hash."""
    by_top: dict[Path, dict[str, str]] = {}
    for module in modules:
        source = source_of(module)
        top = source.parents[len(module.split(".")) - 2]
        by_top.setdefault(top, {})[module] = hashlib.sha256(source.read_bytes()).hexdigest()
    for top, hashes in by_top.items():
        (top / MANIFEST).write_text(json.dumps({"modules": hashes}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def remove_compiled(modules: list[str]) -> None:
    """Forget an earlier compiled build in this source tree: its modules and manifests."""
    for module in modules:
        source = source_of(module)
        for built in source.parent.glob(f"{source.stem}.*.so"):
            built.unlink()
        for built in source.parent.glob(f"{source.stem}.*.pyd"):
            built.unlink()
        manifest = source.parents[len(module.split(".")) - 2] / MANIFEST
        manifest.unlink(missing_ok=True)


def cython_extensions(modules: list[str]) -> list[Extension]:
    """The listed modules as Cython extensions; empty while Cython is not yet
    installed (pip first asks for the build requirements, then builds)."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    extensions = [Extension(m, [str(source_of(m).relative_to(ROOT))], optional=False) for m in modules]
    built = cythonize(extensions, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True)
    write_manifests(modules)
    return list(built)


compiling = os.environ.get("BOARDCORE_COMPILE", "") not in ("", "0")
listed = compiled_modules()
extensions = [Extension("boardcore._values._rng_c", ["boardcore/_values/_rng_c.c"], optional=True)]
if compiling:
    extensions += cython_extensions(listed)
elif any(command in sys.argv for command in ("editable_wheel", "develop")):
    remove_compiled(listed)

setup(
    ext_modules=extensions,
    setup_requires=["cython>=3.0"] if compiling else [],
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
