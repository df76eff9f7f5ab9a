"""Installed games as OpenSpiel Python games (the ``openspiel`` extra).

>>> import pyspiel, boardcore.openspiel
>>> boardcore.openspiel.register()                     # every installed game  # doctest: +SKIP
>>> game = pyspiel.load_game("boardcore_<name>", {"players": 2})               # doctest: +SKIP

Each game is registered as ``boardcore_<name>`` (dashes become underscores): a
sequential, zero-sum game of imperfect information whose actions are the ids of
:class:`~boardcore.spaces.ActionSpace` (a compound option takes several moves of
the same player) and whose returns are :func:`boardcore.spaces.rewards`.

**Chance.** A match's randomness (shuffles, dice) comes from its seeded
generator, inside the engine. The OpenSpiel game exposes it as a single chance
node at the root, the *deal*: one of ``deals`` equally likely seeds. Everything
random afterwards follows from that seed, exactly as a shuffled deck and a table
of dice rolled in advance would, and is hidden from the players until the rules
reveal it. Exposing every shuffle and roll as its own chance node would need the
engine to stop at each one; the single deal keeps the engine unchanged, and an
algorithm that enumerates chance (CFR) can still be run by setting ``deals`` low.

Parameters: ``players`` (the game's smallest count by default), ``deals`` (1000)
and ``max_game_length`` (100000 moves; a match still running then ends with all
returns 0, so the bound OpenSpiel is given always holds).

Information: the observation string is the player's view as text, the
observation tensor its :class:`~boardcore.observations.ObservationEncoder`
vector. The information-state string identifies everything the player has
known: a digest of every event as they could read it when it happened
(``Event.seen_by``, as ``State.events_for`` shows them; the seed of the
``MatchStarted`` event is left out, being the hidden deal), of every id they
chose and of their view now, after a readable head. There is
no information-state tensor. ``state.resample_from_infostate`` (and
:func:`resampler`, for Python's IS-MCTS) deals what the player cannot see again
with ``State.determinize`` and also draws a new generator state, since future
dice are hidden too.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pyspiel

from . import Game, InvalidData, MatchStarted, State, list_games, load_game
from .display import render_view
from .observations import ObservationEncoder
from .spaces import Cursor, check_players, rewards

DEALS = 1000
MAX_GAME_LENGTH = 100_000


def short_name(game: str) -> str:
    """The OpenSpiel name of a boardcore game: ``boardcore_`` and the name with underscores."""
    return "boardcore_" + game.replace("-", "_")


@functools.cache
def _loaded(name: str) -> Game:
    return load_game(name)


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel description of ``game``."""
    counts = tuple(game.player_counts)
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game.name),
        long_name=f"boardcore {game.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(counts), "deals": DEALS, "max_game_length": MAX_GAME_LENGTH},
    )


_REGISTERED: set[str] = set()


def register(games: Iterable[str] | None = None) -> list[str]:
    """Register ``games`` (every installed game by default) with OpenSpiel, once
    each; returns their OpenSpiel names."""
    names = list_games() if games is None else list(games)
    found = []
    for name in names:
        game = _loaded(name)  # UnknownGame for a name that is not installed
        if name not in _REGISTERED:
            kind = game_type(game)
            # A class per game, as OpenSpiel's own Python games register: OpenSpiel keeps
            # the factory until the process ends, and a class (unlike a partial) is
            # never freed then, after the interpreter has shut down.
            factory = type(_class_name(name), (BoardcoreGame,), {"NAME": name, "KIND": kind, "__module__": __name__})
            globals()[factory.__name__] = factory  # so that pickle finds the class by name
            pyspiel.register_game(kind, factory)
            _REGISTERED.add(name)
        found.append(short_name(name))
    return found


def _class_name(game: str) -> str:
    return "Boardcore_" + "".join(c if c.isalnum() else "_" for c in game)


def __getattr__(name: str) -> Any:
    # Unpickling a game or state in a fresh process looks its class up by name here:
    # register the installed game it stands for.
    if name.startswith("Boardcore_"):
        for game in list_games():
            if _class_name(game) == name:
                register([game])
                return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _restore_state(game: pyspiel.Game, text: str) -> pyspiel.State:
    return game.deserialize_state(text)


def _load_registered(game: str, params: dict[str, Any]) -> pyspiel.Game:
    register([game])
    return pyspiel.load_game(short_name(game), params)


def load(game: str, players: int | None = None, **params: Any) -> pyspiel.Game:
    """Register ``game`` if needed and load it: ``load("<name>", 2, deals=4)``."""
    register([game])
    given = dict(params)
    if players is not None:
        given["players"] = players
    return pyspiel.load_game(short_name(game), given)


class BoardcoreGame(pyspiel.Game):
    """One boardcore game at one player count, for OpenSpiel. :func:`register` makes
    a subclass per game, naming the game in ``NAME`` and its type in ``KIND``."""

    NAME: str
    KIND: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, kind, params = _loaded(self.NAME), self.KIND, dict(params or {})
        players = check_players(game, int(params.get("players", game.player_counts[0])))
        deals = int(params.get("deals", DEALS))
        longest = int(params.get("max_game_length", MAX_GAME_LENGTH))
        if deals < 1 or longest < 2:
            raise InvalidData("deals must be at least 1 and max_game_length at least 2", where="params")
        self.boardcore = game
        self.encoder = ObservationEncoder(game, players)
        self.space = self.encoder.space
        self.deals, self.longest = deals, longest
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=longest,
        )
        super().__init__(kind, info, {"players": players, "deals": deals, "max_game_length": longest})

    def new_initial_state(self) -> BoardcoreState:
        return BoardcoreState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # Made again by name and parameters, in any process (registering the game there).
        return (_load_registered, (self.NAME, dict(self.get_parameters())))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise InvalidData(f"observation parameters are not supported: {params!r}", where="params")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self, perfect)


class _Match:
    """What a state holds, copied by :meth:`__deepcopy__` in O(1) (OpenSpiel clones a
    Python state by deep-copying its attributes), with each player's running digest
    of what they have known: every event as they could read it when it happened
    (``Event.seen_by``) and every id they chose."""

    def __init__(self, game: BoardcoreGame, cursor: Cursor | None = None, moves: int = 0) -> None:
        self.game = game
        self.cursor = cursor
        self.moves = moves
        self.known: list[Any] = []
        self.read = 0
        """How many events of the log the digests have read."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        copy = _Match(self.game, None if self.cursor is None else self.cursor.clone(), self.moves)
        copy.known = list(self.known)  # digests are bytes: shared, never changed in place
        copy.read = self.read
        return copy

    def start(self, state: State) -> None:
        self.cursor = Cursor(self.game.space, state)
        self.known = [b""] * state.players
        self.read = 0
        self.catch_up()

    def learn(self, player: int, data: bytes) -> None:
        """Fold ``data`` into ``player``'s digest: a hash chain kept as bytes, so a
        state copies and pickles as plain data."""
        self.known[player] = hashlib.blake2b(self.known[player] + data, digest_size=16).digest()

    def catch_up(self) -> None:
        """Add the events recorded since the last call to every player's digest."""
        assert self.cursor is not None
        m = self.cursor.state.match
        log, specs = m.log, m.specs
        for index in range(self.read, len(log)):
            event = log[index]
            if isinstance(event, MatchStarted):
                continue  # it names the seed, which is the hidden deal itself
            for player in range(len(self.known)):
                self.learn(player, repr(event.seen_by(specs, player)).encode())
        self.read = len(log)


class BoardcoreState(pyspiel.State):
    """A match, or the deal before it, for OpenSpiel."""

    def __init__(self, game: BoardcoreGame) -> None:
        super().__init__(game)
        self.held = _Match(game)

    def __reduce__(self) -> tuple[Any, ...]:
        # The game first (it registers itself where it is unpickled), then OpenSpiel's
        # own serialization of the state, which that game reads back.
        return (_restore_state, (self.get_game(), self.serialize()))

    @property
    def cursor(self) -> Cursor | None:
        """The match and the decision under way (None before the deal)."""
        return self.held.cursor

    def _over(self) -> bool:
        held = self.held
        return held.cursor is not None and (held.cursor.player is None or held.moves >= held.game.longest)

    def current_player(self) -> int:
        if self.held.cursor is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.held.cursor.player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        cursor = self.held.cursor
        if cursor is None or cursor.choice is None or cursor.player != player or self._over():
            return []
        return list(cursor.choice.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.held.game.deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        held = self.held
        if held.cursor is None:
            held.start(held.game.boardcore.new_state(players=held.game.space.players, seed=int(action)))
        else:
            player = held.cursor.player
            assert player is not None  # a match that is over is terminal: OpenSpiel applies nothing
            held.cursor.step(int(action))
            held.learn(player, b"|%d" % action)  # a player remembers their own choices
            held.catch_up()
        held.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.held.game.space.names[action]

    def is_terminal(self) -> bool:
        return self._over()

    def returns(self) -> list[float]:
        held = self.held
        players = held.game.space.players
        if held.cursor is None or held.cursor.player is not None:
            return [0.0] * players
        return rewards(held.cursor.state.result, players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoardcoreState:
        """A state ``player_id`` cannot tell from this one: hidden cards dealt again
        and a new generator state, from a number ``probability_sampler()`` gives."""
        return resample(self, player_id, int(probability_sampler() * 2**62))

    def __str__(self) -> str:
        cursor = self.held.cursor
        if cursor is None:
            return "before the deal"
        state = cursor.state
        where = f"over: {state.result}" if state.is_over else f"turn {state.turn}, {state.match.phase}"
        chosen = " ".join(self.held.game.space.names[t] for t in cursor.prefix(cursor.player or 0))
        return f"{state.game.name} seed {state.seed}, {where}, {len(state.history)} actions" + (f", chosen: {chosen}" if chosen else "")


def resample(state: BoardcoreState, player: int, seed: int) -> BoardcoreState:
    """A copy of ``state`` consistent with what ``player`` knows: the cards hidden
    from them dealt again (``State.determinize``) and the generator re-seeded."""
    copy: BoardcoreState = state.clone()
    cursor = state.cursor
    if cursor is None or cursor.player is None:
        return copy
    again = cursor.state.determinize(player, seed)
    again.match.rng = (seed * 0x9E3779B97F4A7C15 + 1) & (2**64 - 1)  # future dice are hidden too
    choice = cursor.choice if cursor.player == player else None
    copy.held.cursor = Cursor(cursor.space, again, choice)
    return copy


def resampler(seed: int = 0) -> Callable[[BoardcoreState, int], BoardcoreState]:
    """A resampling function for ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``."""
    rng = np.random.default_rng(seed)
    return lambda state, player: resample(state, player, int(rng.integers(0, 2**62)))


class Observer:
    """OpenSpiel's observer: the observation (tensor and text) or the information state (text)."""

    def __init__(self, game: BoardcoreGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.encoder.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: BoardcoreState, player: int) -> None:
        cursor = state.cursor
        if not self.tensor.size:
            return
        if cursor is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.game.encoder.encode(cursor.state, player, cursor.prefix(player))

    def string_from(self, state: BoardcoreState, player: int) -> str:
        cursor = state.cursor
        if cursor is None:
            return f"p{player} before the deal"
        chosen = " ".join(self.game.space.names[t] for t in cursor.prefix(player))
        view = cursor.state.view(player)
        if not self.perfect_recall:
            return render_view(view) + (f"\nchosen: {chosen}" if chosen else "")
        known = hashlib.blake2b(state.held.known[player] + json.dumps(view, sort_keys=True).encode(), digest_size=16)
        return f"p{player} turn {view['turn']} {view['phase']} chosen [{chosen}] {known.hexdigest()}"
