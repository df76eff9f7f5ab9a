"""The flow of a match: steps, phases, turns, selections and reaction windows.

The position in the flow is plain data. A match keeps an *agenda*, a stack of
frozen :class:`Step` values, and a tuple of open asks. The engine pops the top step
and runs it whenever no decision is open; a step changes the match, schedules more
steps, or asks players something and names the step that will take the answer.
Because steps are values (no generators, no closures), clone, save and replay
copy the flow exactly.

Ready-made steps cover what most games need:

* :class:`Phase` - one phase of a turn, announced with an event;
* :class:`NextTurn` - starts the next turn and schedules the game's phases;
* :class:`Select` - build a set one pick at a time, ending with "done"
  (a secret selection keeps its picks hidden until the game reveals them);
* :class:`Window` - offer players, in a fixed order, a reaction or "pass";
* :class:`EnforceLimit` - discard down to a hand limit, one card at a time.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .actions import DONE, PASS, Action, Done, Pass, Pick, pick
from .errors import RuleError
from .events import PhaseBegan, TurnBegan

if TYPE_CHECKING:
    from .match import Match


@attrs.frozen
class Step:
    """One thing the flow has to do. Subclasses are frozen attrs classes.

    ``run`` is called when the step reaches the top of the agenda. If it asks a
    player something, ``resolve`` is later called with the answer (already checked
    to be one of the options).
    """

    def run(self, m: Match) -> None:
        raise NotImplementedError(f"{type(self).__name__}.run")

    def resolve(self, m: Match, player: int, action: Action) -> None:
        raise RuleError(f"{type(self).__name__} asked a question but takes no answer")


@attrs.frozen
class Answer(Step):
    """Gives the only possible answer to a decision the engine resolved by itself."""

    step: Step
    player: int
    action: Action
    secret: bool = False

    def run(self, m: Match) -> None:
        m.chose(self.player, self.action, secret=self.secret, forced=True)
        self.step.resolve(m, self.player, self.action)


def run_agenda(m: Match) -> None:
    """Run steps until a decision is open or the match is over."""
    while not m.asks and m.result is None:
        agenda = m.agenda
        if not agenda:
            raise RuleError(f"{m.game}: the flow ran out of steps but the game has no result")
        step = agenda[-1]
        m.agenda = agenda[:-1]
        step.run(m)


# -- turns and phases ------------------------------------------------------------------


@attrs.frozen
class Phase(Step):
    """A phase of a turn. Subclasses set ``name`` and implement :meth:`begin`."""

    name: ClassVar[str] = ""

    def run(self, m: Match) -> None:
        m.phase = self.name or type(self).__name__
        m.emit(PhaseBegan(m.phase))
        self.begin(m)

    def begin(self, m: Match) -> None:
        raise NotImplementedError(f"{type(self).__name__}.begin")


class TurnOrder(enum.Enum):
    """Who acts in a turn."""

    EVERYONE = "everyone"
    """Every seat acts in every turn (simultaneous games); there is no active seat."""
    SEATS = "seats"
    """Seats take turns in ascending order, skipping eliminated seats."""


@attrs.frozen
class NextTurn(Step):
    """Begin the next turn: pick the active seat and schedule the game's phases.

    When the game declares a ``turn_limit`` and it has been reached, the game's
    ``at_turn_limit`` function decides the result instead.
    """

    def run(self, m: Match) -> None:
        spec = m.rules.spec
        if spec.turn_limit is not None and m.turn >= spec.turn_limit:
            if spec.at_turn_limit is None:
                raise RuleError(f"{m.game} declares a turn limit but no at_turn_limit")
            spec.at_turn_limit(m)
            if m.result is None:
                raise RuleError(f"{m.game}: at_turn_limit did not end the match")
            return
        m.turn += 1
        if spec.turn_order is TurnOrder.SEATS:
            m.active = next_seat(m)
        m.emit(TurnBegan(m.turn, m.active))
        m.schedule(*(phase() for phase in spec.phases), NextTurn())


def next_seat(m: Match) -> int:
    """The seat after the active one that is still in the game (seat 0 to start)."""
    alive = m.alive()
    if not alive:
        raise RuleError("no seat is left to take a turn")
    if m.active is None:
        return alive[0]
    for seat in alive:
        if seat > m.active:
            return seat
    return alive[0]


# -- selections ------------------------------------------------------------------------


@attrs.frozen
class Select(Step):
    """Ask ``player`` to build a set of items one pick at a time, then "done".

    Subclasses say which items may be added given the picks so far
    (:meth:`candidates`), when "done" is allowed (:meth:`can_stop`) and what to do
    with the finished set (:meth:`complete`). The picks live in the player's draft,
    which only that player sees.

    A ``secret`` selection does not call :meth:`complete`: its picks stay in the
    draft, hidden, until a later step of the game takes every player's draft with
    ``m.take_draft`` and reveals them together. That is how simultaneous hidden
    choices work: ask each player's selection in the same step, and schedule the
    reveal after them.
    """

    player: int
    secret: ClassVar[bool] = False

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        raise NotImplementedError(f"{type(self).__name__}.candidates")

    def can_stop(self, m: Match, picked: tuple[str, ...]) -> bool:
        return True

    def option(self, m: Match, item: str) -> Action:
        """The action offered for ``item``; override to word it ("discard Gauls")."""
        return pick(item, f"pick {item}")

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        return "pick one, or done"

    def complete(self, m: Match, picked: tuple[str, ...]) -> None:
        """Apply a finished, non-secret selection."""

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        """Every option now: one per candidate, then "done" if allowed.

        Override only to make it faster (e.g. with a cache); the default is built
        from :meth:`candidates`, :meth:`option` and :meth:`can_stop`.
        """
        options = [self.option(m, item) for item in self.candidates(m, picked)]
        if self.can_stop(m, picked):
            options.append(DONE)
        return options

    def run(self, m: Match) -> None:
        picked = m.drafts.get(self.player, ())
        m.ask(self.player, self.options(m, picked), self.prompt(m, picked), self, secret=self.secret)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Done):
            if self.secret:
                m.seal(player, self)
            else:
                self.complete(m, m.take_draft(player))
            return
        item: str = action.item  # type: ignore[attr-defined]
        m.set_draft(player, m.drafts.get(player, ()) + (item,))
        self.run(m)


@attrs.frozen
class ExchangeCards(Select):
    """A player's secret choice of up to ``most`` cards of ``zone`` to exchange.

    The common "discard up to N cards and draw replacements" step of card games,
    asked one card at a time and kept secret: schedule a reveal step after asking
    every player, which takes the drafts with ``m.take_draft`` and moves the cards.
    Override :meth:`wording` to phrase the options, :meth:`prompt` to phrase the
    question.
    """

    zone: str
    most: int
    secret = True

    @classmethod
    def wording(cls, card: Any) -> str:
        """The text of the option that picks ``card``, from the card's data alone
        (a classmethod, so the options of a hand can be cached)."""
        return f"discard {card.name}"

    def candidates(self, m: Match, picked: tuple[str, ...]) -> Iterable[str]:
        if len(picked) >= self.most:
            return ()
        return [c for c in m.cards(self.zone) if c not in picked]

    def option(self, m: Match, item: str) -> Action:
        return pick(item, self.wording(m.card(item)))

    def options(self, m: Match, picked: tuple[str, ...]) -> Sequence[Action]:
        # The same options as the default, but the zone's options are built once per
        # hand (cached by class, game and cards) instead of once per pick.
        if len(picked) >= self.most:
            return (DONE,)
        kind: Any = type(self)  # a class is hashable; mypy cannot see it through attrs
        offered = _exchange_options(kind, m.rules, m.zones[self.zone])
        if picked:
            offered = tuple(o for o in offered if o.item not in picked)
        return (*offered, DONE)

    def prompt(self, m: Match, picked: tuple[str, ...]) -> str:
        left = self.most - len(picked)
        return f"Discard up to {left} more card{'s' if left != 1 else ''}: pick one, or done"


@lru_cache(maxsize=512)
def _exchange_options(cls: Any, rules: Any, cards: tuple[str, ...]) -> tuple[Pick, ...]:
    return tuple(pick(c, cls.wording(rules.cards[c])) for c in cards)


# -- reaction windows ------------------------------------------------------------------


class AfterReaction(enum.Enum):
    """What a :class:`Window` does once somebody has reacted."""

    CLOSE = "close"
    """The window closes (one reaction at most: "play a Counter-Attack or pass")."""
    RESTART = "restart"
    """Offer the window again from the first responder, who may have changed
    (a reroll changes who would benefit from another reroll)."""
    NEXT = "next"
    """Go on to the next responder in order."""


@attrs.frozen
class Window(Step):
    """Offer each responder, in a fixed order, a reaction or "pass".

    Subclasses list the responders (:meth:`responders`, re-read whenever the window
    opens again), the reactions each may take now (:meth:`reactions`; a responder
    with none is skipped), and what a reaction does (:meth:`react`). When every
    responder has passed or had nothing to do, :meth:`closed` runs.
    """

    index: int = attrs.field(default=0, kw_only=True)
    order: tuple[int, ...] | None = attrs.field(default=None, kw_only=True)
    """The responders, fixed when the window opens (re-read only on RESTART), so a
    reaction that changes :meth:`responders` cannot skip or repeat anybody."""
    after: ClassVar[AfterReaction] = AfterReaction.CLOSE

    def responders(self, m: Match) -> Sequence[int]:
        raise NotImplementedError(f"{type(self).__name__}.responders")

    def reactions(self, m: Match, player: int) -> Sequence[Action]:
        raise NotImplementedError(f"{type(self).__name__}.reactions")

    def react(self, m: Match, player: int, action: Action) -> None:
        raise NotImplementedError(f"{type(self).__name__}.react")

    def prompt(self, m: Match, player: int) -> str:
        return "react, or pass"

    def closed(self, m: Match) -> None:
        """Everybody passed (or could not react)."""

    def reacted(self, m: Match, player: int, action: Action) -> None:
        """Called after a reaction when ``after`` is CLOSE (the window is over)."""

    def run(self, m: Match) -> None:
        order = self.order if self.order is not None else tuple(self.responders(m))
        for i in range(self.index, len(order)):
            player = order[i]
            options = self.reactions(m, player)
            if options:
                here = attrs.evolve(self, index=i, order=order)
                m.ask(player, (*options, PASS), self.prompt(m, player), here, auto=False)
                return
        self.closed(m)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        if isinstance(action, Pass):
            attrs.evolve(self, index=self.index + 1).run(m)
            return
        self.react(m, player, action)
        if m.result is not None:
            return
        if self.after is AfterReaction.RESTART:
            attrs.evolve(self, index=0, order=None).run(m)
        elif self.after is AfterReaction.NEXT:
            attrs.evolve(self, index=self.index + 1).run(m)
        else:
            self.reacted(m, player, action)


# -- hand limits -----------------------------------------------------------------------


@attrs.frozen
class EnforceLimit(Step):
    """While ``zone`` holds more than its declared ``limit``, its owner discards one
    card of their choice to ``discard``."""

    zone: str
    discard: str

    def option(self, m: Match, card: str) -> Action:
        """The action offered for discarding ``card``; override to word it differently."""
        return pick(card, f"discard {m.card(card).name}")

    def run(self, m: Match) -> None:
        spec = m.zone_spec(self.zone)
        if spec.limit is None or spec.owner is None:
            raise RuleError(f"zone {self.zone!r} has no limit or no owner to enforce it")
        cards = m.cards(self.zone)
        if len(cards) <= spec.limit:
            return
        options = [self.option(m, c) for c in cards]
        prompt = f"hand limit {spec.limit}: discard one of {len(cards)} cards"
        m.ask(spec.owner, options, prompt, self)

    def resolve(self, m: Match, player: int, action: Action) -> None:
        m.move((action.item,), self.zone, self.discard)  # type: ignore[attr-defined]
        self.run(m)


BUILTIN_STEPS: tuple[type[Step], ...] = (Answer, NextTurn, EnforceLimit, ExchangeCards)
