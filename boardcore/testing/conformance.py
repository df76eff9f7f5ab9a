"""``check_game``: play random games of any game and check the engine's eleven properties.

1. Determinism: the same seed and actions give the same state (another process and
   another ``PYTHONHASHSEED`` included).
2. Replay and save: ``replay`` and ``to_json``/``state_from_json`` reproduce the state.
3. Clone independence: acting on a clone never changes the original.
4. Atomicity: an illegal action raises ``IllegalAction`` and changes nothing.
5. Conservation: every card in exactly one zone; counters never negative.
6. Termination: every game ends.
7. No leaks: a player's view does not change when only what is hidden from them does.
8. Legal options: every option offered can be applied; nothing else can; no
   decision offers more than ``max_options`` options (large choices must be asked
   as sequences of small ones); and a selection that ``narrows`` offers after a pick
   exactly what it would build from the match (``Select.options``).
9. Secret structure: who is asked does not depend on what a player cannot see.
   States that look the same to a player (re-deals of what is hidden from them,
   ``State.determinize``) ask the same players.
10. Safe re-deals: re-dealing what a player cannot see never fails (a step that
   changes the match while it asks is refused by the engine), and leaves no step
   of the flow holding a card the re-deal moved.
11. The trusted path: the game's choices given again by index, through
   ``State.playout`` (the first decision pending) and ``State.apply_index`` (any
   other), record the same match, events included.

A game's own invariants are passed as ``checks``: functions of a match that
return a list of problems (empty when all hold); they run after every action.

A failure raises :class:`ConformanceError` with a reproducer: the seed, the player
count and the actions (as data) that lead to the problem.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import Any

import attrs

from .. import seeded as rng
from .. import Game, IllegalAction, State, to_data
from ..actions import Action, pick
from ..drive import deal_again
from ..events import Chose
from ..steps import Select


class ConformanceError(AssertionError):
    """A property did not hold. The message holds a reproducer."""


@attrs.frozen
class Summary:
    """What ``check_game`` played."""

    games: int
    actions: int
    reasons: dict[str, int]
    players: dict[int, int]


def check_game(
    game: Game,
    games: int = 100,
    seed: int = 0,
    *,
    players: int | None = None,
    every: int = 5,
    max_actions: int = 200_000,
    cross_process: bool = True,
    max_options: int = 300,
    options: dict[str, Any] | None = None,
    checks: Iterable[Callable[[Any], Sequence[str]]] = (),
    redeals: int = 3,
) -> Summary:
    """Play ``games`` random games of ``game`` and check the eleven properties.

    Player counts cycle through ``game.player_counts`` unless ``players`` is given.
    The expensive checks (clone, atomicity, every option, re-deals, views) run
    every ``every`` actions, from a first step drawn per game; conservation and the
    game's own ``checks`` run after every action. A full save and load runs at the
    sampled steps numbered 0, 1, 2, 4, 8, ... and at the end, so the cost grows
    with a game's length, not its square (docs/testing.md gives figures). ``cross_process`` replays one game in a new Python process with
    another ``PYTHONHASHSEED`` (the game must be installed under its name).
    ``options`` are the game's setup options for every match played. ``checks``
    are the game's own invariants (see the module docstring). ``redeals`` is how
    many re-deals per player the secret-structure check compares (0 skips it).
    """
    options = dict(options or {})
    extra = tuple(checks)
    counts = [players] if players is not None else list(game.player_counts)
    total_actions = 0
    reasons: Counter[str] = Counter()
    seen_players: Counter[int] = Counter()
    for index in range(games):
        n = counts[index % len(counts)]
        game_seed = rng.derive(seed, index)
        run = _Run(game, n, game_seed, index, max_options, extra, redeals)
        state = _play_checked(run, every, max_actions, options)
        total_actions += len(state.history)
        assert state.result is not None
        reasons[state.result.reason] += 1
        seen_players[n] += 1
        if cross_process and index == 0:
            _check_other_process(game, state)
    return Summary(games, total_actions, dict(reasons), dict(seen_players))


@attrs.frozen
class _Run:
    """One game of ``check_game``: what it is played with, and how a failure is reported."""

    game: Game
    players: int
    seed: int
    index: int
    max_options: int = 300
    checks: tuple[Callable[[Any], Sequence[str]], ...] = ()
    redeals: int = 3

    def fail(self, state: State, prop: str, detail: str) -> None:
        history = [[p, to_data(a)] for p, a in state.history]
        options = dict(state.setup_options)
        raise ConformanceError(
            f"{self.game.name}: property '{prop}' failed in game {self.index} "
            f"(seed={self.seed}, players={self.players}, after {len(history)} actions): {detail}\n"
            f"reproduce with: game.replay(seed={self.seed}, players={self.players}, "
            f"history=json.loads(HISTORY){', **' + repr(options) if options else ''})\n"
            f"HISTORY = {json.dumps(history)!r}"
        )


def _play_checked(run: _Run, every: int, max_actions: int, options: dict[str, Any]) -> State:
    game, players, seed = run.game, run.players, run.seed
    state = game.new_state(players=players, seed=seed, **options)
    if state.to_json() != game.new_state(players=players, seed=seed, **options).to_json():
        run.fail(state, "determinism", "two new states from the same seed differ")
    deck = sorted(chain.from_iterable(state.match.zones.values()))
    chooser = rng.seed_state(seed ^ 0x5EED)
    # Sampled checks start at a step of their own in every game, so that short games
    # are not always sampled at the same moments.
    first, chooser = rng.below(chooser, every)
    step = samples = 0
    answers: list[tuple[int, int, int]] = []  # (which pending decision, its player, which option)
    while True:
        _check_every_step(run, state, deck)
        if state.is_over:
            break
        sampled = step % every == first
        if sampled:
            _check_sampled(run, state, round_trip=(samples & (samples - 1)) == 0)
            samples += 1
        pending = state.pending
        i, chooser = rng.below(chooser, len(pending))
        decision = pending[i]
        j, chooser = rng.below(chooser, len(decision.options))
        action = decision.options[j]
        answers.append((i, decision.player, j))
        if sampled and run.redeals:
            # 9, from the moment before: a reaction deciding whether to open a window
            found = redeal_problem(state, run.redeals, salt=len(state.history), then=(decision.player, action))
            if found:
                run.fail(state, *found)
        watch = decision.secret and sampled
        views = {p: state.view(p) for p in range(players) if p != decision.player} if watch else {}
        log_size = len(state.match.log)
        try:
            state.apply(decision.player, action)
        except Exception as exc:  # any failure is a finding, reported with its reproducer
            run.fail(state, "legal options", f"offered option {action} for player {decision.player} raised {exc!r}")
        if watch and _only_choices(state, log_size):
            for p, before in views.items():
                if state.view(p) != before:
                    run.fail(state, "no leaks", f"player {p}'s view changed after player {decision.player}'s secret choice")
        step += 1
        if step > max_actions:
            run.fail(state, "termination", f"no result after {max_actions} actions")
    _check_end(run, state)
    _check_trusted_path(run, state, answers, options)
    return state




def _only_choices(state: State, since: int) -> bool:
    log = state.match.log
    return all(isinstance(log[i], Chose) for i in range(since, len(log)))


def _check_every_step(run: _Run, state: State, deck: list[str]) -> None:
    max_options = run.max_options
    m = state.match
    if state.is_over == bool(state.pending):
        run.fail(state, "termination", f"is_over={state.is_over} but {len(state.pending)} decisions pending")
    # Sorting in C is several times cheaper than comparing Counters, and this runs
    # after every action; the Counters are built only to describe a failure.
    if sorted(chain.from_iterable(m.zones.values())) != deck:
        now, before = Counter(chain.from_iterable(m.zones.values())), Counter(deck)
        doubled = sorted(c for c, k in now.items() if k > 1)
        lost = sorted((before - now).elements())
        gained = sorted((now - before).elements())
        run.fail(state, "conservation", f"cards in two zones {doubled}, lost {lost}, appeared {gained}")
    negative = {k: v for k, v in m.counters.items() if v < 0}
    if negative:
        run.fail(state, "conservation", f"negative counters {negative}")
    for check in run.checks:
        problems = list(check(m))
        if problems:
            run.fail(state, "game invariants", "; ".join(problems))
    for decision in state.pending:
        if not decision.options:
            run.fail(state, "legal options", f"a decision for player {decision.player} has no options")
        if len(decision.options) > max_options:
            run.fail(
                state,
                "legal options",
                f"a decision for player {decision.player} offers {len(decision.options)} options "
                f"(more than {max_options}): ask it as a sequence of small decisions",
            )
        if len(set(decision.options)) != len(decision.options):
            run.fail(state, "legal options", f"decision for player {decision.player} offers an option twice")
    for decision, step in m.asks:
        if isinstance(step, Select) and step.narrows:
            built = tuple(step.options(m, m.drafts.get(decision.player, ())))
            if built != decision.options:
                run.fail(
                    state,
                    "legal options",
                    f"{type(step).__name__} narrows its options after a pick to {list(map(str, decision.options))}, "
                    f"but builds {list(map(str, built))} from the match: its ruled_out() misses what a pick rules out",
                )


def _check_sampled(run: _Run, state: State, round_trip: bool) -> None:
    game = run.game
    # 2. save and load: a trusted round trip (no replay; the final state is verified),
    # at the sampled points numbered 0, 1, 2, 4, 8, ... so that its cost, which grows
    # with the game, adds up to a few times the game's length rather than its square
    if round_trip:
        saved = state.to_json()
        if game.state_from_json(saved, verify=False).to_json() != saved:
            run.fail(state, "replay and save", "to_json/state_from_json does not round-trip")
    before = state.fingerprint()
    pending = state.pending
    asked = {d.player for d in pending}
    decision = pending[0]
    # 4. atomicity: wrong player, garbage, an option that is not offered
    wrong = [p for p in range(run.players) if p not in asked]
    attempts: list[tuple[int, Any]] = [(decision.player, "not an action"), (decision.player, None)]
    attempts.append((decision.player, pick("no-such-item", "pick nothing")))
    if wrong:
        attempts.append((wrong[0], decision.options[0]))
    for other in pending[1:]:
        foreign = [o for o in other.options if o not in decision.options]
        if foreign:
            attempts.append((decision.player, foreign[0]))
    attempts.append((run.players + 3, decision.options[0]))
    for player, action in attempts:
        try:
            state.apply(player, action)
        except IllegalAction:
            pass
        except Exception as exc:  # the wrong error type is itself the finding
            run.fail(state, "atomicity", f"apply({player}, {action!r}) raised {type(exc).__name__}, not IllegalAction")
        else:
            run.fail(state, "atomicity", f"apply({player}, {action!r}) was accepted but is not legal")
        if state.fingerprint() != before:
            run.fail(state, "atomicity", f"a rejected apply({player}, {action!r}) changed the state")
    # 3 and 8: every option applies on a clone, and the original never moves
    for d in pending:
        for option in d.options[:40]:
            twin = state.clone()
            try:
                twin.apply(d.player, option)
            except Exception as exc:  # any failure is a finding
                run.fail(state, "legal options", f"option {option} of player {d.player} raised {exc!r}")
        if state.fingerprint() != before:
            run.fail(state, "clone independence", "acting on a clone changed the original")
    # 9. who is asked ignores what is hidden from each player
    if run.redeals:
        found = redeal_problem(state, run.redeals, salt=len(state.history))
        if found:
            run.fail(state, *found)
    # 7. views ignore what is hidden from their player
    for p in range(run.players):
        view = state.view(p)
        json.dumps(view)
        shaken = _shake_hidden(state, p)
        if shaken.view(p) != view:
            run.fail(state, "no leaks", f"player {p}'s view depends on cards hidden from them")


def check_who_is_asked(
    state: State, redeals: int = 3, salt: int = 0, then: tuple[int, Action] | None = None
) -> str | None:
    """Whether states that look the same to some player ask different players.

    For every player, ``redeals`` re-deals of what that player cannot see
    (``State.determinize``) must ask the same set of players. Returns a
    description of the first difference, or None. Re-deals are compared with each
    other rather than with the state itself, because a re-deal forgets the other
    players' secret picks and asks them again.

    With ``then = (player, action)``, the re-deals are made before that action and
    compared after it is applied to each (those in which it is not offered are left
    out), among the re-deals in which player ``p`` saw the same events happen (a
    die rolled, a card revealed, a seat knocked out tell him something, and may
    rightly change who is asked next). This catches a reaction that opens a window
    only when its card's holder has it, which a re-deal of the open window itself
    cannot see: it asks again the window the reaction opened, not whether to open it.

    A re-deal that fails, or that leaves a step holding a card it moved, is
    reported too (see :func:`redeal_problem`).
    """
    found = redeal_problem(state, redeals, salt, then)
    return None if found is None else found[1]


SAFE_REDEALS = "safe re-deals"
SECRET_STRUCTURE = "secret structure"


def redeal_problem(
    state: State, redeals: int = 3, salt: int = 0, then: tuple[int, Action] | None = None
) -> tuple[str, str] | None:
    """The first problem the re-deals of :func:`check_who_is_asked` find, as
    ``(property, description)``: ``"safe re-deals"`` when re-dealing fails (a step
    that changes the match while it asks, a step that crashes on a card that
    moved) or leaves a step of the flow holding the id of a card the re-deal moved;
    ``"secret structure"`` when re-deals that look the same ask different players."""
    if then is not None and len(state.match.log):
        # Reading one entry builds the log's recorded rows into events in the storage
        # the re-deals share, once; each re-deal then builds only what its action adds.
        state.match.log[len(state.match.log) - 1]
    where = {card: zone for zone, cards in state.match.zones.items() for card in cards}
    for p in range(state.players):
        seen: dict[Any, dict[tuple[int, ...], int]] = {}
        for k in range(redeals):
            try:
                twin = state.determinize(p, rng.derive(salt, p, k))
            except Exception as exc:  # a game's step failed on the re-dealt cards
                return SAFE_REDEALS, (
                    f"re-dealing what player {p} cannot see (State.determinize) failed: {type(exc).__name__}: {exc}"
                )
            if k == 0:
                moved = _held_and_moved(twin, where)
                if moved:
                    step, card, was, now = moved
                    return SAFE_REDEALS, (
                        f"after a re-deal of what player {p} cannot see, the step {step} still holds card {card!r}, "
                        f"which the re-deal moved from {was!r} to {now!r}: a step must not keep the id of a card "
                        "that some player cannot see across a decision (move the card to a zone everybody sees "
                        "first, or keep what the step needs to know instead of the card)"
                    )
            happened: Any = ()
            if then is not None:
                player, action = then
                offered = next((d.options for d in twin.pending if d.player == player), ())
                if action not in offered:
                    continue
                before = len(twin.match.log)
                twin.apply(player, action)
                # only the new events (the whole log as p sees it would cost the game's length)
                log, specs = twin.match.log, twin.match.specs
                happened = repr([log[i].seen_by(specs, p) for i in range(before, len(log))])  # need not be hashable
            asked = tuple(sorted({d.player for d in twin.pending}))
            seen.setdefault(happened, {}).setdefault(asked, k)
        for different in seen.values():
            if len(different) > 1:
                moment = "" if then is None else f" after player {then[0]}'s {then[1]}, seeing the same events"
                return SECRET_STRUCTURE, (
                    f"re-deals that look the same to player {p} ask different players {sorted(different)}{moment}: "
                    "whether somebody is asked reveals cards that player cannot see (ask every player who "
                    "could hold a reaction, and mark a decision public only when its options are public)"
                )
    return None


def _held_and_moved(twin: State, where: dict[str, str]) -> tuple[str, str, str, str] | None:
    """A step of ``twin``'s flow (its agenda, open asks, sealed choices) that holds the
    id of a card not in the zone it was in before the re-deal: (step, card, was, is)."""
    m = twin.match
    cards = m.rules.cards
    now: dict[str, str] | None = None
    steps = [*m.agenda, *(step for _, step in m.asks), *m.sealed.values()]
    for step in steps:
        if step.redeal_safe:
            continue
        for card in _card_ids(step, cards):
            if now is None:
                now = {c: zone for zone, held in m.zones.items() for c in held}
            if now.get(card) != where.get(card):
                return type(step).__name__, card, where.get(card, "?"), now.get(card, "?")
    return None


def _card_ids(value: Any, cards: Any, depth: int = 0) -> Iterable[str]:
    """Every card id held in ``value`` (a step and the values in its fields)."""
    if depth > 8:
        return
    if isinstance(value, str):
        if value in cards:
            yield value
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _card_ids(item, cards, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _card_ids(item, cards, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _card_ids(getattr(value, field.name), cards, depth + 1)


def _shake_hidden(state: State, player: int) -> State:
    """A clone where the cards hidden from ``player`` are dealt again at random
    among the hidden zones (sizes kept), and other players' drafts are emptied."""
    twin = state.clone()
    m = twin.match
    # One group for every hidden zone, whatever the game's own redeal says: any
    # card a player cannot see must leave his view unchanged wherever it goes.
    hidden = [z for z, spec in m.specs.items() if not spec.visible_to(player) and m.zones[z]]
    deal_again(m, [hidden], seed=len(state.history) * 7919 + player)
    m.drafts = {p: items for p, items in m.drafts.items() if p == player}
    return twin


def _check_end(run: _Run, state: State) -> None:
    result = state.result
    assert result is not None
    if any(w not in range(run.players) for w in result.winners):
        run.fail(state, "termination", f"winners {result.winners} are not seats")
    final = state.to_json()
    options = state.setup_options
    # 1. determinism: the same seed and actions, played again, give the same match
    if run.game.replay(seed=run.seed, players=run.players, history=state.history, **options).to_json() != final:
        run.fail(state, "determinism", "the same seed and actions gave a different match")
    if run.game.state_from_json(final).to_json() != final:
        run.fail(state, "replay and save", "the final state does not round-trip")
    # written out in full too: a compact save stores no events, so only this shows an
    # event class the codec does not know (a PluginError naming it)
    rows = state.to_json(rows=True)
    if run.game.state_from_json(rows, verify=False).to_json(rows=True) != rows:
        run.fail(state, "replay and save", "the final state, saved with its rows, does not round-trip")
    late: Any = state.history[-1][1] if state.history else "x"
    try:
        state.apply(0, late)
    except IllegalAction:
        pass
    else:
        run.fail(state, "atomicity", "an action was accepted after the game ended")


def _check_trusted_path(run: _Run, state: State, answers: list[tuple[int, int, int]], options: dict[str, Any]) -> None:
    """11: the same answers, by index, through ``playout`` (runs of first decisions)
    and ``apply_index`` (the others), give the match ``apply`` gave, events included."""
    twin = run.game.new_state(players=run.players, seed=run.seed, **options)
    at = 0

    def by_index(s: State, decision: Any) -> int:
        nonlocal at
        _, player, j = answers[at]
        if decision.player != player:
            run.fail(state, "trusted path", f"answer {at}: playout asked player {decision.player}, apply asked {player}")
        at += 1
        return j

    try:
        while at < len(answers):
            which, player, j = answers[at]
            if which == 0:
                end = next((n for n in range(at, len(answers)) if answers[n][0] != 0), len(answers))
                twin.playout(by_index, limit=end - at)
            else:
                twin.apply_index(player, j)
                at += 1
    except ConformanceError:
        raise
    except Exception as exc:  # a failure is a finding, reported with its reproducer
        run.fail(state, "trusted path", f"answer {at} by index raised {exc!r}")
    if twin.to_json(rows=True) != state.to_json(rows=True):
        run.fail(state, "trusted path", "the same answers by index recorded a different match")


_CHILD = """
import json, sys, boardcore
args = json.loads(sys.stdin.read())
game = boardcore.load_game(args["game"], plugins=args["plugins"])
state = game.replay(seed=args["seed"], players=args["players"], history=args["history"], **args["options"])
sys.stdout.write(state.to_json())
"""


def _check_other_process(game: Game, state: State) -> None:
    """Replay ``state``'s game in a fresh interpreter with another hash seed."""
    payload = json.dumps(
        {
            "game": game.name,
            "plugins": list(game.plugins),
            "seed": state.seed,
            "players": state.players,
            "options": dict(state.setup_options),
            "history": [[p, to_data(a)] for p, a in state.history],
        }
    )
    env = {**os.environ, "PYTHONHASHSEED": str((state.seed % 1000) + 1)}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], input=payload, capture_output=True, text=True, env=env, timeout=300
    )
    if done.returncode != 0:
        raise ConformanceError(f"{game.name}: replay in a new process failed:\n{done.stderr[-2000:]}")
    if done.stdout != state.to_json():
        raise ConformanceError(
            f"{game.name}: property 'determinism' failed: seed {state.seed} with {state.players} players "
            "gives a different state in a process with another PYTHONHASHSEED"
        )


__all__ = ["ConformanceError", "Summary", "check_game", "check_who_is_asked"]

