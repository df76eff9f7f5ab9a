"""Where a random playout's time goes, by the kind of decision answered; and how far
the engine could get if every pick were free.

Plays random games through the public API (the policy of ``bench_playouts.py``),
times every ``apply`` and ``new_state``, and sorts the answers into kinds by the
step that asked and the option taken (a pick, "done", a pass...). An answer is a
*round trip* when the same player is asked again by the same step, in the same
turn and phase: a pick in a selection made card by card. Every other answer moves
the match on (reveals, scores, the next phase or turn) and is *flow*.

Then, interleaved with the same rounds, the game's hand-written baseline, and:

* the engine/baseline ratio of games/s (as ``bench_playouts.py`` measures it,
  but with the clock read around each answer, which costs the engine a little);
* the ceiling: the ratio if every round trip cost nothing, i.e. the baseline's
  time per game over the engine's flow and ``new_state`` alone;
* the budget: what a round trip may cost on average for the engine to reach
  ``--target`` (0.15 by default), given the flow as it is; negative when the flow
  alone is already too slow for the target.

usage: python benchmarks/bench_decisions.py [--game NAME] [--rounds 5] [--seconds 1.0] [--target 0.15]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import boardcore  # noqa: E402
from bench_playouts import PLAYOUTS, Playout, baseline_run, load_baseline, print_table  # noqa: E402

NEW_STATE = "new_state"


def kind_of(state: boardcore.State, action: boardcore.actions.Action) -> str:
    """The step class that asked, then the option's kind: ``"ExchangeCards pick"``."""
    step = state.match.asks[0][1]
    option = "done" if action is boardcore.actions.DONE else "pass" if action is boardcore.actions.PASS else type(action).__name__.lower()
    return f"{type(step).__name__} {option}"


def where(state: boardcore.State) -> tuple[object, ...]:
    """What tells a round trip from flow: who is asked, by which step, when."""
    m = state.match
    asks = frozenset((decision.player, type(step)) for decision, step in m.asks)
    return asks, m.turn, m.phase


def timed_games(game: boardcore.Game, players: int, seconds: float, seed: int) -> tuple[int, dict[str, list[float]], set[str]]:
    """Random games for at least ``seconds``: (games, seconds by kind, the kinds
    that were round trips at least once)."""
    choose = random.Random(seed).random
    spent: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])  # kind -> [answers, seconds]
    trips: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # kind -> [round trips, answers]
    clock = time.perf_counter
    games = 0
    start = clock()
    while clock() - start < seconds:
        t = clock()
        state = game.new_state(players=players, seed=seed + games)
        entry = spent[NEW_STATE]
        entry[0] += 1
        entry[1] += clock() - t
        while not state.is_over:
            decision = state.pending[0]
            options = decision.options
            action = options[int(choose() * len(options))]
            kind = kind_of(state, action)
            before = where(state)
            t = clock()
            state.apply(decision.player, action)
            took = clock() - t
            entry = spent[kind]
            entry[0] += 1
            entry[1] += took
            trip = trips[kind]
            trip[1] += 1
            trip[0] += not state.is_over and where(state) == before
        games += 1
    # A kind is a round trip when most of its answers are (a pick that fills a
    # selection, the fourth of four, ends it and is flow).
    round_trips = {kind for kind, (yes, total) in trips.items() if yes * 2 > total}
    return games, {k: list(v) for k, v in spent.items()}, round_trips


def measure(playout: Playout, rounds: int, seconds: float, target: float) -> None:
    game = boardcore.load_game(playout.game)
    play = load_baseline(playout)
    ratios, ceilings, budgets, baseline_ms = [], [], [], []
    totals: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    trip_kinds: set[str] = set()
    all_games = 0
    for r in range(rounds):
        games, spent, trips = timed_games(game, playout.players, seconds, seed=1000 * r)
        base = baseline_run(play, seconds, seed=1000 * r)
        all_games += games
        trip_kinds |= trips
        for kind, (n, s) in spent.items():
            totals[kind][0] += n
            totals[kind][1] += s
        engine_game = sum(s for _, s in spent.values()) / games
        flow_game = sum(s for k, (_, s) in spent.items() if k not in trips) / games
        trip_answers = sum(n for k, (n, _) in spent.items() if k in trips) / games
        base_game = base.seconds / base.games
        baseline_ms.append(base_game * 1000)
        ratios.append(base_game / engine_game)
        ceilings.append(base_game / flow_game)
        budgets.append((base_game / target - flow_game) / trip_answers * 1e6 if trip_answers else float("nan"))
    print(f"{playout.game}, {playout.players} players: {all_games} engine games in {rounds} rounds of {seconds:.1f} s")
    grand = sum(s for _, s in totals.values())
    rows = [
        (kind, "round trip" if kind in trip_kinds else "flow", f"{n / all_games:.1f}", f"{s / n * 1e6:.1f}", f"{s / grand:.0%}")
        for kind, (n, s) in sorted(totals.items(), key=lambda item: -item[1][1])
    ]
    print_table(("answer", "kind", "per game", "us each", "share"), rows)
    print(f"baseline: {statistics.median(baseline_ms):.3f} ms a game (median of rounds)")
    print(f"engine/baseline: {statistics.median(ratios):.3f}")
    print(f"ceiling if every round trip were free: {statistics.median(ceilings):.3f}")
    print(f"a round trip may cost at most {statistics.median(budgets):.1f} us on average to reach {target}")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=[p.game for p in PLAYOUTS], help="only this game (may be repeated)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--target", type=float, default=0.15, help="the engine/baseline ratio the budget is worked out for")
    args = parser.parse_args()
    for playout in PLAYOUTS:
        if not args.game or playout.game in args.game:
            measure(playout, args.rounds, args.seconds, args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
