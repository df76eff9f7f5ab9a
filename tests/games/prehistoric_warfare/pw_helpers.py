"""Helpers for Prehistoric Warfare rules tests: build exact positions, answer decisions.

A position is built with :func:`position`: the match is set up normally, then (before
its first step runs) every tribe is rebuilt from a list of persons in entry order,
hands, Food, Prisoners, the top of the deck and the dice are arranged, and the turn
starts for ``active``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

import boardcore
from boardcore import Action, State
from boardcore.testing import arranged, load_dice, put, stack
from boardcore_prehistoric_warfare import PlayOn
from boardcore_prehistoric_warfare.records import Cause
from boardcore_prehistoric_warfare.tribe import (
    FOOD,
    PRISONERS,
    add_generic,
    generics,
    hand,
    leave_play,
    persons,
    put_in_play,
)

GAME = boardcore.load_game("prehistoric-warfare")

PersonSpec = str | tuple[str, Sequence[str]]
"""``"generic"``, a Person card (name or id), or ``(either, [gear names or ids])``."""


def position(
    players: int = 2,
    *,
    tribes: dict[int, Sequence[PersonSpec]] | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    food: dict[int, int] | None = None,
    prisoners: dict[int, int] | None = None,
    deck: Sequence[str] = (),
    dice: Iterable[int] = (),
    active: int = 0,
    seed: int = 0,
    extra: Any = None,
) -> tuple[State, dict[int, list[str]]]:
    """A match at the start of ``active``'s turn. Returns the state and, per seat
    listed in ``tribes``, the ids of the persons built, in the order given.
    ``extra(state)`` may change anything else before the first step runs."""
    built: dict[int, list[str]] = {}

    def before(state: State) -> None:
        m = state.match
        for seat, specs in (tribes or {}).items():
            for person in persons(m, seat):
                leave_play(m, person, Cause.KILLED)
            built[seat] = [_build(state, seat, spec) for spec in specs]
        for seat, cards in (hands or {}).items():
            for c in cards:
                put(state, hand(seat), [fresh(state, c)])
        for seat, value in (food or {}).items():
            m.set_count(FOOD, value, seat)
        for seat, value in (prisoners or {}).items():
            m.set_count(PRISONERS, value, seat)
        if deck:
            stack(state, "deck", fresh_many(state, deck))
        load_dice(state, dice)
        if active:
            m.active = active - 1
        if extra is not None:
            extra(state)

    state = arranged(GAME, players, seed, before=before)
    return state, built


def _build(state: State, seat: int, spec: PersonSpec) -> str:
    m = state.match
    who, gear = (spec, ()) if isinstance(spec, str) else spec
    if who == "generic":
        person = add_generic(m, seat)
    else:
        [card] = put(state, hand(seat), [fresh(state, who)])
        put_in_play(m, card, seat)
        person = card
    for item in gear:
        [card] = put(state, hand(seat), [fresh(state, item)])
        m.attach(card, hand(seat), person, seat)
    return person


def fresh(state: State, card: str) -> str:
    """``card`` if it is an id; else the first card of that name still in the deck
    (``boardcore.testing.put`` would also take a copy that is already placed)."""
    m = state.match
    if card in m.rules.cards:
        return card
    for candidate in sorted(m.zones["deck"]):
        if m.rules.cards[candidate].name == card:
            return candidate
    raise AssertionError(f"no {card!r} left in the deck")


def fresh_many(state: State, cards: Sequence[str]) -> list[str]:
    """Like :func:`fresh` for several cards, each name taking a different copy."""
    m = state.match
    chosen: list[str] = []
    for card in cards:
        if card in m.rules.cards:
            chosen.append(card)
            continue
        left = sorted(c for c in m.zones["deck"] if m.rules.cards[c].name == card and c not in chosen)
        assert left, f"no {card!r} left in the deck"
        chosen.append(left[0])
    return chosen


def texts(state: State, player: int | None = None) -> list[str]:
    """The option texts of ``player``'s pending decision (the first one by default)."""
    return [str(o) for o in decision(state, player).options]


def decision(state: State, player: int | None = None) -> boardcore.Decision:
    for d in state.pending:
        if player is None or d.player == player:
            return d
    raise AssertionError(f"player {player} is not being asked anything; pending: {state.pending}")


def option(state: State, player: int, what: str) -> Action:
    """The option of ``player`` whose text is ``what``, or whose item or card is ``what``."""
    for o in decision(state, player).options:
        if str(o) == what or getattr(o, "item", None) == what or (isinstance(o, PlayOn) and o.card == what):
            return o
    raise AssertionError(f"{what!r} is not an option of player {player}: {texts(state, player)}")


def choose(state: State, player: int, *whats: str) -> None:
    """Apply ``player``'s options ``whats`` one after the other."""
    for what in whats:
        state.apply(player, option(state, player, what))


def play_on(state: State, player: int, card: str, target: int) -> None:
    """Play a card from hand on seat ``target`` (PW-D04, PW-D10), by card id or name."""
    m = state.match
    for o in decision(state, player).options:
        if isinstance(o, PlayOn) and o.target == target and (o.card == card or m.rules.cards[o.card].name == card):
            state.apply(player, o)
            return
    raise AssertionError(f"cannot play {card} on {target}: {texts(state, player)}")


def advance_to(state: State, phase: str) -> None:
    """Answer pass/done to everything until ``phase`` begins."""
    while state.match.phase != phase:
        d = state.pending[0]
        quiet = [o for o in d.options if isinstance(o, (boardcore.Pass, boardcore.Done))]
        assert quiet, f"cannot pass through {d.prompt}: {[str(o) for o in d.options]}"
        state.apply(d.player, quiet[0])


def raid(
    attackers: Sequence[PersonSpec],
    defenders: Sequence[PersonSpec],
    *,
    raiders: Sequence[int] | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    dice: Iterable[int] = (),
    players: int = 2,
    **kwargs: Any,
) -> tuple[State, dict[int, list[str]]]:
    """Seat 0 raids seat 1 with War Party; ``raiders`` are indexes into the attackers
    (all of them by default). The deck top is an inert card, so the turn up to the
    Raid Phase asks nothing that matters."""
    hands = dict(hands or {})
    hands[0] = ["War Party", *hands.get(0, ())]
    state, built = position(
        players, tribes={0: attackers, 1: defenders, **kwargs.pop("tribes", {})}, hands=hands,
        deck=["Bark & Leaves"], **kwargs,
    )
    advance_to(state, "raid")
    load_dice(state, dice)
    play_on(state, 0, "War Party", 1)
    chosen = [built[0][i] for i in (raiders if raiders is not None else range(len(attackers)))]
    choose(state, 0, *chosen, "done")
    return state, built


def events(state: State, kind: type) -> list[Any]:
    return [e for e in state.events if isinstance(e, kind)]


def rolls(state: State) -> list[int]:
    return [e.value for e in state.events if isinstance(e, boardcore.DieRolled)]


def evolve_table(state: State, **changes: Any) -> None:
    m = state.match
    m.table = attrs.evolve(m.table, **changes)


def knock_out(state: State, seat: int) -> None:
    """Eliminate ``seat`` properly (empty tribe, then the elimination of PW-R36)."""
    from boardcore_prehistoric_warfare.checks import eliminate

    m = state.match
    for person in persons(m, seat):
        leave_play(m, person, Cause.KILLED)
    eliminate(m, seat)


def ids_named(state: State, zone: str, name: str) -> list[str]:
    m = state.match
    return [c for c in m.zones[zone] if m.rules.cards[c].name == name]

