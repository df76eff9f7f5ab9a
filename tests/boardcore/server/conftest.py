"""Fixtures of the server tests: a server app on a fresh SQLite file, driven
through Starlette's TestClient (helpers in ``server_helpers``)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed (pip install '.[server]')")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

# Starlette 1.x prefers a successor of httpx for its TestClient; httpx works.
warnings.filterwarnings("ignore", message=".*httpx.*")

from starlette.testclient import TestClient  # noqa: E402

from boardcore.server import create_app  # noqa: E402
from server_helpers import Api  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return tmp_path / "matches.sqlite3"


@pytest.fixture
def client(db) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as test_client:
        yield test_client


@pytest.fixture
def api(client) -> Api:
    return Api(client)
