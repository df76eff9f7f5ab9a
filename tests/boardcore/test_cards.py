"""Cards from data: load_cards / make_cards (rows, copies, bad rows), load_constants,
load_rows, load_table, read_toml, and Card.label."""

from __future__ import annotations

import attrs
import pytest

import boardcore
from boardcore import Card, InvalidData, load_cards, load_constants, load_rows, load_table, make_cards, read_toml
from boardcore.testing import choose, options

import toy
import toycards
from toycards import Kind, ToyCard

PACKAGE = "toycards"


def test_copies_give_numbered_cards_in_row_order():
    ids = [c.id for c in toycards.CARDS]
    assert ids[:7] == ["coin-1", "coin-2", "coin-3", "coin-4", "purse-1", "purse-2", "strike-1"]
    assert ids[-2:] == ["spy", "trophy"]  # a row without copies keeps its id
    assert len(ids) == len(set(ids)) == 17
    purse = toycards.CARDS[5]
    assert purse == ToyCard("purse-2", "Purse", kind=Kind.COIN, value=2, effect="coin")


def test_rows_become_typed_cards():
    shield = next(c for c in toycards.CARDS if c.name == "Shield")
    assert type(shield) is ToyCard and shield.kind is Kind.SHIELD and shield.value == 0 and shield.effect is None


def test_make_cards_builds_cards_from_dicts():
    rows = [{"id": "x", "name": "X", "kind": "coin", "value": 3, "copies": 2}, {"id": "y", "name": "Y", "kind": "spy"}]
    cards = make_cards(rows, ToyCard)
    assert cards == (
        ToyCard("x-1", "X", kind=Kind.COIN, value=3),
        ToyCard("x-2", "X", kind=Kind.COIN, value=3),
        ToyCard("y", "Y", kind=Kind.SPY),
    )
    assert rows[0]["copies"] == 2  # the caller's rows are left alone
    assert make_cards([], ToyCard) == ()


@pytest.mark.parametrize(
    "key, message",
    [
        ("zero_copies", "copies must be a whole number of at least 1, not 0"),
        ("text_copies", "copies must be a whole number of at least 1, not '2'"),
        ("unknown_key", "colour"),
        ("bad_kind", "expected Kind @ $.kind"),
        ("missing_name", "name"),
    ],
)
def test_a_bad_row_is_invalid_data_naming_the_file_and_the_row(key, message):
    with pytest.raises(InvalidData) as caught:
        load_cards(PACKAGE, "data/bad.toml", ToyCard, key=key)
    where = caught.value.where
    assert where.startswith("toycards/data/bad.toml") and where.endswith("$[0]"), where
    assert message in str(caught.value)


def test_a_row_with_copies_but_no_id_is_refused():
    with pytest.raises(InvalidData):
        load_cards(PACKAGE, "data/bad.toml", ToyCard, key="no_id_copies")


@pytest.mark.parametrize("copies", [True, -1, 1.5])
def test_copies_must_be_a_positive_whole_number(copies):
    with pytest.raises(InvalidData, match="copies"):
        make_cards([{"id": "x", "name": "X", "kind": "coin", "copies": copies}], ToyCard, where="here")


def test_the_where_of_make_cards_is_the_callers():
    with pytest.raises(InvalidData) as caught:
        make_cards([{"id": "x", "name": "X", "kind": "coin"}, {"id": "y", "kind": "coin"}], ToyCard, where="mine")
    assert caught.value.where == "mine: $[1]"


@pytest.mark.parametrize(
    "call, where",
    [
        (lambda: load_cards(PACKAGE, "data/missing.toml", ToyCard), "toycards/data/missing.toml"),
        (lambda: load_cards(PACKAGE, "data/broken.toml", ToyCard), "toycards/data/broken.toml"),
        (lambda: load_cards("no_such_package_anywhere", "cards.toml", ToyCard), "no_such_package_anywhere/cards.toml"),
        (lambda: load_rows(PACKAGE, "data/bad.toml", "not_a_table"), "toycards/data/bad.toml"),
        (lambda: load_rows(PACKAGE, "data/bad.toml", "absent"), "toycards/data/bad.toml"),
        (lambda: read_toml(PACKAGE, "data/broken.toml"), "toycards/data/broken.toml"),
    ],
    ids=["missing file", "not toml", "no package", "not a list", "no such table", "read_toml"],
)
def test_a_data_file_that_cannot_be_read_is_invalid_data_naming_it(call, where):
    with pytest.raises(InvalidData) as caught:
        call()
    assert caught.value.where == where


def test_load_rows_gives_the_plain_rows():
    rows = load_rows(PACKAGE, "data/cards.toml")
    assert rows[0] == {"id": "coin", "name": "Coin", "kind": "coin", "value": 1, "effect": "coin", "copies": 4}
    assert len(rows) == 7


def test_load_constants_reads_the_rules_table():
    assert toycards.RULES == toycards.Rules(hand_size=3, price=3, mulligan=2)

    @attrs.frozen
    class Wrong:
        hand_size: int
        colour: str

    with pytest.raises(InvalidData) as caught:
        load_constants(PACKAGE, "data/cards.toml", Wrong)
    assert caught.value.where == "toycards/data/cards.toml: $.rules" and "colour" in str(caught.value)


def test_load_table_structures_each_row_and_names_the_bad_one():
    @attrs.frozen
    class Row:
        id: str
        name: str
        kind: str
        value: int = 0
        effect: str | None = None
        copies: int = 1

    rows = load_table(PACKAGE, "data/cards.toml", "cards", Row)
    assert rows[1] == Row("purse", "Purse", "coin", 2, "coin", 2)
    with pytest.raises(InvalidData) as caught:
        load_table(PACKAGE, "data/bad.toml", "unknown_key", Row)
    assert caught.value.where == "toycards/data/bad.toml: $.unknown_key[0]"
    with pytest.raises(InvalidData, match="missing the"):
        load_table(PACKAGE, "data/cards.toml", "absent", Row)


# -- labels ---------------------------------------------------------------------------------------


def test_a_label_is_the_name_unless_the_card_class_says_more():
    assert Card("x", "Plain").label == "Plain"
    labels = {c.id: c.label for c in toycards.CARDS}
    assert labels["coin-1"] == "Coin 1" and labels["purse-2"] == "Purse 2" and labels["strike-1"] == "Strike"


def test_labels_word_the_options_and_the_views():
    game = toycards.game()
    state = boardcore.testing.arranged(game, 2, seed=1, before=lambda s: boardcore.testing.put(s, toycards.HAND[0], ["Purse"]))
    assert "discard Purse 2" in options(state, 0)  # ExchangeCards words its picks with the label
    view = state.view(0)["zones"]["hand:0"]["cards"]
    assert "Purse 2" in [c["label"] for c in view]
    assert game.card_view("purse-1") == {"id": "purse-1", "name": "Purse", "label": "Purse 2", "kind": "coin", "value": 2}


def test_enforce_limit_words_its_options_with_labels():
    state = toycards.game().new_state(players=2, seed=1)
    for seat in (0, 1):
        choose(state, seat, "done")
    m = state.match
    boardcore.testing.put(state, toycards.HAND[1], ["Purse", "Coin", "Coin"])  # 6 cards, limit 4
    boardcore.testing.advance_to(state, "cleanup")
    assert m.active == 1 and any(text == "discard Purse 2" for text in options(state, 1))


def test_a_game_card_is_data_and_its_effect_object_comes_from_the_game():
    game = toycards.game()
    assert game.card("coin-2") == ToyCard("coin-2", "Coin", kind=Kind.COIN, value=1, effect="coin")
    assert game.effect("coin-2") is toycards.EFFECTS["coin"]
    assert game.effect("shield-1") is None
    with pytest.raises(InvalidData, match="no card"):
        game.card("nope")
    with pytest.raises(boardcore.RuleError, match="no card"):
        game.effect("nope")
    assert toy.duel().effect("d0-4").power(toy.duel().card("d0-4")) == 8
