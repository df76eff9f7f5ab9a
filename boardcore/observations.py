"""A fixed-length numeric observation of one seat, for any game.

:class:`ObservationEncoder` turns what one player may see of a match into a
``float32`` vector whose layout depends only on the game and the player count.
It is worked out from the declarations the engine already has and reads a zone's
cards only when the zone's declared visibility lets the player see them (the
same test :meth:`boardcore.State.view` makes), so nothing hidden can enter it.

Sections, in order (``encoder.sections`` gives each one's slice):

===========  ==============================================================================
``seat``     the player's own seat, one-hot
``clock``    turn and round
``active``   the active seat, counted from the player (last entry: no active seat)
``asked``    the seats being asked something the player may know about (secret decisions
             of others are left out), from the player
``out``      the seats that are out, from the player
``phase``    the phase now, one-hot among the game's phases (``setup`` first, last: other)
``result``   the winners, from the player, then 1 once the match is over
``prefix``   the action ids already chosen in the player's decision (multi-hot)
``zones``    per zone group: card count, whether the player sees the cards, and then
             the count of each card spec (:func:`boardcore.spaces.card_specs`) when they do.
             Groups: each shared zone the game declares, each zone of a declared seat
             family by seat from the player, then undeclared zones (attachments) by owner
``draft``    the specs of the player's own picks so far, and how many
``counters`` the game's declared counters: per-seat ones by seat from the player, then
             the match's own
``board``    only for a game with a board: a plane of squares per (owner from the
             player, piece kind channel), then planes of piece counters and of the
             per-turn marks on pieces, by hashed name
``pieces``   pieces off the board, per owner and slot (oldest first): kind channel,
             counters, cards attached
``bag``      everything else that is public, hashed by name: undeclared counters,
             marks, the game's table, and the game's ``describe`` entries
===========  ==============================================================================

Piece kinds, undeclared counters and marks have no declaration to number them by,
so they are spread over a fixed number of channels by a stable hash (CRC-32):
two kinds may share a channel. A game can add exact features of its own through
the ``register_observation_features`` hook (below); they come last, one section
each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from . import Game, InvalidData, PluginError, SeatZones, State, Zone
from .registry import hookspec
from .spaces import ActionSpace, check_players, word_bucket

if TYPE_CHECKING:
    from . import Match

KIND_CHANNELS = 16
COUNTER_CHANNELS = 4
MARK_CHANNELS = 4
BAG = 64
LIMIT = 1e9
"""The bound given to observation spaces: counts stay well within it."""


@attrs.frozen
class Feature:
    """Extra numbers a game adds to every observation (see the hook below)."""

    name: str
    size: int
    read: Callable[[Match, int], Sequence[float]]
    """``read(match, player)``: exactly ``size`` numbers, from what ``player`` may see only."""


class FeatureHooks:
    """The hook through which a game adds observation features.

    It lives here, not among the engine's hooks, because only learning code reads
    it; implement it with ``@boardcore.hookimpl(optionalhook=True)`` so that the
    game loads whether or not this module is imported.
    """

    @staticmethod
    @hookspec
    def register_observation_features(game: str, players: int) -> Sequence[Feature]:  # type: ignore[empty-body]
        """Return :class:`Feature` objects to append to the observation of ``game``
        played by ``players``. Called once per encoder; each feature's ``read`` must
        use only what its player may see."""


def game_features(game: Game, players: int) -> tuple[Feature, ...]:
    """The features the game's plugins register, in plugin order."""
    pm = game.pm
    caller = getattr(pm.hook, "register_observation_features", None)
    if caller is None or not caller.has_spec():
        pm.add_hookspecs(FeatureHooks)
        caller = pm.hook.register_observation_features
    found: list[Feature] = []
    for impl in caller.get_hookimpls():
        args = {"game": game.name, "players": players}
        try:
            answer = impl.function(**{k: args[k] for k in impl.argnames})
        except Exception as exc:
            raise PluginError(f"hook register_observation_features raised {type(exc).__name__}: {exc}", plugin=impl.plugin_name) from exc
        if not isinstance(answer, (list, tuple)) or not all(isinstance(f, Feature) for f in answer):
            raise PluginError("register_observation_features must return a list of Feature", plugin=impl.plugin_name)
        found.extend(answer)
    return tuple(found)


def _leaves(data: Any, path: str) -> list[tuple[str, Any]]:
    """``(path, value)`` for every plain value in nested JSON-like data."""
    if isinstance(data, dict):
        return [leaf for key, value in data.items() for leaf in _leaves(value, f"{path}.{key}")]
    if isinstance(data, (list, tuple)):
        return [leaf for i, value in enumerate(data) for leaf in _leaves(value, f"{path}[{i}]")]
    return [(path, data)]


def _hashed(leaves: list[tuple[str, Any]], size: int) -> list[tuple[int, Any]]:
    """Feature hashing: a number adds its value to its path's bucket; anything else
    adds 1 to the bucket of ``path=value``. The ``(bucket, amount)`` pairs, in order."""
    return [
        (word_bucket(path, size), value)
        if isinstance(value, (int, float)) and not isinstance(value, bool)
        else (word_bucket(f"{path}={value}", size), 1.0)
        for path, value in leaves
    ]


def _bag_add(bag: np.ndarray, hashed: list[tuple[int, Any]]) -> None:
    for bucket, amount in hashed:
        bag[bucket] += amount


class ObservationEncoder:
    """Encodes what one seat may see of a match of ``game`` with ``players`` seats.

    ``encode(state, player, prefix)`` returns a new ``float32`` array of ``size``.
    The action space (for the ``prefix`` section and the card specs) is made with
    the same ``piece_slots`` unless one is given.
    """

    def __init__(
        self,
        game: Game,
        players: int | None = None,
        *,
        space: ActionSpace | None = None,
        piece_slots: int = 16,
        kind_channels: int = KIND_CHANNELS,
        counter_channels: int = COUNTER_CHANNELS,
        bag: int = BAG,
    ) -> None:
        n = self.players = check_players(game, players)
        self.game = game
        self.space = space if space is not None else ActionSpace(game, n, piece_slots=piece_slots)
        if self.space.game is not game or self.space.players != n:
            raise InvalidData("the action space is for another game or player count", where="space")
        if min(piece_slots, kind_channels, counter_channels, bag) < 1:
            raise InvalidData("slots, channels and the bag must be at least 1", where="ObservationEncoder")
        spec = game.spec
        self.slots, self.kinds, self.counter_channels, self.bag = piece_slots, kind_channels, counter_channels, bag
        self.spec_count = len(self.space.specs)
        self.phases = ("setup", *(getattr(p, "name", p.__name__) for p in (*spec.setup_phases, *spec.phases)))
        shared = [z for z in spec.zones if isinstance(z, Zone)]
        families = [z for z in spec.zones if isinstance(z, SeatZones)]
        self._zone_group: dict[str, tuple[int, int | None]] = {z: (i, None) for i, z in enumerate(shared)}
        for f, family in enumerate(families):
            for seat in range(n):
                self._zone_group[family[seat]] = (len(shared) + f * n, seat)
        self._other_group = len(shared) + len(families) * n  # then one per owner, then shared
        groups = self._other_group + n + 1
        self.seat_counters = [c for c in spec.counters if c.per_seat]
        self.match_counters = [c for c in spec.counters if not c.per_seat]
        self._seat_counter = {str(c): i for i, c in enumerate(self.seat_counters)}
        self._match_counter = {str(c): i for i, c in enumerate(self.match_counters)}
        board = spec.board
        self.squares = {name: i for i, name in enumerate(board.names)} if board is not None else {}
        q = len(self.squares)
        self.features = game_features(game, n)
        sizes = [
            ("seat", n),
            ("clock", 2),
            ("active", n + 1),
            ("asked", n),
            ("out", n),
            ("phase", len(self.phases) + 1),
            ("result", n + 1),
            ("prefix", self.space.size),
            ("zones", groups * (2 + self.spec_count)),
            ("draft", self.spec_count + 1),
            ("counters", len(self.seat_counters) * n + len(self.match_counters)),
            ("board", (n * kind_channels + counter_channels + MARK_CHANNELS) * q),
            ("pieces", n * piece_slots * (kind_channels + counter_channels + 1)),
            ("bag", bag),
            *((f"feature:{f.name}", f.size) for f in self.features),
        ]
        self.sections: dict[str, slice] = {}
        at = 0
        for name, size in sizes:
            if name in self.sections:
                raise PluginError(f"two observation features are called {name!r}")
            self.sections[name] = slice(at, at + size)
            at += size
        self.size = at
        self._base = {name: s.start for name, s in self.sections.items()}
        self._table: tuple[Any, list[tuple[int, Any]]] = (None, [])
        """The last table seen, and its ``(bucket, amount)`` pairs in the bag."""

    def __repr__(self) -> str:
        return f"<ObservationEncoder {self.game.name} players={self.players} size={self.size}>"

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Lower and upper bounds of every entry (for a Gymnasium ``Box``): counts
        are never negative; the hashed bag and the game's features may be."""
        low = np.zeros(self.size, dtype=np.float32)
        low[self.sections["bag"]] = -LIMIT
        for f in self.features:
            low[self.sections[f"feature:{f.name}"]] = -LIMIT
        return low, np.full(self.size, LIMIT, dtype=np.float32)

    def encode(self, state: State, player: int, prefix: Sequence[int] = ()) -> np.ndarray:
        """What ``player`` may see of ``state`` (with the action ids ``prefix`` chosen
        in their open decision) as a new array."""
        if state.game is not self.game or state.players != self.players:
            raise InvalidData(f"{state!r} is not a match of {self!r}", where="state")
        if type(player) is not int or not 0 <= player < self.players:
            raise InvalidData(f"no seat {player!r} in a {self.players}-player match", where="player")
        m = state.match
        out = np.zeros(self.size, dtype=np.float32)
        self._flow(m, player, out)
        out[[self._base["prefix"] + t for t in prefix]] = 1.0
        self._zones(m, player, out)
        bag = np.zeros(self.bag, dtype=np.float32)
        piece_counters = self._counters(m, player, out, bag)
        self._pieces(m, player, out, piece_counters, bag)
        self._public(m, player, bag)
        out[self.sections["bag"]] = bag
        for f in self.features:
            values = f.read(m, player)
            if len(values) != f.size:
                raise PluginError(f"observation feature {f.name!r} gave {len(values)} numbers, not {f.size}")
            out[self.sections[f"feature:{f.name}"]] = values
        return out

    # -- sections ----------------------------------------------------------------------

    def _rel(self, seat: int, player: int) -> int:
        return (seat - player) % self.players

    def _flow(self, m: Match, player: int, out: np.ndarray) -> None:
        n, base = self.players, self._base
        out[base["seat"] + player] = 1.0
        out[base["clock"]], out[base["clock"] + 1] = m.turn, m.round
        active = m.active_seat
        out[base["active"] + (n if active is None else self._rel(active, player))] = 1.0
        for decision, _ in m.asks:
            if decision.player == player or not decision.secret:
                out[base["asked"] + self._rel(decision.player, player)] = 1.0
        for seat in m.out:
            out[base["out"] + self._rel(seat, player)] = 1.0
        phase = self.phases.index(m.phase) if m.phase in self.phases else len(self.phases)
        out[base["phase"] + phase] = 1.0
        if m.result is not None:
            for seat in m.result.winners:
                out[base["result"] + self._rel(seat, player)] = 1.0
            out[base["result"] + n] = 1.0

    def _zones(self, m: Match, player: int, out: np.ndarray) -> None:
        width, spec_of = 2 + self.spec_count, self.space.spec_of
        zones, draft = self._base["zones"], self._base["draft"]
        for zone, cards in m.zones.items():
            spec = m.specs[zone]
            found = self._zone_group.get(zone)
            if found is not None:
                group = found[0] + (0 if found[1] is None else self._rel(found[1], player))
            elif spec.owner is not None and 0 <= spec.owner < self.players:
                group = self._other_group + self._rel(spec.owner, player)
            else:
                group = self._other_group + self.players
            at = zones + group * width
            out[at] += len(cards)
            if spec.visible_to(player):  # the one test that lets cards in
                out[at + 1] = 1.0
                for card in cards:
                    out[at + 2 + spec_of[card]] += 1.0
        picks = m.drafts.get(player, ())
        for item in picks:
            if item in spec_of:
                out[draft + spec_of[item]] += 1.0
        out[draft + self.spec_count] = len(picks)

    def _counters(self, m: Match, player: int, out: np.ndarray, bag: np.ndarray) -> dict[str, list[tuple[str, int]]]:
        """Declared counters into their section; counters of pieces returned by piece;
        the rest into the bag."""
        n, base = self.players, self._base["counters"]
        seat_part = len(self.seat_counters) * n
        by_piece: dict[str, list[tuple[str, int]]] = {}
        for key, value in m.counters.items():
            name, sep, owner = key.partition("@")
            if not sep:
                index = self._match_counter.get(name)
                if index is not None:
                    out[base + seat_part + index] = value
                else:
                    bag[word_bucket(f"counter:{name}", self.bag)] += value
            elif owner in m.pieces:
                by_piece.setdefault(owner, []).append((name, value))
            elif owner.isdigit() and int(owner) < n:
                seat = self._rel(int(owner), player)
                index = self._seat_counter.get(name)
                if index is not None:
                    out[base + index * n + seat] = value
                else:
                    bag[word_bucket(f"counter:{name}@+{seat}", self.bag)] += value
            else:
                bag[word_bucket(f"counter:{name}@{owner}", self.bag)] += value
        return by_piece

    def _pieces(self, m: Match, player: int, out: np.ndarray, counters: dict[str, list[tuple[str, int]]], bag: np.ndarray) -> None:
        n, kinds, channels, q = self.players, self.kinds, self.counter_channels, len(self.squares)
        board, slots = self._base["board"], self._base["pieces"]
        counter_planes = board + n * kinds * q
        mark_planes = counter_planes + channels * q
        slot_width = kinds + channels + 1
        placed = [0] * n
        for pid, piece in m.pieces.items():
            if not 0 <= piece.owner < n:
                bag[word_bucket(f"piece:{piece.kind}", self.bag)] += 1.0
                continue
            owner = self._rel(piece.owner, player)
            kind = word_bucket(piece.kind, kinds)
            square = self.squares.get(piece.square) if piece.square is not None else None
            if square is not None:
                out[board + (owner * kinds + kind) * q + square] = 1.0
                for name, value in counters.get(pid, ()):
                    out[counter_planes + word_bucket(name, channels) * q + square] += value
                continue
            slot = min(placed[piece.owner], self.slots - 1)
            placed[piece.owner] += 1
            at = slots + (owner * self.slots + slot) * slot_width
            out[at + kind] += 1.0
            for name, value in counters.get(pid, ()):
                out[at + kinds + word_bucket(name, channels)] += value
            attached = m.attached(pid)
            if attached:
                out[at + kinds + channels] += len(attached)
        for flag, items in m.marks.items():
            bag[word_bucket(f"mark:{flag}", self.bag)] += len(items)
            if q:
                for item in items:
                    marked = m.pieces.get(item)
                    if marked is not None and marked.square in self.squares:
                        out[mark_planes + word_bucket(flag, MARK_CHANNELS) * q + self.squares[marked.square]] += 1.0

    def _public(self, m: Match, player: int, bag: np.ndarray) -> None:
        """The table and the game's own view entries, hashed into the bag."""
        spec = self.game.spec
        if m.table is not None:
            cached, hashed = self._table
            if cached is not m.table:  # tables are frozen and replaced when they change
                hashed = _hashed(_leaves(self.game.codec.dump(m.table, spec.table_type), "table"), self.bag)
                self._table = (m.table, hashed)
            _bag_add(bag, hashed)
        if spec.describe is not None:
            _bag_add(bag, _hashed(_leaves(spec.describe(m, player), "view"), self.bag))
