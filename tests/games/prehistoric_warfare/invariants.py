"""The invariants of Prehistoric Warfare rules section 7 now live in the game's own
``boardcore_prehistoric_warfare.testing`` (for expansion authors too); this module
keeps the name that ``scripts/soak.py`` imports."""

from boardcore_prehistoric_warfare.testing import check

__all__ = ["check"]
