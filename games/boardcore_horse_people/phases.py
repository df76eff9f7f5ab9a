"""The turn: Migration, Tribute, Invasion, Steppes (rules section 4).

Every multi-card choice is asked one card at a time, then "done" (an engine
``Select``). The two simultaneous choices are the engine's secret choices: the
Migration exchange (HP-D01) is a ``boardcore.Exchange`` and the Invasion plays
(HP-D03) a ``boardcore.SecretChoices``; nothing is revealed until everybody has
chosen. The Khan's Tribute (HP-D02) is an ordinary ``Select`` by one player.

Two events mark the moments a plugin may act on: ``TributeCollected`` and
``InvasionResolved``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import ClassVar

import attrs

import boardcore
from boardcore import Match

from .board import DISCARD, DRAW, HAND, LOOT, PLAY, TRIBUTE, Reckoning, cards_in, nomads
from .cards import CONSTANTS, CardType, total
from .plays import INVASION, PlayRule, contest, deposes, tribute_gain
from .plays import TRIBUTE as TRIBUTE_RULE


@attrs.frozen
class TributeCollected(boardcore.Event):
    """The Khan laid his Tribute and earned ``gain`` = min(loot, conquest) (HP-R08);
    recorded after his Loot went up."""

    khan: int
    loot: int
    conquest: int
    gain: int

    def __str__(self) -> str:
        return f"seat {self.khan}, the Khan, lays Loot {self.loot} and Conquest {self.conquest} and wins {self.gain} Loot"


@attrs.frozen
class InvasionResolved(boardcore.Event):
    """The Invasion plays were counted: who was deposed, who (if anyone) is Khan now."""

    weakness: int
    conquest: int
    deposed: int | None
    khan: int | None

    def __str__(self) -> str:
        fate = "nobody is deposed" if self.deposed is None else f"seat {self.deposed} is deposed"
        if self.deposed is None and deposes(self.weakness, self.conquest):
            fate = "there was no Khan to depose"  # a Khan would have fallen (HP-R10)
        now = "nobody is Khan" if self.khan is None else f"seat {self.khan} is Khan"
        return f"the Nomads' Weakness {self.weakness} against Conquest {self.conquest}: {fate}; {now}"


@attrs.frozen
class CardSelect(boardcore.Select):
    """A selection of cards from the chooser's hand, limited by the class's ``rule``."""

    rule: ClassVar[PlayRule]

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        held = cards_in(m, HAND[self.player])
        return [card.id for card in self.rule.candidates(held, [m.card(c) for c in picked])]

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return self.rule.can_stop(cards_in(m, HAND[self.player]), [m.card(c) for c in picked])

    def option(self, m: Match, item: str) -> boardcore.Action:
        return _play_option(m.rules, item)

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[boardcore.Action]:
        # The same options as the default, with one look at the hand for both
        # questions (which cards may come next, and whether the play may stop).
        held = cards_in(m, HAND[self.player])
        chosen = [m.card(c) for c in picked]
        rules = m.rules
        found: list[boardcore.Action] = [_play_option(rules, card.id) for card in self.rule.candidates(held, chosen)]
        if self.rule.can_stop(held, chosen):
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
    hand, discard, draw, most = HAND, DISCARD, DRAW, CONSTANTS.max_exchange

    def run(self, m: Match) -> None:
        for seat in range(m.players):
            m.draw(DRAW, HAND[seat], CONSTANTS.hand_size)
        super().run(m)


class Tribute(boardcore.Phase):
    """The Khan lays Loot and Conquest cards and scores; skipped with no Khan (HP-R06)."""

    name = "tribute"

    def begin(self, m: Match) -> None:
        if m.table.khan is not None:
            TributePlay(m.table.khan).run(m)


@attrs.frozen
class TributePlay(CardSelect):
    """The Khan's Tribute (HP-D02): at most one card per Loot name, any Conquest
    cards. Reaching 12 Loot ends the game at once (HP-R17)."""

    rule = TRIBUTE_RULE

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Tribute: play a Loot card (one per name) or a Conquest card, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        m.move(picked, HAND[self.player], TRIBUTE)
        played = cards_in(m, TRIBUTE)
        gain = tribute_gain(played)
        m.add(LOOT, gain, self.player)
        m.emit(TributeCollected(self.player, total(played, CardType.LOOT), total(played, CardType.CONQUEST), gain))
        m.check_end()  # HP-R17: 12 Loot wins at once


class Invasion(boardcore.SecretChoices):
    """Every Nomad chooses a play in secret (HP-D03); all are revealed together,
    then the Khan may be deposed and the title contested."""

    name = "invasion"

    def choosers(self, m: Match) -> Sequence[int]:
        return nomads(m)

    def selection(self, m: Match, seat: int) -> boardcore.Select:
        return InvasionPlay(seat)

    def reveal(self, m: Match, chosen: Mapping[int, tuple[str, ...]]) -> None:
        for seat, picks in chosen.items():
            m.move(picks, HAND[seat], PLAY[seat])
        settle(m)


@attrs.frozen
class InvasionPlay(CardSelect):
    """A Nomad's Invasion play: any Weakness, one per Strength name, exactly one
    Tribe if he holds any (HP-R11 to HP-R13). "Done" is offered only once the play
    is complete, so a Nomad holding a Tribe must pick one first."""

    secret = True
    rule = INVASION

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "Invasion: play Weakness, Strength (one per name) and exactly one Tribe if you hold one; then done"


def settle(m: Match) -> None:
    """Depose the Khan if the Weakness beats his Conquest, then hold the Strength
    contest if the title is vacant (HP-R09, HP-R10, HP-R14 to HP-R16)."""
    title = m.table.khan
    tribute = cards_in(m, TRIBUTE)
    conquest = total(tribute, CardType.CONQUEST)
    plays = [cards_in(m, PLAY[seat]) for seat in range(m.players)]
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
    last = Reckoning(
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
    )
    m.table = attrs.evolve(m.table, khan=new_khan, last=last)
    m.emit(InvasionResolved(weakness, conquest, title if deposed else None, new_khan))


class Steppes(boardcore.Phase):
    """Everything played or held goes to the discard pile, seat by seat, then the Tribute."""

    name = "steppes"

    def begin(self, m: Match) -> None:
        for seat in range(m.players):
            m.move_all(HAND[seat], DISCARD)
            m.move_all(PLAY[seat], DISCARD)
        m.move_all(TRIBUTE, DISCARD)
