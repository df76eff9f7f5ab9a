"""Driving a match by hand, for tools that arrange a position before play goes on.

``Game.new_state`` makes a :class:`~boardcore.Match`, records ``MatchStarted``,
calls :func:`start`, then :func:`run_until_asked`. A tool that must act in between
(a test kit stacking the deck the set-up deals from, loading the dice of the first
roll) does the same steps itself and arranges what it needs between them.
:func:`deal_again` shuffles the cards of given groups of zones among them, as
``State.determinize`` does with the game's own groups. Rules never call these: a
game's phases and steps run inside them.
"""

from __future__ import annotations

from ._persistence.redeal import deal_again
from ._rules.flow import run_agenda as run_until_asked
from ._rules.flow import start

__all__ = ["deal_again", "run_until_asked", "start"]
