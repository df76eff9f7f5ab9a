"""The moments of Gallic Wars: a plugin modifies, cancels, replaces and reacts to each,
and a phase is skipped for one player (docs/games/gallic-wars.md, "For expansion
authors"). Every deck is stacked, so each test plays the hand it names."""

from __future__ import annotations

import attrs

import boardcore
from boardcore.events import CardsDrawn, Exchanged, MomentCancelled, MomentReplaced, PhaseBegan
from boardcore.testing import arranged, choose, events, options
from boardcore_gallic_wars import (
    DISCARD,
    DRAW,
    HAND,
    STREAK,
    HandFought,
    Side,
    StreakScored,
)
from boardcore_gallic_wars.testing import exchange, fight, hands_fought, invariants, keep, with_rules

# Two hands whose totals are 72 (Romans: R, T, S 19 each, both Leaders in M) and 18
# (Celts: 7 in each of R, T, S, and -3 of Disadvantages): the Romans win.
STRONG = ["Caesar", "Labienus", "Legions", "Centurions", "Elaborate Siege Works", "German Horsemen",
          "Decisive Battle", "Systematic Invasion"]  # fmt: skip
WEAK = ["Archers", "Miners", "Sword & Spear", "Night Attack", "Scouts", "Druids", "Tribal Divisions", "Women & Children"]


def drawn(seat: int, count: int) -> CardsDrawn:
    """The engine's draw moment as Reinforcements performs it: a hand of ``count`` (GW-R15)."""
    return CardsDrawn(seat, count, "hand", DRAW[seat], HAND[seat])


FOUGHT_AS_TOLD = HandFought(1, (72, 18), 0, (
    ("Caesar", "Legions", "Elaborate Siege Works", "Decisive Battle", "Centurions", "German Horsemen",
     "Systematic Invasion", "Labienus"),
    ("Miners", "Night Attack", "Druids", "Archers", "Sword & Spear", "Scouts", "Women & Children", "Tribal Divisions"),
))  # fmt: skip
"""The hand those two fight, with the cards that counted by seat (every one of them here:
the highest Force first, Disadvantages last, GW-R08 to GW-R10)."""


def test_the_stacked_hands_total_72_and_18():
    (fought,) = hands_fought(fight(boardcore.load_game("gallic-wars"), STRONG, WEAK))
    assert attrs.evolve(fought, counted=()) == HandFought(1, (72, 18), 0)
    assert fought == FOUGHT_AS_TOLD


def test_gw_r12_the_quiet_moments_are_logged_only_while_something_acts_on_them():
    plain = fight(boardcore.load_game("gallic-wars"), STRONG, WEAK)
    assert events(plain, CardsDrawn) == events(plain, Exchanged) == events(plain, StreakScored) == []

    class Watch(boardcore.Effect):
        @boardcore.reacts_to(CardsDrawn, StreakScored)
        def look(self, m, card, moment):
            pass

    watched = fight(with_rules(Watch()), STRONG, WEAK)
    assert events(watched, CardsDrawn)[:2] == [drawn(0, 8), drawn(1, 8)]
    assert events(watched, StreakScored) == [StreakScored(0)]
    kinds = [type(e) for e in watched.events]
    assert kinds.index(StreakScored) < kinds.index(HandFought)  # scored as the hand is fought
    assert len(watched.events) == len(plain.events) + 2 + 1 + 2  # hand 2 is drawn too


# -- CardsDrawn (Reinforcements) -----------------------------------------------------------


class Levy(boardcore.Effect):
    """The Celts draw one card more in Reinforcements."""

    @boardcore.modifies(CardsDrawn)
    def one_more(self, m, card, drawn):
        return attrs.evolve(drawn, count=drawn.count + 1) if m.table.sides[drawn.player] is Side.CELTS else None


def from_the_bottom(m, card, drawn):
    return drawn.player == 0


class Ambush(boardcore.Effect):
    """The Romans' hand comes from the bottom of their draw pile instead."""

    @boardcore.replaces(CardsDrawn, when=from_the_bottom)
    def bottom(self, m, card, drawn):
        m.move(m.cards(DRAW[0])[: drawn.count], DRAW[0], HAND[0])


def test_gw_r15_a_rule_modifies_the_celts_draw_to_nine_cards():
    state = arranged(with_rules(Levy()), seed=2)
    m = state.match
    assert (len(m.cards(HAND[0])), len(m.cards(HAND[1]))) == (8, 9)
    assert events(state, CardsDrawn) == [drawn(0, 8), drawn(1, 9)]


def test_gw_r15_a_rule_replaces_the_romans_draw():
    game = with_rules(Ambush())
    state = arranged(game, seed=2, top={DRAW[0]: STRONG})
    hand = state.match.cards(HAND[0])
    assert len(hand) == 8 and not {game.card(c).name for c in hand} & set(STRONG)  # not the top of the pile
    assert events(state, MomentReplaced) == [MomentReplaced(drawn(0, 8), "test-rules")]
    assert events(state, CardsDrawn) == [drawn(1, 8)]  # the Celts drew as usual


def test_gw_r15_a_seat_skips_its_reinforcements_once():
    state = arranged(boardcore.load_game("gallic-wars"), seed=2, before=lambda s: s.match.skip_phase(0, "reinforcements"))
    m = state.match
    assert (len(m.cards(HAND[0])), len(m.cards(HAND[1]))) == (0, 8)
    assert events(state, MomentCancelled) == [MomentCancelled(PhaseBegan("reinforcements", 0), "skip_phase")]
    assert m.skips(0, "reinforcements") == 0  # the flag cleared itself
    assert options(state, 0) == ["done"]  # nothing to exchange
    keep(state)
    assert len(state.match.cards(HAND[0])) == 8  # the next hand is drawn as usual


# -- Exchanged (Strategy) ---------------------------------------------------------------


class Scouts(boardcore.Effect):
    """A Celtic exchange draws one card more than it discards."""

    @boardcore.modifies(Exchanged)
    def one_more(self, m, card, exchanged):
        return attrs.evolve(exchanged, draws=exchanged.draws + 1) if exchanged.player == 1 else None


class Recycling(boardcore.Effect):
    """Exchanged cards go under the draw pile instead of onto the discard pile."""

    @boardcore.replaces(Exchanged)
    def under(self, m, card, exchanged):
        m.put_under(exchanged.cards, HAND[exchanged.player], DRAW[exchanged.player])
        m.draw(DRAW[exchanged.player], HAND[exchanged.player], exchanged.draws)


def test_gw_r06_a_rule_modifies_the_celts_exchange_to_draw_one_more():
    state = arranged(with_rules(Scouts()), seed=3, top={DRAW[1]: WEAK + ["Gauls", "Tribes", "Revolt"]})
    exchange(state, 1, ["Archers", "Miners"])
    exchange(state, 0, [])  # both have chosen: the exchanges, then the battle
    (exchanged,) = events(state, Exchanged)
    assert exchanged.player == 1 and exchanged.draws == 3 and len(exchanged.cards) == 2
    assert len(state.match.cards(DISCARD[1])) == 2 + 9  # the two, then the whole 9-card hand after the battle


def test_gw_r06_a_rule_replaces_the_exchange():
    state = arranged(with_rules(Recycling()), seed=3, top={DRAW[1]: WEAK + ["Gauls", "Tribes"]})
    exchange(state, 1, ["Archers", "Miners"])
    exchange(state, 0, [])
    m = state.match
    assert [e.by for e in events(state, MomentReplaced)] == ["test-rules"]
    assert events(state, Exchanged) == []
    assert len(m.cards(DISCARD[1])) == 8  # only the hand fought: the two went under the pile
    assert [state.game.card(c).name for c in m.cards(DRAW[1])[:2]] == ["Archers", "Miners"]  # the bottom two


def test_gw_r06_a_seat_skips_its_exchange_once():
    class LoserWavers(boardcore.Effect):
        """The loser of a hand sits out the next exchange."""

        @boardcore.reacts_to(HandFought)
        def waver(self, m, card, fought):
            if fought.winner is not None and fought.hand == 1:
                m.skip_phase(1 - fought.winner, "strategy")

    state = fight(with_rules(LoserWavers()), STRONG, WEAK)
    assert hands_fought(state)[0].winner == 0
    assert [d.player for d in state.pending] == [0]  # the Celts are not asked in hand 2
    assert events(state, MomentCancelled)[-1] == MomentCancelled(PhaseBegan("strategy", 1), "skip_phase")
    assert state.match.skips(1, "strategy") == 0
    choose(state, 0, "done")
    assert state.turn == 3 and sorted(d.player for d in state.pending) == [0, 1]  # both again in hand 3


# -- HandFought (Battle) ----------------------------------------------------------------


class CelticFury(boardcore.Effect):
    """The Celts' total counts 60 more."""

    @boardcore.modifies(HandFought)
    def fury(self, m, card, fought):
        celts = m.table.order()[1]
        totals = tuple(t + 60 if seat == celts else t for seat, t in enumerate(fought.totals))
        return HandFought.of(fought.hand, totals)


class Truce(boardcore.Effect):
    """No hand is fought: the armies part (a replacement that does nothing else)."""

    @boardcore.replaces(HandFought)
    def part(self, m, card, fought):
        pass


class Rain(boardcore.Effect):
    """The first hand is rained off (cancelled)."""

    @boardcore.modifies(HandFought)
    def rain(self, m, card, fought):
        return boardcore.CANCEL if fought.hand == 1 else None


def test_gw_r11_a_rule_modifies_the_totals_and_the_winner_follows():
    state = fight(with_rules(CelticFury()), STRONG, WEAK)
    (fought,) = hands_fought(state)
    assert fought == HandFought(1, (72, 78), 1)
    assert state.match.table.winners == (1,)
    assert [state.match.count(STREAK, seat) for seat in (0, 1)] == [0, 1]


def test_gw_r11_gw_r14_a_rule_replaces_the_battle_and_the_hands_are_still_discarded():
    state = fight(with_rules(Truce()), STRONG, WEAK)
    m = state.match
    assert hands_fought(state) == [] and m.table.winners == ()
    assert events(state, MomentReplaced) == [MomentReplaced(FOUGHT_AS_TOLD, "test-rules")]
    assert [m.count(STREAK, seat) for seat in (0, 1)] == [0, 0]
    assert len(m.cards(DISCARD[0])) == len(m.cards(DISCARD[1])) == 8
    assert state.turn == 2 and not state.is_over


def test_gw_r13_hands_that_were_never_fought_end_in_a_draw():
    game = with_rules(Truce())
    state = game.new_state(players=2, seed=1)
    while not state.is_over:
        keep(state)
    assert state.turn == 8 and state.result.winners == (0, 1) and "tied" in state.result.reason


def test_gw_r12_a_cancelled_battle_leaves_the_streaks():
    state = fight(with_rules(Rain()), STRONG, WEAK)
    assert events(state, MomentCancelled) == [MomentCancelled(FOUGHT_AS_TOLD, "test-rules")]
    assert hands_fought(state) == [] and state.match.table.winners == ()
    assert [state.match.count(STREAK, seat) for seat in (0, 1)] == [0, 0]
    keep(state)
    assert [h.hand for h in hands_fought(state)] == [2]


def test_a_card_in_hand_modifies_the_battle():
    """A card (not a rule) whose effect modifies the battle while its holder has it."""

    class Reserves(boardcore.Effect):
        def contribution(self, card):
            from boardcore_gallic_wars import Contribution

            return Contribution(card.id, 0, ())

        @boardcore.modifies(HandFought)
        def reinforce(self, m, card, fought):
            holder = next((seat for seat in (0, 1) if card.id in m.cards(HAND[seat])), None)
            if holder is None:
                return None
            return HandFought.of(fought.hand, tuple(t + 60 if seat == holder else t for seat, t in enumerate(fought.totals)))

    class Plugin:
        name = "reserves"
        games = ("gallic-wars",)

        @boardcore.hookimpl
        def register_cards(self, game):
            from boardcore_gallic_wars import GallicCard

            return [GallicCard("C-RS01", "Fresh Reserves", side=Side.CELTS, kind=None, force=0, effect="reserves")]

        @boardcore.hookimpl
        def register_effects(self, game):
            return {"reserves": Reserves()}

    game = boardcore.load_game("gallic-wars", plugins=[Plugin()])
    state = fight(game, STRONG, ["Fresh Reserves"] + WEAK[:7])
    (fought,) = hands_fought(state)
    assert fought == HandFought(1, (72, 60 + 21 - 2), 1)  # Women & Children (-1) is not in the hand


# -- StreakScored -----------------------------------------------------------------------


class DoubleGlory(boardcore.Effect):
    """A hand won scores two hands of streak."""

    @boardcore.modifies(StreakScored)
    def double(self, m, card, scored):
        return attrs.evolve(scored, points=2)


class Triumph(boardcore.Effect):
    """Instead of a hand of streak, a Roman win raises the Romans' streak to 3 at once."""

    @boardcore.replaces(StreakScored, when=lambda m, card, scored: m.table.sides[scored.seat] is Side.ROMANS)
    def triumph(self, m, card, scored):
        m.set_count(STREAK, 3, scored.seat)


def test_gw_r12_a_rule_modifies_the_streak_a_hand_scores():
    state = fight(with_rules(DoubleGlory()), STRONG, WEAK)
    assert events(state, StreakScored) == [StreakScored(0, 2)]
    assert state.match.count(STREAK, 0) == 2 and not state.is_over


def test_gw_r12_a_rule_replaces_the_streak_and_reaching_3_wins_at_once():
    state = fight(with_rules(Triumph()), STRONG, WEAK)
    assert events(state, MomentReplaced) == [MomentReplaced(StreakScored(0), "test-rules")]
    assert state.is_over and state.turn == 1
    assert state.result.winners == (0,) and state.result.reason == "won 3 hands in a row"


# -- PhaseBegan: a phase skipped for both players ---------------------------------------


class Haste(boardcore.Effect):
    """The first hand has no Strategy phase."""

    @boardcore.modifies(PhaseBegan)
    def hurry(self, m, card, began):
        return boardcore.CANCEL if began.phase == "strategy" and m.turn == 1 else None


def test_a_rule_cancels_the_first_strategy_phase_and_the_hand_is_fought_at_once():
    state = arranged(with_rules(Haste()), seed=1, top={DRAW[0]: STRONG, DRAW[1]: WEAK})
    assert hands_fought(state) == [FOUGHT_AS_TOLD]
    assert state.turn == 2 and sorted(d.player for d in state.pending) == [0, 1]


def test_the_engines_properties_and_the_invariants_hold_with_rules_that_keep_hands_at_eight():
    from boardcore.testing import check_game

    summary = check_game(with_rules(CelticFury(), Recycling()), games=6, seed=4, cross_process=False, checks=[invariants])
    assert summary.games == 6
