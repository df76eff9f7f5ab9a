"""Ready-made steps: the decisions and procedures most games are made of.

* :class:`Choose` - one player picks one item (a card, a person, a square), or passes;
* :class:`Select` - build a set one pick at a time, then "done" (secret or not);
* :class:`SecretChoices` - several players choose in secret, revealed together;
  :class:`Exchange` (with :class:`ExchangeCards`) is the card game's "discard up to
  N in secret, then everybody discards and redraws"; :class:`ExchangeAtOnce` asks
  it as one decision over the sets of cards, where the match's setup option
  :data:`EXCHANGE_OPTION` is ``"hand"``;
* :class:`EnforceLimit` - discard down to a hand limit, one card at a time;
* :class:`PlayCard` - play a card from a zone, aim it, or pass; a menu with
  ``repeat``, mixing abilities of cards in play; :func:`opponents` aims at other seats;
* :class:`Window` and :class:`CardWindow` - each responder in turn may react (with a
  card from hand), or pass; :class:`AfterReaction` says what follows a reaction;
* :class:`Procedure` - a multi-stage procedure written as methods in rulebook order;
* :class:`Perform` - performs a moment that may ask whether a card replaces it.

The base classes ``boardcore.Step`` and ``boardcore.Phase`` are at the top level.
"""

from __future__ import annotations

from ._rules.choices import EXCHANGE_OPTION, Choose, EnforceLimit, Exchange, ExchangeAtOnce, ExchangeCards, SecretChoices, Select
from ._rules.moments import Perform
from ._rules.plays import PlayCard, opponents
from ._rules.procedure import Procedure
from ._rules.windows import AfterReaction, CardWindow, Window

__all__ = [
    "EXCHANGE_OPTION", "AfterReaction", "CardWindow", "Choose", "EnforceLimit", "Exchange", "ExchangeAtOnce", "ExchangeCards", "Perform", "PlayCard",
    "Procedure", "SecretChoices", "Select", "Window", "opponents",
]  # fmt: skip
