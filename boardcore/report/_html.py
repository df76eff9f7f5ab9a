"""The report as one self-contained HTML file: styles inline, figures as base64 data URIs.

The page is written for a game designer who has not read boardcore's docs: it
opens with what was played and a plain reading of the figures, says what a 95%
interval is where the first one appears, and ends with what the figures cannot
show. Every text that comes from a game or a record is escaped.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from ._stats import Cards, Lengths, Rate, Summary, _pct, against_base, all_reasons, base_of, findings

STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1080px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.8em 0;font-size:.92em}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}th{background:#f4f4f4}
td.l,th.l{text-align:left}.muted{color:#666;font-size:.9em}
img{max-width:100%;border:1px solid #eee;margin:.5em 0}
.finding{background:#f6f8fa;border-left:4px solid #1f77b4;padding:.4em .8em;margin:.3em 0}
.out-hi{background:#e6f4ea}.out-lo{background:#fce8e6}
"""


def render(game: str, summaries: Sequence[Summary], images: Mapping[str, Path], min_sample: int, command: str | None = None) -> str:
    """The whole page for ``summaries`` (one per configuration) of ``game``."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance report: {escape(game)}</title><style>{STYLE}</style></head><body>",
        f"<h1>Is {escape(game)} balanced?</h1>",
        _played(summaries, command),
        _reading(summaries),
        _seats(summaries, images),
        _lengths(summaries, images),
        _endings(summaries, images),
        _players(summaries, images),
        _cards(summaries, images, min_sample),
        _limits(),
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p)


def _img(images: Mapping[str, Path], name: str, alt: str) -> str:
    path = images.get(name)
    if path is None:
        return ""
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}">'


def _rate(rate: Rate) -> str:
    return f"{_pct(rate.rate)} <span class=muted>({_pct(rate.low)}&ndash;{_pct(rate.high)})</span>"


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], left: int = 1) -> str:
    """An HTML table; the first ``left`` columns are text (left-aligned), cells are already HTML."""
    cls = [' class="l"' if i < left else "" for i in range(len(head))]
    out = ["<table><tr>" + "".join(f"<th{c}>{h}</th>" for c, h in zip(cls, head)) + "</tr>"]
    out += ["<tr>" + "".join(f"<td{c}>{v}</td>" for c, v in zip(cls, row)) + "</tr>" for row in rows]
    return "".join(out) + "</table>"


def _played(summaries: Sequence[Summary], command: str | None) -> str:
    rows = [
        [escape(s.config.label), escape(", ".join(s.config.bots)), s.games, escape(", ".join(map(str, s.run_seeds)))]
        for s in summaries
    ]
    made = f"<p class=muted>Made by <code>{escape(command)}</code>.</p>" if command else ""
    return "<h2>What was played</h2>" + _table(["configuration", "bots (seat 0, 1, ...)", "games", "seed of the run"], rows, 2) + made


def _reading(summaries: Sequence[Summary]) -> str:
    out = ["<h2>What the figures say</h2>"]
    for s in summaries:
        if len(summaries) > 1:
            out.append(f"<h3>{escape(s.config.label)}</h3>")
        out += [f'<div class="finding">{escape(line)}</div>' for line in findings(s)]
        base = base_of(s, summaries)
        if base is not None:
            out += [f'<div class="finding">{escape(line)}</div>' for line in against_base(base, s)]
    bots = sorted({b for s in summaries for b in s.config.bots})
    out.append(
        "<p>These are games between bots (<b>"
        + escape(", ".join(bots))
        + "</b>), not people. A seat that wins most games between random bots may be strong, or may only be easy "
        "to play well by luck; a strategy people would find is invisible to them. Run the same report with a "
        "stronger bot before changing the rules.</p>"
    )
    return "".join(out)


def _seats(summaries: Sequence[Summary], images: Mapping[str, Path]) -> str:
    seats = max(s.config.players for s in summaries)
    # a side in the column's head when every configuration gives the seat the same one;
    # else in each cell, where the sides differ
    same = len({s.sides for s in summaries}) == 1
    named = summaries[0] if same else None
    head = ["configuration"] + [escape(named.seat_name(k) if named else f"seat {k}") for k in range(seats)]
    head += ["fair share", "first player", "first-player advantage", "shared", "nobody"]
    rows = []
    for s in summaries:
        cells = [_side(s, k, same) + _rate(r) for k, r in enumerate(s.seats)] + [""] * (seats - len(s.seats))
        first = _rate(s.first) if s.first is not None else "<span class=muted>none</span>"
        edge = f"{s.first_advantage * 100:+.1f} points" if s.first_advantage is not None else ""
        rows.append([escape(s.config.label), *cells, _pct(s.fair), first, edge, _rate(s.shared), _rate(s.nobody)])
    return (
        "<h2>Who wins</h2><p>The share of games each seat won <i>alone</i>; shared wins and games nobody won are counted "
        "apart. The figure in brackets is the <b>95% interval</b>: had the same bots played many more games, the true "
        "rate would lie in it in 95 runs out of 100. When two intervals overlap, the difference may be luck. The "
        "<b>fair share</b> is what each seat would win if the seats were equal; the <b>first player</b> is the seat "
        "that took the first turn.</p>" + _table(head, rows) + _img(images, "win-rates", "win rate per seat")
    )


def _side(summary: Summary, seat: int, same: bool) -> str:
    side = summary.sides[seat] if not same and seat < len(summary.sides) else None
    return "" if side is None else f"<b>{escape(side)}</b> "


def _length_row(label: str, lengths: Lengths) -> list[Any]:
    d = lengths.to_dict()
    return [escape(label), f"{d['mean']:.1f}", f"{d['median']:g}", f"{d['p10']:.0f}&ndash;{d['p90']:.0f}", f"{d['min']}&ndash;{d['max']}"]


def _lengths(summaries: Sequence[Summary], images: Mapping[str, Path]) -> str:
    rows = [_length_row(f"{s.config.label}: {kind}", getattr(s, kind)) for s in summaries for kind in ("turns", "decisions")]
    return (
        "<h2>How long games last</h2><p>In turns, and in decisions (every answer a player gave, forced ones "
        "included). The middle 80% of games lie between the 10th and 90th percentiles.</p>"
        + _table(["", "mean", "median", "10th&ndash;90th percentile", "shortest&ndash;longest"], rows)
        + _img(images, "lengths", "game length histograms")
    )


def _endings(summaries: Sequence[Summary], images: Mapping[str, Path]) -> str:
    rows = [[escape(r)] + [_rate(dict(s.reasons)[r]) if r in dict(s.reasons) else "0" for s in summaries] for r in all_reasons(summaries)]
    head = ["ending"] + [escape(s.config.label) for s in summaries]
    return "<h2>How games end</h2><p>The reason the game gives when it ends.</p>" + _table(head, rows) + _img(images, "endings", "how games end")


def _players(summaries: Sequence[Summary], images: Mapping[str, Path]) -> str:
    if "player-counts" not in images:
        return ""
    return (
        "<h2>By number of players</h2><p>The fair share falls as players are added; what matters is how far the "
        "best and worst seats and the first player stray from it, and whether games start ending differently.</p>"
        + _img(images, "player-counts", "rates by player count")
    )


def _cards(summaries: Sequence[Summary], images: Mapping[str, Path], min_sample: int) -> str:
    out = [
        "<h2>Cards</h2><p>For each card: how often the seat that <b>held</b> it (had it in hand) or <b>played</b> it "
        "won, against how often that seat wins anyway in games where it held (or played) about as many different "
        "cards (<i>expected</i>): so a card only one side can get is not credited with that side's strength, and a "
        "card is not credited with the win of a seat that simply saw many cards (winners tend to). Cards seen in "
        f"fewer than {min_sample} seat-games are not rated. "
        "Highlighted rows <b>stand out</b>: their interval leaves out the expected rate. With many cards, about one "
        "in twenty stands out by chance alone; a card that matters keeps standing out in a second run with another "
        "seed. A card held by a winner is still no proof that it made the win.</p>"
    ]
    for k, s in enumerate(summaries):
        name = "cards" if len(summaries) == 1 else f"cards-{k + 1}"
        if len(summaries) > 1:
            out.append(f"<h3>{escape(s.config.label)}</h3>")
        out.append(_img(images, name, f"cards of {s.config.label}"))
        for kind, cards in (("held", s.held), ("played", s.played)):
            out.append(_card_table(kind, cards))
    return "".join(out)


def _card_table(kind: str, cards: Cards) -> str:
    if not cards.rated:
        note = f" ({len(cards.too_few)} seen too rarely to rate)" if cards.too_few else ""
        return f"<p class=muted>No card was {kind} often enough to be rated{note}.</p>"
    rows = []
    for c in cards.rated:
        style = "" if not c.stands_out else ' class="out-hi"' if c.lift > 0 else ' class="out-lo"'
        rows.append(
            f"<tr{style}><td class=l>{escape(c.card)}</td><td>{c.seen.total}</td><td>{_rate(c.seen)}</td>"
            f"<td>{_pct(c.expected)}</td><td>{c.lift * 100:+.1f}</td></tr>"
        )
    head = "<tr><th class=l>card</th><th>seat-games</th><th>win rate</th><th>expected</th><th>difference (points)</th></tr>"
    rare = f"<p class=muted>Too rarely {kind} to rate: {escape(', '.join(cards.too_few))}.</p>" if cards.too_few else ""
    return f"<details><summary>Every card {kind} ({len(cards.rated)} rated)</summary><table>{head}{''.join(rows)}</table></details>{rare}"


def _limits() -> str:
    return (
        "<h2>What this report cannot tell</h2><ul>"
        "<li>Whether people would find the game fair: bots play differently, and weak bots hide strategy.</li>"
        "<li>Why a seat wins: the figures show that it does, not which rule makes it so. Compare a variant "
        "(a plugin) side by side to test a fix.</li>"
        "<li>Whether a card causes wins: cards are seen more in long games and by the seats that draw more.</li>"
        "<li>Anything beyond its sample: intervals shrink only as the square root of the number of games "
        "(four times the games for half the width).</li></ul>"
    )
