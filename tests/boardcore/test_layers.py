"""The layers of the package, checked on its import graph (read from the source, as in
test_layout.py): the engine below, the tools above it, the front ends on top.

* **engine**: the package's public face (``boardcore`` and its public submodules) and
  four private subpackages, each importing only those before it: ``_values`` (errors,
  generator, actions, events, zones, cards), ``_rules`` (steps, the match, moments,
  effects, decisions, the flow), ``_persistence`` (codec, saves, views, ``State``) and
  ``_games`` (``GameSpec``, plugins, ``Game``, the registry). The engine imports nothing
  above it.
* **tool support**: ``_support``, the private helpers the tools share (seating,
  legends, records, pools...).
* **tools**: bots, adapters, display, simulate, report, testing, server, CLI. A tool reaches
  the engine through its public face; the private engine modules a tool still imports
  are listed in :data:`PRIVATE_DEBT`, and the list may only shrink: a new private import
  fails, and so does a listed one that is gone (strike it from the list).
* **front ends**: the CLI and the server. Nothing else imports them.

Games and plugins import no private module of the engine at all.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping

from test_layout import PACKAGE, ROOT, Import, import_graph

ENGINE_LAYERS = ("boardcore._values", "boardcore._rules", "boardcore._persistence", "boardcore._games")
"""The engine's private subpackages, lowest first: each imports only those before it."""

TOOL_SUPPORT = "boardcore._support"
"""The private subpackage that serves the tools, not the rules."""

PUBLIC_FACES = frozenset({
    "boardcore", "boardcore.actions", "boardcore.codec", "boardcore.compiled", "boardcore.events", "boardcore.grid", "boardcore.loaders", "boardcore.registry",
    "boardcore.drive", "boardcore.evolving", "boardcore.saves", "boardcore.scoring", "boardcore.seeded", "boardcore.steps",
})  # fmt: skip
"""The engine modules a tool may import: the package and its public submodules."""

FRONT_ENDS = ("boardcore.cli", "boardcore.server", "boardcore.__main__")

PRIVATE_DEBT: frozenset[tuple[str, str]] = frozenset()
"""``(tool, private engine module)`` imports that remain, each to become a public name or
to move with its tool; see docs/architecture.md."""


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def layer(module: str) -> str:
    """``engine``, ``support``, ``tool`` or ``front end``."""
    if _within(module, TOOL_SUPPORT):
        return "support"
    if any(_within(module, f) for f in FRONT_ENDS):
        return "front end"
    if module in PUBLIC_FACES or any(_within(module, p) for p in ENGINE_LAYERS):
        return "engine"
    return "tool"


def engine_level(module: str) -> int | None:
    """The position of ``module``'s private engine subpackage in :data:`ENGINE_LAYERS`."""
    return next((i for i, p in enumerate(ENGINE_LAYERS) if _within(module, p)), None)


def layer_problems(graph: Mapping[str, Iterable[Import]], debt: frozenset[tuple[str, str]] = PRIVATE_DEBT) -> list[str]:
    """Every import that breaks the layers, and every entry of ``debt`` no longer needed."""
    problems = []
    used = set()
    for source, edges in graph.items():
        below = layer(source)
        for edge in edges:
            above = layer(edge.target)
            if below == "engine" and above != "engine":
                problems.append(f"the engine imports a {above}: {edge}")
            elif None not in (low := engine_level(source), high := engine_level(edge.target)) and low < high:  # type: ignore[operator]
                problems.append(f"a lower engine layer imports a higher one: {edge}")
            elif below != "front end" and above == "front end" and not source.startswith(edge.target):
                problems.append(f"only front ends import front ends: {edge}")
            elif below != "engine" and above == "engine" and edge.target not in PUBLIC_FACES:
                if (source, edge.target) in debt:
                    used.add((source, edge.target))
                else:
                    problems.append(f"a tool imports a private engine module (use the public API): {edge}")
    problems += [f"listed in PRIVATE_DEBT but gone (strike it): {a} -> {b}" for a, b in sorted(debt - used)]
    return list(dict.fromkeys(problems))  # an import of several names is one edge per name


def test_the_package_keeps_its_layers():
    assert layer_problems(import_graph(PACKAGE)) == []


def test_games_and_plugins_import_no_private_engine_module():
    found = []
    for path in sorted((*ROOT.joinpath("games").rglob("*.py"), *ROOT.joinpath("plugins").rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names if n.startswith("boardcore._")]
    assert found == []


def test_games_and_plugins_leave_the_agenda_to_the_engine():
    """They change the flow through moments, skips and scheduled steps, never by reading or
    rewriting ``m.agenda`` (the open-rules promise: no agenda surgery)."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((*ROOT.joinpath("games").rglob("*"), *ROOT.joinpath("plugins").rglob("*")))
        if path.is_file() and path.suffix in {".py", ".toml", ".md"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "agenda" in line
    ]
    assert found == []


# -- the checker catches what it should -------------------------------------------------------


def edges(*pairs: tuple[str, str]) -> dict[str, list[Import]]:
    graph: dict[str, list[Import]] = {}
    for source, target in pairs:
        graph.setdefault(source, []).append(Import(source, target, 1, False))
    return graph


def test_the_checker_catches_a_tool_importing_a_private_module():
    (problem,) = layer_problems(edges(("boardcore.bots", "boardcore._rules.match")), debt=frozenset())
    assert problem.startswith("a tool imports a private engine module") and "boardcore._rules.match" in problem


def test_the_checker_catches_the_engine_importing_a_tool_or_its_helpers():
    problems = layer_problems(edges(("boardcore._persistence.state", "boardcore.display"), ("boardcore._rules.flow", "boardcore._support.seating")), debt=frozenset())
    assert problems == [
        "the engine imports a tool: boardcore._persistence.state -> boardcore.display (line 1, module level)",
        "the engine imports a support: boardcore._rules.flow -> boardcore._support.seating (line 1, module level)",
    ]


def test_the_checker_catches_a_tool_importing_a_front_end_and_a_stale_debt_entry():
    problems = layer_problems(edges(("boardcore.simulate", "boardcore.cli")), debt=frozenset({("boardcore.bots", "boardcore._values.rng")}))
    assert problems == [
        "only front ends import front ends: boardcore.simulate -> boardcore.cli (line 1, module level)",
        "listed in PRIVATE_DEBT but gone (strike it): boardcore.bots -> boardcore._values.rng",
    ]


def test_public_faces_and_the_tools_own_helpers_are_allowed():
    graph = edges(("boardcore.bots", "boardcore"), ("boardcore.spaces", "boardcore.grid"), ("boardcore.display", "boardcore._support.seating"),
                  ("boardcore.server.app", "boardcore.cli"), ("boardcore.cli", "boardcore.server"))  # fmt: skip
    assert layer_problems(graph, debt=frozenset()) == []


def test_the_checker_catches_a_lower_engine_layer_importing_a_higher_one():
    graph = edges(("boardcore._rules.match", "boardcore._persistence.state"), ("boardcore._values.cards", "boardcore._games.spec"),
                  ("boardcore._games.game", "boardcore._persistence.state"), ("boardcore._rules.flow", "boardcore._values.errors"))  # fmt: skip
    assert layer_problems(graph, debt=frozenset()) == [
        "a lower engine layer imports a higher one: boardcore._rules.match -> boardcore._persistence.state (line 1, module level)",
        "a lower engine layer imports a higher one: boardcore._values.cards -> boardcore._games.spec (line 1, module level)",
    ]


def test_every_private_engine_module_is_in_a_layer():
    loose = [m for m in import_graph(PACKAGE) if m.count(".") == 1 and m.rpartition(".")[2].startswith("_")
             and m not in ("boardcore.__main__", "boardcore._values._rng_c") and layer(m) == "tool"]  # fmt: skip
    assert loose == []


def test_layers_of_modules():
    assert [layer(m) for m in ("boardcore._rules.match", "boardcore", "boardcore.grid", "boardcore._support.seating", "boardcore.bots",
                                "boardcore.testing.arrange", "boardcore.server.app", "boardcore.cli")] == [
        "engine", "engine", "engine", "support", "tool", "tool", "front end", "front end"]  # fmt: skip
