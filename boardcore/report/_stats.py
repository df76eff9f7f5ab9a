"""The figures of a balance report, computed from per-match records alone.

Rates count *sole* wins, as ``simulate`` does: a game whose win is shared, or that
nobody wins, counts for no seat. Every rate comes with a 95% Wilson score interval,
which stays inside 0..1 and behaves for rates near 0 or 1 and for small samples,
where the textbook ``p ± 1.96·sqrt(p(1-p)/n)`` does not.

A card's figure is the win rate of the seats that held (or played) it, over every
seat-and-match where that happened, set against the rate *expected* from those
seats alone: for each, how often that seat wins in the games where it held (or
played) about as many different cards. In a game whose seats are not alike, a card
only one side can draw would otherwise look as strong as that side; and a seat
that wins tends to see more cards, so against its plain rate nearly every card
would look like a winner's card. A card *stands out* when its interval leaves out
the expected rate; cards seen fewer than ``min_sample`` times are counted but not
rated.
"""

from __future__ import annotations

import bisect
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from .._support.records import MatchRecord

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Clamped: rounding may put an end a hair outside 0..1 (or past p) at k = 0 or k = n.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@attrs.frozen
class Rate:
    """``count`` out of ``total``, with its 95% Wilson interval."""

    count: int
    total: int
    low: float
    high: float

    @classmethod
    def of(cls, count: int, total: int) -> Rate:
        return cls(count, total, *wilson(count, total))

    @property
    def rate(self) -> float:
        return self.count / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "total": self.total, "rate": self.rate, "low": self.low, "high": self.high}


@attrs.frozen
class Config:
    """What a group of matches was played with: records with equal configs are pooled."""

    plugins: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, record: MatchRecord) -> Config:
        return cls(record.plugins, record.players, record.bots, tuple(sorted(record.options.items())))

    @property
    def label(self) -> str:
        """A short name: the plugins (or "base game"), the player count, options if any."""
        parts = ["+".join(self.plugins) if self.plugins else "base game", f"{self.players} players"]
        parts += [f"{k}={v}" for k, v in self.options]
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"plugins": list(self.plugins), "players": self.players, "bots": list(self.bots), "options": dict(self.options), "label": self.label}


@attrs.frozen
class Lengths:
    """How long games lasted, in turns or in decisions."""

    values: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        v = sorted(self.values)
        return {
            "mean": statistics.fmean(v),
            "median": statistics.median(v),
            "p10": _quantile(v, 0.1),
            "p90": _quantile(v, 0.9),
            "min": v[0],
            "max": v[-1],
        }


def _quantile(ordered: Sequence[int], q: float) -> float:
    """The ``q`` quantile of sorted values, by linear interpolation between ranks."""
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


@attrs.frozen
class CardStat:
    """How the seats that held or played one card did."""

    card: str
    """The card as players read it (``Card.text``): copies that read alike are pooled."""
    seen: Rate
    """Sole wins out of the seat-and-match pairs where the card was held or played."""
    expected: float
    """The rate those same seats had over all their games."""

    @property
    def lift(self) -> float:
        return self.seen.rate - self.expected

    @property
    def stands_out(self) -> bool:
        return not self.seen.low <= self.expected <= self.seen.high

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, **self.seen.to_dict(), "expected": self.expected, "lift": self.lift, "stands_out": self.stands_out}


@attrs.frozen
class Cards:
    """Per-card figures for held or played cards, rated ones sorted by lift, highest first."""

    rated: tuple[CardStat, ...]
    too_few: tuple[str, ...]
    """Cards seen, but fewer than the minimum sample times."""

    def to_dict(self) -> dict[str, Any]:
        return {"rated": [c.to_dict() for c in self.rated], "too_few": list(self.too_few)}


@attrs.frozen
class Summary:
    """Everything a report says about one configuration."""

    config: Config
    games: int
    seats: tuple[Rate, ...]
    """Each seat's sole wins out of all games."""
    shared: Rate
    """Games won by several seats together."""
    nobody: Rate
    """Games nobody won."""
    first: Rate | None
    """The first player's sole wins, or None when no seat begins (every seat acts each turn)."""
    turns: Lengths
    decisions: Lengths
    reasons: tuple[tuple[str, Rate], ...]
    """How games ended, most common first."""
    held: Cards
    played: Cards
    run_seeds: tuple[int, ...]
    first_seats: tuple[int, ...] = ()
    """The seats that took the first turn in some game."""
    sides: tuple[str | None, ...] = ()
    """The side each seat plays in this configuration, as the game names it (empty
    when the game names none, or when a seat's side changes from match to match)."""

    def seat_name(self, seat: int) -> str:
        """``"seat 0 (North)"``, or ``"seat 0"`` where the game names no side."""
        side = self.sides[seat] if seat < len(self.sides) else None
        return f"seat {seat}" if side is None else f"seat {seat} ({side})"

    @property
    def fair(self) -> float:
        """Each seat's share if the game were fair and nobody shared a win."""
        return (1 - self.shared.rate - self.nobody.rate) / self.config.players

    @property
    def first_advantage(self) -> float | None:
        """The first player's sole-win rate minus the fair share."""
        return None if self.first is None else self.first.rate - self.fair

    def to_dict(self) -> dict[str, Any]:
        return {
            "config": self.config.to_dict(),
            "games": self.games,
            "run_seeds": list(self.run_seeds),
            "seats": [s.to_dict() for s in self.seats],
            "fair_share": self.fair,
            "shared": self.shared.to_dict(),
            "nobody": self.nobody.to_dict(),
            "first_player": None if self.first is None else self.first.to_dict(),
            "first_player_advantage": self.first_advantage,
            "first_seats": list(self.first_seats),
            "sides": list(self.sides) or None,
            "turns": self.turns.to_dict(),
            "decisions": self.decisions.to_dict(),
            "reasons": [{"reason": reason, **rate.to_dict()} for reason, rate in self.reasons],
            "cards_held": self.held.to_dict(),
            "cards_played": self.played.to_dict(),
        }


def group(records: Iterable[MatchRecord]) -> dict[Config, list[MatchRecord]]:
    """Records by configuration, in the order each configuration first appears."""
    groups: dict[Config, list[MatchRecord]] = {}
    for record in records:
        groups.setdefault(Config.of(record), []).append(record)
    return groups


def summarise(config: Config, records: Sequence[MatchRecord], label: Callable[[str], str], min_sample: int) -> Summary:
    """The figures of one configuration's records; ``label`` names a card id as players read it."""
    n = len(records)
    players = config.players
    sole = [r.winners[0] if len(r.winners) == 1 else None for r in records]
    seats = tuple(Rate.of(sum(1 for w in sole if w == seat), n) for seat in range(players))
    with_first = [(r.first, w) for r, w in zip(records, sole) if r.first is not None]
    first = Rate.of(sum(1 for f, w in with_first if f == w), len(with_first)) if with_first else None
    reasons = Counter(r.reason for r in records)
    seat_rates = [s.rate for s in seats]
    return Summary(
        config=config,
        games=n,
        seats=seats,
        shared=Rate.of(sum(1 for r in records if len(r.winners) > 1), n),
        nobody=Rate.of(sum(1 for r in records if not r.winners), n),
        first=first,
        turns=Lengths(tuple(r.turns for r in records)),
        decisions=Lengths(tuple(r.decisions for r in records)),
        reasons=tuple((k, Rate.of(v, n)) for k, v in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        held=card_stats(records, sole, "held", seat_rates, label, min_sample),
        played=card_stats(records, sole, "played", seat_rates, label, min_sample),
        run_seeds=tuple(sorted({r.run_seed for r in records})),
        first_seats=tuple(sorted({r.first for r in records if r.first is not None})),
    )


def card_stats(
    records: Sequence[MatchRecord],
    sole: Sequence[int | None],
    field: str,
    seat_rates: Sequence[float],
    label: Callable[[str], str],
    min_sample: int,
) -> Cards:
    """Per-card figures over ``field`` ("held" or "played") of the records (see the module docstring)."""
    seen: dict[str, int] = {}
    wins: dict[str, int] = {}
    expected: dict[str, float] = {}
    # a seat that held two copies of a card counts once for it in that match
    named = [[{label(c) for c in cards} for cards in getattr(record, field)] for record in records]
    baseline = _baseline(named, sole, seat_rates)
    for hands, winner in zip(named, sole):
        for seat, cards in enumerate(hands):
            rate = baseline(seat, len(cards))
            for card in cards:
                seen[card] = seen.get(card, 0) + 1
                wins[card] = wins.get(card, 0) + (winner == seat)
                expected[card] = expected.get(card, 0.0) + rate
    rated = [CardStat(c, Rate.of(wins[c], seen[c]), expected[c] / seen[c]) for c in seen if seen[c] >= min_sample]
    rated.sort(key=lambda s: (-s.lift, s.card))
    return Cards(tuple(rated), tuple(sorted(c for c in seen if seen[c] < min_sample)))


_BINS = 5


def _baseline(
    named: Sequence[Sequence[set[str]]], sole: Sequence[int | None], seat_rates: Sequence[float]
) -> Callable[[int, int], float]:
    """``rate(seat, cards)``: how often ``seat`` wins in the games where it held (or
    played) about as many different cards, from the fifth of its games by that count
    that ``cards`` falls in. A seat that wins tends to see more cards (it lasts, it
    draws more), so against its plain rate nearly every card would look like a
    winner's card; against this, a card stands out only beyond what its holder's
    haul of cards explains. Falls back to the seat's plain rate when the counts do
    not vary."""
    tables: list[tuple[list[int], list[float]]] = []
    for seat in range(len(seat_rates)):
        games = sorted((len(hands[seat]), winner == seat) for hands, winner in zip(named, sole) if seat < len(hands))
        counts = [count for count, _ in games]
        if not games or counts[0] == counts[-1]:
            tables.append(([], [seat_rates[seat]]))
            continue
        # upper edges of the fifths (a count on an edge belongs to the lower fifth)
        edges = sorted({counts[min(len(counts) - 1, (len(counts) * k) // _BINS)] for k in range(1, _BINS)})
        won: list[int] = [0] * (len(edges) + 1)
        played: list[int] = [0] * (len(edges) + 1)
        for count, win in games:
            at = bisect.bisect_left(edges, count)
            won[at] += win
            played[at] += 1
        tables.append((edges, [w / n if n else seat_rates[seat] for w, n in zip(won, played)]))

    def rate(seat: int, cards: int) -> float:
        edges, rates = tables[seat]
        return rates[bisect.bisect_left(edges, cards)]

    return rate


def all_reasons(summaries: Iterable[Summary]) -> list[str]:
    """Every reason the games of ``summaries`` ended for, in the order first seen."""
    return list(dict.fromkeys(reason for s in summaries for reason, _ in s.reasons))


def summarise_all(records: Iterable[MatchRecord], labels: Mapping[Config, Callable[[str], str]], min_sample: int) -> list[Summary]:
    """One summary per configuration, in the order the configurations first appear."""
    return [summarise(config, group_records, labels[config], min_sample) for config, group_records in group(records).items()]


# -- what the figures say --------------------------------------------------------------


def findings(summary: Summary) -> list[str]:
    """The report's plain-language reading of one configuration, most important first."""
    lines = []
    fair = summary.fair
    for seat, rate in enumerate(summary.seats):
        if not rate.low <= fair <= rate.high:
            side = "more" if rate.rate > fair else "less"
            lines.append(
                f"{_capital(summary.seat_name(seat))} wins {_pct(rate.rate)} of games (95% interval {_pct(rate.low)}-{_pct(rate.high)}), "
                f"{side} than the fair share of {_pct(fair)}: more than chance explains."
            )
    if not lines:
        lines.append(f"No seat's win rate differs from the fair share ({_pct(fair)}) by more than chance explains in {summary.games} games.")
    if summary.first is not None and summary.first_advantage is not None:
        first = summary.first
        verdict = "an edge" if first.low > fair else "a handicap" if first.high < fair else "no clear edge"
        lines.append(
            f"The first player wins {_pct(first.rate)} ({_pct(first.low)}-{_pct(first.high)}): {verdict} "
            f"({summary.first_advantage * 100:+.1f} points against the fair share)."
        )
        if len(summary.first_seats) == 1:
            lines.append(
                f"{_capital(summary.seat_name(summary.first_seats[0]))} took the first turn in every game, so the first player's rate is that "
                "seat's rate: these games cannot tell moving first apart from playing that seat."
            )
    reason, share = summary.reasons[0]
    lines.append(f"Most games end by \u201c{reason}\u201d ({_pct(share.rate)}).")
    if summary.shared.count or summary.nobody.count:
        lines.append(f"{_pct(summary.shared.rate)} of games are shared wins and {_pct(summary.nobody.rate)} are won by nobody.")
    for kind, cards in (("held", summary.held), ("played", summary.played)):
        out = [c for c in cards.rated if c.stands_out]
        if cards.rated:
            chance = 0.05 * len(cards.rated)
            lines.append(
                f"{len(out)} of {len(cards.rated)} cards stand out when {kind} (about {chance:.1f} would by chance alone)"
                + (f": {', '.join(c.card for c in out[:5])}{'...' if len(out) > 5 else ''}." if out else ".")
            )
    return lines


def difference(base: Rate, other: Rate) -> tuple[float, float, float]:
    """``other``'s rate minus ``base``'s, with its 95% interval (Newcombe's method,
    from the two Wilson intervals: it behaves for small samples and rates near 0
    or 1, as they do)."""
    d = other.rate - base.rate
    low = d - math.sqrt((other.rate - other.low) ** 2 + (base.high - base.rate) ** 2)
    high = d + math.sqrt((other.high - other.rate) ** 2 + (base.rate - base.low) ** 2)
    return d, low, high


def against_base(base: Summary, variant: Summary) -> list[str]:
    """What a variant changed, against the base game played with the same players and
    bots: each seat's win rate and each ending whose difference is more than chance
    explains (its interval leaves out zero)."""
    lines = []
    name = variant.config.label
    pairs = [(f"{variant.seat_name(seat)} wins", b, v) for seat, (b, v) in enumerate(zip(base.seats, variant.seats))]
    ends_base, ends_variant = dict(base.reasons), dict(variant.reasons)
    for reason in sorted(set(ends_base) | set(ends_variant)):
        b = ends_base.get(reason, Rate.of(0, base.games))
        v = ends_variant.get(reason, Rate.of(0, variant.games))
        pairs.append((f"games end by \u201c{reason}\u201d", b, v))
    for what, b, v in pairs:
        d, low, high = difference(b, v)
        if low > 0 or high < 0:
            lines.append(
                f"With {name}, {what} {_pct(v.rate)} of the time against {_pct(b.rate)} in the base game "
                f"({d * 100:+.1f} points, 95% interval {low * 100:+.1f} to {high * 100:+.1f}): more than chance explains."
            )
    if not lines:
        lines.append(f"With {name}, no seat's win rate and no ending differs from the base game's by more than chance explains.")
    return lines


def base_of(summary: Summary, summaries: Sequence[Summary]) -> Summary | None:
    """The configuration ``summary`` is a variant of: the same players, bots and
    options, with fewer plugins that are all among its own (the report's base)."""
    config = summary.config
    found = [
        s
        for s in summaries
        if (s.config.players, s.config.bots, s.config.options) == (config.players, config.bots, config.options)
        and len(s.config.plugins) < len(config.plugins)
        and set(s.config.plugins) <= set(config.plugins)
    ]
    return min(found, key=lambda s: len(s.config.plugins)) if found else None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"
