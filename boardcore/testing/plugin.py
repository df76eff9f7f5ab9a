"""boardcore's pytest plugin: fixtures for testing a game, its cards and its plugins.

Installed with boardcore (entry point ``pytest11``), so a game's or a plugin's
test suite has the fixtures without importing anything. Name the game under
test with a mark, on a test, a class or a whole module (``pytestmark``)::

    import pytest

    pytestmark = pytest.mark.boardcore_game("my-game", plugins=["my-expansion"])

    def test_a_new_card_does_what_it_says(arrange):
        state = arrange(players=2, seed=1, before=lambda s: put(s, "hand:0", ["New Card"]))
        ...

    def test_every_property_holds(conformance):
        conformance(games=30)

* ``game`` - the loaded game the mark names (loaded once per test session for
  each name and plugin list);
* ``arrange`` - :func:`boardcore.testing.arranged` for that game: ``arrange(players,
  seed, top=..., deal=..., dice=..., before=...)``;
* ``conformance`` - :func:`boardcore.testing.check_game` for that game (without
  the replay in another process unless asked: ``conformance(cross_process=True)``).

The mark takes the game's name, or a ``boardcore.Game`` already loaded (a game
that is not installed, from ``boardcore.registry.game_from_provider``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .. import Game, State, load_game
from .arrange import arranged
from .conformance import Summary, check_game

MARK = "boardcore_game"
_loaded: dict[tuple[str, tuple[str, ...]], Game] = {}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARK}(name, plugins=()): the boardcore game (a name or a loaded Game) that the "
        "game, arrange and conformance fixtures use",
    )


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Game:
    """The game named by the nearest ``boardcore_game`` mark."""
    mark = request.node.get_closest_marker(MARK)
    if mark is None or not mark.args:
        raise pytest.UsageError(
            f"{request.node.nodeid}: the game fixture needs a mark naming the game, such as "
            f'@pytest.mark.{MARK}("my-game", plugins=["my-expansion"])'
        )
    chosen = mark.args[0]
    plugins = tuple(mark.kwargs.get("plugins", ()))
    if isinstance(chosen, Game):
        if plugins:
            raise pytest.UsageError(f"{request.node.nodeid}: a loaded Game takes no plugins= in the mark")
        return chosen
    key = (str(chosen), plugins)
    if key not in _loaded:
        _loaded[key] = load_game(str(chosen), plugins=list(plugins))
    return _loaded[key]


@pytest.fixture
def arrange(game: Game) -> Callable[..., State]:
    """``arrange(players=None, seed=0, *, top=None, deal=None, dice=(), before=None, **options)``:
    a new match of the marked game, arranged before its first step runs."""

    def make(players: int | None = None, seed: int = 0, **kwargs: Any) -> State:
        return arranged(game, players, seed, **kwargs)

    return make


@pytest.fixture
def conformance(game: Game) -> Callable[..., Summary]:
    """``conformance(games=30, **kwargs)``: check_game on the marked game."""

    def check(games: int = 30, **kwargs: Any) -> Summary:
        kwargs.setdefault("cross_process", False)
        return check_game(game, games=games, **kwargs)

    return check
