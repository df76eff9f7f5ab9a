"""OpenSpiel's IS-MCTS on boardcore's games: the page's example, and a match against boardcore's own search.

``example`` runs the Python code of ``docs/learning/openspiel.md`` as it stands
(OpenSpiel's ``ISMCTSBot`` against random play in Gallic Wars, both seats), so
the figure on the page is the one its code prints.

``compare`` seats boardcore's ``ismcts`` against OpenSpiel's ``ISMCTSBot`` (UCT
constant 2, one random rollout to the end per simulation, boardcore's resampler)
with the same time per decision: each search stops once ``--seconds`` have passed
(after at least one iteration). Each deal is played twice, once in each seat
order, and a decision with a single option is not searched. OpenSpiel's bot runs
its own simulation, node and final-policy methods; only its loop is ours, to stop
on time instead of after a number of simulations. Both bots see the match
through the OpenSpiel game: boardcore's gets the engine's state and decision, and
its option is applied id by id.

usage: python benchmarks/openspiel_vs_ismcts.py example
       python benchmarks/openspiel_vs_ismcts.py compare [--game gallic-wars] [--players 2]
              [--games 20] [--seconds 0.25] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

import boardcore.openspiel
from boardcore.ismcts import ISMCTSBot

PAGE = Path(__file__).resolve().parent.parent / "docs" / "learning" / "openspiel.md"
Z95 = 1.959963984540054


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    half = Z95 / (1 + Z95**2 / games) * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2))
    return centre - half, centre + half


class Seat:
    """A player in an OpenSpiel match of a boardcore game: :meth:`act` gives one id.
    Counts the decisions it searched (more than one legal id), their time and the
    iterations run."""

    name = "seat"

    def __init__(self) -> None:
        self.searched = 0
        self.seconds = 0.0
        self.iterations = 0

    def act(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        start = time.perf_counter()
        token = self.search(state)
        self.seconds += time.perf_counter() - start
        self.searched += 1
        return token

    def search(self, state: Any) -> int:
        raise NotImplementedError


class OpenSpielSearch(Seat):
    """OpenSpiel's ``ISMCTSBot``, searching for ``seconds`` per decision."""

    name = "OpenSpiel ISMCTSBot"

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        super().__init__()
        self.limit = seconds
        self.bot = os_ismcts.ISMCTSBot(
            game=game,
            uct_c=2.0,
            max_simulations=1,  # unused: search() loops on time
            evaluator=os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
            random_state=np.random.RandomState(seed + 1),
        )
        self.bot.set_resampler(boardcore.openspiel.resampler(seed + 2))

    def search(self, state: Any) -> int:
        # ISMCTSBot.run_search, with a deadline in place of max_simulations.
        bot = self.bot
        bot.reset()
        root = bot.create_new_node(state)
        deadline = time.perf_counter() + self.limit
        while True:
            bot.run_simulation(bot.sample_root_state(state))
            self.iterations += 1
            # The first simulation only evaluates the root; the policy needs a second.
            if root.total_visits > 0 and time.perf_counter() >= deadline:
                break
        actions, chances = zip(*bot.get_final_policy(state, root))
        return int(bot._random_state.choice(actions, p=chances))


class BoardcoreSearch(Seat):
    """boardcore's ``ismcts``, searching for ``seconds`` per decision; its option
    is then given one id at a time."""

    name = "boardcore ismcts"

    def __init__(self, seconds: float, seed: int) -> None:
        super().__init__()
        self.bot = ISMCTSBot(seed=seed, iterations=10**9, seconds=seconds)
        self.sequence: tuple[int, ...] | None = None

    def act(self, state: Any) -> int:
        choice = state.cursor.choice
        if self.sequence is None:
            engine = state.cursor.state
            decision = next(d for d in engine.pending if d.player == choice.player)
            if len(decision.options) == 1:
                option = decision.options[0]
            else:
                start, before = time.perf_counter(), self.bot.iterations_run
                option = self.bot.choose(engine, decision)
                self.seconds += time.perf_counter() - start
                self.iterations += self.bot.iterations_run - before
                self.searched += 1
            self.sequence = sequence_of(choice, option)
        token = self.sequence[len(choice.prefix)]
        if len(choice.actions_for(token)) == 1:
            self.sequence = None  # this id completes the option
        return token


def sequence_of(choice: Any, option: Any) -> tuple[int, ...]:
    """The ids of ``option`` in ``choice`` (a :class:`boardcore.spaces.Choice`)."""
    for index in choice.candidates:
        if choice.options[index] is option or choice.options[index] == option:
            return tuple(choice.sequences[index])
    raise ValueError(f"{option!r} is not an option of {choice!r}")


class RandomSeat(Seat):
    """A uniformly random legal id."""

    name = "random"

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = np.random.default_rng(seed)

    def search(self, state: Any) -> int:
        return int(self.rng.choice(state.legal_actions()))


def play(game: Any, seats: Sequence[Seat], deal: int) -> list[float]:
    """One match from deal ``deal``; returns the returns by seat."""
    state = game.new_initial_state()
    state.apply_action(deal)
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].act(state))
    return list(state.returns())


def compare(name: str, players: int, games: int, seconds: float, seed: int, out: Any = sys.stdout) -> dict[str, Any]:
    """boardcore's search alone against OpenSpiel's in every seat, ``games`` deals
    per seat; prints and returns the tally."""
    if not seconds > 0:
        raise ValueError(f"a time per decision is more than 0 seconds, not {seconds!r}")
    game = boardcore.openspiel.load(name, players)
    ours: list[Seat] = []
    theirs: list[Seat] = []
    wins = draws = played = 0
    start = time.perf_counter()
    for deal in range(games):
        for seat in range(players):
            label = (seed * games + deal) * players + seat
            lineup: list[Seat] = [OpenSpielSearch(game, seconds, 10 * label + p) for p in range(players)]
            lineup[seat] = BoardcoreSearch(seconds, label)
            returns = play(game, lineup, (seed * games + deal) % game.max_chance_outcomes())
            played += 1
            wins += returns[seat] > 0 and returns.count(max(returns)) == 1
            draws += all(r == 0 for r in returns)
            ours.append(lineup[seat])
            theirs.extend(s for p, s in enumerate(lineup) if p != seat)
    low, high = wilson(wins, played)
    result = {
        "game": name,
        "players": players,
        "seconds": seconds,
        "games": played,
        "wins": wins,
        "draws": draws,
        "low": low,
        "high": high,
        "elapsed": time.perf_counter() - start,
        "ours": _speed(ours),
        "theirs": _speed(theirs),
    }
    print(
        f"{name}, {players} players, {seconds} s per decision: boardcore ismcts won {wins} of {played} games "
        f"against OpenSpiel's ISMCTSBot ({wins / played:.1%}, 95% interval {low:.1%} to {high:.1%}; "
        f"{draws} drawn) in {result['elapsed']:.0f} s",
        file=out,
    )
    for who, (decisions, per, iterations) in (("boardcore ismcts", result["ours"]), ("OpenSpiel ISMCTSBot", result["theirs"])):
        print(
            f"  {who}: {decisions} decisions searched, {per:.3f} s and {iterations:.0f} iterations per decision",
            file=out,
        )
    return result


def _speed(seats: Sequence[Seat]) -> tuple[int, float, float]:
    decisions = sum(s.searched for s in seats)
    if not decisions:
        return 0, 0.0, 0.0
    return decisions, sum(s.seconds for s in seats) / decisions, sum(s.iterations for s in seats) / decisions


def run_example(**sizes: int) -> None:
    """Run every Python block of the OpenSpiel page in one namespace, with each
    ``NAME = number`` line named in ``sizes`` set to the size given."""
    code = "\n".join(re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S))
    for name, value in sizes.items():
        code, found = re.subn(rf"^{name} = \d+", f"{name} = {value}", code, flags=re.M)
        if found != 1:
            raise ValueError(f"the page sets {name} {found} times")
    exec(compile(code, str(PAGE), "exec"), {"__name__": "docs"})


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("example", help="run the page's example as it stands")
    both = sub.add_parser("compare", help="boardcore's ismcts against OpenSpiel's ISMCTSBot at equal time")
    both.add_argument("--game", default="gallic-wars")
    both.add_argument("--players", type=int, default=2)
    both.add_argument("--games", type=int, default=20, help="deals, each played once per seat")
    both.add_argument("--seconds", type=float, default=0.25, help="search time per decision")
    both.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "example":
        run_example()
    else:
        compare(args.game, args.players, args.games, args.seconds, args.seed)


if __name__ == "__main__":
    main()
