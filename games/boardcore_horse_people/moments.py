"""The moments of the game: what the rules perform, and cards and plugin rules may change.

Each is a ``boardcore.Moment``: before it happens an effect may modify it
(``boardcore.modifies``), cancel it or replace it (``boardcore.replaces``), and
once it has happened react to it (``boardcore.reacts_to``).

* :class:`CardsDrawn` - a player draws (the Migration deal and exchange);
* :class:`TributeCollected` - the Khan is paid his Tribute;
* :class:`InvasionResolved` - the Khan is deposed, the title contested (``asks``:
  a card may replace it at its owner's choice).

The game performs draws with :func:`perform_quiet`: when no card or rule acts on
them they happen unrecorded, so that a match's log holds the same events as before
draws were moments, and matches saved then replay to the same log.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

import boardcore
from boardcore import Match

from .board import DRAW, HAND, LOOT, TRIBUTE, Reckoning, cards_in
from .cards import total
from .plays import contest, deposes, tribute_gain


def perform_quiet(m: Match, moment: boardcore.Moment) -> None:
    """Perform ``moment`` (of a class that does not ask); when no card or rule modifies,
    replaces or reacts to its class, it just happens: the log keeps the events it
    makes (the cards drawn), not the moment itself."""
    rules = m.rules
    if rules.changes(type(moment)) or rules.reactions(type(moment)):
        m.perform(moment)
    else:
        moment.happen(m)


@attrs.frozen
class CardsDrawn(boardcore.Moment):
    """``player`` draws ``count`` cards from the draw pile into his hand; as it happened,
    ``count`` is the number drawn (fewer if both piles run dry, HP-R21). ``purpose``
    says why: ``"deal"``, the Migration deal (HP-R04), or ``"exchange"``, the cards
    that replace his discards (HP-R05)."""

    player: int
    count: int
    purpose: str

    def happen(self, m: Match) -> CardsDrawn | None:
        drawn = len(m.draw(DRAW, HAND[self.player], self.count))
        return None if drawn == self.count else attrs.evolve(self, count=drawn)


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
        return f"seat {self.khan}, the Khan, lays Loot {self.loot} and Conquest {self.conquest} and wins {self.gain} Loot"


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

    asks: ClassVar[bool] = True
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
            turn=m.turn, khan=title, loot=total(tribute, "loot"), conquest=self.conquest, gain=tribute_gain(tribute),
            weakness=self.weakness, deposed=fallen, strengths=self.strengths, candidates=self.candidates,
            contested=contested, crowned=crowned,
        )  # fmt: skip
        m.table = attrs.evolve(m.table, khan=khan, last=last)
        return attrs.evolve(self, deposed=title if fallen else None, khan=khan)

    def __str__(self) -> str:
        fate = "nobody is deposed" if self.deposed is None else f"seat {self.deposed} is deposed"
        if self.deposed is None and deposes(self.weakness, self.conquest):
            fate = "there was no Khan to depose"  # a Khan would have fallen (HP-R10)
        now = "nobody is Khan" if self.khan is None else f"seat {self.khan} is Khan"
        return f"the Nomads' Weakness {self.weakness} against Conquest {self.conquest}: {fate}; {now}"
