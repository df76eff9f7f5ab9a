"""The Prehistoric Warfare tests' helpers: the game's own ``testing`` module (positions,
raids, answers by id), which expansion authors use too, and the base game loaded once."""

from __future__ import annotations

from boardcore_prehistoric_warfare.testing import (
    base_game,
    choose_ids,
    knock_out,
    names,
    pass_rerolls,
    play_on,
    play_out_turn,
    position,
    raid,
    rolls,
    strike,
)

GAME = base_game()

__all__ = [
    "GAME", "choose_ids", "knock_out", "names", "pass_rerolls", "play_on", "play_out_turn", "position", "raid", "rolls",
    "strike",
]  # fmt: skip
