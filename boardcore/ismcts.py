"""Information-set Monte Carlo tree search: a search bot that works for every game.

This is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). One tree is
grown per decision, seen from the bot's seat. Each iteration:

1. samples the hidden information: a copy of the match in which everything the bot
   cannot see (other hands, deck order, other players' secret picks in progress, the
   match's future dice) is dealt again at random, consistently with what it sees;
2. walks down the tree on that copy, choosing by UCB among the options that exist
   in this sample, and counting every such option as available (options differ
   from one sample to the next, so an edge's UCB uses its availability count, not
   its parent's visits);
3. adds one node, then plays on at random (or by a rollout bot) to the end, or
   for at most ``horizon`` actions when the game can score a match in progress;
4. scores the end for every seat (sole win 1, a win shared by ``k`` seats ``1/k``,
   else 0) and adds each edge's score for the seat that chose it.

The tree's edges are the actions as the bot observes them. An opponent's secret
choice is not observable, so such a decision has a single merged child: the
opponent picks by the rollout policy and the search does not branch on it. This
also stops the tree from letting an opponent answer the bot's own secret pick.
Reaction windows are ordinary decisions and need nothing special.

A playout cut short by the horizon is scored by the rollout bot's ``evaluate``
method if it has one (the hook through which a plugin offers a heuristic: see
"Writing a bot"), else by the game's ``search.scores`` (each seat's standing, the
game's own heuristic), else by its ``at_limit`` judgement (who would win if the
match stopped now). A game with none of them has nothing to score a match in
progress by, so its playouts run to the end: cutting them short would only add
even shares that teach the search nothing. A game that sets ``search.settle`` has
a cut playout play on to the end of its turn before it is judged.

The bot draws every random number from its own generator, seeded from its seed
and the number of decisions it has been asked, so the same seed and the same
information give the same choice, whatever is hidden.

With ``reuse`` (by default where the game declares ``search.reuse``), a search
starts from what the bot's previous search found below the option it chose, when
nothing but that choice has happened since: a choice asked as a sequence of small
decisions (card by card, a card and then its target) is then searched as one
tree rather than from scratch at every step.
Whether that is so is told from what every seat sees: the same state object,
one more action in the match, and that action the bot's own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from . import seeded as rng
from . import BoardcoreError, InvalidData, PluginError
from .loaders import flag_setting, fraction_setting, number_setting, whole_setting

if TYPE_CHECKING:
    from . import Decision, Match, Result, State
    from .actions import Action

DEFAULT_ITERATIONS = 200
DEFAULT_HORIZON = 10
DEFAULT_EXPLORATION = 0.7
DEFAULT_MARGIN = 0.5

NO_HORIZON = 1_000_000
"""The playout length in a game that cannot score a match in progress: to the end."""

SETTLE_LIMIT = 500
"""The most actions a playout runs past its horizon to reach the end of a turn."""

_SECRET = "<secret>"
"""The key of the one child of an opponent's secret decision (its pick is not observed)."""


class _Node:
    """One edge of the tree and the node it leads to.

    ``reward`` is summed for the seat whose choice the edge is; ``avail`` counts the
    iterations in which the edge could have been chosen.
    """

    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class _Kept(NamedTuple):
    """What ``reuse`` keeps between two searches (see :meth:`ISMCTSBot._take_kept`)."""

    state: State
    actions: int
    seat: int
    action: Action
    node: _Node


class ISMCTSBot:
    """Information-set Monte Carlo tree search: samples what it cannot see and grows a tree over its view.

    Settings (``--bots ismcts:iterations=400,c=0.7``): ``iterations`` per decision
    (default: the game's ``search.iterations``, else 200); ``horizon``, the most
    actions a playout runs before the game scores it, in games that can score a
    match in progress (default: the game's
    ``search.horizon``, else 10); ``c``,
    the UCB exploration constant (default 0.7); ``rollout``, the bot that plays the playouts (``random``, the default, or a
    bot; ``boardcore.bots.make_bot`` also takes any installed bot's name); its
    ``evaluate(state)`` method, if it has one, scores the playouts the horizon
    cuts short; ``seconds``, a time budget per decision that stops the
    search early (default 0: none; results then depend on the machine's speed);
    ``margin``, from 0 to 1, how much of the score of a playout cut short comes
    from the seats' shares of the judgement's scores rather than from who is
    ahead (default 0.5; see :func:`judged`); ``settle``, whether a playout the
    horizon cuts short plays on to the end of the turn in progress before it is
    judged (default: the game's ``search.settle``, else false), so that a fight
    or a chain of picks is judged once it has told who gained; ``reuse``,
    whether a search starts from the previous one's subtree when its decision
    directly follows the bot's last choice (default: the game's
    ``search.reuse``, else false).
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        horizon: int | None = None,
        c: float = DEFAULT_EXPLORATION,
        rollout: Any = "random",
        seconds: float = 0.0,
        margin: float = DEFAULT_MARGIN,
        settle: bool | None = None,
        reuse: bool | None = None,
    ) -> None:
        self.seed = seed
        self.iterations = None if iterations is None else whole_setting(iterations, "iterations", least=1)
        """None: the game's ``search.iterations``, else ``DEFAULT_ITERATIONS``."""
        self.horizon = None if horizon is None else whole_setting(horizon, "horizon", least=1)
        """None: the game's ``search.horizon``, else ``DEFAULT_HORIZON``."""
        self.c = number_setting(c, "c")
        self.seconds = number_setting(seconds, "seconds")
        self.margin = fraction_setting(margin, "margin")
        self.settle = None if settle is None else flag_setting(settle, "settle")
        """None: the game's ``search.settle``."""
        self.reuse = None if reuse is None else flag_setting(reuse, "reuse")
        """None: the game's ``search.reuse``."""
        if rollout == "random":
            self._rollout_bot = None
        elif callable(getattr(rollout, "choose", None)):
            self._rollout_bot = rollout
        else:
            raise InvalidData(f"expected 'random' or a bot, not {rollout!r:.60}", where="rollout")
        self.rollout = rollout
        self._rng = rng.seed_state(seed)
        self.decisions = 0
        """Decisions asked so far; with the seed, it seeds each search."""
        self.searched = 0
        """Decisions that needed a search (more than one option)."""
        self.iterations_run = 0
        """Iterations run over all searches, for reporting speed."""
        self.reused = 0
        """Searches that started from the previous search's subtree (``reuse``)."""
        self._kept: _Kept | None = None

    # -- choosing ---------------------------------------------------------------------

    def choose(self, state: State, decision: Decision) -> Action:
        self.decisions += 1
        options = decision.options
        me = decision.player
        reuse = state.game.spec.search.reuse if self.reuse is None else self.reuse
        kept = self._take_kept(state, me) if reuse else None
        if len(options) == 1:
            self._keep(state, me, options[0], kept)
            return options[0]
        self.searched += 1
        # Everything random in this search comes from the seed and the decision
        # count, never from the match: the match's generator is part of what the
        # bot cannot see.
        base = rng.derive(self.seed, self.decisions)
        self._rng = rng.seed_state(base)
        if kept is None:
            root = _Node()
        else:
            root = kept
            self.reused += 1
        evaluate = playout_judge(state, self._rollout_bot, self.margin)
        horizon = playout_horizon(state, self.horizon, evaluate)
        settle = playout_settles(state, self.settle, horizon)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        for i in range(search_iterations(state, self.iterations)):
            if i and time.perf_counter() > deadline:
                break
            self._iterate(sample(state, me, rng.derive(base, i)), me, root, evaluate, horizon, settle)
            self.iterations_run += 1
        choice = _most_visited(root, me, options)
        self._keep(state, me, choice, root if reuse else None)
        return choice

    def _keep(self, state: State, me: int, action: Action, node: _Node | None) -> None:
        """Remember the subtree of ``node`` below ``action`` for the next decision (none: forget)."""
        child = None if node is None else node.children.get((me, action))
        self._kept = None if child is None else _Kept(state, state.history_length, me, action, child)

    def _take_kept(self, state: State, me: int) -> _Node | None:
        """The subtree kept by the previous search, if this decision follows it with
        nothing else in between; forgotten either way.

        Read only from what every seat sees: the state object, how many actions the
        match has had (each one is announced, secret or not) and the bot's own last
        action."""
        kept, self._kept = self._kept, None
        if kept is None or state is not kept.state or me != kept.seat:
            return None
        if state.history_length != kept.actions + 1:
            return None
        if state.last_action != (me, kept.action):
            return None
        return kept.node

    def _below(self, n: int) -> int:
        value, self._rng = rng.below(self._rng, n)
        return value

    def _iterate(
        self, state: State, me: int, root: _Node, evaluate: Evaluate | None, horizon: int, settle: bool
    ) -> None:
        """One iteration on ``state``, a sample of the hidden information."""
        path: list[tuple[_Node, int]] = []
        node: _Node | None = root
        # The root is the bot's own decision, whatever else is pending at the same time.
        current = next((d for d in state.pending if d.player == me), None)
        if current is None:
            return  # a sample that does not ask the bot (no game should give one): nothing learnt
        # The root is answered with apply: it need not be the first decision pending.
        action, node = self._descend(state, root, current, me)
        path.append((node, current.player))
        if node.visits == 0:
            node = None  # just added: play the rest out
        state.apply(current.player, action)

        def answer(state: State, decision: Decision) -> int | Action:
            # Down the tree while it has the position, then the rollout policy: the rest
            # of the horizon (a horizon is at least 1) is one playout on the trusted path.
            nonlocal node
            if node is None:
                return self._rollout_answer(state, decision)
            action, node = self._descend(state, node, decision, me)
            path.append((node, decision.player))
            if node.visits == 0:
                node = None
            return action

        if horizon > 1 and not state.is_over:
            state.playout(answer, limit=horizon - 1)
        if settle:
            settle_turn(state, self._rollout_answer)
        rewards = playout_rewards(state, evaluate)
        for edge, mover in path:
            edge.visits += 1
            edge.reward += rewards[mover]

    def _descend(self, state: State, node: _Node, decision: Decision, me: int) -> tuple[Action, _Node]:
        """The action taken at ``node`` and the edge it follows (a new edge when one is added)."""
        player = decision.player
        if decision.secret and player != me:
            # Not observed by the bot: one merged child, and the pick is left to the rollout policy.
            child = node.children.get((player, _SECRET))
            if child is None:
                child = node.children[(player, _SECRET)] = _Node()
            return self._rollout_action(state, decision), child
        children = node.children
        untried: list[int] = []
        best, best_value = -1, -math.inf
        log = math.log
        for index, option in enumerate(decision.options):
            child = children.get((player, option))
            if child is None:
                untried.append(index)
                continue
            child.avail += 1
            if untried:
                continue  # an untried option is taken first; keep counting availability
            value = child.reward / child.visits + self.c * math.sqrt(log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = index, value
        if untried:
            index = untried[self._below(len(untried))]
            option = decision.options[index]
            child = children[(player, option)] = _Node()
            child.avail = 1
            return option, child
        option = decision.options[best]
        return option, children[(player, option)]

    def _rollout_action(self, state: State, decision: Decision) -> Action:
        answer = self._rollout_answer(state, decision)
        return decision.options[answer] if isinstance(answer, int) else answer

    def _rollout_answer(self, state: State, decision: Decision) -> int | Action:
        """The rollout policy's answer: the rollout bot's option, or a random option's index."""
        if self._rollout_bot is not None:
            return self._rollout_bot.choose(state, decision)
        return self._below(len(decision.options))


def settle_turn(state: State, choose: Callable[[State, Decision], int | Action]) -> None:
    """Play on to the end of the turn in progress (at most ``SETTLE_LIMIT`` actions),
    each decision answered by ``choose``, so that a playout is judged between turns,
    never halfway through a sequence (a fight, a chain of picks) whose outcome the
    judgement cannot see yet."""
    turn = state.turn
    state.playout(choose, limit=SETTLE_LIMIT, until=lambda s: s.turn != turn)


# -- sampling what the bot cannot see ------------------------------------------------------


def sample(state: State, player: int, seed: int) -> State:
    """A copy of ``state`` with everything hidden from ``player`` dealt again from
    ``seed``: ``state.determinize``, which also redraws the generator (the dice and
    reshuffles to come) and does not depend on how the hidden cards lay."""
    return state.determinize(player, seed)


# -- scoring -------------------------------------------------------------------------------

Evaluate = Callable[["State"], "Sequence[float]"]
"""Scores a playout cut short: every seat's score from 0 to 1, by seat."""


def shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's score for a result: 1 for a sole winner, ``1/k`` for each of ``k``
    winners sharing it, 0 for everyone else (and for everyone when nobody wins)."""
    out = [0.0] * players
    for seat in winners:
        out[seat] = 1.0 / len(winners)
    return out


def search_iterations(state: State, setting: int | None) -> int:
    """Iterations per search: the bot's ``iterations`` setting, else the game's
    ``search.iterations``, else ``DEFAULT_ITERATIONS``."""
    if setting is not None:
        return setting
    return state.game.spec.search.iterations or DEFAULT_ITERATIONS


def playout_horizon(state: State, setting: int | None, evaluate: Evaluate | None) -> int:
    """The most actions a playout runs: to the end when nothing can judge a match in
    progress, else the bot's ``horizon`` setting, the game's ``search.horizon`` or
    ``DEFAULT_HORIZON``, the first that is set."""
    if evaluate is None:
        return NO_HORIZON
    if setting is not None:
        return setting
    return state.game.spec.search.horizon or DEFAULT_HORIZON


def playout_settles(state: State, setting: bool | None, horizon: int) -> bool:
    """Whether a playout the horizon cuts short plays on to the end of its turn: the
    bot's ``settle`` setting, else the game's ``search.settle``; never when playouts
    run to the end anyway."""
    if horizon == NO_HORIZON:
        return False
    return state.game.spec.search.settle if setting is None else setting


def playout_judge(state: State, rollout_bot: Any, margin: float) -> Evaluate | None:
    """How a playout cut short is scored: the rollout bot's ``evaluate`` (when it
    answers), else the game's ``search.scores``, else its ``at_limit`` judgement;
    None when there is none of them."""
    heuristic = getattr(rollout_bot, "evaluate", None)
    spec = state.game.spec
    standing, at_limit = spec.search.scores, spec.at_limit
    if heuristic is None and standing is None and at_limit is None:
        return None
    players = state.players
    even = [1.0 / players] * players

    def evaluate(sample: State) -> Sequence[float]:
        if heuristic is not None:
            value = heuristic(sample)
            if value is not None:
                return _checked(value, players)
        if standing is not None:
            scores = _standing(standing, sample, spec.name)
            best = max(scores)
            return blended(tuple(s for s, v in enumerate(scores) if v == best), scores, margin)
        if at_limit is not None:
            return judged(at_limit(sample.match), players, margin)
        return even

    return evaluate


def judged(result: Result, players: int, margin: float) -> list[float]:
    """Score a judgement of a match in progress: the winners' shares, blended with
    weight ``margin`` with each seat's share of the scores when the result's scores
    say which way is better (the winners hold the highest, or the lowest)."""
    if result.scores is None or len(result.scores) != players:
        return shares(result.winners, players)
    return blended(result.winners, result.scores, margin)


def blended(winners: Sequence[int], scores: Sequence[float], margin: float) -> list[float]:
    """Every seat's score for a match judged in progress: the shares of ``winners``
    (:func:`shares`), blended with weight ``margin`` with each seat's share of the
    ``scores`` when they say which way is better (the winners hold the highest, or
    the lowest); the shares alone when they do not."""
    players = len(scores)
    won = shares(winners, players)
    if not margin or not winners:
        return won
    best = [scores[seat] for seat in winners]
    total = sum(scores)
    if min(scores) < 0 or total <= 0 or players < 2:
        return won
    if min(best) == max(scores):
        part = [s / total for s in scores]  # more is better: each seat's share of the total
    elif max(best) == min(scores):
        part = [(total - s) / ((players - 1) * total) for s in scores]  # fewer is better (losses)
    else:
        return won
    return [(1 - margin) * w + margin * x for w, x in zip(won, part)]


def _standing(standing: Callable[[Match], Sequence[float]], state: State, game: str) -> list[float]:
    """The game's ``search.scores`` for ``state``, checked: a game's mistake is
    named as the game's, not as a failure of the bot."""
    try:
        value = standing(state.match)
        scores = [float(v) for v in value]
    except BoardcoreError:
        raise
    except Exception as exc:
        raise PluginError(f"search.scores raised {type(exc).__name__}: {exc}", plugin=game) from exc
    if len(scores) != state.players or not all(0.0 <= s < math.inf for s in scores):
        raise PluginError(
            f"search.scores must return {state.players} finite numbers of at least 0, not {value!r:.80}", plugin=game
        )
    return scores


def _checked(value: Any, players: int) -> list[float]:
    try:
        scores = [float(v) for v in value]
    except (TypeError, ValueError):
        scores = []
    if len(scores) != players or not all(0.0 <= s <= 1.0 for s in scores):
        raise PluginError(f"evaluate() must return {players} numbers from 0 to 1, not {value!r:.80}", plugin="rollout bot")
    return scores


def playout_rewards(state: State, evaluate: Evaluate | None) -> Sequence[float]:
    """Every seat's score for where a playout stopped: its share of the result when
    the match is over, else ``evaluate``'s judgement (from :func:`playout_judge`)."""
    result = state.result
    if result is not None:
        return shares(result.winners, state.players)
    if evaluate is None:  # only after a million actions: a game that does not end
        return [1.0 / state.players] * state.players
    return evaluate(state)


def _most_visited(root: _Node, me: int, options: Sequence[Action]) -> Action:
    """The root option searched most often (the first of them on a tie), a robust final choice."""

    def visits(option: Action) -> int:
        child = root.children.get((me, option))
        return 0 if child is None else child.visits

    return max(options, key=visits)
