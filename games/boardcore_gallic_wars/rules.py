"""Gallic Wars turn by turn: Reinforcements, Strategy, Battle (rules section 3).

The zones, the streak counter and the table; the moments the rules perform; the
phases that perform them; the count of a battle and the end.

Each moment is performed through the engine (``m.perform``): effects and plugin
rules may modify it, cancel it or replace it, and react to it once it has
happened. The game performs the engine's ``CardsDrawn`` (a hand, ``purpose``
"hand") and ``Exchanged`` (the Strategy exchange, through ``boardcore.steps.Exchange``)
and its own ``HandFought`` and ``StreakScored``. ``HandFought`` is always
recorded in the log; the others are *quiet*: what they do is recorded already
(the cards moved, the streak counted), so they are logged only while something
acts on their class.

Every seat acts in every phase, so a phase skipped for one seat
(``Match.skip_phase(seat, phase)``) is that seat's part of it: its draw in
Reinforcements, its exchange in Strategy (the skip is used up as it begins).
"""

from __future__ import annotations

from typing import Any, Literal, cast

import attrs

import boardcore
from boardcore import Match, SeatZones, Visibility

from .cards import CONSTANTS, Contribution, GallicCard, Side, best_total

DISCARD = SeatZones("discard", Visibility.PUBLIC)
DRAW = SeatZones("draw", Visibility.HIDDEN, refill=DISCARD)
HAND = SeatZones("hand", Visibility.OWNER)
STREAK = boardcore.Tally("streak")
"""Hands won in a row, by seat."""


@attrs.frozen
class GallicTable:
    """What the game tracks besides cards and counters (all public)."""

    sides: tuple[Side, Side]
    """The side each seat plays."""
    winners: tuple[Literal[0, 1] | None, ...] = ()
    """The winner of each hand fought so far; None for a tied hand (GW-R11). Typed as a
    seat, so that a save naming anybody else is refused as it loads."""
    totals: tuple[tuple[int, int], ...] = ()
    """Each hand's Force totals, by seat."""

    def order(self) -> tuple[int, int]:
        """Seats in the order things are done one after the other: Romans first (GW-R04)."""
        return (0, 1) if self.sides[0] is Side.ROMANS else (1, 0)

    def won(self) -> tuple[int, int]:
        """The hands each seat has won (a match's scores)."""
        return self.winners.count(0), self.winners.count(1)


def setup(m: Match) -> None:
    """Each seat gets its side's deck (plugin cards included) in id order, shuffled,
    Romans first (rules section 2)."""
    m.table = table = GallicTable((Side.ROMANS, Side.CELTS) if m.options["romans"] == 0 else (Side.CELTS, Side.ROMANS))
    for seat in table.order():
        m.fill(DRAW[seat], m.rules.memo(_prepared)[0][table.sides[seat]])
        m.shuffle(DRAW[seat])


def _prepared(rules: boardcore.Game) -> tuple[dict[Side, tuple[str, ...]], dict[str, Contribution], frozenset[str]]:
    """What depends only on the loaded game, worked out once (``Game.memo``) rather than
    per match or per battle: each side's deck in id order, each card's own contribution, and the
    cards whose effect changes the opposing count (none in the base game)."""
    cards = cast("dict[str, GallicCard]", rules.cards)
    decks = {side: tuple(sorted(c.id for c in cards.values() if c.side is side)) for side in Side}
    own = {card_id: rules.effect(card_id).contribution(card) for card_id, card in cards.items()}
    return decks, own, frozenset(c for c in cards if hasattr(rules.effect(c), "against"))


# -- the moments ---------------------------------------------------------------------


_DRAWN = tuple(boardcore.events.CardsDrawn(seat, CONSTANTS.hand_size, "hand", DRAW[seat], HAND[seat]) for seat in (0, 1))
"""Each seat's hand drawn in Reinforcements: the same moment every hand, so it is made once."""


@attrs.frozen
class HandFought(boardcore.Moment):
    """Hand number ``hand`` was fought: both seats' Force ``totals`` and the hand's
    ``winner``, None on a tie (GW-R11).

    As it happens, seat by seat, the winner scores a hand of streak
    (:class:`StreakScored`) and every other seat's streak ends (GW-R12); then the
    hand goes into the table. A modification that changes the totals returns
    ``HandFought.of(hand, totals)``, which names the winner anew."""

    hand: int
    totals: tuple[int, int]
    winner: Literal[0, 1] | None
    counted: tuple[tuple[str, ...], ...] = ()
    """The names of the cards that counted, by seat (the hands are shown at the battle)."""

    @classmethod
    def of(cls, hand: int, totals: tuple[int, int], counted: tuple[tuple[str, ...], ...] = ()) -> HandFought:
        """The hand whose totals are ``totals``: the higher one wins it (GW-R11)."""
        return cls(hand, totals, None if totals[0] == totals[1] else 1 if totals[1] > totals[0] else 0, counted)

    def happen(self, m: Match) -> None:
        for seat in (0, 1):
            if seat == self.winner:
                m.perform(StreakScored(seat))
            else:
                m.set_count(STREAK, 0, seat)
        m.table = GallicTable(m.table.sides, m.table.winners + (self.winner,), m.table.totals + (self.totals,))

    def __str__(self) -> str:
        """``hand 3: seat 0 has Force 58, seat 1 has 51 - seat 0 wins the hand``; a tie names GW-R11."""
        result = "a tie, nobody wins the hand (GW-R11)" if self.winner is None else f"seat {self.winner} wins the hand"
        said = [f" ({', '.join(names)})" if names else "" for names in self.counted] or ["", ""]
        return f"hand {self.hand}: seat 0 has Force {self.totals[0]}{said[0]}, seat 1 has {self.totals[1]}{said[1]} - {result}"


@attrs.frozen
class StreakScored(boardcore.Moment):
    """``seat`` wins the hand being fought (performed as its ``HandFought`` happens, so
    before the hand is recorded): its streak grows by ``points`` (GW-R12); a streak
    of 3 wins the game when the Battle phase ends."""

    quiet = True
    seat: int
    points: int = 1

    def happen(self, m: Match) -> None:
        m.add(STREAK, self.points, self.seat)



# -- the phases ----------------------------------------------------------------------


class Reinforcements(boardcore.Phase):
    """Each player draws a hand of 8 (GW-R15), Romans first: a ``CardsDrawn`` each."""

    name = "reinforcements"

    def begin(self, m: Match) -> None:
        for seat in m.table.order():
            if not m.take_skip(seat, self.name):
                m.perform(_DRAWN[seat])


class Strategy(boardcore.steps.Exchange):
    """Both players secretly choose up to 4 cards to exchange (GW-D01, GW-R06); then,
    Romans first, each discards them and draws as many (an ``Exchanged`` each)."""

    name = "strategy"
    hand, discard, draw, most = HAND, DISCARD, DRAW, CONSTANTS.max_exchange

    def choosers(self, m: Match) -> tuple[int, int]:
        return m.table.order()


class Battle(boardcore.Phase):
    """Hands are revealed and counted, the higher total wins the hand (GW-R07 to
    GW-R12); then both players discard their hands, Romans first (GW-R14)."""

    name = "battle"

    def begin(self, m: Match) -> None:
        counted: tuple[list[Contribution], list[Contribution]] = ([], [])
        totals = battle_totals(m, counted)
        cards = m.rules.cards
        names = (tuple([cards[c.card].name for c in counted[0]]), tuple([cards[c.card].name for c in counted[1]]))
        m.perform(HandFought.of(m.turn, totals, names))
        for seat in m.table.order():
            m.move_all(HAND[seat], DISCARD[seat])


def battle_totals(m: Match, counted: tuple[list[Contribution], list[Contribution]] | None = None) -> tuple[int, int]:
    """Both seats' Force totals for the hands they hold now (and, given two lists,
    the contributions that count, by seat)."""
    _, own, acting = m.rules.memo(_prepared)
    counts = [[own[c] for c in m.cards(HAND[seat])] for seat in (0, 1)]
    for seat in (0, 1) if acting else ():
        for card_id in [c for c in m.cards(HAND[seat]) if c in acting]:
            counts[1 - seat] = m.rules.effect(card_id).against(m.card(card_id), counts[1 - seat])
    per_type, lists = CONSTANTS.counted_per_type, counted or (None, None)
    return best_total(counts[0], per_type, lists[0]), best_total(counts[1], per_type, lists[1])


# -- the end -------------------------------------------------------------------------


def end_if(m: Match) -> boardcore.Result | None:
    """A streak of 3 wins (GW-R12); after the last hand, its winner, or the last
    hand that had one, wins (GW-R13). Scores: the hands each seat won."""
    if m.phase != Battle.name:
        return None
    for seat in (0, 1):
        if m.count(STREAK, seat) >= CONSTANTS.streak_to_win:
            return boardcore.Result((seat,), f"won {CONSTANTS.streak_to_win} hands in a row", m.table.won())
    if m.turn < CONSTANTS.hands:
        return None
    last = next((w for w in reversed(m.table.winners) if w is not None), None)
    if last is None:
        return boardcore.Result((0, 1), f"all {CONSTANTS.hands} hands were tied", m.table.won())
    reason = "won the last hand" if last == m.table.winners[-1] else "won the last hand that had a winner"
    return boardcore.Result((last,), reason, m.table.won())


def describe(m: Match, player: int | None) -> dict[str, Any]:
    """For a view: the side each seat plays and the hands fought so far (public); for a
    player, the Force of the hand he holds now (before the other side's cards act on
    it) and, while he picks cards to exchange, of the cards he keeps."""
    table = m.table
    names = [side.value.capitalize() for side in table.sides]
    fought = [
        {"hand": hand, names[0]: totals[0], names[1]: totals[1], "won by": "nobody" if won is None else names[won]}
        for hand, (totals, won) in enumerate(zip(table.totals, table.winners), start=1)
    ]
    view: dict[str, Any] = {"sides": names, **({"hands fought": fought} if fought else {})}
    if player is not None:
        hand, picks = m.cards(HAND[player]), m.draft(player)
        view["your Force"] = m.rules.remember(_force, hand)
        if picks:  # exchanging: what the cards not picked are worth
            view["Force of what you keep"] = m.rules.remember(_force, tuple([c for c in hand if c not in picks]))
    return view


def _force(rules: boardcore.Game, cards: tuple[str, ...]) -> int:
    """The Force of a hand of ``cards`` (remembered with ``Game.remember``: views, and so
    every step of a learning environment, ask for it while the hand does not change)."""
    own = rules.memo(_prepared)[1]
    return best_total([own[c] for c in cards], CONSTANTS.counted_per_type)
