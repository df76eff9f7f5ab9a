"""Opt-in plugins and providers: loading, refusing malformed ones, one manager per game, hooks."""

import types

import attrs
import pytest

import boardcore
from boardcore import PluginError, UnknownGame
from boardcore.actions import DONE
from boardcore.events import DieRolled
from boardcore.testing import load_dice

import toy
import toycards


class Recorder:
    """An observer plugin that records every notification hook call."""

    name = "recorder"

    def __init__(self):
        self.calls = []

    @boardcore.hookimpl
    def after_setup(self, match):
        self.calls.append(("after_setup", match.turn))

    @boardcore.hookimpl
    def before_action(self, match, player, action):
        self.calls.append(("before_action", player, action, len(match.history)))

    @boardcore.hookimpl
    def after_action(self, match, player, action):
        self.calls.append(("after_action", player, action, len(match.history)))

    @boardcore.hookimpl
    def on_event(self, match, event):
        self.calls.append(("on_event", event))

    @boardcore.hookimpl
    def after_game(self, match, result):
        self.calls.append(("after_game", result))

    def named(self, hook):
        return [c for c in self.calls if c[0] == hook]


class Triple(boardcore.Effect):
    def power(self, card):
        return 3 * card.power


class Trebuchet:
    """A variant: each seat's deck gains a Trebuchet (power 7, tripled by its own effect)."""

    name = "trebuchet"
    games = (toy.DUEL,)

    @boardcore.hookimpl
    def register_cards(self, game):
        return [toy.DuelCard(f"d{s}-7", "Trebuchet", seat=s, power=7, effect="triple") for s in range(toy.MAX_SEATS)]

    @boardcore.hookimpl
    def register_effects(self, game):
        return {"triple": Triple()}


class Loaded:
    """make_roll: every generated die comes up ``value`` (or None: no opinion)."""

    def __init__(self, value, name="loaded"):
        self.value = value
        self.name = name

    @boardcore.hookimpl
    def make_roll(self, match, sides, value, reason):
        return self.value


# -- notifications ---------------------------------------------------------------------


def test_every_notification_hook_is_called():
    rec = Recorder()
    game = toy.arena(rec)
    state = game.new_state(players=2, seed=1)
    assert rec.named("after_setup") == [("after_setup", 0)]  # after set-up, before the first turn
    events = [c[1] for c in rec.named("on_event")]
    assert events == list(state.events)  # every event, in order, as it was logged
    load_dice(state, [6] * 6)
    actions = 0
    while not state.is_over:
        d = state.pending[0]
        state.apply(d.player, DONE)
        actions += 1
    before = rec.named("before_action")
    after = rec.named("after_action")
    assert len(before) == len(after) == actions
    assert before[0] == ("before_action", 0, DONE, 1) and after[0] == ("after_action", 0, DONE, 1)
    assert rec.named("after_game") == [("after_game", state.result)]
    assert [c[1] for c in rec.named("on_event")] == list(state.events)
    assert rec.calls[-1][0] == "after_action"  # the last action's notification comes last


def test_after_setup_may_change_the_new_match():
    class Rich:
        name = "rich"

        @boardcore.hookimpl
        def after_setup(self, match):
            for s in range(match.players):
                match.add("tokens", 3, s)

    state = toy.duel(Rich()).new_state(players=2, seed=1)
    assert state.match.count("tokens", 0) == 5
    assert toy.duel().new_state(players=2, seed=1).match.count("tokens", 0) == 2


def test_make_roll_replaces_generated_and_loaded_rolls_alike():
    """A test that loads a die still sees what a plugin's make_roll does to it, as at a
    real table: the loaded result stands in for the generator, not for the plugin."""
    state = toy.arena(Loaded(6)).new_state(players=2, seed=1)
    state.apply(0, DONE)
    assert [(e.value, e.forced) for e in state.events if isinstance(e, DieRolled)] == [(6, False)]
    load_dice(state, [2])
    state.apply(1, DONE)
    assert [(e.value, e.forced) for e in state.events if isinstance(e, DieRolled)] == [(6, False), (6, True)]


def test_make_roll_none_means_no_opinion():
    plain = toy.arena().new_state(players=2, seed=1)
    state = toy.arena(Loaded(None, "shrug"), Loaded(1, "low")).new_state(players=2, seed=1)
    for s in (plain, state):
        s.apply(0, DONE)
    rolls = [e.value for e in state.events if isinstance(e, DieRolled)]
    assert rolls == [1]
    plain_roll = [e.value for e in plain.events if isinstance(e, DieRolled)]
    only_none = toy.arena(Loaded(None, "shrug")).new_state(players=2, seed=1)
    only_none.apply(0, DONE)
    assert [e.value for e in only_none.events if isinstance(e, DieRolled)] == plain_roll


@pytest.mark.parametrize("value", [0, 7, "6", True])
def test_make_roll_must_answer_a_face_of_the_die(value):
    state = toy.arena(Loaded(value, name="crooked-dice")).new_state(players=2, seed=1)
    before = state.to_json()
    with pytest.raises(PluginError, match="crooked-dice") as caught:
        state.apply(0, DONE)
    assert caught.value.plugin == "crooked-dice"  # the plugin is blamed, not the game that rolled
    assert state.to_json() == before


# -- cards and effects from plugins ----------------------------------------------------------


def test_a_plugin_adds_cards_and_effects_only_to_the_game_that_asked_for_it():
    with_variant = toy.duel(Trebuchet())
    plain = toy.duel()
    assert "d0-7" in with_variant.cards and "d0-7" not in plain.cards
    assert with_variant.plugins == ("trebuchet",) and plain.plugins == ()
    assert with_variant.effect("d1-7").power(with_variant.card("d1-7")) == 21
    assert "triple" not in plain.effects
    a = with_variant.new_state(players=2, seed=1)
    b = plain.new_state(players=2, seed=1)
    assert len(toy.all_cards(a)) == 21 and len(toy.all_cards(b)) == 18
    # loading the variant again, or the plain game again, changes neither
    toy.duel(Trebuchet())
    assert "d0-7" not in toy.duel().cards and plain.new_state(players=2, seed=1) == b


def test_one_plugin_manager_per_loaded_game():
    rec = Recorder()
    watched = toy.duel(rec)
    unwatched = toy.duel()
    assert watched.pm is not unwatched.pm
    unwatched.new_state(players=2, seed=1)
    assert rec.calls == []
    watched.new_state(players=2, seed=1)
    assert rec.calls
    seen = len(rec.calls)
    other = toy.duel()
    other.new_state(players=3, seed=2)
    assert len(rec.calls) == seen


def test_plugins_are_recorded_in_saved_games():
    game = toy.duel(Trebuchet())
    state = game.new_state(players=2, seed=1)
    assert game.state_from_json(state.to_json()) == state
    with pytest.raises(boardcore.InvalidData, match="plugins"):
        toy.duel().state_from_json(state.to_json())


# -- refusing malformed plugins --------------------------------------------------------------


def test_a_plugin_for_other_games_is_refused():
    class Elsewhere:
        name = "elsewhere"
        games = ("other",)

    with pytest.raises(PluginError, match="other") as caught:
        toy.duel(Elsewhere())
    assert caught.value.plugin == "elsewhere"
    with pytest.raises(PluginError, match="trebuchet"):
        toy.arena(Trebuchet())


def test_a_plugin_with_an_unknown_hook_is_refused():
    class Typo:
        name = "typo"

        @boardcore.hookimpl
        def on_evnt(self, match, event):
            pass

    with pytest.raises(PluginError, match="unknown hook") as caught:
        toy.duel(Typo())
    assert caught.value.plugin == "typo"


def test_a_hook_with_unknown_arguments_is_refused():
    class Wrong:
        name = "wrong"

        @boardcore.hookimpl
        def on_event(self, match, evnt):
            pass

    with pytest.raises(PluginError) as caught:
        toy.duel(Wrong())
    assert caught.value.plugin == "wrong"


def test_a_plugin_asked_for_twice_is_refused():
    with pytest.raises(PluginError, match="twice"):
        toy.duel(Trebuchet(), Trebuchet())


def test_a_plugin_name_that_is_not_installed_is_refused():
    with pytest.raises(PluginError, match="no installed plugin") as caught:
        toy.duel("no-such-plugin")
    assert caught.value.plugin == "no-such-plugin"


def test_a_single_plugin_name_is_one_plugin_not_its_letters():
    game = boardcore.load_game("gallic-wars", plugins="gw-turncoats")
    assert game.plugins == ("gw-turncoats",)


def test_duplicate_card_ids_are_refused_naming_the_plugin():
    class Copycat:
        name = "copycat"

        @boardcore.hookimpl
        def register_cards(self, game):
            return [toy.DuelCard("d0-1", "Another Spear", seat=0, power=1)]

    with pytest.raises(PluginError, match="d0-1") as caught:
        toy.duel(Copycat())
    assert "copycat" in str(caught.value) and "toy" in str(caught.value)


def test_a_card_naming_an_unregistered_effect_is_refused_naming_the_plugin():
    class Dud:
        name = "dud"

        @boardcore.hookimpl
        def register_cards(self, game):
            return [toy.DuelCard("d0-9", "Dud", seat=0, power=0, effect="fizzle")]

    with pytest.raises(PluginError, match="fizzle") as caught:
        toy.duel(Dud())
    assert caught.value.plugin == "dud"


def test_an_effect_registered_twice_is_refused():
    class Double:
        name = "double-again"

        @boardcore.hookimpl
        def register_effects(self, game):
            return {"double": lambda card: card.power}

    with pytest.raises(PluginError, match="double") as caught:
        toy.duel(Double())
    assert caught.value.plugin in ("double-again", "toy")




@pytest.mark.parametrize("hook", ["register_cards", "register_effects"])
def test_a_duplicate_is_blamed_on_the_plugin_that_added_it(hook):
    value = [toy.DuelCard("d0-1", "Another Spear", seat=0, power=1)] if hook == "register_cards" else {"double": len}
    with pytest.raises(PluginError) as caught:
        toy.duel(returns(hook, value))
    assert caught.value.plugin == f"returns-{hook}"


class Answers:
    """A plugin object answering one hook with a fixed value."""


def returns(hook, value):
    plugin = Answers()
    plugin.name = f"returns-{hook}"

    def impl(game):
        return value

    impl.__name__ = hook
    setattr(plugin, hook, boardcore.hookimpl(impl))
    return plugin


def test_an_unhashable_plugin_object_can_be_loaded():
    # 0.1 loaded such plugins (its own tests used SimpleNamespace objects as plugins).
    plugin = types.SimpleNamespace(name="namespace", after_action=boardcore.hookimpl(lambda: None))
    game = toy.duel(plugin)
    assert game.plugins == ("namespace",)


@pytest.mark.parametrize("value", [42, None, ["gw"], types.SimpleNamespace(name="hookless")])
def test_a_plugin_that_is_no_name_and_implements_no_hook_is_refused(value):
    with pytest.raises(boardcore.PluginError):
        toy.duel(value)


@pytest.mark.parametrize(
    "hook, value",
    [
        ("register_cards", ["not a card"]),
        ("register_types", ["not a class"]),
        ("register_types", toy.Score),  # a class, not a list of classes
    ],
)
def test_malformed_contributions_are_plugin_errors(hook, value):
    with pytest.raises(PluginError) as caught:
        toy.duel(returns(hook, value))
    assert caught.value.plugin == f"returns-{hook}"


@pytest.mark.parametrize(
    "hook, value",
    [
        ("register_cards", boardcore.Card("x-1", "Lonely")),  # one card instead of a list of cards
        ("register_effects", 5),
        ("register_effects", ["not", "a", "mapping"]),
    ],
    ids=["single-card", "effects-int", "effects-list"],
)
def test_malformed_card_and_effect_answers_are_plugin_errors(hook, value):
    with pytest.raises(PluginError) as caught:
        toy.duel(returns(hook, value))
    assert caught.value.plugin == f"returns-{hook}"


def test_a_hook_that_raises_while_loading_is_named():
    def impl(game):
        raise KeyError("boom")

    impl.__name__ = "register_cards"
    broken = types.SimpleNamespace(name="broken", register_cards=boardcore.hookimpl(impl))
    with pytest.raises(PluginError, match="KeyError") as caught:
        toy.duel(broken)
    assert caught.value.plugin == "broken"


def test_a_class_with_a_kind_field_or_a_taken_kind_is_refused():
    @attrs.frozen
    class Score(boardcore.Step):  # the same tag as toy.Score
        def run(self, m):
            pass

    with pytest.raises(PluginError, match="Score"):
        toy.duel(returns("register_types", [Score]))

    @attrs.frozen
    class Tagged(boardcore.Event):
        kind: str  # would clash with the saved class tag

    with pytest.raises(PluginError, match="kind"):
        toy.duel(returns("register_types", [Tagged]))


# -- providers ---------------------------------------------------------------------------------


def test_a_provider_with_two_games_needs_a_name():
    import sys

    with pytest.raises(UnknownGame):
        boardcore.registry.game_from_provider(sys.modules["toy"])
    with pytest.raises(UnknownGame, match="toy-arena"):
        boardcore.registry.game_from_provider(sys.modules["toy"], name="toy-chess")
    assert boardcore.registry.game_from_provider(sys.modules["toy"], name=toy.ARENA).name == toy.ARENA


def test_a_provider_offering_no_game_is_refused():
    with pytest.raises(PluginError, match="no games"):
        boardcore.registry.game_from_provider(toy.Provider("empty"))


def test_a_provider_offering_a_non_spec_is_refused():
    with pytest.raises(PluginError, match="GameSpec"):
        boardcore.registry.game_from_provider(toy.Provider("odd", "toy-odd"))


def test_a_provider_offering_one_name_twice_is_refused():
    with pytest.raises(PluginError, match="also provided"):
        boardcore.registry.game_from_provider(toy.Provider("twice", toy.DUEL_SPEC, toy.DUEL_SPEC))


def test_register_games_returning_one_spec_instead_of_a_list_is_a_plugin_error():
    def impl():
        return toy.DUEL_SPEC

    impl.__name__ = "register_games"
    lone = types.SimpleNamespace(name="lone", register_games=boardcore.hookimpl(impl))
    with pytest.raises(PluginError) as caught:
        boardcore.registry.game_from_provider(lone)
    assert caught.value.plugin == "lone"


def test_an_unknown_installed_game_is_a_lookup_error():
    with pytest.raises(UnknownGame) as caught:
        boardcore.load_game("no-such-game-anywhere")
    assert isinstance(caught.value, LookupError)
    assert caught.value.name == "no-such-game-anywhere"
    assert caught.value.known == boardcore.list_games()
    assert boardcore.list_games() == sorted(boardcore.list_games())


# -- on_event may change the match (v2) ---------------------------------------------------------


class Tax:
    """An opt-in plugin that is not a card: when a market opens, the active seat pays
    1 gold into the pot if it can, and may then ask for it back (a triggered decision)."""

    name = "tax"

    @boardcore.hookimpl
    def on_event(self, match, event):
        if isinstance(event, boardcore.events.PhaseBegan) and event.phase == "market":
            if match.take(toycards.GOLD, 1, match.active):
                match.add(toycards.POT, 1)
                match.trigger(Refund(match.active))


@attrs.frozen
class Refund(boardcore.steps.Choose):
    """Defined in this module, where the Tax plugin is defined: the engine finds it."""

    public = True
    can_pass = True

    def items(self, m, player):
        return [("refund", "ask for the tax back")]

    def chosen(self, m, player, item):
        m.take(toycards.POT, 1)
        m.add(toycards.GOLD, 1, player)


def to_market(state):
    """Answer the mulligan and build with "done"/"pass", the act menu with "done"."""
    boardcore.testing.advance_to(state, "market")


def test_an_on_event_hook_may_change_the_match_and_trigger_a_decision():
    state = toycards.game(Tax()).new_state(players=2, seed=3)
    to_market(state)
    m = state.match
    assert (m.turn, m.active) == (1, 1)
    # start 1 + income 1 - tax 1 (advance_to played no coin)
    assert m.count(toycards.GOLD, 1) == 1 and m.count(toycards.POT) == toycards.POT.start + 1
    # the triggered decision runs before the market's own question
    (d,) = state.pending
    assert d.player == 1 and [str(o) for o in d.options] == ["ask for the tax back", "pass"]
    boardcore.testing.choose(state, 1, "ask for the tax back")
    assert m.count(toycards.GOLD, 1) == 2 and m.count(toycards.POT) == toycards.POT.start
    assert m.turn == 2  # 2 gold buys nothing: the market's lone "pass" is public and was answered
    game = state.game
    assert game.state_from_json(state.to_json()) == state  # Refund is saved under its class name
    assert game.replay(seed=3, players=2, history=state.history) == state


def test_the_same_game_without_the_plugin_is_untouched():
    state = toycards.game().new_state(players=2, seed=3)
    for seat in (0, 1):
        toy.act(state, seat, "done")
    toy.act(state, 1, "pass")  # turn 1's build
    boardcore.testing.advance_to(state, "build")  # turn 2's
    assert state.turn == 2
    assert state.match.count(toycards.GOLD, 1) == 2 and state.match.count(toycards.POT) == toycards.POT.start


# -- finding the classes a game stores (v2: no types= needed) --------------------------------------


def test_a_game_plugin_finds_the_classes_of_its_own_package():
    # toycards.PLUGIN lists no types; ShieldWindow, SpyReport, Hit and Blocked are found
    # because they are defined in the package that created the plugin.
    game = toycards.game()
    kinds = game.codec.by_kind
    for cls in (toycards.ShieldWindow, toycards.SpyReport, toycards.Hit, toycards.Blocked, toycards.Mulligan):
        assert kinds[cls.__name__] is cls
    assert "CommitCard" not in kinds  # toy's classes belong to another game


def test_a_game_plugin_does_not_find_classes_of_other_modules():
    # Created here, the plugin's package is this test module: toy-duel's steps, defined in
    # toy, are not found, and the first one stored in a match cannot be saved.
    plugin = boardcore.GamePlugin(toy.DUEL_SPEC, cards=toy.duel_cards(), effects=toy.DUEL_EFFECTS)
    assert plugin.package == __name__
    state = boardcore.registry.game_from_provider(plugin).new_state(players=2, seed=1)
    toy.act(state, 0, "discard")
    toy.act(state, 1, "discard")
    with pytest.raises(PluginError, match="CommitCard"):
        state.to_json()
    # naming the package, or listing the classes, fixes it
    for fixed in (
        boardcore.GamePlugin(toy.DUEL_SPEC, cards=toy.duel_cards(), effects=toy.DUEL_EFFECTS, package="toy"),
        boardcore.GamePlugin(
            toy.DUEL_SPEC, cards=toy.duel_cards(), effects=toy.DUEL_EFFECTS, types=[toy.CommitCard, toy.Boost, toy.Score]
        ),
    ):
        game = boardcore.registry.game_from_provider(fixed)
        again = game.replay(seed=1, players=2, history=state.history)
        assert game.state_from_json(again.to_json()) == again


def test_a_plugin_objects_module_is_searched_for_its_classes():
    # Refund is found because Tax, the plugin that triggers it, is defined in this module.
    game = toycards.game(Tax())
    assert game.codec.by_kind["Refund"] is Refund
    assert "Refund" not in toycards.game().codec.by_kind


def test_a_game_plugin_answers_only_for_its_game():
    plugin = toycards.PLUGIN
    assert plugin.register_games() == [toycards.SPEC]
    assert plugin.register_cards("another game") == [] and plugin.register_types("another game") == []
    assert plugin.register_effects("another game") == {}
    assert len(plugin.register_cards(toycards.NAME)) == len(toycards.CARDS) == 17
    assert plugin.register_effects(toycards.NAME) == toycards.EFFECTS
    assert repr(plugin) == "<GamePlugin toy-cards>"
