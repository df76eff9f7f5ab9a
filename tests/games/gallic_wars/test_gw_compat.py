"""Expansions written for 0.3 on this version (the game's page, "For expansion authors",
"Changed since 0.3"): the names 0.3 exported and this version renamed or removed still
work, with a DeprecationWarning that names the new one and docs/migration.md; ``Kind``
is still an enum whose members a card's ``kind`` is (compared with ``is``); and effects
written as in 0.3, which answer the game's Force questions, still count."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Sequence

import pytest

import boardcore
import boardcore_gallic_wars as gw
from boardcore.testing import arranged, choose, events
from boardcore_gallic_wars import BASE_EFFECTS, DRAW, HAND, STREAK, Contribution, Force, GallicCard, HandFought
from boardcore_gallic_wars import Kind, Side, best_total
from boardcore_gallic_wars.testing import fight, hands_fought

DOCS = "docs/migration.md, From 0.3 to 0.4"
CARDS = importlib.import_module("boardcore_gallic_wars.cards")
RULES = importlib.import_module("boardcore_gallic_wars.rules")


def old(module, name):
    """``module.name`` as 0.3 code reads it, checking the warning it gives."""
    with pytest.warns(DeprecationWarning) as caught:
        value = getattr(module, name)
    (warning,) = caught
    assert f"{module.__name__}.{name} is now" in str(warning.message) and DOCS in str(warning.message)
    return value


@pytest.mark.parametrize("module", [gw, CARDS], ids=["package", "cards"])
@pytest.mark.parametrize(
    "name, new", [("Count", "best_total"), ("best_count", "best_total"), ("EFFECTS", "BASE_EFFECTS"), ("BASIC_KINDS", "SLOTS")]
)
def test_0_3_names_warn_and_name_their_replacement(module, name, new):
    with pytest.warns(DeprecationWarning, match=rf"is now {module.__name__}\.{new}"):
        getattr(module, name)
    with pytest.raises(AttributeError):
        module.NoSuchName  # noqa: B018 - any other missing name is still an AttributeError


def test_0_3_renamed_values_are_what_they_were():
    assert old(CARDS, "EFFECTS") is BASE_EFFECTS
    assert old(gw, "BASIC_KINDS") == (Kind.STRATEGY, Kind.TACTICS, Kind.RESOURCES, Kind.MORALE)


def celtic(game, *names):
    by_name = {c.name: c for c in game.cards.values() if c.side is Side.CELTS}
    return [BASE_EFFECTS[by_name[n].effect].contribution(by_name[n]) for n in names]


def test_0_3_best_count_reports_the_first_best_way_s_t_r_m(game):
    best_count, count = old(gw, "best_count"), old(gw, "Count")
    hand = celtic(game, "Vercingetorix", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Courage", "Scouts")
    assert best_count(hand, 2) == count(10 + 19 + 19 + 17 + 3, (("C-GW01", "S"),))
    # Both Leaders of the worked example in Strategy: the first best way, in card-id order.
    both = celtic(game, "Vercingetorix", "Commius", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Women & Children")
    assert best_count(both, 2) == count(62, (("C-GW01", "S"), ("C-GW02", "S")))
    assert best_count(celtic(game, "Gauls", "Tribes"), 2) == count(19)  # no Leader: nothing placed


def test_0_3_best_count_totals_are_best_total(game):
    best_count = old(CARDS, "best_count")
    deck = sorted((c for c in game.cards.values() if c.side is Side.CELTS), key=lambda c: c.id)
    for start in range(0, 36, 3):
        hand = [BASE_EFFECTS[c.effect].contribution(c) for c in (deck[start:] + deck)[:8]]
        assert best_count(hand, 2).total == best_total(hand, 2)
    partial = [Contribution("X-01", 9, ("S", "T")), Contribution("X-02", 8, ("S",)), Contribution("X-03", 7, ("S",))]
    assert best_count(partial, 1) == old(gw, "Count")(17, (("X-01", "T"),))


def test_gw_r02_kind_is_still_an_enum_whose_members_cards_hold(game):
    caesar, legions = game.card("R-GW01"), game.card("R-GW03")
    assert caesar.kind is Kind.LEADER and legions.kind is Kind.RESOURCES  # 0.3 compared them with ``is``
    assert Kind("L") is Kind.LEADER and Kind.LEADER.value == "L" and caesar.kind.name == "LEADER"
    assert [k.value for k in Kind] == ["S", "T", "R", "M", "L", "D"]
    assert Kind.LEADER == "L" and caesar.kind == "L"  # and 0.4 compares them with their codes
    assert {c.kind for c in game.cards.values()} == set(Kind)


class Eagle(Force):
    """0.3's docs/hooks.md: counts like any Morale card; a hand won while holding it adds
    one more to the streak (a reaction to the HandFought event)."""

    @boardcore.reacts_to(HandFought)
    def standard_raised(self, m, card, event):
        if event.winner is not None and card.id in m.cards(HAND[event.winner]):
            m.add(STREAK, 1, event.winner)


class Scout(boardcore.Effect):
    """A 0.3-style effect of its own: counts as a Tactics card, read off the enum's value."""

    def contribution(self, card: GallicCard) -> Contribution:
        return Contribution(card.id, card.force, (Kind.TACTICS.value,))


class Turncoat(boardcore.Effect):
    """0.3's Turncoat, word for word: answers both of the game's Force questions."""

    def contribution(self, card: GallicCard) -> Contribution:
        return Contribution(card.id, 0, ())

    def against(self, card: GallicCard, opposing: Sequence[Contribution]) -> list[Contribution]:
        leaders = [c for c in opposing if len(c.slots) > 1]
        if not leaders:
            return list(opposing)
        target = min(leaders, key=lambda c: (-c.value, c.card))
        return [c for c in opposing if c is not target]


class Old:
    """A 0.3 plugin: cards built with ``Kind`` members or with ``kind`` None, and their effects."""

    name = "old-style"
    games = ("gallic-wars",)

    @boardcore.hookimpl
    def register_cards(self, game):
        rows = [{"id": "C-OS01", "name": "Old Traitor", "side": "celts", "kind": None, "force": 0, "effect": "old-turncoat"}]
        return [
            GallicCard("R-AQ01", "Aquilifer", side=Side.ROMANS, kind=Kind.MORALE, force=3, effect="eagle"),
            GallicCard("R-PG01", "Praetorian Guard", side=Side.ROMANS, kind=Kind.TACTICS, force=10, effect="basic"),
            GallicCard("C-SC01", "Forest Scouts", side=Side.CELTS, force=6, effect="scout"),
            *boardcore.loaders.make_cards(rows, GallicCard, "old-style"),
        ]

    @boardcore.hookimpl
    def register_effects(self, game):
        return {"eagle": Eagle(), "scout": Scout(), "old-turncoat": Turncoat()}


@pytest.fixture(scope="module")
def with_old():
    return boardcore.load_game("gallic-wars", plugins=[Old()])


def test_0_3_cards_are_made_and_read_as_in_0_3(with_old):
    assert with_old.card("R-PG01").kind is Kind.TACTICS and with_old.card("R-PG01").text == "Praetorian Guard (Tactics 10)"
    assert with_old.card("C-OS01").kind is None and with_old.card("C-OS01").text == "Old Traitor"


def test_gw_r08_0_3_effects_answer_the_force_questions(with_old):
    romans = ["Caesar", "Praetorian Guard", "Legions", "Centurions", "Conquest", "Aquilifer", "Spies", "Generals"]
    celts = ["Old Traitor", "Forest Scouts", "Skill", "Charges", "Gauls", "Tribes", "Revolt", "Courage"]
    (fought,) = hands_fought(fight(with_old, romans, celts))
    # Romans: Caesar defects (the old Turncoat); R 19, T 10, S 7, M 13. Celts: the Scouts (6)
    # count as Tactics but below Skill and Charges: T 19, R 19, M 17.
    assert fought.totals == (19 + 10 + 7 + 13, 19 + 19 + 17)


def test_gw_r12_a_0_3_force_subclass_reacts_to_the_hand_fought(with_old):
    state = arranged(with_old, seed=5, top={DRAW[0]: ["Aquilifer", "Caesar", "Legions", "Centurions", "Conquest",
                                                      "Praetorian Guard", "Decisive Battle", "Determination"]})
    choose(state, 0, "done")
    choose(state, 1, "done")
    assert events(state, HandFought)[-1].winner == 0
    assert state.match.count(STREAK, 0) == 2  # one for the hand, one for the eagle


def test_the_0_3_modules_still_hold_their_names():
    for name in ("CONSTANTS", "Contribution", "Force", "GallicCard", "Kind", "Side", "best_total", "deck", "BASE_EFFECTS",
                 "DISCARD", "DRAW", "HAND", "STREAK", "Battle", "GallicTable", "HandFought", "Reinforcements", "Strategy",
                 "battle_totals", "describe", "end_if", "setup", "NAME", "SPEC", "PLUGIN"):  # fmt: skip
        assert hasattr(gw, name), name
    for name in ("DISCARD", "DRAW", "HAND", "STREAK", "GallicTable", "HandFought", "setup", "Reinforcements",
                 "Strategy", "Battle", "battle_totals", "end_if", "describe"):  # fmt: skip
        assert hasattr(RULES, name), name
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of these warns
        assert gw.Kind is CARDS.Kind and gw.HandFought is RULES.HandFought
