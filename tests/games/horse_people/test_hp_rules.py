"""Scenario tests for the rulings HP-R01..HP-R21 and decisions HP-D01..HP-D03.

Each test sets up exact hands by stacking the draw pile before the Migration deal
(``boardcore_horse_people.testing.deal``) and plays through the public API.
"""

from __future__ import annotations

from collections import Counter

import pytest

import boardcore
from boardcore import Visibility, ZoneSpec
from boardcore.testing import arranged, events, options
from boardcore_horse_people import (
    DISCARD,
    DRAW,
    HAND,
    LIMIT_DRAW,
    LIMIT_KHAN,
    LIMIT_MOST,
    PLAY,
    TRIBUTE,
    WON,
    InvasionResolved,
    TributeCollected,
)
from boardcore_horse_people import candidates, contest, tribute_gain
from boardcore_horse_people.testing import (
    asked, base_game, can_finish, cid, deal, hands_of, held, items, no_exchanges, pick, play, problems, table,
)  # fmt: skip

GAME = base_game()
TYPES = ("conquest", "loot", "weakness", "strength", "tribe")


def loot(state: boardcore.State) -> list[int]:
    return [state.match.count("loot", seat) for seat in range(state.players)]


def resolved(state: boardcore.State) -> InvasionResolved:
    return events(state, InvasionResolved)[-1]


# -- components ------------------------------------------------------------------------


def test_hp_r01_deck_has_75_cards_five_per_valued_row():
    cards = list(GAME.cards.values())
    assert len(cards) == 75
    assert Counter(card.type for card in cards) == {kind: 15 for kind in TYPES}
    for kind in TYPES:
        if kind != "tribe":
            assert sum(card.value for card in cards if card.type == kind) == 45
    horde4 = GAME.cards["HP12-v4"]
    assert (horde4.name, horde4.type, horde4.value) == ("Horde", "strength", 4)
    huns = GAME.cards["HP13"]
    assert (huns.name, huns.type, huns.value) == ("Huns", "tribe", None)
    assert sorted(c.value for c in cards if c.row == "HP01") == [1, 2, 3, 4, 5]


def test_hp_r19_types_come_from_rows_never_from_names():
    assert GAME.cards[cid("Golden Horde")].type == "tribe"
    assert {GAME.cards[cid("Horde", v)].type for v in range(1, 6)} == {"strength"}
    assert cid("Huns") != cid("White Huns")
    assert GAME.cards[cid("White Huns")].type == "tribe"
    # A Nomad may play Horde 3 as Strength and Golden Horde as his Tribe; the
    # Golden Horde adds nothing to his strength, and the Huns are a second Tribe.
    hands = hands_of([cid("Horde", 3), cid("Golden Horde"), cid("Huns"), cid("White Huns"), cid("Resistance", 1)], [])
    state = deal(hands)
    no_exchanges(state)
    pick(state, 0, [cid("Horde", 3)])
    assert cid("Golden Horde") in items(state, 0)
    pick(state, 0, [cid("Golden Horde")])
    assert items(state, 0) == [cid("Resistance", 1)]  # neither Huns nor White Huns: one Tribe only
    play(state, 0)
    play(state, 1)  # seat 1 holds nothing he may play, but his lone "done" is asked (secrecy rule)
    assert table(state).last.strengths[0] == 3
    assert table(state).khan == 0


def test_hp_r02_two_to_six_players(game):
    assert tuple(game.player_counts) == (2, 3, 4, 5, 6)
    for players in (1, 7):
        with pytest.raises(ValueError):
            game.new_state(players=players, seed=1)


# -- Migration -------------------------------------------------------------------------


def test_hp_setup_shuffles_the_whole_deck_and_nobody_is_khan(game):
    state = game.new_state(players=4, seed=9)
    m = state.match
    assert len(m.cards(DRAW)) == 75 - 4 * 7 and m.cards(DISCARD) == ()
    assert table(state).khan is None and loot(state) == [0, 0, 0, 0]
    assert state.turn == 1
    assert m.zone_spec(DRAW).visibility is Visibility.HIDDEN and m.zone_spec(DRAW).refill == DISCARD
    assert m.zone_spec(HAND[0]).visibility is Visibility.OWNER
    for zone in (TRIBUTE, PLAY[0]):
        assert m.zone_spec(zone).visibility is Visibility.PUBLIC
    # HP-R13: cards held back "stay hidden" when discarded, so the discard pile is face down.
    assert m.zone_spec(DISCARD).visibility is Visibility.HIDDEN
    assert game.new_state(players=4, seed=9).to_json() == state.to_json()


def test_hp_r03_r04_deal_seven_cards_to_each_seat_in_turn():
    order = sorted(GAME.cards)[:21]
    state = arranged(GAME, 3, 4, top={DRAW: order})
    for seat in range(3):
        assert held(state, seat) == order[7 * seat : 7 * seat + 7]


def test_hp_d01_exchange_up_to_four_cards_then_redraw_in_seat_order():
    hands = hands_of([], [])
    spare = [cid("Horde", 1), cid("Horde", 2), cid("Huns"), cid("Avars"), cid("Turks"), cid("Tatars")]
    state = arranged(GAME, 2, 0, top={DRAW: [*hands[0], *hands[1], *spare]})
    pick(state, 1, hands[1][:4])
    # Four picks: "done" is the only option left. Everybody saw four (secret) picks
    # being made, so that is public, and the engine answers it for him.
    assert asked(state) == [0]
    assert held(state, 1) == hands[1]  # nothing happens before everybody has chosen
    play(state, 0, hands[0][:2])
    assert state.match.cards(DISCARD) == (*hands[0][:2], *hands[1][:4])
    assert held(state, 0) == [*hands[0][2:], *spare[:2]]  # seat 0 draws first
    assert held(state, 1) == [*hands[1][4:], *spare[2:]]
    revealed = events(state, boardcore.events.Revealed)
    assert [(e.player, e.items) for e in revealed] == [(0, tuple(hands[0][:2])), (1, tuple(hands[1][:4]))]


def test_hp_d01_asked_at_once_exchanges_the_cards_chosen_then_redraws_in_seat_order():
    # The setup option exchange="hand": the same exchange (HP-D01, HP-R05), one decision each.
    hands = hands_of([], [])
    spare = [cid("Horde", 1), cid("Horde", 2), cid("Huns"), cid("Avars"), cid("Turks"), cid("Tatars")]
    state = arranged(GAME, 2, 0, top={DRAW: [*hands[0], *hands[1], *spare]}, exchange="hand")
    first, second = sorted(state.pending, key=lambda d: d.player)
    assert len(first.options) == 1 + 7 + 21 + 35 + 35 and first.secret and second.secret  # at most 4 of 7
    before = state.view(0)
    state.apply(1, next(o for o in second.options if str(o) == "exchange cards 1, 2, 3, 4"))
    assert state.view(0) == before and held(state, 1) == hands[1]  # secret; nothing happens yet
    state.apply(0, next(o for o in first.options if str(o) == "exchange cards 1, 2"))
    assert state.match.cards(DISCARD) == (*hands[0][:2], *hands[1][:4])
    assert held(state, 0) == [*hands[0][2:], *spare[:2]]  # seat 0 draws first
    assert held(state, 1) == [*hands[1][4:], *spare[2:]]


def test_hp_r05_exchanges_are_secret_until_everyone_has_chosen():
    state = deal(hands_of([], [], []), khan=2, turn=3)
    assert sorted(d.player for d in state.pending) == [0, 1, 2]  # the Khan exchanges too
    assert all(d.secret for d in state.pending)
    before = [state.view(seat) for seat in (1, 2)]
    pick(state, 0, [held(state, 0)[0]])
    assert [state.view(seat) for seat in (1, 2)] == before
    assert state.view(0)["draft"] == [held(state, 0)[0]]
    chose = events(state, boardcore.events.Chose)[-1]
    assert chose.player == 0 and chose.action is None


def _park_all_but(state: boardcore.State, keep: int) -> None:
    """Move every card of the draw pile except its top ``keep`` into a zone the
    game never uses, so the piles run dry on cue."""
    m = state.match
    m.add_zone("test-parking", ZoneSpec(None, Visibility.HIDDEN), m.cards(DRAW)[:-keep])
    m.zones = {**m.zones, DRAW: m.cards(DRAW)[-keep:]}


def test_hp_r05_a_reshuffle_can_bring_back_your_own_discards():
    hands = hands_of([], [cid("Huns"), cid("Horde", 1)])  # seat 1's choice keeps the Invasion open
    state = arranged(GAME, 2, 0, top={DRAW: [*hands[0], *hands[1]]}, before=lambda s: _park_all_but(s, 14))
    play(state, 1)
    play(state, 0, hands[0][:3])
    assert state.match.phase == "invasion"
    # The draw pile was empty, so seat 0's three discards were shuffled back and redrawn.
    assert sorted(held(state, 0)) == sorted(hands[0])
    assert any(isinstance(e, boardcore.events.Shuffled) and e.zone == DRAW for e in state.events)
    assert state.match.cards(DISCARD) == ()


def test_hp_r21_a_draw_with_both_piles_empty_is_skipped():
    state = arranged(GAME, 2, 0, before=lambda s: _park_all_but(s, 10))
    assert len(held(state, 0)) == 7 and len(held(state, 1)) == 3
    assert state.match.cards(DRAW) == ()


# -- Tribute ---------------------------------------------------------------------------


def test_hp_r06_turn_one_has_no_khan_and_no_tribute(game):
    state = game.new_state(players=3, seed=4)
    for seat in range(3):
        play(state, seat)
    assert state.match.phase == "invasion"
    assert sorted(d.player for d in state.pending) == [0, 1, 2]
    assert events(state, TributeCollected) == []
    assert [e.phase for e in events(state, boardcore.events.PhaseBegan)] == ["migration", "tribute", "invasion"]


def test_hp_r06_weakness_does_nothing_without_a_khan():
    hands = hands_of([cid("Resistance", 5), cid("Huns")], [cid("Horde", 1), cid("Avars")])
    state = deal(hands, turn=7)  # a turn that starts with no Khan after a tied contest
    no_exchanges(state)
    assert state.match.phase == "invasion"  # no Tribute decision
    play(state, 0, [cid("Resistance", 5), cid("Huns")])
    play(state, 1, [cid("Horde", 1), cid("Avars")])
    assert resolved(state) == InvasionResolved(5, 0, deposed=None, khan=1, strengths=(0, 1), candidates=(0, 1))
    assert loot(state) == [0, 0]


def test_hp_r07_r20_khan_plays_one_loot_card_per_name_and_any_conquest():
    khan_cards = [cid("Plunder", 2), cid("Plunder", 5), cid("Pillage", 1), cid("Europe", 3), cid("Europe", 4)]
    hands = hands_of([*khan_cards, cid("Huns"), cid("Horde", 1)], [], khan=0)
    state = deal(hands, khan=0, turn=2)
    no_exchanges(state)
    assert [d.player for d in state.pending] == [0]
    assert items(state, 0) == khan_cards  # HP-R20: no Tribe, no Strength
    assert can_finish(state, 0)  # an empty Tribute is allowed
    pick(state, 0, [cid("Plunder", 5)])
    assert items(state, 0) == [cid("Pillage", 1), cid("Europe", 3), cid("Europe", 4)]
    pick(state, 0, [cid("Europe", 3)])
    assert cid("Europe", 4) in items(state, 0)  # Conquest names may repeat
    play(state, 0, [cid("Europe", 4), cid("Pillage", 1)])
    assert events(state, TributeCollected) == [TributeCollected(0, 6, 7, 6)]
    tribute = [e for e in events(state, boardcore.events.CardsMoved) if e.target == TRIBUTE]
    assert tribute == [boardcore.events.CardsMoved((cid("Plunder", 5), cid("Europe", 3), cid("Europe", 4), cid("Pillage", 1)), HAND[0], TRIBUTE)]


def test_hp_r08_the_khan_earns_the_smaller_of_the_two_totals():
    tribute = [cid("Plunder", 5), cid("Pillage", 4), cid("Rape", 3), cid("Middle East", 2), cid("China", 3)]
    state = deal(hands_of(tribute, [], khan=0), khan=0, loot=(2, 0), turn=3)
    no_exchanges(state)
    play(state, 0, tribute)
    assert events(state, TributeCollected) == [TributeCollected(0, 12, 5, 5)]  # 7 points are lost
    assert loot(state) == [7, 0]
    cards = GAME.cards
    assert tribute_gain([cards[cid("Rape", 3)], cards[cid("Europe", 5)], cards[cid("China", 5)]]) == 3
    assert tribute_gain([cards[cid("Europe", 5)]]) == 0
    assert tribute_gain([]) == 0


def test_hp_d02_empty_tribute_scores_nothing_and_defends_with_nothing():
    state = deal(hands_of([cid("Plunder", 5), cid("Europe", 5)], [cid("Succession", 1)], khan=0), khan=0, turn=2)
    no_exchanges(state)
    play(state, 0)
    assert events(state, TributeCollected) == [TributeCollected(0, 0, 0, 0)]
    play(state, 1, [cid("Succession", 1)])
    assert resolved(state).deposed == 0  # 1 > 0


# -- Invasion --------------------------------------------------------------------------


def test_hp_r09_the_khan_plays_nothing_and_his_conquest_defends_him():
    khan_cards = [cid("China", 4), cid("Horde", 5), cid("Huns"), cid("Resistance", 5)]
    state = deal(hands_of(khan_cards, [cid("Succession", 4), cid("Avars")], khan=0), khan=0, turn=2)
    no_exchanges(state)
    play(state, 0, [cid("China", 4)])
    assert [d.player for d in state.pending] == [1]  # the Khan is not asked
    play(state, 1, [cid("Succession", 4), cid("Avars")])
    assert resolved(state) == InvasionResolved(4, 4, deposed=None, khan=0, strengths=(0, 0), candidates=(1,))
    assert table(state).last.strengths[0] == 0 and 0 not in table(state).last.candidates


def test_hp_r10_a_tie_keeps_the_khan_and_holds_no_contest():
    khan_cards = [cid("Europe", 3)]
    state = deal(hands_of(khan_cards, [cid("Resistance", 3), cid("Horde", 5), cid("Huns")], khan=0), khan=0, turn=2)
    no_exchanges(state)
    play(state, 0, khan_cards)
    play(state, 1, [cid("Resistance", 3), cid("Horde", 5), cid("Huns")])
    last = table(state).last
    assert (last.weakness, last.conquest, last.deposed, last.contested) == (3, 3, False, False)
    assert table(state).khan == 0


def test_hp_r10_zero_against_zero_keeps_the_khan():
    state = deal(hands_of([], [cid("Great Leader", 5), cid("Mongols")], khan=0), khan=0, turn=2)
    no_exchanges(state)
    # The Khan holds nothing he may play; his lone "done" is still asked (secrecy
    # rule: skipping him would tell the Nomads his hand holds no Loot or Conquest).
    assert options(state, 0) == ["done"]
    play(state, 0)
    play(state, 1, [cid("Great Leader", 5), cid("Mongols")])
    assert resolved(state) == InvasionResolved(0, 0, deposed=None, khan=0, strengths=(0, 5), candidates=(1,))


def test_hp_r10_weakness_of_all_nomads_adds_up_and_strictly_beats_conquest():
    state = deal(
        hands_of([cid("Europe", 3)], [cid("Assimilation", 2)], [cid("Succession", 2)], khan=0), khan=0, turn=2
    )
    no_exchanges(state)
    play(state, 0, [cid("Europe", 3)])
    play(state, 1, [cid("Assimilation", 2)])
    play(state, 2, [cid("Succession", 2)])
    assert resolved(state) == InvasionResolved(4, 3, deposed=0, khan=None, strengths=(0, 0, 0), candidates=())
    assert table(state).khan is None  # deposed, and nobody played a Tribe


def test_hp_r11_a_nomad_holding_tribes_must_play_exactly_one():
    state = deal(hands_of([cid("Mongols"), cid("Avars"), cid("Horde", 2)], [cid("Horde", 4)]))
    no_exchanges(state)
    assert not can_finish(state, 0)
    assert set(items(state, 0)) == {cid("Mongols"), cid("Avars"), cid("Horde", 2)}
    pick(state, 0, [cid("Avars")])
    assert items(state, 0) == [cid("Horde", 2)]  # never a second Tribe
    assert can_finish(state, 0)
    # Seat 1 holds no Tribe: he may stop at once, and cannot become Khan.
    assert can_finish(state, 1)
    play(state, 1, [cid("Horde", 4)])
    play(state, 0)
    last = table(state).last
    assert last.candidates == (0,) and last.strengths == (0, 4)
    assert table(state).khan == 0  # S = 0, but the only candidate (HP-R15)
    assert problems("invasion", [GAME.cards[cid("Horde", 2)]], [GAME.cards[cid("Avars")]]) == [
        "held a tribe card but played none"
    ]


def test_hp_r12_one_strength_card_per_name_and_strength_is_their_sum():
    strength = [cid("Horde", 4), cid("Horde", 2), cid("Great Leader", 1), cid("Horse Archers", 5), cid("Turks")]
    state = deal(hands_of(strength, [cid("Horde", 5), cid("Tatars")]))
    no_exchanges(state)
    pick(state, 0, [cid("Horde", 4)])
    assert cid("Horde", 2) not in items(state, 0)
    play(state, 0, [cid("Great Leader", 1), cid("Horse Archers", 5), cid("Turks")])
    play(state, 1, [cid("Horde", 5), cid("Tatars")])
    assert table(state).last.strengths == (10, 5)
    assert table(state).khan == 0


def test_hp_r13_plays_are_secret_optional_and_held_cards_stay_hidden():
    state = deal(hands_of([cid("Resistance", 5), cid("Horde", 3), cid("Huns")], [cid("Avars")], []))
    no_exchanges(state)
    watchers = [state.view(seat) for seat in (1, 2)]
    pick(state, 0, [cid("Huns")])
    assert [state.view(seat) for seat in (1, 2)] == watchers
    assert events(state, boardcore.events.Chose)[-1].action is None
    play(state, 0)  # Weakness and Strength are optional: only the Tribe is played
    play(state, 2)
    # Seat 1 must play his only Tribe: a single-option decision, asked all the same.
    assert options(state, 1) == ["play Avars"]
    play(state, 1, [cid("Avars")])
    revealed = {e.player: e.items for e in events(state, boardcore.events.Revealed)[-3:]}
    assert revealed == {0: (cid("Huns"),), 1: (cid("Avars"),), 2: ()}
    assert table(state).last.strengths == (0, 0, 0)
    assert table(state).khan is None  # a tie at 0 between seats 0 and 1 (HP-R15)


def test_hp_r14_the_deposed_khan_is_never_a_candidate():
    hands = hands_of([cid("Europe", 1), cid("Horde", 5), cid("Huns")], [cid("Assimilation", 2), cid("Avars")], khan=0)
    state = deal(hands, khan=0, turn=2)
    no_exchanges(state)
    play(state, 0, [cid("Europe", 1)])
    play(state, 1, [cid("Assimilation", 2), cid("Avars")])
    last = table(state).last
    assert last.deposed and last.candidates == (1,)
    assert table(state).khan == 1  # strength 0 beats the deposed Khan's unplayed Horde 5


def test_hp_r15_a_tie_for_highest_strength_leaves_everyone_a_nomad():
    state = deal(
        hands_of([cid("Horde", 3), cid("Huns")], [cid("Great Leader", 3), cid("Avars")], [cid("Horde", 1), cid("Jurchen")])
    )
    no_exchanges(state)
    play(state, 0, [cid("Horde", 3), cid("Huns")])
    play(state, 1, [cid("Great Leader", 3), cid("Avars")])
    play(state, 2, [cid("Horde", 1), cid("Jurchen")])
    assert table(state).last.candidates == (0, 1, 2)
    assert table(state).khan is None
    assert contest({}) is None and contest({3: 0}) == 3 and contest({0: 2, 1: 2, 2: 7}) == 2


def test_hp_r15_no_candidates_means_no_khan():
    state = deal(hands_of([cid("Horde", 3)], [cid("Great Leader", 3)]))
    no_exchanges(state)
    play(state, 0, [cid("Horde", 3)])
    play(state, 1, [cid("Great Leader", 3)])
    assert table(state).last.candidates == () and table(state).khan is None


def test_hp_r16_a_new_khan_first_collects_next_turn_and_a_surviving_khan_stays():
    later = [[cid("Plunder", 3), cid("Europe", 3)], [cid("Resistance", 2), cid("Horde", 5), cid("Cimmerians")]]
    turn1 = hands_of([cid("Huns")], [], avoid=later)
    turn2 = hands_of(*later, khan=0, avoid=turn1)
    state = deal(turn1, then=[turn2])
    no_exchanges(state)
    play(state, 0, [cid("Huns")])
    # Seat 1 holds nothing he may play; his lone "done" is still asked (secrecy rule).
    assert options(state, 1) == ["done"]
    play(state, 1)
    assert table(state).khan == 0 and state.turn == 2
    assert events(state, TributeCollected) == []  # crowned in turn 1, no Tribute yet
    no_exchanges(state)
    assert asked(state) == [0] and state.match.phase == "tribute"
    play(state, 0, [cid("Plunder", 3), cid("Europe", 3)])
    assert events(state, TributeCollected) == [TributeCollected(0, 3, 3, 3)]
    play(state, 1, [cid("Resistance", 2), cid("Horde", 5), cid("Cimmerians")])
    # 2 is not more than 3: the Khan stays into turn 3, with no contest despite Horde 5.
    last = table(state).last
    assert (last.turn, last.deposed, last.contested, last.crowned) == (2, False, False, None)
    assert table(state).khan == 0 and state.turn == 3


def test_hp_r17_reaching_twelve_loot_wins_at_once():
    tribute = [cid("Plunder", 2), cid("Europe", 2)]
    state = deal(hands_of(tribute, [cid("Resistance", 5), cid("Huns")], khan=0), khan=0, loot=(10, 11), turn=6)
    no_exchanges(state)
    play(state, 0, tribute)
    assert state.is_over
    assert state.result == boardcore.Result((0,), WON, (12, 11))
    assert state.pending == ()
    assert isinstance(state.events[-1], boardcore.events.GameOver)  # nothing happens afterwards
    assert events(state, InvasionResolved) == []


def _last_turn(hands, khan, points, seed=0):
    state = deal(hands, khan=khan, loot=points, turn=50, seed=seed)
    no_exchanges(state)
    # Nobody can play anything, but each lone "done" is still asked (secrecy rule):
    # the Khan's Tribute, then every Nomad's Invasion play.
    if khan is not None:
        assert asked(state) == [khan] and options(state, khan) == ["done"]
        play(state, khan)
    assert asked(state) == [seat for seat in range(len(hands)) if seat != khan]
    for seat in asked(state):
        assert options(state, seat) == ["done"]
        play(state, seat)
    assert state.is_over and state.turn == 50
    return state.result


def test_hp_r18_after_turn_50_the_most_loot_wins():
    result = _last_turn(hands_of([], [], []), None, (5, 3, 5 - 1))
    assert result == boardcore.Result((0,), LIMIT_MOST, (5, 3, 4))


def test_hp_r18_tie_broken_by_the_khan_if_he_is_among_the_leaders():
    result = _last_turn(hands_of([], [], [], khan=1), 1, (4, 4, 1))
    assert result == boardcore.Result((1,), LIMIT_KHAN, (4, 4, 1))


def test_hp_r18_tie_without_the_khan_is_a_draw_between_the_leaders():
    assert _last_turn(hands_of([], [], [], khan=2), 2, (4, 4, 1)) == boardcore.Result((0, 1), LIMIT_DRAW, (4, 4, 1))
    assert _last_turn(hands_of([], []), None, (0, 0)) == boardcore.Result((0, 1), LIMIT_DRAW, (0, 0))


def test_hp_r20_nomads_cannot_play_conquest_or_loot():
    state = deal(hands_of([cid("Europe", 5), cid("Plunder", 5), cid("Succession", 1)], []))
    no_exchanges(state)
    assert items(state, 0) == [cid("Succession", 1)]
    loot_card, conquest = GAME.cards[cid("Plunder", 5)], GAME.cards[cid("Europe", 5)]
    assert candidates("invasion", [loot_card, conquest], []) == []
    assert problems("tribute", [GAME.cards[cid("Horde", 1)]]) != []


def test_hp_r04_seven_cards_dealt_to_each_seat_in_turn_from_seat_0():
    game = boardcore.load_game("invasions-of-the-horse-people")
    state = game.new_state(players=4, seed=12)
    deals = [e for e in state.events if isinstance(e, boardcore.events.CardsMoved) and e.source == "draw"]
    assert [(e.target, len(e.cards)) for e in deals[:4]] == [(f"hand:{seat}", 7) for seat in range(4)]
    # Blocks of seven from the top: seat 1's cards lay just under seat 0's.
    start = game.new_state(players=4, seed=12).match
    assert all(len(start.cards(f"hand:{seat}")) == 7 for seat in range(4))
