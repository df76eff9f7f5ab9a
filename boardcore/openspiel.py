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

**Players asked at once.** When the engine asks several players at once (a secret
exchange, say), the OpenSpiel game asks them one after the other, as OpenSpiel's
turn-based form of a simultaneous move does: the player who chose last keeps
choosing while they are still asked (also when the engine asks everybody again
after a reveal), then the first player the engine asks. A later player learns nothing of an earlier one's secret picks, not even how many
there were, until the rules reveal them. In a search, the root player's own
picks thus follow one another, and their nodes are shared by every sample.

Information: the observation string is the player's view as text, the
observation tensor its :class:`~boardcore.observations.ObservationEncoder`
vector. The information-state string identifies everything the player has
known: a digest of every event as they could read it when it happened
(``Event.seen_by``, as ``State.events_for`` shows them; the seed of the
``MatchStarted`` event is left out, being the hidden deal, and so are other
players' secret picks), of every id they chose and of their view now, after a
readable head. There is no information-state tensor.

Search: ``state.resample_from_infostate`` (and :func:`resampler`, for Python's
IS-MCTS) gives a state the player cannot tell from the real one that depends only
on what they know (:func:`resample`).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pyspiel

from . import Game, InvalidData, State, list_games, load_game
from .display import render_view
from .events import Chose, MatchStarted
from .observations import ObservationEncoder
from .spaces import ActionSpace, Choice, Cursor, check_players, rewards

DEALS = 1000
MAX_GAME_LENGTH = 100_000
_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


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
    return _load_registered(game, params if players is None else {**params, "players": players})


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


_Trail = tuple[Any, int, int] | None
"""One player's own choices, newest first: ``(older, id, events before it)``.

A linked list of tuples, so a copy of a state shares it and appending is O(1)."""


def _next_choice(space: ActionSpace, state: State, last: int | None) -> Choice | None:
    """Who chooses next, and their decision: the player who just chose while they are
    still asked, else the first player asked (None once the match is over).

    When several players are asked at once (a secret exchange), each of them thus
    makes their whole choice before the next begins: OpenSpiel's turn-based form of
    a simultaneous move. The later players learn nothing of the earlier ones'
    secret picks (see :meth:`_Match.chain`), and a search's own picks follow
    one another in its tree instead of alternating with an opponent's."""
    if state.is_over:
        return None
    pending = state.pending
    seat = pending[0].player
    if last is not None and last != seat and any(d.player == last for d in pending):
        seat = last
    return space.choice(state, seat)


def _hash(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


class _Match:
    """What a state holds, copied by :meth:`__deepcopy__` in O(1) (OpenSpiel clones a
    Python state by deep-copying its attributes).

    Each player's information state is a hash chain over what they have known, in
    order: every event as they could read it when it happened (``Event.seen_by``)
    and every id they chose. It is worked out only when asked for
    (:meth:`information`), from where it was last brought up to date, so a random
    playout, which never asks, costs no hashing and leaves the engine's events
    unbuilt."""

    def __init__(self, game: BoardcoreGame) -> None:
        self.game = game
        self.cursor: Cursor | None = None
        self.moves = 0
        self.mover = _CHANCE
        """OpenSpiel's current player: the chance player before the deal, then the
        seat choosing, then the terminal player (a match over, or that has run
        ``max_game_length`` moves)."""
        self.known: list[bytes] = []
        """Each player's chain, as far as it has been brought up to date."""
        self.read: list[int] = []
        """How many events of the log each player's chain has read."""
        self.trails: list[_Trail] = []
        """Each player's choices not yet in their chain."""
        self.strings: dict[int, str] = {}
        """Information-state strings asked for since the last move, by player."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        copy = _Match(self.game)
        copy.cursor = None if self.cursor is None else self.cursor.clone()
        copy.moves, copy.mover = self.moves, self.mover
        # Chains are bytes and trails tuples: shared, never changed in place.
        copy.known, copy.read, copy.trails = list(self.known), list(self.read), list(self.trails)
        # Shared until either copy moves (a move gives that copy a new dict): the
        # two are the same match until then, so a string either works out holds
        # for both.
        copy.strings = self.strings
        return copy

    def start(self, cursor: Cursor, moves: int, known: list[bytes], read: int) -> None:
        """Hold ``cursor``'s match, ``moves`` moves in, with each player's chain
        ``known`` up to event ``read`` of the log and no choices outside it."""
        self.cursor, self.moves = cursor, moves
        self._update()
        self.known, self.read, self.trails = known, [read] * len(known), [None] * len(known)

    def step(self, token: int) -> None:
        """Choose id ``token`` for the player choosing now."""
        cursor = self.cursor
        assert cursor is not None and cursor.choice is not None
        choice, state = cursor.choice, cursor.state
        player = choice.player
        before = len(state.match.log)
        chosen = choice.choose(token)
        if isinstance(chosen, Choice):
            cursor.choice = chosen
        else:
            state.apply(player, chosen)
            cursor.choice = _next_choice(cursor.space, state, player)
        self.trails[player] = (self.trails[player], token, before)
        self.moves += 1
        self.strings = {}
        self._update()

    def _update(self) -> None:
        assert self.cursor is not None
        seat = self.cursor.player
        self.mover = _TERMINAL if seat is None or self.moves >= self.game.longest else seat

    def information(self, player: int) -> str:
        """``player``'s information-state string: a readable head and a digest of
        their chain and of their view now."""
        found = self.strings.get(player)
        if found is None:
            cursor = self.cursor
            assert cursor is not None
            view = cursor.state.view(player)
            chosen = " ".join(self.game.space.names[t] for t in cursor.prefix(player))
            digest = _hash(self.chain(player) + json.dumps(view, sort_keys=True).encode()).hex()
            found = self.strings[player] = f"p{player} turn {view['turn']} {view['phase']} chosen [{chosen}] {digest}"
        return found

    def chain(self, player: int) -> bytes:
        """``player``'s chain, brought up to date with the events and ids since."""
        assert self.cursor is not None
        mine: list[tuple[int, int]] = []
        trail = self.trails[player]
        while trail is not None:
            trail, token, before = trail
            mine.append((token, before))
        known, read = self.known[player], self.read[player]
        for token, before in reversed(mine):
            known, read = self._read(player, known, read, before), before
            known = _hash(known + b"|%d" % token)
        m = self.cursor.state.match
        end = len(m.log)
        self.known[player] = known = self._read(player, known, read, end)
        self.read[player], self.trails[player] = end, None
        return known

    def _read(self, player: int, known: bytes, start: int, end: int) -> bytes:
        """``known`` followed by events ``start`` to ``end`` of the log as ``player`` saw them."""
        assert self.cursor is not None
        m = self.cursor.state.match
        log, specs = m.log, m.specs
        for index in range(start, end):
            event = log[index]
            if isinstance(event, MatchStarted):
                continue  # it names the seed, which is the hidden deal itself
            if isinstance(event, Chose) and event.action is None and event.player != player:
                # Another player's secret pick. Players asked at once choose here one
                # after the other, so a later one would learn how many picks the
                # earlier ones made before making their own: what they picked is
                # known only from its reveal.
                continue
            known = _hash(known + repr(event.seen_by(specs, player)).encode())
        return known


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

    def current_player(self) -> int:
        return self.held.mover

    def _legal_actions(self, player: int) -> list[int]:
        held = self.held
        if player != held.mover or held.cursor is None or held.cursor.choice is None:
            return []
        return list(held.cursor.choice.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.held.game.deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _apply_action(self, action: int) -> None:
        held = self.held
        if held.cursor is None:
            state = held.game.boardcore.new_state(players=held.game.space.players, seed=int(action))
            held.start(Cursor(held.game.space, state), held.moves + 1, [b""] * state.players, 0)
        else:
            held.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.held.game.space.names[action]

    def is_terminal(self) -> bool:
        return self.held.mover == _TERMINAL

    def returns(self) -> list[float]:
        cursor = self.held.cursor  # a match has no result before its end: all 0 until then
        return rewards(None if cursor is None else cursor.state.result, self.held.game.space.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoardcoreState:
        """A state ``player_id`` cannot tell from this one (see :func:`resample`),
        drawn from a number ``probability_sampler()`` gives."""
        return resample(self, player_id, int(probability_sampler() * 2**62))

    def __str__(self) -> str:
        cursor = self.held.cursor
        if cursor is None:
            return "before the deal"
        state = cursor.state
        where = f"over: {state.result}" if state.is_over else f"turn {state.turn}, {state.phase}"
        chosen = " ".join(self.held.game.space.names[t] for t in cursor.prefix(cursor.player or 0))
        return f"{state.game.name} seed {state.seed}, {where}, {len(state.history)} actions" + (f", chosen: {chosen}" if chosen else "")


def resample(state: BoardcoreState, player: int, seed: int) -> BoardcoreState:
    """A state ``player`` cannot tell from ``state``, drawn from ``seed``, that
    depends only on what ``player`` knows.

    The match is ``State.determinize``'s: what ``player`` cannot see dealt again,
    the other players' secret picks in progress forgotten (they are asked again),
    and a new generator for the dice to come. The same player chooses next when
    they still can (OpenSpiel's search asks it of the player choosing now).
    ``player``'s information state is theirs; every other player's is worked out
    from ``player``'s and their view of the new match, not from what they really
    knew (that would give away what they saw and chose). The sample has no
    OpenSpiel history (``history()`` is empty; no sequence of moves leads to a
    match dealt again), but it counts its moves towards ``max_game_length`` and
    serializes and pickles like any state. Before the deal nothing is known: the
    sample is a new initial state."""
    game = state.get_game()
    sample: BoardcoreState = game.new_initial_state()
    held = state.held
    cursor = held.cursor
    if cursor is None:
        return sample
    players = len(held.known)
    if type(player) is not int or not 0 <= player < players:
        raise InvalidData(f"no seat {player!r} in a {players}-player match", where="resample")
    known = held.chain(player)
    again = cursor.state.determinize(player, seed)
    current = cursor.player
    choice = cursor.choice if current == player else _next_choice(cursor.space, again, current)
    chains = [known if seat == player else _hash(b"%d seen by %d|" % (seat, player) + known) for seat in range(players)]
    # Whatever determinize records while asking forgotten decisions again is not
    # something that happened in the match: nobody reads it.
    sample.held.start(Cursor(cursor.space, again, choice), held.moves, chains, len(again.match.log))
    return sample


def resampler(seed: int = 0) -> Callable[[BoardcoreState, int], BoardcoreState]:
    """A resampling function for ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``
    (without one the bot resamples through ``resample_from_infostate``, from a
    generator of its own that no seed controls)."""
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
        if self.perfect_recall:
            return state.held.information(player)
        chosen = " ".join(self.game.space.names[t] for t in cursor.prefix(player))
        return render_view(cursor.state.view(player)) + (f"\nchosen: {chosen}" if chosen else "")
