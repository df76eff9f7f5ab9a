"""Running the flow: the agenda loop, phases, turns, rounds and the game's end.

A game declares its turn as a tuple of phases (``GameSpec.phases``) and, if it
needs them, set-up phases that run once before the first turn. A phase is either
a :class:`Phase` subclass, whose :meth:`Phase.begin` schedules what happens, or
any step class with a ``name`` (a phase that is a single step, such as a
:class:`~boardcore.steps.PlayCard`). Either way the engine records ``PhaseBegan`` and
``PhaseEnded`` around it, and checks the game's end condition when it ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .._values.errors import RuleError
from .._values.events import PhaseBegan, PhaseEnded, TurnBegan, TurnEnded
from .steps import Step

if TYPE_CHECKING:
    from .match import Match


def run_agenda(m: Match) -> None:
    """Run steps until a decision is open or the match is over."""
    while not m.asks and m.result is None:
        if m.triggered:
            flush_triggered(m)
        agenda = m.agenda
        if not agenda:
            raise RuleError(f"{m.game_name}: the flow ran out of steps but the game has no result")
        step = agenda[-1]
        m.agenda = agenda[:-1]
        step.run(m)
    if m.triggered and m.result is None:
        flush_triggered(m)


def flush_triggered(m: Match) -> None:
    """Put the steps reactions asked for on top of the agenda, first asked first."""
    m.agenda = m.agenda + m.triggered[::-1]
    m.triggered = ()


# -- phases ----------------------------------------------------------------------------


@attrs.frozen
class Phase(Step):
    """A phase of a turn. Subclasses set ``name`` and implement :meth:`begin`,
    which changes the match and schedules the phase's steps."""

    name: ClassVar[str] = ""

    def run(self, m: Match) -> None:
        if not open_phase(m, self.name or type(self).__name__.lower(), self):
            return
        if m.triggered:
            # Reactions to PhaseBegan asked for steps: they run before the phase's body.
            m.schedule(BeginPhase(self))
        else:
            self.begin(m)

    def begin(self, m: Match) -> None:
        """The phase's body, run once when the phase opens (after ``PhaseBegan``):
        change the match and schedule the phase's steps. The phase ends when they
        have all run."""
        raise NotImplementedError(f"{type(self).__name__}.begin")


@attrs.frozen
class BeginPhase(Step):
    """Runs a phase's body once the steps that reactions to its start asked for are done."""

    phase: Phase

    def run(self, m: Match) -> None:
        self.phase.begin(m)


@attrs.frozen
class StepPhase(Step):
    """A phase that is a single step: announce it, then run ``step``."""

    name: str
    step: Step

    def run(self, m: Match) -> None:
        if not open_phase(m, self.name, self):
            return
        if m.triggered:
            m.schedule(self.step)
        else:
            self.step.run(m)


def open_phase(m: Match, name: str, then: Step) -> bool:
    """Begin phase ``name`` (``then`` is the step that runs it): end the phase still open,
    if any, then perform the new one's ``PhaseBegan`` moment. Returns False when ``then``
    must wait for the end of the last phase (:func:`close_phase`), or when the phase
    does not take place (skipped with ``Match.skip_phase``, cancelled or replaced), and
    then nothing of its body runs."""
    if m.in_phase and close_phase(m, then):
        return False
    m.phase = name
    m.in_phase = True
    player = m.active_seat
    if player is not None and m.take_skip(player, name):
        m.in_phase = False
        return False
    if not m.rules.plain_phases:
        if m.perform(PhaseBegan(name, player=player)) is None:
            m.in_phase = False
            return False
    else:  # built only when the log is read, as most events are
        m.record(PhaseBegan, name, player)
    return True


def close_phase(m: Match, then: Step, last: bool = False) -> bool:
    """End the open phase (its steps have all run: the flow reached the next phase or,
    when ``last``, the end of the turn), and check the game's end if the game checks
    it then (``GameSpec.end_check``). Returns True when ``then`` must wait: the match
    is over, or reactions to ``PhaseEnded`` asked for steps, which run first."""
    m.in_phase = False
    m.record(PhaseEnded, m.phase)
    if last or m.rules.end_at_every_phase:
        m.check_end()
    if m.result is not None:
        return True
    if m.triggered:
        m.schedule(then)
        return True
    return False


def phase_step(entry: Any) -> Step:
    """The step that runs one entry of ``GameSpec.phases``."""
    if isinstance(entry, type) and issubclass(entry, Phase):
        return entry()
    if isinstance(entry, type) and issubclass(entry, Step):
        name = getattr(entry, "name", "") or entry.__name__.lower()
        return StepPhase(name, entry())
    raise RuleError(f"a phase must be a Phase or Step class, not {entry!r}")


# -- turns and rounds ------------------------------------------------------------------


class TurnOrder:
    """Who acts in each turn: ``GameSpec.turn_order``. Two presets cover most games,
    ``TurnOrder.EVERYONE`` and ``TurnOrder.SEATS``; a game with another order (seats
    in reverse, the lowest score first) subclasses it and says in :meth:`next_turn`
    who takes the next turn. Turns are asked for one at a time, after the end of the
    turn before (a turn whose end a card replaced is taken again by the same seat,
    without asking)."""

    name: ClassVar[str] = ""
    """A preset's name (``"EVERYONE"``, ``"SEATS"``); empty for a game's own order."""
    EVERYONE: ClassVar[TurnOrder]
    """Every seat acts in every turn (simultaneous games); there is no active seat."""
    SEATS: ClassVar[TurnOrder]
    """Seats take turns in ascending order, from ``GameSpec.first_player`` (seat 0 by
    default), skipping eliminated seats; a round begins each time the order wraps."""

    def next_turn(self, m: Match, seat: int | None) -> tuple[int | None, bool]:
        """The active seat of the next turn (None: everybody acts) and whether it begins
        a new round, given ``seat``, the active seat of the turn just ended (None before
        the first turn, or when nobody was)."""
        raise NotImplementedError(f"{type(self).__name__}.next_turn")

    def __repr__(self) -> str:
        return f"TurnOrder.{self.name}" if self.name else f"{type(self).__name__}()"


class _Everyone(TurnOrder):
    name = "EVERYONE"

    def next_turn(self, m: Match, seat: int | None) -> tuple[int | None, bool]:
        return None, True


class _Seats(TurnOrder):
    name = "SEATS"

    def next_turn(self, m: Match, seat: int | None) -> tuple[int | None, bool]:
        spec = m.rules.spec
        first = spec.first_player(m) if spec.first_player is not None else 0
        if seat is None:
            return (first if first in m.alive() else next_seat(m, first)), True
        # Seats counted from the first player: a round begins when the count wraps.
        following = next_seat(m, seat)
        return following, (following - first) % m.players <= (seat - first) % m.players


TurnOrder.EVERYONE = _Everyone()
TurnOrder.SEATS = _Seats()


@attrs.frozen
class NextTurn(Step):
    """Begin the next turn: pick the active seat and schedule the game's phases.

    When the game's ``turn_limit`` or ``round_limit`` has been reached, its
    ``at_limit`` function decides the result instead.
    """

    def run(self, m: Match) -> None:
        if m.in_phase and close_phase(m, self, last=True):
            return
        spec = m.rules.spec
        seat = m.active_seat
        again = False
        if m.turn:
            if m.rules.plain_turn_ends:
                m.record(TurnEnded, m.turn, seat)
            else:
                again = m.perform(TurnEnded(m.turn, player=seat)) is None
            m.check_end()
            if m.result is not None:
                return
        if again:  # the end of the turn was cancelled or replaced: the same seat goes again
            new_round = False
        else:
            seat, new_round = spec.turn_order.next_turn(m, seat)
        limited = (spec.turn_limit is not None and m.turn >= spec.turn_limit) or (
            new_round and spec.round_limit is not None and m.round >= spec.round_limit
        )
        if limited:
            if spec.at_limit is None:
                raise RuleError(f"{m.game_name} declares a turn or round limit but no at_limit")
            m.finish_with(spec.at_limit(m), "at_limit")
            return
        m.turn += 1
        if new_round:
            m.round += 1
        m.active_seat = seat
        if m.marks:
            m.marks = {}
        m.record(TurnBegan, m.turn, seat)
        m.schedule(*m.rules.turn_steps)


NEXT_TURN = NextTurn()


def turn_steps(phases: tuple[type, ...]) -> tuple[Step, ...]:
    """The steps one turn schedules: its phases, then the next turn (built once per game)."""
    return (*(phase_step(phase) for phase in phases), NEXT_TURN)


def next_seat(m: Match, active: int) -> int:
    """The seat after ``active`` that is still in the game."""
    alive = m.alive()
    if not alive:
        raise RuleError("no seat is left to take a turn")
    for seat in alive:
        if seat > active:
            return seat
    return alive[0]


def start(m: Match) -> None:
    """Set up a new match (declared zones, counters, the game's setup, plugins) and
    schedule its set-up phases and first turn. Nothing is run yet; steps that the
    game's setup or an ``after_setup`` plugin schedule run first."""
    spec = m.rules.spec
    m.schedule(*(phase_step(phase) for phase in spec.setup_phases), NEXT_TURN)
    spec.build(m)
    if spec.setup is not None:
        spec.setup(m)
    for call in m.rules.setup_observers:
        call(match=m)
