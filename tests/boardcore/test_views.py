"""Views: what one player may see, derived from zone visibility (cards with their label and
data, counters grouped by name); and determinization."""

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardcore
from boardcore.actions import DONE
from boardcore.testing import load_dice, put
from boardcore.testing.strategies import playthroughs

import toy
import toycards

DUEL = toy.duel()
ARENA = toy.arena()


def to_commit(players=2, seed=1):
    state = DUEL.new_state(players=players, seed=seed)
    for s in range(players):
        toy.act(state, s, "discard")
    assert state.match.phase == "commit"
    return state


def card_ids(entry):
    return [c["id"] for c in entry["cards"]]


def test_zone_visibility_owner_hidden_public():
    state = to_commit()
    m = state.match
    view = state.view(0)
    zones = view["zones"]
    assert card_ids(zones["hand:0"]) == list(m.cards("hand:0"))  # OWNER: mine
    assert zones["hand:0"]["cards"][0]["name"] == m.card(m.cards("hand:0")[0]).name
    assert "cards" not in zones["hand:1"] and zones["hand:1"]["count"] == 3  # OWNER: theirs
    assert "cards" not in zones["deck:0"] and zones["deck:0"]["count"] == len(m.cards("deck:0"))  # HIDDEN
    assert "cards" not in zones["deck:1"]
    assert card_ids(zones["discard:1"]) == list(m.cards("discard:1"))  # PUBLIC
    assert zones["discard:1"]["owner"] == 1 and zones["box"]["owner"] is None
    assert set(zones) == set(m.zones)
    other = state.view(1)["zones"]
    assert card_ids(other["hand:1"]) == list(m.cards("hand:1")) and "cards" not in other["hand:0"]


def test_view_carries_the_public_match_data():
    state = ARENA.new_state(players=3, seed=2)
    view = state.view(2)
    assert view["game"] == toy.ARENA and view["player"] == 2 and view["players"] == 3
    assert view["turn"] == 1 and view["active"] == 0 and view["phase"] == "arm" and view["out"] == []
    assert view["round"] == 1
    # v2 groups counters by name: a counter owned by a piece reads {piece: value}
    assert view["counters"] == {"hp": {"hero-1": 3, "hero-2": 3, "hero-3": 3}}
    assert view["pieces"]["hero-1"] == {"kind": "hero", "owner": 0, "square": "home0"}
    assert view["table"] == {"hits": [0, 0, 0], "last_attack": None}
    assert view["result"] is None and view["decision"] is None
    assert view["others_deciding"] == [{"player": 0, "prompt": state.pending[0].prompt}]
    mine = state.view(0)["decision"]
    assert mine == {"prompt": state.pending[0].prompt, "options": [str(o) for o in state.pending[0].options]}


def test_counters_are_grouped_by_name_with_declared_ones_listed_at_zero():
    state = to_commit()
    m = state.match
    assert state.view(0)["counters"] == {"tokens": [2, 2], "power": [0, 0], "score": [0, 0]}
    m.add(toy.SCORE, 2, 1)
    m.add("loose", 4)  # a counter of the whole match, never declared
    m.add("hp", 1, "hero-9")  # a counter owned by something that is not a seat
    assert state.view(1)["counters"] == {
        "tokens": [2, 2],
        "power": [0, 0],
        "score": [0, 2],
        "loose": 4,
        "hp": {"hero-9": 1},
    }


def test_a_match_counter_is_a_number_and_per_seat_counters_are_lists():
    state = toycards.game().new_state(players=3, seed=1)
    assert state.view(2)["counters"] == {"gold": [1, 1, 1], "vp": [0, 0, 0], "pot": 5}


def test_cards_are_shown_with_their_label_and_printed_data():
    state = toycards.game().new_state(players=2, seed=1)
    put(state, toycards.TABLEAU[0], ["Purse", "Banner"])
    zones = state.view(1)["zones"]
    purse, banner = zones["tableau:0"]["cards"]
    assert purse == {"id": purse["id"], "name": "Purse", "label": "Purse 2", "text": "Purse 2", "kind": "coin", "value": 2}
    assert purse["id"].startswith("purse-")
    assert banner["label"] == "Banner" and banner["kind"] == "banner" and "effect" not in banner
    assert "cards" not in zones["draw"] and zones["draw"]["count"] == len(state.match.cards(toycards.DRAW))


def test_the_default_view_needs_no_describe():
    state = toycards.game().new_state(players=2, seed=1)
    view = state.view(0)
    assert "game_view" not in view
    assert set(view) == {
        "game", "player", "players", "turn", "round", "active", "phase", "out", "marks", "zones", "counters",
        "pieces", "board", "table", "draft", "decision", "others_deciding", "result",
    }  # fmt: skip
    assert view["table"] is None and view["board"] is None and view["phase"] == "mulligan"


def test_game_view_comes_from_describe():
    state = to_commit()
    assert state.view(0)["game_view"] == {"scores": [0, 0], "my_tokens": 2}
    assert "game_view" not in ARENA.new_state().view(0)


def test_a_secret_draft_and_decision_are_absent_from_other_views():
    state = to_commit()
    before = {p: state.view(p) for p in (0, 1)}
    assert before[1]["others_deciding"] == []  # seat 0's decision is secret
    assert before[0]["decision"]["prompt"]
    toy.act(state, 0, "commit")
    picked = list(state.match.draft(0))
    assert picked and state.view(0)["draft"] == picked
    after = state.view(1)
    assert after == before[1]  # nothing seat 1 may know has changed
    assert picked[0] not in json.dumps(after)


def test_a_view_does_not_change_when_only_hidden_cards_change():
    state = to_commit(players=3, seed=4)
    m = state.match
    twin = state.clone()
    tm = twin.match
    # swap a card of seat 1's hand with one of its deck, and reverse seat 2's deck
    h, d = tm.cards("hand:1"), tm.cards("deck:1")
    tm.zones = {**tm.zones, "hand:1": (d[0],) + h[1:], "deck:1": (h[0],) + d[1:], "deck:2": tm.cards("deck:2")[::-1]}
    assert state.view(0) == twin.view(0)
    assert state.view(1) != twin.view(1)  # seat 1 sees its own hand
    assert m.cards("hand:1") == h


def test_the_end_of_the_game_is_in_every_view():
    state = ARENA.new_state(players=2, seed=0)
    load_dice(state, [6, 1] * 3)
    while not state.is_over:
        state.apply(state.pending[0].player, DONE)
    for p in (0, 1):
        assert state.view(p)["result"] == {"winners": [0], "reason": "last hero standing", "scores": None}
        assert state.view(p)["decision"] is None and state.view(p)["others_deciding"] == []


@pytest.mark.parametrize("seat", [-1, 2, "0", True, 1.0])
def test_view_of_a_seat_that_does_not_exist(seat):
    with pytest.raises(boardcore.InvalidData):
        DUEL.new_state(players=2).view(seat)


def is_plain_json(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_plain_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(is_plain_json(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([DUEL, ARENA]).flatmap(lambda g: playthroughs(g, max_actions=30)))
def test_views_are_json_able(run):
    for p in range(run.players):
        view = run.state.view(p)
        text = json.dumps(view, sort_keys=True, allow_nan=False)  # raises on anything that is not JSON
        assert json.loads(text)["player"] == p


def test_a_view_is_plain_json_data():
    # ArenaTable.last_attack is a tuple[int, int]: a view must hold lists, so that a
    # view sent over the wire and read back compares equal to the original.
    state = ARENA.new_state(players=2, seed=0)
    state.apply(0, DONE)
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    assert is_plain_json(view)


# -- determinize -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_determinize_keeps_the_players_view_and_every_card(players):
    state = to_commit(players=players, seed=7)
    toy.act(state, 1, "commit")  # a secret draft the others must not rely on
    for p in range(players):
        for seed in range(5):
            twin = state.determinize(p, seed)
            assert twin.view(p) == state.view(p)
            assert Counter(toy.all_cards(twin)) == Counter(toy.all_cards(state))
            assert toy.duel_check(twin.match) == []  # the game's redeal groups were respected
            assert all(q == p for q in twin.match.drafts)
    assert state.to_json() == DUEL.state_from_json(state.to_json()).to_json()


def test_determinize_is_seeded_and_leaves_the_original_alone():
    state = to_commit(players=3, seed=3)
    before = state.to_json()
    a, b, c = state.determinize(0, 1), state.determinize(0, 1), state.determinize(0, 2)
    assert a == b
    deals = {tuple(sorted((z, state.determinize(0, s).match.cards(z)) for z in ("hand:1", "hand:2"))) for s in range(10)}
    assert len(deals) > 1
    assert state.to_json() == before
    assert c.match.cards("hand:0") == state.match.cards("hand:0")


def test_a_determinized_state_plays_on():
    state = to_commit(players=2, seed=3)
    twin = state.determinize(0, 5)
    while not twin.is_over:
        d = twin.pending[0]
        twin.apply(d.player, d.options[0])
    assert twin.result is not None


def test_a_spectator_sees_public_zones_only_and_decides_nothing():
    state = to_commit()
    m = state.match
    view = state.view(None)
    zones = view["zones"]
    assert view["player"] is None and view["decision"] is None and view["draft"] == []
    assert all("cards" not in zones[z] for z in ("hand:0", "hand:1", "deck:0", "deck:1"))
    assert card_ids(zones["discard:1"]) == list(m.cards("discard:1"))
    assert [z for z, entry in zones.items() if "cards" in entry] == [
        z for z, spec in m.specs.items() if spec.visibility is boardcore.Visibility.PUBLIC
    ]
    json.dumps(view)
    # the spectator's log names no card that went where nobody sees it
    seen = state.events_for(None)
    assert len(seen) == len(state.events)
    for event in seen:
        if isinstance(event, boardcore.events.CardsMoved) and event.cards[0] != "?":
            assert boardcore.Visibility.PUBLIC in {m.specs[z].visibility for z in (event.source, event.target) if z in m.specs}
    with pytest.raises(boardcore.InvalidData):
        state.view(True)


def test_determinize_depends_only_on_what_the_player_sees_and_the_seed():
    """The hidden order of a pile and the generator's state (the dice and reshuffles
    to come) are hidden: a determinized copy must not carry them over."""
    state = to_commit()
    other = state.clone()
    m = other.match
    deck = m.zones["deck:1"]
    m.zones = {**m.zones, "deck:1": deck[::-1]}  # the same cards, hidden, in another order
    m.rng = m.rng ^ 0x5DEECE66D  # another future
    assert state.view(0) == other.view(0)
    a, b = state.determinize(0, seed=7), other.determinize(0, seed=7)
    assert a.match.zones == b.match.zones and a.match.rng == b.match.rng
    assert a.match.rng != state.match.rng


# -- state on cards and pieces ---------------------------------------------------------


def test_a_match_wide_counter_declaration_used_on_pieces_and_cards_shows_by_owner():
    import toy

    game = toy.arena_variant("arena-counted", counters=(boardcore.Tally("hp", per_seat=False),))
    state = game.new_state(players=2, seed=1)
    heroes = state.match.pieces_of(0) + state.match.pieces_of(1)
    assert state.view(0)["counters"] == {"hp": {heroes[0]: 3, heroes[1]: 3}}
    state.match.set_count("hp", 2, "g1")  # a counter on a card
    state.match.set_count("hp", 7)  # and the match's own
    assert state.view(None)["counters"]["hp"] == {heroes[0]: 3, heroes[1]: 3, "g1": 2, "match": 7}


def test_counters_and_flags_of_a_card_can_be_removed_and_leave_every_view():
    import toy

    state = toy.arena().new_state(players=2, seed=1)
    m = state.match
    m.set_flag("g1", "exhausted")
    m.set_count("charge", 2, "g1")
    assert m.flagged("g1", "exhausted") and m.counters_of("g1") == {"exhausted": 1, "charge": 2}
    assert state.view(1)["counters"]["exhausted"] == {"g1": 1}
    m.set_flag("g1", "exhausted", on=False)
    assert not m.flagged("g1", "exhausted") and "exhausted" not in state.view(1)["counters"]
    m.remove_counters("g1")
    assert m.counters_of("g1") == {} and "charge" not in state.view(0)["counters"]
    assert state.events[-1] == boardcore.events.CounterChanged("charge", "g1", 2, 0)


def test_pieces_keep_the_order_they_entered_play():
    import toy

    state = toy.arena().new_state(players=2, seed=1)
    m = state.match
    late = m.add_piece("hero", 0)
    assert list(m.pieces)[-1] == late and m.entry(late) > max(m.entry(p) for p in list(m.pieces)[:-1])
    m.move_piece(list(m.pieces)[0], "home1")
    assert list(m.pieces)[-1] == late  # moving keeps the order
