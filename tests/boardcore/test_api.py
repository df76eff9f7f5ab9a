"""The public face of boardcore: the exported names, typing marker, errors, hooks, actions."""

import importlib
import importlib.resources
import inspect

import attrs
import pytest

import boardcore
import boardcore.testing
from boardcore._games import hookspecs as _hookspecs
PUBLIC = [
    "BoardcoreError",
    "CANCEL",
    "Card",
    "Decision",
    "Effect",
    "Event",
    "Game",
    "GamePlugin",
    "GameSpec",
    "IllegalAction",
    "InvalidData",
    "Match",
    "Moment",
    "Phase",
    "Piece",
    "PluginError",
    "Result",
    "RuleError",
    "SearchHints",
    "SeatZones",
    "SetupOption",
    "State",
    "Step",
    "Tally",
    "TurnOrder",
    "UnknownGame",
    "Visibility",
    "Zone",
    "ZoneSpec",
    "__version__",
    "from_data",
    "hookimpl",
    "list_games",
    "load_game",
    "modifies",
    "reacts_to",
    "redeal_by_owner",
    "renamed",
    "replaces",
    "to_data",
]

TESTING = [
    "ConformanceError",
    "DataCopy",
    "Summary",
    "advance_to",
    "arranged",
    "check_game",
    "check_who_is_asked",
    "choose",
    "clear_pieces",
    "copy_data",
    "decision",
    "events",
    "load_dice",
    "option",
    "options",
    "place",
    "put",
    "reask",
    "resolve_cards",
    "set_count",
    "set_table",
    "stack",
    "with_rules",
]

HOOKS = [
    "after_action",
    "after_game",
    "after_setup",
    "before_action",
    "make_roll",
    "on_event",
    "register_cards",
    "register_effects",
    "register_games",
    "register_rules",
    "register_types",
]


def test_public_names_are_pinned():
    # A change here is a change to the public API: update the docs and this list together.
    assert sorted(boardcore.__all__) == PUBLIC
    assert len(set(boardcore.__all__)) == len(boardcore.__all__)
    for name in boardcore.__all__:
        assert hasattr(boardcore, name), name


def test_testing_names_are_pinned():
    assert sorted(boardcore.testing.__all__) == TESTING
    for name in TESTING:
        assert hasattr(boardcore.testing, name), name


def test_star_import_gives_exactly_the_public_names():
    namespace = {}
    exec("from boardcore import *", namespace)  # noqa: S102
    assert sorted(k for k in namespace if k != "__builtins__") == PUBLIC


def test_version():
    assert boardcore.__version__ == "0.3.0"


def test_the_public_names_are_defined_in_private_modules():
    # v2: the engine's modules are private (boardcore._x); the package re-exports them.
    places = {}
    for name in boardcore.__all__:
        module = getattr(getattr(boardcore, name), "__module__", None)
        if isinstance(module, str) and module.startswith("boardcore"):
            places[name] = module
    assert places and all(module.startswith("boardcore._") for module in places.values()), places


@pytest.mark.parametrize("old", ["flow", "match", "state", "cards", "zones", "log", "rng", "serialize", "hookspecs"])
def test_the_0_1_module_names_are_gone(old):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"boardcore.{old}")


@pytest.mark.parametrize("public", ["grid", "testing", "testing.strategies", "bots", "env", "cli"])
def test_the_public_submodules_import(public):
    assert importlib.import_module(f"boardcore.{public}")


def test_py_typed_ships():
    assert importlib.resources.files("boardcore").joinpath("py.typed").is_file()


# -- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error", [boardcore.IllegalAction, boardcore.UnknownGame, boardcore.PluginError, boardcore.InvalidData, boardcore.RuleError]
)
def test_every_error_derives_from_boardcore_error(error):
    assert issubclass(error, boardcore.BoardcoreError)
    assert issubclass(boardcore.BoardcoreError, Exception)


def test_errors_subclass_the_natural_builtins():
    assert issubclass(boardcore.IllegalAction, ValueError)
    assert issubclass(boardcore.UnknownGame, LookupError)
    assert issubclass(boardcore.InvalidData, ValueError)
    assert not issubclass(boardcore.PluginError, (ValueError, LookupError))


def test_errors_carry_their_context():
    err = boardcore.IllegalAction("no", player=1, action=boardcore.actions.DONE)
    assert (err.player, err.action, str(err)) == (1, boardcore.actions.DONE, "no")
    err = boardcore.PluginError("broke", plugin="p")
    assert err.plugin == "p" and str(err) == "plugin p: broke"
    err = boardcore.InvalidData("bad", where="$.zones")
    assert err.where == "$.zones" and str(err) == "$.zones: bad"
    err = boardcore.UnknownGame("chess", ["go", "shogi"])
    assert err.name == "chess" and err.known == ["go", "shogi"] and "go, shogi" in str(err)


def test_every_error_class_is_documented():
    for name in ("BoardcoreError", "IllegalAction", "UnknownGame", "PluginError", "InvalidData", "RuleError"):
        assert inspect.getdoc(getattr(boardcore, name)), name


# -- hooks --------------------------------------------------------------------------------------


def test_the_hook_specs_are_pinned_and_documented():
    specs = sorted(name for name, fn in vars(_hookspecs).items() if callable(fn) and hasattr(fn, "boardcore_spec"))
    assert specs == HOOKS
    for name in specs:
        doc = inspect.getdoc(getattr(_hookspecs, name))
        assert doc and len(doc) > 20, name


def test_only_make_roll_is_first_result():
    first = [name for name in HOOKS if getattr(_hookspecs, name).boardcore_spec.get("firstresult")]
    assert first == ["make_roll"]


def test_hookimpl_marks_for_the_boardcore_project():
    @boardcore.hookimpl
    def on_event(match, event):
        pass

    assert hasattr(on_event, "boardcore_impl")


# -- actions ----------------------------------------------------------------------------------------


def test_actions_are_frozen_hashable_values_with_short_text():
    a = boardcore.actions.pick("d0-1", "discard Spear")
    assert a == boardcore.actions.Pick("d0-1", "discard Spear") and hash(a) == hash(boardcore.actions.Pick("d0-1", "discard Spear"))
    assert boardcore.actions.pick("d0-1", "discard Spear") is a
    assert str(a) == "discard Spear" and str(boardcore.actions.DONE) == "done" and str(boardcore.actions.PASS) == "pass"
    assert boardcore.actions.DONE == boardcore.actions.Done() and boardcore.actions.PASS == boardcore.actions.Pass()
    assert boardcore.actions.DONE != boardcore.actions.PASS and a != boardcore.actions.Pick("d0-1", "discard it")
    assert len({a, boardcore.actions.DONE, boardcore.actions.PASS, boardcore.actions.pick("d0-1", "discard Spear")}) == 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.item = "d0-2"


def test_a_play_is_a_frozen_value_reading_as_its_text():
    a = boardcore.actions.Play("strike-1", 1, "play Strike on seat 1")
    assert a == boardcore.actions.Play("strike-1", 1, "play Strike on seat 1") and hash(a) == hash(boardcore.actions.Play("strike-1", 1, "play Strike on seat 1"))
    assert a != boardcore.actions.Play("strike-1", 0, "play Strike on seat 1")
    assert str(a) == "play Strike on seat 1" and isinstance(a, boardcore.actions.Action)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.target = 0


def test_decisions_and_results_are_frozen():
    d = boardcore.Decision(0, (boardcore.actions.DONE,), "ok?")
    assert d.secret is False
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        d.player = 1
    r = boardcore.Result((0,), "won")
    assert r.scores is None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        r.winners = ()


def test_zone_spec_visibility():
    public = boardcore.ZoneSpec()
    mine = boardcore.ZoneSpec(owner=1, visibility=boardcore.Visibility.OWNER)
    hidden = boardcore.ZoneSpec(owner=1, visibility=boardcore.Visibility.HIDDEN)
    assert [public.visible_to(p) for p in (0, 1)] == [True, True]
    assert [mine.visible_to(p) for p in (0, 1)] == [False, True]
    assert [hidden.visible_to(p) for p in (0, 1)] == [False, False]


@pytest.mark.parametrize(
    "name, namespace",
    [("DONE", "actions"), ("PASS", "actions"), ("Pick", "actions"), ("Play", "actions"), ("pick", "actions"),
     ("Target", "actions"), ("game_specs", "registry"), ("game_from_provider", "registry"), ("hookspec", "registry")],
)  # fmt: skip
def test_answers_and_the_registry_live_in_namespaces_and_0_3_names_still_work_with_a_warning(name, namespace):
    import importlib

    module = importlib.import_module(f"boardcore.{namespace}")
    with pytest.warns(DeprecationWarning, match=rf"boardcore.{name} is now boardcore.{namespace}.{name}; .*migration.md"):
        assert getattr(boardcore, name) is getattr(module, name)
    assert name in module.__all__ and name not in boardcore.__all__


def test_a_setup_option_is_a_setup_option_and_0_3_option_still_works_with_a_warning():
    with pytest.warns(DeprecationWarning, match=r"boardcore.Option is now boardcore.SetupOption .*migration.md"):
        assert boardcore.Option is boardcore.SetupOption
    assert "Option" not in boardcore.__all__


def test_a_declared_counter_is_a_tally_and_0_3_counter_still_works_with_a_warning():
    """0.3's boardcore.Counter hid collections.Counter in a module that imported both."""
    with pytest.warns(DeprecationWarning, match=r"boardcore.Counter is now boardcore.Tally .*migration.md"):
        assert boardcore.Counter is boardcore.Tally
    assert "Counter" not in boardcore.__all__


@pytest.mark.parametrize("name", ["with_plugins", "whole_setting", "HIDDEN_CARD"])
def test_names_new_in_a_namespace_have_no_old_top_level_spelling(name):
    with pytest.raises(AttributeError, match=f"has no attribute '{name}'"):
        getattr(boardcore, name)


def test_the_top_level_is_a_short_public_face():
    assert len(boardcore.__all__) <= 40


@pytest.mark.parametrize("name", ["PlayCard", "Choose", "Select", "CardWindow", "Procedure", "Perform", "opponents"])
def test_the_ready_made_steps_live_in_boardcore_steps_and_0_3_names_still_work_with_a_warning(name):
    import boardcore.steps

    with pytest.warns(DeprecationWarning, match=rf"boardcore.{name} is now boardcore.steps.{name}; .*migration.md"):
        assert getattr(boardcore, name) is getattr(boardcore.steps, name)
    assert name in boardcore.steps.__all__ and name not in boardcore.__all__


@pytest.mark.parametrize("name", ["CardsMoved", "DieRolled", "PhaseBegan", "TurnEnded", "MomentReplaced"])
def test_the_engines_events_live_in_boardcore_events_and_0_3_names_still_work_with_a_warning(name):
    import boardcore.events

    with pytest.warns(DeprecationWarning, match=rf"boardcore.{name} is now boardcore.events.{name}; .*migration.md"):
        assert getattr(boardcore, name) is getattr(boardcore.events, name)
    assert name in boardcore.events.__all__ and name not in boardcore.__all__
    assert issubclass(getattr(boardcore.events, name), boardcore.Event)  # the base classes stay at the top


@pytest.mark.parametrize("name", ["load_cards", "load_constants", "load_rows", "load_table", "make_cards", "read_toml", "structure"])
def test_the_loaders_live_in_boardcore_loaders_and_0_3_names_still_work_with_a_warning(name):
    import boardcore.loaders

    with pytest.warns(DeprecationWarning, match=rf"boardcore.{name} is now boardcore.loaders.{name}; .*migration.md"):
        assert getattr(boardcore, name) is getattr(boardcore.loaders, name)
    assert name in boardcore.loaders.__all__ and name not in boardcore.__all__


@pytest.mark.parametrize("name, now", [("run_agenda", "an engine internal"), ("NextTurn", "an engine internal"),
                                       ("MatchData", "boardcore.Match"), ("attachment_zone", "Match.attached")])  # fmt: skip
def test_engine_internals_left_the_public_face_and_still_work_for_a_version(name, now):
    with pytest.warns(DeprecationWarning, match=rf"boardcore.{name} is now {now}"):
        assert getattr(boardcore, name) is not None
    assert name not in boardcore.__all__


def test_a_renamed_name_keeps_working_for_a_version_with_a_warning_naming_the_new_one():
    import types

    module = types.ModuleType("some_game")
    module.NewEvent = object()
    module.__getattr__ = boardcore.renamed("some_game", {"OldEvent": ("NewEvent", module.NewEvent)}, docs="migration.md")
    with pytest.warns(DeprecationWarning, match=r"some_game.OldEvent is now some_game.NewEvent; .* \(see migration.md\)"):
        assert module.OldEvent is module.NewEvent
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        module.Nothing


def test_a_removed_name_fails_with_a_message_naming_what_to_use_instead():
    import types

    module = types.ModuleType("some_game")
    module.__getattr__ = boardcore.renamed("some_game", {}, docs="migration.md", removed={"best_count": "best_total"})
    with pytest.raises(AttributeError, match=r"some_game.best_count was removed in this version: use best_total \(see migration.md\)"):
        module.best_count
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        module.Nothing
