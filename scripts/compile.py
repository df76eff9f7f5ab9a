"""The optional compiled build: Cython compiles the busiest modules of a checkout, in place.

    pip install -e ".[compile]"          # Cython, and a setuptools recent enough
    python scripts/compile.py            # compile the modules listed in pyproject.toml
    python scripts/compile.py --clean    # back to the sources

The modules are listed under ``[tool.boardcore.compiled]`` in pyproject.toml. Each
is compiled into an extension module beside its ``.py``, which stays. Python
prefers the extension to the source, so the build also writes, into every top
package it compiled, ``_compiled_sources.json``: the SHA-256 of each source as it
was compiled. At import, boardcore runs a compiled module only while its ``.py``
still has that hash (``boardcore/_values/compiled.py``), so an edited source never
runs behind a stale build; ``BOARDCORE_PURE_PYTHON=1`` runs every module from source.

The C compiler's flags come from Python's build and ``CFLAGS``; CI compiles with
``CFLAGS=-O0``, which builds in a quarter of the time and tests the same C code.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = "_compiled_sources.json"
FOLDERS = (ROOT, ROOT / "games", ROOT / "plugins")
"""The source folders of the packages, as in pyproject.toml's [tool.setuptools.packages.find]."""
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
"""Python's semantics whole: type hints are not read as C types (an ``int`` hint would
refuse NumPy's integers), and functions keep their signatures for pluggy and inspect."""


def listed_modules() -> list[str]:
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


def top_package(module: str) -> Path:
    """The folder of ``module``'s top package, where its manifest goes."""
    return source_of(module).parents[len(module.split(".")) - 2]


def compiled_files(module: str) -> list[Path]:
    source = source_of(module)
    return [p for pattern in (f"{source.stem}.*.so", f"{source.stem}.*.pyd") for p in source.parent.glob(pattern)]


def clean(modules: list[str]) -> None:
    """Remove the compiled modules and the manifests of an earlier build."""
    for module in modules:
        for built in compiled_files(module):
            built.unlink()
        (top_package(module) / MANIFEST).unlink(missing_ok=True)


def compile_modules(modules: list[str]) -> None:
    """Compile ``modules`` beside their sources, then write the manifests."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as exc:
        raise SystemExit(f"the compiled build needs Cython 3 and setuptools: pip install -e \".[compile]\" ({exc})") from None
    clean(modules)  # a half-done build must not leave an old manifest vouching for new files
    with tempfile.TemporaryDirectory() as tmp:
        extensions = [Extension(m, [str(source_of(m))]) for m in modules]
        # The generated C goes to the temporary folder, never beside the sources.
        built = cythonize(extensions, compiler_directives=DIRECTIVES, build_dir=tmp, quiet=True)
        # A bare Distribution reads no configuration file: only what is given here.
        dist = Distribution({"name": "boardcore-compiled", "ext_modules": built})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(Path(tmp) / "lib")
        command.build_temp = str(Path(tmp) / "temp")
        command.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
        for extension in built:
            target = Path(command.get_ext_fullpath(extension.name))
            shutil.copy2(target, source_of(extension.name).parent / target.name)
    by_top: dict[Path, dict[str, str]] = {}
    for module in modules:
        digest = hashlib.sha256(source_of(module).read_bytes()).hexdigest()
        by_top.setdefault(top_package(module), {})[module] = digest
    for top, hashes in by_top.items():
        (top / MANIFEST).write_text(json.dumps({"modules": hashes}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    args = parser.parse_args(argv)
    modules = listed_modules()
    if args.clean:
        clean(modules)
        print(f"removed the compiled build of {len(modules)} modules")
    else:
        compile_modules(modules)
        print(f"compiled {len(modules)} modules; boardcore.compiled.status() lists those running compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
