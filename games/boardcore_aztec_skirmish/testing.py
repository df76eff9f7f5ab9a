"""Aztec Skirmish for tests: the invariants of rules section 6, and positions set up in a few lines.

For the game's own tests and for expansion authors::

    from boardcore_aztec_skirmish.testing import CQ, check, hits_at, position

    game = boardcore.load_game("aztec-skirmish", plugins=["my-expansion"])
    s = position({"d5": "soldier", "d4": "warrior"}, active=CQ, cards=["Rapiers"],
                 enemy_cards=["Magic"], game=game)
    choose(s, 1, "done", "play Rapiers (attack 1, C)", "Soldier d5 attacks Warrior d4")
    assert check(s.match) == []

:func:`check` is what ``boardcore.testing.check_game`` takes as ``checks=[check]``;
it holds with the az-omens expansion loaded too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import boardcore
from boardcore import Match
from boardcore.testing import arranged, clear_pieces, place, put, stack

from .board import ATTACKED, BOARD, DISCARD, DRAW, DRAW2, HAND, HITS, MOVED, leader_alive
from .cards import CONSTANTS, UNITS, AztecCard, Side

AZ, CQ = Side.AZTEC, Side.CONQUISTADOR
STANDARD = {"deployment": "standard"}

DEAD = {AZ: ["Steel Breastplates", "Steel Helmets", "Closed Ranks"], CQ: ["Padded Armor", "Battledress", "Magic"]}
"""Cards the active side cannot play (AZ-R06), used to fill its Fate draw."""


@cache
def base_game() -> boardcore.Game:
    """The game without plugins, loaded once."""
    return boardcore.load_game("aztec-skirmish")


# -- positions ---------------------------------------------------------------------------


def position(
    units: Mapping[str, str],
    *,
    active: Side = AZ,
    cards: Sequence[str] = (),
    enemy_cards: Sequence[str] = (),
    hits: Mapping[str, int] | None = None,
    turn: int | None = None,
    aztec: int = 0,
    seed: int = 0,
    game: boardcore.Game | None = None,
) -> boardcore.State:
    """A match whose board holds exactly ``units`` ({square: unit kind}), at the start of
    ``active``'s Move Phase, after a Fate draw that leaves ``cards`` (names) in its hand
    (the first three are drawn, the rest were held; dead cards make up a draw of fewer).
    The opponent holds ``enemy_cards``. The War Leader is added on a1 and the Captain
    on h8 unless placed. ``hits`` overrides Hits by square. ``game`` may be one loaded
    with plugins (the base game by default)."""
    units = dict(units)
    for kind, square in (("war-leader", "a1"), ("captain", "h8")):
        if kind not in units.values():
            units.setdefault(square, kind)
    mine = list(cards)
    draws = mine[:3] + DEAD[active][: 3 - len(mine[:3])]
    turn = turn if turn is not None else 1 if active is AZ else 2

    def before(state: boardcore.State) -> None:
        m = state.match
        clear_pieces(state)
        for square, kind in sorted(units.items()):
            place(state, kind, m.table.seat(UNITS[kind].side), square, hits=(hits or {}).get(square, UNITS[kind].hits))
        me, other = m.table.seat(active), m.table.seat(AZ if active is CQ else CQ)
        m.active_seat, m.turn = other, turn - 1  # the next turn is ``active``'s
        if mine[3:]:
            put(state, HAND[me], mine[3:])
        if enemy_cards:
            put(state, HAND[other], list(enemy_cards))
        # Stacked last, so that naming a card for a hand never takes a stacked copy.
        stack(state, DRAW, draws, avoid=(HAND[0], HAND[1]))

    return arranged(game or base_game(), 2, seed, before=before, aztec=aztec, deployment="standard")


def at(state: boardcore.State, square: str) -> str | None:
    """The unit kind on ``square``, or None."""
    return next((p.kind for p in state.match.pieces.values() if p.square == square), None)


def piece_on(state: boardcore.State, square: str) -> str:
    """The piece id of the unit on ``square``."""
    return next(pid for pid, p in state.match.pieces.items() if p.square == square)


def hits_at(state: boardcore.State, square: str) -> int:
    """The Hits left to the unit on ``square``."""
    return state.match.count(HITS, piece_on(state, square))


def names(state: boardcore.State, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand."""
    return [state.match.card(c).name for c in state.match.cards(HAND[seat])]


def discarded(state: boardcore.State) -> list[str]:
    """The names of the cards in the discard pile, bottom first."""
    return [state.match.card(c).name for c in state.match.cards(DISCARD)]


# -- invariants (rules section 6) -----------------------------------------------------------


def check(m: Match) -> list[str]:
    """Every broken invariant, as a sentence (empty when all hold). It may read
    everything, hidden cards included."""
    return [*_cards(m), *_units(m), *_usage(m), *_ending(m)]


def _cards(m: Match) -> list[str]:
    """Invariants 1 and 7."""
    problems = []
    held = sum(len(cards) for cards in m.zones.values())
    if held != len(m.rules.cards):
        problems.append(f"{held} cards in the zones, not {len(m.rules.cards)}")
    for seat in range(m.players):
        size = len(m.cards(HAND[seat]))
        # A hand is cut to 5 at the end of Fate (AZ-D04), and each side's one Draw-2
        # card adds one card net, once per turn; during Fate the 3 new cards wait.
        if seat != m.active_seat:
            most = CONSTANTS.hand_limit + 1
        elif m.phase in ("move", "attack"):
            most = CONSTANTS.hand_limit + len(m.marked(DRAW2))
        else:
            most = CONSTANTS.hand_limit + 1 + CONSTANTS.draw
        if size > most:
            problems.append(f"seat {seat} holds {size} cards (at most {most} now)")
    return problems


def _units(m: Match) -> list[str]:
    """Invariants 2 and 3."""
    problems = []
    squares: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for piece, p in m.pieces.items():
        if p.square is None or not BOARD.contains_name(p.square):
            problems.append(f"{piece} is not on the board ({p.square})")
            continue
        squares[p.square] += 1
        kinds[p.kind] += 1
        spec = UNITS[p.kind]
        if not 1 <= m.count(HITS, piece) <= spec.hits:
            problems.append(f"{piece} has {m.count(HITS, piece)} Hits")
        if p.owner not in range(m.players) or m.table.sides[p.owner] is not spec.side:
            problems.append(f"{piece} belongs to the wrong seat")
    problems += [f"{square} holds {n} units" for square, n in squares.items() if n > 1]
    problems += [f"{n} units of type {k}" for k, n in kinds.items() if n > UNITS[k].count]
    return problems


def _usage(m: Match) -> list[str]:
    """Invariants 5, 6 and 9: per-turn movement and attack limits, active side only."""
    problems = []
    for piece, n in Counter(m.marked(MOVED)).items():
        if piece in m.pieces:
            if n > UNITS[m.pieces[piece].kind].moves:
                problems.append(f"{piece} moved {n} times this turn")
            if m.pieces[piece].owner != m.active_seat:
                problems.append(f"{piece} moved in its opponent's turn")
    for piece, n in Counter(m.marked(ATTACKED)).items():
        if n > 1:
            problems.append(f"{piece} attacked {n} times this turn")
        if piece in m.pieces and m.pieces[piece].owner != m.active_seat:
            problems.append(f"{piece} attacked in its opponent's turn")
    if len(set(m.marked(DRAW2))) != len(m.marked(DRAW2)):
        problems.append("a Draw-2 card was played twice this turn")
    return problems


def _ending(m: Match) -> list[str]:
    """Invariant 8: both Leaders stand while the game runs; the turn limit holds."""
    problems = []
    if m.turn > CONSTANTS.turn_limit:
        problems.append(f"turn {m.turn} is past the turn limit")
    if m.result is None and m.turn >= 1:
        fallen = [seat for seat in range(m.players) if not leader_alive(m, seat)]
        problems += [f"seat {seat} has lost its Leader but the game goes on" for seat in fallen]
    return problems


# -- plugins made on the spot ----------------------------------------------------------------


def with_plugin(
    *,
    rules: Sequence[boardcore.Effect] = (),
    cards: Sequence[AztecCard] = (),
    effects: Mapping[str, boardcore.Effect] | None = None,
    name: str = "test-plugin",
    plugins: Sequence[Any] = (),
) -> boardcore.Game:
    """The game loaded with a plugin made for a test: ``rules`` (effects that belong to
    no card: house rules, variants), ``cards`` (rows of the game's card table, of a
    type of their own if they like) and the ``effects`` they name; after ``plugins``
    (names or objects, such as the expansion under test)."""

    class Plugin:
        @boardcore.hookimpl
        def register_rules(self, game: str) -> Sequence[boardcore.Effect]:
            return list(rules)

        @boardcore.hookimpl
        def register_cards(self, game: str) -> Sequence[boardcore.Card]:
            return list(cards)

        @boardcore.hookimpl
        def register_effects(self, game: str) -> Mapping[str, boardcore.Effect]:
            return dict(effects or {})

    plugin = Plugin()
    plugin.name = name  # type: ignore[attr-defined]
    return boardcore.load_game("aztec-skirmish", plugins=[*plugins, plugin])
