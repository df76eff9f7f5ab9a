"""The optional compiled build: a compiled module runs only while its source is the
one it was compiled from, and a compiled build plays exactly as the sources do.

The guard is tested on a made-up package whose one module exists twice, as a
``.py`` and as an extension module (a copy of boardcore's own C module, the only
one every install with a C compiler has), so it runs without Cython. The
comparison of whole matches runs where the package itself was compiled
(``python scripts/compile.py``; ``.ci/run`` does it when a C compiler is present).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import boardcore
import boardcore.compiled

C_MODULE = "_rng_c"
TOML = Path(__file__).resolve().parents[2] / "pyproject.toml"


def built_c_module() -> Path | None:
    here = Path(boardcore.__file__).parent / "_values"
    found = [p for s in importlib.machinery.EXTENSION_SUFFIXES for p in here.glob(f"{C_MODULE}{s}")]
    return found[0] if found else None


@pytest.fixture
def twin_package(tmp_path, monkeypatch, request):
    """A top package, fresh for each test, with ``_rng_c`` as both source and extension;
    returns (its name, the source path, a function writing its manifest)."""
    built = built_c_module()
    if built is None:
        pytest.skip("boardcore's C module is not built here (no C compiler)")
    name = f"twins_{request.node.name.replace('[', '_').replace(']', '_').replace('-', '_')}"
    package = tmp_path / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / f"{C_MODULE}.py"
    source.write_text('RUNS = "source"\n')
    shutil.copy(built, package / built.name)
    monkeypatch.syspath_prepend(str(tmp_path))

    def write_manifest(hashes: dict[str, str]) -> None:
        (package / "_compiled_sources.json").write_text(json.dumps({"modules": hashes}))

    yield name, source, write_manifest
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_compiled_module_runs_while_its_source_has_the_hash_it_was_compiled_from(twin_package):
    name, source, write_manifest = twin_package
    write_manifest({f"{name}.{C_MODULE}": sha256(source)})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = importlib.import_module(f"{name}.{C_MODULE}")
    assert not hasattr(module, "RUNS")  # the extension, not the source
    assert f"{name}.{C_MODULE}" in boardcore.compiled.status().compiled


def test_an_edited_source_runs_instead_of_its_stale_compiled_module_with_a_warning(twin_package):
    name, source, write_manifest = twin_package
    write_manifest({f"{name}.{C_MODULE}": sha256(source)})
    source.write_text('RUNS = "source"  # edited after the build\n')
    with pytest.warns(boardcore.compiled.StaleCompiledModule, match=rf"{name}\.{C_MODULE}: .* changed after it was compiled"):
        module = importlib.import_module(f"{name}.{C_MODULE}")
    assert module.RUNS == "source"
    assert f"{name}.{C_MODULE}" in boardcore.compiled.status().stale


def test_a_module_the_manifest_does_not_list_is_left_to_python(twin_package):
    name, source, write_manifest = twin_package
    write_manifest({})
    module = importlib.import_module(f"{name}.{C_MODULE}")
    assert not hasattr(module, "RUNS")  # Python's own choice: the extension


def test_an_unreadable_manifest_runs_its_package_from_source_with_a_warning(twin_package):
    name, source, write_manifest = twin_package
    (source.parent / "_compiled_sources.json").write_text("{not json")
    with pytest.warns(boardcore.compiled.StaleCompiledModule, match="unreadable"):
        importlib.import_module(name)
        module = importlib.import_module(f"{name}.{C_MODULE}")
    assert not hasattr(module, "RUNS")  # listed nowhere, so Python's choice again


def test_boardcore_pure_runs_every_listed_module_from_source(twin_package, tmp_path):
    name, source, write_manifest = twin_package
    write_manifest({f"{name}.{C_MODULE}": sha256(source)})
    code = f"import boardcore, boardcore.compiled as c, {name}.{C_MODULE} as m; print(m.RUNS, c.status().pure)"
    env = {**os.environ, "BOARDCORE_PURE_PYTHON": "1", "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["source", "True"]


def match_digests() -> dict[str, str]:
    """A digest of the saves of random matches in every game, with and without its expansion."""
    import random

    digests = {}
    for game_name, plugin, players in [
        ("gallic-wars", "gw-turncoats", 2),
        ("invasions-of-the-horse-people", "hp-silk-road", 3),
        ("prehistoric-warfare", "pw-shamans", 3),
        ("aztec-skirmish", "az-omens", 2),
    ]:
        for plugins in ((), (plugin,)):
            game = boardcore.load_game(game_name, plugins=plugins)
            h = hashlib.sha256()
            for seed in range(3):
                choose = random.Random(seed).random
                state = game.new_state(players=players, seed=seed)
                state.playout(lambda s, d: int(choose() * len(d.options)), limit=400)
                h.update(state.to_json().encode())
            digests[f"{game_name}{'+' + plugin if plugins else ''}"] = h.hexdigest()
    return digests


def listed_for_compiling() -> list[str]:
    import tomllib

    return list(tomllib.loads(TOML.read_text(encoding="utf-8"))["tool"]["boardcore"]["compiled"]["modules"])


def test_a_compiled_build_compiles_every_listed_module_and_plays_exactly_as_its_sources_do():
    listed = listed_for_compiling()
    for module in listed:
        importlib.import_module(module)
    status = boardcore.compiled.status()
    ours = [m for m in status.compiled if not m.startswith("twins_")]  # not the guard tests' packages
    if not ours:
        pytest.skip("this install runs from source (compile it with scripts/compile.py to compare)")
    assert sorted(set(listed) - set(ours)) == []
    stale = [m for m in status.stale if not m.startswith("twins_")]
    assert not stale, f"compiled modules older than their sources: {stale}"
    digests = match_digests()
    code = "import json, test_compiled as t; print(json.dumps(t.match_digests()))"
    env = {**os.environ, "BOARDCORE_PURE_PYTHON": "1", "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), *sys.path])}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == digests


def test_every_module_listed_for_compiling_exists_and_none_is_a_package():
    listed = listed_for_compiling()
    assert len(listed) == len(set(listed))
    for module in listed:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.submodule_search_locations is None, module
