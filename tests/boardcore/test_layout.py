"""Promises about the engine's source layout: no import cycles, hooks documented, modules named.

The import graph is read from the source (``ast``), not from ``sys.modules``: a module-level
import of a boardcore module is an edge; an import under ``if TYPE_CHECKING:`` is not; an
import inside a function is an edge too, so a function-level import may only import a
module that does not (even indirectly) import back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest

from boardcore._games import hookspecs as _hookspecs
ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "boardcore"


@attrs.frozen
class Import:
    source: str
    target: str
    line: int
    local: bool
    """Inside a function (run when called, not when the module is imported)."""

    def __str__(self) -> str:
        where = "in a function" if self.local else "module level"
        return f"{self.source} -> {self.target} (line {self.line}, {where})"


def module_names(package: Path) -> dict[str, Path]:
    """Every module of the package under ``package`` (a directory), by dotted name."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, known: set[str]) -> list[Import]:
    """The imports of boardcore modules (``known``) that module ``name`` makes."""
    is_package = path.name == "__init__.py"
    here = name if is_package else name.rpartition(".")[0]
    found: list[Import] = []

    def target(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def visit(node: ast.AST, local: bool) -> None:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                visit(child, local)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            local = True
        if isinstance(node, ast.Import):
            for alias in node.names:
                hit = target(alias.name)
                if hit:
                    found.append(Import(name, hit, node.lineno, local))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                hit = sub if sub in known else target(base)
                if hit:
                    found.append(Import(name, hit, node.lineno, local))
        for child in ast.iter_child_nodes(node):
            visit(child, local)

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), False)
    return found


def import_graph(package: Path) -> dict[str, list[Import]]:
    modules = module_names(package)
    # A module written in C (``_rng_c.c``) is a module too, one that imports nothing of ours.
    compiled = {".".join(p.relative_to(package.parent).with_suffix("").parts) for p in package.rglob("*.c")}
    known = set(modules) | compiled
    graph = {name: [i for i in imports_of(name, path, known) if i.target != name] for name, path in modules.items()}
    return graph | {name: [] for name in compiled}


def cycles(graph: dict[str, list[Import]]) -> list[list[Import]]:
    """One cycle (as its edges) through each group of modules that import each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for edge in graph.get(v, ()):
            w = edge.target
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    found = []
    for group in groups:
        start = min(group)
        # a shortest way back to ``start`` inside the group (breadth first)
        paths: dict[str, list[Import]] = {start: []}
        todo = [start]
        while todo:
            v = todo.pop(0)
            for edge in graph[v]:
                if edge.target == start:
                    found.append(paths[v] + [edge])
                    todo = []
                    break
                if edge.target in group and edge.target not in paths:
                    paths[edge.target] = paths[v] + [edge]
                    todo.append(edge.target)
    return found


def describe(cycle: list[Import]) -> str:
    return "import cycle: " + " ; ".join(str(edge) for edge in cycle)


def test_no_import_cycle_among_engine_modules():
    graph = import_graph(PACKAGE)
    assert "boardcore._rules.match" in graph and any(graph.values())  # the graph was read
    problems = [describe(cycle) for cycle in cycles(graph)]
    assert problems == []


def test_the_engine_imports_are_read_as_expected():
    graph = import_graph(PACKAGE)
    targets = {name: {i.target for i in edges} for name, edges in graph.items()}
    assert "boardcore._rules.match" in targets["boardcore._persistence.state"]
    assert "boardcore._values.rng" in targets["boardcore._rules.match"]  # ``from . import _rng as rng``
    assert "boardcore._games.game" not in targets["boardcore._rules.match"]  # only under TYPE_CHECKING
    assert "boardcore.drive" in targets["boardcore.testing.arrange"]  # ``from ..drive import ...``
    assert "boardcore._rules.flow" in targets["boardcore.drive"]  # ``from ._flow import ... as ...``
    local = {(i.source, i.target) for edges in graph.values() for i in edges if i.local}
    assert ("boardcore.cli", "boardcore.saves") in local  # imported inside a function


# -- the checker finds what it should ------------------------------------------------------------


def write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "pkg"
    for relative, text in files.items():
        path = package / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_the_checker_reports_a_module_level_cycle(tmp_path):
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "_a.py": "from ._b import thing\n",
            "_b.py": "import os\nfrom . import _c\n",
            "_c.py": "from pkg._a import other\n",
        },
    )
    (cycle,) = cycles(import_graph(package))
    assert [(e.source, e.target) for e in cycle] == [("pkg._a", "pkg._b"), ("pkg._b", "pkg._c"), ("pkg._c", "pkg._a")]
    assert "pkg._c -> pkg._a (line 1, module level)" in describe(cycle)


def test_the_checker_reports_a_function_level_import_that_imports_back(tmp_path):
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "_a.py": "from ._b import thing\n",
            "_b.py": "def late():\n    from ._a import other\n    return other\n",
        },
    )
    (cycle,) = cycles(import_graph(package))
    assert any(e.local and (e.source, e.target) == ("pkg._b", "pkg._a") for e in cycle)


def test_the_checker_accepts_type_checking_imports_and_harmless_local_ones(tmp_path):
    package = write_package(
        tmp_path,
        {
            "__init__.py": "from ._a import A\nfrom ._b import B\n",
            "_a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._b import B\nelse:\n    pass\nA = 1\n",
            "_b.py": "from ._a import A\nB = 2\ndef late():\n    from .sub import leaf\n",
            "sub/__init__.py": "",
            "sub/leaf.py": "from .._a import A\n",
        },
    )
    graph = import_graph(package)
    assert cycles(graph) == []
    assert {(e.source, e.target, e.local) for e in graph["pkg._b"]} == {("pkg._b", "pkg._a", False), ("pkg._b", "pkg.sub.leaf", True)}
    assert [e.target for e in graph["pkg.sub.leaf"]] == ["pkg._a"]


def test_importing_the_package_from_its_own_module_is_a_cycle(tmp_path):
    package = write_package(tmp_path, {"__init__.py": "from ._a import A\n", "_a.py": "import pkg\nA = 1\n"})
    (cycle,) = cycles(import_graph(package))
    assert {e.source for e in cycle} == {"pkg", "pkg._a"}


# -- hooks and modules ----------------------------------------------------------------------------


def hook_names() -> list[str]:
    return sorted(name for name, fn in vars(_hookspecs).items() if callable(fn) and hasattr(fn, "boardcore_spec"))


def test_every_hook_is_documented_in_the_hooks_page():
    page = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    names = hook_names()
    assert names, "no hookspecs found"
    missing = [name for name in names if f"### {name}" not in page]
    assert missing == []


def test_the_hooks_page_documents_no_hook_that_does_not_exist():
    page = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    documented = sorted(line[4:].strip() for line in page.splitlines() if line.startswith("### "))
    assert documented == hook_names()


# Modules without a leading underscore. The documented public ones are grid, testing, bots,
# env, cli and the learning environments (spaces, observations, pettingzoo, gymnasium,
# openspiel), the server package, the search bot (ismcts) and the balance report; display,
# simulate and tournament serve the command line. A new one is a deliberate change.
PLAIN_MODULES = [
    "boardcore",
    "boardcore.__main__",
    "boardcore.actions",
    "boardcore.bots",
    "boardcore.cli",
    "boardcore.codec",
    "boardcore.compiled",
    "boardcore.display",
    "boardcore.drive",
    "boardcore.env",
    "boardcore.events",
    "boardcore.evolving",
    "boardcore.grid",
    "boardcore.gymnasium",
    "boardcore.ismcts",
    "boardcore.loaders",
    "boardcore.observations",
    "boardcore.openspiel",
    "boardcore.pettingzoo",
    "boardcore.registry",
    "boardcore.report",
    "boardcore.saves",
    "boardcore.scoring",
    "boardcore.seeded",
    "boardcore.server",
    "boardcore.server.app",
    "boardcore.server.autoplay",
    "boardcore.server.catalog",
    "boardcore.server.check",
    "boardcore.server.errors",
    "boardcore.server.inputs",
    "boardcore.server.limits",
    "boardcore.server.matches",
    "boardcore.server.openapi",
    "boardcore.server.page",
    "boardcore.server.payload",
    "boardcore.server.replay",
    "boardcore.server.replies",
    "boardcore.server.rows",
    "boardcore.server.run",
    "boardcore.server.saves",
    "boardcore.server.store",
    "boardcore.simulate",
    "boardcore.spaces",
    "boardcore.steps",
    "boardcore.testing",
    "boardcore.testing.arrange",
    "boardcore.testing.conformance",
    "boardcore.testing.data",
    "boardcore.testing.driving",
    "boardcore.testing.plugin",
    "boardcore.testing.strategies",
    "boardcore.tournament",
]


def test_every_other_engine_module_is_private():
    names = sorted(module_names(PACKAGE))
    public = [n for n in names if not any(part.startswith("_") for part in n.split(".")[1:]) or n.endswith("__main__")]
    assert sorted(public) == PLAIN_MODULES


@pytest.mark.parametrize("name", sorted(n for n in module_names(PACKAGE) if not n.endswith("__main__")))
def test_every_engine_module_has_a_docstring(name):
    path = module_names(PACKAGE)[name]
    assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), name
