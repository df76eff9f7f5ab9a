"""An audit of a finished or unfinished match from its event log (rules section 7).

``boardcore_horse_people.testing.check`` sees the match only between actions, when the Invasion plays
have already been revealed and discarded. The log keeps everything in order, so
this audit replays it and checks the invariants that need the moment itself:
what each Nomad revealed and kept, hand sizes after Migration, each Loot change.
"""

from __future__ import annotations

from collections import Counter

import boardcore
from boardcore_horse_people import DISCARD, DRAW, HAND, TRIBUTE, InvasionResolved, TributeCollected
from boardcore_horse_people import contest
from boardcore_horse_people.testing import MAX_GAIN
from boardcore_horse_people.testing import problems as play_problems

CARDS = boardcore.load_game("invasions-of-the-horse-people").cards
TURN_LIMIT = 50


def _total(cards: tuple[str, ...], kind: str) -> int:
    return sum(CARDS[c].value or 0 for c in cards if CARDS[c].type == kind)


class _Turn:
    """What one turn showed, gathered from the log."""

    def __init__(self, number: int, khan: int | None) -> None:
        self.number = number
        self.khan = khan
        self.tribute: tuple[str, ...] = ()
        self.plays: dict[int, tuple[str, ...]] = {}
        self.kept: dict[int, tuple[str, ...]] = {}
        self.resolved = False


def audit(state: boardcore.State) -> list[str]:
    """Every invariant the log shows broken (empty when all hold)."""
    players = state.players
    problems: list[str] = []
    sizes: Counter[str] = Counter({DRAW: 75})
    loot = [0] * players
    khan: int | None = None
    phase = ""
    turn = _Turn(0, None)
    events = state.events
    for index, event in enumerate(events):
        if isinstance(event, boardcore.events.TurnBegan):
            problems += _close(turn, players)
            problems += _emptied(sizes, players, event.turn - 1)
            if event.turn > TURN_LIMIT:
                problems.append(f"turn {event.turn} began")
            turn = _Turn(event.turn, khan)
            if event.turn == 1 and khan is not None:
                problems.append("a Khan on turn 1")
        elif isinstance(event, boardcore.events.PhaseBegan):
            phase = event.phase
            if phase == "tribute":
                short = [s for s in range(players) if sizes[HAND[s]] != 7]
                if short:
                    problems.append(f"turn {turn.number}: hands of {short} are not 7 after Migration")
            if phase == "tribute" and turn.number == 1 and khan is not None:
                problems.append("a Tribute on turn 1")
        elif isinstance(event, boardcore.events.CardsMoved):
            sizes[event.source] -= len(event.cards)
            sizes[event.target] += len(event.cards)
            _note_move(turn, phase, event, problems)
        elif isinstance(event, TributeCollected):
            if phase != "tribute" or event.khan != khan:
                problems.append(f"turn {turn.number}: Tribute by {event.khan} while {khan} is Khan in {phase}")
            if event.gain != min(event.loot, event.conquest) or event.gain > MAX_GAIN:
                problems.append(f"turn {turn.number}: Tribute {event}")
        elif isinstance(event, boardcore.events.CounterChanged) and event.name == "loot":
            gained = event.new - event.old
            if phase != "tribute" or event.owner != khan or not 0 < gained <= MAX_GAIN:
                problems.append(f"turn {turn.number}: Loot of {event.owner} {event.old} -> {event.new} in {phase}")
            loot[event.owner] = event.new
        elif isinstance(event, InvasionResolved):
            problems += _judge(turn, event, players)
            turn.resolved = True
            khan = event.khan
        elif isinstance(event, boardcore.events.GameOver):
            if index != len(events) - 1:
                problems.append("events after the game ended")
            if event.reason == "reached the Loot target" and [s for s in range(players) if loot[s] >= 12] != list(
                event.winners
            ):
                problems.append(f"won by {event.winners} with Loot {loot}")
            if phase == "steppes":
                problems += _close(turn, players)
                problems += _emptied(sizes, players, turn.number)
    if state.is_over and any(points >= 12 for points in loot) != (state.result.reason == "reached the Loot target"):
        problems.append(f"ended '{state.result.reason}' with Loot {loot}")
    return problems


def _note_move(turn: _Turn, phase: str, event: boardcore.events.CardsMoved, problems: list[str]) -> None:
    source, target = event.source, event.target
    if target == TRIBUTE:
        owner = None if turn.khan is None else HAND[turn.khan]
        if phase != "tribute" or source != owner:
            problems.append(f"turn {turn.number}: cards reached the Tribute from {source} in {phase}")
        turn.tribute += event.cards
    elif target.startswith("invasion:"):
        seat = int(target.split(":")[1])
        if phase != "invasion" or source != HAND[seat]:
            problems.append(f"turn {turn.number}: cards reached {target} from {source} in {phase}")
        turn.plays[seat] = event.cards
    elif phase == "steppes" and source.startswith("hand:") and target == DISCARD:
        turn.kept[int(source.split(":")[1])] = event.cards


def _judge(turn: _Turn, event: InvasionResolved, players: int) -> list[str]:
    """Deposing and the Strength contest, recomputed from the revealed cards."""
    problems = []
    conquest = _total(turn.tribute, "conquest")
    weakness = sum(_total(play, "weakness") for play in turn.plays.values())
    if (event.weakness, event.conquest) != (weakness, conquest):
        problems.append(f"turn {turn.number}: counted W={event.weakness} C={event.conquest}, cards say {weakness}, {conquest}")
    deposed = turn.khan is not None and weakness > conquest
    if (event.deposed is not None) != deposed or (deposed and event.deposed != turn.khan):
        problems.append(f"turn {turn.number}: W {weakness} against C {conquest}, deposed {event.deposed}")
    if turn.khan is not None and not deposed:
        if event.khan != turn.khan:
            problems.append(f"turn {turn.number}: the Khan survived but the title went to {event.khan}")
        return problems
    strengths = {
        seat: _total(play, "strength")
        for seat, play in turn.plays.items()
        if seat != turn.khan and any(CARDS[c].type == "tribe" for c in play)
    }
    if event.khan != contest(strengths):
        problems.append(f"turn {turn.number}: contest {strengths} crowned {event.khan}")
    if event.khan is not None and event.khan == turn.khan:
        problems.append(f"turn {turn.number}: the deposed Khan won the contest")
    return problems


def _close(turn: _Turn, players: int) -> list[str]:
    """At the end of a turn: every Nomad's revealed play was legal (HP-D03)."""
    if not turn.resolved:
        return []
    problems = []
    if turn.khan is not None and turn.khan in turn.plays:
        problems.append(f"turn {turn.number}: the Khan made an Invasion play")
    for seat in range(players):
        if seat == turn.khan:
            continue
        play = [CARDS[c] for c in turn.plays.get(seat, ())]
        kept = [CARDS[c] for c in turn.kept.get(seat, ())]
        problems += [f"turn {turn.number}, seat {seat}: {p}" for p in play_problems("invasion", play, kept)]
    return problems


def _emptied(sizes: Counter[str], players: int, number: int) -> list[str]:
    """After the Steppes Phase nobody holds or shows a card."""
    zones = [TRIBUTE, *(HAND[s] for s in range(players)), *(f"invasion:{s}" for s in range(players))]
    full = [zone for zone in zones if sizes[zone]]
    return [f"after turn {number}: {full} still hold cards"] if full else []
