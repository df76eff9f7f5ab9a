from __future__ import annotations

import pytest

import boardcore


@pytest.fixture(scope="session")
def game() -> boardcore.Game:
    return boardcore.load_game("invasions-of-the-horse-people")
