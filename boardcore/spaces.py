"""A fixed action space for any game: every option as a short sequence of stable ids.

A game offers options as actions (``Pick``, ``Play``, ``Done``, ``Pass`` or its own
classes) whose items and targets are strings: card ids, piece ids, square names,
seats, and a few words of the game's own ("finish", "retreat"). Learning code
needs one fixed set of integers instead. :class:`ActionSpace` derives it from what
the engine knows about a loaded game, with nothing declared by the game:

==================  ======================================================  =====================
ids                 what they stand for                                     how many
==================  ======================================================  =====================
``done``, ``pass``  the engine's ``Done`` and ``Pass``                      2
``end``             "this option, not a longer one that starts the same"    1
``alt:k``           which of several options that read the same             :data:`ALTERNATIVES`
``card:<name>``     a card, by its printed data (copies share one id)       card specs of the game
``seat:+k``         the seat ``k`` places after the player choosing         players
``square:<name>``   a square of the game's board, or the piece standing     board squares
                    on it
``direction:<d>``   one of the grid's eight directions                      8 with a board
``piece:+k:<i>``    the ``i``-th piece off the board of seat ``+k``         players x piece slots
``word:<k>``        any other word, by a stable hash                        word buckets
==================  ======================================================  =====================

An option is read word by word: ``Pick("warrior-3 c4")`` on a board is
``square:<where warrior-3 stands>, square:c4``; ``Play(card, target)`` is the
card's id followed by the target's; a game's own action class is its class name
followed by its fields. Most options are one id; a compound one is chosen one id
at a time (:class:`Choice`): the mask offers the ids that continue some option,
and the option is applied as soon as the ids chosen identify it. Ids that every
remaining option shares are taken without asking. Seats are counted from the
player choosing, so one policy can play every seat.

Nothing here reads what the player may not see: the ids of an option are built
from the option, the board and the public pieces.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from . import Game, IllegalAction, InvalidData, Result, State
from .actions import Action, Done, Pass, Pick, Play
from .grid import Direction

if TYPE_CHECKING:
    from . import Match

ALTERNATIVES = 16
"""How many ``alt:k`` ids there are; more options that read alike use two or more."""
PIECE_SLOTS = 16
"""Pieces off the board named per seat by default; a later one shares the last slot."""
WORD_BUCKETS = 16
"""Hash buckets for words that are no card, seat, square, direction or piece."""

DONE_ID, PASS_ID, END_ID = 0, 1, 2
_ALT_BASE = 3


def check_players(game: Game, players: int | None) -> int:
    """``players``, or the game's smallest count when None; InvalidData when the game
    cannot be played by that many."""
    count = game.player_counts[0] if players is None else players
    if type(count) is not int or count not in game.player_counts:
        raise InvalidData(f"{game.name} is for {list(game.player_counts)} players, not {players!r}", where="players")
    return count


def card_specs(game: Game) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The game's distinct cards: ``(name, ids)`` per group of cards whose printed
    data is the same but for the id, in the order the game lists its cards. A name
    shared by cards that differ is followed by the first id (``"Horde/H12-4"``)."""
    groups: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for card_id, card in game.cards.items():
        data = {f.name: getattr(card, f.name) for f in attrs.fields(type(card)) if f.name != "id"}
        key = repr(sorted(data.items()))
        groups.setdefault(key, []).append(card_id)
        names.setdefault(key, card.name)
    counts = Counter(names.values())
    return tuple(
        (names[key] if counts[names[key]] == 1 else f"{names[key]}/{ids[0]}", tuple(ids)) for key, ids in groups.items()
    )


def rewards(result: Result | None, players: int) -> list[float]:
    """Each seat's reward for a finished match: winners share +1, the other seats
    share -1, so rewards sum to 0; everybody gets 0 when nobody or everybody won,
    and while the match is running."""
    if result is None:
        return [0.0] * players
    winners = set(result.winners)
    if not winners or len(winners) >= players:
        return [0.0] * players
    win, lose = 1.0 / len(winners), -1.0 / (players - len(winners))
    return [win if seat in winners else lose for seat in range(players)]


def action_id(action: Any) -> int | None:
    """``action`` as a plain int if it is an integer id: an int, a NumPy integer, or a
    0-d integer array (what a policy's ``predict`` returns); None otherwise (True
    and 3.0 included)."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
        return None
    return int(action)


READS_LIMIT = 4096
"""Options an action space remembers the ids of (``ActionSpace._reads``) before it starts afresh."""


def word_bucket(word: str, buckets: int) -> int:
    """The bucket of a word: a CRC-32, so it is the same in every process."""
    return zlib.crc32(word.encode("utf-8")) % buckets


MEMO_LIMIT = 8192
"""Words whose bucket a memo keeps (:func:`remembered_bucket`) before it starts afresh:
a game may word its options and describe itself in words without end."""


def remembered_bucket(memo: dict[Any, int], word: str, buckets: int) -> int:
    """``word_bucket(word, buckets)``, remembered in ``memo`` (one memo per bucket count)."""
    found = memo.get(word)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[word] = word_bucket(word, buckets)
    return found


class ActionSpace:
    """The fixed action space of one game at one player count.

    ``size`` ids, named by :meth:`name_of` (and back with :meth:`id_of`). Use
    :meth:`choice` to see a player's decision in these ids.
    """

    def __init__(
        self, game: Game, players: int | None = None, *, piece_slots: int = PIECE_SLOTS, word_buckets: int = WORD_BUCKETS
    ) -> None:
        if piece_slots < 1 or word_buckets < 1:
            raise InvalidData("piece_slots and word_buckets must be at least 1", where="ActionSpace")
        self.game = game
        self.players = check_players(game, players)
        self.piece_slots = piece_slots
        self.word_buckets = word_buckets
        names = ["done", "pass", "end", *(f"alt:{k}" for k in range(ALTERNATIVES))]
        self.specs = card_specs(game)
        self.spec_of: dict[str, int] = {card_id: index for index, (_, ids) in enumerate(self.specs) for card_id in ids}
        """Card id -> index of its spec in :attr:`specs`."""
        static = {card_id: len(names) + index for card_id, index in self.spec_of.items()}
        names.extend(f"card:{name}" for name, _ in self.specs)
        self._seat_base = len(names)
        names.extend(f"seat:+{k}" for k in range(self.players))
        board = game.spec.board
        self.squares: tuple[str, ...] = board.names if board is not None else ()
        named = [("square", s) for s in self.squares] + [("direction", d.name) for d in Direction if board is not None]
        for kind, word in named:  # a card id wins over a square or direction of the same name
            static.setdefault(word, len(names))
            names.append(f"{kind}:{word}")
        self._slot_base = len(names)
        names.extend(f"piece:+{k}:{i}" for k in range(self.players) for i in range(piece_slots))
        self._word_base = len(names)
        names.extend(f"word:{k}" for k in range(word_buckets))
        self.names: tuple[str, ...] = tuple(names)
        self._ids = {name: i for i, name in enumerate(names)}
        self._static = static
        self._words: dict[str, int] = {}
        self._reads: dict[int, tuple[Action, tuple[int, ...]]] = {}
        """Options that read the same whatever the match (a pick of card ids or
        squares, done, pass), by identity: the option itself and its ids. Games make
        such options once and offer them again and again."""

    def __repr__(self) -> str:
        return f"<ActionSpace {self.game.name} players={self.players} size={self.size}>"

    @property
    def size(self) -> int:
        return len(self.names)

    def name_of(self, token: int) -> str:
        """The name of an id (``"card:Caesar"``, ``"square:e4"``)."""
        if type(token) is not int and not isinstance(token, np.integer):
            raise IllegalAction(f"an action id is an integer, not {token!r}")
        if not 0 <= token < len(self.names):
            raise IllegalAction(f"action id {token} is outside the action space (0..{len(self.names) - 1})")
        return self.names[int(token)]

    def id_of(self, name: str) -> int:
        """The id called ``name``; InvalidData for a name that is not in this space."""
        found = self._ids.get(name)
        if found is None:
            raise InvalidData(f"{name!r} is not an action of {self!r}", where="action")
        return found

    # -- options as ids ----------------------------------------------------------------

    def tokens(self, state: State, player: int, action: Action) -> tuple[int, ...]:
        """The ids that read ``action``, offered to ``player`` now, before any
        ``alt`` or ``end`` id a :class:`Choice` adds to tell options apart."""
        return tuple(_Reader(self, state.match, player).action(action))

    def choice(self, state: State, player: int, prefix: Sequence[int] = ()) -> Choice:
        """``player``'s open decision in this space, with the ids in ``prefix``
        already chosen (IllegalAction if the player is asked nothing, or if
        ``prefix`` is not the start of an option)."""
        if state.players != self.players or state.game is not self.game:
            raise InvalidData(f"{state!r} is not a match of {self!r}", where="state")
        decision = next((d for d in state.pending if d.player == player), None)
        if decision is None:
            raise IllegalAction(f"player {player} is not being asked anything", player=player)
        reader = None
        reads, static = self._reads, self._static
        raw = []
        for option in decision.options:
            known = reads.get(id(option))
            if known is not None and known[0] is option:
                raw.append(known[1])
                continue
            if reader is None:
                reader = _Reader(self, state.match, player)
            tokens = tuple(reader.action(option))
            kind = type(option)
            if kind is Done or kind is Pass or (isinstance(option, Pick) and all(w in static for w in _words_of(option.item))):
                if len(reads) >= READS_LIMIT:
                    reads.clear()
                reads[id(option)] = (option, tokens)  # kept with the option, so its id is not reused meanwhile
            raw.append(tokens)
        choice = Choice(self, player, decision.options, tuple(_told_apart(raw)))
        for token in prefix:
            step = choice.choose(token)
            if not isinstance(step, Choice):
                raise IllegalAction(f"the ids {list(prefix)} already name an option", player=player)
            choice = step
        return choice

    # -- the parts of _Reader that need the layout -------------------------------------

    def seat_id(self, seat: int, player: int) -> int:
        return self._seat_base + (seat - player) % self.players

    def slot_id(self, owner: int, player: int, index: int) -> int:
        relative = (owner - player) % self.players
        return self._slot_base + relative * self.piece_slots + min(index, self.piece_slots - 1)

    def word_id(self, word: str) -> int:
        return self._word_base + remembered_bucket(self._words, word, self.word_buckets)


class _Reader:
    """Reads the options of one decision as ids (one per decision: piece slots are
    worked out once, when the first piece off the board is met)."""

    def __init__(self, space: ActionSpace, m: Match, player: int) -> None:
        self.space = space
        self.m = m
        self.player = player
        self._slots: dict[str, int] | None = None

    def action(self, action: Action) -> list[int]:
        if isinstance(action, Pick):
            return self.words(action.item)
        if isinstance(action, Play):
            return [*self.words(action.card), *self.value(action.target)]
        if isinstance(action, Done):
            return [DONE_ID]
        if isinstance(action, Pass):
            return [PASS_ID]
        # A game's own action class: its name, then its fields (the text is for people).
        found = [self.space.word_id(type(action).__name__)]
        if attrs.has(type(action)):
            for field in attrs.fields(type(action)):
                if field.name != "text":
                    found.extend(self.value(getattr(action, field.name)))
        return found

    def value(self, value: Any) -> list[int]:
        if value is None:
            return []
        if isinstance(value, bool):
            return [self.space.word_id(str(value).lower())]
        if isinstance(value, int) and 0 <= value < self.space.players:
            return [self.space.seat_id(value, self.player)]
        if isinstance(value, str):
            return self.words(value)
        if isinstance(value, (tuple, list)):
            return [token for item in value for token in self.value(item)]
        return [self.space.word_id(str(value))]

    def words(self, text: str) -> list[int]:
        return [self.word(w) for w in _words_of(text)]

    def word(self, word: str) -> int:
        space = self.space
        found = space._static.get(word)
        if found is not None:
            return found
        piece = self.m.pieces.get(word)
        if piece is None:
            return space.word_id(word)
        if piece.square is not None and piece.square in space._static:
            return space._static[piece.square]  # pieces never share a square
        if not 0 <= piece.owner < space.players:
            return space.word_id(piece.kind)
        if self._slots is None:
            self._slots = self._number_slots()
        return space.slot_id(piece.owner, self.player, self._slots[word])

    def _number_slots(self) -> dict[str, int]:
        """Each piece off the board by its place among its owner's, oldest first."""
        slots: dict[str, int] = {}
        for seat in range(self.space.players):
            off_board = [pid for pid in self.m.pieces_of(seat) if self.m.pieces[pid].square is None]
            slots.update((pid, index) for index, pid in enumerate(off_board))
        return slots


def _words_of(text: str) -> list[str]:
    """The words an option's text is read as: split at spaces, if it has any."""
    return text.split() if " " in text else [text]


def _told_apart(raw: list[tuple[int, ...]]) -> Iterable[tuple[int, ...]]:
    """Each option's ids, made unique: options that read alike get ``alt`` digits,
    and every option ends with ``end`` so that none is the start of another."""
    if len(set(raw)) == len(raw):  # the usual case: no two options read alike
        return [(*tokens, END_ID) for tokens in raw]
    seen: dict[tuple[int, ...], list[int]] = {}
    for index, tokens in enumerate(raw):
        seen.setdefault(tokens, []).append(index)
    out = list(raw)
    for tokens, indices in seen.items():
        if len(indices) > 1:
            digits = len(np.base_repr(len(indices) - 1, ALTERNATIVES))  # enough to number them all
            for number, index in enumerate(indices):
                alt = [_ALT_BASE + (number // ALTERNATIVES**d) % ALTERNATIVES for d in reversed(range(digits))]
                out[index] = (*tokens, *alt)
    return [(*tokens, END_ID) for tokens in out]


class Choice:
    """One player's decision read in an :class:`ActionSpace`: the options, the ids
    of each, and the ids chosen so far (``prefix``).

    :meth:`legal` (or :meth:`mask`) gives the ids that may come next;
    :meth:`choose` takes one and returns either the next :class:`Choice` or, once
    the ids chosen name a single option, that option, ready for ``State.apply``.
    Ids that every remaining option shares are taken without asking, so
    ``prefix`` may be longer than the ids chosen.
    """

    __slots__ = ("space", "player", "options", "sequences", "prefix", "candidates")

    def __init__(
        self,
        space: ActionSpace,
        player: int,
        options: tuple[Action, ...],
        sequences: tuple[tuple[int, ...], ...],
        prefix: tuple[int, ...] = (),
        candidates: tuple[int, ...] | None = None,
    ) -> None:
        self.space = space
        self.player = player
        self.options = options
        self.sequences = sequences
        """The ids of each option, in the order of ``options`` (each ends with ``end``)."""
        self.candidates = tuple(range(len(options))) if candidates is None else candidates
        """The options (by index) that start with ``prefix``."""
        depth, taken = len(prefix), list(prefix)
        while len(self.candidates) > 1:
            nexts = {sequences[i][depth] for i in self.candidates}
            if len(nexts) > 1:
                break
            taken.append(nexts.pop())
            depth += 1
        self.prefix = tuple(taken)

    def __repr__(self) -> str:
        return f"<Choice player={self.player} prefix={list(self.prefix)} legal={list(self.legal())}>"

    def legal(self) -> tuple[int, ...]:
        """The ids that may be chosen next, ascending."""
        depth = len(self.prefix)
        return tuple(sorted({self.sequences[i][depth] for i in self.candidates}))

    def mask(self) -> np.ndarray:
        """``int8`` array of the space's size: 1 for the ids :meth:`legal` lists."""
        mask = np.zeros(self.space.size, dtype=np.int8)
        for token in self.legal():  # a few ids: item by item costs less than gathering them for one call
            mask[token] = 1
        return mask

    def actions_for(self, token: int) -> tuple[Action, ...]:
        """The options that choosing ``token`` next keeps open (empty when illegal)."""
        depth = len(self.prefix)
        return tuple(self.options[i] for i in self.candidates if self.sequences[i][depth] == token)

    def choose(self, token: int) -> Choice | Action:
        """Choose id ``token``: the option it names, or the choice that follows.

        IllegalAction when ``token`` is not one of :meth:`legal`."""
        name = self.space.name_of(token)
        depth = len(self.prefix)
        kept = tuple(i for i in self.candidates if self.sequences[i][depth] == token)
        if not kept:
            raise IllegalAction(
                f"action {int(token)} ({name}) is not legal now; legal: {list(self.legal())}", player=self.player
            )
        if len(kept) == 1:
            return self.options[kept[0]]
        return Choice(self.space, self.player, self.options, self.sequences, (*self.prefix, int(token)), kept)


class Cursor:
    """A match driven one action id at a time: who chooses now, what they have
    chosen so far in their decision, and the step that applies an id.

    When several players are asked at once, the first decision asked is taken
    first; a player's decision is finished (its option applied) before anybody
    else's is looked at. The adapters (PettingZoo, Gymnasium, OpenSpiel) share it.
    """

    __slots__ = ("space", "state", "choice")

    def __init__(self, space: ActionSpace, state: State, choice: Choice | None = None) -> None:
        self.space = space
        self.state = state
        self.choice = choice if choice is not None else self._next()

    def _next(self) -> Choice | None:
        state = self.state
        if state.is_over:
            return None
        return self.space.choice(state, state.pending[0].player)

    @property
    def player(self) -> int | None:
        """The seat choosing now, or None once the match is over."""
        return None if self.choice is None else self.choice.player

    def mask(self, player: int | None = None) -> np.ndarray:
        """The legal ids of ``player`` (by default whoever chooses now): all zero for
        a player who is not choosing."""
        choice = self.choice
        if choice is None or (player is not None and player != choice.player):
            return np.zeros(self.space.size, dtype=np.int8)
        return choice.mask()

    def prefix(self, player: int) -> tuple[int, ...]:
        """The ids ``player`` has chosen in the decision under way (empty for others)."""
        choice = self.choice
        return choice.prefix if choice is not None and choice.player == player else ()

    def step(self, token: int) -> Action | None:
        """Choose id ``token`` for the player choosing now; returns the option applied
        when the id completes one, else None. IllegalAction for an id that is not
        legal now or a match that is over (and then nothing changes)."""
        choice = self.choice
        if choice is None:
            raise IllegalAction("the match is over")
        step = choice.choose(token)
        if isinstance(step, Choice):
            self.choice = step
            return None
        self.state.apply(choice.player, step)
        self.choice = self._next()
        return step

    def text(self, seat: int) -> str:
        """``seat``'s view as text and, when that seat chooses now, each legal id
        with the options it keeps open: what the adapters' ``render()`` shows."""
        from .display import render_view  # the terminal's rendering, needed only here

        lines = [render_view(self.state.view(seat))]
        choice = self.choice
        if choice is not None and choice.player == seat:
            for token in choice.legal():
                texts = "; ".join(str(a) for a in choice.actions_for(token))
                lines.append(f"  [{token}] {self.space.names[token]}: {texts}")
        return "\n".join(lines)

    def clone(self) -> Cursor:
        """An independent copy (the state is cloned; a choice never changes, so it is shared)."""
        return Cursor(self.space, self.state.clone(), self.choice)
