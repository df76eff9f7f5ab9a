"""The matches a server hosts: creating and joining them, answering, and telling
the seats when something changed.

Each match lives in memory as a :class:`LiveMatch` beside its stored row. All
reading and changing of one match happens under that match's asyncio lock, so
answers to one match are applied one at a time, in the order they took the lock,
while other matches go on. The engine's calls are synchronous: the slow ones
(applying an answer and saving the match) run in a worker thread, on a clone of
the state, and the clone replaces the live state only once the store has
committed it. An answer is acknowledged after that commit, so every acknowledged
answer survives the server being killed.

Stored matches are verified as they are loaded: each row is checked (``rows``)
and each save replayed from its history, in a worker thread, while the server
already answers. A request for a match waits for that match's check only (and
starts it, if the loader has not reached it yet); the lobby waits for all. A
match that fails is unavailable: every request for it is a 503 saying why,
and every other match goes on.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from typing import Any

import attrs

from .. import BoardcoreError, Decision, Game, IllegalAction, State
from .._support.seating import sides_of
from ..actions import Action
from ..display import game_title
from . import catalog
from .autoplay import Autoplay
from .errors import ApiError
from .inputs import NewMatch
from .payload import Told, seat_payload
from .replay import Replays, step_payload
from .rows import DamagedRow, match_record, show_id
from .saves import read_save, record_of
from .store import StoredMatch, MatchStore, RawMatch, SeatRecord, SeatTaken, StaleMove, StoreUnavailable

log = logging.getLogger("boardcore.server")


@attrs.define(eq=False)
class LiveMatch:
    """One hosted match: its state, who sits where, and who is watching."""

    id: str
    game: Game
    plugins: tuple[str, ...]
    bots: tuple[str | None, ...]
    """Per seat: the bot that plays it, or None for a person."""
    state: State
    moves: int
    """Accepted answers so far: the match's version."""
    created: float
    seats: dict[int, SeatRecord] = attrs.field(factory=dict)
    """The people who joined, by seat."""
    problem: str | None = None
    """Why the server's bots stopped playing this match, if they did."""
    asked_since: dict[int, int] = attrs.field(factory=dict)
    """Per seat: the version at which its open decision was first asked. An answer
    chosen at that version or later still fits the decision."""
    told: dict[int | None, Told] = attrs.field(factory=dict)
    """Per seat (None: spectators): its events in sentences, made once each."""
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    watchers: set[asyncio.Queue[int]] = attrs.field(factory=set)
    sides: tuple[str | None, ...] | None = None
    """Per seat: the side it plays, from the game's self-description (read once)."""

    @classmethod
    def of(cls, record: StoredMatch, game: Game, state: State) -> LiveMatch:
        """The match of ``record``, whose save is ``state``: every open decision asked
        at its current version."""
        return cls(
            id=record.id,
            game=game,
            plugins=record.plugins,
            bots=record.bots,
            state=state,
            moves=record.moves,
            created=record.created,
            seats={seat.seat: seat for seat in record.seats},
            asked_since={d.player: record.moves for d in state.pending},
        )

    @property
    def players(self) -> int:
        return self.state.players

    def names(self) -> list[str]:
        """What to call each seat: the name its person gave, its bot, or "open seat"."""
        people = {seat: record.name for seat, record in self.seats.items()}
        return [f"{bot} bot" if bot is not None else people.get(seat, "open seat") for seat, bot in enumerate(self.bots)]

    def open_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.bots[s] is None and s not in self.seats]

    def seat_sides(self) -> tuple[str | None, ...]:
        """The side each seat plays (None where the game names none); public."""
        if self.sides is None:
            self.sides = sides_of(self.state.view(None).get("game_view"), self.players)
        return self.sides

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the match: the lobby's line for it."""
        state = self.state
        result = state.result
        sides = self.seat_sides()
        return {
            "id": self.id,
            "game": self.game.name,
            "title": game_title(self.game.name),
            "plugins": list(self.plugins),
            "players": self.players,
            "seats": [
                {"seat": s, "name": name, "side": sides[s], "bot": self.bots[s], "open": self.bots[s] is None and s not in self.seats}
                for s, name in enumerate(self.names())
            ],
            "version": self.moves,
            "turn": state.turn,
            "over": result is not None,
            "winners": None if result is None else list(result.winners),
            "reason": None if result is None else result.reason,
            "problem": self.problem,
            "created": self.created,
        }

    def changed(self) -> None:
        """Wake everyone watching the match; a watcher that has not caught up yet
        gets one wake-up, not one per change."""
        for queue in self.watchers:
            if queue.empty():
                queue.put_nowait(self.moves)


class MatchService:
    """Every match of one server, kept in ``store``; bots move after ``bot_delay`` seconds."""

    def __init__(self, store: MatchStore, bot_delay: float = 0.0) -> None:
        self.store = store
        self.matches: dict[str, LiveMatch] = {}
        self.broken: dict[str, str] = {}
        """Stored matches that cannot be served (a damaged row or save, a game or
        plugin no longer installed), and why."""
        self.damage: list[str] = []
        """What is wrong with the database as a whole, if anything (a table SQLite
        could read only in part)."""
        self._tokens: dict[str, tuple[str, int]] = {}
        self._waiting: dict[str, StoredMatch] = {}
        """Stored matches not verified yet, by id."""
        self._loads: dict[str, asyncio.Task[None]] = {}
        self._loader: asyncio.Task[None] | None = None
        self.autoplay = Autoplay(self, bot_delay)
        self.replays = Replays()

    # -- starting and stopping -------------------------------------------------------------

    async def start(self) -> None:
        """Read every stored match's row; the rows that are damaged make their match
        unavailable now, the others are verified in the background (see the module)."""
        raw, self.damage = await asyncio.to_thread(self.store.raw_matches)
        for note in self.damage:
            log.error("%s: %s (boardcore serve --check-db lists the damaged matches)", self.store.path, note)
        for stored in raw:
            try:
                record = checked_record(stored)
            except DamagedRow as exc:
                self._unavailable(show_id(stored.id), f"is damaged in the database: {exc}")
                continue
            except Exception as exc:  # a row damaged in a way nobody foresaw costs its match only
                log.exception("match %s: reading the stored row failed", show_id(stored.id))
                self._unavailable(show_id(stored.id), f"is damaged in the database: {type(exc).__name__}: {exc}")
                continue
            if record.id in self._waiting:  # the id is the primary key: only a damaged index repeats one
                self._unavailable(record.id, "is damaged in the database: its id is stored twice")
                continue
            self._waiting[record.id] = record
        self._loader = asyncio.get_running_loop().create_task(self._load_all(), name="verify stored matches")

    async def stop(self) -> None:
        if self._loader is not None:
            self._loader.cancel()
            await asyncio.gather(self._loader, *self._loads.values(), return_exceptions=True)
        await self.autoplay.stop()

    async def loaded(self) -> None:
        """Wait until every stored match is verified (served or unavailable)."""
        if self._loader is not None:
            await asyncio.shield(self._loader)

    @property
    def loading(self) -> int:
        """How many stored matches are still waiting to be verified."""
        return len(self._waiting)

    async def _load_all(self) -> None:
        for match_id in list(self._waiting):
            if match_id in self._waiting:  # not verified yet at the request of a client
                await self._load(match_id)

    def _load(self, match_id: str) -> asyncio.Task[None]:
        """The verification of a stored match, started once (by the loader or by the
        first request for it, whichever comes first)."""
        task = self._loads.get(match_id)
        if task is None:
            task = self._loads[match_id] = asyncio.get_running_loop().create_task(self._verify(match_id))
        return task

    async def _verify(self, match_id: str) -> None:
        record = self._waiting[match_id]
        try:
            match = await asyncio.to_thread(revive, record)
        except (BoardcoreError, ValueError) as exc:
            self._unavailable(record.id, f"cannot be loaded: {exc}")
        except Exception as exc:  # a save that fails in a way nobody foresaw costs this match only
            log.exception("match %s: verifying the stored match failed", record.id)
            self._unavailable(record.id, f"cannot be loaded: {type(exc).__name__}: {exc}")
        else:
            reused = [s.seat for s in match.seats.values() if s.token_hash in self._tokens]
            if reused:  # tokens are unique in the schema: only a damaged index repeats one
                self._unavailable(record.id, f"is damaged in the database: seat {reused[0]}'s token is another seat's")
            else:
                self._add(match)
                self.autoplay.kick(match)
        finally:
            del self._waiting[match_id]
            del self._loads[match_id]

    def _unavailable(self, match_id: str, why: str) -> None:
        self.broken[match_id] = why
        log.warning("match %s %s", match_id, why)

    def _add(self, match: LiveMatch) -> None:
        self.matches[match.id] = match
        for seat in match.seats.values():
            self._tokens[seat.token_hash] = (match.id, seat.seat)

    # -- finding a match and a seat ------------------------------------------------------

    async def get(self, match_id: str) -> LiveMatch:
        """The match ``match_id``, once verified; 404 if there is none, 503 (saying
        why) if it cannot be served."""
        if match_id in self._waiting:
            await asyncio.shield(self._load(match_id))
        match = self.matches.get(match_id)
        if match is None:
            if match_id in self.broken:
                raise ApiError(503, f"match {match_id} {self.broken[match_id]}")
            if self.damage:  # the id may be one that the damaged part of the file holds
                raise ApiError(503, f"there is no match {match_id!r:.40} among those the damaged database could be read for")
            raise ApiError(404, f"there is no match {match_id!r:.40}")
        return match

    def seat_of(self, match: LiveMatch, token: str | None) -> int | None:
        """The seat ``token`` was given for in ``match``; None (a spectator) without a token."""
        if token is None:
            return None
        hashed = token_hash(token)
        found = self._tokens.get(hashed)
        # compare in constant time as well, though the lookup was by a hash of a random token
        if found is None or found[0] != match.id or not hmac.compare_digest(match.seats[found[1]].token_hash, hashed):
            raise ApiError(403, f"this token is not a seat's token in match {match.id}")
        return found[1]

    async def lobby(self) -> list[dict[str, Any]]:
        """Every match's public summary, the newest first (once every stored match is verified)."""
        await self.loaded()
        return [m.summary() for m in sorted(self.matches.values(), key=lambda m: (-m.created, m.id))]

    # -- creating and joining ------------------------------------------------------------

    async def create(self, request: NewMatch) -> LiveMatch:
        try:
            game = await asyncio.to_thread(catalog.game, request.game, request.plugins)
            state = await asyncio.to_thread(
                game.new_state, players=request.players, seed=request.seed, **request.options
            )
        except BoardcoreError as exc:
            raise ApiError(400, str(exc)) from None
        seats = request.seats
        wrong = sorted(seat for seat in seats if seat >= state.players)
        if wrong:
            raise ApiError(400, f"'bots': there is no seat {wrong[0]} in a {state.players}-player match")
        bots = tuple(seats.get(seat) for seat in range(state.players))
        return await self._host(record_of(game, request.plugins, state, bots), game, state, "the new match")

    async def join(self, match: LiveMatch, seat: int | None, name: str | None) -> tuple[int, str]:
        """Seat a person at ``seat`` (None: the first open seat); their new token."""
        async with match.lock:
            if seat is None:
                free = match.open_seats()
                if not free:
                    raise ApiError(409, f"match {match.id} has no open seat")
                seat = free[0]
            elif not 0 <= seat < match.players:
                raise ApiError(400, f"there is no seat {seat} in a {match.players}-player match")
            elif match.bots[seat] is not None:
                raise ApiError(409, f"seat {seat} is played by the {match.bots[seat]} bot")
            elif seat in match.seats:
                raise ApiError(409, f"seat {seat} is taken by {match.seats[seat].name}")
            token = secrets.token_urlsafe(32)
            record = SeatRecord(seat, name or f"seat {seat}", token_hash(token), _event_count(match.state))
            try:
                await asyncio.to_thread(self.store.add_seat, match.id, record)
            except SeatTaken:
                raise ApiError(409, f"seat {seat} was just taken") from None
            except StoreUnavailable as exc:
                raise unavailable(f"the seat cannot be stored now (nobody sits there yet): {exc}") from None
            match.seats[seat] = record
            self._tokens[record.token_hash] = (match.id, seat)
        match.changed()
        return seat, token

    # -- answering -----------------------------------------------------------------------

    async def answer(self, match: LiveMatch, seat: int | None, option: int, version: int) -> None:
        """Apply option number ``option`` of ``seat``'s decision; refuse with a 4xx,
        changing nothing, if it is not one, or if ``version`` is older than that
        decision: the seat chose from options that are no longer asked."""
        if seat is None:
            raise ApiError(401, "a spectator cannot answer: send a seat's token (Authorization: Bearer TOKEN)")
        async with match.lock:
            decision = _decision_of(match, seat)
            if not match.asked_since.get(seat, 0) <= version <= match.moves:
                raise ApiError(
                    409, f"your decision has changed since version {version} (the match is at version {match.moves}): read it again"
                )
            if not 0 <= option < len(decision.options):
                raise ApiError(422, f"there is no option {option}: choose from 0 to {len(decision.options) - 1}")
            await self._commit(match, seat, decision.options[option], by_person=True)
        match.changed()
        self.autoplay.kick(match)

    async def bot_answer(self, match: LiveMatch, seat: int, option: int, version: int) -> bool:
        """Apply a bot's choice, made on a copy of version ``version``; False (and
        nothing changes) if the match moved on meanwhile: the bot thinks again."""
        async with match.lock:
            if version != match.moves or match.state.is_over:
                return False
            decision = next((d for d in match.state.pending if d.player == seat), None)
            if decision is None or not 0 <= option < len(decision.options):
                return False
            await self._commit(match, seat, decision.options[option], by_person=False)
        match.changed()
        return True

    async def _commit(self, match: LiveMatch, seat: int, action: Action, by_person: bool) -> None:
        """Apply and store one answer; the caller holds the match's lock."""
        state, moves = match.state, match.moves + 1
        seen = _event_count(state)

        def advance() -> tuple[State, str]:
            after = state.clone()  # the live state stays as it was until the store has the new one
            after.apply(seat, action)
            return after, after.to_json()

        try:
            after, save = await asyncio.to_thread(advance)
        except IllegalAction as exc:
            raise ApiError(422, f"the game refused the answer: {exc}") from None
        except BoardcoreError as exc:
            log.error("match %s: the game failed on seat %s's answer %s: %s", match.id, seat, action, exc)
            raise ApiError(500, f"the game failed while applying the answer (the match is unchanged): {exc}") from None
        try:
            await asyncio.to_thread(
                self.store.record_move, match.id, moves, after.is_over, save, seat if by_person else None, seen
            )
        except StaleMove as exc:
            raise ApiError(409, f"{exc}: is another server using the same database?") from None
        except StoreUnavailable as exc:
            raise unavailable(f"the answer cannot be stored now (the match is unchanged): {exc}") from None
        before = {d.player: d for d in state.pending}
        match.state, match.moves = after, moves
        for decision in after.pending:
            # a seat's decision that the answer left as it was keeps its version; the
            # answering seat's never does, so a repeated click cannot answer twice
            if decision.player == seat or before.get(decision.player) != decision:
                match.asked_since[decision.player] = moves
        if by_person and seat in match.seats:
            match.seats[seat] = attrs.evolve(match.seats[seat], seen=seen)

    async def bring(self, text: str) -> LiveMatch:
        """Host the match saved in ``text`` (an upload): verified, stored, every seat open."""
        try:
            game, plugins, state = await asyncio.to_thread(read_save, text)
        except BoardcoreError as exc:
            raise ApiError(400, f"this file cannot be replayed: {exc}") from None
        return await self._host(record_of(game, plugins, state), game, state, "the match")

    async def _host(self, record: StoredMatch, game: Game, state: State, what: str) -> LiveMatch:
        """Store the new match ``record`` (whose save is ``state``) and serve it; a 503
        naming ``what`` if the store refuses it."""
        try:
            await asyncio.to_thread(self.store.add_match, record)
        except StoreUnavailable as exc:
            raise unavailable(f"{what} cannot be stored now: {exc}") from None
        match = LiveMatch.of(record, game, state)
        self._add(match)
        self.autoplay.kick(match)
        return match

    # -- reading -------------------------------------------------------------------------

    async def replay(self, match: LiveMatch, step: int, seat: int | None) -> dict[str, Any]:
        """The table at ``step`` of the match as ``seat`` (None: a spectator) saw it
        (the caller has checked that this seat may look: see ``inputs.replay_query``)."""
        state, names = match.state, match.names()  # the live state is replaced, never changed: no lock needed
        return await asyncio.to_thread(step_payload, match.id, state, self.replays, step, seat, names)

    async def payload(self, match: LiveMatch, seat: int | None, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of the match now."""
        async with match.lock:
            seen = match.seats[seat].seen if seat is not None and seat in match.seats else None
            told = match.told.setdefault(seat, Told())
            return seat_payload(match.id, match.state, seat, match.moves, match.names(), since, seen, told)


def _decision_of(match: LiveMatch, seat: int) -> Decision:
    state = match.state
    if state.is_over:
        raise ApiError(409, "the match is over")
    decision = next((d for d in state.pending if d.player == seat), None)
    if decision is None:
        raise ApiError(409, f"seat {seat} is not being asked anything now")
    return decision


def _event_count(state: State) -> int:
    """How many events the log holds: the same for every seat's reading of it, and
    only a count, so it tells nothing hidden."""
    return len(state.events)


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token: a token is 32 random bytes, so a
    plain SHA-256 is enough to make a stolen database useless for answering."""
    return hashlib.sha256(token.encode()).hexdigest()


def unavailable(message: str) -> ApiError:
    """A 503: the store refused a write that may succeed later."""
    return ApiError(503, message, {"Retry-After": "5"})


def checked_record(stored: RawMatch) -> StoredMatch:
    """The record of a stored match whose row SQLite could read and whose columns
    are what the server writes; :class:`DamagedRow` otherwise."""
    if stored.columns is None:
        raise DamagedRow(stored.error or "SQLite cannot read it")
    return match_record(stored.columns, stored.seats)


def revive(record: StoredMatch) -> LiveMatch:
    """A stored match back in memory: its game loaded and its save verified by a
    replay of its history (a changed character, or a save of another match, is
    refused here rather than on every later read), then checked against the row
    around it. Raises ``BoardcoreError`` or ``ValueError`` saying what is wrong."""
    game = catalog.game(record.game, record.plugins)
    state = game.state_from_json(record.save)
    if state.players != record.players:
        raise ValueError(f"its save has {state.players} players, its row {record.players}")
    if len(state.history) != record.moves:
        raise ValueError(f"its save holds {len(state.history)} answers, its row counts {record.moves}")
    if state.is_over != record.over:
        raise ValueError(f"its row says the match is {'' if record.over else 'not '}over, its save says otherwise")
    events = len(state.events)
    for seat in record.seats:
        if seat.seen > events:
            raise ValueError(f"seat {seat.seat} last answered after event {seat.seen}, but the log holds {events}")
    return LiveMatch.of(record, game, state)
