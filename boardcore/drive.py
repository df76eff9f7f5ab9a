"""Driving a match by hand, for tools that arrange a position before play goes on.

``Game.new_state`` makes a :class:`~boardcore.Match`, records ``MatchStarted``,
calls :func:`start`, then :func:`run_until_asked`. A tool that must act in between
(a test kit stacking the deck the set-up deals from, loading the dice of the first
roll) does the same steps itself and arranges what it needs between them. Rules
never call these: a game's phases and steps run inside them.
"""

from __future__ import annotations

from ._flow import run_agenda as run_until_asked
from ._flow import start

__all__ = ["run_until_asked", "start"]
