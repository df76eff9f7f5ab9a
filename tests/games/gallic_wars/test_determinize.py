"""Determinization for search bots: hidden cards re-dealt consistently with a view."""

from __future__ import annotations

from boardcore_gallic_wars import Side


def test_determinize_keeps_the_view_and_each_deck_to_its_own_side(game):
    state = game.new_state(players=2, seed=17)
    for seed in range(5):
        sample = state.determinize(0, seed)
        assert sample.view(0) == state.view(0)
        m = sample.match
        assert all(game.card(c).side is Side.CELTS for c in m.cards("hand:1") + m.cards("draw:1"))
        assert all(game.card(c).side is Side.ROMANS for c in m.cards("draw:0"))
        assert m.cards("hand:0") == state.match.cards("hand:0")  # his own hand is known to him
    samples = {state.determinize(0, seed).match.cards("hand:1") for seed in range(5)}
    assert len(samples) > 1  # the opponent's hand really is resampled
    assert state.determinize(0, 3).to_json() == state.determinize(0, 3).to_json()


def test_a_determinized_state_plays_on_normally(game):
    sample = game.new_state(players=2, seed=2).determinize(1, 8)
    while not sample.is_over:
        decision = sample.pending[0]
        sample.apply(decision.player, decision.options[-1])
    assert sample.result is not None


def test_other_players_open_decisions_are_rebuilt_from_the_redealt_cards(game):
    state = game.new_state(players=2, seed=2)
    sample = state.determinize(0, 8)
    (theirs,) = [d for d in sample.pending if d.player == 1]
    hand = set(sample.match.cards("hand:1"))
    assert {o.item for o in theirs.options if hasattr(o, "item")} == hand
    for option in theirs.options:
        sample.clone().apply(1, option)  # every option is legal in the sample


def test_a_finished_secret_exchange_of_the_opponent_is_asked_again(game):
    state = game.new_state(players=2, seed=6)
    (celt,) = [d for d in state.pending if d.player == 1]
    state.apply(1, celt.options[0])
    state.apply(1, next(o for o in state.pending[1].options if str(o) == "done"))
    assert [d.player for d in state.pending] == [0]
    sample = state.determinize(0, 4)
    # The Celt's sealed choice named a card that may have been re-dealt: he chooses again.
    assert sorted(d.player for d in sample.pending) == [0, 1]
    assert sample.view(0) == state.view(0)
    for seat in (0, 1):
        sample.apply(seat, next(o for o in [d for d in sample.pending if d.player == seat][0].options if str(o) == "done"))
    assert sample.turn == 2
