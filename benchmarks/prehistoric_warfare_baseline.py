"""Prehistoric Warfare written plainly in Python: the yardstick for the engine.

Same rules as the engine's game (rules section 4, PW-R01 to PW-R41, the data's
constants: 30 people to win, 50 rounds, 10 raid rounds) and the same random
policy, asked in the same decision structure. Every decision takes option
``int(rng.random() * n)`` of its ``n`` options. As in the engine, a decision
whose options depend on a hidden hand is asked even when "pass" or "done" is its
only option (but not when the hand is empty: hand sizes are public), and a
decision whose options are public is not asked when it has a single option:

* asked whenever the hand is not empty: the Draw-2 menu (PW-D02, each card once
  a turn), Hunt (PW-D03), Hardship (PW-D04, one option per card and opponent),
  the target's negation (PW-D05), Recruit (PW-D07) and the attachment's card
  (PW-D08, only cards that fit somebody are offered), the raid (PW-D10), the
  Massacre then Counter-Attack window (PW-D14, PW-D15), and the reroll window
  (PW-D17, also asked with an empty hand while an unused Chieftain fights);
* asked only with two options or more: the hand limit (PW-D01, always 6+),
  losing a person (PW-D06, PW-D09), the attachment's person (PW-D08), captures
  (PW-D11), raiders (PW-D12: a person or, after the first, done), targets
  (PW-D13), and retreat or fight on (PW-D16, one decision per side).

Where a decision offers persons (PW-D06, PW-D09, PW-D11, PW-D12, PW-D13, but not
the attachment's person), unarmed generic markers that sit next to each other in
the tribe of the persons' owner (oldest first: his whole tribe, including marked
persons and those at home from a raid) are one option, which stands for the
youngest of them that may be chosen (section 4.4); a single option left after
this merging is not asked.

Cards are small integers, piles and hands are lists; a person in play is a small
list (see ``ENTRY`` .. ``ARMOR``) in its tribe's list, oldest first. The card rows
and constants are read from the engine's data files (``data/cards.toml``,
``data/rules.toml``), so both sides play with the same deck; nothing else of the
engine is used.
"""

from __future__ import annotations

import random
from typing import Any

from baseline_data import game_data

POPULATION = "population: a tribe reached 30 people"
LAST_STANDING = "elimination: last tribe standing"
FELL_TOGETHER = "elimination: the last tribes fell together"
ROUND_LIMIT = "turn limit: largest tribe after round 50"
"""The result reasons, worded as the engine words them, to compare outcomes."""


_RULES: dict[str, Any] = game_data("boardcore_prehistoric_warfare", "rules.toml")["rules"]
START_PEOPLE: int = _RULES["start_people"]
START_FOOD: int = _RULES["start_food"]
HAND_LIMIT: int = _RULES["hand_limit"]
BIG_TRIBE: int = _RULES["big_tribe"]
PEOPLE_PER_FOOD: int = _RULES["people_per_food"]
WINNING_POPULATION: int = _RULES["winning_population"]
ROUND_LIMIT_ROUNDS: int = _RULES["round_limit"]
RAID_ROUNDS: int = _RULES["raid_round_limit"]
DEFENDER_DRAW: int = _RULES["defender_draw"]
DIE: int = _RULES["die"]

# Every physical card, rows in printed order and copies in order (section 3, step 2).
_ROWS = [row for row in game_data("boardcore_prehistoric_warfare", "cards.toml")["cards"] for _ in range(row["copies"])]
TYPE = [row["type"] for row in _ROWS]
"""The printed type letter: P, M, W, MW, A, D, T, R, G, H, X."""
_EFFECT = [row.get("effect") for row in _ROWS]
STRENGTH = [row.get("strength") or 0 for row in _ROWS]
FOOD = [row.get("food") or 0 for row in _ROWS]
CATEGORY = [row.get("category") for row in _ROWS]
NEGATES = [row.get("negates") if e == "negate" else None for row, e in zip(_ROWS, _EFFECT)]
DRAWS = [2 if e == "draw-2" else 0 for e in _EFFECT]
EXTRA_ROUND = [0 if e == "massacre" else 1 if e == "counter-attack" else -1 for e in _EFFECT]
"""The raid side (0 Attacker, 1 Defender) that may play the card for another round (PW-R28), or -1."""
RANGED_S = [row["strength"] if row["type"] in ("M", "MW") else 0 for row in _ROWS]
HTH_BONUS = [row["strength"] if row["type"] == "W" else row.get("bonus") or 0 for row in _ROWS]
NEEDS_RANGED = [t in ("M", "MW") for t in TYPE]
NEEDS_HTH = [t in ("W", "MW") for t in TYPE]
NEEDS_ARMOR = [t == "A" for t in TYPE]
ATTACHES = [t in ("M", "W", "MW", "A") for t in TYPE]

ENTRY, CARD, STR, SHOOT_BONUS, GUARD, REROLLS, RANGED, HTH, ARMOR = range(9)
"""A person's fields: entry number; its card (-1 for a generic marker); STR; the
Hunter's ranged bonus (PW-R10); the modifier against it (Great Warrior, PW-R08);
its rerolls per raid (Chieftain, PW-R09); the cards in its Ranged, HTH and Armor
slots (-1 when free; Sticks & Stones fills both weapon slots, PW-R13)."""


def _person(entry: int, card: int) -> list[int]:
    if card < 0:
        return [entry, -1, 1, 0, 0, 0, -1, -1, -1]
    effect = _EFFECT[card]
    return [entry, card, STRENGTH[card], int(effect == "hunter"), int(effect == "great-warrior"),
            int(effect == "chieftain"), -1, -1, -1]  # fmt: skip


def fits(card: int, person: list[int]) -> bool:
    """Whether every slot ``card`` needs on ``person`` is free (PW-R12, PW-R13)."""
    return not (
        (NEEDS_RANGED[card] and person[RANGED] >= 0)
        or (NEEDS_HTH[card] and person[HTH] >= 0)
        or (NEEDS_ARMOR[card] and person[ARMOR] >= 0)
    )


def merged(people: list[list[int]], eligible: set[int] | None = None) -> list[list[int]]:
    """The persons a decision offers (section 4.4): those of ``people`` (a whole
    tribe, oldest first) whose entry numbers are in ``eligible`` (everybody by
    default), in order, except that a run of unarmed generic markers next to each
    other in ``people`` is offered once, as its youngest eligible member."""
    offered: list[list[int]] = []
    joined = False  # offered[-1] is an eligible member of the current run
    for p in people:
        if p[CARD] < 0 and p[RANGED] < 0 and p[HTH] < 0 and p[ARMOR] < 0:
            if eligible is None or p[ENTRY] in eligible:
                if joined:
                    offered[-1] = p
                else:
                    offered.append(p)
                    joined = True
        else:  # ends the run: a person of its own
            joined = False
            if eligible is None or p[ENTRY] in eligible:
                offered.append(p)
    return offered


def play_game(rng: random.Random, players: int = 2) -> tuple[tuple[int, ...], str, int, int]:
    """One game; returns (winners, the result's reason, decisions taken, turns played)."""
    pile = list(range(len(TYPE)))
    rng.shuffle(pile)
    discard: list[int] = []
    hands: list[list[int]] = [[] for _ in range(players)]
    tribes: list[list[list[int]]] = [[] for _ in range(players)]
    food = [START_FOOD] * players
    prisoners = [0] * players
    alive = list(range(players))
    entry = 0
    decisions = 0
    random_ = rng.random

    def choose(n: int) -> int:
        """An asked decision with ``n`` options: the policy's pick."""
        nonlocal decisions
        decisions += 1
        return int(random_() * n)

    def d10() -> int:
        return int(random_() * DIE) + 1

    def draw(hand: list[int], n: int) -> None:
        """Draw ``n`` cards one at a time; an empty pile takes the shuffled discard
        pile, and with both empty the draw is skipped (PW-R40)."""
        for _ in range(n):
            if not pile:
                if not discard:
                    return
                pile.extend(discard)
                discard.clear()
                rng.shuffle(pile)
            hand.append(pile.pop())

    def enter(seat: int, card: int) -> None:
        """A person enters play with the next entry number (the newest is last)."""
        nonlocal entry
        entry += 1
        tribes[seat].append(_person(entry, card))

    def leave(seat: int, person: list[int]) -> None:
        """A person leaves play: its attachments and its card go to the discard pile (PW-R41)."""
        tribes[seat].remove(person)
        ranged, hth, armor = person[RANGED], person[HTH], person[ARMOR]
        if ranged >= 0:
            discard.append(ranged)
        if hth >= 0 and hth != ranged:
            discard.append(hth)
        if armor >= 0:
            discard.append(armor)
        if person[CARD] >= 0:
            discard.append(person[CARD])

    def lose_person(seat: int) -> None:
        """PW-D06, PW-D09: ``seat`` picks one of his persons to lose (public options)."""
        offered = merged(tribes[seat])
        leave(seat, offered[choose(len(offered))] if len(offered) > 1 else offered[0])

    def check() -> tuple[tuple[int, ...], str] | None:
        """The end-of-phase check (section 4.3): eliminations, last tribe, 30 people."""
        fallen = [seat for seat in alive if not tribes[seat]]
        for seat in fallen:  # PW-R36: nobody left in play, so only the hand and counters go
            discard.extend(hands[seat])
            hands[seat].clear()
            food[seat] = prisoners[seat] = 0
            alive.remove(seat)
        if len(alive) == 1:
            return tuple(alive), LAST_STANDING
        if not alive:
            return tuple(fallen), FELL_TOGETHER
        top = max(len(tribes[seat]) for seat in alive)
        if top >= WINNING_POPULATION:
            return tuple(seat for seat in alive if len(tribes[seat]) == top), POPULATION
        return None

    def aimed(hand: list[int], kind: str, opponents: list[int]) -> tuple[int, int] | None:
        """PW-D04, PW-D10: one (card of ``kind``, opponent) pair, or pass (None)."""
        cards = [c for c in hand if TYPE[c] == kind]
        n = len(cards) * len(opponents)
        k = choose(n + 1)
        if k == n:
            return None
        card = cards[k // len(opponents)]
        hand.remove(card)
        discard.append(card)
        return card, opponents[k % len(opponents)]

    def raid(attacker: int, defender: int) -> int | None:
        """Section 4.1: the winning side (0 Attacker, 1 Defender), or None."""
        # PW-D12: raiders one at a time; "done" only after the first.
        tribe = tribes[attacker]
        free = {p[ENTRY] for p in tribe}
        picked: list[list[int]] = []
        while True:
            offered = merged(tribe, free)
            n = len(offered) + (1 if picked else 0)
            k = choose(n) if n > 1 else 0
            if k == len(offered):
                break
            free.discard(offered[k][ENTRY])
            picked.append(offered[k])
        picked.sort()  # oldest first (entry numbers are unique)
        sides = [picked, tribes[defender][:]]
        fielded = (len(sides[0]), len(sides[1]))
        seats = (attacker, defender)
        spent: list[int] = []  # entry numbers of the Chieftains whose reroll is used
        rounds = 0
        while True:
            rounds += 1
            for ranged_step in (True, False):
                marked: set[int] = set()
                for side in (0, 1):
                    enemy = sides[1 - side]
                    home = tribes[seats[1 - side]]  # the enemy's whole tribe: its runs (section 4.4)
                    for person in sides[side]:
                        if ranged_step:
                            weapon = person[RANGED]
                            if weapon < 0:
                                continue
                            strength = RANGED_S[weapon] + person[SHOOT_BONUS]
                        else:
                            weapon = person[HTH]
                            strength = person[STR] + (HTH_BONUS[weapon] if weapon >= 0 else 0)
                        eligible = {t[ENTRY] for t in enemy if t[ENTRY] not in marked}  # PW-D13
                        if not eligible:
                            continue
                        targets = merged(home, eligible)
                        target = targets[choose(len(targets))] if len(targets) > 1 else targets[0]
                        need = strength - target[GUARD] - (target[ARMOR] >= 0)  # hit if d10 <= need
                        roll = d10()
                        if 0 < need < DIE:  # PW-D17: the reroll window
                            while True:
                                x = 1 - side if roll <= need else side  # the side the die hurts
                                hand = hands[seats[x]]
                                chiefs = [p for p in sides[x] if p[REROLLS] and p[ENTRY] not in spent]
                                if not hand and not chiefs:
                                    break
                                wanted = "D" if x else "T"
                                cards = [c for c in hand if TYPE[c] == wanted]
                                n = len(chiefs) + len(cards)
                                k = choose(n + 1)
                                if k == n:
                                    break
                                if k < len(chiefs):
                                    spent.append(chiefs[k][ENTRY])
                                else:
                                    hand.remove(cards[k - len(chiefs)])
                                    discard.append(cards[k - len(chiefs)])
                                roll = d10()
                        if roll <= need:
                            marked.add(target[ENTRY])
                if marked:
                    for side in (0, 1):
                        for person in [p for p in sides[side] if p[ENTRY] in marked]:
                            leave(seats[side], person)
                        sides[side] = [p for p in sides[side] if p[ENTRY] not in marked]
            # R4, the round end (PW-R26 to PW-R29).
            lost_a, lost_d = fielded[0] - len(sides[0]), fielded[1] - len(sides[1])
            go_on = sides[0] and sides[1] and rounds < RAID_ROUNDS
            if lost_a != lost_d:
                leader = 0 if lost_a < lost_d else 1
                if not go_on:
                    return leader
                # PW-D14 then PW-D15: Massacre, else Counter-Attack, for another round.
                extra = False
                for side in (0, 1):
                    hand = hands[seats[side]]
                    if hand:
                        cards = [c for c in hand if EXTRA_ROUND[c] == side]
                        k = choose(len(cards) + 1)
                        if k < len(cards):
                            hand.remove(cards[k])
                            discard.append(cards[k])
                            extra = True
                            break
                if not extra:
                    return leader
            else:
                if not go_on:
                    return None
                # PW-D16: retreat (option 0) or fight on, both sides in secret; both retreat to end it.
                attacker_stance, defender_stance = choose(2), choose(2)
                if attacker_stance == defender_stance == 0:
                    return None

    for seat in range(players):  # section 3: entry numbers seat by seat
        for _ in range(START_PEOPLE):
            enter(seat, -1)

    turns = 0
    for _ in range(ROUND_LIMIT_ROUNDS):
        for a in range(players):
            if a not in alive:
                continue
            turns += 1
            hand = hands[a]
            tribe = tribes[a]
            # Phase 1, Nomad (PW-R15 to PW-R17).
            draw(hand, 1 + (len(tribe) >= BIG_TRIBE))
            while len(hand) > HAND_LIMIT:
                discard.append(hand.pop(choose(len(hand))))
            used: list[int] = []
            while hand:
                cards = [c for c in hand if DRAWS[c] and c not in used]
                k = choose(len(cards) + 1)
                if k == len(cards):
                    break
                card = cards[k]
                hand.remove(card)
                discard.append(card)
                used.append(card)
                draw(hand, DRAWS[card])
            # Phase 2, Hunt (PW-R18).
            if hand:
                cards = [c for c in hand if TYPE[c] == "G"]
                k = choose(len(cards) + 1)
                if k < len(cards):
                    hand.remove(cards[k])
                    discard.append(cards[k])
                    food[a] += FOOD[cards[k]]
            # Phase 3, Elements (PW-R19, PW-R20).
            if hand:
                played = aimed(hand, "H", [seat for seat in alive if seat != a])
                if played is not None:
                    hardship, target = played
                    negated = False
                    own = hands[target]
                    if own:
                        cards = [c for c in own if NEGATES[c] == CATEGORY[hardship]]
                        k = choose(len(cards) + 1)
                        if k < len(cards):
                            own.remove(cards[k])
                            discard.append(cards[k])
                            negated = True
                    if not negated:
                        lose_person(target)
                    result = check()
                    if result is not None:
                        return (*result, decisions, turns)
            # Phase 4, Tribe (PW-R11 to PW-R14, PW-R21).
            enter(a, -1)
            while hand:
                cards = [c for c in hand if TYPE[c] == "P"]
                k = choose(len(cards) + 1)
                if k == len(cards):
                    break
                hand.remove(cards[k])
                enter(a, cards[k])
            while hand:
                offers = []
                for card in hand:
                    if ATTACHES[card]:
                        hosts = [p for p in tribe if fits(card, p)]
                        if hosts:
                            offers.append((card, hosts))
                k = choose(len(offers) + 1)
                if k == len(offers):
                    break
                card, hosts = offers[k]
                host = hosts[choose(len(hosts))] if len(hosts) > 1 else hosts[0]
                hand.remove(card)
                if NEEDS_RANGED[card]:
                    host[RANGED] = card
                if NEEDS_HTH[card]:
                    host[HTH] = card
                if NEEDS_ARMOR[card]:
                    host[ARMOR] = card
            if len(tribe) >= WINNING_POPULATION:
                result = check()
                if result is not None:
                    return (*result, decisions, turns)
            # Phase 5, Food (PW-R22): it can neither empty a tribe nor grow one.
            unpaid = len(tribe) // PEOPLE_PER_FOOD
            paid = min(unpaid, food[a])
            food[a] -= paid
            unpaid -= paid
            eaten = min(unpaid, prisoners[a])
            prisoners[a] -= eaten
            for _ in range(unpaid - eaten):
                lose_person(a)
            # Phase 6, Raid (PW-R23), and Phase 7, Aftermath (PW-R27, PW-R32 to PW-R35).
            if hand:
                played = aimed(hand, "R", [seat for seat in alive if seat != a])
                if played is not None:
                    t = played[1]
                    winner = raid(a, t)
                    if winner == 1:
                        draw(hands[t], DEFENDER_DRAW)
                    elif winner == 0:
                        for _ in range(prisoners[t]):
                            enter(a, -1)
                        prisoners[t] = 0
                        taken = min((d10() + 1) // 2, sum(p[CARD] < 0 for p in tribes[t]))
                        for _ in range(taken):  # PW-D11: any generic, armed or not
                            victims = tribes[t]
                            offered = merged(victims, {p[ENTRY] for p in victims if p[CARD] < 0})
                            leave(t, offered[choose(len(offered))] if len(offered) > 1 else offered[0])
                            prisoners[a] += 1
                        stolen = min(d10(), food[t])
                        food[t] -= stolen
                        food[a] += stolen
                    result = check()
                    if result is not None:
                        return (*result, decisions, turns)
    # PW-R39: the largest tribe, then the most Food, then the most Prisoners.
    best = max((len(tribes[seat]), food[seat], prisoners[seat]) for seat in alive)
    winners = tuple(seat for seat in alive if (len(tribes[seat]), food[seat], prisoners[seat]) == best)
    return winners, ROUND_LIMIT, decisions, turns


def play(rng: random.Random, players: int = 2) -> tuple[tuple[int, ...], int]:
    """One game with ``players`` seats; returns (winners, decisions taken)."""
    winners, _, decisions, _ = play_game(rng, players)
    return winners, decisions
