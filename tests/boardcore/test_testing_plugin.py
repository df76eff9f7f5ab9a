"""The pytest plugin's fixtures: a game from a mark, arranged matches, the conformance check;
arranging the deal a setup makes; asking again after arranging a position."""

from __future__ import annotations

import pytest

import boardcore
from boardcore.testing import arranged, choose, options, put, reask

pytestmark = pytest.mark.boardcore_game("gallic-wars")


def test_the_game_fixture_loads_the_marked_game(game):
    assert game.name == "gallic-wars" and game.plugins == ()


@pytest.mark.boardcore_game("gallic-wars", plugins=["gw-turncoats"])
def test_a_closer_mark_wins_and_takes_plugins(game):
    assert game.plugins == ("gw-turncoats",)


def test_arrange_and_conformance_use_the_marked_game(arrange, conformance):
    state = arrange(players=2, seed=3)
    assert state.match.game_name == "gallic-wars" and not state.match.replayable
    assert conformance(games=3).games == 3


def test_the_deal_a_setup_makes_can_be_arranged():
    import toy

    game = toy.duel()
    state = arranged(game, players=2, seed=1, deal={"deck:0": ["Spear", "Shield"]})
    # the set-up shuffles each seat's own deck and deals 2 from it: seat 0 got the two named cards
    dealt = next(e for e in state.events if isinstance(e, boardcore.events.CardsMoved) and e.target == "hand:0")
    assert [game.cards[c].name for c in dealt.cards] == ["Spear", "Shield"]
    with pytest.raises(boardcore.InvalidData, match=r"the set-up never shuffled \['box'\]"):
        arranged(game, players=2, seed=1, deal={"box": ["Spear"]})


def test_reask_offers_a_card_put_into_the_hand_of_a_player_being_asked():
    import toy

    state = toy.duel().new_state(players=2, seed=1)
    before = options(state, 0)
    extra = next(c for c in state.match.cards("deck:0"))
    put(state, "hand:0", [extra])
    assert options(state, 0) == before  # the open decision was built before the card came
    reask(state)
    name = state.match.card(extra).name
    assert any(name in text for text in options(state, 0)) and len(options(state, 0)) == len(before) + 1


def test_with_rules_loads_a_game_again_with_rules_written_for_the_test():
    import attrs
    import toy_moments

    from boardcore.testing import events, with_rules

    class Lucky(boardcore.Effect):
        @boardcore.modifies(boardcore.events.DieRolled)
        def sixes(self, m, card, roll):
            return attrs.evolve(roll, value=6)

    base = toy_moments.skirmish()
    game = with_rules(base, Lucky(), name="lucky")
    assert game.plugins == ("lucky",) and base.plugins == ()
    from boardcore.testing import stack

    state = arranged(game, players=2, seed=1, before=lambda s: stack(s, toy_moments.DECK, ["Stones"] * 5))
    target = state.match.pieces_of(1)[0]
    choose(state, 0, f"strike {target}")
    assert events(state, boardcore.events.DieRolled)[-1].value == 6
    twice = with_rules(game, Lucky(), name="lucky-too")
    assert twice.plugins == ("lucky", "lucky-too")
