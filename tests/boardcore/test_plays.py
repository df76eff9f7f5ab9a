"""The ready-made decisions PlayCard (play a card, aim it, or pass) and Choose (pick one
item, or pass), through toy-cards and small variants of it."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest

import boardcore
from boardcore.actions import DONE, PASS, Pick, Play
from boardcore.events import CardPlayed, CardsMoved, Chose, CounterChanged
from boardcore.testing import advance_to, arranged, choose, decision, events, options, put, stack

import toycards
from toycards import DISCARD, GOLD, HAND, TABLEAU, VP


def start(game=None, players=2, seed=1, hands=None):
    """A toy-cards match past its mulligan, at the first turn's build (seat players-1 is
    active). ``hands`` maps seats to the card names their hands hold (their dealt cards go
    to the discard); the active seat's income draws a Shield."""

    def before(state):
        m = state.match
        for seat, names in (hands or {}).items():
            m.move(m.cards(HAND[seat]), HAND[seat], DISCARD)
            put(state, HAND[seat], names)
        stack(state, toycards.DRAW, ["Shield"])

    state = arranged(game or toycards.game(), players, seed, before=before)
    for seat in range(players):
        choose(state, seat, "done")
    assert state.match.phase == "build"
    return state


# -- PlayCard: options, wording, typed answers ------------------------------------------------------


def test_play_card_offers_the_playable_cards_and_pass():
    state = start(hands={1: ["Banner", "Coin", "Spy"]})
    d = decision(state, 1)
    assert d.prompt == "build a card, or pass"
    banner = next(o for o in d.options if str(o) == "build Banner")
    assert isinstance(banner, Play) and banner.card.startswith("banner-") and banner.target is None
    assert d.options[-1] is PASS
    assert options(state, 1) == ["build Banner", "build Spy", "pass"]  # a Coin is no building


@attrs.frozen
class BuildOneOfEach(toycards.Build):
    """Copies of a card are alike: one is offered."""

    alike = "name"


def test_alike_copies_are_offered_once_the_first_of_them_in_the_hand():
    game = toycards.variant("toy-cards-alike", phases=(toycards.Income, BuildOneOfEach, toycards.Act))
    state = start(game, hands={1: ["Coin", "Banner", "Spy", "Banner", "Coin"]})
    assert options(state, 1) == ["build Banner", "build Spy", "pass"]
    hand = state.match.cards(HAND[1])
    assert [o.card for o in decision(state, 1).options[:2]] == [hand[1], hand[2]]
    choose(state, 1, "build Banner")
    assert hand[3] in state.match.cards(HAND[1]) and hand[1] in state.match.cards(TABLEAU[1])


def test_a_played_card_moves_to_its_destination_and_is_recorded():
    state = start(hands={1: ["Banner"]})
    m = state.match
    played = next(o for o in decision(state, 1).options if str(o) == "build Banner")
    state.apply(1, played)
    assert m.cards(TABLEAU[1]) == (played.card,)
    assert events(state, CardPlayed) == [CardPlayed(1, played.card, "hand:1", None, "build")]
    assert m.phase == "act"


def test_the_rule_of_the_play_then_the_cards_effect_then_card_played():
    state = start(hands={1: ["Purse"]})
    advance_to(state, "act")
    m = state.match
    gold = m.count(GOLD, 1)
    logged = len(state.events)
    choose(state, 1, "play Purse 2")
    new = [e for e in state.events[logged:] if isinstance(e, (CardsMoved, CounterChanged, CardPlayed))]
    purse = new[0].cards[0]
    assert new == [
        CardsMoved((purse,), "hand:1", "discard"),  # moved to ``to`` first
        CounterChanged("gold", 1, gold, gold + 2),  # then the card's Effect.play
        CardPlayed(1, purse, "hand:1", None, "act"),  # then the event
    ]
    assert m.marked("played") == (purse,)  # Act.played, the rule of the play, ran too


def test_targets_make_one_option_per_target():
    state = start(players=3, hands={2: ["Strike"]})
    advance_to(state, "act")
    strikes = [o for o in decision(state, 2).options if str(o).startswith("play Strike")]
    assert [(o.target, str(o)) for o in strikes] == [(0, "play Strike on seat 0"), (1, "play Strike on seat 1")]
    assert len({o.card for o in strikes}) == 1


def test_a_card_whose_targets_are_empty_is_not_offered():
    state = start(players=3, hands={2: ["Strike"]})
    state.match.eliminate(0)
    state.match.eliminate(1)
    advance_to(state, "act")
    assert not [t for t in options(state, 2) if t.startswith("play Strike")]


def test_repeat_asks_again_until_done():
    state = start(hands={1: ["Coin", "Coin", "Purse"]})
    advance_to(state, "act")
    m = state.match
    gold = m.count(GOLD, 1)
    assert options(state, 1) == ["play Coin 1", "play Coin 1", "play Purse 2", "done"]
    state.apply(1, decision(state, 1).options[0])
    assert decision(state, 1).options[-1] is DONE and options(state, 1) == ["play Coin 1", "play Purse 2", "done"]
    choose(state, 1, "play Coin 1", "play Purse 2")
    assert m.count(GOLD, 1) == gold + 4 and m.phase == "act"
    choose(state, 1, "done")
    assert m.phase != "act"
    assert len(events(state, CardPlayed)) == 3


def test_two_step_asks_the_card_first_then_its_target():
    game = toycards.variant("toy-cards-two-step", phases=(toycards.Income, toycards.Build, toycards.ActTwoStep))
    state = start(game, players=3, hands={2: ["Strike", "Coin"]})
    advance_to(state, "act")
    d = decision(state, 2)
    strike = next(o for o in d.options if str(o) == "play Strike")
    assert isinstance(strike, Pick)  # the card only
    assert "play Coin 1" in options(state, 2)  # a card without targets is played at once
    state.apply(2, strike)
    d = decision(state, 2)
    assert d.prompt == "play Strike: choose its target"
    assert [str(o) for o in d.options] == ["play Strike on seat 0", "play Strike on seat 1"]
    assert all(isinstance(o, Play) and o.card == strike.item for o in d.options)
    choose(state, 2, "play Strike on seat 1")
    assert events(state, CardPlayed)[-1] == CardPlayed(2, strike.item, "hand:2", 1, "act")
    # start() arranged the hands, so the history alone does not give this position: a trusted round trip
    assert state.game.state_from_json(state.to_json(), verify=False) == state


PULLED: list[int] = []
"""The targets LazyAct has handed out, by seat aimed at (reset by the test)."""


@attrs.frozen
class LazyAct(toycards.ActTwoStep):
    """The two-step menu, its targets a generator that notes each one it yields."""

    def targets(self, m, player, card):
        plain = super().targets(m, player, card)
        if plain is None:
            return None

        def lazily():
            for target in plain:
                PULLED.append(target[0])
                yield target

        return lazily()


def test_a_two_step_menu_reads_only_the_first_target_of_each_card():
    game = toycards.variant("toy-cards-lazy", phases=(toycards.Income, toycards.Build, LazyAct))
    state = start(game, players=3, hands={2: ["Strike", "Strike", "Coin"]})
    PULLED.clear()
    advance_to(state, "act")
    assert options(state, 2).count("play Strike") == 2
    assert PULLED == [0, 0]  # one target per Strike was enough to offer it
    PULLED.clear()
    choose(state, 2, "play Strike")
    assert options(state, 2) == ["play Strike on seat 0", "play Strike on seat 1"]  # aiming lists them all
    assert PULLED == [0, 1]


@attrs.frozen
class QuietBuild(toycards.Build):
    """The build declared public (wrongly, but it shows the rule)."""

    public = True


BUILDINGS = (toycards.Kind.BANNER, toycards.Kind.SPY, toycards.Kind.TROPHY)


def clear_buildings(state):
    """Move every Banner, Spy and Trophy out of the hands, to the discard."""
    m = state.match
    for seat in range(m.players):
        m.move([c for c in m.cards(HAND[seat]) if m.card(c).kind in BUILDINGS], HAND[seat], DISCARD)


def test_a_public_play_answers_its_lone_pass_and_a_private_one_asks_it():
    private = toycards.variant("toy-cards-private-build", phases=(toycards.Build, toycards.Market))
    public = toycards.variant("toy-cards-public-build", phases=(QuietBuild, toycards.Market))
    for game, asked in ((private, True), (public, False)):
        state = arranged(game, 2, 1, before=clear_buildings)
        for seat in (0, 1):
            choose(state, seat, "done")
        m = state.match
        if asked:
            # the others cannot see that seat 1 holds no building: it is asked anyway
            assert m.phase == "build" and options(state, 1) == ["pass"]
        else:
            assert Chose(1, "pass", True) in state.events and m.phase != "build"


# -- PlayCard with ``to = None`` and ``used`` ---------------------------------------------------------


@attrs.frozen
class Flash(boardcore.steps.PlayCard):
    """Show cards from your hand one by one (they stay in hand), then done."""

    name: ClassVar[str] = "flash"
    source = HAND
    repeat = True
    pass_word = "done"
    verb = "show"

    def played(self, m, player, card, target):
        m.add("shown", 1, player)


def test_a_card_played_with_no_destination_stays_and_is_offered_once_per_menu():
    game = toycards.variant("toy-cards-flash", phases=(Flash,), setup_phases=(), first_player=None)
    state = game.new_state(players=2, seed=1)
    m = state.match
    hand = m.cards(HAND[0])
    assert len(options(state, 0)) == len(hand) + 1 and options(state, 0)[-1] == "done"
    first = decision(state, 0).options[0]
    state.apply(0, first)
    assert m.cards(HAND[0]) == hand  # nothing moved
    assert first.card not in [o.card for o in decision(state, 0).options if isinstance(o, Play)]
    assert m.count("shown", 0) == 1
    assert [e.source for e in events(state, CardPlayed)] == ["hand:0"]
    choose(state, 0, "done")
    assert m.turn == 2 and m.active == 1


@attrs.frozen
class MustPlay(toycards.Build):
    """Build without the right to pass."""

    can_pass = False


def test_a_play_without_pass_and_without_playable_cards_asks_nothing():
    game = toycards.variant("toy-cards-must", phases=(MustPlay, toycards.Market), setup_phases=(), first_player=None)

    state = arranged(game, 2, 1, before=clear_buildings)
    assert not events(state, CardPlayed)
    assert [e.phase for e in events(state, boardcore.events.PhaseEnded)][:1] == ["build"]  # turn 1's build asked nothing


# -- Choose ---------------------------------------------------------------------------------------


@attrs.frozen
class PickGift(boardcore.steps.Choose):
    """Pick a gift among the counters you do not have yet (not public), or pass."""

    name: ClassVar[str] = "gift"
    can_pass = True
    gifts: ClassVar[tuple[str, ...]] = ("gold", "vp")

    def items(self, m, player):
        return [(g, f"take 1 {g}") for g in self.gifts if not m.count(f"got-{g}", player)]

    def chosen(self, m, player, item):
        m.add(f"got-{item}", 1, player)
        m.add(GOLD if item == "gold" else VP, 1, player)

    def passed(self, m, player):
        m.add("passed", 1, player)


@attrs.frozen
class PickNothing(PickGift):
    """Nothing to choose, and no pass: asks nothing."""

    can_pass = False
    gifts: ClassVar[tuple[str, ...]] = ()


def gift_game():
    return toycards.variant("toy-cards-gifts", phases=(PickNothing, PickGift), setup_phases=(), first_player=None)


def test_choose_offers_its_items_and_pass_to_the_active_seat():
    state = gift_game().new_state(players=2, seed=1)
    d = decision(state)
    assert d.player == 0 and d.prompt == "choose one, or pass"
    assert [str(o) for o in d.options] == ["take 1 gold", "take 1 vp", "pass"]
    assert d.options[0] == Pick("gold", "take 1 gold")
    choose(state, 0, "take 1 vp")
    assert state.match.count(VP, 0) == 1 and state.match.count("got-vp", 0) == 1
    assert Chose(0, "take 1 vp", False) in state.events


def test_choose_pass_runs_passed():
    state = gift_game().new_state(players=2, seed=1)
    choose(state, 0, "pass")
    assert state.match.count("passed", 0) == 1 and state.match.active == 1


def test_a_choose_with_nothing_to_choose_and_no_pass_asks_nothing():
    state = gift_game().new_state(players=2, seed=1)
    frame = [e for e in state.events if isinstance(e, (boardcore.events.PhaseBegan, boardcore.events.PhaseEnded))]
    # PickNothing's phase (named "gift" too) began and ended at once
    assert frame == [boardcore.events.PhaseBegan("gift", 0), boardcore.events.PhaseEnded("gift"), boardcore.events.PhaseBegan("gift", 0)]
    assert decision(state).player == 0


def test_a_choose_with_one_item_is_asked_unless_public():
    state = gift_game().new_state(players=2, seed=1)
    choose(state, 0, "take 1 gold")
    choose(state, 1, "pass")
    assert options(state, 0) == ["take 1 vp", "pass"]
    choose(state, 0, "take 1 vp")
    choose(state, 1, "pass")
    assert options(state, 0) == ["pass"]  # a lone option, asked: Choose is not public by default


def test_market_is_public_so_its_lone_pass_is_answered():
    state = start(hands={})
    m = state.match
    assert m.count(GOLD, 1) < toycards.RULES.price
    choose(state, 1, "pass")
    advance_to(state, "build")  # turn 2's
    assert m.turn == 2 and Chose(1, "pass", True) in state.events


def test_market_buys_when_the_gold_is_there():
    state = start(hands={}, seed=1)
    m = state.match
    m.set_count(GOLD, 5, 1)
    advance_to(state, "market")
    assert options(state, 1) == ["buy 1 VP for 3 gold", "pass"]
    choose(state, 1, "buy 1 VP for 3 gold")
    assert (m.count(GOLD, 1), m.count(VP, 1), m.count(toycards.POT)) == (2, 1, 8)


def test_a_choose_for_a_given_player_asks_that_player():
    m = toycards.game().new_state(players=2, seed=1).match
    m.asks = ()
    toycards.SpyReport(0).run(m)
    ((d, step),) = m.asks
    assert d.player == 0 and step == toycards.SpyReport(0)
    with pytest.raises(boardcore.RuleError, match="no active seat"):
        toycards.Market().run(m)  # no active seat before the first turn


# -- a menu of cards to play and abilities to use --------------------------------------


def rally_game():
    return toycards.variant("toy-cards-rally", phases=(toycards.ActOrRally,), setup_phases=(), first_player=None)


def test_a_menu_offers_the_abilities_of_cards_in_play_after_the_cards_each_once():
    def before(state):
        put(state, HAND[0], ["Coin"])
        put(state, TABLEAU[0], ["Banner", "Banner"])

    state = arranged(rally_game(), players=2, seed=1, before=before)
    banners = state.match.cards(TABLEAU[0])
    texts = options(state, 0)
    assert texts[-3:] == ["rally with Banner", "rally with Banner", "done"]
    assert [type(o).__name__ for o in decision(state).options][-3:] == ["Use", "Use", "Done"]
    gold = state.match.count(GOLD, 0)
    state.apply(0, decision(state).options[-3])
    assert state.match.count(GOLD, 0) == gold + 1
    # the first Banner has rallied: only the second is offered now
    assert [o.ability for o in decision(state).options if isinstance(o, boardcore.actions.Use)] == [banners[1]]


def test_a_menu_with_an_empty_hand_still_asks_when_an_ability_is_offered():
    def before(state):
        put(state, DISCARD, list(state.match.cards(HAND[0])))
        put(state, TABLEAU[0], ["Banner"])

    state = arranged(rally_game(), players=2, seed=1, before=before)
    assert state.match.cards(HAND[0]) == ()
    assert decision(state).player == 0 and options(state, 0) == ["rally with Banner", "done"]
