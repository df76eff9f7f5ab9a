"""The invariants of Aztec Skirmish rules section 6 now live in the game package
(``boardcore_aztec_skirmish.testing.check``); this name is kept for the scripts
that look a game's checks up here (scripts/soak.py)."""

from boardcore_aztec_skirmish.testing import check

__all__ = ["check"]
