"""The answers a decision offers: its options are :class:`Action` values.

* :class:`Pick` - one item picked (a card, a person, a square, a word): made with
  :func:`pick`, which shares one value per item and text;
* :class:`PickSet` - several items picked at once, by their positions (from
  ``boardcore.steps.ExchangeAtOnce``);
* :class:`Play` - a card played, with its target (from ``boardcore.steps.PlayCard``);
* :class:`Use` - an ability of a card or piece in play used;
* :data:`DONE` and :data:`PASS` - "done" and "pass" (the only :class:`Done` and
  :class:`Pass` values);
* :data:`Target` - what a play may aim at: a seat, a piece or square, or nothing.

Every action has the text a person reads (``str(action)``) and is plain data that
saves and replays exactly.
"""

from __future__ import annotations

from ._values.actions import DONE, PASS, Action, Done, Pass, Pick, PickSet, Play, Target, Use, pick

__all__ = ["DONE", "PASS", "Action", "Done", "Pass", "Pick", "PickSet", "Play", "Target", "Use", "pick"]
