"""Fixtures shared by the tests of every package."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

# In CI (CI=1) hypothesis draws the same examples on every run, so that a landing
# never depends on luck; elsewhere every run explores new ones. No deadline in
# either: on a small shared machine an example's time says nothing about the code
# (speed is measured by the benchmarks, never by a test).
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")

from boardcore import InvalidData
from boardcore.testing import DataCopy, copy_data
from boardcore.testing.strategies import data_file_edits


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


@pytest.fixture
def refused(copy_with):
    """``refused(resource, old, new, load, where, message)``: a copy with that change
    must make ``load(package)`` raise InvalidData at ``where`` saying ``message``
    (both templates for :meth:`DataCopy.where`)."""

    def check(resource: str, old: bytes, new: bytes, load: Callable[[str], Any], where: str, message: str) -> None:
        copy = copy_with(resource, old, new)
        with pytest.raises(InvalidData) as caught:
            load(copy.package)
        assert caught.value.where == copy.where(where)
        assert str(caught.value) == f"{caught.value.where}: {copy.where(message)}"

    return check


@pytest.fixture
def fuzz_data_file(tmp_path_factory, monkeypatch):
    """``fuzz_data_file(source, files, resource, loaders)``: copies of package ``source``'s
    data ``files`` with ``resource`` edited by hypothesis (``data_file_edits``); every
    loader must load each copy or refuse it with an ``InvalidData`` that names the file."""
    directory = tmp_path_factory.mktemp("fuzzed")
    monkeypatch.syspath_prepend(str(directory))

    def fuzz(source: str, files: Sequence[str], resource: str, loaders: Sequence[Callable[[str], Any]]) -> None:
        @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(edit=data_file_edits(source, resource))
        def check(edit: tuple[bytes, bytes]) -> None:
            copy = copy_data(directory, source, files, resource, *edit)
            for load in loaders:
                started = time.perf_counter()
                try:
                    load(copy.package)
                except InvalidData as exc:
                    assert exc.where.startswith(f"{copy.package}/"), f"the file is not named: {exc}"
                assert time.perf_counter() - started < 5, f"{load} took {time.perf_counter() - started:.1f} s"

        check()

    return fuzz
