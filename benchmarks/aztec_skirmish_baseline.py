"""Aztec Skirmish written plainly in Python: the yardstick for the engine's playouts.

Same rules as the engine's game (AZ-R01 to AZ-R33, decision points AZ-D01 to
AZ-D08) with its default options (seat 0 the Aztec, deployment by choice), and
the same random policy, asked in the same decision structure:

* deployment (AZ-D01, AZ-D02): each placed unit's square among the empty home
  squares, then the square the Conquistador leaves empty (AZ-D03); these are
  public, so a lone option is taken without counting a decision;
* Fate (AZ-D04): draw 3, then discard one card of the whole hand at a time
  down to 5;
* the Move and Attack menus (AZ-D05, AZ-D07): each card name with a legal use
  (one copy offered), the unused Draw-2 card, and "done"; asked whenever the hand
  is not empty, then the card's use (always asked, even a lone one); a group
  move (AZ-D06) adds one unit at a time, then "finish" (public: lone options
  are not counted);
* Defense (AZ-D08): the attacked side, if his hand is not empty and not every
  Defense card of his side is in the discard pile, picks one of his Defense card
  names or passes.

No engine, no events, no checks: squares are 0..63 (x + 8 y), the board is a list
of unit numbers, cards are small integers and piles are lists. The card rows, the
units, the sides and the constants are read from the engine's data file, so both
sides play with the same deck, but nothing else of the engine is used.
"""

from __future__ import annotations

import random
from typing import Any

from baseline_data import game_data

LEADER_KILLED = "killed the enemy Leader"
BOTH_LEADERS = "both Leaders fell: the attacking side wins"
LIMIT_WIN = "turn limit: fewer Hits lost"
LIMIT_DRAW = "turn limit: equal Hits lost"


_DATA = game_data("boardcore_aztec_skirmish")
_RULES: dict[str, int] = _DATA["rules"]
HAND_LIMIT = _RULES["hand_limit"]
DRAW = _RULES["draw"]
DRAW_SPECIAL = _RULES["draw_special"]
TURN_LIMIT = _RULES["turn_limit"]
WIDTH, HEIGHT = _RULES["board_width"], _RULES["board_height"]
SQUARES = WIDTH * HEIGHT

# -- the board -------------------------------------------------------------------------

DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""N, NE, E, SE, S, SW, W, NW; north is towards the higher ranks."""
_DIRECTION_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def _ray(square: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y, found = square % WIDTH + dx, square // WIDTH + dy, []
    while 0 <= x < WIDTH and 0 <= y < HEIGHT:
        found.append(x + WIDTH * y)
        x, y = x + dx, y + dy
    return tuple(found)


RAYS = [[_ray(s, dx, dy) for dx, dy in DIRECTIONS] for s in range(SQUARES)]
"""Every square along each direction up to the edge, nearest first."""


def _canister(square: int, dx: int, dy: int) -> tuple[int, ...]:
    """Canister Shot (AZ-R22): the next square, the one 2 away and the squares beside it."""
    line = _ray(square, dx, dy)[:2]
    if len(line) < 2:
        return ()
    x, y = line[1] % WIDTH, line[1] // WIDTH
    flanks = [(x - dy, y + dx), (x + dy, y - dx)]
    return (*line, *(fx + WIDTH * fy for fx, fy in flanks if 0 <= fx < WIDTH and 0 <= fy < HEIGHT))


SHOTS = {
    "canister": [[_canister(s, dx, dy) for dx, dy in DIRECTIONS] for s in range(SQUARES)],
    "round": RAYS,  # Round Shot (AZ-R23): every square to the edge
}

# -- sides, units, cards ---------------------------------------------------------------

SIDES = {row["side"]: row for row in _DATA["sides"]}
SEAT_SIDES = ("aztec", "conquistador")
"""The default option ``aztec = 0``: seat 0 plays the Aztec and takes turn 1 (AZ-R04)."""
FORWARD = [DIRECTIONS.index(dict(zip(_DIRECTION_NAMES, DIRECTIONS))[SIDES[s]["forward"]]) for s in SEAT_SIDES]
HOME = [
    [s for s in range(SQUARES) if s // WIDTH + 1 in SIDES[side]["ranks"]] for side in SEAT_SIDES
]  # board order a1, b1, ...
UNITS: list[dict[str, Any]] = _DATA["units"]
PLACED = [
    [u for u in UNITS if u["side"] == side and u.get("placed", False) for _ in range(u["count"])] for side in SEAT_SIDES
]
"""The units each seat places one at a time, in the order of the unit table (AZ-D01, AZ-D02)."""
FILLER = [next(u for u in UNITS if u["side"] == side and not u.get("placed", False)) for side in SEAT_SIDES]
STARTING_HITS = [sum(u["count"] * u["hits"] for u in UNITS if u["side"] == side) for side in SEAT_SIDES]

ATTACK, MOVE, DEFENSE, DRAW2, CANNON = "attack", "move", "defense", "draw2", "cannon"


def _cards() -> list[dict[str, Any]]:
    """One dict per physical card, copies expanded, with ``name`` the shared row."""
    return [row for row in _DATA["cards"] for _ in range(row.get("copies", 1))]


CARDS = _cards()
NAME = [row["id"] for row in CARDS]
"""Copies share their row id: the menus offer one card per row (name)."""
TYPE = [row["type"] for row in CARDS]
RANGE = [row.get("range", 0) for row in CARDS]
ONLY = [row.get("only") for row in CARDS]
INDIRECT = [row.get("indirect", False) for row in CARDS]
TARGET_HITS = [row.get("target_hits") for row in CARDS]
SHOT = [SHOTS[row.get("shot", "round")] for row in CARDS]
"""The squares a cannon card hits from each square in each direction (used for cannon cards only)."""
USABLE = [[row["user"] in ("E", SIDES[side]["user"]) for row in CARDS] for side in SEAT_SIDES]
"""AZ-R06: which cards each seat may play at all."""
DEFENSES = [[c for c in range(len(CARDS)) if TYPE[c] == DEFENSE and USABLE[seat][c]] for seat in (0, 1)]


def draw(pile: list[int], discard: list[int], hand: list[int], n: int, rng: random.Random) -> None:
    """Move ``n`` cards from the end of ``pile`` to ``hand``; when the pile is empty
    the discard pile is shuffled into it; with both empty the draw stops (AZ-R08)."""
    while n:
        if not pile:
            if not discard:
                return
            pile[:] = discard
            discard.clear()
            rng.shuffle(pile)
        take = min(n, len(pile))
        hand += pile[len(pile) - take :]
        del pile[len(pile) - take :]
        n -= take


def play_game(rng: random.Random) -> tuple[tuple[int, ...], str, int, int, tuple[int, int]]:
    """One game, seat 0 the Aztec; returns (winners, the result's reason worded as the
    engine words it, decisions taken, turns played, Hits lost by each seat)."""
    rand = rng.random
    decisions = 0

    # Units are numbers; these lists hold what each one is and where it stands.
    board = [-1] * SQUARES
    u_owner: list[int] = []
    u_square: list[int] = []
    u_hits: list[int] = []
    u_troop: list[str] = []
    u_moves: list[int] = []
    u_max: list[int] = []
    u_own_only: list[bool] = []
    u_leader: list[bool] = []
    alive: list[list[int]] = [[], []]

    def add(spec: dict[str, Any], seat: int, square: int) -> None:
        unit = len(u_owner)
        u_owner.append(seat)
        u_square.append(square)
        u_hits.append(spec["hits"])
        u_troop.append(spec["troop"])
        u_moves.append(spec.get("moves", 1))
        u_max.append(spec.get("max_distance") or SQUARES)
        u_own_only.append(spec.get("own_cards_only", False))
        u_leader.append(spec.get("leader", False))
        alive[seat].append(unit)
        board[square] = unit

    # Deployment (AZ-R02, AZ-R03, AZ-D01 to AZ-D03): the Aztec first and completely.
    for seat in (0, 1):
        for spec in PLACED[seat]:
            free = [s for s in HOME[seat] if board[s] < 0]
            if len(free) > 1:
                decisions += 1
            add(spec, seat, free[int(rand() * len(free))])
        free = [s for s in HOME[seat] if board[s] < 0]
        if len(free) > FILLER[seat]["count"]:
            if len(free) > 1:
                decisions += 1
            del free[int(rand() * len(free))]
        for s in free:
            add(FILLER[seat], seat, s)

    pile = list(range(len(CARDS)))
    rng.shuffle(pile)
    discard: list[int] = []
    hands: list[list[int]] = [[], []]

    def winner_if_leader_fell(active: int) -> tuple[tuple[int, ...], str] | None:
        """AZ-R29, checked after each attack."""
        fallen = [seat for seat in (0, 1) if not any(u_leader[u] for u in alive[seat])]
        if len(fallen) == 2:
            return (active,), BOTH_LEADERS
        return ((1 - fallen[0],), LEADER_KILLED) if fallen else None

    for turn in range(1, TURN_LIMIT + 1):
        seat = (turn - 1) % 2
        enemy = 1 - seat
        hand = hands[seat]
        usable = USABLE[seat]
        units = alive[seat]
        moved = dict.fromkeys(units, 0)  # moves made this turn (AZ-R09, AZ-R13)
        attacked: set[int] = set()  # units that attacked this turn (AZ-R17)
        draw2_used: set[int] = set()  # Draw-2 cards played this turn (AZ-R27)

        # Fate (AZ-R05, AZ-R07, AZ-D04).
        draw(pile, discard, hand, DRAW, rng)
        while len(hand) > HAND_LIMIT:
            decisions += 1
            discard.append(hand.pop(int(rand() * len(hand))))

        # Move (AZ-D05, AZ-D06, AZ-R09 to AZ-R16).
        forward = FORWARD[seat]
        while hand:
            options: list[tuple[int, list[tuple[int, int]] | None]] = []
            seen: set[str] = set()
            for card in hand:
                if not usable[card]:
                    continue
                kind = TYPE[card]
                if kind == DRAW2:
                    if card not in draw2_used:
                        options.append((card, None))
                elif kind == MOVE and NAME[card] not in seen:
                    seen.add(NAME[card])
                    reach, only = RANGE[card], ONLY[card]
                    uses: list[tuple[int, int]] = []  # (unit, destination); (-1, -1) is the group move
                    group = False
                    for unit in units:
                        if (only is not None and only != u_troop[unit]) or reach > u_max[unit]:
                            continue
                        if moved[unit] >= u_moves[unit]:
                            continue
                        rays = RAYS[u_square[unit]]
                        for d in range(8):
                            path = rays[d][:reach]
                            if len(path) == reach and all(board[s] < 0 for s in path):
                                uses.append((unit, path[-1]))
                                if d == forward:
                                    group = True
                    if group:
                        uses.append((-1, -1))
                    if uses:
                        options.append((card, uses))
            decisions += 1
            choice = int(rand() * (len(options) + 1))
            if choice == len(options):
                break  # done
            card, moves = options[choice]
            hand.remove(card)
            discard.append(card)
            if moves is None:
                draw2_used.add(card)
                draw(pile, discard, hand, DRAW_SPECIAL, rng)
                continue
            decisions += 1
            unit, to = moves[int(rand() * len(moves))]
            if unit >= 0:
                board[u_square[unit]] = -1
                board[to] = unit
                u_square[unit] = to
                moved[unit] += 1
                continue
            # A group move forward: add units one at a time, then finish (AZ-R12).
            reach, only = RANGE[card], ONLY[card]
            added: list[int] = []
            while True:
                candidates = []
                for unit in units:
                    if unit in added or (only is not None and only != u_troop[unit]) or reach > u_max[unit]:
                        continue
                    if moved[unit] >= u_moves[unit]:
                        continue
                    path = RAYS[u_square[unit]][forward][:reach]
                    if len(path) == reach and all(board[s] < 0 for s in path):
                        candidates.append((unit, path[-1]))
                count = len(candidates) + (1 if added else 0)
                if count > 1:
                    decisions += 1
                choice = int(rand() * count)
                if choice == len(candidates):
                    break  # finish
                unit, to = candidates[choice]
                board[u_square[unit]] = -1
                board[to] = unit
                u_square[unit] = to
                moved[unit] += 1
                added.append(unit)

        # Attack (AZ-D07, AZ-D08, AZ-R17 to AZ-R29).
        while hand:
            offers: list[tuple[int, list[tuple[int, tuple[int, ...]]] | None]] = []
            seen = set()
            for card in hand:
                if not usable[card]:
                    continue
                kind = TYPE[card]
                if kind == DRAW2:
                    if card not in draw2_used:
                        offers.append((card, None))
                elif (kind == ATTACK or kind == CANNON) and NAME[card] not in seen:
                    seen.add(NAME[card])
                    only = ONLY[card]
                    aims: list[tuple[int, tuple[int, ...]]] = []  # (unit, squares hit)
                    for unit in units:
                        if unit in attacked or (only is not None and only != u_troop[unit]):
                            continue
                        if u_own_only[unit] and only != u_troop[unit]:
                            continue  # a Cannon uses only cannon cards (AZ-R21)
                        if kind == CANNON:
                            for squares in SHOT[card][u_square[unit]]:
                                for s in squares:
                                    if board[s] >= 0 and u_owner[board[s]] == enemy:
                                        aims.append((unit, squares))
                                        break
                            continue
                        reach, indirect, needs = RANGE[card], INDIRECT[card], TARGET_HITS[card]
                        for ray in RAYS[u_square[unit]]:
                            for s in ray[:reach]:
                                target = board[s]
                                if target >= 0:
                                    if u_owner[target] == enemy and (needs is None or u_hits[target] == needs):
                                        aims.append((unit, (s,)))
                                    if not indirect:
                                        break
                    if aims:
                        offers.append((card, aims))
            decisions += 1
            choice = int(rand() * (len(offers) + 1))
            if choice == len(offers):
                break  # done
            card, chosen = offers[choice]
            hand.remove(card)
            discard.append(card)
            if chosen is None:
                draw2_used.add(card)
                draw(pile, discard, hand, DRAW_SPECIAL, rng)
                continue
            decisions += 1
            unit, squares = chosen[int(rand() * len(chosen))]
            attacked.add(unit)
            victims = [board[s] for s in squares if board[s] >= 0]
            # The Defense window (AZ-D08, AZ-R25).
            defender = hands[enemy]
            negated = False
            if defender and any(c not in discard for c in DEFENSES[enemy]):
                defenses = []
                names: set[str] = set()
                for c in defender:
                    if TYPE[c] == DEFENSE and USABLE[enemy][c] and NAME[c] not in names:
                        names.add(NAME[c])
                        defenses.append(c)
                decisions += 1
                choice = int(rand() * (len(defenses) + 1))
                if choice < len(defenses):
                    defender.remove(defenses[choice])
                    discard.append(defenses[choice])
                    negated = True
            if negated:
                continue
            for victim in victims:  # friend or foe (AZ-R24, AZ-R28)
                u_hits[victim] -= 1
                if u_hits[victim] == 0:
                    board[u_square[victim]] = -1
                    alive[u_owner[victim]].remove(victim)
            if victims:
                ended = winner_if_leader_fell(seat)
                if ended is not None:
                    lost = _hits_lost(u_hits, alive)
                    return ended[0], ended[1], decisions, turn, lost

    # After the last turn: fewer Hits lost wins (AZ-R30).
    lost = _hits_lost(u_hits, alive)
    if lost[0] == lost[1]:
        return (0, 1), LIMIT_DRAW, decisions, TURN_LIMIT, lost
    return (0 if lost[0] < lost[1] else 1,), LIMIT_WIN, decisions, TURN_LIMIT, lost


def _hits_lost(hits: list[int], alive: list[list[int]]) -> tuple[int, int]:
    """Starting Hits minus remaining Hits, per seat (a killed unit has 0 left)."""
    return (STARTING_HITS[0] - sum(hits[u] for u in alive[0]), STARTING_HITS[1] - sum(hits[u] for u in alive[1]))


def play(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """One game, seat 0 the Aztec; returns (winners, decisions taken)."""
    winners, _, decisions, _, _ = play_game(rng)
    return winners, decisions
