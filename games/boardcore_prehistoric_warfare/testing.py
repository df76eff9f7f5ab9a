"""Test helpers for Prehistoric Warfare and its expansions: the rules' invariants and
exact positions in a few lines. The game never imports this module.

* :func:`check` is the invariants of rules section 7 that can be read off any
  state; give it to ``boardcore.testing.check_game(game, checks=[check])``.
* :func:`position` rebuilds tribes person by person (with their gear and entry
  numbers), hands, Food, Prisoners, the top of the deck and the next dice, then
  starts the turn of any seat in any round;
* :func:`raid` reaches a declared raid with chosen raiders and loaded dice;
* :func:`choose_ids` answers by the item or target of an option, because persons
  are worded by their entry numbers ("strike generic #12"); :func:`play_on` plays
  a card on a seat; :func:`strike` names attack targets and :func:`pass_rerolls`
  passes the reroll windows that offer nothing; :func:`play_out_turn` passes to
  the next seat's turn; :func:`knock_out` eliminates a seat.

Every helper takes the loaded game to play (``game=``, the base game by default),
so an expansion's tests arrange its own cards the same way::

    game = boardcore.load_game("prehistoric-warfare", plugins=["pw-shamans"])
    state, built = position(game=game, tribes={0: ["generic", "Cave Shaman"]}, deck=["Honey"])

The driving itself comes from ``boardcore.testing`` (``choose`` by option text,
``options``, ``decision``, ``events``, ``advance_to``, ``put``, ``stack``,
``load_dice``, ``set_count``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import boardcore
from boardcore import Match, State
from boardcore.testing import advance_to, arranged, decision, events, load_dice, options, put, set_count, stack

from . import FELL_TOGETHER, NAME, eliminate
from .cards import RULES, CardType
from .raid import Raid, RaidBegan
from .tribe import DECK, FOOD, GENERIC, HAND, PRISONERS, TRIBE, Cause, LeftPlay, add_generic, card, enter, generics
from .tribe import is_generic, owner, persons

PersonSpec = str | tuple[str, Sequence[str]]
"""``"generic"``, a Person card (name or id), or ``(either, [gear names or ids])``."""


@cache
def base_game() -> boardcore.Game:
    """The game without plugins (loaded once)."""
    return boardcore.load_game(NAME)


# -- invariants (rules section 7) -------------------------------------------------------


def check(m: Match) -> list[str]:
    """Problems with the invariants of section 7 that can be read off any state; it
    may read everything, hidden cards included. (Card conservation and counters that
    never go negative are the engine's own properties.)"""
    problems = _check_persons(m) + _check_attachments(m) + _check_seats(m)
    if m.table.raid is not None:
        problems += _check_raid(m, m.table.raid)
    return problems


def in_play(m: Match, seat: int) -> tuple[str, ...]:
    return (*m.zones[TRIBE[seat]], *generics(m, seat))


def _check_persons(m: Match) -> list[str]:
    """Only P cards are in play unattached (7.3); entry numbers belong to the persons in play."""
    problems = []
    entries = m.table.entries
    everyone: set[str] = set()
    for seat in range(m.players):
        for card_id in m.zones[TRIBE[seat]]:
            if card(m, card_id).type is not CardType.PERSON:
                problems.append(f"{card_id} is in play unattached but is not a Person card")
        everyone.update(in_play(m, seat))
    strange = [pid for pid, piece in m.pieces.items() if piece.kind != GENERIC]
    if strange:
        problems.append(f"pieces that are not generic people: {strange}")
    if set(entries) != everyone:
        problems.append(f"entry numbers {sorted(set(entries) ^ everyone)} do not match the persons in play")
    if entries and max(entries.values()) >= m.table.next_entry:
        problems.append("an entry number is not below the next one")
    if not 1 <= m.round <= RULES.round_limit:
        problems.append(f"round {m.round} is outside 1..{RULES.round_limit}")
    return problems


def _check_attachments(m: Match) -> list[str]:
    """Slot legality (7.3): attachments only on persons in play, one card per slot."""
    problems = []
    entries = m.table.entries
    for zone, spec in m.specs.items():
        if spec.host is None:
            continue
        host = spec.host
        held = [card(m, c) for c in m.zones[zone]]
        if host not in entries:
            problems.append(f"{zone} hangs on {host}, which is not a person in play")
            continue
        if spec.owner != owner(m, host):
            problems.append(f"{zone} belongs to seat {spec.owner} but {host} does not")
        if not held:
            problems.append(f"{zone} is empty")
        slots: list[object] = []
        for item in held:
            if not item.slots:
                problems.append(f"{item.id} ({item.type.value}) is attached but cannot be")
            slots += item.slots
        if len(slots) != len(set(slots)):
            problems.append(f"{host} has two cards in one slot: {[c.id for c in held]}")
    return problems


def _check_seats(m: Match) -> list[str]:
    """Eliminated players hold nothing (7.8); a running game has two tribes left (7.11)."""
    problems = []
    for seat in m.out:
        if m.zones[HAND[seat]] or in_play(m, seat):
            problems.append(f"eliminated seat {seat} still holds cards or persons")
        if m.count(FOOD, seat) or m.count(PRISONERS, seat):
            problems.append(f"eliminated seat {seat} still has Food or Prisoners")
    if m.result is None and len(m.alive()) < 2:
        problems.append(f"the game goes on with seats {list(m.alive())} left")
    if m.result is not None and m.result.reason != FELL_TOGETHER:
        for seat in m.result.winners:
            if seat in m.out:
                problems.append(f"eliminated seat {seat} is among the winners")
    return problems


def _check_raid(m: Match, raid: Raid) -> list[str]:
    """Raid monotonicity (7.6)."""
    problems = []
    if raid.attacker == raid.defender or not ({raid.attacker, raid.defender} <= set(m.alive())):
        problems.append(f"raid between seats {raid.attacker} and {raid.defender}")
    if not 0 <= raid.round <= RULES.raid_round_limit:
        problems.append(f"raid round {raid.round}")
    for side, seat in ((0, raid.attacker), (1, raid.defender)):
        here = set(persons(m, seat))
        missing = [p for p in raid.sides[side] if p not in here]
        if missing:
            problems.append(f"raid participants {missing} are not seat {seat}'s persons in play")
        if raid.lost[side] != raid.fielded[side] - len(raid.sides[side]):
            problems.append(f"side {side} lost {raid.lost[side]} but its participants dropped differently")
    stray = [p for p in raid.marked if p not in raid.sides[0] and p not in raid.sides[1]]
    if stray:
        problems.append(f"marked persons {stray} are not participants")
    return problems


# -- scenarios ------------------------------------------------------------------------------


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
    game: boardcore.Game | None = None,
    extra: Callable[[State], Any] | None = None,
) -> tuple[State, dict[int, list[str]]]:
    """A match at the start of ``active``'s turn in round ``round``. Returns the state
    and, per seat listed in ``tribes``, the ids of the persons built, in the order
    given. ``deck`` is the top of the deck, drawn first; ``dice`` the next die
    results. ``extra(state)`` may change anything else before the first step runs."""
    built: dict[int, list[str]] = {}

    def before(state: State) -> None:
        m = state.match
        for seat, specs in (tribes or {}).items():
            for person in persons(m, seat):
                remove(m, person)
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

    state = arranged(game or base_game(), players, seed, before=before)
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
        [card_id] = put(state, HAND[seat], [item])
        m.attach(card_id, HAND[seat], person, seat)
    return person


def remove(m: Match, person: str) -> None:
    """Take a person out of play as the rules do (PW-R41: his gear to the discard pile, a
    named card too, a marker back to the supply), with nothing recorded."""
    LeftPlay(person, owner(m, person), Cause.HARDSHIP).happen(m)


def choose_ids(state: State, player: int, *ids: str) -> None:
    """Apply ``player``'s options whose item (a pick) or target (a played card) is
    each of ``ids`` in turn."""
    for wanted in ids:
        offered = decision(state, player).options
        found = [o for o in offered if wanted in (getattr(o, "item", None), getattr(o, "target", None))]
        assert len(found) == 1, f"{wanted!r} is not one option of player {player}: {options(state, player)}"
        state.apply(player, found[0])


def play_on(state: State, player: int, card_name: str, target: int) -> None:
    """Play a card from hand on seat ``target`` (PW-D04, PW-D10), by card id or name."""
    m = state.match
    for o in decision(state, player).options:
        if isinstance(o, boardcore.actions.Play) and o.target == target and card_name in (o.card, m.rules.cards[o.card].name):
            state.apply(player, o)
            return
    raise AssertionError(f"cannot play {card_name} on {target}: {options(state, player)}")


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
    Raid Phase asks nothing that matters. Other keywords go to :func:`position`.

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
        remove(m, newcomer)
    load_dice(state, dice)
    play_on(state, 0, "War Party", 1)
    chosen = [built[0][i] for i in (raiders if raiders is not None else range(len(attackers)))]
    plain = [p for p in chosen if is_generic(m, p) and not m.attached(p)]
    for person in [p for p in chosen if p not in plain] + plain:
        if events(state, RaidBegan):
            break  # the engine picked a lone candidate itself (public, one option)
        offered = decision(state, 0).options
        [choice] = [o for o in offered if getattr(o, "item", None) in (plain if person in plain else (person,))]
        state.apply(0, choice)
    if not events(state, RaidBegan):
        state.apply(0, boardcore.actions.DONE)
    assert set(events(state, RaidBegan)[0].raiders) == set(chosen), "the raiders are not the ones chosen"
    return state, built


def pass_rerolls(state: State) -> None:
    """Answer "pass" to reroll windows that offer nothing else. A player who holds any
    card is asked after each raid die he is hurt by (a Defense or Tactics card would
    be secret); with no source "pass" is his only option (PW-R30)."""
    while state.pending and all(str(o) == "pass" for o in state.pending[0].options):
        if "reroll, or pass" not in state.pending[0].prompt:
            return
        state.apply(state.pending[0].player, boardcore.actions.PASS)


def strike(state: State, player: int, *targets: str) -> None:
    """Name the targets of ``player``'s next attacks (PW-D13) by person id, passing
    the reroll windows with nothing to offer in between (see :func:`pass_rerolls`)."""
    for target in targets:
        pass_rerolls(state)
        choose_ids(state, player, target)
    pass_rerolls(state)


def rolls(state: State) -> list[int]:
    """Every die result so far, in order."""
    return [e.value for e in state.events if isinstance(e, boardcore.events.DieRolled)]


def knock_out(state: State, seat: int) -> None:
    """Eliminate ``seat`` properly: empty its tribe, then the elimination of PW-R36."""
    m = state.match
    for person in persons(m, seat):
        remove(m, person)
    eliminate(m, seat)


def names(state: State, zone: str) -> list[str]:
    """The names of the cards in ``zone``, in order."""
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
