"""Reading saved games from untrusted places (a file, an upload, a database row) safely.

``game.state_from_json(text)`` checks everything a saved game holds; these are the
steps before it, for a program that reads the text itself:

* :func:`read_saved` - a file's bytes, refused past :data:`MAX_SAVE_SIZE` without
  reading more than that (a device that never ends costs no more memory);
* :func:`parse_saved` - the JSON document and its text, within the size, the
  nesting (:data:`MAX_DEPTH`) and the numbers a saved game may hold.

Each refusal is an :class:`~boardcore.InvalidData` that says what was wrong and where.
"""

from __future__ import annotations

from ._persistence.json_in import MAX_DEPTH, MAX_SAVE_SIZE, parse_saved
from ._persistence.json_in import read_capped as read_saved

__all__ = ["MAX_DEPTH", "MAX_SAVE_SIZE", "parse_saved", "read_saved"]
