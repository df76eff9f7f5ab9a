"""Cards from data: load_cards / make_cards (rows, copies, bad rows), load_constants,
load_rows, load_table, read_toml, structure, and Card.label.

Data files are read strictly: every mistake, in a file's bytes, its shape or one value,
is InvalidData naming the file, the line, the row and the field."""

from __future__ import annotations

import enum
import importlib
import typing
import uuid

import attrs
import cattrs
import pytest

import boardcore
from boardcore import Card, InvalidData
from boardcore.loaders import load_cards, load_constants, load_rows, load_table, make_cards, read_toml, structure
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
    "key, line, field, message",
    [
        ("zero_copies", 9, "copies", "copies must be a whole number of at least 1, not 0"),
        ("text_copies", 15, "copies", "copies must be a whole number of at least 1, not '2'"),
        ("unknown_key", 21, "colour", "unknown key (known keys: id, name, effect, kind, value)"),
        ("bad_kind", 26, "kind",
         "expected a Kind (one of 'coin', 'strike', 'shield', 'banner', 'spy', 'trophy'), got the string 'gem'"),
        ("missing_name", 28, "name", "required key missing"),  # no name line: the row's header
    ],
)  # fmt: skip
def test_a_bad_row_is_invalid_data_naming_the_file_the_line_the_row_and_the_field(key, line, field, message):
    with pytest.raises(InvalidData) as caught:
        load_cards(PACKAGE, "data/bad.toml", ToyCard, key=key)
    assert caught.value.where == f"toycards/data/bad.toml:{line}: $.{key}[0].{field}"
    assert str(caught.value) == f"{caught.value.where}: {message}"


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
    assert caught.value.where == "mine: $[1].name"
    assert str(caught.value) == "mine: $[1].name: required key missing (row of card 'y')"


@pytest.mark.parametrize(
    "call, where",
    [
        (lambda: load_cards(PACKAGE, "data/missing.toml", ToyCard), "toycards/data/missing.toml"),
        (lambda: load_cards(PACKAGE, "data/broken.toml", ToyCard), "toycards/data/broken.toml"),
        (lambda: load_cards("no_such_package_anywhere", "cards.toml", ToyCard), "no_such_package_anywhere/cards.toml"),
        (lambda: load_rows(PACKAGE, "data/bad.toml", "not_a_table"), "toycards/data/bad.toml: $.not_a_table"),
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
    # The first problem is in ``where`` (at the line of its key), the others follow in the message.
    assert caught.value.where == "toycards/data/cards.toml:5: $.rules.price"
    assert str(caught.value).endswith(
        ": unknown key (known keys: hand_size, colour); .mulligan: unknown key (known keys: hand_size, colour); "
        ".colour: required key missing"
    )


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
    assert caught.value.where == "toycards/data/bad.toml:21: $.unknown_key[0].colour"
    with pytest.raises(InvalidData, match="missing the"):
        load_table(PACKAGE, "data/cards.toml", "absent", Row)


# -- strict data files (hardening) ----------------------------------------------------------------


class Suit(enum.Enum):
    CUPS = "cups"
    COINS = "coins"


@attrs.frozen
class Tile(Card):
    suit: Suit = attrs.field(kw_only=True)
    value: int = attrs.field(default=0, kw_only=True, validator=[attrs.validators.ge(0), attrs.validators.le(9)])
    wild: bool = attrs.field(default=False, kw_only=True)
    tags: tuple[str, ...] = attrs.field(default=(), kw_only=True)


@attrs.frozen
class Limits:
    min_players: int = attrs.field(validator=attrs.validators.ge(1))
    max_players: int = attrs.field(validator=lambda c, a, v: attrs.validators.ge(c.min_players)(c, a, v))
    rate: float = 1.0


TILES = """\
# tiles and their limits
[rules]
min_players = 2
max_players = 4

[[cards]]
id = "cup"
name = "Cup"
suit = "cups"
value = 3
copies = 2

[[cards]]   # the coin
id = "coin"
name = "Coin"
suit = "coins"
value = 5
"""
CUP_COPIES, COIN_HEADER, COIN_SUIT, COIN_VALUE = 11, 13, 16, 17  # lines of TILES


@pytest.fixture
def data_package(tmp_path, monkeypatch):
    """``data_package(text)`` writes a package with ``text`` as its ``data/cards.toml``
    (or several files given as a dict) and returns its name, importable at once."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def write(files: str | bytes | dict[str, str | bytes]) -> str:
        name = f"tiles_{uuid.uuid4().hex[:10]}"  # a new name: imported packages stay in sys.modules
        if not isinstance(files, dict):
            files = {"data/cards.toml": files}
        (tmp_path / name / "data").mkdir(parents=True)
        (tmp_path / name / "__init__.py").write_text("", encoding="utf-8")
        for path, content in files.items():
            target = tmp_path / name / path
            target.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        importlib.invalidate_caches()
        return name

    return write


def changed(old: str, new: str, text: str = TILES) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_a_good_file_loads(data_package):
    package = data_package(TILES)
    cards = load_cards(package, "data/cards.toml", Tile)
    assert [c.id for c in cards] == ["cup-1", "cup-2", "coin"]
    assert cards[2] == Tile("coin", "Coin", suit=Suit.COINS, value=5)
    assert load_constants(package, "data/cards.toml", Limits) == Limits(2, 4)


@pytest.mark.parametrize(
    "value, message",
    [
        ('"7"', "expected an integer, got the string '7'"),
        ("7.9", "expected an integer, got the float 7.9"),
        ("true", "expected an integer, got the boolean true"),
        ("1e30", "expected an integer, got the float 1e+30"),
        ("1000000000000000000000000000000",
         "the integer 1000000000000000000000000000000 is too large: a TOML integer has 64 bits"),
        ("-5", "'value' must be >= 0: -5"),  # the card class's validators decide the range
        ("10", "'value' must be <= 9: 10"),
    ],
    ids=["string", "float", "boolean", "1e30", "10**30", "below the range", "above the range"],
)  # fmt: skip
def test_an_int_field_takes_exactly_an_int_in_its_range(data_package, value, message):
    package = data_package(changed("value = 5", f"value = {value}"))
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where == f"{package}/data/cards.toml:{COIN_VALUE}: $.cards[1].value"
    assert str(caught.value) == f"{caught.value.where}: {message}"


@pytest.mark.parametrize(
    "old, new, line, path, message",
    [
        ('suit = "coins"', 'suit = "wands"', COIN_SUIT, "suit",
         "expected a Suit (one of 'cups', 'coins'), got the string 'wands'"),
        ('suit = "coins"', 'suit = "COINS"', COIN_SUIT, "suit",
         "expected a Suit (one of 'cups', 'coins'), got the string 'COINS'"),
        ('name = "Coin"', "name = 5", COIN_SUIT - 1, "name", "expected a string, got the integer 5"),
        ("value = 5", 'value = 5\nwild = "yes"', COIN_VALUE + 1, "wild", "expected a boolean, got the string 'yes'"),
        ("value = 5", 'value = 5\ncolour = "red"', COIN_VALUE + 1, "colour",
         "unknown key (known keys: id, name, effect, suit, value, wild, tags)"),
        ("value = 5", 'value = 5\ntags = "abc"', COIN_VALUE + 1, "tags", "expected an array, got the string 'abc'"),
        ("value = 5", 'value = 5\ntags = ["a", 1]', COIN_VALUE + 1, "tags[1]", "expected a string, got the integer 1"),
        ('suit = "coins"\n', "", COIN_HEADER, "suit", "required key missing"),  # no line of its own: the row's header
    ],
    ids=["unknown enum value", "enum value in the wrong case", "number for a string", "string for a boolean",
         "unknown key", "string for an array", "bad item", "missing key"],
)  # fmt: skip
def test_every_field_is_checked_strictly_and_named_with_its_line(data_package, old, new, line, path, message):
    package = data_package(changed(old, new))
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where == f"{package}/data/cards.toml:{line}: $.cards[1].{path}"
    assert str(caught.value) == f"{caught.value.where}: {message}"


def test_every_problem_of_a_row_is_listed_the_first_in_where(data_package):
    package = data_package(changed('suit = "coins"\nvalue = 5', 'suit = "wands"\nvalue = "5"'))
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where.endswith(f":{COIN_SUIT}: $.cards[1].suit")
    assert str(caught.value).endswith("got the string 'wands'; .value: expected an integer, got the string '5'")


@pytest.mark.parametrize(
    "copies, message",
    [
        ("-5", "copies must be a whole number of at least 1, not -5"),
        ("0", "copies must be a whole number of at least 1, not 0"),
        ('"2"', "copies must be a whole number of at least 1, not '2'"),
        ("1.5", "copies must be a whole number of at least 1, not 1.5"),
        ("true", "copies must be a whole number of at least 1, not true"),
        ("1001", "copies must be at most 1000, not 1001"),
        ("1000000000000000000000000000000", "copies must be at most 1000, not 1000000000000000000000000000000"),
    ],
)
def test_copies_is_a_whole_number_from_1_to_1000(data_package, copies, message):
    package = data_package(changed("copies = 2", f"copies = {copies}"))
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where == f"{package}/data/cards.toml:{CUP_COPIES}: $.cards[0].copies"
    assert str(caught.value) == f"{caught.value.where}: {message}"


def test_copies_up_to_the_limit_and_cards_up_to_theirs(data_package, monkeypatch):
    assert boardcore._values.cards.MAX_COPIES == 1000 and boardcore._values.cards.MAX_CARDS == 10_000
    cards = load_cards(data_package(changed("copies = 2", "copies = 1000")), "data/cards.toml", Tile)
    assert len(cards) == 1001 and cards[999].id == "cup-1000"
    monkeypatch.setattr(boardcore._values.cards, "MAX_CARDS", 2)
    with pytest.raises(InvalidData, match=r"\$\.cards\[1\]: more than 2 cards"):
        load_cards(data_package(TILES), "data/cards.toml", Tile)


def test_a_card_id_is_given_once(data_package):
    package = data_package(changed('id = "coin"', 'id = "cup-2"'))
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where == f"{package}/data/cards.toml:{COIN_HEADER + 1}: $.cards[1].id"
    assert str(caught.value).endswith(f"card id 'cup-2' is already used by {package}/data/cards.toml:6: $.cards[0]")


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        ("min_players = 2", 'min_players = "2"', ":3: $.rules.min_players", "expected an integer, got the string '2'"),
        ("min_players = 2", "min_players = 0", ":3: $.rules.min_players", "'min_players' must be >= 1: 0"),
        ("max_players = 4", "max_players = 1", ":4: $.rules.max_players", "'max_players' must be >= 2: 1"),
        ("max_players = 4", "max_players = 4\nrate = inf", ":5: $.rules.rate",
         "expected a finite number, got the float inf"),
        ("max_players = 4", 'max_players = 4\nrate = "fast"', ":5: $.rules.rate",
         "expected a number, got the string 'fast'"),
        ("max_players = 4", "max_players = 4\nspeed = 3", ":5: $.rules.speed",
         "unknown key (known keys: min_players, max_players, rate)"),
        ("[rules]", "[limits]", "", "missing the [rules] table"),
        ("[rules]\n", "rules = 3\n[limits]\n", ": $.rules", "expected the [rules] table, got the integer 3"),
    ],
    ids=["string", "below its range", "below another field", "infinite", "string for a float", "unknown key",
         "missing table", "not a table"],
)  # fmt: skip
def test_constants_are_checked_field_by_field(data_package, old, new, where, message):
    package = data_package(changed(old, new))
    with pytest.raises(InvalidData) as caught:
        load_constants(package, "data/cards.toml", Limits)
    assert caught.value.where == f"{package}/data/cards.toml{where}"
    assert str(caught.value) == f"{caught.value.where}: {message}"


def test_a_float_field_takes_an_int_as_a_float(data_package):
    package = data_package(changed("max_players = 4", "max_players = 4\nrate = 2"))
    rate = load_constants(package, "data/cards.toml", Limits).rate
    assert rate == 2.0 and type(rate) is float


@pytest.mark.parametrize(
    "text, key, message",
    [
        (TILES.replace("[[cards]]", "[[tiles]]"), "cards", "missing the [[cards]] table"),
        ("cards = 5\n", "cards", "expected [[cards]] tables, got the integer 5"),
    ],
)
def test_a_missing_table_of_rows_is_named(data_package, text, key, message):
    package = data_package(text)
    for load in (lambda: load_cards(package, "data/cards.toml", Tile), lambda: load_rows(package, "data/cards.toml"),
                 lambda: load_table(package, "data/cards.toml", key, Tile)):  # fmt: skip
        with pytest.raises(InvalidData) as caught:
            load()
        assert str(caught.value).startswith(f"{package}/data/cards.toml") and str(caught.value).endswith(message)


def test_a_row_that_is_not_a_table_is_named(data_package):
    package = data_package('cards = [{id = "a", name = "A", suit = "cups"}, 7]\n')
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert str(caught.value) == f"{package}/data/cards.toml: $.cards[1]: expected a table, got the integer 7"


@pytest.mark.parametrize(
    "content, message",
    [
        (b'[[cards]]\nid = "a"\nname = "Caf\xe9"\n', "not UTF-8 text: byte 0xe9 on line 3"),
        ("x = " + "[" * 5000 + "]" * 5000, "nested more than 32 levels deep"),  # too deep for the parser
        ("x = " + "[" * 33 + "]" * 33, "nested more than 32 levels deep"),
        ("x = " + "{a = " * 33 + "1" + "}" * 33, "nested more than 32 levels deep"),
        ("# padding\n" * 600_000, "larger than 5242880 bytes, the most a data file may hold"),
        ("x = 1" + "0" * 5000, "not valid TOML: "),  # more digits than Python converts
        ("x = [1, 2", "not valid TOML: "),
    ],
    ids=["not UTF-8", "deeply nested", "33 arrays deep", "33 tables deep", "too large", "huge integer", "not TOML"],
)
def test_a_file_that_cannot_be_read_safely_is_invalid_data_naming_it(data_package, content, message):
    package = data_package(content)
    for call in (read_toml, load_rows, lambda p, r: load_cards(p, r, Tile), lambda p, r: load_constants(p, r, Limits)):
        with pytest.raises(InvalidData) as caught:
            call(package, "data/cards.toml")
        assert caught.value.where == f"{package}/data/cards.toml" and message in str(caught.value)


def test_nesting_up_to_the_limit_is_read(data_package):
    data = read_toml(data_package("x = " + "[" * 32 + "]" * 32), "data/cards.toml")
    depth, value = 1, data["x"]
    while value:
        depth, value = depth + 1, value[0]
    assert depth == 32


def test_a_directory_or_a_missing_file_is_invalid_data_naming_it(data_package):
    package = data_package(TILES)
    for resource in ("data", "data/none.toml"):
        with pytest.raises(InvalidData, match="cannot read data file") as caught:
            load_cards(package, resource, Tile)
        assert caught.value.where == f"{package}/{resource}"


@pytest.mark.parametrize(
    "text, line",
    [
        (TILES, COIN_VALUE),
        (TILES.replace("[[cards]]", '[[ "cards" ]]'), COIN_VALUE),  # a quoted key
        (TILES.replace("\n", "\r\n"), COIN_VALUE),  # Windows line ends
        (TILES.replace("# tiles and their limits\n", 'about = """\n[[cards]]\n"""\n'), COIN_VALUE + 2),
        (TILES.replace("value = 5", "\n\nvalue = 5"), COIN_VALUE + 2),
    ],
    ids=["plain", "quoted key", "CRLF", "a header inside a multi-line string", "blank lines"],
)  # fmt: skip
def test_the_line_is_that_of_the_bad_value(data_package, text, line):
    package = data_package(text.replace("value = 5", "value = 50"))
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where == f"{package}/data/cards.toml:{line}: $.cards[1].value"


def test_rows_written_inline_are_named_without_a_line(data_package):
    package = data_package('cards = [{id = "a", name = "A", suit = "cups"}, {id = "b", name = "B", suit = "x"}]\n')
    with pytest.raises(InvalidData) as caught:
        load_cards(package, "data/cards.toml", Tile)
    assert caught.value.where == f"{package}/data/cards.toml: $.cards[1].suit"


def test_a_table_of_rows_is_checked_like_cards(data_package):
    package = data_package(changed("value = 5", "value = 5.0", changed("copies = 2\n", "")))
    assert len(load_table(data_package(changed("copies = 2\n", "")), "data/cards.toml", "cards", Tile)) == 2
    with pytest.raises(InvalidData) as caught:
        load_table(package, "data/cards.toml", "cards", Tile)
    assert caught.value.where == f"{package}/data/cards.toml:{COIN_VALUE - 1}: $.cards[1].value"
    assert str(caught.value).endswith(": expected an integer, got the float 5.0")


def test_load_rows_checks_the_keys_and_types_it_is_given(data_package):
    package = data_package(TILES)
    types = dict(id=str, name=str, suit=Suit, value=int, copies=int | None)
    rows = load_rows(package, "data/cards.toml", types=types)
    assert rows[1] == {"id": "coin", "name": "Coin", "suit": Suit.COINS, "value": 5}  # copies may be left out
    assert load_rows(package, "data/cards.toml")[1]["suit"] == "coins"  # without types, the plain rows
    for text, where, message in [
        (changed("value = 5", "value = true"), f":{COIN_VALUE}: $.cards[1].value",
         "expected an integer, got the boolean true"),
        (changed("value = 5", "value = 5\nwild = true"), f":{COIN_VALUE + 1}: $.cards[1].wild",
         "unknown key (known keys: id, name, suit, value, copies)"),
        (changed('name = "Coin"\n', ""), f":{COIN_HEADER}: $.cards[1].name", "required key missing"),
    ]:  # fmt: skip
        package = data_package(text)
        with pytest.raises(InvalidData) as caught:
            load_rows(package, "data/cards.toml", types=types)
        assert str(caught.value) == f"{package}/data/cards.toml{where}: {message}"


def test_make_cards_names_the_row_and_its_card():
    a, b = {"id": "a", "name": "A", "suit": "cups"}, {"id": "b", "name": "B", "suit": "cups"}
    with pytest.raises(InvalidData) as caught:
        make_cards([a, {**b, "value": 12}], Tile, "deck")
    assert str(caught.value) == "deck: $[1].value: 'value' must be <= 9: 12 (row of card 'b')"
    with pytest.raises(InvalidData, match=r"^deck: \$\[1\]\.id: card id 'a-1' is already used by deck: \$\[0\]$"):
        make_cards([{**a, "copies": 2}, {**b, "id": "a-1"}], Tile, "deck")
    with pytest.raises(InvalidData, match=r"^deck: \$\[0\]: expected a table, got the string 'a'$"):
        make_cards(["a"], Tile, "deck")  # type: ignore[list-item]


def test_structure_is_as_strict_and_extends_the_path():
    assert structure({"min_players": 1, "max_players": 3}, Limits, "here") == Limits(1, 3, 1.0)
    with pytest.raises(InvalidData) as caught:
        structure({"min_players": 1, "max_players": True}, Limits, "file.toml: $.rules")
    assert str(caught.value) == "file.toml: $.rules.max_players: expected an integer, got the boolean true"
    with pytest.raises(InvalidData) as caught:
        structure([1, "2"], tuple[int, ...], "numbers")
    assert str(caught.value) == "numbers: $[1]: expected an integer, got the string '2'"
    with pytest.raises(InvalidData, match=r"^here: expected a table, got the integer 5$"):
        structure(5, Limits, "here")
    with pytest.raises(InvalidData, match=r'^here: \$\["1"\]\[0\]: expected a string, got the integer 1$'):
        structure({"1": [1]}, dict[str, list[str]], "here")
    assert structure({"1": ["a"]}, dict[str, list[str]], "here") == {"1": ["a"]}
    assert structure(1, typing.Literal["one", 1], "here") == 1
    with pytest.raises(InvalidData, match=r"^here: expected one of 'one', 1, got the boolean true$"):
        structure(True, typing.Literal["one", 1], "here")


def test_a_field_type_the_strict_converter_cannot_make_is_a_mistake_in_the_class_not_the_data():
    @attrs.frozen
    class Either:
        value: int | list[int]  # a union beyond plain values needs a rule to choose; the converter has none

    with pytest.raises(cattrs.StructureHandlerNotFoundError):
        structure({"value": 1}, Either, "here")


def test_a_union_of_plain_types_takes_a_value_of_one_of_them_as_it_is():
    # data files and saves share one converter, so a data file reads `int | str` as a save does
    @attrs.frozen
    class Either:
        value: int | str

    assert structure({"value": 1}, Either, "here") == Either(1)
    assert structure({"value": "1"}, Either, "here") == Either("1")
    with pytest.raises(InvalidData, match=r"^here: \$\.value: expected one of \['int', 'str'\], got the float 1\.5$"):
        structure({"value": 1.5}, Either, "here")


def test_a_validator_that_reads_other_fields_is_named_at_its_own_field():
    @attrs.frozen
    class Hand:
        size: int
        keep: int = attrs.field(validator=lambda c, a, v: attrs.validators.le(c.size)(c, a, v))
        discard: int = attrs.field(default=0, validator=attrs.validators.ge(0))

    with pytest.raises(InvalidData) as caught:
        structure({"size": 3, "keep": 4}, Hand, "rules")
    assert str(caught.value) == "rules: $.keep: 'keep' must be <= 3: 4"
    with pytest.raises(InvalidData) as caught:
        structure({"size": 3, "keep": 2, "discard": -1}, Hand, "rules")
    assert str(caught.value) == "rules: $.discard: 'discard' must be >= 0: -1"


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
    assert game.card_view("purse-1") == {"id": "purse-1", "name": "Purse", "label": "Purse 2", "text": "Purse 2", "kind": "coin", "value": 2}


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
