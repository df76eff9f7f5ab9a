"""What a person sees at the terminal, for one fixed seed per game: the screens of
`boardcore play` through the first decisions, compared with the captures kept in
tests/games/screens/. A change to the display or to a game's words shows in review
as a change to a capture.

To accept an intended change, run the tests with BOARDCORE_UPDATE_SCREENS=1 and
review the diff of the captures.
"""

from __future__ import annotations

import argparse
import io
import os
from pathlib import Path

import pytest

from boardcore import cli

SCREENS = Path(__file__).parent / "screens"
GAMES = {
    "gallic-wars": {"answers": "1\n2\n9\n1\n"},
    "invasions-of-the-horse-people": {"answers": "1\n1\n1\n1\n1\n"},
    "prehistoric-warfare": {"answers": "1\n1\n1\n1\n1\n"},
    "aztec-skirmish": {"answers": "1\n1\n1\n1\n", "option": ["deployment=standard"]},
}


def screen(game: str, answers: str, option: list[str] | None = None) -> str:
    args = argparse.Namespace(
        game=game, players=None, seat=0, seats=None, names=None, load=None, bots="first", seed=7,
        save=None, plugins="", option=option or [],
    )  # fmt: skip
    out = io.StringIO()
    cli.cmd_play(args, stdin=io.StringIO(answers + "q\n\n"), stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_screens_of_a_fixed_match_are_as_captured(game):
    text = screen(game, **GAMES[game])
    capture = SCREENS / f"{game}.txt"
    if os.environ.get("BOARDCORE_UPDATE_SCREENS"):
        capture.write_text(text, encoding="utf-8")
    assert capture.exists(), f"no capture for {game}: run with BOARDCORE_UPDATE_SCREENS=1"
    assert text == capture.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_docs_show_each_games_first_screen_as_captured(game):
    lines = (SCREENS / f"{game}.txt").read_text(encoding="utf-8").splitlines()
    first = lines[: next(i for i, line in enumerate(lines) if line.startswith("your choice"))]
    page = (Path(__file__).parents[2] / "docs" / "at-the-table.md").read_text(encoding="utf-8")
    assert "\n".join(first) in page, f"docs/at-the-table.md shows an old screen of {game}"
