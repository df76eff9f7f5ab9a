"""Expansions written for 0.3 on this version (the game's page, "For expansion authors",
"Changed since 0.3"): an effect written as in 0.3, a subclass of ``pw.Effect`` whose
methods answer the rules' questions about the card they are given, still answers them;
the names 0.3 exported and this version renamed still work, with a DeprecationWarning
that names the new one and docs/migration.md."""

from __future__ import annotations

import random
import warnings

import pytest

import boardcore
import boardcore_prehistoric_warfare as pw
from boardcore.testing import choose, options
from boardcore_prehistoric_warfare import PWCard, Side

from .pw_helpers import GAME, choose_ids, raid


class GreatWarrior(pw.Effect):
    """0.3's own effects, as a 0.3 plugin wrote its effects: a method per question."""

    def modifier_against(self, card: PWCard) -> int:
        return 1


class Hunter(pw.Effect):
    def ranged_bonus(self, card: PWCard) -> int:
        return 1


class Chieftain(pw.Effect):
    def raid_rerolls(self, card: PWCard) -> int:
        return 1


class ExtraRound(pw.Effect):
    def __init__(self, side: Side) -> None:  # 0.3 effects had no state of their own to set up
        self.side = side

    def extra_round_for(self, card: PWCard) -> Side:
        return self.side


class DrawTwo(pw.Effect):
    def draws(self, card: PWCard) -> int:
        return 2


class Negation(pw.Effect):
    def negates(self, card: PWCard, category: str) -> bool:
        return card.negates == category


OLD_STYLE = {
    "great-warrior": GreatWarrior(), "hunter": Hunter(), "chieftain": Chieftain(),
    "massacre": ExtraRound(Side.ATTACKER), "counter-attack": ExtraRound(Side.DEFENDER),
    "draw-2": DrawTwo(), "negate": Negation(),
}  # fmt: skip


def played(game: boardcore.Game, seed: int, players: int) -> list[str]:
    """A random game: every decision's options and every event, then the result."""
    state = game.new_state(players=players, seed=seed)
    choose_from = random.Random(seed)
    seen: list[str] = []
    while not state.is_over:
        asked = state.pending[0]
        seen.append(repr(asked.options))
        state.apply(asked.player, choose_from.choice(asked.options))
    return seen + [repr(e) for e in state.events] + [repr(state.result)]


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 4)])
def test_effects_written_as_in_0_3_play_the_same_game(seed, players):
    """The game with 0.3-style effects (PW-R08 to PW-R10, PW-R17, PW-R20, PW-R28 answered by
    overriding methods) asks, does and ends exactly as with its own."""
    old = boardcore.registry.game_from_provider(boardcore.GamePlugin(pw.SPEC, cards=pw.CARDS, effects=OLD_STYLE))
    assert played(old, seed, players) == played(GAME, seed, players)


class TwoRerolls(pw.Effect):
    """A 0.3 house variant: a Chieftain of strength 6 or more gives two rerolls a raid."""

    def raid_rerolls(self, card: PWCard) -> int:
        return 2 if (card.strength or 0) >= 6 else 1


def test_a_0_3_effect_is_asked_about_its_card():
    """PW-R09 changed by a 0.3-style override that reads the card it is asked about."""
    effects = {**pw.BASE_EFFECTS, "chieftain": TwoRerolls()}
    game = boardcore.registry.game_from_provider(boardcore.GamePlugin(pw.SPEC, cards=pw.CARDS, effects=effects))
    state, built = raid(["Chieftain"], ["generic", ("generic", ["Wooden Shield"])], dice=[9, 9, 9], game=game)
    chieftain = built[0][0]
    choose_ids(state, 0, built[1][0])  # the Chieftain (S 6) misses with 9
    label = f"reroll with Chieftain #{state.match.table.entries[chieftain]}"
    choose(state, 0, label)  # 9: a miss again, one reroll left
    choose(state, 0, label)  # 9: a miss again, none left
    assert options(state, 0) == ["pass"]
    assert state.match.table.raid.spent == (chieftain, chieftain)


def test_the_names_of_0_3_warn_and_still_work():
    docs = r"docs/migration\.md, From 0\.3 to 0\.4"
    with pytest.warns(DeprecationWarning, match=r"Attack is now boardcore_prehistoric_warfare\.Attacked.*" + docs):
        from boardcore_prehistoric_warfare import Attack
    assert Attack is pw.Attacked
    attack = Attack(pw.AttackMode.HTH, "PW004-1", "person-12", 4, 1, 3)  # made as in 0.3: the hit is worked out
    assert attack.hit and not Attack(pw.AttackMode.HTH, "PW004-1", "person-12", 4, 1, 4).hit and attack.open
    with pytest.warns(DeprecationWarning, match=r"Category is now str: .*PWCard\.category.*" + docs):
        category = pw.Category
    hardships = [card for card in GAME.cards.values() if card.type is pw.CardType.HARDSHIP]
    assert {card.category for card in hardships} == set(category) and category.MEDICAL == "medical"
    assert pw.effect_of(GAME, "PW100-1").negates(GAME.cards["PW100-1"], category.ANIMAL)  # Dogs
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pw.Attacked and pw.PWCard  # the names of this version do not warn
    with pytest.raises(AttributeError, match="has no attribute 'Attacks'"):
        pw.Attacks  # noqa: B018
