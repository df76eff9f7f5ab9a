"""The turn: Migration, Tribute, Invasion, Steppes (rules section 4), and the turn limit.

Every multi-card choice is an engine ``Select``: one card at a time, then "done".
The two simultaneous choices (the Migration exchange, HP-D01, and the Invasion
plays, HP-D03) are *secret* selections asked of every player in the same step;
their picks wait, hidden, in the players' drafts until a reveal step scheduled
after them takes them all at once. The Khan's Tribute (HP-D02) is an ordinary
selection by one player.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

import boardcore
from boardcore import Match

from .board import (
    CONSTANTS,
    DISCARD,
    DRAW,
    LOOT,
    TRIBUTE,
    HorseTable,
    Reckoning,
    cards_in,
    deck,
    hand,
    khan,
    loot,
    nomads,
    play_area,
)
from .cards import CardType, HorseCard, total
from .plays import INVASION, TRIBUTE as TRIBUTE_RULE, PlayRule, contest, deposes, tribute_gain

WON = "reached the Loot target"
LIMIT_MOST = "turn limit: most Loot"
LIMIT_KHAN = "turn limit: the Khan breaks a tie for most Loot"
LIMIT_DRAW = "turn limit: tie for most Loot"


# -- events ----------------------------------------------------------------------------


@attrs.frozen
class TributeCollected(boardcore.Event):
    """The Khan laid his Tribute and earned ``gain`` = min(loot, conquest) (HP-R08)."""

    khan: int
    loot: int
    conquest: int
    gain: int


@attrs.frozen
class InvasionResolved(boardcore.Event):
    """The Invasion plays were counted: who was deposed, who (if anyone) is Khan now."""

    weakness: int
    conquest: int
    deposed: int | None
    khan: int | None


# -- selections ------------------------------------------------------------------------


def _cards(m: Match, ids: Iterable[str]) -> list[HorseCard]:
    cards = deck(m)
    return [cards[c] for c in ids]


@attrs.frozen
class CardSelect(boardcore.Select):
    """A selection of cards from the chooser's hand, limited by the class's ``rule``."""

    rule: ClassVar[PlayRule]

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        held = cards_in(m, hand(self.player))
        return [card.id for card in self.rule.candidates(held, _cards(m, picked))]

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return self.rule.can_stop(cards_in(m, hand(self.player)), _cards(m, picked))

    def option(self, m: Match, item: str) -> boardcore.Action:
        return boardcore.pick(item, f"play {m.card(item).label}")


# -- phase 1: Migration ------------------------------------------------------------------


class Migration(boardcore.Phase):
    """Deal 7 to each seat in turn (HP-R04), then everyone exchanges 0-4 in secret (HP-D01)."""

    name = "migration"

    def begin(self, m: Match) -> None:
        for seat in range(m.players):
            m.draw(DRAW, hand(seat), CONSTANTS.hand_size)
        m.schedule(RevealExchange())
        for seat in range(m.players):
            MigrationExchange(seat, hand(seat), CONSTANTS.max_exchange).run(m)


@attrs.frozen
class MigrationExchange(boardcore.ExchangeCards):
    """One player's secret exchange (HP-D01), worded with card values ("discard Horde 4")."""

    @classmethod
    def wording(cls, card: Any) -> str:
        return f"discard {card.label}"

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        left = self.most - len(picked)
        return f"Migration: discard up to {left} more card{'s' if left != 1 else ''} to redraw: pick one, or done"


@attrs.frozen
class RevealExchange(boardcore.Step):
    """Reveal every exchange together; then, seat by seat, discard and redraw (HP-R05).

    A player's discards reach the discard pile before his own replacement draws,
    so a reshuffle during them can bring them back.
    """

    def run(self, m: Match) -> None:
        chosen = [m.take_draft(seat) for seat in range(m.players)]
        for seat, picks in enumerate(chosen):
            m.emit(boardcore.Revealed(seat, picks))
        for seat, picks in enumerate(chosen):
            if picks:
                m.move(picks, hand(seat), DISCARD)
                m.draw(DRAW, hand(seat), len(picks))


# -- phase 2: Tribute ------------------------------------------------------------------


class Tribute(boardcore.Phase):
    """The Khan lays Loot and Conquest cards and scores; skipped with no Khan (HP-R06)."""

    name = "tribute"

    def begin(self, m: Match) -> None:
        title = khan(m)
        if title is not None:
            TributePlay(title).run(m)


@attrs.frozen
class TributePlay(CardSelect):
    """The Khan's Tribute (HP-D02): at most one card per Loot name, any Conquest cards."""

    rule = TRIBUTE_RULE

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Tribute: play a Loot card (one per name) or a Conquest card, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        m.move(picked, hand(self.player), TRIBUTE)
        played = cards_in(m, TRIBUTE)
        gain = tribute_gain(played)
        m.emit(TributeCollected(self.player, total(played, CardType.LOOT), total(played, CardType.CONQUEST), gain))
        if m.add(LOOT, gain, self.player) >= CONSTANTS.loot_to_win:
            m.finish([self.player], WON, loot(m))  # HP-R17: at once, nothing else happens


# -- phase 3: Invasion -----------------------------------------------------------------


class Invasion(boardcore.Phase):
    """Every Nomad chooses a play in secret (HP-D03); all are revealed together."""

    name = "invasion"

    def begin(self, m: Match) -> None:
        players = nomads(m)
        m.schedule(RevealInvasion())
        for seat in players:
            InvasionPlay(seat).run(m)


@attrs.frozen
class InvasionPlay(CardSelect):
    """A Nomad's Invasion play: any Weakness, one per Strength name, exactly one
    Tribe if he holds any (HP-R11 to HP-R13). "Done" is offered only once the play
    is complete, so a Nomad holding a Tribe must pick one first."""

    secret = True

    rule = INVASION

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Invasion: play Weakness, Strength (one per name) and exactly one Tribe if you hold one; then done"

    def run(self, m: Match) -> None:
        # As the engine's Select, except that only a lone "done" is answered
        # automatically. A lone pick (the last Tribe a Nomad must play) is still
        # asked: an automatic answer would wait on the agenda naming a hidden card,
        # which State.determinize re-deals but cannot take back from that answer.
        picked = m.draft(self.player)
        options = self.options(m, picked)
        lone_done = len(options) == 1 and isinstance(options[0], boardcore.Done)
        m.ask(self.player, options, self.prompt(m, picked), self, secret=True, auto=lone_done)


@attrs.frozen
class RevealInvasion(boardcore.Step):
    """Reveal the Nomads' plays into their play areas, then depose and contest."""

    def run(self, m: Match) -> None:
        chosen = {seat: m.take_draft(seat) for seat in nomads(m)}
        for seat, picks in chosen.items():
            m.emit(boardcore.Revealed(seat, picks))
        for seat, picks in chosen.items():
            m.move(picks, hand(seat), play_area(seat))
        settle(m)


def settle(m: Match) -> None:
    """Depose the Khan if the Weakness beats his Conquest, then hold the Strength
    contest if the title is vacant (HP-R09, HP-R10, HP-R14 to HP-R16)."""
    table: HorseTable = m.table
    title = table.khan
    tribute = cards_in(m, TRIBUTE)
    conquest = total(tribute, CardType.CONQUEST)
    plays = [cards_in(m, play_area(seat)) for seat in range(m.players)]
    weakness = sum(total(play, CardType.WEAKNESS) for play in plays)
    strengths = tuple(total(play, CardType.STRENGTH) for play in plays)
    # HP-R14: a Khan plays nothing, so he is never among those who played a Tribe.
    candidates = tuple(
        seat for seat, play in enumerate(plays) if seat != title and any(c.type is CardType.TRIBE for c in play)
    )
    deposed = title is not None and deposes(weakness, conquest)
    contested = title is None or deposed
    crowned = contest({seat: strengths[seat] for seat in candidates}) if contested else None
    new_khan = crowned if contested else title
    m.table = attrs.evolve(
        table,
        khan=new_khan,
        last=Reckoning(
            turn=m.turn,
            khan=title,
            loot=total(tribute, CardType.LOOT),
            conquest=conquest,
            gain=tribute_gain(tribute),
            weakness=weakness,
            deposed=deposed,
            strengths=strengths,
            candidates=candidates,
            contested=contested,
            crowned=crowned,
        ),
    )
    m.emit(InvasionResolved(weakness, conquest, title if deposed else None, new_khan))


# -- phase 4: Steppes ------------------------------------------------------------------


class Steppes(boardcore.Phase):
    """Everything played or held goes to the discard pile, seat by seat, then the Tribute."""

    name = "steppes"

    def begin(self, m: Match) -> None:
        for seat in range(m.players):
            m.move_all(hand(seat), DISCARD)
            m.move_all(play_area(seat), DISCARD)
        m.move_all(TRIBUTE, DISCARD)


# -- the turn limit --------------------------------------------------------------------


def at_turn_limit(m: Match) -> None:
    """After the last turn: most Loot wins; among tied leaders the Khan wins, else
    they share a draw (HP-R18)."""
    scores = loot(m)
    best = max(scores)
    leaders = [seat for seat, points in enumerate(scores) if points == best]
    title = khan(m)
    if len(leaders) == 1:
        m.finish(leaders, LIMIT_MOST, scores)
    elif title in leaders:
        m.finish([title], LIMIT_KHAN, scores)
    else:
        m.finish(leaders, LIMIT_DRAW, scores)


PHASES = (Migration, Tribute, Invasion, Steppes)
STEPS = (MigrationExchange, RevealExchange, TributePlay, InvasionPlay, RevealInvasion)
EVENTS = (TributeCollected, InvasionResolved)
