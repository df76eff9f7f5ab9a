"""The unit of the flow: a :class:`Step`, and the engine's own answer step.

A match keeps an *agenda*, a stack of frozen steps, and the open asks. The engine
pops the top step and runs it whenever no decision is open; a step changes the
match, schedules more steps, or asks players something and names the step that
will take the answer. Steps are values (no generators, no closures), which is
what makes clone, save and replay exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .._values.actions import Action
from .._values.errors import RuleError

if TYPE_CHECKING:
    from .match import Match


@attrs.frozen
class Step:
    """One thing the flow has to do. Subclasses are frozen attrs classes.

    ``run`` is called when the step reaches the top of the agenda. If it asks a
    player something, ``resolve`` is later called with the answer (already checked
    to be one of the options).
    """

    redeal_safe: ClassVar[bool] = False
    """Set it on a step that holds the id of a card some player cannot see and, when
    it runs again after a re-deal (``State.determinize``), checks that the card is
    still where it was and asks anew otherwise. ``check_game`` then does not
    report it for holding a card that a re-deal moved."""

    def run(self, m: Match) -> None:
        """Do this step's work: change the match, schedule more steps
        (``m.schedule``), or ask a player (``m.ask``, naming this step). Every subclass
        overrides it."""
        raise NotImplementedError(f"{type(self).__name__}.run")

    def resolve(self, m: Match, player: int, action: Action) -> None:
        """Take ``player``'s answer to what :meth:`run` asked; ``action`` is the
        engine's own copy of one of the options offered. Override it in a step that asks."""
        raise RuleError(f"{type(self).__name__} asked a question but takes no answer")


@attrs.frozen
class Answer(Step):
    """Gives the only possible answer to a public decision the engine resolved by itself."""

    step: Step
    player: int
    action: Action
    secret: bool = False

    def run(self, m: Match) -> None:
        m.chose(self.player, self.action, secret=self.secret, forced=True)
        self.step.resolve(m, self.player, self.action)
