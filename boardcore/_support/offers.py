"""What a decision's options name, read for a person choosing among them: the card
an option plays or picks, the squares its text names, the options a typed square
fits, and the cards of a hand that cannot be played now.

The terminal and the web table both read options through these functions, so a
square typed at one and a square clicked at the other choose the same option.
Nothing here knows a game: a card is an option's ``card`` (or a ``Pick`` of a
card id), a square is a word of its text shaped like ``e4`` that lies on the board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action, Pick

if TYPE_CHECKING:
    from .. import Decision, State

_SQUARE = re.compile(r"(?<![A-Za-z0-9_])([a-z])([1-9][0-9]?)(?![A-Za-z0-9_])")
_TYPED = re.compile(r"([a-z][1-9][0-9]?)(?:\s*(?:->|-|to|x|\s)?\s*([a-z][1-9][0-9]?))?")
_ASKS_FOR_A_CARD = re.compile(r"\ba card\b")


def card_of(option: Action, cards: Mapping[str, Any]) -> str | None:
    """The id of the card ``option`` plays or picks, if it names one of the game's cards."""
    item = getattr(option, "card", None)
    if item is None and isinstance(option, Pick):
        item = option.item
    return item if isinstance(item, str) and item in cards else None


def squares_named(text: str, width: int, height: int) -> list[str]:
    """The squares of a ``width`` x ``height`` board that ``text`` names, in order
    ("move Warrior a2->a4" -> ``["a2", "a4"]``)."""
    on_files = (square for square in _SQUARE.finditer(text) if ord(square.group(1)) - ord("a") < width)
    return [square.group(0) for square in on_files if int(square.group(2)) <= height]


def typed_squares(text: str) -> list[str] | None:
    """The squares a person typed ("e1", "e3 e5", "e3-e5", "e3->e5"), or None when
    ``text`` is not one or two square names."""
    match = _TYPED.fullmatch(text.strip().lower())
    if match is None:
        return None
    return [s for s in match.groups() if s]


def fitting(squares: Sequence[str], named: Sequence[Sequence[str]]) -> list[int]:
    """The indexes of the options (given by the squares each names) that name all of
    ``squares`` in that order; a single square fits an option that moves from it or
    to it, or acts on it."""
    out = []
    for index, option_squares in enumerate(named):
        at = 0
        for square in option_squares:
            if at < len(squares) and square == squares[at]:
                at += 1
        if at == len(squares):
            out.append(index)
    return out


def unplayable(state: State, seat: int, decision: Decision) -> set[str]:
    """The cards of ``seat``'s own zones that the decision does not offer, where it
    asks for a card: when some options name cards, the other cards of the zones those
    come from; when none does but the question asks for "a card" (``PlayCard``'s
    "play a card, or pass"), every card of the seat's private zones."""
    cards = state.game.cards
    offered = {card for card in (card_of(o, cards) for o in decision.options) if card is not None}
    offered.update(state.match.drafts.get(seat, ()))  # picked already in this decision: not "unplayable"
    specs = state.match.specs
    zones = state.match.zones
    own = [zone for zone, spec in specs.items() if spec.owner == seat and spec.visible_to(seat)]
    if offered:
        marked = [zone for zone in own if offered.intersection(zones[zone])]
    elif _ASKS_FOR_A_CARD.search(decision.prompt):
        marked = [zone for zone in own if not specs[zone].visible_to(None)]
    else:
        return set()
    return {card for zone in marked for card in zones[zone] if card not in offered}
