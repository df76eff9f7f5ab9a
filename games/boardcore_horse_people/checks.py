"""The invariants of rules section 7 that can be read off a match at any decision point.

``check`` is the game's ``GameSpec.check``: ``boardcore.testing.check_game`` runs
it after every action. It may read everything, hidden cards and drafts included.
"""

from __future__ import annotations

from boardcore import Match

from .board import CONSTANTS, TRIBUTE, HorseTable, Reckoning, cards_in, hand, loot, play_area
from .cards import HorseCard
from .phases import WON, Invasion, Tribute
from .plays import INVASION, MAX_GAIN, TRIBUTE as TRIBUTE_RULE, contest

DECK_SIZE = 75


def check(m: Match) -> list[str]:
    """Every broken invariant, as a sentence (empty when all hold)."""
    return [
        *_cards(m),
        *_title(m),
        *_areas(m),
        *_drafts(m),
        *_loot(m),
        *_reckoning(m),
    ]


def _cards(m: Match) -> list[str]:
    """Invariant 1 (the part beyond the engine's own check) and invariant 6."""
    problems = []
    held = sum(len(cards) for cards in m.zones.values())
    if held != DECK_SIZE:
        problems.append(f"{held} cards in the zones, not {DECK_SIZE}")
    table: HorseTable = m.table
    tribute = len(m.cards(TRIBUTE))
    for seat in range(m.players):
        # A player's 7 cards are in his hand, his Invasion play, or (the Khan's) the Tribute area.
        size = len(m.cards(hand(seat))) + len(m.cards(play_area(seat)))
        if seat == table.khan:
            size += tribute
        if size not in (0, CONSTANTS.hand_size):
            problems.append(f"seat {seat} has {size} cards between hand and plays")
    return problems


def _title(m: Match) -> list[str]:
    """Invariant 3: one Khan at most, none on turn 1."""
    khan = m.table.khan
    if khan is not None and khan not in range(m.players):
        return [f"the Khan is seat {khan}, which does not exist"]
    if khan is not None and m.turn <= 1:
        return ["there is a Khan during turn 1"]
    if khan is None and m.cards(TRIBUTE):
        return ["Tribute cards are out but there is no Khan"]
    return []


def _areas(m: Match) -> list[str]:
    """Invariants 4 and 5 on the face-up areas."""
    problems = [f"tribute: {p}" for p in TRIBUTE_RULE.problems(cards_in(m, TRIBUTE))]
    for seat in range(m.players):
        play = cards_in(m, play_area(seat))
        if play and seat == m.table.khan and m.phase == Invasion.name:
            problems.append(f"the Khan (seat {seat}) made an Invasion play")
        if play:
            kept = cards_in(m, hand(seat))
            problems += [f"{play_area(seat)}: {p}" for p in INVASION.problems(play, kept)]
    return problems


def _drafts(m: Match) -> list[str]:
    """Picks not yet revealed must already be a legal start of a play."""
    problems = []
    khan = m.table.khan
    for seat, picks in m.drafts.items():
        held = cards_in(m, hand(seat))
        picked: list[HorseCard] = [m.card(c) for c in picks]
        if any(card not in held for card in picked):
            problems.append(f"seat {seat} picked cards that are not in his hand")
        if m.phase == Tribute.name:
            if seat != khan:
                problems.append(f"seat {seat} is choosing a Tribute but is not the Khan")
            problems += [f"seat {seat} tribute draft: {p}" for p in TRIBUTE_RULE.problems(picked)]
        elif m.phase == Invasion.name:
            if seat == khan:
                problems.append(f"the Khan (seat {seat}) is choosing an Invasion play")
            # Whether a held Tribe was played can only be judged on the revealed play
            # (the tests read it from the log); a draft may still be waiting for an
            # automatic pick, so here it only has to be a legal start.
            problems += [f"seat {seat} invasion draft: {p}" for p in INVASION.problems(picked)]
        elif len(picks) > CONSTANTS.max_exchange:
            problems.append(f"seat {seat} exchanges {len(picks)} cards")
    return problems


def _loot(m: Match) -> list[str]:
    """Invariants 2 and 8: Loot only from Tributes, at most 15 a turn, game over at 12."""
    problems = []
    scores = loot(m)
    target = CONSTANTS.loot_to_win
    if sum(scores) > MAX_GAIN * max(0, m.turn - 1):
        problems.append(f"Loot {scores} is more than Tributes could pay by turn {m.turn}")
    rich = [seat for seat, points in enumerate(scores) if points >= target]
    if m.result is None and rich:
        problems.append(f"seats {rich} reached {target} Loot but the game goes on")
    if m.result is not None and m.result.reason == WON and (rich != list(m.result.winners) or len(rich) != 1):
        problems.append(f"won on Loot by {m.result.winners} but {rich} reached {target}")
    if any(points > target - 1 + MAX_GAIN for points in scores):
        problems.append(f"Loot {scores} above what one last Tribute allows")
    if m.turn > CONSTANTS.turn_limit:
        problems.append(f"turn {m.turn} is past the turn limit")
    return problems


def _reckoning(m: Match) -> list[str]:
    """Invariants 2, 3 and 7 on the figures of the last Invasion."""
    table: HorseTable = m.table
    last = table.last
    if last is None:
        return [] if table.khan is None else ["a Khan was made without an Invasion"]
    problems = []
    if last.gain != min(last.loot, last.conquest) or last.loot > MAX_GAIN:
        problems.append(f"turn {last.turn}: Tribute of {last.loot} against {last.conquest} paid {last.gain}")
    if last.deposed != (last.khan is not None and last.weakness > last.conquest):
        problems.append(f"turn {last.turn}: Weakness {last.weakness} against {last.conquest}, deposed={last.deposed}")
    if last.contested != (last.khan is None or last.deposed):
        problems.append(f"turn {last.turn}: contest held={last.contested}")
    if last.khan is not None and (last.khan in last.candidates or last.strengths[last.khan] != 0):
        problems.append(f"turn {last.turn}: the Khan played Invasion cards")
    if last.crowned != _expected_crown(last):
        problems.append(f"turn {last.turn}: seat {last.crowned} was crowned against the rules")
    title = last.crowned if last.contested else last.khan
    if table.khan != title:
        problems.append(f"the Khan is {table.khan}, but turn {last.turn} left {title}")
    return problems


def _expected_crown(last: Reckoning) -> int | None:
    if not last.contested:
        return None
    return contest({seat: last.strengths[seat] for seat in last.candidates})
