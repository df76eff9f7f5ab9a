"""Events: the record of every change the rules make to a match.

Events are frozen attrs values appended to the match's log in the order they
happen. They are also the *rule moments* that card effects and plugins act on:
right after an event is recorded, every card effect that reacts to its class
(:func:`boardcore.reacts_to`) and every ``on_event`` hook implementation is
called, and may change the match. Games define their own events by subclassing
:class:`Event`; every event class in a game's or plugin's package is stored in
saved games under its class name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from .evolving import evolve
from .zones import ZoneSpec

if TYPE_CHECKING:
    from .._rules.match import Match


HIDDEN_CARD = "?"
"""Stands for a card id in an event as seen by a player who may not see that card."""


@attrs.frozen
class Event:
    """Base class of every event."""

    def seen_by(self, specs: Mapping[str, ZoneSpec], player: int | None) -> Event:
        """This event as ``player`` (None: a spectator) may see it, given the match's zone specs. Events
        are public by default; an event that names hidden cards returns a copy
        without them (see :class:`CardsMoved`)."""
        return self


@attrs.frozen
class Moment(Event):
    """An event the rules *perform* (``m.perform(moment)``) instead of only recording it.

    Before a moment happens, card effects and plugin rules may modify it (change
    its fields, or cancel it: :func:`boardcore.modifies`) or replace it (something
    else happens instead: :func:`boardcore.replaces`); once it has happened it is
    recorded like any event and they react to it (:func:`boardcore.reacts_to`).
    Name a moment for what happened (``PersonKilled``, ``DieRolled``), give it the
    typed fields a card needs to decide whether it applies (who, what, how much),
    and say what it does in :meth:`happen`.
    """

    asks: ClassVar[bool] = False
    """Whether the game performs this moment as a step (``m.schedule(Perform(moment))``),
    so that an optional replacement (``replaces(..., may=...)``) may ask whether
    to use it. A moment that asks cannot be performed in the middle of a step."""
    quiet: ClassVar[bool] = False
    """Whether the moment is left out of the log while nothing acts on its class
    (no card or rule modifies, replaces or reacts to it, no ``on_event`` hook): for
    a moment whose effects are events already (a draw's ``CardsMoved``), so that
    matches keep the log they had before it became a moment."""
    chooser: ClassVar[str | None] = None
    """For a moment that asks: the name of its field holding the affected seat,
    who chooses which replacement is used when several apply at once (otherwise
    the first in order is). None: the first in order, always."""

    def happen(self, m: Match) -> Moment | None:
        """Make the moment happen (nothing cancelled or replaced it). Return the moment
        as it happened when that differs from ``self`` (a die's value), else None."""
        return None

    def describe(self) -> str:
        """The moment in a few words, for the question that offers to replace it ("your
        Hunter is killed"); by default its class name in words ("person killed")."""
        return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", type(self).__name__).lower()

    @classmethod
    def shared(cls, *fields: Any, **named: Any) -> Self:
        """``cls(*fields, **named)``, made once for each set of fields and shared after:
        a moment is an immutable value, so rules that perform the same one again and
        again (each seat's hand of 7 drawn every turn) need not build it each time. The
        fields must be hashable (numbers, strings, zones, tuples)."""
        kind: Any = cls  # a class is hashable; mypy reads attrs' frozen __hash__ as an instance's
        return _shared(kind, *fields, **named)  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _shared(cls: type[Moment], *fields: Any, **named: Any) -> Moment:
    return cls(*fields, **named)


QUIETLY = 2
"""``Game.plain_moment``'s answer for a quiet moment that nothing acts on: happen, unlogged."""


@attrs.frozen
class MomentCancelled(Event):
    """A modification cancelled ``moment`` before it happened; ``by`` names the card
    (its id) or the rule (its name) that did."""

    moment: Event
    by: str


@attrs.frozen
class MomentReplaced(Event):
    """``moment`` did not happen: ``by`` (a card id or a rule's name) made something else
    happen instead. The events that follow are what happened instead."""

    moment: Event
    by: str


@attrs.frozen
class MatchStarted(Event):
    """A match was set up for ``players`` seats from ``seed``."""

    game: str
    players: int
    seed: int


@attrs.frozen
class TurnBegan(Event):
    """Turn number ``turn`` began; ``player`` is the active seat, or None in games
    where everybody acts in every turn."""

    turn: int
    player: int | None


@attrs.frozen
class PhaseBegan(Moment):
    """A phase of the current turn began. ``player`` is the active seat (None in games
    where everybody acts in every turn).

    As a moment: cancelling it skips the phase (its body does not run), replacing
    it makes something else happen instead of the phase. ``Match.skip_phase``
    cancels a seat's next such phase without a card in play."""

    phase: str
    player: int | None = None


@attrs.frozen
class PhaseEnded(Event):
    """The phase named ``phase`` is over: every step it scheduled has run."""

    phase: str


@attrs.frozen
class TurnEnded(Moment):
    """Turn number ``turn`` is over (all its phases ran); ``player`` was its active seat.

    As a moment: cancelling or replacing it gives the same seat another turn
    (the next turn goes to it again, and no new round begins)."""

    turn: int
    player: int | None = None


@attrs.frozen
class CardPlayed(Event):
    """``player`` played ``card`` from ``source`` during ``phase``, aimed at
    ``target`` (a seat, a piece, a square, or None), through
    :class:`~boardcore.steps.PlayCard`. Recorded after the card's own effect."""

    player: int
    card: str
    source: str
    target: int | str | None
    phase: str


@attrs.frozen
class CardsMoved(Event):
    """Cards left ``source`` and arrived in ``target``, in the order given."""

    cards: tuple[str, ...]
    source: str
    target: str

    def seen_by(self, specs: Mapping[str, ZoneSpec], player: int | None) -> Event:
        """A player sees which cards moved when they could see them in ``source`` or
        in ``target``; otherwise only how many (each id is :data:`HIDDEN_CARD`)."""
        for zone in (self.source, self.target):
            spec = specs.get(zone)
            if spec is not None and spec.visible_to(player):
                return self
        return CardsMoved((HIDDEN_CARD,) * len(self.cards), self.source, self.target)


@attrs.frozen
class Shuffled(Event):
    """A zone was shuffled with the match's generator."""

    zone: str
    size: int


@attrs.frozen
class CounterChanged(Event):
    """A named counter went from ``old`` to ``new``. ``owner`` is a seat, a piece id,
    or None for a counter of the whole match."""

    name: str
    owner: int | str | None
    old: int
    new: int


@attrs.frozen
class DieRolled(Moment):
    """A die with ``sides`` sides came up ``value``; ``reason`` says what for, in words.
    ``forced`` is true when a test had loaded the die.

    As a moment (``Match.roll`` performs it): ``player`` is who rolls and
    ``purpose`` a short tag the game documents ("attack", "hunt"), so a modifier
    need not read ``reason``. Before the die is rolled (``value`` is 0), a
    modifier may roll ``rolls`` dice and keep the highest (``lowest``: the
    lowest), add ``bonus`` to the kept die, or set ``value`` to fix the result. A
    game that needs more typed fields subclasses it (modifiers of ``DieRolled``
    see the subclass too)."""

    sides: int
    value: int
    reason: str
    forced: bool = False
    player: int | None = None
    purpose: str = ""
    rolls: int = 1
    lowest: bool = False
    bonus: int = 0

    def happen(self, m: Match) -> Moment | None:
        if self.value:
            return None  # fixed by a modifier
        if type(self.rolls) is not int or self.rolls < 1:
            raise ValueError(f"a roll needs at least one die, not rolls={self.rolls!r}")
        faces = [m.die_face(self) for _ in range(self.rolls)]
        kept = min(faces) if self.lowest else max(faces)
        return evolve(self, value=kept[0] + self.bonus, forced=any(loaded for _, loaded in faces))


@attrs.frozen
class CardsDrawn(Moment):
    """``player`` draws ``count`` cards from ``source`` into ``target`` (``Match.draw``:
    a pile that declares a ``refill`` zone is refilled from it when it runs out);
    ``purpose`` is a short tag the game documents ("deal", "exchange"), for a card
    that acts on some draws only. As it happened, ``count`` is the number drawn:
    fewer when the cards ran out.

    Quiet: while nothing acts on draws, the draw's ``CardsMoved`` is its only record."""

    quiet = True
    player: int
    count: int
    purpose: str
    source: str
    target: str

    def happen(self, m: Match) -> Moment | None:
        drawn = len(m.draw(self.source, self.target, self.count))
        return None if drawn == self.count else evolve(self, count=drawn)


@attrs.frozen
class Exchanged(Moment):
    """``player`` exchanges ``cards`` of the zone ``hand``: they go to ``discard``, then
    ``draws`` cards (as many, unless a modifier changed it) are drawn from ``draw``
    into ``hand``. :class:`~boardcore.steps.Exchange` performs one for each seat that
    picked cards, once every pick is revealed.

    Quiet: while nothing acts on exchanges, the ``CardsMoved`` events are its record."""

    quiet = True
    player: int
    cards: tuple[str, ...]
    draws: int
    hand: str
    discard: str
    draw: str

    def happen(self, m: Match) -> Moment | None:
        exchange(m, self.cards, self.hand, self.discard, self.draw, self.draws)
        return None


def exchange(m: Match, cards: tuple[str, ...], hand: str, discard: str, draw: str, draws: int) -> None:
    """What an :class:`Exchanged` does: ``cards`` from ``hand`` to ``discard``, then
    ``draws`` cards from ``draw`` into ``hand``."""
    m.move(cards, hand, discard)
    m.draw(draw, hand, draws)


@attrs.frozen
class Chose(Event):
    """A player answered a decision. ``action`` is its text, or None when the choice
    is secret until a later reveal."""

    player: int
    action: str | None
    forced: bool = False


@attrs.frozen
class Revealed(Event):
    """A player's secret choice was revealed."""

    player: int
    items: tuple[str, ...]


@attrs.frozen
class PieceAdded(Event):
    """A piece (a token that is not a card) entered the match."""

    piece: str
    piece_kind: str
    owner: int


@attrs.frozen
class PieceRemoved(Event):
    """A piece left the match."""

    piece: str


@attrs.frozen
class PieceMoved(Event):
    """A piece moved between squares (None means off the board)."""

    piece: str
    source: str | None
    target: str | None


@attrs.frozen
class PlayerOut(Event):
    """A seat was eliminated and takes no further part."""

    player: int


@attrs.frozen
class GameOver(Event):
    """The match ended."""

    winners: tuple[int, ...]
    reason: str


BUILTIN_EVENTS: tuple[type[Event], ...] = (
    MomentCancelled,
    MomentReplaced,
    MatchStarted,
    TurnBegan,
    PhaseBegan,
    PhaseEnded,
    TurnEnded,
    CardPlayed,
    CardsMoved,
    Shuffled,
    CounterChanged,
    DieRolled,
    Chose,
    Revealed,
    PieceAdded,
    PieceRemoved,
    PieceMoved,
    PlayerOut,
    GameOver,
)
