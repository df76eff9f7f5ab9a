"""Copying the rules' frozen records (a step, the game's table, a moment, a piece) with
some fields changed: :func:`evolve`, what ``attrs.evolve`` returns, made faster.

A match's state is plain frozen data, so rule code changes it by copying: a
window asks its next player as a copy with the index moved on, a menu schedules
itself again with the card played added, a game replaces its table. That happens
at almost every step of every playout, so the engine and the games copy this way::

    m.table = evolve(m.table, leader=None)
    m.schedule(evolve(self, used=self.used + (card_id,)))
"""

from __future__ import annotations

from ._values.evolving import evolve

__all__ = ["evolve"]
