"""Building a game's plugin manager and calling hooks with errors that name the plugin."""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from importlib.metadata import entry_points
from typing import Any

import pluggy

from .._values.errors import PluginError
from . import hookspecs as _hookspecs

PLUGINS_GROUP = "boardcore.plugins"


def plugin_name(obj: Any) -> str:
    """A readable name for a plugin object (its module name for a module)."""
    if isinstance(obj, types.ModuleType):
        return obj.__name__
    return getattr(obj, "name", None) or f"{type(obj).__module__}.{type(obj).__qualname__}"


def new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(_hookspecs.PROJECT)
    pm.add_hookspecs(_hookspecs)
    return pm


def register(pm: pluggy.PluginManager, obj: Any, name: str) -> None:
    """Register ``obj`` under ``name``; a malformed plugin raises PluginError."""
    try:
        pm.register(obj, name=name)
    except ValueError as exc:
        raise PluginError(f"cannot be registered: {exc}", plugin=name) from exc
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"is malformed: {exc}", plugin=name) from exc
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        pm.unregister(name=name)
        raise PluginError(f"implements an unknown hook: {exc}", plugin=name) from exc

    for caller in pm.get_hookcallers(pm.get_plugin(name)) or ():
        for impl in caller.get_hookimpls():
            if impl.plugin_name == name and (impl.hookwrapper or getattr(impl, "wrapper", False)):
                pm.unregister(name=name)
                raise PluginError(
                    f"hook {caller.name}: wrapper implementations are not supported; implement the hook plainly",
                    plugin=name,
                )


def installed_plugins() -> dict[str, Any]:
    """The ``boardcore.plugins`` entry points, by name (nothing is imported)."""
    return {ep.name: ep for ep in entry_points(group=PLUGINS_GROUP)}


def describe_plugin(name: str) -> tuple[tuple[str, ...], str]:
    """The games installed plugin ``name`` is for (its ``games`` attribute; empty for
    any game) and the first line of its docstring, or why it cannot be loaded."""
    entry = installed_plugins().get(name)
    if entry is None:
        return (), "(not installed)"
    try:
        plugin = entry.load()
    except Exception as exc:  # an entry point can fail in any way while importing
        return (), f"(cannot be loaded: {type(exc).__name__}: {exc})"
    games = getattr(plugin, "games", ())
    doc = (getattr(plugin, "__doc__", None) or "").strip()
    return tuple(g for g in games if isinstance(g, str)), doc.splitlines()[0] if doc else "(no description)"


def load_plugin(spec: Any) -> tuple[str, Any]:
    """Resolve an opt-in plugin given by entry-point name or as an object.

    A name is looked up among the installed ``boardcore.plugins`` entry points
    only: a name that comes from data (a saved game, the command line) never makes
    boardcore import a module of that name. A plugin object (a module, or an
    object with hook implementations) is recorded under its entry-point name when
    it has one, so saved games and other processes can load it again by name.
    """
    if isinstance(spec, str):
        found = installed_plugins().get(spec)
        if found is None:
            known = ", ".join(sorted(installed_plugins())) or "none"
            raise PluginError(f"no installed plugin has this name (installed: {known})", plugin=spec)
        try:
            return spec, found.load()
        except Exception as exc:  # an entry point can fail in any way while importing
            raise PluginError(f"failed to load: {type(exc).__name__}: {exc}", plugin=spec) from exc
    if isinstance(spec, (int, float, bool, bytes, type(None), list, tuple, dict, set)):
        raise PluginError(f"a plugin is an installed plugin's name or a plugin object, not {spec!r:.60}")
    module = spec.__name__ if isinstance(spec, types.ModuleType) else None
    for name, ep in installed_plugins().items():
        if module is not None and ep.value == module:
            return name, spec
    return plugin_name(spec), spec


def guarded(fn: Callable[..., Any], argnames: Iterable[str], plugin: str, hook: str) -> Callable[..., Any]:
    """Wrap a hook implementation: pass only its arguments, and name the plugin on errors."""
    names = tuple(argnames)

    def call(**kwargs: Any) -> Any:
        try:
            return fn(**{k: kwargs[k] for k in names})
        except PluginError:
            raise
        except Exception as exc:  # RuleError included: the plugin broke the rule
            raise PluginError(f"hook {hook} raised {type(exc).__name__}: {exc}", plugin=plugin) from exc

    return call


def implementations(pm: pluggy.PluginManager, hook: str) -> tuple[Callable[..., Any], ...]:
    """Guarded callables for every implementation of ``hook``, in pluggy's call order."""
    caller = getattr(pm.hook, hook)
    return tuple(
        guarded(impl.function, impl.argnames, impl.plugin_name, hook)
        for impl in reversed(caller.get_hookimpls())
    )


def named_implementations(pm: pluggy.PluginManager, hook: str) -> tuple[tuple[str, Callable[..., Any]], ...]:
    """``(plugin name, guarded callable)`` for every implementation of ``hook``, in
    pluggy's call order: for hooks whose answers the engine checks and must blame."""
    caller = getattr(pm.hook, hook)
    return tuple(
        (impl.plugin_name, guarded(impl.function, impl.argnames, impl.plugin_name, hook))
        for impl in reversed(caller.get_hookimpls())
    )


def collect(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> list[tuple[str, Any]]:
    """Call every implementation of a ``register_*`` hook; returns (plugin, answer) pairs."""
    caller = getattr(pm.hook, hook)
    out = []
    # Registration order (the game first, then its plugins), so a contribution
    # that clashes with an earlier one is blamed on the plugin that added it.
    for impl in caller.get_hookimpls():
        answer = guarded(impl.function, impl.argnames, impl.plugin_name, hook)(**kwargs)
        if answer is not None:
            out.append((impl.plugin_name, answer))
    return out
