"""Card effects: Effect.play, reactions to events (@reacts_to), subclass matching, decisions
triggered by reactions (m.trigger), the order of reactions, and failures in a reaction."""

from __future__ import annotations

import pytest

import boardcore
from boardcore import Effect, Event, PluginError, reacts_to
from boardcore.events import CardPlayed, PhaseBegan, PhaseEnded
from boardcore.testing import advance_to, arranged, choose, decision, events, options, put, stack

import toycards
from toycards import DISCARD, DRAW, GOLD, HAND, TABLEAU, Blocked, Hit, StrikeResolved


def turn_one(hands=None, tableaus=None, game=None, players=2, seed=1, top=("Shield",)):
    """A toy-cards match at the first turn's build (seat players-1 active): ``hands`` and
    ``tableaus`` map seats to card names (hands are emptied first); ``top`` is drawn next."""

    def before(state):
        m = state.match
        for seat, names in (hands or {}).items():
            m.move(m.cards(HAND[seat]), HAND[seat], DISCARD)
            put(state, HAND[seat], names)
        for seat, names in (tableaus or {}).items():
            put(state, TABLEAU[seat], names)
        stack(state, DRAW, list(top))

    state = arranged(game or toycards.game(), players, seed, before=before)
    for seat in range(players):
        choose(state, seat, "done")
    return state


# -- reacting to PhaseBegan ------------------------------------------------------------------------


def test_a_card_reacts_to_a_phase_beginning_where_it_is_placed_to_act():
    plain = turn_one()
    bannered = turn_one(tableaus={1: ["Banner"]})
    elsewhere = turn_one(tableaus={0: ["Banner"]})
    assert plain.match.count(GOLD, 1) == 2  # start 1 + income 1
    assert bannered.match.count(GOLD, 1) == 3  # + the Banner in the active seat's tableau
    assert elsewhere.match.count(GOLD, 1) == 2 and elsewhere.match.count(GOLD, 0) == 1  # not its owner's turn


def test_every_banner_in_play_reacts():
    state = turn_one(tableaus={1: ["Banner", "Banner"]})
    assert state.match.count(GOLD, 1) == 4


# -- reacting to CardPlayed, with a triggered decision --------------------------------------------


def test_a_reaction_may_trigger_a_decision_that_runs_right_after_the_current_step():
    state = turn_one(hands={1: ["Strike"], 0: ["Coin"]}, tableaus={0: ["Spy"]})
    advance_to(state, "act")
    choose(state, 1, "play Strike on seat 0")
    # The Strike's effect scheduled the ShieldWindow; CardPlayed then made the Spy trigger
    # its report: the triggered step runs first, as soon as the play is done.
    d = decision(state)
    assert d.player == 0 and options(state, 0) == ["take 1 gold", "pass"]
    assert isinstance(state.match.triggered, tuple) and state.match.triggered == ()
    choose(state, 0, "take 1 gold")
    assert state.match.count(GOLD, 0) == 2
    assert decision(state).prompt == "seat 1 strikes you: block, or pass"  # then the window
    choose(state, 0, "pass")
    assert events(state, toycards.Hit) == [toycards.Hit(1, 0)]


def test_a_spy_ignores_its_owners_own_strikes():
    state = turn_one(hands={1: ["Strike"], 0: ["Coin"]}, tableaus={1: ["Spy"]})
    advance_to(state, "act")
    choose(state, 1, "play Strike on seat 0")
    assert decision(state).prompt == "seat 1 strikes you: block, or pass"


def test_the_card_played_event_comes_after_the_effect_and_names_the_phase():
    state = turn_one(hands={1: ["Strike"], 0: ["Coin"]})
    advance_to(state, "act")
    choose(state, 1, "play Strike on seat 0")
    (played,) = events(state, CardPlayed)
    assert (played.player, played.source, played.target, played.phase) == (1, "hand:1", 0, "act")
    assert state.match.card(played.card).kind is toycards.Kind.STRIKE


# -- reacting to a game's own events, and to their subclasses ---------------------------------------


def test_a_reaction_to_an_event_class_receives_its_subclasses():
    assert issubclass(Hit, StrikeResolved) and issubclass(Blocked, StrikeResolved)
    hit = turn_one(hands={1: ["Strike"], 0: ["Coin"]}, tableaus={0: ["Trophy"]})
    advance_to(hit, "act")
    choose(hit, 1, "play Strike on seat 0")
    choose(hit, 0, "pass")
    assert events(hit, Hit) and hit.match.count(GOLD, 0) == 2  # the Trophy: +1 on a Hit
    blocked = turn_one(hands={1: ["Strike"], 0: ["Shield"]}, tableaus={0: ["Trophy"]})
    advance_to(blocked, "act")
    choose(blocked, 1, "play Strike on seat 0")
    choose(blocked, 0, "block with a Shield")
    assert events(blocked, Blocked) and blocked.match.count(GOLD, 0) == 2  # and on a Blocked


def test_the_reactions_table_of_an_effect_class():
    assert toycards.BannerEffect.reactions == {PhaseBegan: ("income",)}
    assert toycards.SpyEffect.reactions == {CardPlayed: ("spotted",)}
    assert toycards.TrophyEffect.reactions == {StrikeResolved: ("glory",)}
    assert toycards.CoinEffect.reactions == {} and Effect.reactions == {}


def test_a_loaded_game_lists_the_reactions_to_each_event_class():
    game = toycards.game()
    assert len(game.reactions(PhaseBegan)) == 2  # the two Banners
    assert len(game.reactions(Hit)) == len(game.reactions(Blocked)) == len(game.reactions(StrikeResolved)) == 1
    assert game.reactions(PhaseEnded) == () and game.reactions(Event) == ()
    assert game.reacting is True
    assert boardcore.registry.game_from_provider(__import__("toy"), name="toy-duel").reacting is False


class Chronicle(toycards.ToyEffect):
    """Notes every event it sees, and inherits a reaction."""

    def __init__(self):
        self.seen = []

    @reacts_to(Event)
    def note(self, m, card, event):
        self.seen.append(("card", card.id, type(event).__name__))


class LoudChronicle(Chronicle):
    """Overrides the reaction without marking it again: the override is what is called."""

    def note(self, m, card, event):
        self.seen.append(("loud", card.id, type(event).__name__))

    @reacts_to(PhaseBegan, PhaseEnded)
    def frame(self, m, card, event):
        self.seen.append(("frame", card.id, type(event).__name__))


class Listener:
    name = "listener"

    def __init__(self, seen):
        self.seen = seen

    @boardcore.hookimpl
    def on_event(self, event):
        self.seen.append(("hook", None, type(event).__name__))


def test_reactions_run_card_by_card_then_the_on_event_hooks():
    effect = Chronicle()
    game = toycards.variant("toy-cards-chronicle", effects={"spy": effect, "trophy": effect})
    listening = boardcore.registry.game_from_provider(
        boardcore.GamePlugin(game.spec, cards=toycards.CARDS, effects=dict(game.effects), package="toycards"),
        plugins=[Listener(effect.seen)],
    )
    listening.new_state(players=2, seed=1)
    first = [e for e in effect.seen if e[2] == "MatchStarted"]
    assert first == [("card", "spy", "MatchStarted"), ("card", "trophy", "MatchStarted"), ("hook", None, "MatchStarted")]


def test_a_subclass_inherits_reactions_and_its_overrides_are_called():
    assert LoudChronicle.reactions == {Event: ("note",), PhaseBegan: ("frame",), PhaseEnded: ("frame",)}
    effect = LoudChronicle()
    game = toycards.variant("toy-cards-loud", effects={"spy": effect})
    game.new_state(players=2, seed=1)
    assert ("card", "spy", "MatchStarted") not in effect.seen and ("loud", "spy", "MatchStarted") in effect.seen
    assert ("frame", "spy", "PhaseBegan") in effect.seen
    began = [e for e in effect.seen if e[2] == "PhaseBegan"]
    assert [e[0] for e in began] == ["loud", "frame"]  # both reactions, in the order of the class


def test_reacts_to_takes_event_classes_only():
    with pytest.raises(TypeError):
        reacts_to()
    with pytest.raises(TypeError):
        reacts_to(int)
    with pytest.raises(TypeError):
        reacts_to(Hit(0, 1))


# -- a failing reaction ------------------------------------------------------------------------------


class BrokenTrophy(toycards.ToyEffect):
    """A bug: pays its owner, then fails."""

    @reacts_to(StrikeResolved)
    def glory(self, m, card, event):
        m.add(GOLD, 5, 0)
        raise ValueError("the trophy broke")


def struck(name, trophy):
    """Seat 1 has just played a Strike on seat 0, whose Trophy has the effect ``trophy``;
    seat 0 is asked whether to block."""
    game = toycards.variant(name, effects={"trophy": trophy})
    state = turn_one(hands={1: ["Strike"], 0: ["Coin"]}, tableaus={0: ["Trophy"]}, game=game)
    advance_to(state, "act")
    choose(state, 1, "play Strike on seat 0")
    return state


def test_a_failing_reaction_rolls_the_action_back_and_names_its_module():
    state = struck("toy-cards-broken", BrokenTrophy())
    before = state.to_json()
    with pytest.raises(PluginError) as caught:
        choose(state, 0, "pass")
    assert caught.value.plugin == __name__ and "the trophy broke" in str(caught.value)
    # where: the reaction, its card and the event, the line that failed, the moment
    message = str(caught.value)
    assert "BrokenTrophy.glory, the reaction of card trophy" in message and "to Hit" in message  # the StrikeResolved subclass recorded
    assert "test_effects.py, line" in message and "in BrokenTrophy.glory" in message and "turn 1, phase act" in message
    assert state.to_json() == before and state.match.count(GOLD, 0) == 1
    assert decision(state).player == 0  # still asked, as if nothing had happened


class BrokenShuffle(toycards.ToyEffect):
    @reacts_to(boardcore.events.Shuffled)
    def shuffled(self, m, card, event):
        raise KeyError("set-up")


def test_a_reaction_failing_during_set_up_is_a_plugin_error():
    game = toycards.variant("toy-cards-broken-setup", effects={"spy": BrokenShuffle()})
    with pytest.raises(PluginError) as caught:
        game.new_state(players=2, seed=1)
    assert caught.value.plugin == __name__ and "KeyError" in str(caught.value)


class AskingTrophy(toycards.ToyEffect):
    """A mistake the docs forbid: asking from inside a reaction instead of m.trigger."""

    @reacts_to(StrikeResolved)
    def glory(self, m, card, event):
        m.ask(0, [boardcore.actions.PASS], "take the trophy?", toycards.SpyReport(0))


def test_a_reaction_that_asks_directly_is_refused_and_the_action_rolled_back():
    state = struck("toy-cards-asking", AskingTrophy())
    before = state.to_json()
    with pytest.raises(PluginError, match="asked a player directly; a reaction that needs a decision schedules a step with m.trigger"):
        choose(state, 0, "pass")
    assert state.to_json() == before


# -- effects refused when the game is loaded --------------------------------------------------------


class NotAnEffect:
    """Marks a reaction but forgets to subclass Effect: it would never run."""

    @reacts_to(StrikeResolved)
    def glory(self, m, card, event):
        pass


class WrongSignature(toycards.ToyEffect):
    @reacts_to(StrikeResolved)
    def glory(self, m, event):
        pass


@pytest.mark.parametrize(
    "effect, message",
    [
        (BrokenTrophy, r"effect 'trophy' is the class BrokenTrophy: register an instance, BrokenTrophy\(\)"),
        (NotAnEffect(), r"marks \['glory'\] with reacts_to, modifies or replaces but is no boardcore.Effect subclass"),
        (WrongSignature(), r"the reaction WrongSignature.glory must take \(m, card, event\)"),
    ],
)
def test_an_effect_whose_reactions_could_not_run_is_refused_when_the_game_loads(effect, message):
    # Before, the first two did nothing, silently, and the third failed in the middle of a match.
    with pytest.raises(PluginError, match=message):
        toycards.variant("toy-cards-bad-effect", effects={"trophy": effect})


# -- a reaction to the beginning of a single-step phase --------------------------------------------


class Herald(toycards.ToyEffect):
    """When another seat's act phase begins, the Spy's owner gets a report (a triggered step)."""

    @reacts_to(PhaseBegan)
    def announce(self, m, card, event):
        owner = toycards.owner_of(m, card.id)
        if event.phase == "act" and owner is not None and owner != m.active:
            m.trigger(toycards.SpyReport(owner))


def test_a_step_triggered_when_a_single_step_phase_begins_runs_before_the_phase_asks():
    game = toycards.variant("toy-cards-herald", effects={"spy": Herald()})
    state = turn_one(hands={1: ["Coin", "Purse"]}, tableaus={0: ["Spy"]}, game=game)
    choose(state, 1, "pass")  # the build; now the act phase begins
    assert decision(state).player == 0 and options(state, 0) == ["take 1 gold", "pass"]
