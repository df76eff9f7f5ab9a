"""Bots at the seats of hosted matches, played by the server.

Each match with a bot to move gets one asyncio task. The bot thinks in a worker
thread on an independent copy of the match (a save read back), never on the live
state, so a slow bot (Monte Carlo search) holds neither the match's lock nor the
event loop: people keep reading the match, and other matches keep moving. Its
choice is then applied like a person's answer, unless the match moved on while
it thought, in which case it thinks again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .. import BoardcoreError, Game
from ..bots import Bot, make_bot
from .errors import ApiError

if TYPE_CHECKING:
    from .matches import LiveMatch, MatchService

log = logging.getLogger("boardcore.server")


class Autoplay:
    """Runs the bots of ``service``'s matches, each move after ``delay`` seconds
    (so that people can follow a bot's moves)."""

    def __init__(self, service: MatchService, delay: float = 0.0) -> None:
        self.service = service
        self.delay = delay
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._bots: dict[tuple[str, int], Bot] = {}

    def kick(self, match: LiveMatch) -> None:
        """Make sure a bot whose decision is open in ``match`` will answer it."""
        if not any(match.bots) or match.problem is not None:
            return
        task = self._tasks.get(match.id)
        if task is None or task.done():
            self._tasks[match.id] = asyncio.get_running_loop().create_task(self._drive(match), name=f"bots:{match.id}")

    async def stop(self) -> None:
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    async def idle(self) -> None:
        """Wait until no bot has a move to make (for tests and the load test)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _drive(self, match: LiveMatch) -> None:
        """Play every bot decision of ``match`` until only people are asked."""
        while True:
            async with match.lock:
                state = match.state
                todo = [d for d in state.pending if match.bots[d.player] is not None]
                if not todo:
                    return
                seat, version, save = todo[0].player, match.moves, state.to_json()
            if self.delay:
                await asyncio.sleep(self.delay)
            try:
                bot = self._bot(match, seat)
                option = await asyncio.to_thread(_think, match.game, save, bot, seat)
            except Exception as exc:  # a bot that fails would fail again: stop, say why
                return _halt(match, f"the {match.bots[seat]} bot at seat {seat} failed: {type(exc).__name__}: {exc}")
            try:
                accepted = await self.service.bot_answer(match, seat, option, version)
            except ApiError as exc:  # the store refused the answer: the match is as it was
                return _halt(match, f"the {match.bots[seat]} bot's answer at seat {seat} was not stored: {exc.message}")
            if not accepted and match.moves == version:
                # refused although nothing moved: the copy and the match disagree; do not spin
                return _halt(match, f"the {match.bots[seat]} bot at seat {seat} chose an option the match refused")

    def _bot(self, match: LiveMatch, seat: int) -> Bot:
        key = (match.id, seat)
        bot = self._bots.get(key)
        if bot is None:
            name = match.bots[seat]
            assert name is not None
            # seeded like the terminal's bots: the match's seed and the seat
            bot = self._bots[key] = make_bot(name, match.state.seed + seat + 1)
        return bot


def _halt(match: LiveMatch, problem: str) -> None:
    """Stop the bots of ``match``, saying why to its watchers and in the log."""
    match.problem = problem
    log.error("match %s: %s", match.id, problem)
    match.changed()


def _think(game: Game, save: str, bot: Bot, seat: int) -> int:
    """The index of the option ``bot`` picks for ``seat`` in the match saved as ``save``."""
    state = game.state_from_json(save, verify=False)
    decision = next(d for d in state.pending if d.player == seat)
    choice = bot.choose(state, decision)
    try:
        return decision.options.index(choice)
    except ValueError:
        raise BoardcoreError(f"the bot chose {choice!r:.80}, which is not one of the options") from None
