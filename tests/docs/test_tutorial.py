"""The tutorial game of docs/writing-a-game.md runs, and so do the page's examples.

The page includes the game's code from docs/tutorial/ (mkdocs snippets), so the
code a reader sees is the code tested here.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import boardcore
from boardcore.testing import arranged, check_game, choose, events

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def orchard():
    sys.path.insert(0, str(DOCS / "tutorial"))
    try:
        import boardcore_orchard

        yield boardcore_orchard
    finally:
        sys.path.remove(str(DOCS / "tutorial"))


@pytest.fixture(scope="module")
def game(orchard):
    return boardcore.registry.game_from_provider(orchard.PLUGIN)


def page_examples(page: str) -> list[str]:
    """The page's Python blocks, except those that include a file."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    return [b for b in blocks if "--8<--" not in b]


def test_the_pages_examples_run_as_written(orchard):
    examples = page_examples("writing-a-game.md")
    assert len(examples) == 2
    namespace: dict[str, object] = {}
    for block in examples:
        exec(compile(block, "writing-a-game.md", "exec"), namespace)  # noqa: S102


def test_every_included_snippet_exists(orchard):
    text = (DOCS / "writing-a-game.md").read_text(encoding="utf-8")
    source = (DOCS / "tutorial" / "boardcore_orchard" / "__init__.py").read_text(encoding="utf-8")
    for name in re.findall(r'--8<-- "boardcore_orchard/__init__.py:(\w+)"', text):
        assert f"# --8<-- [start:{name}]" in source and f"# --8<-- [end:{name}]" in source


def test_orchard_keeps_every_property(game):
    summary = check_game(game, games=40, seed=5, cross_process=False)
    assert summary.players == {2: 14, 3: 13, 4: 13}


def test_the_hand_limit_is_enforced_after_the_harvest(game):
    def fill(state):
        from boardcore.testing import put

        put(state, "hand:0", ["Apple", "Apple", "Apple"])

    state = arranged(game, players=2, seed=1, top={"orchard": ["Pear", "Plum"]}, dice=[6], before=fill)
    assert state.pending[0].prompt.startswith("hand limit 4")
    choose(state, 0, "discard Apple")
    assert len(state.match.cards("hand:0")) == 4


def test_reaching_the_target_ends_the_match(game, orchard):
    state = arranged(game, players=2, seed=2, top={"orchard": ["Plum"]}, dice=[1], target=3)
    choose(state, 0, "sell Plum for 3", "done")
    assert state.is_over and state.result.winners == (0,)
    assert events(state, orchard.Sold)[-1].player == 0


def test_a_bad_option_is_refused_with_its_name(game):
    with pytest.raises(boardcore.InvalidData, match="options.target"):
        game.new_state(players=2, seed=1, target="lots")
