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

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from . import Game, InvalidData, PluginError, SeatZones, State, Zone
from .registry import hookspec
from .spaces import ActionSpace, check_players, remembered_bucket as _bucket

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


def _hash_leaves(data: Any, path: str, memo: dict[Any, int], size: int, into: list[tuple[int, Any]]) -> None:
    """Feature hashing of nested JSON-like data, in order, into ``into``: a number adds
    its value to the bucket of its path (``view.sides[0]``); anything else adds 1 to
    the bucket of ``path=value``."""
    if isinstance(data, dict):
        items: Any = data.items()
        listed = False
    elif isinstance(data, (list, tuple)):
        items = enumerate(data)
        listed = True
    else:
        if isinstance(data, (int, float)) and not isinstance(data, bool):
            into.append((_bucket(memo, path, size), data))
        else:
            into.append((_bucket(memo, f"{path}={data}", size), 1.0))
        return
    # The game's view is hashed at every step: the bucket of a plain number or text
    # under a text key or a list index is remembered by (path, key[, text]), so that
    # its word is not written out again. (A key that is not a text is written out:
    # 1 and True are equal keys but different words.)
    for key, value in items:
        kind = type(value)
        if kind is int or kind is float or kind is str:
            plain = listed or type(key) is str
            known = (path, listed, key) if kind is not str else (path, listed, key, value)
            found = memo.get(known) if plain else None
            if found is None:
                where = f"{path}[{key}]" if listed else f"{path}.{key}"
                found = _bucket(memo, where if kind is not str else f"{where}={value}", size)
                if plain:
                    memo[known] = found
            into.append((found, value if kind is not str else 1.0))
        else:
            _hash_leaves(value, f"{path}[{key}]" if listed else f"{path}.{key}", memo, size, into)


def _arrays(entries: dict[int, float]) -> tuple[np.ndarray, np.ndarray]:
    """A section's entries as an array of places and an array of their values."""
    return np.fromiter(entries, np.intp, len(entries)), np.fromiter(entries.values(), np.float32, len(entries))


class ObservationEncoder:
    """Encodes what one seat may see of a match of ``game`` with ``players`` seats.

    ``encode(state, player, prefix)`` returns a new ``float32`` array of ``size``.
    The action space (for the ``prefix`` section and the card specs) is made with
    the same ``piece_slots`` unless one is given.

    An encoder remembers, per seat, the zones, counters and pieces it last read
    and what it made of them, so encoding a match step after step reads only what
    changed: keep one encoder for the whole run. What it remembers never changes
    the result, which is the same as a new encoder's for the same state.
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
        self._memos: dict[int, dict[Any, int]] = {size: {} for size in (bag, kind_channels, counter_channels, MARK_CHANNELS)}
        """Per bucket count, the buckets of the words met so far (``_bucket``)."""
        self._seen: dict[tuple[str, int], Any] = {}
        """Per section and seat, the match containers last read (the very objects) and
        what was made of them. A match's containers are replaced, never changed in
        place (docs/architecture.md), so the same objects hold the same contents."""

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
        # Zones, counters, pieces and marks are read again only when the match's
        # containers were replaced since this seat's last encoding. A section is worked
        # out in Python (entry -> value: NumPy's per-item writes cost several times a
        # dict's) and kept as arrays, written with one call. Sections never share
        # entries, so the order of writing them does not matter.
        seen = self._seen
        containers: tuple[Any, ...] = (m.zones, m.specs)
        zones = seen.get(("zones", player))
        if zones is None or not all(map(operator.is_, zones[0], containers)):
            zones = seen["zones", player] = (containers, (*_arrays(self._zones(m, player)), ()))
        containers = (m.counters, m.pieces)
        counters = seen.get(("counters", player))
        if counters is None or not all(map(operator.is_, counters[0], containers)):
            counted, hashed, by_piece = self._counters(m, player)
            counters = seen["counters", player] = (containers, (*_arrays(counted), hashed, by_piece))
        parts = [zones, counters]
        if m.pieces:
            # The pieces' section depends on the zones only through the cards attached
            # to pieces off the board: those counts are checked one by one, since the
            # zones are replaced whenever any card moves.
            by_piece = counters[1][3]
            pieces = seen.get(("pieces", player))
            if (
                pieces is None
                or pieces[0][0] is not m.pieces
                or (pieces[0][1] is not by_piece and pieces[0][1] != by_piece)
                or any(len(m.attached(pid)) != count for pid, count in pieces[1][3])
            ):
                placed, hashed, hosts = self._pieces(m, player, by_piece)
                pieces = seen["pieces", player] = ((m.pieces, by_piece), (*_arrays(placed), hashed, hosts))
            parts.append(pieces)
        if m.marks:
            containers = (m.marks, m.pieces)
            marks = seen.get(("marks", player))
            if marks is None or not all(map(operator.is_, marks[0], containers)):
                marked, hashed = self._marks(m)
                marks = seen["marks", player] = (containers, (*_arrays(marked), hashed))
            parts.append(marks)
        # The sections above and the table (hashed into the bag), written into one
        # array once, their bag entries added up in order, and copied while none of
        # them changes.
        table = m.table
        composed = seen.get(("composed", player))
        if (
            composed is None
            or composed[1] is not table
            or len(composed[0]) != len(parts)
            or not all(map(operator.is_, composed[0], parts))
        ):
            whole = np.zeros(self.size, dtype=np.float32)
            start = [0.0] * self.bag
            for _, (entries, values, pairs, *_) in parts:
                whole[entries] = values
                for bucket, amount in pairs:
                    start[bucket] += amount
            for bucket, amount in self._table_pairs(table):
                start[bucket] += amount
            whole[self.sections["bag"]] = start
            composed = seen["composed", player] = (parts, table, whole, start)
        out = composed[2].copy()
        # The few entries of the flow, the prefix and the draft are written one by
        # one: cheaper, for so few, than gathering them for one NumPy call.
        self._flow(m, player, out)
        at = self._base["prefix"]
        for token in prefix:
            out[at + token] = 1.0
        self._draft(m, player, out)
        describe = self.game.spec.describe
        if describe is not None:
            self._view(describe(m, player), composed[3], out)
        for f in self.features:
            values = f.read(m, player)
            if len(values) != f.size:
                raise PluginError(f"observation feature {f.name!r} gave {len(values)} numbers, not {f.size}")
            out[self.sections[f"feature:{f.name}"]] = values
        return out

    # -- sections ----------------------------------------------------------------------

    def _flow(self, m: Match, player: int, out: np.ndarray) -> None:
        n, base = self.players, self._base
        out[base["seat"] + player] = 1.0
        out[base["clock"]], out[base["clock"] + 1] = m.turn, m.round
        active = m.active_seat
        out[base["active"] + (n if active is None else (active - player) % n)] = 1.0
        for decision, _ in m.asks:
            if decision.player == player or not decision.secret:
                out[base["asked"] + (decision.player - player) % n] = 1.0
        for seat in m.out:
            out[base["out"] + (seat - player) % n] = 1.0
        phase = self.phases.index(m.phase) if m.phase in self.phases else len(self.phases)
        out[base["phase"] + phase] = 1.0
        if m.result is not None:
            for seat in m.result.winners:
                out[base["result"] + (seat - player) % n] = 1.0
            out[base["result"] + n] = 1.0

    def _zones(self, m: Match, player: int) -> dict[int, float]:
        """The zones section's entries."""
        n, width, spec_of = self.players, 2 + self.spec_count, self.space.spec_of
        base, groups, specs = self._base["zones"], self._zone_group, m.specs
        acc: dict[int, float] = {}
        get = acc.get
        for zone, cards in m.zones.items():
            spec = specs[zone]
            found = groups.get(zone)
            if found is not None:
                group = found[0] + (0 if found[1] is None else (found[1] - player) % n)
            elif spec.owner is not None and 0 <= spec.owner < n:
                group = self._other_group + (spec.owner - player) % n
            else:
                group = self._other_group + n
            at = base + group * width
            acc[at] = get(at, 0.0) + len(cards)
            if spec.visible_to(player):  # the one test that lets cards in
                acc[at + 1] = 1.0
                at += 2
                for card in cards:
                    entry = at + spec_of[card]
                    acc[entry] = get(entry, 0.0) + 1.0
        return acc

    def _draft(self, m: Match, player: int, out: np.ndarray) -> None:
        draft, spec_of = self._base["draft"], self.space.spec_of
        picks = m.drafts.get(player, ())
        for item in picks:
            if item in spec_of:
                out[draft + spec_of[item]] += 1.0
        out[draft + self.spec_count] = len(picks)

    def _counters(self, m: Match, player: int) -> tuple[dict[int, float], list[tuple[int, Any]], dict[str, list[tuple[str, int]]]]:
        """The counters section's entries (the declared counters), the bag's
        ``(bucket, amount)`` pairs (the others), and the counters of pieces by piece."""
        n, base = self.players, self._base["counters"]
        seat_part = len(self.seat_counters) * n
        memo, size = self._memos[self.bag], self.bag
        acc: dict[int, float] = {}
        bag: list[tuple[int, Any]] = []
        by_piece: dict[str, list[tuple[str, int]]] = {}
        pieces = m.pieces
        for key, value in m.counters.items():
            name, sep, owner = key.partition("@")
            if not sep:
                index = self._match_counter.get(name)
                if index is not None:
                    acc[base + seat_part + index] = value
                else:
                    bag.append((_bucket(memo, f"counter:{name}", size), value))
            elif owner in pieces:
                by_piece.setdefault(owner, []).append((name, value))
            elif owner.isdigit() and int(owner) < n:
                seat = (int(owner) - player) % n
                index = self._seat_counter.get(name)
                if index is not None:
                    acc[base + index * n + seat] = value
                else:
                    bag.append((_bucket(memo, f"counter:{name}@+{seat}", size), value))
            else:
                bag.append((_bucket(memo, f"counter:{name}@{owner}", size), value))
        return acc, bag, by_piece

    def _pieces(
        self, m: Match, player: int, counters: dict[str, list[tuple[str, int]]]
    ) -> tuple[dict[int, float], list[tuple[int, Any]], tuple[tuple[str, int], ...]]:
        """The entries of the pieces (on the board's planes and in the slots), the
        bag's ``(bucket, amount)`` pairs, and how many cards are attached to each piece
        off the board."""
        n, kinds, channels, q = self.players, self.kinds, self.counter_channels, len(self.squares)
        board, slots = self._base["board"], self._base["pieces"]
        counter_planes = board + n * kinds * q
        slot_width = kinds + channels + 1
        squares = self.squares
        kind_memo, channel_memo, bag_memo = self._memos[kinds], self._memos[channels], self._memos[self.bag]
        acc: dict[int, float] = {}
        get = acc.get
        bag: list[tuple[int, Any]] = []
        hosts: list[tuple[str, int]] = []
        placed = [0] * n
        for pid, piece in m.pieces.items():
            owner = piece.owner
            if not 0 <= owner < n:
                bag.append((_bucket(bag_memo, f"piece:{piece.kind}", self.bag), 1.0))
                continue
            rel = (owner - player) % n
            kind = kind_memo.get(piece.kind)
            if kind is None:
                kind = _bucket(kind_memo, piece.kind, kinds)
            square = squares.get(piece.square) if piece.square is not None else None
            if square is not None:
                acc[board + (rel * kinds + kind) * q + square] = 1.0
                for name, value in counters.get(pid, ()):
                    channel = channel_memo.get(name)
                    if channel is None:
                        channel = _bucket(channel_memo, name, channels)
                    entry = counter_planes + channel * q + square
                    acc[entry] = get(entry, 0.0) + value
                continue
            slot = min(placed[owner], self.slots - 1)
            placed[owner] += 1
            at = slots + (rel * self.slots + slot) * slot_width
            acc[at + kind] = get(at + kind, 0.0) + 1.0
            for name, value in counters.get(pid, ()):
                entry = at + kinds + _bucket(channel_memo, name, channels)
                acc[entry] = get(entry, 0.0) + value
            attached = len(m.attached(pid))
            hosts.append((pid, attached))
            if attached:
                entry = at + kinds + channels
                acc[entry] = get(entry, 0.0) + attached
        return acc, bag, tuple(hosts)

    def _marks(self, m: Match) -> tuple[dict[int, float], list[tuple[int, Any]]]:
        """The marks' entries on the board's planes, and the bag's ``(bucket, amount)`` pairs."""
        n, kinds, channels, q = self.players, self.kinds, self.counter_channels, len(self.squares)
        mark_planes = self._base["board"] + (n * kinds + channels) * q
        squares, bag_memo = self.squares, self._memos[self.bag]
        acc: dict[int, float] = {}
        bag: list[tuple[int, Any]] = []
        for flag, items in m.marks.items():
            bag.append((_bucket(bag_memo, f"mark:{flag}", self.bag), len(items)))
            if q:
                plane = mark_planes + _bucket(self._memos[MARK_CHANNELS], flag, MARK_CHANNELS) * q
                for item in items:
                    marked = m.pieces.get(item)
                    if marked is not None and marked.square in squares:
                        entry = plane + squares[marked.square]
                        acc[entry] = acc.get(entry, 0.0) + 1.0
        return acc, bag

    def _table_pairs(self, table: Any) -> list[tuple[int, Any]]:
        """The game's table hashed into the bag, as ``(bucket, amount)`` pairs."""
        if table is None:
            return []
        cached, hashed = self._table
        if cached is not table:  # tables are frozen and replaced when they change
            hashed = []
            _hash_leaves(self.game.codec.dump(table, self.game.spec.table_type), "table", self._memos[self.bag], self.bag, hashed)
            self._table = (table, hashed)
        return hashed

    def _view(self, described: Any, start: list[float], out: np.ndarray) -> None:
        """The game's view entries (``describe``) hashed into the bag of ``out``, whose
        bag holds ``start`` so far. Sums are made in Python's floats from ``start``, as
        if the bag had been added up in one go, then written."""
        hashed: list[tuple[int, Any]] = []
        _hash_leaves(described, "view", self._memos[self.bag], self.bag, hashed)
        if not hashed:
            return
        base = self.sections["bag"].start
        if len(hashed) > 16:  # many entries: the whole bag in one call
            bag = start[:]
            for bucket, amount in hashed:
                bag[bucket] += amount
            out[self.sections["bag"]] = bag
            return
        sums: dict[int, Any] = {}
        for bucket, amount in hashed:
            sums[bucket] = sums.get(bucket, start[bucket]) + amount
        for bucket, total in sums.items():
            out[base + bucket] = total
