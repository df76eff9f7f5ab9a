"""Gallic Wars turn by turn: Reinforcements, Strategy, Battle (rules section 3)."""

from __future__ import annotations


from functools import cache, lru_cache
from typing import Any

import attrs

import boardcore
from boardcore import Match, Visibility, ZoneSpec

from .cards import Constants, GallicCard, Side, load_constants
from .force import Contribution, best_count


@attrs.frozen
class GallicTable:
    """What the game tracks besides cards and counters (all public)."""

    sides: tuple[Side, Side]
    """The side each seat plays."""
    winners: tuple[int | None, ...] = ()
    """The winner of each hand played so far; None for a tied hand (GW-R11)."""
    totals: tuple[tuple[int, int], ...] = ()
    """Each hand's Force totals, by seat."""

    def order(self) -> tuple[int, int]:
        """Seats in the order things are done one after the other: Romans first (GW-R04)."""
        return (0, 1) if self.sides[0] is Side.ROMANS else (1, 0)


@attrs.frozen
class HandFought(boardcore.Event):
    """A Battle was resolved: both totals, and the hand's winner (None on a tie)."""

    hand: int
    totals: tuple[int, int]
    winner: int | None


@cache
def draw_pile(seat: int) -> str:
    return f"draw:{seat}"


@cache
def hand(seat: int) -> str:
    return f"hand:{seat}"


@cache
def discard_pile(seat: int) -> str:
    return f"discard:{seat}"


CONSTANTS = load_constants()


def constants(m: Match) -> Constants:
    """The game's constants (from ``data/cards.toml``)."""
    return CONSTANTS


def setup(m: Match) -> None:
    """Each seat gets its side's deck, shuffled, Romans first (rules section 2)."""
    romans = m.options["romans"]
    if romans not in (0, 1):
        raise boardcore.InvalidData(f"romans must be seat 0 or 1, not {romans!r}", where="options")
    sides = (Side.ROMANS, Side.CELTS) if romans == 0 else (Side.CELTS, Side.ROMANS)
    table = GallicTable(sides)
    m.table = table
    for seat in table.order():
        deck = _deck(m.rules, sides[seat])
        m.add_zone(draw_pile(seat), ZoneSpec(seat, Visibility.HIDDEN, refill=discard_pile(seat)), deck)
        m.add_zone(hand(seat), ZoneSpec(seat, Visibility.OWNER))
        m.add_zone(discard_pile(seat), ZoneSpec(seat, Visibility.PUBLIC))
    for seat in table.order():
        m.shuffle(draw_pile(seat))


@lru_cache(maxsize=64)
def _deck(rules: boardcore.Game, side: Side) -> tuple[str, ...]:
    """One side's cards in id order (row order), including any a plugin added."""
    return tuple(sorted(c.id for c in rules.cards.values() if c.side is side))  # type: ignore[attr-defined]


@attrs.frozen
class Reinforcements(boardcore.Phase):
    """Each player draws a hand of 8 (GW-R15), Romans first."""

    name = "reinforcements"

    def begin(self, m: Match) -> None:
        size = CONSTANTS.hand_size
        for seat in m.table.order():
            m.draw(draw_pile(seat), hand(seat), size)


@attrs.frozen
class Strategy(boardcore.Phase):
    """Both players secretly choose up to 4 cards to exchange (GW-D01, GW-R06)."""

    name = "strategy"

    def begin(self, m: Match) -> None:
        m.schedule(RevealExchange())
        for seat in m.table.order():
            boardcore.ExchangeCards(seat, hand(seat), CONSTANTS.max_exchange).run(m)


@attrs.frozen
class RevealExchange(boardcore.Step):
    """Reveal both exchanges; each side discards and redraws as many, Romans first."""

    def run(self, m: Match) -> None:
        for seat in m.table.order():
            picks = m.take_draft(seat)
            m.emit(boardcore.Revealed(seat, picks))
            if picks:
                m.move(picks, hand(seat), discard_pile(seat))
                m.draw(draw_pile(seat), hand(seat), len(picks))


@attrs.frozen
class Battle(boardcore.Phase):
    """Hands are revealed and counted; the higher total wins the hand (GW-R07 to GW-R14)."""

    name = "battle"

    def begin(self, m: Match) -> None:
        totals = battle_totals(m)
        if totals[0] > totals[1]:
            winner: int | None = 0
        elif totals[1] > totals[0]:
            winner = 1
        else:
            winner = None
        for seat in (0, 1):
            if seat == winner:
                m.add("streak", 1, seat)
            else:
                m.set_count("streak", 0, seat)
        table = m.table
        m.table = GallicTable(table.sides, table.winners + (winner,), table.totals + (totals,))
        m.emit(HandFought(m.turn, totals, winner))
        for seat in table.order():
            m.move_all(hand(seat), discard_pile(seat))
        decide(m, winner)


def contributions(m: Match, seat: int) -> list[Contribution]:
    """How each card in ``seat``'s hand counts, through the card's effect."""
    rules = m.rules
    return [_contribution(rules, c) for c in m.cards(hand(seat))]


@lru_cache(maxsize=8192)
def _contribution(rules: boardcore.Game, card_id: str) -> Contribution:
    # A card's own contribution depends only on its data and its effect, both
    # fixed for a loaded game, so it is computed once per card, not per battle.
    return rules.effect(card_id).contribution(rules.cards[card_id])


def battle_totals(m: Match) -> tuple[int, int]:
    """Both seats' Force totals for the hands they hold now."""
    rules = m.rules
    counts = [contributions(m, 0), contributions(m, 1)]
    acting = _cards_acting_against(rules)
    if acting:
        for seat in (0, 1):
            for card_id in m.cards(hand(seat)):
                if card_id in acting:
                    counts[1 - seat] = list(rules.effect(card_id).against(rules.cards[card_id], counts[1 - seat]))
    per_type = CONSTANTS.counted_per_type
    return best_count(counts[0], per_type).total, best_count(counts[1], per_type).total


@lru_cache(maxsize=64)
def _cards_acting_against(rules: boardcore.Game) -> frozenset[str]:
    """The cards whose effect changes the opposing count (none in the base game)."""
    return frozenset(c for c in rules.cards if getattr(rules.effect(c), "against", None) is not None)


def decide(m: Match, winner: int | None) -> None:
    """End the game on a streak of 3 (GW-R12) or after the last hand (GW-R13)."""
    c = CONSTANTS
    table: GallicTable = m.table
    won = tuple(sum(1 for w in table.winners if w == seat) for seat in (0, 1))
    if winner is not None and m.count("streak", winner) >= c.streak_to_win:
        m.finish([winner], f"won {c.streak_to_win} hands in a row", won)
    elif m.turn >= c.hands:
        last = next((w for w in reversed(table.winners) if w is not None), None)
        if last is None:
            m.finish([0, 1], f"all {c.hands} hands were tied", won)
        elif last == winner:
            m.finish([last], "won the last hand", won)
        else:
            m.finish([last], "won the last hand that had a winner", won)


def redeal(m: Match, player: int) -> list[list[str]]:
    """Each seat's hidden cards can only be redealt within that seat's own deck."""
    groups = []
    for seat in (0, 1):
        zones = [z for z in (draw_pile(seat), hand(seat)) if not m.zone_spec(z).visible_to(player)]
        if zones:
            groups.append(zones)
    return groups


def describe(m: Match, player: int) -> dict[str, Any]:
    """The sides, and each seat's Force total in the hands fought so far."""
    table: GallicTable = m.table
    return {
        "sides": [side.value for side in table.sides],
        "hands": [
            {"hand": i + 1, "totals": list(t), "winner": w} for i, (t, w) in enumerate(zip(table.totals, table.winners))
        ],
        "streaks": [m.count("streak", seat) for seat in (0, 1)],
    }


def check(m: Match) -> list[str]:
    """The invariants of rules section 7 that can be read off any state."""
    problems = []
    table: GallicTable = m.table
    for seat in (0, 1):
        side = table.sides[seat]
        for zone in (draw_pile(seat), hand(seat), discard_pile(seat)):
            stray = [c for c in m.cards(zone) if m.rules.cards[c].side is not side]  # type: ignore[attr-defined]
            if stray:
                problems.append(f"{zone} holds the other side's cards {stray}")
        size = len(m.cards(hand(seat)))
        if size not in (0, CONSTANTS.hand_size):
            problems.append(f"{hand(seat)} holds {size} cards")
    streaks = [m.count("streak", seat) for seat in (0, 1)]
    if min(streaks) != 0 or max(streaks) > CONSTANTS.streak_to_win:
        problems.append(f"streaks {streaks}")
    if m.turn > CONSTANTS.hands:
        problems.append(f"hand {m.turn} is past the last hand")
    for totals in table.totals:
        if not all(12 <= t <= 77 for t in totals) and not m.rules.plugins:
            problems.append(f"Force totals {totals} outside 12..77")
    return problems


def card_side(card: GallicCard) -> Side:
    return card.side
