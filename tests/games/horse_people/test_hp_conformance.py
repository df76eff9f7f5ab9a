"""The engine's nine properties (architecture.md), secret structure included, and the
game's own invariants (``boardcore_horse_people.testing.check``) for every player count.

``check_game`` re-serialises the whole match several times per sampled step, so
its cost grows with the square of a game's length, and random games with six
players run to about 1,800 actions. The sampling below keeps this file to a few
seconds per player count; set HP_CONFORMANCE_SCALE (e.g. 10) for a longer run.
"""

from __future__ import annotations

import os

import pytest

from boardcore.testing import check_game

from boardcore_horse_people.testing import check

SCALE = int(os.environ.get("HP_CONFORMANCE_SCALE", "1"))

PLAN = {2: (8, 10), 3: (4, 25), 4: (3, 50), 5: (2, 75), 6: (2, 120)}
"""players -> (games, check the expensive properties every N actions)."""


@pytest.mark.slow
@pytest.mark.parametrize("players", sorted(PLAN))
def test_hp_check_game_for_each_player_count(game, players):
    games, every = PLAN[players]
    summary = check_game(
        game,
        games=games * SCALE,
        seed=2026 + players,
        players=players,
        every=every,
        cross_process=players == 2,  # one replay in another process is enough
        checks=[check],
    )
    assert summary.games == games * SCALE
    assert summary.players == {players: games * SCALE}
    assert sum(summary.reasons.values()) == games * SCALE


def test_hp_check_game_with_the_exchange_asked_at_once(game):
    # exchange="hand": each Migration exchange is one decision over the sets of cards (99 options)
    summary = check_game(game, games=4, seed=2031, players=3, every=25, cross_process=False, checks=[check],
                         options={"exchange": "hand"})  # fmt: skip
    assert summary.games == 4 and sum(summary.reasons.values()) == 4
