"""boardcore.evolving.evolve: the copy attrs.evolve makes, the same in every case."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardcore
from boardcore.evolving import evolve


@attrs.frozen
class Record:
    count: int = attrs.field(validator=attrs.validators.ge(0))
    _note: str = "a"
    label: str = attrs.field(default="x", converter=str.upper)
    late: int = attrs.field(default=3, kw_only=True)
    derived: int = attrs.field(init=False, default=9)


@attrs.frozen
class Child(Record):
    extra: tuple[int, ...] = attrs.field(default=(), kw_only=True)

    def __attrs_post_init__(self) -> None:
        if len(self.extra) > 3:
            raise ValueError("too many extras")


CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "count": st.integers(-2, 5),
        "note": st.text(max_size=3),
        "label": st.text(max_size=3),
        "late": st.integers(),
    },
)


def outcome(make, *args, **kwargs):
    """What ``make`` returns, or the type and text of what it raises."""
    try:
        return make(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - compared, not handled
        return type(exc), str(exc)


@given(changes=CHANGES, extra=st.lists(st.integers(), max_size=5).map(tuple))
def test_evolve_returns_or_raises_what_attrs_evolve_does(changes, extra):
    for inst in (Record(1, "b", "c", late=4), Child(2, extra=(1,))):
        these = {**changes, "extra": extra} if isinstance(inst, Child) else changes
        assert outcome(evolve, inst, **these) == outcome(attrs.evolve, inst, **these)


@pytest.mark.parametrize("changes", [{"nope": 1}, {"_note": "private name"}, {"derived": 1}])
def test_a_name_that_is_not_an_init_argument_is_a_type_error_as_with_attrs(changes):
    for make in (evolve, attrs.evolve):
        with pytest.raises(TypeError, match="unexpected keyword"):
            make(Record(1), **changes)


def test_evolve_refuses_what_is_not_an_attrs_instance():
    with pytest.raises(attrs.exceptions.NotAnAttrsClassError):
        evolve(3, real=1)


def test_evolve_copies_the_engines_own_records():
    piece = boardcore.Piece("rook", 0, "a1")
    moved = evolve(piece, square="b2")
    assert moved == boardcore.Piece("rook", 0, "b2") and piece.square == "a1"
