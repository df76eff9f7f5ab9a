"""The turn: Migration, Tribute, Invasion, Steppes (rules section 4).

Every multi-card choice is asked one card at a time, then "done" (an engine
``Select``). The two simultaneous choices are the engine's secret choices: the
Migration exchange (HP-D01) is a ``boardcore.Exchange`` and the Invasion plays
(HP-D03) a ``boardcore.SecretChoices``; nothing is revealed until everybody has
chosen. The Khan's Tribute (HP-D02) is an ordinary ``Select`` by one player.

What a card may change is performed as a moment (see ``moments``). Everybody
acts in every turn, so there is no active seat whose phase the engine could
skip: the game honours ``Match.skip_phase`` seat by seat instead, for a seat's
own part of a phase (the Khan's Tribute, a Nomad's Invasion play).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import ClassVar

import attrs

import boardcore
from boardcore import Match

from .board import DISCARD, HAND, PLAY, TRIBUTE, cards_in, nomads
from .cards import CONSTANTS, TYPES, total
from .moments import CardsDrawn, InvasionResolved, TributeCollected, perform_quiet
from .plays import can_stop, candidates, tribute_gain


def skipped(m: Match, seat: int, phase: str) -> bool:
    """Whether ``seat`` skips his part of ``phase`` this turn (``Match.skip_phase``);
    if so, the skip is used up and recorded as his ``PhaseBegan`` cancelled."""
    if not m.skips(seat, phase):
        return False
    m.add(f"skip {phase}", -1, seat)  # the engine's public counter of skips
    m.emit(boardcore.MomentCancelled(boardcore.PhaseBegan(phase, player=seat), "skip_phase"))
    return True


@attrs.frozen
class CardSelect(boardcore.Select):
    """A selection of cards from the chooser's hand for the class's ``play``,
    limited by the card types declared for it (``plays.candidates``)."""

    play: ClassVar[str]

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[boardcore.Action]:
        # One look at the hand for both questions (which cards may come next, and
        # whether the play may stop); the option of a card is made once.
        rules = m.rules
        held = cards_in(m, HAND[self.player])
        chosen = [m.card(c) for c in picked]
        found: list[boardcore.Action] = [_play_option(rules, card.id) for card in candidates(self.play, held, chosen)]
        if can_stop(self.play, held, chosen):
            found.append(boardcore.DONE)
        return found


@lru_cache(maxsize=4096)
def _play_option(rules: boardcore.Game, card_id: str) -> boardcore.Action:
    """The option that plays a card: fixed by the loaded game and the card, so made once."""
    return boardcore.pick(card_id, f"play {rules.cards[card_id].label}")


class Migration(boardcore.Exchange):
    """Deal 7 cards to each seat in turn (HP-R04); then everybody, the Khan too,
    secretly picks 0-4 of them (HP-D01) and, in seat order, discards them and draws
    as many (HP-R05). A player's discards reach the pile before his own draws, so
    a reshuffle can bring them back."""

    name = "migration"
    hand, most = HAND, CONSTANTS.max_exchange

    def run(self, m: Match) -> None:
        for seat in range(m.players):
            perform_quiet(m, CardsDrawn(seat, CONSTANTS.hand_size, "deal"))
        super().run(m)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for seat, picks in chosen.items():
            if picks:
                m.move(picks, HAND[seat], DISCARD)
                perform_quiet(m, CardsDrawn(seat, len(picks), "exchange"))


class Tribute(boardcore.Phase):
    """The Khan lays Loot and Conquest cards and scores; skipped with no Khan (HP-R06)."""

    name = "tribute"

    def begin(self, m: Match) -> None:
        khan = m.table.khan
        if khan is not None and not skipped(m, khan, self.name):
            TributePlay(khan).run(m)


@attrs.frozen
class TributePlay(CardSelect):
    """The Khan's Tribute (HP-D02): at most one card per Loot name, any Conquest
    cards. Reaching 12 Loot ends the game at once (HP-R17)."""

    play = "tribute"

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Tribute: play a Loot card (one per name) or a Conquest card, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        m.move(picked, HAND[self.player], TRIBUTE)
        played = cards_in(m, TRIBUTE)
        m.perform(TributeCollected(self.player, total(played, "loot"), total(played, "conquest"), tribute_gain(played)))
        m.check_end()  # HP-R17: 12 Loot wins at once


class Invasion(boardcore.SecretChoices):
    """Every Nomad chooses a play in secret (HP-D03); all are revealed together,
    then the Khan may be deposed and the title contested (``InvasionResolved``)."""

    name = "invasion"

    def choosers(self, m: Match) -> Sequence[int]:
        return [seat for seat in nomads(m) if not m.skips(seat, self.name)]

    def selection(self, m: Match, seat: int) -> boardcore.Select:
        return InvasionPlay(seat)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for seat in nomads(m):
            if seat not in chosen:
                skipped(m, seat, self.name)
        for seat, picks in chosen.items():
            m.move(picks, HAND[seat], PLAY[seat])
        plays = [cards_in(m, PLAY[seat]) for seat in range(m.players)]
        weakness, conquest = sum(total(play, "weakness") for play in plays), total(cards_in(m, TRIBUTE), "conquest")
        strengths = tuple(total(play, "strength") for play in plays)
        # HP-R14: the Khan played nothing, so he is never among those who played a Tribe.
        tribes = tuple(seat for seat in nomads(m) if any(TYPES[card.type].counts == "tribe" for card in plays[seat]))
        m.schedule(boardcore.Perform(InvasionResolved(weakness, conquest, strengths=strengths, candidates=tribes)))


@attrs.frozen
class InvasionPlay(CardSelect):
    """A Nomad's Invasion play: any Weakness, one per Strength name, exactly one
    Tribe if he holds any (HP-R11 to HP-R13). "Done" is offered only once the play
    is complete, so a Nomad holding a Tribe must pick one first."""

    secret = True
    play = "invasion"

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Invasion: play Weakness, Strength (one per name) and exactly one Tribe if you hold one; then done"


class Steppes(boardcore.Phase):
    """Everything played or held goes to the discard pile, seat by seat, then the Tribute."""

    name = "steppes"

    def begin(self, m: Match) -> None:
        for seat in range(m.players):
            m.move_all(HAND[seat], DISCARD)
            m.move_all(PLAY[seat], DISCARD)
        m.move_all(TRIBUTE, DISCARD)
