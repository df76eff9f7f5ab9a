"""boardcore.saves: reading a saved game from an untrusted place, bounded before it is used."""

from __future__ import annotations

import pytest

from boardcore import InvalidData
from boardcore.saves import MAX_DEPTH, parse_saved, read_saved


def test_a_file_past_the_limit_is_refused_naming_it(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" * 50)
    with pytest.raises(InvalidData, match=r"more than the 10 a saved game may have") as caught:
        read_saved(path, limit=10)
    assert str(path) in str(caught.value)
    assert read_saved(path, limit=50) == b"[" * 50


def test_a_document_nested_too_deep_is_refused_before_parsing():
    with pytest.raises(InvalidData, match=f"nested more than {MAX_DEPTH} deep"):
        parse_saved("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert parse_saved('{"a": [1, 2.5]}') == ({"a": [1, 2.5]}, '{"a": [1, 2.5]}')
