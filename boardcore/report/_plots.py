"""The report's figures, drawn with matplotlib into PNG files (the ``report`` extra).

Figures are made with ``matplotlib.figure.Figure`` and its Agg canvas, never through
``pyplot``: no window, no global state, safe in a server or a notebook that uses
another backend. Every figure says in its title what it shows, and every rate is
drawn with its 95% interval, so a PNG read on its own is not misleading.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import InvalidData
from ._stats import Cards, Summary, all_reasons

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

DPI = 110
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")


def _figure(width: float, height: float) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise InvalidData('the report draws its figures with matplotlib: pip install "boardcore[report]"', where="report") from None
    return Figure(figsize=(width, height), dpi=DPI, layout="constrained")


def _save(figure: Figure, path: Path) -> Path:
    # Metadata without a version or a date, so that the same figures give the same bytes.
    figure.savefig(path, format="png", metadata={"Software": None})
    return path


def win_rates(summaries: Sequence[Summary], path: Path) -> Path:
    """Each seat's sole-win rate per configuration, with intervals and the fair share."""
    figure = _figure(7.5, 4.2)
    axes = figure.add_subplot()
    seats = max(s.config.players for s in summaries)
    width = 0.8 / len(summaries)
    for k, summary in enumerate(summaries):
        xs = [seat + (k - (len(summaries) - 1) / 2) * width for seat in range(summary.config.players)]
        rates = [r.rate * 100 for r in summary.seats]
        errors = [[(r.rate - r.low) * 100 for r in summary.seats], [(r.high - r.rate) * 100 for r in summary.seats]]
        axes.bar(xs, rates, width * 0.92, yerr=errors, capsize=3, color=COLOURS[k % len(COLOURS)], label=summary.config.label)
        axes.hlines(summary.fair * 100, xs[0] - width / 2, xs[-1] + width / 2, colors="black", linestyles="dashed", linewidth=1)
    named = summaries[0] if len({s.sides for s in summaries}) == 1 else None
    axes.set_xticks(range(seats), [named.seat_name(s).replace(" (", "\n(") if named else f"seat {s}" for s in range(seats)])
    axes.set_ylabel("games won alone (%)")
    axes.set_ylim(0, 100)
    axes.set_title("Win rate per seat (bars: 95% interval; dashed: fair share)")
    axes.legend(fontsize="small")
    return _save(figure, path)


def lengths(summaries: Sequence[Summary], path: Path) -> Path:
    """Histograms of game length in turns and in decisions, one outline per configuration."""
    figure = _figure(9, 3.8)
    for axes, attribute, unit in zip(figure.subplots(1, 2), ("turns", "decisions"), ("turns", "decisions (actions)")):
        values = [list(getattr(s, attribute).values) for s in summaries]
        low = min(min(v) for v in values)
        high = max(max(v) for v in values)
        bins = _bins(low, high)
        for k, (summary, data) in enumerate(zip(summaries, values)):
            weights = [100 / len(data)] * len(data)
            axes.hist(data, bins=bins, weights=weights, histtype="step", linewidth=1.6, color=COLOURS[k % len(COLOURS)], label=summary.config.label)
        axes.set_xlabel(unit)
        axes.set_ylabel("% of games")
        axes.set_title(f"Game length in {attribute}")
    figure.axes[0].legend(fontsize="small")
    return _save(figure, path)


def _bins(low: int, high: int) -> list[float]:
    """About 25 bins of whole-number width covering ``low .. high``."""
    step = max(1, -(-(high - low + 1) // 25))
    return [low - 0.5 + i * step for i in range((high - low) // step + 2)]


def endings(summaries: Sequence[Summary], path: Path) -> Path:
    """How games ended: one bar per configuration, split by reason."""
    reasons = all_reasons(summaries)
    figure = _figure(9, 1.4 + 0.55 * len(summaries) + 0.25 * len(reasons))
    axes = figure.add_subplot()
    labels = [s.config.label for s in summaries]
    left = [0.0] * len(summaries)
    for k, reason in enumerate(reasons):
        shares = [dict(s.reasons)[reason].rate * 100 if reason in dict(s.reasons) else 0.0 for s in summaries]
        axes.barh(labels, shares, left=left, color=COLOURS[k % len(COLOURS)], label=_short(reason, 60))
        for y, (x, share) in enumerate(zip(left, shares)):
            if share >= 6:
                axes.text(x + share / 2, y, f"{share:.0f}%", ha="center", va="center", fontsize="small", color="white")
        left = [a + b for a, b in zip(left, shares)]
    axes.set_xlim(0, 100)
    axes.set_xlabel("% of games")
    axes.invert_yaxis()
    axes.set_title("How games end")
    axes.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.25 - 0.1 / max(1, len(summaries))), ncol=2, frameon=False)
    return _save(figure, path)


def cards(summary: Summary, path: Path, shown: int = 12) -> Path | None:
    """The cards whose holders or players did best and worst against what their seats
    would expect, with intervals; None when no card has enough games to be rated."""
    panels = [(kind, c) for kind, c in (("held", summary.held), ("played", summary.played)) if c.rated]
    if not panels:
        return None
    rows = max(min(len(c.rated), shown) for _, c in panels)
    figure = _figure(7.6 * len(panels), 1.3 + 0.3 * rows)
    for axes, (kind, card_stats) in zip(figure.subplots(1, len(panels), squeeze=False)[0], panels):
        _card_panel(axes, kind, card_stats, shown)
    figure.suptitle(f"Cards: win rate of the seat that {'held or played' if len(panels) > 1 else panels[0][0]} them, minus what that seat wins anyway")
    return _save(figure, path)


def _card_panel(axes: Axes, kind: str, card_stats: Cards, shown: int) -> None:
    rated = list(card_stats.rated)
    # the extremes at both ends: the best half on top, the worst half at the bottom
    picked = rated if len(rated) <= shown else rated[: shown // 2] + rated[-(shown - shown // 2) :]
    for y, stat in enumerate(picked):
        colour = COLOURS[3] if stat.stands_out and stat.lift < 0 else COLOURS[2] if stat.stands_out else "grey"
        low, high = (stat.seen.low - stat.expected) * 100, (stat.seen.high - stat.expected) * 100
        axes.plot([low, high], [y, y], color=colour, linewidth=2)
        axes.plot([stat.lift * 100], [y], "o", color=colour)
    axes.axvline(0, color="black", linewidth=1)
    axes.set_yticks(range(len(picked)), [f"{_short(s.card, 46)} (n={s.seen.total})" for s in picked], fontsize="small")
    axes.invert_yaxis()
    axes.set_xlabel("win rate minus the seat's usual rate (points)")
    axes.set_title(f"when {kind} ({len(rated)} rated, {len(card_stats.too_few)} too rare)", fontsize="medium")


def player_counts(summaries: Sequence[Summary], path: Path) -> Path:
    """For a game played by different numbers of players: the first player's and the
    seats' spread of win rates, shared or unwon games, and the commonest endings."""
    ordered = sorted(summaries, key=lambda s: s.config.players)
    counts = [s.config.players for s in ordered]
    figure = _figure(9, 3.8)
    left, right = figure.subplots(1, 2)
    left.plot(counts, [100 * s.fair for s in ordered], "k--", label="fair share")
    left.plot(counts, [100 * max(r.rate for r in s.seats) for s in ordered], "^-", color=COLOURS[2], label="best seat")
    left.plot(counts, [100 * min(r.rate for r in s.seats) for s in ordered], "v-", color=COLOURS[3], label="worst seat")
    firsts = [(n, s.first) for n, s in zip(counts, ordered) if s.first is not None]
    if firsts:
        left.errorbar(
            [n for n, _ in firsts],
            [100 * f.rate for _, f in firsts],
            yerr=[[100 * (f.rate - f.low) for _, f in firsts], [100 * (f.high - f.rate) for _, f in firsts]],
            fmt="o-",
            capsize=3,
            color=COLOURS[0],
            label="first player (95% interval)",
        )
    left.set_xlabel("players")
    left.set_ylabel("games won alone (%)")
    left.set_title("Win rates by player count")
    left.legend(fontsize="small")
    reasons: dict[str, float] = {}
    for s in ordered:
        for reason, rate in s.reasons:
            reasons[reason] = reasons.get(reason, 0.0) + rate.rate
    for k, reason in enumerate(sorted(reasons, key=lambda r: -reasons[r])[:5]):
        shares = [100 * dict(s.reasons)[reason].rate if reason in dict(s.reasons) else 0.0 for s in ordered]
        right.plot(counts, shares, "o-", color=COLOURS[k], label=_short(reason, 40))
    right.set_xlabel("players")
    right.set_ylabel("% of games")
    right.set_ylim(0, 100)
    right.set_title("How games end, by player count")
    right.legend(fontsize="small")
    for axes in (left, right):
        axes.set_xticks(counts)
    return _save(figure, path)


def _short(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def draw_all(summaries: Sequence[Summary], folder: Path) -> dict[str, Any]:
    """Every figure of a report into ``folder``: name -> path (a card figure per configuration)."""
    paths: dict[str, Any] = {
        "win-rates": win_rates(summaries, folder / "win-rates.png"),
        "lengths": lengths(summaries, folder / "lengths.png"),
        "endings": endings(summaries, folder / "endings.png"),
    }
    # the player-count figure follows the first configuration's plugins and bots across counts
    base = [s for s in summaries if (s.config.plugins, s.config.options) == (summaries[0].config.plugins, summaries[0].config.options)]
    if len({s.config.players for s in base}) > 1:
        paths["player-counts"] = player_counts(base, folder / "player-counts.png")
    for k, summary in enumerate(summaries):
        name = "cards" if len(summaries) == 1 else f"cards-{k + 1}"
        drawn = cards(summary, folder / f"{name}.png")
        if drawn is not None:
            paths[name] = drawn
    return paths
