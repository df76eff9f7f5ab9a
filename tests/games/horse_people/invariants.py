"""The invariants of rules section 7 that can be read off a match at any decision point.

``check`` is given to ``boardcore.testing.check_game`` and the property tests,
which run it after every action. It may read everything, hidden cards and
drafts included. ``problems`` judges a finished play against a play rule; the
game itself never needs it, because it only ever offers legal picks.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardcore import Match
from boardcore_horse_people import CONSTANTS, HAND, PLAY, TRIBUTE, WON, HorseCard, Reckoning, cards_in, loot
from boardcore_horse_people.plays import INVASION, TRIBUTE as TRIBUTE_RULE, PlayRule, contest

MAX_GAIN = 15
"""The most a Tribute can earn: one Loot card of each of the three names, 5 each (HP-R07)."""


def problems(rule: PlayRule, play: Sequence[HorseCard], kept: Sequence[HorseCard] | None = None) -> list[str]:
    """Why ``play`` breaks ``rule`` (empty if it is legal).

    ``kept`` is the rest of the hand, when known; without it the "exactly one
    if held" rule can only be checked as "at most one".
    """
    found = []
    for card in play:
        if card.type not in rule.allowed:
            found.append(f"{card.label} ({card.type.value}) may not be played here")
    for kind in rule.one_per_name:
        names = [card.name for card in play if card.type is kind]
        for name in sorted(set(names)):
            if names.count(name) > 1:
                found.append(f"{names.count(name)} cards named {name}")
    for kind in rule.exactly_one:
        played = sum(1 for card in play if card.type is kind)
        if played > 1:
            found.append(f"{played} {kind.value} cards")
        elif played == 0 and kept is not None and any(card.type is kind for card in kept):
            found.append(f"held a {kind.value} card but played none")
    return found


def check(m: Match) -> list[str]:
    """Every broken invariant, as a sentence (empty when all hold)."""
    return [*_cards(m), *_title(m), *_areas(m), *_drafts(m), *_loot(m), *_reckoning(m)]


def _turn_khan(m: Match) -> int | None:
    """The Khan of this turn's Tribute: the title holder until the Invasion is
    resolved, then the one the reckoning names. The title may have changed hands
    by then, but the Tribute area stays his until the Steppes; a match that ends
    in the Invasion (only possible with an expansion) is checked in that state."""
    last = m.table.last
    return last.khan if last is not None and last.turn == m.turn else m.table.khan


def _cards(m: Match) -> list[str]:
    """Invariant 1 (the part beyond the engine's own check) and invariant 6."""
    found = []
    held = sum(len(cards) for cards in m.zones.values())
    if held != len(m.rules.cards):
        found.append(f"{held} cards in the zones, not {len(m.rules.cards)}")
    tribute, khan = len(m.cards(TRIBUTE)), _turn_khan(m)
    for seat in range(m.players):
        # A player's 7 cards are in his hand, his Invasion play, or (the Khan's) the Tribute area.
        size = len(m.cards(HAND[seat])) + len(m.cards(PLAY[seat]))
        if seat == khan:
            size += tribute
        if size not in (0, CONSTANTS.hand_size):
            found.append(f"seat {seat} has {size} cards between hand and plays")
    return found


def _title(m: Match) -> list[str]:
    """Invariant 3: one Khan at most, none on turn 1."""
    khan = m.table.khan
    if khan is not None and khan not in range(m.players):
        return [f"the Khan is seat {khan}, which does not exist"]
    if khan is not None and m.turn <= 1:
        return ["there is a Khan during turn 1"]
    if _turn_khan(m) is None and m.cards(TRIBUTE):
        return ["Tribute cards are out but there is no Khan"]
    return []


def _areas(m: Match) -> list[str]:
    """Invariants 4 and 5 on the face-up areas."""
    found = [f"tribute: {p}" for p in problems(TRIBUTE_RULE, cards_in(m, TRIBUTE))]
    khan = _turn_khan(m)
    for seat in range(m.players):
        play = cards_in(m, PLAY[seat])
        if play and seat == khan:
            found.append(f"the Khan (seat {seat}) made an Invasion play")
        if play:
            found += [f"{PLAY[seat]}: {p}" for p in problems(INVASION, play, cards_in(m, HAND[seat]))]
    return found


def _drafts(m: Match) -> list[str]:
    """Picks not yet revealed must already be a legal start of a play."""
    found = []
    khan = m.table.khan
    for seat, picks in m.drafts.items():
        held = cards_in(m, HAND[seat])
        picked: list[HorseCard] = [m.card(c) for c in picks]
        if any(card not in held for card in picked):
            found.append(f"seat {seat} picked cards that are not in his hand")
        if m.phase == "tribute":
            if seat != khan:
                found.append(f"seat {seat} is choosing a Tribute but is not the Khan")
            found += [f"seat {seat} tribute draft: {p}" for p in problems(TRIBUTE_RULE, picked)]
        elif m.phase == "invasion":
            if seat == khan:
                found.append(f"the Khan (seat {seat}) is choosing an Invasion play")
            # Whether a held Tribe was played can only be judged on the revealed
            # play (the audit reads it from the log); a draft only has to be a legal start.
            found += [f"seat {seat} invasion draft: {p}" for p in problems(INVASION, picked)]
        elif len(picks) > CONSTANTS.max_exchange:
            found.append(f"seat {seat} exchanges {len(picks)} cards")
    return found


def _loot(m: Match) -> list[str]:
    """Invariants 2 and 8: Loot only from Tributes, at most 15 a turn, game over at 12."""
    found = []
    scores = loot(m)
    target = CONSTANTS.loot_to_win
    if sum(scores) > MAX_GAIN * max(0, m.turn - 1):
        found.append(f"Loot {scores} is more than Tributes could pay by turn {m.turn}")
    rich = [seat for seat, points in enumerate(scores) if points >= target]
    if m.result is None and rich:
        found.append(f"seats {rich} reached {target} Loot but the game goes on")
    if m.result is not None and m.result.reason == WON and (rich != list(m.result.winners) or len(rich) != 1):
        found.append(f"won on Loot by {m.result.winners} but {rich} reached {target}")
    if any(points > target - 1 + MAX_GAIN for points in scores):
        found.append(f"Loot {scores} above what one last Tribute allows")
    if m.turn > CONSTANTS.turn_limit:
        found.append(f"turn {m.turn} is past the turn limit")
    return found


def _reckoning(m: Match) -> list[str]:
    """Invariants 2, 3 and 7 on the figures of the last Invasion."""
    last = m.table.last
    if last is None:
        return [] if m.table.khan is None else ["a Khan was made without an Invasion"]
    found = []
    if last.gain != min(last.loot, last.conquest) or last.loot > MAX_GAIN:
        found.append(f"turn {last.turn}: Tribute of {last.loot} against {last.conquest} paid {last.gain}")
    if last.deposed != (last.khan is not None and last.weakness > last.conquest):
        found.append(f"turn {last.turn}: Weakness {last.weakness} against {last.conquest}, deposed={last.deposed}")
    if last.contested != (last.khan is None or last.deposed):
        found.append(f"turn {last.turn}: contest held={last.contested}")
    if last.khan is not None and (last.khan in last.candidates or last.strengths[last.khan] != 0):
        found.append(f"turn {last.turn}: the Khan played Invasion cards")
    if last.crowned != _expected_crown(last):
        found.append(f"turn {last.turn}: seat {last.crowned} was crowned against the rules")
    title = last.crowned if last.contested else last.khan
    if m.table.khan != title:
        found.append(f"the Khan is {m.table.khan}, but turn {last.turn} left {title}")
    return found


def _expected_crown(last: Reckoning) -> int | None:
    if not last.contested:
        return None
    return contest({seat: last.strengths[seat] for seat in last.candidates})
