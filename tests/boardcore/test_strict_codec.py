"""boardcore.codec: one strict converter whose dialects differ only in limits and words."""

from __future__ import annotations

import enum

import attrs
import pytest

from boardcore import InvalidData
from boardcore.codec import DATA_FILE, SAVE, Dialect, Refusal, converter, file_path, structure_at


class Colour(enum.Enum):
    RED = "red"
    ONE = 1


@attrs.frozen
class Row:
    count: int
    ratio: float = 0.0
    colour: Colour = Colour.RED
    tags: tuple[str, ...] = ()
    by_seat: dict[int, int] = attrs.field(factory=dict)
    size: int = attrs.field(default=1, validator=attrs.validators.ge(1))


def problems(dialect: Dialect, data: object) -> list[tuple[str, str]]:
    with pytest.raises(Refusal) as caught:
        converter(dialect).load(data, Row)
    return [(dialect.path(path), message) for path, message in caught.value.problems]


@pytest.mark.parametrize("dialect", [SAVE, DATA_FILE], ids=["save", "data file"])
def test_both_dialects_refuse_the_same_values(dialect):
    for bad in (
        {"count": "1"}, {"count": True}, {"count": 1.0}, {"count": 1, "colour": True}, {"count": 1, "tags": "ab"},
        {"count": 1, "by_seat": {"01": 1}}, {"count": 1, "size": 0}, {"count": 1, "extra": 1}, {}, [1],
        {"count": 1, "ratio": float("nan")},
    ):  # fmt: skip
        assert problems(dialect, bad), bad
    made = converter(dialect).load({"count": 2, "colour": 1, "tags": ["a"], "by_seat": {"0": 3}}, Row)
    assert made == Row(2, colour=Colour.ONE, tags=("a",), by_seat={0: 3})


def test_the_dialects_differ_in_words_limits_and_how_many_problems_they_list():
    bad = {"count": "1", "tags": ["a", 2]}
    assert problems(SAVE, bad) == [("$.count", "expected an integer, got '1'")]
    assert problems(DATA_FILE, bad) == [
        (".count", "expected an integer, got the string '1'"),
        (".tags[1]", "expected a string, got the integer 2"),
    ]
    assert converter(DATA_FILE).load({"count": 1, "ratio": 1}, Row).ratio == 1.0  # TOML writes 1 for 1.0
    assert problems(SAVE, {"count": 1, "ratio": 1}) == [("$.ratio", "expected a number with a fraction (float), got 1")]
    assert converter(SAVE).load({"count": 2**63}, Row).count == 2**63  # a 64-bit generator state
    assert problems(DATA_FILE, {"count": 2**63})[0][1].endswith("is too large: a TOML integer has 64 bits")
    assert problems(SAVE, {"count": 1, "extra": 1}) == [("$", "unknown keys ['extra']")]
    assert problems(DATA_FILE, {"count": 1, "extra": 1})[0][0] == ".extra"


def test_a_validator_is_reported_at_its_field():
    assert problems(DATA_FILE, {"count": 1, "size": 0}) == [(".size", "'size' must be >= 1: 0")]


def test_a_tool_reads_its_own_format_in_a_dialect_of_its_own_with_words_a_field_may_choose():
    @attrs.frozen
    class Request:
        seat: int = attrs.field(metadata={"must": "must be a seat number"})
        name: str = ""
        count: int = 0

    terse = Dialect(
        show=lambda value: f"{value!r:.20}",
        nouns={"str": "text"},
        got="not",
        ints=range(0, 100),
        too_big=lambda value: f"{value} is not below 100",
        unknown=lambda extra, known: [((), f"unknown field {extra[0]!r}")],
        missing=lambda field: "is missing",
        path=lambda parts: file_path(parts).lstrip("."),
    )

    def refused(data: object) -> str:
        with pytest.raises(InvalidData) as caught:
            structure_at(data, Request, lambda path: f"body {path}".strip(), dialect=terse)
        return str(caught.value)

    assert refused({"seat": "1"}) == "body seat: must be a seat number, not '1'"
    assert refused({"seat": 1, "name": 5}) == "body name: expected text, not 5"
    assert refused({"seat": 100}) == "body seat: must be a seat number, not 100"
    assert refused({"seat": 1, "count": 100}) == "body count: 100 is not below 100"
    assert refused({"name": "x"}) == "body seat: is missing"
    assert refused({"seat": 1, "colour": "red"}) == "body: unknown field 'colour'"
    assert structure_at({"seat": 3}, Request, str, dialect=terse) == Request(3)


@attrs.frozen
class Node:
    child: Node | None = None


def test_deep_nesting_is_refused_not_a_crash():
    deep: dict[str, object] = {}
    for _ in range(100_000):
        deep = {"child": deep}
    with pytest.raises(InvalidData, match="nested too deeply"):
        structure_at(deep, Node, str, dialect=SAVE)
