"""Gallic Wars rulings GW-R01 to GW-R16, each scripted through the public API."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import boardcore
from boardcore.testing import arranged, put
from boardcore_gallic_wars import Kind, Side
from boardcore_gallic_wars.testing import exchange, hands_fought, keep, set_hand

# Basic cards by force, strongest first, with the Leaders; used to script strong and weak hands.
ROMAN_STRONG = [
    ["Caesar", "Labienus", "Legions", "Centurions", "Elaborate Siege Works", "German Horsemen", "Decisive Battle", "Systematic Invasion"],
    ["Professional Soldiers", "Celtic Allies", "Rear Attack", "Tactical Fortifications", "Tribe by Tribe", "Supply Lines", "Conquest", "Determination"],
    ["Outposts", "Engineers", "Contain & Repulse", "Reserves", "Campaigning", "Forced March", "Discipline", "Absolute Command"],
]  # fmt: skip
CELTIC_WEAK = [
    ["Archers", "Miners", "Sword & Spear", "Night Attack", "Scouts", "Druids", "Tribal Divisions", "Women & Children"],
    ["Warbands", "Sortie", "Relief Force", "Messengers", "Agreements", "Leadership", "Warriors", "Cavalry"],
    ["Chieftains", "Counter Siege Tactics", "Defensive Fight", "Scorched Earth", "National Unity", "Courage", "Walled Cities", "Strategic Withdrawal"],
]  # fmt: skip
# The same rows for both sides, so their totals are equal.
MIRROR = (
    ["Legions", "Centurions", "Rear Attack", "Reserves", "Spies", "Generals", "Conquest", "Hostages"],
    ["Gauls", "Tribes", "Surprise Attack", "Sortie", "Scouts", "Druids", "Revolt", "Agreements"],
)


def test_gw_r01_each_deck_has_36_cards_one_of_each_row(game):
    decks = Counter(card.side for card in game.cards.values())
    assert decks == {Side.ROMANS: 36, Side.CELTS: 36}
    state = game.new_state(players=2, seed=1)
    for seat in (0, 1):
        held = sum(len(state.match.cards(f"{zone}:{seat}")) for zone in ("draw", "hand", "discard"))
        assert held == 36


def test_gw_r02_roman_cards_share_the_type_and_force_of_their_row(game):
    caesar, vercingetorix = game.card("R-GW01"), game.card("C-GW01")
    assert (caesar.name, caesar.kind, caesar.force) == ("Caesar", Kind.LEADER, 10)
    assert (vercingetorix.kind, vercingetorix.force) == (Kind.LEADER, 10)
    for n in range(1, 37):
        roman, celtic = game.card(f"R-GW{n:02d}"), game.card(f"C-GW{n:02d}")
        assert (roman.kind, roman.force) == (celtic.kind, celtic.force)
    assert game.card("R-GW35").name == "Hostile Territory" and game.card("R-GW35").force == -2


def test_gw_r03_disadvantage_cards_keep_their_negative_force(game):
    forces = sorted(card.force for card in game.cards.values() if card.kind == Kind.DISADVANTAGE)
    assert forces == [-2, -2, -1, -1]
    assert sum(card.force for card in game.cards.values() if card.side is Side.CELTS) == 220


def test_gw_r04_seat_0_is_romans_by_default_and_sides_can_be_swapped(game):
    default = game.new_state(players=2, seed=3)
    assert all(game.card(c).side is Side.ROMANS for c in default.match.cards("draw:0"))
    swapped = game.new_state(players=2, seed=3, romans=1)
    assert all(game.card(c).side is Side.ROMANS for c in swapped.match.cards("draw:1"))
    # The Romans' deck is shuffled first whichever seat they hold, so both get the same order.
    assert default.match.cards("hand:0") == swapped.match.cards("hand:1")
    assert default.view(0)["table"]["sides"] == ["romans", "celts"]
    with pytest.raises(boardcore.InvalidData):
        game.new_state(players=2, seed=3, romans=2)


def test_gw_r05_reshuffle_only_when_a_draw_finds_the_pile_empty(game):
    def thin_the_pile(state):
        # Leave 3 cards in the Roman draw pile; the rest are already discarded.
        m = state.match
        m.move(m.cards("draw:0")[:-3], "draw:0", "discard:0")

    state = arranged(game, seed=8, before=thin_the_pile)
    m = state.match
    assert len(m.cards("hand:0")) == 8
    assert m.cards("discard:0") == ()  # the whole discard pile went into the new draw pile
    assert len(m.cards("draw:0")) == 36 - 8
    roman = [
        (type(e).__name__, getattr(e, "source", None), len(getattr(e, "cards", ())) or getattr(e, "size", 0))
        for e in state.events
        if isinstance(e, boardcore.events.CardsMoved) and "draw:0" in (e.source, e.target) and e.source != "arranged"
        or isinstance(e, boardcore.events.Shuffled) and e.zone == "draw:0"
    ]
    assert roman[-4:] == [
        ("CardsMoved", "draw:0", 3),  # the 3 cards left are drawn first
        ("CardsMoved", "discard:0", 33),  # then the whole discard pile becomes the draw pile
        ("Shuffled", None, 33),
        ("CardsMoved", "draw:0", 5),
    ]


def test_gw_r05_cards_discarded_in_the_exchange_can_come_back_in_the_same_draw(game):
    def empty_the_pile(state):
        m = state.match
        m.move(m.cards("draw:0")[:-8], "draw:0", "discard:0")

    state = arranged(game, seed=2, before=empty_the_pile)
    hand_before = set(state.match.cards("hand:0"))
    assert state.match.cards("draw:0") == ()
    exchange(state, 0, [game.card(c).name for c in list(hand_before)[:4]])
    exchange(state, 1, [])
    # The 4 discards joined 28 others in the reshuffle that the replacement draw needed.
    drawn_from = [e for e in state.events if isinstance(e, boardcore.events.Shuffled) and e.zone == "draw:0"]
    assert drawn_from[-1].size == 28 + 4


def test_gw_r06_at_most_four_cards_each_once_and_done_is_always_offered(game):
    state = game.new_state(players=2, seed=4)
    decision = state.pending[0]
    assert len(decision.options) == 9  # 8 cards and done
    first = decision.options[0]
    state.apply(0, first)
    (decision,) = [d for d in state.pending if d.player == 0]
    assert first not in decision.options and len(decision.options) == 8
    for _ in range(3):
        state.apply(0, next(o for o in decision.options if not isinstance(o, boardcore.actions.Done)))
        mine = [d for d in state.pending if d.player == 0]
        decision = mine[0] if mine else None
    # After 4 picks "done" is the only option; everybody saw 4 picks being made, so
    # the engine may answer it for him without revealing anything.
    assert decision is None
    hand = state.match.cards("hand:0")
    assert len(hand) == 8


def test_gw_r06_the_exchange_is_secret_until_both_have_chosen(game):
    state = game.new_state(players=2, seed=4)
    before = state.view(1)
    roman = [d for d in state.pending if d.player == 0][0]
    state.apply(0, roman.options[0])
    state.apply(0, boardcore.actions.DONE)
    assert state.view(1) == before  # nothing about the Roman choice shows
    assert state.view(0)["draft"] == [roman.options[0].item]
    assert all(d.secret for d in state.pending)


def test_gw_r06_replacements_equal_the_discards(game):
    state = game.new_state(players=2, seed=9)
    hand = state.match.cards("hand:1")
    exchange(state, 1, [game.card(c).name for c in hand[:2]])
    exchange(state, 0, [])
    revealed = [e for e in state.events if isinstance(e, boardcore.events.Revealed)]
    assert [len(e.items) for e in revealed[-2:]] == [0, 2]
    assert len(state.match.cards("discard:1")) == 2 + 8


# -- the setup option exchange="hand": the same exchange (GW-R06), asked as one decision ---------


def test_gw_r06_asked_at_once_offers_every_set_of_at_most_four_cards_secretly(game):
    state = game.new_state(players=2, seed=4, exchange="hand")
    roman, celt = sorted(state.pending, key=lambda d: d.player)
    # 1 + 8 + 28 + 56 + 70: keeping the hand, then every set of 1 to 4 of its 8 cards
    assert len(roman.options) == 163 and roman.secret and celt.secret
    assert [str(o) for o in roman.options[:3]] == ["keep every card", "exchange card 1", "exchange card 2"]
    assert str(roman.options[-1]) == "exchange cards 5, 6, 7, 8"
    assert all(len(o.positions) <= 4 for o in roman.options)
    before = state.view(1)
    state.apply(0, roman.options[9])  # cards 1 and 2
    assert state.view(1) == before  # nothing about the Roman choice shows (GW-R06)
    hand = state.match.cards("hand:0")
    assert state.view(0)["draft"] == list(hand[:2])
    assert [d.player for d in state.pending] == [1]


def test_gw_r06_asked_at_once_discards_the_cards_chosen_and_draws_as_many(game):
    roman = ["Caesar", "Labienus", "Decisive Battle", "Systematic Invasion", "Legions", "Conquest",
             "Hostile Territory", "Roman Politics"]  # fmt: skip
    state = arranged(game, seed=1, top={"draw:0": roman}, exchange="hand")
    m = state.match
    hand = m.cards("hand:0")
    assert [game.card(c).name for c in hand] == roman
    (mine,) = [d for d in state.pending if d.player == 0]
    state.apply(0, next(o for o in mine.options if str(o) == "exchange cards 2, 7"))
    (celt,) = state.pending
    state.apply(1, celt.options[0])  # keeps every card
    revealed = [e for e in state.events if isinstance(e, boardcore.events.Revealed)]
    assert [e.items for e in revealed[-2:]] == [(hand[1], hand[6]), ()]
    # The two went to the discard first; then the hand was fought (8 cards: the six
    # kept and two drawn) and discarded after them (GW-R14).
    assert len(hands_fought(state)) == 1
    discard = m.cards("discard:0")
    assert discard[:2] == (hand[1], hand[6]) and len(discard) == 10
    assert set(hand) - {hand[1], hand[6]} < set(discard[2:])


def test_gw_r06_asked_at_once_plays_whole_matches_that_save_and_replay(game):
    for seed in range(5):
        state = game.new_state(players=2, seed=seed, exchange="hand")
        state.playout(lambda s, d: (seed * 7 + len(s.history)) % len(d.options))
        assert state.is_over
        assert game.state_from_json(state.to_json()) == state
        assert game.replay(seed=seed, players=2, history=state.history, exchange="hand") == state


def test_the_exchange_option_is_one_of_two_words(game):
    with pytest.raises(boardcore.InvalidData, match="options.exchange.*'cards', 'hand'"):
        game.new_state(players=2, seed=1, exchange="all")


def test_gw_r07_to_r10_counting_is_automatic_with_leaders_in_their_best_type(game):
    state = arranged(game, seed=1, top={"draw:0": ["Caesar", "Labienus", "Decisive Battle", "Systematic Invasion",
                                                  "Legions", "Conquest", "Hostile Territory", "Roman Politics"]})  # fmt: skip
    keep(state)
    (fought,) = hands_fought(state)
    # S 10+9, R 10, M 10, Leaders in R and M (10 and 5), D -3: 19 + 20 + 15 + 0 - 3 = 51.
    assert fought.totals[0] == 51


def test_gw_r11_equal_totals_win_nobody_the_hand(game):
    state = arranged(game, seed=1, top={"draw:0": MIRROR[0], "draw:1": MIRROR[1]})
    keep(state)
    (fought,) = hands_fought(state)
    assert fought.totals[0] == fought.totals[1] and fought.winner is None
    assert [state.match.count("streak", s) for s in (0, 1)] == [0, 0]


@pytest.mark.parametrize("winner", [2, -1, True, "0"])
def test_gw_r11_a_save_whose_hand_was_won_by_no_seat_is_refused(game, winner):
    # A hand is won by seat 0 or 1, or by nobody; a save naming anybody else would
    # load a match its views and result cannot show.
    data = game.new_state(players=2, seed=3).to_data()
    data["table"]["winners"] = [winner]
    for verify in (True, False):
        with pytest.raises(boardcore.InvalidData) as caught:
            game.state_from_json(json.dumps(data), verify=verify)
        assert caught.value.where == "$.table.winners[0]"


def test_gw_r12_three_hands_in_a_row_win_at_once(game):
    state = _play_hands(game, [0, 0, 0])
    assert [h.winner for h in hands_fought(state)] == [0, 0, 0]
    assert state.is_over and state.turn == 3
    assert state.result.winners == (0,) and "3 hands in a row" in state.result.reason
    assert not state.pending


def test_gw_r12_a_tied_hand_resets_both_streaks(game):
    state = arranged(game, seed=1, top={"draw:0": ROMAN_STRONG[0] + ROMAN_STRONG[1], "draw:1": CELTIC_WEAK[0] + CELTIC_WEAK[1]})
    keep(state)
    keep(state)
    assert state.match.count("streak", 0) == 2
    set_hand(state, 0, MIRROR[0])
    set_hand(state, 1, MIRROR[1])
    keep(state)
    assert hands_fought(state)[-1].winner is None
    assert state.match.count("streak", 0) == 0 and not state.is_over


def _play_hands(game, winners_wanted):
    """Script hands whose winners are ``winners_wanted`` (0, 1 or None per hand)."""
    state = game.new_state(players=2, seed=21)
    for wanted in winners_wanted:
        assert not state.is_over
        if wanted is None:
            set_hand(state, 0, MIRROR[0])
            set_hand(state, 1, MIRROR[1])
        else:
            strong, weak = (ROMAN_STRONG[0], CELTIC_WEAK[0]) if wanted == 0 else (
                ["Gauls", "Tribes", "Walled Cities", "Skill", "Charges", "Raiding Strategy", "Revolt", "Vercingetorix"],
                ["Auxiliaries", "Catapult Artillery", "Pilum & Gladius", "Battle Plans", "Spies", "Generals", "Hostages", "Roman Politics"],
            )  # fmt: skip
            set_hand(state, wanted, strong)
            set_hand(state, 1 - wanted, weak)
        keep(state)
        assert hands_fought(state)[-1].winner == wanted
    return state


def test_gw_r13_the_winner_of_hand_8_wins_without_a_streak(game):
    state = _play_hands(game, [0, 0, 1, 1, 0, 0, 1, 1])
    assert state.is_over and state.result.winners == (1,) and state.result.reason == "won the last hand"


def test_gw_r13_a_tied_hand_8_goes_to_the_last_hand_with_a_winner(game):
    state = _play_hands(game, [0, 0, 1, 1, 0, None, None, None])
    assert state.result.winners == (0,)
    assert state.result.reason == "won the last hand that had a winner"


def test_gw_r13_eight_tied_hands_are_a_draw(game):
    state = _play_hands(game, [None] * 8)
    assert state.result.winners == (0, 1) and "tied" in state.result.reason


def test_gw_r14_r15_hands_are_emptied_and_redrawn_to_8_every_hand(game):
    state = game.new_state(players=2, seed=13)
    keep(state)
    m = state.match
    for seat in (0, 1):
        assert len(m.cards(f"hand:{seat}")) == 8
        assert len(m.cards(f"discard:{seat}")) == 8
    put(state, "discard:0", [])  # arranging nothing is allowed and changes nothing
    assert len(m.cards("discard:0")) == 8


def test_gw_r16_no_game_lasts_more_than_8_hands(game):
    for seed in range(40):
        state = game.new_state(players=2, seed=seed)
        while not state.is_over:
            keep(state)
        assert state.turn <= 8
        assert len(hands_fought(state)) == state.turn
