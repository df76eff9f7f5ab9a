"""One match kept and rebuilt: the per-game codec (``serialize``), hardened JSON in,
dump and strict load with its invariants (``persist``), saves, views, re-deals and
``State``, the match's public face. Imports ``_values`` and ``_rules``."""
