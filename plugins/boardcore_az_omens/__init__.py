"""Omens: an opt-in expansion for Aztec Skirmish that adds two cards to the shared deck.

Enable it per game loaded::

    game = boardcore.load_game("aztec-skirmish", plugins=["az-omens"])

or ``--plugins az-omens`` on the command line. The cards (``data/cards.toml``) are
rows of the game's own card table, shuffled into the deck with the game's 79:

* Smoking Mirror (Aztec Defense card): negates an attack like any Defense card,
  and then the unit that made the attack loses 1 Hit;
* Santiago! (Conquistador Attack card, range 1, Horsemen only): when its attack
  kills the target, the Horseman may ride into the emptied square.

Both act on a rule moment the game records, an attack resolved (``AttackResolved``);
the game itself knows nothing of them. They arrive through the ``register_cards`` and
``register_effects`` hooks the game uses for its own cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import boardcore
from boardcore_aztec_skirmish import AztecCard

from .effects import EFFECTS

games = ("aztec-skirmish",)
"""The games this plugin can be used with."""


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return boardcore.load_cards(__name__, "data/cards.toml", AztecCard) if game in games else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return EFFECTS if game in games else {}
