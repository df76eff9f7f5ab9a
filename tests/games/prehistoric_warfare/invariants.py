"""The invariants of Prehistoric Warfare rules section 7 that can be read off any state.

``check`` is given to ``boardcore.testing.check_game`` and to the property tests;
it may read everything, hidden cards included. (Card conservation and counters
that never go negative are the engine's own properties.)
"""

from __future__ import annotations

from boardcore import Match
from boardcore_prehistoric_warfare import FELL_TOGETHER, FOOD, HAND, PRISONERS, RULES, TRIBE, CardType, Raid
from boardcore_prehistoric_warfare.tribe import GENERIC, card, generics, owner, persons


def check(m: Match) -> list[str]:
    """Problems with the invariants of section 7 that can be read off any state."""
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
