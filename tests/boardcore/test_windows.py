"""Reaction windows and secrets: who a window asks must not tell what a player holds.

toy-cards' ShieldWindow (a Strike's target may block it with a Shield from its hidden
hand) is not public, so the target is asked whenever it could hold a Shield as far as the
others can tell (``may_react``: it holds any card). LeakyShieldWindow is the same window
wrongly declared public. (The AfterReaction modes are tested with toy-duel's public Boost
window in test_flow.)"""

from __future__ import annotations

import attrs
import pytest

from boardcore.actions import PASS, Pick
from boardcore.testing import advance_to, arranged, check_who_is_asked, choose, decision, events, options, put, stack

import toycards
from toycards import DISCARD, DRAW, HAND, TABLEAU, VP, Blocked, Hit

LEAKY = {"strike": toycards.StrikeEffect(toycards.LeakyShieldWindow)}


def strike_at(target_hand, game=None, seed=1, tableau=()):
    """A 2-player toy-cards match in which seat 1 (active) has played a Strike at seat 0,
    whose hand is ``target_hand`` and tableau ``tableau`` (card names)."""

    def before(state):
        m = state.match
        for seat in (0, 1):
            m.move(m.cards(HAND[seat]), HAND[seat], DISCARD)
        put(state, HAND[1], ["Strike"])
        put(state, HAND[0], target_hand)
        put(state, TABLEAU[0], list(tableau))
        stack(state, DRAW, ["Coin"])  # seat 1's income

    state = arranged(game or toycards.game(), 2, seed, before=before)
    for seat in (0, 1):
        choose(state, seat, "done")
    advance_to(state, "act")
    choose(state, 1, "play Strike on seat 0")
    return state


def test_the_target_without_a_shield_is_asked_anyway():
    state = strike_at(["Coin", "Banner"])
    d = decision(state)
    assert d.player == 0 and d.options == (PASS,) and d.prompt == "seat 1 strikes you: block, or pass"
    assert not d.secret
    choose(state, 0, "pass")
    assert events(state, Hit) == [Hit(1, 0)] and state.match.count(VP, 1) == 1


def test_the_target_with_a_shield_may_block():
    state = strike_at(["Coin", "Shield"])
    m = state.match
    d = decision(state)
    assert d.player == 0 and options(state, 0) == ["block with a Shield", "pass"]
    shield = d.options[0]
    assert isinstance(shield, Pick) and m.card(shield.item).name == "Shield"
    state.apply(0, shield)
    assert events(state, Blocked) == [Blocked(1, 0)] and not events(state, Hit)
    assert m.cards(DISCARD)[-1] == shield.item and m.count(VP, 1) == 0
    assert decision(state).player == 1  # the act menu again: the window closed after one reaction


def test_may_react_skips_a_target_with_no_cards_at_all():
    state = strike_at([])
    assert events(state, Hit) == [Hit(1, 0)]
    assert decision(state).player == 1


@pytest.mark.parametrize("hand", [["Coin", "Banner"], ["Coin", "Shield"]], ids=["no shield", "shield"])
def test_who_is_asked_does_not_depend_on_the_hidden_hand(hand):
    state = strike_at(hand)
    assert [d.player for d in state.pending] == [0]
    assert check_who_is_asked(state, redeals=8) is None


def test_a_window_wrongly_public_skips_the_target_without_a_shield():
    game = toycards.variant("toy-cards-leaky", effects=LEAKY)
    without = strike_at(["Coin", "Banner"], game)
    assert events(without, Hit) == [Hit(1, 0)] and decision(without).player == 1
    with_shield = strike_at(["Coin", "Shield"], game)
    assert decision(with_shield).player == 0
    # seat 1 could tell seat 0's hand from who is asked: the kit finds it
    problem = check_who_is_asked(with_shield, redeals=12)
    assert problem is not None and "player 1" in problem and "ask different players" in problem


def test_a_window_in_progress_saves_and_loads():
    state = strike_at(["Coin", "Shield"])
    text = state.to_json()
    (window,) = [step for _, step in state.match.asks]
    assert window == toycards.ShieldWindow(1, 0, index=0, order=(0,))
    loaded = state.game.state_from_json(text, verify=False)  # strike_at arranges the hands: a trusted round trip
    choose(loaded, 0, "block with a Shield")
    choose(state, 0, "block with a Shield")
    assert loaded == state


def test_a_card_window_offers_the_playable_cards_of_the_hand_and_moves_the_one_played():
    game = toycards.variant("toy-cards-card-window", effects={"strike": toycards.StrikeEffect(toycards.ShieldCardWindow)})
    state = strike_at(["Coin", "Shield", "Shield"], game)
    shields = [c for c in state.match.cards(HAND[0]) if state.match.card(c).name == "Shield"]
    assert options(state, 0) == ["block with Shield", "block with Shield", "pass"]
    state.apply(0, decision(state).options[1])
    assert events(state, Blocked) == [Blocked(1, 0)] and shields[1] in state.match.cards(DISCARD)
    assert shields[0] in state.match.cards(HAND[0])
    # a hand without a Shield is asked all the same (what it holds is secret), with "pass" alone
    no_shield = strike_at(["Coin"], game)
    assert options(no_shield, 0) == ["pass"]
    choose(no_shield, 0, "pass")
    assert events(no_shield, Hit) == [Hit(1, 0)]
    assert check_who_is_asked(no_shield, redeals=8) is None


def test_a_card_window_also_offers_abilities_in_play_before_the_cards():
    game = toycards.variant("toy-cards-banner-window", effects={"strike": toycards.StrikeEffect(toycards.ShieldOrBannerWindow)})
    assert options(strike_at(["Coin", "Shield"], game), 0) == ["block with Shield", "pass"]  # no Banner in play
    both = strike_at(["Shield"], game, tableau=["Banner"])
    assert options(both, 0) == ["block with the Banner in play", "block with Shield", "pass"]
    # an empty hand, but a Banner in play: asked, with the ability alone; the Banner stays in play
    state = strike_at([], game, tableau=["Banner"])
    assert options(state, 0) == ["block with the Banner in play", "pass"]
    choose(state, 0, "block with the Banner in play")
    assert events(state, Blocked) == [Blocked(1, 0)] and len(state.match.cards(TABLEAU[0])) == 1


@attrs.frozen
class RaiseOneShield(toycards.ShieldCardWindow):
    """Shields are alike: one is offered, worded the window's own way."""

    alike = "name"

    def wording(self, m, card):
        return f"raise {card.label}"


def test_a_card_window_offers_one_of_alike_cards_in_its_own_words():
    game = toycards.variant("toy-cards-one-shield", effects={"strike": toycards.StrikeEffect(RaiseOneShield)})
    state = strike_at(["Coin", "Shield", "Shield"], game)
    assert options(state, 0) == ["raise Shield", "pass"]
    first = state.match.cards(HAND[0])[1]
    assert decision(state).options[0].item == first
    choose(state, 0, "raise Shield")
    assert events(state, Blocked) == [Blocked(1, 0)] and first in state.match.cards(DISCARD)
