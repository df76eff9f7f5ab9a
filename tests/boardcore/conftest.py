"""Fixtures of the engine tests."""

from __future__ import annotations

import pytest

import boardcore
from boardcore._games import plugins as _plugins, registry as _registry
from importlib.metadata import EntryPoint

import toy
import toycards


@pytest.fixture
def installed_toys(monkeypatch):
    """toy-duel, toy-arena and toy-cards listed as if installed through ``boardcore.games``
    entry points, for code that loads games by name (the command line, simulations).

    Processes forked by the test (the simulator's workers) inherit the listing; a fresh
    interpreter does not see it."""
    listing = _registry._discover()
    for name, provider, provider_name in (
        (toy.DUEL, toy, "toy"),
        (toy.ARENA, toy, "toy"),
        (toycards.NAME, toycards.PLUGIN, "toy-cards"),
    ):
        spec = next(s for s in provider.register_games() if s.name == name)
        monkeypatch.setitem(listing, name, _registry.Provided(spec, provider, provider_name))
    assert toy.DUEL in boardcore.list_games()
    # The module plugin toy_trebuchet, as if installed through ``boardcore.plugins``.
    real = _plugins.installed_plugins
    trebuchet = EntryPoint("toy_trebuchet", "toy_trebuchet", _plugins.PLUGINS_GROUP)
    listed = lambda: {**real(), "toy_trebuchet": trebuchet}  # noqa: E731
    monkeypatch.setattr(_plugins, "installed_plugins", listed)
    monkeypatch.setattr(boardcore.registry, "installed_plugins", listed)
    return listing
