"""Loading a game's data files: cards, constants and tables from the TOML files a
game ships inside its package, read strictly (a value of exactly its field's type;
every mistake an ``InvalidData`` naming the file, the line and the value's path).

* :func:`load_cards` - a ``[[cards]]`` table as cards of the game's card class
  (a row with ``copies = n`` gives ``n`` cards); :func:`make_cards` does the same
  from rows built in code;
* :func:`load_constants` - a ``[rules]`` table as an attrs class of constants;
* :func:`load_table` and :func:`load_rows` - any array of tables, as rows of a
  class or as checked dicts;
* :func:`read_toml` - a whole TOML file of the package, bounded in size and nesting;
* :func:`structure` - strict structuring of data already read;
* :func:`whole_setting`, :func:`number_setting`, :func:`fraction_setting` and
  :func:`flag_setting` - one setting checked as strictly (a bot's settings from the
  command line, a game's search hints): a ``true`` is no 1 and a ``2.5`` is not rounded.
"""

from __future__ import annotations

from ._values.cards import load_cards, load_constants, load_rows, load_table, make_cards
from ._values.settings import flag_setting, fraction_setting, number_setting, whole_setting
from ._values.toml import read_toml
from .codec import structure

__all__ = [
    "flag_setting", "fraction_setting", "load_cards", "load_constants", "load_rows", "load_table", "make_cards",
    "number_setting", "read_toml", "structure", "whole_setting",
]  # fmt: skip
