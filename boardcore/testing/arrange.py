"""Setting up exact situations for rules tests: cards, pieces, counters, the table, dice.

Each helper changes a state directly, as a referee would set up a position, and
records what it did in the log (``CardsMoved`` from ``"arranged"``,
``CounterChanged``, ``PieceAdded``); none of them runs the flow. An arranged
match is no longer what its seed and history give (``Match.replayable`` is
false), so its saves keep the whole log and history.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

import attrs

from .. import Game, InvalidData, Match, State, Visibility, hookimpl
from ..drive import run_until_asked, start
from ..events import CardsMoved, MatchStarted
from ..registry import with_plugins


def resolve_cards(state: State, cards: Iterable[str], avoid: Sequence[str] = ()) -> list[str]:
    """Card ids for ``cards``, each given as an id or a printed name.

    A name matches a card of that name not already chosen and not in a zone listed
    in ``avoid``: first one in a zone nobody sees (a draw pile), then any other, in
    id order; so naming a card twice in successive calls takes two copies rather
    than moving the first one again. It raises if no such card is left.
    """
    m = state.match
    all_cards = m.rules.cards
    chosen: list[str] = []
    where = {card: zone for zone, held in m.zones.items() for card in held}
    for entry in cards:
        if entry in all_cards:
            if entry in chosen:
                raise InvalidData(f"card {entry!r} is listed twice", where="arrange")
            chosen.append(entry)
            continue
        candidates = sorted(
            cid for cid, card in all_cards.items() if card.name == entry and cid in where and cid not in chosen
        )
        allowed = [c for c in candidates if where[c] not in avoid]
        unseen = [c for c in allowed if m.specs[where[c]].visibility is Visibility.HIDDEN]
        pool = unseen or allowed
        if not pool:
            raise InvalidData(f"no card named {entry!r} is left to arrange", where="arrange")
        chosen.append(pool[0])
    return chosen


def _lift(m: Match, cards: Sequence[str]) -> None:
    """Take ``cards`` out of whatever zones hold them (events record the moves)."""
    placed = set(chain.from_iterable(m.zones.values()))
    missing = [c for c in cards if c not in placed]
    if missing:
        raise InvalidData(f"cards {missing} are in no zone", where="arrange")
    m.zones = {zone: tuple(c for c in held if c not in cards) for zone, held in m.zones.items()}


def _move_in(state: State, zone: str, cards: Sequence[str], avoid: Sequence[str], on_top: bool) -> list[str]:
    """Move ``cards`` (ids or names, never resolved to cards in ``avoid``) to the end of
    ``zone``, last listed last, or, ``on_top`` of a pile, first listed last (drawn first)."""
    m = state.match
    m.replayable = False
    m.cards(zone)
    ids = resolve_cards(state, cards, avoid=avoid)
    _lift(m, ids)
    m.zones = {**m.zones, zone: m.zones[zone] + tuple(reversed(ids) if on_top else ids)}
    m.emit(CardsMoved(tuple(ids), "arranged", zone))
    return ids


def stack(state: State, zone: str, cards: Sequence[str], avoid: Sequence[str] = ()) -> list[str]:
    """Put ``cards`` on top of ``zone`` so that the first one listed is drawn first.

    Cards are given by id or name (see :func:`resolve_cards`; names are never taken
    from zones in ``avoid``) and taken from wherever they are; the rest of every
    zone keeps its order. Returns the card ids used.
    """
    return _move_in(state, zone, cards, avoid, on_top=True)


def put(state: State, zone: str, cards: Sequence[str], avoid: Sequence[str] = ()) -> list[str]:
    """Move ``cards`` (ids or names) into ``zone`` (a hand, a tableau), in order.

    Names are never resolved to cards already in ``zone`` or in ``avoid``.
    """
    return _move_in(state, zone, cards, (zone, *avoid), on_top=False)


def place(state: State, kind: str, owner: int, square: str | None = None, **counters: int) -> str:
    """Add a piece of ``kind`` for ``owner`` on ``square`` (a name such as ``"e4"``,
    or None off the board) with the given counters (``hits=2``); returns its id.
    The square must be empty."""
    m = state.match
    m.replayable = False
    if square is not None:
        for pid, piece in m.pieces.items():
            if piece.square == square:
                raise InvalidData(f"{square} already holds {pid}", where="place")
    piece_id = m.add_piece(kind, owner, square)
    for name, value in counters.items():
        m.set_count(name, value, piece_id)
    return piece_id


def clear_pieces(state: State, owner: int | None = None) -> None:
    """Remove every piece (of ``owner``, if given) and its counters; a piece that
    carries attached cards must be cleared of them first."""
    m = state.match
    m.replayable = False
    for pid in [p for p, piece in m.pieces.items() if owner is None or piece.owner == owner]:
        m.remove_piece(pid)


def set_count(state: State, name: str, value: int, owner: int | str | None = None) -> None:
    """Set a counter (of a seat, a piece, or the match)."""
    state.match.replayable = False
    state.match.set_count(name, value, owner)


def set_table(state: State, **changes: Any) -> None:
    """Replace fields of the game's table (``match.table``, an attrs record)."""
    m = state.match
    m.replayable = False
    m.table = attrs.evolve(m.table, **changes)


def load_dice(state: State, values: Iterable[int]) -> None:
    """Make the next die rolls come up ``values``, in order, before the generator is used."""
    m = state.match
    m.replayable = False
    m.loaded = m.loaded + tuple(int(v) for v in values)


def arranged(
    game: Game,
    players: int | None = None,
    seed: int = 0,
    *,
    top: dict[str, Sequence[str]] | None = None,
    deal: dict[str, Sequence[str]] | None = None,
    dice: Iterable[int] = (),
    before: Any = None,
    **options: Any,
) -> State:
    """A new match whose piles are arranged before its first step runs.

    ``deal`` maps zones to the cards to stack on top of them *as the set-up
    shuffles them* (a ``deck=True`` zone, or a deck the game's ``setup`` fills and
    shuffles), so that what the set-up deals from it is what a test wants (first
    listed is drawn first); ``top`` stacks zones once the set-up is done, for the
    draws of the first turns. ``dice`` loads die results; ``before(state)`` may
    arrange anything else. The match then runs to its first decision, exactly as
    ``new_state`` would.
    """
    if players is None:
        players = game.player_counts[0]
    m = Match(game, players, seed, game.spec.check_options(options))
    m.replayable = False
    m.emit(MatchStarted(game.name, players, seed))
    state = State(game, m)
    if deal:
        _start_dealing(state, deal)
    else:
        start(m)
    for zone, cards in (top or {}).items():
        stack(state, zone, cards)
    load_dice(state, dice)
    if before is not None:
        before(state)
    run_until_asked(m)
    return state


def _start_dealing(state: State, deal: dict[str, Sequence[str]]) -> None:
    """Set the match up, stacking each zone of ``deal`` right after the set-up shuffles it."""
    remaining = {str(zone): cards for zone, cards in deal.items()}

    class Arranging(Match):
        __slots__ = ()

        def shuffle(self, zone: str) -> None:
            super().shuffle(zone)
            cards = remaining.pop(str(zone), None)
            if cards is not None:
                stack(state, zone, cards)

    m = state.match
    m.__class__ = Arranging  # the same layout: only shuffle differs, for the set-up alone
    try:
        start(m)
    finally:
        m.__class__ = Match
    if remaining:
        raise InvalidData(
            f"the set-up never shuffled {sorted(remaining)}, so there is no deal to arrange there (use top= "
            "to stack a zone once the set-up is done)",
            where="arrange",
        )


def reask(state: State) -> None:
    """Ask the open decisions again, built from the match as it is now: after a test
    arranges a position in the middle of a match (``put`` a card into the hand of
    a player who is being asked), the options offered include it."""
    m = state.match
    m.replayable = False
    steps = [step for _, step in m.asks]
    m.asks = ()
    for step in steps:
        step.run(m)
    run_until_asked(m)


def with_rules(game: Game, *rules: Any, name: str = "test-rules") -> Game:
    """``game`` loaded again with its plugins and one more, named ``name``, whose rules
    (``register_rules``) are ``rules``: effects written for the test at hand that
    modify, replace or react to the game's moments, with no plugin module to write.

    ``game`` may be installed or loaded with ``game_from_provider``; the plugins it
    was loaded with stay, in the same order, before the new one."""
    made = list(rules)

    class Rules:
        @hookimpl
        def register_rules(self, game: str) -> list[Any]:
            return made

    Rules.__name__ = Rules.__qualname__ = name
    plugin = Rules()
    setattr(plugin, "name", name)
    return with_plugins(game, plugin)
