"""Fixtures shared by the tests of every package."""

from __future__ import annotations

import pytest

from boardcore.testing import DataCopy, copy_data


@pytest.fixture
def copy_with(tmp_path, monkeypatch, request):
    """``copy_with(resource, old, new)``: the test module's ``SOURCE`` package's data
    files (``RESOURCES``) copied into a new importable package, the first ``old`` in
    ``resource`` replaced by ``new``."""
    monkeypatch.syspath_prepend(str(tmp_path))
    source, files = request.module.SOURCE, request.module.RESOURCES

    def make(resource: str, old: bytes, new: bytes) -> DataCopy:
        return copy_data(tmp_path, source, files, resource, old, new)

    return make
