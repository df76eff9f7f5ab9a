"""Helpers for Prehistoric Warfare rules tests: exact positions, and answers by id.

The driving itself comes from ``boardcore.testing`` (``choose`` by option text,
``options``, ``decision``, ``events``, ``advance_to``, ``put``, ``stack``,
``load_dice``, ``set_count``). What is particular to this game lives here:

* :func:`position` rebuilds tribes person by person (with their gear and entry
  numbers), then starts the turn of any seat in any round;
* :func:`choose_ids` answers by the item or target of an option, because persons
  are worded by their entry numbers ("strike generic #12"), which tests read by id;
* :func:`raid` reaches a declared raid with chosen raiders and loaded dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import boardcore
from boardcore import State
from boardcore.testing import advance_to, arranged, decision, events, load_dice, options, put, set_count, stack
from boardcore_prehistoric_warfare import DECK, FOOD, HAND, PRISONERS, TRIBE, Cause, RaidBegan
from boardcore_prehistoric_warfare.checks import eliminate
from boardcore_prehistoric_warfare.tribe import add_generic, enter, is_generic, leave_play, persons

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
    round: int = 1,
    seed: int = 0,
    game: boardcore.Game = GAME,
    extra: Any = None,
) -> tuple[State, dict[int, list[str]]]:
    """A match at the start of ``active``'s turn in round ``round``. Returns the state
    and, per seat listed in ``tribes``, the ids of the persons built, in the order
    given. ``extra(state)`` may change anything else before the first step runs."""
    built: dict[int, list[str]] = {}

    def before(state: State) -> None:
        m = state.match
        for seat, specs in (tribes or {}).items():
            for person in persons(m, seat):
                leave_play(m, person, Cause.KILLED)
            built[seat] = [_build(state, seat, spec) for spec in specs]
        for seat, cards in (hands or {}).items():
            put(state, HAND[seat], cards)
        for seat, value in (food or {}).items():
            set_count(state, FOOD, value, seat)
        for seat, value in (prisoners or {}).items():
            set_count(state, PRISONERS, value, seat)
        if deck:
            stack(state, DECK, deck)
        load_dice(state, dice)
        # The engine counts rounds begun and starts the first turn after the stored
        # seat: starting at seat 0 begins a round, starting later continues one.
        if active:
            m.active_seat = active - 1
        m.round = round - (active == 0)
        if extra is not None:
            extra(state)

    state = arranged(game, players, seed, before=before)
    return state, built


def _build(state: State, seat: int, spec: PersonSpec) -> str:
    m = state.match
    who, gear = (spec, ()) if isinstance(spec, str) else spec
    if who == "generic":
        person = add_generic(m, seat)
    else:
        [person] = put(state, TRIBE[seat], [who])
        enter(m, person, seat)
    for item in gear:
        [card] = put(state, HAND[seat], [item])
        m.attach(card, HAND[seat], person, seat)
    return person


def choose_ids(state: State, player: int, *ids: str) -> None:
    """Apply ``player``'s options whose item (a pick) or target (a played card) is
    each of ``ids`` in turn."""
    for wanted in ids:
        offered = decision(state, player).options
        found = [o for o in offered if wanted in (getattr(o, "item", None), getattr(o, "target", None))]
        assert len(found) == 1, f"{wanted!r} is not one option of player {player}: {options(state, player)}"
        state.apply(player, found[0])


def play_on(state: State, player: int, card: str, target: int) -> None:
    """Play a card from hand on seat ``target`` (PW-D04, PW-D10), by card id or name."""
    m = state.match
    for o in decision(state, player).options:
        if isinstance(o, boardcore.Play) and o.target == target and card in (o.card, m.rules.cards[o.card].name):
            state.apply(player, o)
            return
    raise AssertionError(f"cannot play {card} on {target}: {options(state, player)}")


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
    Raid Phase asks nothing that matters.

    The generic marker the Tribe Phase gave seat 0 leaves again before the raid, so
    that the tribe is the one built. Unarmed generic raiders are offered as one
    option when no other person entered between them (section 4.4): picking ``k`` of
    such a run fields its ``k`` youngest."""
    hands = dict(hands or {})
    hands[0] = ["War Party", *hands.get(0, ())]
    state, built = position(
        players, tribes={0: attackers, 1: defenders, **kwargs.pop("tribes", {})}, hands=hands,
        deck=["Bark & Leaves"], **kwargs,
    )  # fmt: skip
    advance_to(state, "raid")
    m = state.match
    for newcomer in set(persons(m, 0)) - set(built[0]):
        leave_play(m, newcomer, Cause.KILLED)
    load_dice(state, dice)
    play_on(state, 0, "War Party", 1)
    chosen = [built[0][i] for i in (raiders if raiders is not None else range(len(attackers)))]
    plain = [p for p in chosen if is_generic(m, p) and not m.attached(p)]
    for person in [p for p in chosen if p not in plain] + plain:
        if events(state, RaidBegan):
            break  # the engine picked a lone candidate itself (public, one option)
        offered = decision(state, 0).options
        [pick] = [o for o in offered if getattr(o, "item", None) in (plain if person in plain else (person,))]
        state.apply(0, pick)
    if not events(state, RaidBegan):
        state.apply(0, boardcore.DONE)
    assert set(events(state, RaidBegan)[0].raiders) == set(chosen), "the raiders are not the ones chosen"
    return state, built


def pass_rerolls(state: State) -> None:
    """Answer "pass" to reroll windows that offer nothing else. Since engine 0.2 a player
    who holds any card is asked after each raid die he is hurt by (a Defense or
    Tactics card would be secret); with no source "pass" is his only option (PW-R30)."""
    while state.pending and all(str(o) == "pass" for o in state.pending[0].options):
        if "reroll, or pass" not in state.pending[0].prompt:
            return
        state.apply(state.pending[0].player, boardcore.PASS)


def strike(state: State, player: int, *targets: str) -> None:
    """Name the targets of ``player``'s next attacks (PW-D13) by person id, passing
    the reroll windows with nothing to offer in between (see :func:`pass_rerolls`)."""
    for target in targets:
        pass_rerolls(state)
        choose_ids(state, player, target)
    pass_rerolls(state)


def rolls(state: State) -> list[int]:
    return [e.value for e in state.events if isinstance(e, boardcore.DieRolled)]


def knock_out(state: State, seat: int) -> None:
    """Eliminate ``seat`` properly (empty tribe, then the elimination of PW-R36)."""
    eliminate(state.match, seat)


def names(state: State, zone: str) -> list[str]:
    m = state.match
    return [m.rules.cards[c].name for c in m.zones[zone]]


def play_out_turn(state: State) -> None:
    """Answer "pass" or "done" until the next seat's turn begins (nothing else may be asked)."""
    m = state.match
    turn = m.turn
    while m.turn == turn and not state.is_over:
        asked = state.pending[0]
        quiet = [o for o in asked.options if str(o) in ("pass", "done")]
        assert quiet, f"cannot pass through {asked.prompt}: {[str(o) for o in asked.options]}"
        state.apply(asked.player, quiet[0])
