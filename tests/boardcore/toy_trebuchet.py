"""An opt-in rule plugin for toy-duel written as a module, as a third party would ship one.

It is no entry point: ``load_game(..., plugins=["toy_trebuchet"])`` imports it by module
name, and saved games record it under that name. Each seat's deck gains a Trebuchet
(power 7, tripled by its own effect).
"""

from __future__ import annotations

import boardcore

import toy

games = (toy.DUEL,)


class Triple(boardcore.Effect):
    def power(self, card: toy.DuelCard) -> int:
        return 3 * card.power


@boardcore.hookimpl
def register_cards(game: str) -> list[boardcore.Card]:
    return [toy.DuelCard(f"d{s}-7", "Trebuchet", seat=s, power=7, effect="triple") for s in range(toy.MAX_SEATS)]


@boardcore.hookimpl
def register_effects(game: str) -> dict[str, boardcore.Effect]:
    return {"triple": Triple()}
