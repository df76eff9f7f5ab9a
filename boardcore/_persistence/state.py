"""The public face of one match: ask what is pending, apply actions, look, save."""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn

from .._rules.flow import flush_triggered, run_agenda, start
from .._rules.match import Match, _get_all
from .._rules.steps import Answer, Step
from .._values import rng
from .._values.actions import Action
from .._values.decisions import Decision, Result
from .._values.errors import BoardcoreError, IllegalAction, InvalidData, PluginError, RuleError
from .._values.events import Chose, Event, MatchStarted
from .persist import dump_match
from .redeal import ask_again, deal_again
from .serialize import INT_LIMIT
from .views import build_view, plain

if TYPE_CHECKING:
    from .._games.game import Game


class State:
    """One match of a game. Deterministic from its seed and the actions applied."""

    __slots__ = ("game", "_m", "_applying")

    def __init__(self, game: Game, match: Match) -> None:
        self.game = game
        self._m = match
        self._applying = [True]
        # One thread at a time changes a State (docs/reliability.md): a second
        # apply while one runs is refused rather than interleaved into a match
        # that would not load again. A clone per thread is the way to share.
        # The guard is a one-item list that apply pops and puts back: the pop is
        # atomic, so of two threads only one gets the item; unlike a lock's
        # acquire(False), it parses no arguments and reads no clock.

    def __repr__(self) -> str:
        m = self._m
        where = f"over: {m.result}" if m.result else f"turn {m.turn}, {m.phase}"
        return f"<State {m.game_name} players={m.players} seed={m.seed} {where}>"

    # -- reading ---------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match data (for rule code, observers and tests; do not change it directly)."""
        return self._m

    @property
    def players(self) -> int:
        return self._m.players

    @property
    def seed(self) -> int:
        return self._m.seed

    @property
    def pending(self) -> tuple[Decision, ...]:
        """Every decision the engine waits for; empty if and only if the game is over."""
        asks = self._m.asks
        if len(asks) == 1:  # the common case, read once per decision by every bot
            return (asks[0][0],)
        return tuple([decision for decision, _ in asks])

    @property
    def is_over(self) -> bool:
        return self._m.result is not None

    @property
    def result(self) -> Result | None:
        return self._m.result

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """The ``(player, action)`` pairs applied so far, in order."""
        return self._m.history.to_tuple()

    @property
    def events(self) -> tuple[Event, ...]:
        """The event log: everything that happened, hidden cards included (the
        referee's record; show a player :meth:`events_for` instead)."""
        return self._m.log.to_tuple()

    def events_for(self, player: int | None) -> tuple[Event, ...]:
        """The event log as ``player`` may see it: the ids of cards that moved out of
        their sight (a draw into another hand, a deal into a hidden pile) are
        replaced by ``"?"``. ``None`` is a spectator, who sees only public zones.
        Displays, bots and servers show this, never ``events``."""
        m = self._m
        if player is not None and (type(player) is not int or not 0 <= player < m.players):
            raise InvalidData(f"no seat {player!r} in a {m.players}-player match", where="events_for")
        specs = m.specs
        return tuple(event.seen_by(specs, player) for event in m.log)

    @property
    def history_length(self) -> int:
        """How many actions have been applied: ``len(history)``, without building it."""
        return len(self._m.history)

    @property
    def last_action(self) -> tuple[int, Action] | None:
        """The last ``(player, action)`` applied (``history[-1]``, without building the
        history), or None before the first. Secret or not, every seat sees that an
        action was taken; which one is for its player (and the rules) to know."""
        history = self._m.history
        return history[-1] if len(history) else None

    @property
    def turn(self) -> int:
        """The turn in progress (0 before the first, during set-up phases)."""
        return self._m.turn

    @property
    def round(self) -> int:
        """Rounds begun: every seat still in takes one turn a round (where everybody
        acts each turn, rounds are turns)."""
        return self._m.round

    @property
    def phase(self) -> str:
        """The name of the phase in progress, or of the last one begun (``"setup"``
        before the first)."""
        return self._m.phase

    @property
    def setup_options(self) -> Mapping[str, Any]:
        """The match's setup options, every one with its value (read-only); not to be
        confused with a decision's ``options``, the answers it offers."""
        return MappingProxyType(self._m.options)

    def view(self, player: int | None) -> dict[str, Any]:
        """All that ``player`` may see, as JSON-able data. ``None`` is a spectator:
        public zones only, no decision of their own, no draft."""
        if player is not None and (type(player) is not int or not 0 <= player < self._m.players):
            raise InvalidData(f"no seat {player!r} in a {self._m.players}-player match", where="view")
        return build_view(self._m, player)

    def determinize(self, player: int, seed: int) -> State:
        """A clone in which every card hidden from ``player`` is dealt again at random.

        The cards are re-dealt only within the groups of zones the game says are
        interchangeable (``GameSpec.redeal``; by default, all zones hidden from the
        player form one group), keeping every zone's size, and the match's random
        generator is replaced by one drawn from ``seed`` (future dice and reshuffles
        are hidden too). Other players' secret picks are forgotten. The copy's
        position (its cards, open decisions and generator) depends only on what
        ``player`` sees and on ``seed``. Search bots sample hidden information this
        way; the result is consistent with everything ``player`` can see. Its
        ``history`` and log are still the real match's, which name other players'
        secret choices and hidden cards: a search reads the copy's position, or
        ``events_for(player)``, never those.
        """
        if not isinstance(player, int) or not 0 <= player < self._m.players:
            raise InvalidData(f"no seat {player!r} in a {self._m.players}-player match", where="determinize")
        seed = check_seed(seed, "determinize")
        twin = self.clone()
        m = twin._m
        redeal = m.rules.spec.redeal
        if redeal is None:
            groups: list[list[str]] = [[z for z, spec in m.specs.items() if not spec.visible_to(player)]]
        else:
            groups = [list(g) for g in redeal(m, player)]
        deal_again(m, groups, seed)
        # The generator's state is hidden too: it decides the dice and reshuffles to
        # come. The copy gets one drawn from ``seed``, so it cannot foresee them.
        m.rng = rng.seed_state(rng.derive(seed, 1))
        # Other players' choices in progress were built from the cards they really
        # held: their open decisions, the answers the engine queued for them, and
        # the secret selections they finished. Forget them and ask again from the
        # re-dealt state. (A step that asks builds its options from the state when
        # run, so running it again is safe.)
        reopen: dict[int, Step] = {}
        for decision, step in m.asks:
            if decision.player != player:
                reopen[decision.player] = step
        for step in m.agenda:
            if isinstance(step, Answer) and step.player != player:
                reopen[step.player] = step.step
        for seat, step in m.sealed.items():
            if seat != player:
                reopen[seat] = step
        m.asks = tuple((d, s) for d, s in m.asks if d.player == player)
        m.agenda = tuple(s for s in m.agenda if not (isinstance(s, Answer) and s.player != player))
        m.drafts = {p: items for p, items in m.drafts.items() if p == player}
        m.sealed = {p: step for p, step in m.sealed.items() if p == player}
        for seat in sorted(reopen):
            ask_again(m, reopen[seat])
        run_agenda(m)
        return twin

    # -- acting ----------------------------------------------------------------------

    def apply(self, player: int, action: Action) -> None:
        """Apply ``player``'s answer to their pending decision.

        A ``State`` is changed by one thread at a time: an ``apply`` while another
        thread's ``apply`` on the same state runs raises :class:`~boardcore.BoardcoreError`
        and changes nothing (give each thread its own ``clone()``).

        Raises :class:`~boardcore.IllegalAction` (and changes nothing) when the
        game is over, ``player`` is not being asked, or ``action`` is not one of
        the options. If game or plugin code fails while applying, the state is
        restored and the failure is raised as :class:`~boardcore.PluginError`.
        """
        guard = self._applying
        try:
            guard.pop()
        except IndexError:
            raise _busy() from None
        try:  # the checks and the rollback in this frame: it runs once per action of every playout
            m = self._m
            if m.result is not None or type(player) is not int:
                _asked(m, player, action)  # raises, saying why (True would pass for seat 1 below)
            at = 0
            for ask in m.asks:
                if ask[0].player == player:
                    break
                at += 1
            else:
                _asked(m, player, action)  # raises, saying why
            decision = ask[0]
            options = decision.options
            index = 0
            for option in options:  # _offered's first pass, inlined: callers pass back the option offered
                if option is action:
                    break
                index += 1
            else:
                index = _offered(action, options)
            if index < 0:
                raise _not_offered(decision, action)
            action = options[index]  # the rules and the history get the engine's own option, never the caller's
            history = m.history
            snap = (_get_all(m), m.log._size, history._size)  # Match.snapshot, inlined
            try:
                # _answer's body, inlined: every action of every match played with apply runs it,
                # and the call cost 1% of the shortest playout. Change both together (the fuzz
                # tests check that apply and playout record the same).
                if history._owner and len(history._items) == history._size:
                    history._items.append((player, action))
                    history._size += 1
                else:
                    history.append((player, action))
                if m.replayable:
                    choices = m.choices
                    if choices._owner and len(choices._items) == choices._size:
                        choices._items.append((player, index))
                        choices._size += 1
                    else:
                        choices.append((player, index))
                asks = m.asks
                m.asks = asks[:at] + asks[at + 1 :] if len(asks) > 1 else ()
                rules = m.rules
                if rules.before_action:
                    for call in rules.before_action:
                        call(match=m, player=player, action=action)
                m.record(Chose, player, None if decision.secret else str(action), False)
                m.answering = (decision, ask[1], index)
                ask[1].resolve(m, player, action)
                m.answering = None
                if m.triggered:
                    flush_triggered(m)
                if not m.asks or m.triggered:  # a step that asks again leaves nothing to run
                    run_agenda(m)
                if rules.after_action:
                    for call in rules.after_action:
                        call(match=m, player=player, action=action)
            except BaseException as exc:
                _undo(m, snap, exc)
        finally:
            guard.append(True)

    def apply_index(self, player: int, index: int) -> None:
        """Apply option number ``index`` of ``player``'s pending decision: the same as
        ``apply(player, decision.options[index])``, with the same checks and
        guarantees, for callers that choose by position (learning environments,
        search) and need not look the option up. ``index`` may be any integer type
        (NumPy's too), but not a bool."""
        self._take_guard()
        try:
            m = self._m
            at, decision = _asked(m, player, index)
            _commit(m, player, at, _check_index(decision, player, index))
        finally:
            self._applying.append(True)

    def playout(
        self,
        policy: Callable[[State, Decision], int | Action],
        limit: int | None = None,
        until: Callable[[State], bool] | None = None,
    ) -> Result | None:
        """Play on until the match is over, after ``limit`` more answers, or when
        ``until(state)`` holds (asked before each answer), and return the result
        (None if the match is not over). ``policy(state, decision)`` answers the
        first pending decision: with the index of an option (the fast way; NumPy's
        integers too) or with the option itself.

        The trusted path for playouts (search rollouts, simulations): each answer is
        recorded exactly as :meth:`apply` records it, so the match saves, clones and
        replays the same, but no rollback point is taken per answer. If the policy's
        answer is not an option, or game or plugin code fails, the whole playout is
        undone (the state is as it was when ``playout`` was called) and the error is
        raised as ``apply`` raises it."""
        if limit is not None and (type(limit) is not int or limit < 0):
            raise InvalidData(f"a playout's limit is a number of answers from 0, not {limit!r:.60}", where="limit")
        self._take_guard()
        m = self._m
        snap = m.snapshot()
        try:
            left = -1 if limit is None else limit
            while m.result is None and left != 0:
                if until is not None and until(self):
                    break
                left -= 1
                decision = m.asks[0][0]
                answer = policy(self, decision)
                if type(answer) is int and 0 <= answer < len(decision.options):
                    index = answer
                elif isinstance(answer, Action):
                    index = _offered(answer, decision.options)
                    if index < 0:
                        raise _not_offered(decision, answer)
                else:
                    index = _check_index(decision, decision.player, answer)
                _answer(m, decision.player, 0, index)
            return m.result
        except BaseException as exc:
            _undo(m, snap, exc)
        finally:
            self._applying.append(True)

    def _take_guard(self) -> None:
        try:
            self._applying.pop()
        except IndexError:
            raise _busy() from None

    def fingerprint(self) -> str:
        """The position as a text: equal for two states that are the same match at the
        same point (a clone, a replay, a reloaded save), and different as soon as
        anything in it differs. The log and the history enter by their lengths and
        last entries, so it costs the size of the table, not the length of the game:
        a tool can take one after every action (to see that a read changed nothing,
        or to key a table of positions it has searched)."""
        return json.dumps(dump_match(self._m, whole=False))

    def clone(self) -> State:
        """An independent copy; acting on it never changes this state. O(1)."""
        return State(self.game, self._m.fork())

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        # A deep copy is a clone: the match's containers are never changed in place,
        # so sharing them is as independent as copying them, and the loaded game
        # is the rules, shared by every copy.
        return self.clone()

    # -- saving ----------------------------------------------------------------------

    def to_data(self, rows: bool = False) -> dict[str, Any]:
        """The whole match as plain JSON data (equal to ``json.loads(self.to_json(rows))``)."""
        return plain(dump_match(self._m, rows=rows))

    def to_json(self, rows: bool = False) -> str:
        """The whole match as JSON; ``game.state_from_json`` reads it back exactly.

        A match that its seed and choices replay to is saved compactly: its history
        as ``[player, option index]`` pairs and its log as a count, both worked out
        again by a replay when first read after loading. With ``rows`` (and always
        for a match arranged by hand), the events and actions are written out in
        full, for programs that read the file without boardcore; such a file loads
        as a match that is not ``replayable``."""
        # Keys keep the match's own order (not sorted): games iterate its pieces,
        # zones and counters, so a match read back must hold them in the same order
        # or the options it offers would come in another order.
        return json.dumps(dump_match(self._m, rows=rows), separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]


def _asked(m: Match, player: int, action: object) -> tuple[int, Decision]:
    """Where ``player``'s open decision is among the match's asks, and the decision;
    IllegalAction (naming ``action``) when the game is over or ``player`` is not asked."""
    if m.result is not None:
        raise IllegalAction("the game is over", player=player, action=action)
    if type(player) is not int:
        raise IllegalAction(f"a player is a seat number, not {player!r}", player=player, action=action)
    at = 0
    for ask in m.asks:
        if ask[0].player == player:
            return at, ask[0]
        at += 1
    asked = sorted(d.player for d, _ in m.asks)
    raise IllegalAction(f"player {player!r} is not being asked anything (waiting for {asked})", player=player, action=action)


def _busy() -> BoardcoreError:
    return BoardcoreError(
        "this State is being changed by another thread: a State is for one thread at a time; "
        "give each thread its own state.clone()"
    )


def _undo(m: Match, snap: tuple[Any, ...], exc: BaseException) -> NoReturn:
    """Restore ``m`` to ``snap`` after ``exc``, and raise: ``exc`` itself for an
    illegal answer, a broken plugin or an interrupt, else a PluginError that blames
    the game or plugin whose code failed."""
    m.answering = None
    passed_on = isinstance(exc, (PluginError, IllegalAction)) or not isinstance(exc, Exception)
    blamed = None if passed_on or not isinstance(exc, Exception) else _blame(m, exc)  # where it failed: the turn and phase before undoing
    m.restore(snap)
    if blamed is None:
        raise exc
    raise blamed from exc


def _not_offered(decision: Decision, action: object) -> IllegalAction:
    return IllegalAction(
        f"{action!r:.200} is not an option for player {decision.player} now ({decision.prompt})",
        player=decision.player,
        action=action,
    )


def _check_index(decision: Decision, player: int, index: Any) -> int:
    """``index`` as an int, if it is an option's number: an int, or an integer of
    another type (NumPy's, as a learning library hands them over), never a bool."""
    if type(index) is not int and not isinstance(index, bool):
        try:
            index = operator.index(index)
        except TypeError:
            pass
    if type(index) is not int or not 0 <= index < len(decision.options):
        raise IllegalAction(
            f"option {index!r:.60} does not exist: player {player} has options 0 to {len(decision.options) - 1} "
            f"now ({decision.prompt})",
            player=player,
        )
    return index


def _commit(m: Match, player: int, at: int, index: int) -> None:
    """:func:`_answer`, undone if it fails: the match is then as it was, and the
    failure is raised (a PluginError naming the game or plugin whose code failed)."""
    # Match.snapshot, inlined: it runs once per action of every playout.
    snap = (_get_all(m), m.log._size, m.history._size)
    try:
        _answer(m, player, at, index)
    except BaseException as exc:
        _undo(m, snap, exc)


def _answer(m: Match, player: int, at: int, index: int) -> None:
    """Hand option ``index`` of the decision ``m.asks[at]`` (``player``'s, already
    checked) to its step, record it, and run the flow until the next decision."""
    asks = m.asks
    decision, step = asks[at]
    action = decision.options[index]  # the rules and the history get the engine's own option, never the caller's
    # SharedLog.append, inlined on this hot path (the usual append done in place).
    history = m.history
    if history._owner and len(history._items) == history._size:
        history._items.append((player, action))
        history._size += 1
    else:
        history.append((player, action))
    if m.replayable:
        choices = m.choices
        if choices._owner and len(choices._items) == choices._size:
            choices._items.append((player, index))
            choices._size += 1
        else:
            choices.append((player, index))
    m.asks = asks[:at] + asks[at + 1 :] if len(asks) > 1 else ()
    rules = m.rules
    if rules.before_action:
        for call in rules.before_action:
            call(match=m, player=player, action=action)
    m.record(Chose, player, None if decision.secret else str(action), False)
    m.answering = (decision, step, index)
    step.resolve(m, player, action)
    m.answering = None
    if m.triggered:
        flush_triggered(m)
    if not m.asks or m.triggered:  # a step that asks again leaves nothing to run
        run_agenda(m)
    if rules.after_action:
        for call in rules.after_action:
            call(match=m, player=player, action=action)


def _offered(action: object, options: tuple[Action, ...]) -> int:
    """The index of the option of ``options`` that ``action`` is, or -1. Identity is
    tried first: callers usually pass back the very option offered, which spares an
    ``__eq__`` call per option. Otherwise the option must be of the same class and
    equal (compared by the option's own ``__eq__``, not the caller's)."""
    i = 0
    for option in options:
        if option is action:
            return i
        i += 1
    kind = type(action)
    i = 0
    for option in options:
        if type(option) is kind and option.__eq__(action) is True:
            return i
        i += 1
    return -1


def _blame(m: Match, exc: Exception) -> PluginError:
    """A PluginError naming the innermost module outside boardcore in the traceback
    (the game or plugin whose code failed), or the game when there is none."""
    origin = m.game_name
    place = ""
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "")
        if module and module != "boardcore" and not module.startswith("boardcore."):
            origin = module
            code = tb.tb_frame.f_code
            place = f"{Path(code.co_filename).name}, line {tb.tb_lineno}, in {code.co_qualname}"
        tb = tb.tb_next
    what = "broke an engine rule" if isinstance(exc, RuleError) else f"raised {type(exc).__name__}"
    where = "; ".join([*getattr(exc, "__notes__", ()), *([place] if place else []), f"turn {m.turn}, phase {m.phase}"])
    return PluginError(f"{what}: {exc} ({where}; the state was left as it was)", plugin=origin)


def new_state(game: Game, players: int | None, seed: int, options: dict[str, Any]) -> State:
    counts = game.player_counts
    if players is None:
        players = counts[0]
    if not isinstance(players, int) or players not in counts:
        raise InvalidData(f"{game.name} is for {_counts(counts)} players, not {players!r}", where="players")
    seed = check_seed(seed, "seed")
    m = Match(game, players, seed, game.spec.check_options(options))
    m.record(MatchStarted, game.name, players, seed)
    try:
        start(m)
        run_agenda(m)
    except BoardcoreError:
        raise
    except Exception as exc:
        raise _blame(m, exc) from exc
    return State(game, m)


def check_seed(seed: Any, where: str) -> int:
    """``seed`` as an int, if it is a whole number a save can hold (within 64 bits;
    an integer-like value such as NumPy's is accepted, True and 3.0 are not)."""
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)
        except TypeError:
            pass
        else:
            if -INT_LIMIT < value < INT_LIMIT:
                return value
    raise InvalidData(f"a seed must be a whole number within 64 bits, not {seed!r:.60}", where=where)


def _counts(counts: Sequence[int]) -> str:
    counts = tuple(counts)
    if len(counts) > 1 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(str(c) for c in counts)
