"""A match played at the terminal: people at their seats, bots at the others.

One person or several share the terminal (hot-seat). Before a person's decision
the screen is handed over when it was someone else's turn to look, so that one
player's hidden cards are not shown to the next. A person can quit (saving) and
take back their last decision while nothing hidden has come to light since, and
on a board game choose a move by typing its squares ("e1", "e3 e5").

Every line names the players by their name and side ("Ann (North)"); the board
keeps one letter per kind of piece for the whole match; bookkeeping events are
told only with ``verbose``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from .. import InvalidData, State
from ..events import (
    CardPlayed,
    CardsMoved,
    Chose,
    CounterChanged,
    GameOver,
    PhaseBegan,
    PhaseEnded,
    PieceAdded,
    PieceMoved,
    PieceRemoved,
    TurnBegan,
    TurnEnded,
)
from ..display import game_title, narrate, render_event, render_view
from .legend import Legend
from .offers import squares_named, typed_squares, fitting, unplayable
from .screen import Screen
from .seating import Seating

_HARMLESS = (Chose, PhaseBegan, PhaseEnded, TurnBegan, TurnEnded, CounterChanged, PieceAdded, PieceMoved, PieceRemoved, CardPlayed)
"""Events that show nothing hidden. Dice, reveals, shuffles and a game's own events
(a battle's totals) may, so a decision before them cannot be taken back."""

_HANDOVER_LINES = 40
"""Blank lines printed when the terminal passes to another person: the previous
player's cards scroll out of sight."""


class Session:
    """The loop of a match at the terminal.

    ``people`` maps the seats played at this terminal to their names; every other
    seat is played by its bot in ``bots``. ``save`` (optional) is written at the
    start and after every action.
    """

    def __init__(
        self,
        state: State,
        people: Mapping[int, str],
        bots: Mapping[int, Any],
        names: Mapping[int, str],
        save: Path | None,
        inp: TextIO,
        out: TextIO,
        skip_forced: bool = False,
        *,
        verbose: bool = False,
        given_names: bool | None = None,
    ) -> None:
        self.state = state
        self.skip_forced = skip_forced
        """Whether a person's decision with a single option is answered for them."""
        self.verbose = verbose
        """Whether bookkeeping events (pieces entering, counters kept on pieces) are told too."""
        self.people = dict(people)
        self.bots = dict(bots)
        self.names = dict(names)
        self.save_path = save
        self.inp = inp
        self.out = out
        self.screen = Screen(out)
        self.card_names = {cid: card.text for cid, card in state.game.cards.items()}
        self.title = game_title(state.game.name)
        if given_names is None:
            given_names = any(n not in ("you", f"seat {p}") for p, n in self.names.items())
        self.given_names = given_names
        """Whether the names were given (``--names``): a resume command repeats them."""
        described = state.view(None).get("game_view")
        self.seating = Seating.of(self.names, state.players, described)
        self.legend = Legend.of_match(described, state.events_for(None))
        start = next((i for i, e in enumerate(state.events) if isinstance(e, TurnBegan)), 0)
        self.shown = {seat: start if not state.history else len(state.events) for seat in self.people}
        self.looking: int | None = None
        # per person: (history length, log length) before each of their decisions
        self.marks: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.people}

    # -- the loop --------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends or a person leaves; the exit code."""
        while not self.state.is_over:
            pending = self.state.pending
            # Whoever is looking goes on while asked (a whole secret exchange), so the
            # terminal changes hands once per turn of choices, not once per pick.
            decision = next((d for d in pending if d.player == self.looking), None) or next(
                (d for d in pending if d.player in self.people), None
            )
            if decision is None:
                d = pending[0]
                self.state.apply(d.player, self.bots[d.player].choose(self.state, d))
                self.write_save()
                continue
            seat = decision.player
            if self.skip_forced and len(decision.options) == 1:
                self.state.apply(seat, decision.options[0])
                self.write_save()
                continue
            if not self.hand_over(seat):
                return self.leave()
            view = self.state.view(seat)
            self.seating = Seating.of(self.names, self.state.players, view.get("game_view"))
            self.show_events(seat)
            self.legend.learn(self.state.events_for(seat))
            marked = unplayable(self.state, seat, decision)
            screen = render_view(view, seating=self.seating, legend=self.legend, unplayable=marked, title=self.title)
            for line in screen.splitlines():
                self.screen.write(line)
            self.screen.write(f"{self.seating.who(seat)}: {self.seating.tell(decision.prompt)}", style="bold yellow")
            texts = [self.option_text(o) for o in decision.options]
            for line in option_lines(texts):
                self.screen.write(line)
            board = view.get("board")
            squares = [squares_named(text, board["width"], board["height"]) for text in texts] if board else None
            answer = self.ask(len(decision.options), squares if squares and any(squares) else None)
            if answer is None:
                return self.leave()
            if isinstance(answer, str):  # "undo"
                self.undo(seat)
                continue
            self.marks[seat].append((len(self.state.history), len(self.state.events)))
            self.state.apply(seat, decision.options[answer - 1])
            self.write_save()
        self.finish()
        return 0

    def hand_over(self, seat: int) -> bool:
        """With several people, make sure the right one is looking; False if the input ended."""
        if len(self.people) > 1 and self.looking != seat:
            if self.looking is not None:
                self.screen.write("\n" * _HANDOVER_LINES, end="")
            side = self.seating.side(seat)
            where = f"{side}, seat {seat}" if side else f"seat {seat}"
            self.screen.write(f"Pass the terminal to {self.seating.name(seat)} ({where}) and press Enter.", style="reverse bold")
            if not self.inp.readline():
                return False
        self.looking = seat
        return True

    def option_text(self, option: Any) -> str:
        """An option's text, a card in it read as the game words it in a hand
        ("discard Centurions (Resources 9)"), and a seat it names by who sits there."""
        text = str(option)
        item = getattr(option, "card", None) or getattr(option, "item", None)
        card = self.state.game.cards.get(item) if isinstance(item, str) else None
        # Left alone when the option already words the card as its text (a game that
        # wrote its options from card.text): replacing again would say it twice.
        if card is not None and card.text != card.label and card.label in text and card.text not in text:
            text = text.replace(card.label, card.text, 1)
        return self.seating.tell(text)

    def tell(self, events: Any, first: int) -> list[str]:
        """The sentences of ``events[first:]`` as this table reads them (the end is
        said once, in words, by :meth:`finish`)."""
        said = narrate(events, first, self.card_names, self.seating.who, self.verbose)
        return [line for event, line in zip(events[first:], said) if line and not isinstance(event, GameOver)]

    def show_events(self, seat: int) -> None:
        events = self.state.events_for(seat)
        for line in self.tell(events, self.shown[seat]):
            self.screen.write("  " + line)
        self.shown[seat] = len(events)

    def ask(self, count: int, squares: list[list[str]] | None = None) -> int | str | None:
        """A number from 1 to ``count``, ``"undo"``, or None to leave. On a board
        (``squares``: those each option names), a square or two ("e1", "e3 e5")
        choose the one option that names them."""
        hint = ", a square" if squares else ""
        while True:
            self.screen.write(f"your choice (1-{count}{hint}, u to undo, q to quit): ", style="bold", end="")
            line = self.inp.readline()
            if not line:
                return None
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                return None
            if text in ("u", "undo"):
                return "undo"
            typed = typed_squares(text) if squares else None
            if typed is not None and squares is not None:
                found = fitting(typed, squares)
                if len(found) == 1:
                    return found[0] + 1
                said = " ".join(typed)
                if not found:
                    self.screen.write(f"  no option names {said}; type a number from 1 to {count}", style="red")
                else:
                    numbers = ", ".join(str(i + 1) for i in found)
                    self.screen.write(f"  {said} fits options {numbers}: type one of these numbers, or two squares (from, to)", style="red")
                continue
            try:
                number = int(text)
            except ValueError:
                self.screen.write(f"  '{line.strip()}' is not a number; type a number from 1 to {count}{hint}", style="red")
                continue
            if 1 <= number <= count:
                return number
            self.screen.write(f"  {number} is not between 1 and {count}", style="red")

    # -- taking back a decision ------------------------------------------------------------

    def undo(self, seat: int) -> None:
        """Go back to just before ``seat``'s last decision, if nothing hidden from them
        has shown since (else say why not)."""
        marks = self.marks[seat]
        if not marks:
            self.screen.write("  nothing to take back: you have not decided anything yet", style="red")
            return
        history_size, log_size = marks[-1]
        # With several people at the terminal, an undo must not silently take back
        # somebody else's decision made since.
        since = [other for other, its in self.marks.items() if other != seat and its and its[-1][0] > history_size]
        if since:
            who = " and ".join(self.names[other] for other in sorted(since))
            self.screen.write(f"  cannot take it back: {who} decided since then", style="red")
            return
        telling = self.telling_event(seat, log_size)
        if telling is not None:
            self.screen.write(f"  cannot take it back: since then, {telling}", style="red")
            return
        state = self.state
        history = state.history[:history_size]
        game = state.game
        self.state = game.replay(seed=state.seed, players=state.players, history=history, **state.setup_options)
        marks.pop()
        for other in self.shown:
            self.shown[other] = min(self.shown[other], log_size)
        self.write_save()
        self.screen.write("  taken back", style="green")

    def telling_event(self, seat: int, since: int) -> str | None:
        """What has shown ``seat`` something hidden since log entry ``since``, or None."""
        specs = self.state.match.specs
        for event in self.state.events[since:]:
            if isinstance(event, CardsMoved):
                source, target = specs.get(event.source), specs.get(event.target)
                if source is not None and target is not None and target.visible_to(seat) and not source.visible_to(seat):
                    return f"cards came into {event.target}"
            elif not isinstance(event, _HARMLESS):
                said = render_event(event.seen_by(specs, seat), self.card_names, self.seating.who, verbose=True)
                return f"this was shown: {said}" if said else f"something was shown ({type(event).__name__})"
        return None

    # -- saving and leaving ------------------------------------------------------------

    def write_save(self, path: Path | None = None) -> None:
        """Write the match through a temporary file, so a failed write leaves the
        previous save whole."""
        path = path or self.save_path
        if path is None:
            return
        tmp = path.with_suffix(path.suffix + ".tmp")
        try:
            tmp.write_text(self.state.to_json(), encoding="utf-8")
            tmp.replace(path)
        except OSError as exc:
            raise InvalidData(f"cannot save the match: {exc.strerror or exc}", where=str(path)) from exc

    def resume_command(self, path: Path | str) -> str:
        """The command that goes on with this match from ``path``, with the same people."""
        words = ["boardcore play", f"--load {path}", f"--save {path}"]
        if len(self.people) > 1:
            words.append(f"--seats {','.join(str(p) for p in sorted(self.people))}")
        elif next(iter(self.people)) != 0:
            words.append(f"--seat {next(iter(self.people))}")
        if self.given_names:
            words.append(f"--names {','.join(self.names[p] for p in sorted(self.names))}")
        return " ".join(words)

    def leave(self) -> int:
        if self.save_path is not None:
            self.screen.write(f"saved to {self.save_path}; resume with: {self.resume_command(self.save_path)}")
        else:
            self.screen.write("save the match? type a file name, or press Enter to leave without saving: ", end="")
            name = self.inp.readline().strip()
            if name:
                self.write_save(Path(name))
                self.screen.write(f"saved to {name}; resume with: {self.resume_command(name)}")
        self.screen.write("bye")
        return 0

    def welcome(self, seed: int, resumed: bool) -> None:
        """The first line: the game, the seed, who plays where (people and bots)."""
        state = self.state
        who = self.seating.who
        people = "; ".join(f"{who(p)} at seat {p}" for p in sorted(self.people))
        bots = "; ".join(f"{who(p)} at seat {p}" for p in sorted(self.bots))
        again = f", resumed after {len(state.history)} actions" if resumed else ""
        line = f"{self.title}, {state.players} players, seed {seed}{again}. At this terminal: {people}."
        if bots:
            line += f" Bots: {bots}."
        self.screen.write(line + " Type q to quit.")

    def finish(self) -> None:
        if len(self.people) == 1:
            self.show_events(next(iter(self.people)))
        else:
            # Several people: the last events as everybody may see them (the reveal,
            # the final count), from the earliest one somebody has not been shown.
            since = min(self.shown.values())
            self.screen.write("What happened last:")
            for line in self.tell(self.state.events_for(None), since):
                self.screen.write("  " + line)
        result = self.state.result
        assert result is not None
        who = self.seating.who
        winners = ", ".join(who(w) for w in result.winners) or "nobody"
        self.screen.write(f"Game over: {self.seating.tell(result.reason)}. Winner{'s' if len(result.winners) > 1 else ''}: {winners}.", style="bold green")
        if result.scores is not None:
            scores = ", ".join(f"{who(p)} {score}" for p, score in enumerate(result.scores))
            self.screen.write(f"Final scores: {scores}.")
        if len(self.people) == 1:
            (seat,) = self.people
            verdict = (
                "you win" if result.winners == (seat,) else "you share the result" if seat in result.winners else "you lose"
            )
            self.screen.write(f"{self.names[seat]}: {verdict}.", style="bold")


def option_lines(texts: list[str]) -> list[str]:
    """Numbered options, those that begin with the same word grouped under it:
    ``discard:`` then ``1. Centurions (Resources 9)``, ``2. ...``, then ``9. done``."""
    verbs = [text.split(" ", 1)[0] if " " in text else "" for text in texts]
    lines: list[str] = []
    for i, (text, verb) in enumerate(zip(texts, verbs)):
        grouped = verb and verbs.count(verb) > 2
        if grouped and (i == 0 or verbs[i - 1] != verb):
            lines.append(f"  {verb}:")
        lines.append(f"    {i + 1}. {text[len(verb) + 1:]}" if grouped else f"  {i + 1}. {text}")
    return lines
