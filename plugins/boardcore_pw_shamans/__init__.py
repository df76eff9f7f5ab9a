"""Shamans: an opt-in expansion for Prehistoric Warfare that adds five cards to the deck.

Enable it per game loaded::

    game = boardcore.load_game("prehistoric-warfare", plugins=["pw-shamans"])

or ``--plugins pw-shamans`` on the command line. The cards (``data/cards.toml``)
are shuffled into the common deck with the game's own:

* Cave Shaman (Person, STR 2, 2 copies): when its owner's Hunt Phase begins, each
  Cave Shaman he has in play gains him 1 Food;
* Spirit Hunt (Hunting, 2 Food, 2 copies): played in the Hunt, it also steals 1
  Food from an opponent of the hunter's choice;
* Keeper of the Dead (Person, STR 1): when another of its owner's persons is killed
  in a raid while the Keeper is in play, its owner draws 1 card.

None of them answers one of the game's questions to its effects: each reacts to a
moment of the game (``PhaseBegan``, ``Hunted``, ``LeftPlay``), and Spirit Hunt's
theft and the Keeper's draw are the game's own moments (``FoodStolen``,
``CardsDrawn``), which other cards may change in turn. The cards and their effects
arrive through the hooks the game uses for its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import boardcore
from boardcore_prehistoric_warfare import PWCard

from .effects import EFFECTS

games = ("prehistoric-warfare",)
"""The games this plugin can be used with."""


@boardcore.hookimpl
def register_cards(game: str) -> Sequence[boardcore.Card]:
    return boardcore.loaders.load_cards(__name__, "data/cards.toml", PWCard) if game in games else []


@boardcore.hookimpl
def register_effects(game: str) -> Mapping[str, Any]:
    return EFFECTS if game in games else {}
