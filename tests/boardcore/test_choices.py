"""Secret choices made together: SecretChoices (toy-duel's Commit) and Exchange (toy-cards'
Mulligan, and a per-seat variant): secret until revealed, Revealed events, discard and redraw."""

from __future__ import annotations

import json

import attrs
import pytest

import boardcore
from boardcore.actions import DONE
from boardcore.events import Chose, MomentCancelled, PhaseBegan, Revealed
from boardcore.testing import choose, decision, events, options

import toy
import toycards
from toycards import DISCARD, DRAW, HAND


def mulligan(players=2, seed=1):
    state = toycards.game().new_state(players=players, seed=seed)
    assert state.match.phase == "mulligan"
    return state


def test_everybody_chooses_at_once_in_secret():
    state = mulligan(players=3)
    assert sorted(d.player for d in state.pending) == [0, 1, 2]
    for seat in range(3):
        d = decision(state, seat)
        assert d.secret and d.prompt == "Discard up to 2 more cards: pick one, or done"
        hand = state.match.cards(HAND[seat])
        assert options(state, seat) == [f"discard {state.match.card(c).label}" for c in hand] + ["done"]
    assert state.view(1)["others_deciding"] == []  # secret decisions are not even listed


def test_a_secret_pick_shows_only_to_its_player_until_revealed():
    state = mulligan()
    m = state.match
    before = state.view(1)
    hand = m.cards(HAND[0])
    state.apply(0, decision(state, 0).options[0])
    assert m.draft(0) == hand[:1] and state.view(0)["draft"] == list(hand[:1])
    assert m.cards(HAND[0]) == hand  # nothing moves before the reveal
    assert state.view(1) == before and hand[0] not in json.dumps(state.view(1))
    assert events(state, Chose)[-1] == Chose(0, None, False)
    assert decision(state, 0).prompt == "Discard up to 1 more card: pick one, or done"
    assert len(options(state, 0)) == len(hand)  # the picked card is offered no more


def test_after_the_most_cards_done_is_all_that_is_left_and_the_engine_says_it():
    # Everybody sees a secret pick being made (not what it is), so everybody can tell
    # when the most is reached: then the lone "done" is public and answered.
    state = mulligan()
    m = state.match
    state.apply(0, decision(state, 0).options[0])
    state.apply(0, decision(state, 0).options[0])
    assert [d.player for d in state.pending] == [1] and len(m.draft(0)) == 2
    # the engine's answer waits in the agenda until no decision is open
    assert 0 not in m.sealed and Chose(0, None, True) not in state.events
    choose(state, 1, "done")
    assert Chose(0, None, True) in state.events and len(events(state, Revealed)) == 2


def test_done_seals_the_choice_and_the_reveal_waits_for_everybody():
    state = mulligan(players=3)
    m = state.match
    choose(state, 1, "done")
    assert 1 in m.sealed and m.draft(1) == ()
    assert not events(state, Revealed)
    state.apply(0, decision(state, 0).options[0])
    choose(state, 0, "done")
    assert sorted(m.sealed) == [0, 1] and [d.player for d in state.pending] == [2]


def test_the_reveal_shows_every_choice_then_discards_and_redraws():
    state = mulligan(players=3, seed=2)
    m = state.match
    hands = {s: m.cards(HAND[s]) for s in range(3)}
    top = m.cards(DRAW)[-3:][::-1]  # the next three cards drawn
    state.apply(2, decision(state, 2).options[1])
    choose(state, 2, "done")
    choose(state, 1, "done")
    state.apply(0, decision(state, 0).options[0])
    state.apply(0, decision(state, 0).options[0])  # seat 0 discards 2: its "done" is answered
    assert events(state, Revealed) == [Revealed(0, hands[0][:2]), Revealed(1, ()), Revealed(2, hands[2][1:2])]
    assert m.cards(DISCARD) == hands[0][:2] + hands[2][1:2]
    assert m.cards(HAND[0]) == hands[0][2:] + top[:2]  # seats in order: seat 0 draws first
    assert m.cards(HAND[1]) == hands[1]
    assert m.cards(HAND[2])[:3] == (hands[2][0], hands[2][2], top[2])  # then seat 2's turn begins
    assert m.drafts == {} and m.sealed == {} and m.phase == "build"


def test_determinize_forgets_the_other_players_secret_choices():
    state = mulligan()
    state.apply(0, decision(state, 0).options[0])
    choose(state, 0, "done")
    twin = state.determinize(1, seed=3)
    assert 0 not in twin.match.sealed and twin.match.draft(0) == ()
    assert sorted(d.player for d in twin.pending) == [0, 1]  # seat 0 is asked again
    assert twin.view(1) == state.view(1)
    mine = state.determinize(0, seed=3)
    assert mine.match.sealed.keys() == {0} and mine.match.draft(0) == state.match.draft(0)


def test_a_saved_game_keeps_sealed_choices_secret_and_exact():
    state = mulligan()
    state.apply(0, decision(state, 0).options[0])
    choose(state, 0, "done")
    loaded = state.game.state_from_json(state.to_json())
    assert loaded == state and loaded.match.sealed == state.match.sealed
    choose(loaded, 1, "done")
    choose(state, 1, "done")
    assert loaded == state and events(loaded, Revealed)[0].items == state.match.cards(DISCARD)


# -- SecretChoices of a game's own: toy-duel's Commit -------------------------------------------


def test_secret_choices_reveal_passes_every_choosers_picks_by_seat():
    state = toy.duel().new_state(players=3, seed=4)
    for seat in range(3):
        toy.act(state, seat, "discard")
    m = state.match
    picks = {}
    for seat in (2, 0, 1):  # any order
        card = decision(state, seat).options[0]
        picks[seat] = card.item
        state.apply(seat, card)
        state.apply(seat, DONE)
    assert events(state, Revealed) == [Revealed(s, (picks[s],)) for s in range(3)]  # in the choosers' order
    assert all(m.cards(toy.PLAY[s]) == (picks[s],) for s in range(3))


def test_secret_choices_ask_only_the_choosers():
    state = boardcore.testing.arranged(toy.duel(), 3, 4, before=lambda s: s.match.eliminate(1))
    for seat in (0, 2):
        toy.act(state, seat, "discard")
    assert sorted(d.player for d in state.pending) == [0, 2]  # Commit.choosers: the seats still in


# -- an Exchange between families: each seat's own deck and discard ------------------------------


class Swap(boardcore.steps.Exchange):
    """toy-duel's players may swap one card with their own deck."""

    name = "swap"
    hand, discard, draw, most = toy.HAND, toy.DISCARD, toy.DECK, 1


def test_an_exchange_may_discard_and_draw_seat_by_seat():
    game = toy.duel_variant("toy-duel-swap", phases=(Swap, toy.Commit))
    state = game.new_state(players=2, seed=6)
    m = state.match
    hand = m.cards(toy.HAND[1])
    top = m.cards(toy.DECK[1])[-1]
    state.apply(1, decision(state, 1).options[0])  # the most is 1: "done" follows by itself
    choose(state, 0, "done")
    assert m.cards(toy.DISCARD[1]) == hand[:1] and m.cards(toy.DISCARD[0]) == ()
    assert m.cards(toy.HAND[1]) == hand[1:] + (top,)
    assert toy.duel_check(m) == []
    assert attrs.has(Swap) and state.game.state_from_json(state.to_json()) == state


class SwapTwo(Swap):
    most = 2


def test_an_exchange_narrows_its_options_to_what_it_would_build():
    game = toy.duel_variant("toy-duel-swap-two", phases=(SwapTwo, toy.Commit))
    state = game.new_state(players=2, seed=6)
    m = state.match
    first = decision(state, 0).options
    state.apply(0, first[1])
    (_, step), = [ask for ask in m.asks if ask[0].player == 0]
    after = decision(state, 0).options
    assert after == first[:1] + first[2:] and after[-1] == DONE  # the rest, "done" still last
    assert list(after) == list(step.options(m, m.draft(0)))  # what building them gives
    state.apply(0, after[0])
    assert [d.player for d in state.pending] == [1]  # the most is reached: "done" alone, public, so answered
    # (check_game compares narrowed and built options at every pick of Gallic Wars' and Horse People's exchanges)


def test_a_chooser_with_a_skip_of_the_phase_sits_it_out_once():
    """``Match.skip_phase`` in a game where everybody acts: SecretChoices leaves the seat out
    of its choosers, using the skip up as the step begins (before anybody is asked)."""
    game = toy.duel_variant("toy-duel-swap", phases=(Swap, toy.Commit))
    state = boardcore.testing.arranged(game, 2, 6, before=lambda s: s.match.skip_phase(1, "swap"))
    assert [d.player for d in state.pending] == [0]
    assert events(state, MomentCancelled) == [MomentCancelled(PhaseBegan("swap", 1), "skip_phase")]
    assert state.match.skips(1, "swap") == 0  # the flag cleared itself
    choose(state, 0, "done")
    assert state.match.phase == "commit"
    assert boardcore.testing.check_who_is_asked(state, redeals=4) is None


class SwapAtOnce(Swap):
    """Swap, asked as one decision over the sets of at most two cards."""

    name = "swap"
    most = 2
    selection_class = boardcore.steps.ExchangeAtOnce


def test_an_exchange_at_once_offers_every_set_of_places_and_exchanges_the_cards_there():
    game = toy.duel_variant("toy-duel-swap-at-once", phases=(SwapAtOnce, toy.Commit))
    state = game.new_state(players=2, seed=6)
    m = state.match
    hand = m.cards(toy.HAND[0])
    n = len(hand)
    (mine,) = [d for d in state.pending if d.player == 0]
    assert len(mine.options) == 1 + n + n * (n - 1) // 2 and mine.secret
    assert [o.positions for o in mine.options[: n + 2]] == [(), *[(i,) for i in range(n)], (0, 1)]
    assert all(isinstance(o, boardcore.actions.PickSet) for o in mine.options)
    assert str(mine.options[n + 1]) == "exchange cards 1, 2" and str(mine.options[0]) == "keep every card"
    theirs = state.view(1)
    state.apply(0, mine.options[n])  # the last card alone
    assert state.view(1) == theirs and m.draft(0) == hand[-1:]  # secret until both have chosen
    assert boardcore.testing.check_who_is_asked(state, redeals=4) is None
    top = m.cards(toy.DECK[0])[-1]
    state.apply(1, state.pending[0].options[0])  # keep every card
    assert m.cards(toy.DISCARD[0]) == hand[-1:] and m.cards(toy.DISCARD[1]) == ()
    assert m.cards(toy.HAND[0]) == hand[:-1] + (top,)
    assert toy.duel_check(m) == []
    assert state.game.state_from_json(state.to_json()) == state


def test_an_exchange_at_once_refuses_places_a_trusted_save_made_up_leaving_the_match_as_it_was():
    game = toy.duel_variant("toy-duel-swap-at-once", phases=(SwapAtOnce, toy.Commit))
    data = json.loads(boardcore.testing.arranged(game, 2, 6).to_json())  # not replayable: its asks are saved
    (ask, _), *_ = data["asks"]
    ask["options"][1]["positions"] = [7]
    state = game.state_from_json(json.dumps(data), verify=False)
    before = state.to_json()
    made_up = next(d for d in state.pending if d.player == ask["player"]).options[1]
    with pytest.raises(boardcore.PluginError, match=r"\[7\] are not distinct places among the 2 cards"):
        state.apply(ask["player"], made_up)
    assert state.to_json() == before


class SwapAsTheMatchSays(Swap):
    """Swap, asked at once when the match's "target" option is above 12 (a stand-in for a game's own option)."""

    name = "swap"

    def at_once(self, m):
        return m.options["target"] > 12


def test_an_exchange_asks_at_once_where_its_at_once_says_so():
    game = toy.duel_variant("toy-duel-swap-as-told", phases=(SwapAsTheMatchSays, toy.Commit))
    by_card = game.new_state(players=2, seed=6)
    at_once = game.new_state(players=2, seed=6, target=13)
    assert isinstance(by_card.pending[0].options[0], boardcore.actions.Pick)
    assert all(isinstance(o, boardcore.actions.PickSet) for o in at_once.pending[0].options)
    assert len(at_once.pending[0].options) == 1 + len(at_once.match.cards(toy.HAND[0]))  # at most 1 card


def test_the_options_of_an_exchange_at_once_are_built_once_per_hand_size():
    game = toy.duel_variant("toy-duel-swap-at-once", phases=(SwapAtOnce, toy.Commit))
    a, b = game.new_state(players=2, seed=6), game.new_state(players=2, seed=7)
    assert a.pending[0].options is b.pending[0].options


class Generous(boardcore.Effect):
    """A house rule: every exchange draws one card more than it discards."""

    @boardcore.modifies(boardcore.events.Exchanged)
    def one_more(self, m, card, exchanged):
        return attrs.evolve(exchanged, draws=exchanged.draws + 1)


def test_each_seats_exchange_is_the_engines_exchanged_moment():
    game = boardcore.testing.with_rules(toy.duel_variant("toy-duel-swap", phases=(Swap, toy.Commit)), Generous())
    state = game.new_state(players=2, seed=6)
    m = state.match
    hand = m.cards(toy.HAND[1])
    state.apply(1, decision(state, 1).options[0])
    choose(state, 0, "done")
    (exchanged,) = events(state, boardcore.events.Exchanged)  # recorded: a rule acts on it
    assert exchanged == boardcore.events.Exchanged(1, hand[:1], 2, toy.HAND[1], toy.DISCARD[1], toy.DECK[1])
    assert len(m.cards(toy.HAND[1])) == len(hand) + 1 and m.cards(toy.DISCARD[1]) == hand[:1]


def test_an_exchange_nothing_acts_on_is_not_logged():
    state = toy.duel_variant("toy-duel-swap", phases=(Swap, toy.Commit)).new_state(players=2, seed=6)
    state.apply(1, decision(state, 1).options[0])
    choose(state, 0, "done")
    assert events(state, boardcore.events.Exchanged) == [] and len(events(state, Revealed)) == 2


def test_a_draw_performed_as_a_moment_says_how_many_were_drawn():
    state = toy.duel().new_state(players=2, seed=6)
    m = state.match
    deck = len(m.cards(toy.DECK[0]))
    drawn = m.perform(boardcore.events.CardsDrawn(0, deck + 5, "test", toy.DECK[0], toy.HAND[0]))
    assert drawn == boardcore.events.CardsDrawn(0, deck, "test", toy.DECK[0], toy.HAND[0])  # fewer: the deck ran out
    assert m.cards(toy.DECK[0]) == ()


# -- a selection that narrows: after a pick, the options offered less what it rules out --------

SUITED = boardcore.Zone("suited", boardcore.Visibility.HIDDEN, deck=True)
HELD = boardcore.SeatZones("held", boardcore.Visibility.OWNER)


@attrs.frozen
class OnePerSuit(boardcore.steps.Select):
    """Pick cards of different suits (the first letter of a card's name), at least one."""

    read_hand: list[int] = attrs.field(factory=list, eq=False, repr=False)  # counts candidates() calls
    narrows = True

    def candidates(self, m, picked):
        self.read_hand.append(len(picked))
        suits = {m.card(c).name[0] for c in picked}
        return [c for c in m.cards(HELD[self.player]) if c not in picked and m.card(c).name[0] not in suits]

    def option(self, m, item):
        return boardcore.actions.pick(item, f"take {m.card(item).name}")

    def can_stop(self, m, picked):
        return bool(picked)

    def ruled_out(self, m, item, offered):
        return [c for c in offered if m.card(c).name[0] == m.card(item).name[0]]

    def complete(self, m, picked):
        m.move(picked, HELD[self.player], SUITED)


@attrs.frozen
class CarelessSuits(OnePerSuit):
    """Says it narrows but rules nothing out: a pick leaves the other cards of its suit offered."""

    def ruled_out(self, m, item, offered):
        return ()


def suit_game(step: type) -> boardcore.Game:
    class Take(boardcore.Phase):
        name = "take"

        def begin(self, m):
            m.schedule(step(m.active))

    def deal(m):
        for seat in range(m.players):
            m.draw(SUITED, HELD[seat], 4)

    spec = boardcore.GameSpec(
        name=f"suits-{step.__name__.lower()}", summary="take one card of each suit", player_counts=(2,),
        zones=(SUITED, HELD), setup=deal, phases=(Take,), turn_order=boardcore.TurnOrder.SEATS, turn_limit=4,
        at_limit=lambda m: boardcore.Result((), "turn limit"),
    )  # fmt: skip
    cards = [boardcore.Card(f"{suit}{n}", f"{suit}{n}") for suit in "abc" for n in range(4)]
    return boardcore.registry.game_from_provider(boardcore.GamePlugin(spec, cards=cards, package=__name__))


def test_a_narrowing_selection_offers_what_it_would_build_without_reading_the_hand_again():
    state = suit_game(OnePerSuit).new_state(players=2, seed=3)
    m = state.match
    (_, step), = m.asks
    hand = m.cards(HELD[0])
    first = decision(state, 0).options
    assert [o.item for o in first] == list(hand) and DONE not in first  # nothing picked: no "done" yet
    picked = first[0]
    state.apply(0, picked)
    suit = m.card(picked.item).name[0]
    after = decision(state, 0).options
    assert [o.item for o in after[:-1]] == [c for c in hand if m.card(c).name[0] != suit] and after[-1] == DONE
    assert after == tuple(step.options(m, (picked.item,)))  # what building them gives (one more read, below)
    assert step.read_hand == [0, 1]  # the first ask read the hand; the pick did not


def test_check_game_catches_a_selection_whose_narrowing_misses_what_a_pick_rules_out():
    boardcore.testing.check_game(suit_game(OnePerSuit), games=6, cross_process=False)
    with pytest.raises(boardcore.testing.ConformanceError, match=r"legal options.*CarelessSuits narrows its options"):
        boardcore.testing.check_game(suit_game(CarelessSuits), games=6, cross_process=False)
