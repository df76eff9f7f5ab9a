"""The engine's values: errors, the seeded generator, the append-only log, actions,
events, zones, decisions, cards and their data files, and the guard that keeps the
optional compiled build from running stale code. The bottom layer: it imports
no other layer (``boardcore.codec``, which it reads data files with, sits beside it)."""
