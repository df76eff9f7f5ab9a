"""The per-game codec (internal: boardcore._persistence.serialize.Codec) refuses classes it could not save faithfully."""

from __future__ import annotations

import attrs
import pytest

import boardcore
from boardcore._persistence.serialize import Codec


def test_a_saved_class_may_not_have_a_field_named_kind():
    @attrs.frozen
    class Attack(boardcore.Event):
        kind: str

    with pytest.raises(boardcore.PluginError, match="field named 'kind'"):
        Codec([Attack])


def test_two_classes_with_one_tag_are_refused():
    @attrs.frozen
    class Twin(boardcore.Event):
        a: int

    first = Twin

    @attrs.frozen
    class Twin(boardcore.Event):  # noqa: F811 - the clash is the point
        b: int

    with pytest.raises(boardcore.PluginError, match="two classes"):
        Codec([first, Twin])


def test_piece_events_round_trip():
    codec = Codec()
    event = boardcore.events.PieceAdded("person-1", "person", 0)
    assert codec.load(codec.dump(event, boardcore.Event), boardcore.Event) == event
