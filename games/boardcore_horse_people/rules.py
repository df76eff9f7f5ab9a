"""The rules that run a match: where the cards are, the turn phase by phase with the
moments it performs, and how the match ends, in the order of the rulebook.

**The board.** Zones (every card is in exactly one):

* ``draw`` - the shared draw pile, face down, holding every card at set-up; refilled
  from ``discard`` by a shuffle when a draw finds it empty (HP-R21: skipped if
  both are empty);
* ``discard`` - the shared discard pile, face down: cards a Nomad held back "stay
  hidden" when discarded (HP-R13);
* ``hand:<seat>`` - each player's hand, seen by its owner only;
* ``tribute`` - the Khan's Tribute area, face up;
* ``invasion:<seat>`` - each Nomad's revealed Invasion play, face up.

Loot is the per-seat counter ``loot``. The Khan and the figures of the last
Invasion are in the frozen :class:`HorseTable` (``match.table``), which the
default view shows to everybody.

**The turn.** Migration, Tribute, Invasion, Steppes (rules section 4). Every
multi-card choice is asked one card at a time, then "done" (an engine
``Select``). The two simultaneous choices are the engine's secret choices: the
Migration exchange (HP-D01) is a ``boardcore.steps.Exchange`` and the Invasion plays
(HP-D03) a ``boardcore.steps.SecretChoices``; nothing is revealed until everybody has
chosen. The Khan's Tribute (HP-D02) is an ordinary ``Select`` by one player.

**The moments.** What the rules perform, and cards and plugin rules may change.
Each is a ``boardcore.Moment``: before it happens an effect may modify it
(``boardcore.modifies``), cancel it or replace it (``boardcore.replaces``), and
once it has happened react to it (``boardcore.reacts_to``).

* ``boardcore.events.CardsDrawn`` (the engine's) - a player draws from ``DRAW``: the
  Migration deal (``purpose`` "deal") and the cards that replace his discards
  ("exchange"); it is ``quiet``: when no card or rule acts on draws they happen
  unrecorded, so that a match's log holds the same events as before draws were
  moments, and matches saved then replay to the same log;
* :class:`TributeCollected` - the Khan is paid his Tribute;
* :class:`InvasionResolved` - the Khan is deposed, the title contested (``asks``:
  a card may replace it at its owner's choice).

Everybody acts in every turn, so there is no active seat whose phase the engine
could skip: a ``Match.skip_phase`` is used up seat by seat instead, for a seat's
own part of a phase: the Khan's Tribute (``Match.take_skip``), a Nomad's Invasion
play (``SecretChoices`` leaves the Nomad out).

**The end.** 12 Loot at once (HP-R17), or the most Loot after turn 50 (HP-R18);
and how search bots judge a match in progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

import attrs

import boardcore
from boardcore import Match, Result, Visibility
from boardcore.steps import Perform
from boardcore.events import CardsDrawn
from boardcore.evolving import evolve

from .cards import CONSTANTS, TYPES, HorseCard, can_stop, candidates, contest, deposes, needed, ruled_out, total, tribute_gain

# -- the board ---------------------------------------------------------------------------

DISCARD = boardcore.Zone("discard", Visibility.HIDDEN)
DRAW = boardcore.Zone("draw", Visibility.HIDDEN, refill=DISCARD, deck=True)
TRIBUTE = boardcore.Zone("tribute")
HAND = boardcore.SeatZones("hand", Visibility.OWNER)
PLAY = boardcore.SeatZones("invasion", Visibility.PUBLIC)
"""Each seat's revealed Invasion play."""
LOOT = boardcore.Tally("loot")


@attrs.frozen
class Reckoning:
    """The figures of one Invasion Phase, all public once the plays are revealed."""

    turn: int
    khan: int | None
    """The Khan during that turn's Tribute and Invasion, or None."""
    loot: int
    """Loot value the Khan played as Tribute."""
    conquest: int
    """``C_khan``: Conquest value in the Tribute area."""
    gain: int
    """Loot points the Khan earned (HP-R08)."""
    weakness: int
    """``W_all``: Weakness value of all the Nomads' plays."""
    deposed: bool
    strengths: tuple[int, ...]
    """``S(p)`` for every seat (0 for the Khan, who plays nothing)."""
    candidates: tuple[int, ...]
    """The seats that played a Tribe card (HP-R14: never the Khan)."""
    contested: bool
    """Whether a Strength contest was held (no Khan, or he was just deposed)."""
    crowned: int | None
    """The contest's winner; None if there was no contest or nobody won it."""


@attrs.frozen
class HorseTable:
    """The game's own state besides cards and counters (all public)."""

    khan: int | None = None
    """The seat holding the title of Khan, or None when everybody is a Nomad."""
    last: Reckoning | None = None
    """The most recent Invasion Phase, or None before the first one ends."""


def cards_in(m: Match, zone: str) -> list[HorseCard]:
    """The card data of everything in ``zone``, bottom first."""
    return list(m.card_data(zone, HorseCard))


def nomads(m: Match) -> tuple[int, ...]:
    """Every seat but the Khan's, in seat order."""
    return tuple(seat for seat in range(m.players) if seat != m.table.khan)


def loot(m: Match) -> tuple[int, ...]:
    """Every seat's Loot, by seat."""
    return tuple([m.count(LOOT, seat) for seat in range(m.players)])


# -- Migration ---------------------------------------------------------------------------


class Migration(boardcore.steps.Exchange):
    """Deal 7 cards to each seat in turn (HP-R04); then everybody, the Khan too,
    secretly picks 0-4 of them (HP-D01) and, in seat order, discards them and draws
    as many (HP-R05). A player's discards reach the pile before his own draws, so
    a reshuffle can bring them back."""

    name = "migration"
    hand, most = HAND, CONSTANTS.max_exchange

    def run(self, m: Match) -> None:
        for seat in range(m.players):
            m.perform(CardsDrawn.shared(seat, CONSTANTS.hand_size, "deal", DRAW, HAND[seat]))
        super().run(m)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for seat, picks in chosen.items():
            if picks:
                m.move(picks, HAND[seat], DISCARD)
                m.perform(CardsDrawn.shared(seat, len(picks), "exchange", DRAW, HAND[seat]))


# -- Tribute -----------------------------------------------------------------------------


class Tribute(boardcore.Phase):
    """The Khan lays Loot and Conquest cards and scores; skipped with no Khan (HP-R06)."""

    name = "tribute"

    def begin(self, m: Match) -> None:
        if m.table.khan is not None and not m.take_skip(m.table.khan, self.name):
            TributePlay(m.table.khan).run(m)


class CardSelect(boardcore.steps.Select):
    """A selection of cards from the chooser's hand for the class's ``play``,
    limited by the card types declared for it (``cards.candidates``)."""

    play: ClassVar[str]
    narrows = True  # after a pick, the cards it rules out go (cards.ruled_out); the hand is not read again

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[boardcore.actions.Action]:
        # One look at the hand for both questions (which cards may come next, and
        # whether the play may stop); the option of a card is made once.
        held = cards_in(m, HAND[self.player])
        chosen = [m.card(c) for c in picked]
        offered = m.rules.memo(_play_options)
        found = [offered[card.id] for card in candidates(self.play, held, chosen)]
        return [*found, boardcore.actions.DONE] if can_stop(self.play, held, chosen) else found

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        # Asked after every pick; what the play needs depends on the hand, which picking leaves as it is.
        return m.rules.remember(_needed, m.cards(HAND[self.player]), self.play).issubset(m.card(c).type for c in picked)

    def ruled_out(self, m: Match, item: str, offered: Sequence[str]) -> list[str]:
        return ruled_out(m.card(item), [m.card(c) for c in offered])


def _needed(rules: boardcore.Game, hand: tuple[str, ...], play: str) -> frozenset[str]:
    """``cards.needed`` for the cards ``hand`` (remembered with ``Game.remember``)."""
    return needed(play, [cast(HorseCard, rules.cards[c]) for c in hand])


def _play_options(rules: boardcore.Game) -> dict[str, boardcore.actions.Action]:
    """The option that plays each card: fixed by the loaded game, so made once (``Game.memo``)."""
    return {card_id: boardcore.actions.pick(card_id, f"play {card.label}") for card_id, card in rules.cards.items()}


class TributePlay(CardSelect):
    """The Khan's Tribute (HP-D02): at most one card per Loot name, any Conquest
    cards. Reaching 12 Loot ends the game at once (HP-R17)."""

    play = "tribute"

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Tribute: play a Loot card (one per name) or a Conquest card, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        m.move(picked, HAND[self.player], TRIBUTE)
        laid = cards_in(m, TRIBUTE)
        paid = TributeCollected(self.player, total(laid, "loot"), total(laid, "conquest"), tribute_gain(laid))
        m.perform(paid)
        m.check_end()  # HP-R17: 12 Loot wins at once


@attrs.frozen
class TributeCollected(boardcore.Moment):
    """The Khan laid his Tribute and is paid ``gain`` = min(loot, conquest) Loot
    (HP-R08); recorded after his Loot went up."""

    khan: int
    loot: int
    conquest: int
    gain: int

    def happen(self, m: Match) -> None:
        m.add(LOOT, self.gain, self.khan)

    def __str__(self) -> str:
        """``the Khan (seat 0) lays Loot 12 and Conquest 5 and wins 5 Loot``: the Khan named
        in brackets, so that the sentence reads for "you" too."""
        laid = f"Loot {self.loot} and Conquest {self.conquest}"
        return f"the Khan (seat {self.khan}) lays {laid} and wins {self.gain} Loot"


# -- Invasion ----------------------------------------------------------------------------


class Invasion(boardcore.steps.SecretChoices):
    """Every Nomad chooses a play in secret (HP-D03); all are revealed together,
    then the Khan may be deposed and the title contested (``InvasionResolved``).
    A Nomad who skips the Invasion is not asked and plays nothing."""

    name = "invasion"

    def choosers(self, m: Match) -> Sequence[int]:
        return nomads(m)  # a Nomad with a skip of the Invasion sits it out (the engine uses the skip up)

    def selection(self, m: Match, seat: int) -> boardcore.steps.Select:
        return InvasionPlay(seat)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for seat, picks in chosen.items():
            m.move(picks, HAND[seat], PLAY[seat])
        plays = [cards_in(m, PLAY[seat]) for seat in range(m.players)]
        weakness = sum(total(play, "weakness") for play in plays)
        conquest = total(cards_in(m, TRIBUTE), "conquest")
        strengths = tuple(total(play, "strength") for play in plays)
        # HP-R14: the Khan chose nothing, so he is never among those who played a Tribe.
        tribes = tuple(seat for seat in chosen if "tribe" in {TYPES[c.type].counts for c in plays[seat]})
        m.schedule(Perform(InvasionResolved(weakness, conquest, strengths=strengths, candidates=tribes)))


class InvasionPlay(CardSelect):
    """A Nomad's Invasion play: any Weakness, one per Strength name, exactly one
    Tribe if he holds any (HP-R11 to HP-R13). "Done" is offered only once the play
    is complete, so a Nomad holding a Tribe must pick one first."""

    secret = True
    play = "invasion"

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return ("Invasion: play Weakness, Strength (one per name) and exactly one Tribe if you hold one; "
                "then done")  # fmt: skip


@attrs.frozen
class InvasionResolved(boardcore.Moment):
    """The Invasion, once its plays are revealed (HP-R09 to HP-R16): the Khan is
    deposed if the Nomads' ``weakness`` beats the ``conquest`` in the Tribute area;
    then, if nobody is Khan, the title goes to the one of the ``candidates`` (the
    Nomads who played a Tribe) with the unique highest strength, else to nobody.
    ``strengths`` is every seat's S(p), by seat. ``deposed`` (the fallen Khan) and
    ``khan`` (who is Khan now) are filled in as it happens.

    The game performs it as a step (``asks``), so a card may replace it at its
    owner's choice. It records the Invasion in the table (``HorseTable.last``)."""

    asks = True
    weakness: int
    conquest: int
    deposed: int | None = None
    khan: int | None = None
    strengths: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()

    def happen(self, m: Match) -> InvasionResolved:
        title = m.table.khan
        fallen = title is not None and deposes(self.weakness, self.conquest)
        contested = title is None or fallen
        crowned = contest({seat: self.strengths[seat] for seat in self.candidates}) if contested else None
        khan = crowned if contested else title
        tribute = cards_in(m, TRIBUTE)
        last = Reckoning(
            turn=m.turn, khan=title, loot=total(tribute, "loot"), conquest=self.conquest,
            gain=tribute_gain(tribute), weakness=self.weakness, deposed=fallen, strengths=self.strengths,
            candidates=self.candidates, contested=contested, crowned=crowned)  # fmt: skip
        m.table = evolve(m.table, khan=khan, last=last)
        return evolve(self, deposed=title if fallen else None, khan=khan)

    def __str__(self) -> str:
        """The Weakness against the Conquest (HP-R10), then, if the title was contested,
        every candidate's Strength and where the title went (HP-R14, HP-R15): ``the
        Nomads' Weakness 4 against Conquest 3 deposes seat 0; Strength in the contest:
        5 for seat 1, 3 for seat 2; the title goes to seat 1``. Seats are named as
        objects, never as subjects, so that each reads for "you" too."""
        fight = f"the Nomads' Weakness {self.weakness} against Conquest {self.conquest}"
        if self.khan is not None and self.khan not in self.candidates:  # no contest: he stays Khan (HP-R16)
            return f"{fight} leaves seat {self.khan} Khan"
        fate = "finds no Khan to depose" if self.deposed is None else f"deposes seat {self.deposed}"
        held = ", ".join(f"{self.strengths[s]} for seat {s}" for s in self.candidates) or "no Tribe played"
        now = "nobody" if self.khan is None else f"seat {self.khan}"
        return f"{fight} {fate}; Strength in the contest: {held}; the title goes to {now}"


# -- Steppes -----------------------------------------------------------------------------


class Steppes(boardcore.Phase):
    """Everything played or held goes to the discard pile, seat by seat, then the Tribute."""

    name = "steppes"

    def begin(self, m: Match) -> None:
        for seat in range(m.players):
            m.move_all(HAND[seat], DISCARD)
            m.move_all(PLAY[seat], DISCARD)
        m.move_all(TRIBUTE, DISCARD)


# -- the end -----------------------------------------------------------------------------

WON = "reached the Loot target"
LIMIT_MOST = "turn limit: most Loot"
LIMIT_KHAN = "turn limit: the Khan breaks a tie for most Loot"
LIMIT_DRAW = "turn limit: tie for most Loot"


def end_if(m: Match) -> Result | None:
    """Whoever holds 12 Loot or more has won (checked whenever a phase ends, so a
    Khan's Tribute wins before the Invasion). Only the Khan scores, once a turn,
    so in the base game there is never more than one such player."""
    scores = loot(m)
    if max(scores) < CONSTANTS.loot_to_win:  # the usual case, at the end of every phase
        return None
    return Result(tuple(seat for seat, points in enumerate(scores) if points >= CONSTANTS.loot_to_win), WON, scores)


def at_limit(m: Match) -> Result:
    """After the last turn: most Loot wins; among tied leaders the Khan wins, else
    they share a draw (HP-R18)."""
    scores = loot(m)
    leaders = tuple(seat for seat, points in enumerate(scores) if points == max(scores))
    if len(leaders) == 1:
        return Result(leaders, LIMIT_MOST, scores)
    if m.table.khan in leaders:
        return Result((m.table.khan,), LIMIT_KHAN, scores)
    return Result(leaders, LIMIT_DRAW, scores)


def standing(m: Match) -> tuple[int, ...]:
    """Each seat's Loot, the Khan's counted with what the title is worth: only the
    Khan scores, so Loot alone stays flat for turns and cannot tell a search which
    play won the Invasion (the game's ``search.scores``)."""
    worth = {m.table.khan: CONSTANTS.khan_worth}  # by the seat holding the title (None: nobody's)
    return tuple(points + worth.get(seat, 0) for seat, points in enumerate(loot(m)))


def describe(m: Match, player: int | None) -> dict[str, str]:
    """Who holds the title, for a view (public)."""
    return {"Khan": "nobody" if m.table.khan is None else f"seat {m.table.khan}"}
