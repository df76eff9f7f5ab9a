"""Safe re-deals: a step that changes the match while it asks, and a step that keeps the
id of a card some player cannot see, are caught by the engine and by check_game with a
clear error instead of running twice or crashing on a card that moved."""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

import boardcore
from boardcore import Match, SeatZones, Visibility, Zone
from boardcore.testing import ConformanceError, check_game, check_who_is_asked

DECK = Zone("deck", Visibility.HIDDEN, deck=True, refill="pile")
PILE = Zone("pile")
HAND = SeatZones("hand", Visibility.OWNER)
FOOD = boardcore.Tally("food")


def deal(m: Match) -> None:
    for seat in range(m.players):
        m.draw(DECK, HAND[seat], 2)


@attrs.frozen
class GreedyDiscard(boardcore.Step):
    """Gains a Food, then asks which card to discard: both in one ``run``, the trap."""

    player: int

    def run(self, m: Match) -> None:
        m.add(FOOD, 1, self.player)
        options = [boardcore.actions.pick(c, f"discard {m.card(c).name}") for c in m.cards(HAND[self.player])]
        m.ask(self.player, options, "discard a card", self)

    def resolve(self, m: Match, player: int, action: boardcore.actions.Action) -> None:
        m.move((action.item,), HAND[player], PILE)  # type: ignore[attr-defined]
        m.draw(DECK, HAND[player])


class Greedy(boardcore.Phase):
    name = "greedy"

    def begin(self, m: Match) -> None:
        m.schedule(GreedyDiscard(m.active))


@attrs.frozen
class KeepOrDiscard(boardcore.steps.Choose):
    """Asks about the card just drawn, keeping its id: hidden from the others, so a re-deal moves it."""

    card: str = ""
    public = True

    def items(self, m: Match, player: int) -> Iterable[tuple[str, str]]:
        return [("keep", "keep it"), ("discard", "discard it")]

    def chosen(self, m: Match, player: int, item: str) -> None:
        if item == "discard":
            m.move((self.card,), HAND[player], PILE)


class Keeper(boardcore.Phase):
    name = "keeper"

    def begin(self, m: Match) -> None:
        (drawn,) = m.draw(DECK, HAND[m.active])
        m.schedule(KeepOrDiscard(m.active, card=drawn))


def cards() -> list[boardcore.Card]:
    return [boardcore.Card(f"c{i}", f"Card {i}") for i in range(12)]


def make(name: str, phase: type) -> boardcore.Game:
    spec = boardcore.GameSpec(
        name=name,
        summary="a trap for re-deals",
        player_counts=(2,),
        zones=(DECK, PILE, HAND),
        counters=(FOOD,),
        setup=deal,
        phases=(phase,),
        turn_order=boardcore.TurnOrder.SEATS,
        turn_limit=8,
        at_limit=lambda m: boardcore.Result((), "turn limit"),
    )
    return boardcore.registry.game_from_provider(boardcore.GamePlugin(spec, cards=cards, package=__name__))


def test_a_step_that_changes_the_match_while_it_asks_is_refused_by_a_redeal_naming_it():
    state = make("greedy", Greedy).new_state(players=2, seed=1)
    state.apply(0, state.pending[0].options[0])
    assert state.pending[0].player == 1 and state.match.count(FOOD, 1) == 1
    with pytest.raises(boardcore.RuleError, match=r"GreedyDiscard.run changed the match \(counters, log \(\+1 event\)\) while asking"):
        state.determinize(0, seed=5)
    assert state.match.count(FOOD, 1) == 1  # the match itself is untouched


def test_check_game_reports_a_step_that_changes_the_match_while_it_asks():
    with pytest.raises(ConformanceError) as caught:
        check_game(make("greedy", Greedy), games=3, cross_process=False)
    text = str(caught.value)
    assert "property 'safe re-deals' failed" in text and "GreedyDiscard.run changed the match" in text
    assert "seed=" in text and "reproduce with: game.replay(" in text


def test_check_game_reports_a_step_that_keeps_a_card_a_redeal_moved():
    with pytest.raises(ConformanceError) as caught:
        check_game(make("keeper", Keeper), games=3, cross_process=False)
    text = str(caught.value)
    assert "property 'safe re-deals' failed" in text
    assert "the step KeepOrDiscard still holds card" in text and "which the re-deal moved from 'hand:" in text
    assert "HISTORY = " in text


def test_check_who_is_asked_says_what_failed_instead_of_raising():
    state = make("greedy", Greedy).new_state(players=2, seed=1)
    state.apply(0, state.pending[0].options[0])
    problem = check_who_is_asked(state)
    assert problem is not None and problem.startswith("re-dealing what player 0 cannot see (State.determinize) failed: RuleError")
