"""A multi-stage rule procedure written as methods, in the order a rulebook tells it.

A battle round, an attack with its windows, an auction: procedures whose stages
ask players in between. Written as a chain of small step classes, a reader has
to follow which step schedules which. A :class:`Procedure` is one step class
whose stages are its methods, run in order; whatever a stage schedules or asks
runs before the next stage, and the procedure's own fields carry what the
stages share (the sides of a battle, the round number). It stays plain data, so a
match in the middle of one saves, clones and replays like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .._values.errors import RuleError
from .._values.evolving import evolve
from .steps import Step

if TYPE_CHECKING:
    from .match import Match


class _End:
    """The type of :data:`Procedure.END`."""

    def __repr__(self) -> str:
        return "Procedure.END"


@attrs.frozen
class Procedure(Step):
    """A step of several stages: ``stages`` names its methods, each called as
    ``method(m)`` in turn.

    A stage changes the match, schedules steps or asks (a ``Choose``, a
    ``Window``, a ``Perform`` of a moment); all of that runs before the next
    stage. What a stage returns says what comes next:

    * None - the next stage (the procedure ends after its last one);
    * ``self.next(**changes)`` - the next stage, with some fields changed;
    * ``self.at("stage", **changes)`` - stage ``"stage"`` next: a loop back or a
      jump ahead;
    * ``Procedure.END`` - the procedure ends here.

    Subclasses are frozen attrs classes like every step; ``stage`` (which stage
    runs next) is a keyword field of its own. A step that a stage scheduled hands
    its outcome to the stages that follow with :meth:`update` (the target a
    player chose, who reacted in a window), so they read it from the
    procedure's own fields.
    """

    stages: ClassVar[tuple[str, ...]] = ()
    END: ClassVar[Any] = _End()
    stage: int = attrs.field(default=0, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not self.stages:
            raise RuleError(f"{type(self).__name__} is a Procedure with no stages")
        if type(self.stage) is not int or not 0 <= self.stage < len(self.stages):
            raise RuleError(f"{type(self).__name__} has no stage {self.stage!r} (stages: {list(self.stages)})")

    def run(self, m: Match) -> None:
        name = self.stages[self.stage]
        stage = getattr(self, name, None)
        if not callable(stage):
            raise RuleError(f"{type(self).__name__} lists the stage {name!r} but has no such method (a field of that name hides it)")
        mark = len(m.agenda)
        after = stage(m)
        if after is None:
            after = self.next()
        if after is Procedure.END:
            return
        if type(after) is not type(self):
            raise RuleError(
                f"{type(self).__name__}.{name} returned {after!r:.80}; a stage returns None, self.next(...), "
                "self.at(...) or Procedure.END"
            )
        agenda = m.agenda
        m.agenda = agenda[:mark] + (after,) + agenda[mark:]  # below what the stage scheduled

    @classmethod
    def update(cls, m: Match, **changes: Any) -> None:
        """Change fields of the procedure of this class that waits for its next stage
        (the nearest one on the agenda): how a step it scheduled passes on what
        happened. Raises when none waits."""
        agenda = m.agenda
        for i in range(len(agenda) - 1, -1, -1):
            step = agenda[i]
            if type(step) is cls:
                m.agenda = agenda[:i] + (evolve(step, **changes),) + agenda[i + 1 :]
                return
        raise RuleError(f"no {cls.__name__} waits on the agenda to be updated")

    def next(self, **changes: Any) -> Any:
        """The next stage, with ``changes`` to the procedure's fields (END after the last)."""
        if self.stage + 1 >= len(self.stages):
            return Procedure.END
        return evolve(self, stage=self.stage + 1, **changes)

    def at(self, stage: str, **changes: Any) -> Any:
        """Stage ``stage`` next, with ``changes`` to the procedure's fields."""
        try:
            index = self.stages.index(stage)
        except ValueError:
            raise RuleError(f"{type(self).__name__} has no stage {stage!r} (stages: {list(self.stages)})") from None
        return evolve(self, stage=index, **changes)
