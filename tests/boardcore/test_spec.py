"""What a game declares in its GameSpec: zones (Zone, SeatZones), counters (Tally) and
setup options (SetupOption), and what the engine makes of them when a match is set up."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import boardcore
from boardcore import InvalidData, RuleError, SeatZones, SetupOption, Tally, Visibility, Zone, ZoneSpec
from boardcore.events import Shuffled
from boardcore._values import rng as _rng
from boardcore.testing import arranged, events

import toy
import toycards

# -- Zone and SeatZones ---------------------------------------------------------------------------


def test_a_zone_is_its_own_id():
    draw = toycards.DRAW
    assert draw == "draw" and isinstance(draw, str) and f"{draw}" == "draw"
    assert {draw: 1}["draw"] == 1
    assert (draw.visibility, draw.refill, draw.limit, draw.deck, draw.owner) == (
        Visibility.HIDDEN,
        "discard",
        None,
        True,
        None,
    )
    assert draw.spec() == ZoneSpec(None, Visibility.HIDDEN, refill="discard")
    assert Zone("table").spec() == ZoneSpec()


def test_a_zone_copies_and_pickles_as_a_plain_string():
    for twin in (pickle.loads(pickle.dumps(toycards.DRAW)), copy.copy(toycards.DRAW), copy.deepcopy(toycards.DRAW)):
        assert twin == "draw" and type(twin) is str


def test_seat_zones_give_one_zone_per_seat():
    hand = toycards.HAND
    assert hand[0] == "hand:0" and hand[2] == "hand:2"
    assert isinstance(hand[1], Zone) and hand[1] is hand[1]  # made once, then cached
    assert hand[1].spec() == ZoneSpec(1, Visibility.OWNER, limit=4)
    assert hand.seat_of("hand:2") == 2
    assert hand.seat_of("tableau:2") is None and hand.seat_of("hand:x") is None and hand.seat_of("hand") is None
    assert "hand" in repr(hand)


def test_a_family_names_zones_for_at_most_max_seats_seats():
    from boardcore._values.zones import MAX_SEATS

    assert toycards.HAND[MAX_SEATS - 1] == f"hand:{MAX_SEATS - 1}"
    with pytest.raises(IndexError):
        toycards.HAND[MAX_SEATS]
    with pytest.raises(boardcore.RuleError, match="at most"):
        boardcore.GameSpec("big", "too many seats", (2, MAX_SEATS + 1), zones=(toycards.HAND,))


def test_a_family_may_refill_from_a_family_or_from_a_shared_zone():
    assert toy.DECK[1].refill == "discard:1"  # seat by seat
    shared = SeatZones("pile", Visibility.HIDDEN, refill=toycards.DISCARD)
    assert shared[0].refill == shared[1].refill == "discard"


def test_declared_zones_are_created_shared_first_then_family_by_family():
    m = toycards.game().new_state(players=2, seed=1).match
    assert list(m.zones) == ["draw", "discard", "hand:0", "hand:1", "tableau:0", "tableau:1"]
    assert m.zone_spec("hand:1") == ZoneSpec(1, Visibility.OWNER, limit=4)
    assert m.zone_spec("tableau:0").visibility is Visibility.PUBLIC and m.zone_spec("tableau:0").owner == 0
    assert m.zone_spec("draw") == toycards.DRAW.spec()


def test_a_deck_zone_gets_every_card_in_registration_order_shuffled():
    game = toycards.variant("toy-cards-bare", setup=None, setup_phases=())
    seen = {}
    arranged(game, 2, seed=9, before=lambda state: seen.update(state.match.zones))
    assert seen["draw"] == _rng.shuffled(_rng.seed_state(9), tuple(game.cards))[0]
    assert tuple(game.cards) == tuple(c.id for c in toycards.CARDS)  # registration order
    assert all(seen[z] == () for z in seen if z != "draw")


def test_the_deck_is_shuffled_at_set_up_and_dealt_by_the_games_setup():
    state = toycards.game().new_state(players=3, seed=2)
    m = state.match
    assert events(state, Shuffled) == [Shuffled("draw", 17)]
    assert all(len(m.cards(toycards.HAND[s])) == 3 for s in range(3))
    assert sorted(c for z in m.zones.values() for c in z) == sorted(toycards.game().cards)
    other = toycards.game().new_state(players=3, seed=3).match
    assert other.cards("draw") != m.cards("draw")


def test_plugin_cards_go_into_the_deck_too():
    class Extra:
        name = "extra"

        @boardcore.hookimpl
        def register_cards(self, game):
            return [toycards.ToyCard("gem", "Gem", kind=toycards.Kind.COIN, value=5, effect="coin")]

    state = toycards.game(Extra()).new_state(players=2, seed=1)
    assert "gem" in toy.all_cards(state) and len(toy.all_cards(state)) == 18


def test_two_deck_zones_are_refused():
    spare = Zone("spare", Visibility.HIDDEN, deck=True)
    game = toycards.variant("toy-cards-two-decks", zones=(*toycards.SPEC.zones, spare))
    with pytest.raises(RuleError, match="more than one deck"):
        game.new_state(players=2)


def test_a_draw_refills_from_the_same_seats_zone_of_the_family():
    state = toy.duel().new_state(players=2, seed=1)
    m = state.match
    m.move(m.cards(toy.DECK[1]), toy.DECK[1], toy.DISCARD[1])
    m.move(m.cards(toy.DECK[0])[:1], toy.DECK[0], toy.DISCARD[0])
    refilled = set(m.cards(toy.DISCARD[1]))
    drawn = m.draw(toy.DECK[1], toy.HAND[1], 1)
    assert set(drawn) <= refilled and len(m.cards(toy.DISCARD[0])) == 1 and m.cards(toy.DISCARD[1]) == ()


def test_a_family_given_for_one_of_its_zones_says_which_to_give():
    m = toy.duel().new_state(players=2, seed=1).match
    for slip in (lambda: m.cards(toy.HAND), lambda: m.draw(toy.DECK, toy.HAND[0], 1), lambda: m.move(("d0-1",), toy.HAND, toy.DECK[0])):
        with pytest.raises(RuleError, match=r"is a family of zones, one per seat; give one, such as 'hand:0'|such as 'deck:0'"):
            slip()


def test_a_draw_from_a_shared_pile_refills_from_the_shared_discard():
    state = toycards.game().new_state(players=2, seed=1)
    m = state.match
    m.move_all(toycards.DRAW, toycards.DISCARD)
    drawn = m.draw(toycards.DRAW, toycards.HAND[0], 2)
    assert len(drawn) == 2 and m.cards(toycards.DISCARD) == ()


# -- counters -------------------------------------------------------------------------------------


def test_a_counter_is_its_own_name():
    assert toycards.GOLD == "gold" and isinstance(toycards.GOLD, str)
    assert (toycards.GOLD.per_seat, toycards.GOLD.start) == (True, 1)
    assert (toycards.POT.per_seat, toycards.POT.start) == (False, 5)
    assert Tally("x").start == 0 and Tally("x").per_seat
    assert type(pickle.loads(pickle.dumps(toycards.GOLD))) is str


def test_declared_counters_start_at_their_start_value():
    m = toycards.game().new_state(players=3, seed=1).match
    assert m.counters == {"gold@0": 1, "gold@1": 1, "gold@2": 1, "pot": 5}
    assert [m.count(toycards.GOLD, s) for s in range(3)] == [1, 1, 1]
    assert m.count(toycards.VP, 2) == 0 and m.count(toycards.POT) == 5


def test_counters_are_ready_when_the_games_setup_runs():
    state = toycards.game().new_state(players=2, seed=1, bonus=2)
    assert [state.match.count(toycards.GOLD, s) for s in (0, 1)] == [3, 3]


# -- options --------------------------------------------------------------------------------------


def test_options_default_and_are_stored_in_the_match():
    spec = toycards.SPEC
    assert spec.defaults == {"goal": 5, "bonus": 0}
    assert spec.check_options({"goal": 8}) == {"goal": 8, "bonus": 0}
    state = toycards.game().new_state(players=2, seed=1, goal=3)
    assert state.match.options == {"goal": 3, "bonus": 0}
    assert state.to_data()["options"] == {"goal": 3, "bonus": 0}


@pytest.mark.parametrize(
    "given, where, message",
    [
        ({"goal": 4}, "options.goal", "must be one of [3, 5, 8], not 4"),
        ({"goal": "5"}, "options.goal", "must be one of"),
        ({"goal": 5.0}, "options.goal", "must be one of"),  # equal, but not an int
        ({"bonus": "2"}, "options.bonus", "must be of type int, not '2'"),
        ({"bonus": True}, "options.bonus", "must be of type int"),  # a bool is no int here
        ({"bonus": None}, "options.bonus", "must be of type int"),
        ({"goals": 5}, "options", "has no option ['goals']"),
        ({"goal": 5, "seats": 2, "colour": 1}, "options", "['colour', 'seats']"),
    ],
)
def test_bad_options_are_invalid_data_naming_the_option(given, where, message):
    with pytest.raises(InvalidData) as caught:
        toycards.game().new_state(players=2, seed=1, **given)
    assert caught.value.where == where and message in str(caught.value)


def test_an_option_checks_its_choices_by_type_too():
    flag = SetupOption("rule", 0, choices=(0, 1))
    assert flag.check(1) == 1
    with pytest.raises(InvalidData, match="options.rule"):
        flag.check(True)
    words = SetupOption("window", "close", choices=("close", "open"), help="what it does")
    assert words.check("open") == "open" and words.help == "what it does"
    with pytest.raises(InvalidData):
        words.check("ajar")


def test_a_mapping_of_defaults_still_declares_options():
    spec = attrs.evolve(toy.DUEL_SPEC, options={"window": "restart", "target": 2})
    assert spec.options == (SetupOption("window", "restart"), SetupOption("target", 2))
    assert spec.check_options({"window": "next"}) == {"window": "next", "target": 2}
    with pytest.raises(InvalidData, match="must be of type int"):
        spec.check_options({"target": "2"})


def test_no_options_at_all():
    spec = boardcore.GameSpec("bare", "", (2,))
    assert spec.options == () and spec.defaults == {} and spec.check_options({}) == {}
    with pytest.raises(InvalidData, match="bare has no option"):
        spec.check_options({"x": 1})


# -- the declaration is checked when it is made -----------------------------------------------------


class _Idle(boardcore.Phase):
    name = "idle"

    def begin(self, m):
        pass


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"phases": (_Idle(),)}, r"phases\[0\] must be a Phase or step class.*declare the class _Idle, not an instance"),
        ({"setup_phases": ("deploy",)}, r"setup_phases\[0\] must be a Phase or step class"),
        ({"player_counts": 2}, r"player_counts must be a non-empty tuple"),
        ({"player_counts": ()}, r"player_counts must be a non-empty tuple"),
        ({"player_counts": (2, "3")}, r"player_counts must hold whole numbers"),
        ({"zones": ("deck",)}, r"zones\[0\] must be a boardcore.Zone or SeatZones"),
        ({"counters": ("points",)}, r"counters\[0\] must be a boardcore.Tally, such as Tally\('points'\)"),
        ({"end_if": "points"}, r"end_if must be a function of the match"),
        ({"end_check": "round"}, r"end_check must be 'phase' or 'turn', not 'round'"),
        ({"table_type": dict}, r"table_type must be an attrs class"),
        ({"turn_limit": 5}, r"turn_limit is set but at_limit is not"),
        ({"zones": (Zone("pile", Visibility.HIDDEN, refill="discrd"), Zone("discard", Visibility.PUBLIC))}, r"zone 'pile' refills from 'discrd', which is no declared zone"),
    ],
)
def test_a_malformed_declaration_is_refused_when_made_naming_the_field(fields, message):
    # Before, these failed as a bare TypeError or AttributeError at the first match,
    # or (a refill, a limit) only when a match reached them.
    with pytest.raises(RuleError, match=message) as caught:
        boardcore.GameSpec(name="tug", summary="", player_counts=fields.pop("player_counts", (2,)), **fields)
    assert "GameSpec 'tug'" in str(caught.value)


def test_a_refill_may_name_a_zone_the_games_setup_adds():
    pile = Zone("pile", Visibility.HIDDEN, refill="spare")
    spec = boardcore.GameSpec(name="tug", summary="", player_counts=(2,), zones=(pile,), setup=lambda m: None)
    assert spec.zones == (pile,)


# -- search hints: GameSpec.search, and 0.3's search_* fields -----------------------------------


def _spec(**fields):
    return boardcore.GameSpec(name="hinted", summary="a game with search hints", player_counts=(2,), **fields)


def test_search_hints_are_grouped_in_gamespec_search():
    spec = _spec(search=boardcore.SearchHints(horizon=25, reuse=True))
    assert spec.search.horizon == 25 and spec.search.reuse is True and spec.search.iterations is None
    assert _spec().search == boardcore.SearchHints()  # none by default: the bots' own


def test_0_3_search_fields_still_work_for_a_version_with_a_warning_naming_the_new_spelling():
    def standing(m):
        return (1, 1)

    with pytest.warns(DeprecationWarning, match=r"GameSpec\(search_horizon=\.\.\., search_scores=\.\.\.\) is now "
                      r"GameSpec\(search=boardcore\.SearchHints\(horizon=\.\.\., scores=\.\.\.\)\).*migration\.md"):
        spec = _spec(search_horizon=30, search_scores=standing)
    assert spec.search == boardcore.SearchHints(horizon=30, scores=standing)
    with pytest.warns(DeprecationWarning, match=r"GameSpec\.search_horizon is now GameSpec\.search\.horizon"):
        assert spec.search_horizon == 30
    with pytest.warns(DeprecationWarning):  # given both ways: the old keywords join the hints given
        both = _spec(search=boardcore.SearchHints(reuse=True), search_settle=True)
    assert both.search == boardcore.SearchHints(settle=True, reuse=True)
    with pytest.raises(AttributeError, match="no attribute 'search_nothing'"):
        spec.search_nothing  # noqa: B018 - any other missing name is an AttributeError as usual


def test_search_hints_that_are_not_hints_are_refused_naming_the_field():
    with pytest.raises(boardcore.RuleError, match=r"search must be a boardcore.SearchHints"):
        _spec(search={"horizon": 3})
    with pytest.raises(boardcore.RuleError, match=r"search.scores must be a function of the match"):
        _spec(search=boardcore.SearchHints(scores=3))
    with pytest.raises(boardcore.InvalidData, match=r"search\.horizon"):
        boardcore.SearchHints(horizon=0)
