"""The rule-author API of boardcore.Match: zones, cards, counters, pieces, dice, players, the agenda."""

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardcore
from boardcore._rules.match import MatchData
from boardcore._values.zones import attachment_zone
from boardcore import RuleError, Visibility, ZoneSpec
from boardcore.events import CardsMoved, CounterChanged, DieRolled, Shuffled
from boardcore.testing import load_dice

import toy

GAME = toy.duel()
CARDS = [f"d0-{k}" for k in range(1, 7)]


def fresh(players=2, seed=1):
    """An empty match of toy-duel (set-up not run): rule code acts on it directly."""
    return boardcore.Match(GAME, players, seed, toy.DUEL_SPEC.defaults)


def piles(cards=CARDS, discard=()):
    m = fresh()
    m.add_zone("deck", ZoneSpec(0, Visibility.HIDDEN, refill="discard"), cards)
    m.add_zone("discard", ZoneSpec(0, Visibility.PUBLIC), discard)
    m.add_zone("hand", ZoneSpec(0, Visibility.OWNER))
    return m


def events(m, kind):
    return [e for e in m.log if isinstance(e, kind)]


def census(m):
    return Counter(c for cards in m.zones.values() for c in cards)


# -- zones -------------------------------------------------------------------------------


def test_add_zone_twice_and_unknown_zones_are_rule_errors():
    m = piles()
    with pytest.raises(RuleError):
        m.add_zone("deck", ZoneSpec())
    with pytest.raises(RuleError):
        m.cards("nowhere")
    with pytest.raises(RuleError):
        m.zone_spec("nowhere")
    with pytest.raises(RuleError):
        m.move(["d0-1"], "deck", "nowhere")
    assert m.cards("deck") == tuple(CARDS)


def test_remove_zone_only_when_empty():
    m = piles()
    with pytest.raises(RuleError):
        m.remove_zone("deck")
    m.remove_zone("hand")
    assert "hand" not in m.zones and "hand" not in m.specs


def test_fill_deals_cards_that_are_in_no_zone_yet():
    m = piles(CARDS[:2])
    m.fill("hand", ["d0-3", "d0-4"])
    m.fill("hand", ["d0-5"])
    assert m.cards("hand") == ("d0-3", "d0-4", "d0-5")
    assert not events(m, CardsMoved)  # dealing is set-up, not a move
    with pytest.raises(RuleError, match="already placed"):
        m.fill("discard", ["d0-1"])
    with pytest.raises(RuleError, match="unknown"):
        m.fill("discard", ["zz-1"])
    with pytest.raises(RuleError, match=r"given twice \['d0-6'\]"):
        m.fill("discard", ["d0-6", "d0-6"])
    with pytest.raises(RuleError):
        m.fill("nowhere", ["d0-6"])
    assert census(m) == Counter(CARDS[:5])


def test_card_gives_the_card_data_and_refuses_unknown_ids():
    m = fresh()
    assert m.card("d0-4") == toy.DuelCard("d0-4", "Axe", seat=0, power=4, effect="double")
    with pytest.raises(RuleError, match="no card"):
        m.card("nope")


def test_locate():
    m = piles(CARDS[:3], CARDS[3:])
    assert m.locate("d0-5") == "discard"
    with pytest.raises(RuleError):
        m.locate("d1-1")


# -- moving cards ------------------------------------------------------------------------


def test_move_puts_cards_on_top_in_order_and_records_it():
    m = piles()
    m.move(["d0-2", "d0-5"], "deck", "discard")
    assert m.cards("discard") == ("d0-2", "d0-5")
    assert m.cards("deck") == ("d0-1", "d0-3", "d0-4", "d0-6")
    assert events(m, CardsMoved)[-1] == CardsMoved(("d0-2", "d0-5"), "deck", "discard")


@pytest.mark.parametrize("cards", [["d0-1", "d0-1"], ["d1-1"], ["d0-1", "nope"]])
def test_move_of_cards_not_there_is_a_rule_error_and_changes_nothing(cards):
    m = piles()
    before = dict(m.zones), len(m.log)
    with pytest.raises(RuleError):
        m.move(cards, "deck", "hand")
    assert (dict(m.zones), len(m.log)) == before


def test_move_refuses_a_bare_card_id():
    m = piles()
    with pytest.raises(RuleError):
        m.move("d0-1", "deck", "hand")


def test_move_nothing_is_a_no_op():
    m = piles()
    m.move([], "deck", "hand")
    assert m.cards("deck") == tuple(CARDS) and not events(m, CardsMoved)


def test_move_all_and_put_under():
    m = piles(CARDS[:2], CARDS[2:4])
    assert m.move_all("discard", "deck") == ("d0-3", "d0-4")
    assert m.cards("deck") == ("d0-1", "d0-2", "d0-3", "d0-4") and m.cards("discard") == ()
    assert m.move_all("discard", "deck") == ()
    m.put_under(["d0-4", "d0-3"], "deck", "hand")
    m.put_under(["d0-1"], "deck", "hand")
    assert m.cards("hand") == ("d0-1", "d0-4", "d0-3")
    assert m.cards("deck") == ("d0-2",)


def move_onto_itself(m, how):
    if how == "move":
        m.move(["d0-2"], "deck", "deck")
    elif how == "move_all":
        m.move_all("deck", "deck")
    elif how == "draw":
        m.draw("deck", "deck", 2)
    else:
        m.put_under(["d0-6"], "deck", "deck")


@pytest.mark.parametrize(
    "how",
    [
        "move",
        "put_under",
        "move_all",
        "draw",
    ],
)
def test_moving_a_zone_onto_itself_keeps_every_card_once(how):
    m = piles()
    try:
        move_onto_itself(m, how)
    except RuleError:
        pass  # refusing is fine; duplicating a card is not
    assert census(m) == Counter(CARDS)


def test_draw_takes_from_the_top_one_at_a_time():
    m = piles()
    assert m.draw("deck", "hand", 2) == ("d0-6", "d0-5")
    assert m.cards("hand") == ("d0-6", "d0-5")
    assert m.cards("deck") == tuple(CARDS[:4])
    assert events(m, CardsMoved) == [CardsMoved(("d0-6", "d0-5"), "deck", "hand")]


def test_draw_refills_from_the_declared_zone_by_shuffling_it_in():
    m = piles(["d0-1"], ["d0-2", "d0-3", "d0-4"])
    drawn = m.draw("deck", "hand", 3)
    assert drawn[0] == "d0-1" and len(drawn) == 3
    assert set(drawn[1:]) <= {"d0-2", "d0-3", "d0-4"}
    assert m.cards("discard") == ()
    assert len(m.cards("deck")) == 1
    assert census(m) == Counter(CARDS[:4])
    kinds = [type(e) for e in m.log]
    assert kinds == [CardsMoved, CardsMoved, Shuffled, CardsMoved]
    assert events(m, Shuffled) == [Shuffled("deck", 3)]
    assert m.log[1] == CardsMoved(("d0-2", "d0-3", "d0-4"), "discard", "deck")


def test_draw_with_both_piles_empty_is_skipped():
    m = piles(["d0-1"], [])
    assert m.draw("deck", "hand", 3) == ("d0-1",)
    assert m.draw("deck", "hand", 2) == ()
    assert m.cards("hand") == ("d0-1",)
    assert not events(m, Shuffled)


def test_draw_without_refill_stops_when_empty():
    m = piles(["d0-1"], ["d0-2"])
    m.add_zone("plain", ZoneSpec(), ["d0-3"])
    assert m.draw("plain", "hand", 2) == ("d0-3",)
    assert m.cards("discard") == ("d0-2",)


def test_a_refill_zone_that_does_not_exist_is_a_rule_error():
    m = fresh()
    m.add_zone("deck", ZoneSpec(refill="nowhere"))
    m.add_zone("hand", ZoneSpec())
    with pytest.raises(RuleError):
        m.draw("deck", "hand")


def test_shuffle_is_a_seeded_permutation():
    orders = set()
    for seed in range(1, 30):
        m = boardcore.Match(GAME, 2, seed, {})
        m.add_zone("deck", ZoneSpec(), CARDS)
        m.shuffle("deck")
        assert sorted(m.cards("deck")) == CARDS
        assert events(m, Shuffled) == [Shuffled("deck", 6)]
        orders.add(m.cards("deck"))
        again = boardcore.Match(GAME, 2, seed, {})
        again.add_zone("deck", ZoneSpec(), CARDS)
        again.shuffle("deck")
        assert again.cards("deck") == m.cards("deck") and again.rng == m.rng
    assert len(orders) > 20


# -- counters ----------------------------------------------------------------------------


def test_counters_default_to_zero_and_record_changes():
    m = fresh()
    assert m.count("gold", 0) == 0
    assert m.add("gold", 5, 0) == 5
    m.set_count("gold", 5, 0)  # unchanged: no event
    assert m.take("gold", 3, 0) == 3
    assert m.take("gold", 10, 0) == 2
    assert m.count("gold", 0) == 0 and m.count("gold", 1) == 0
    m.add("round", 1)
    assert m.count("round") == 1
    assert events(m, CounterChanged) == [
        CounterChanged("gold", 0, 0, 5),
        CounterChanged("gold", 0, 5, 2),
        CounterChanged("gold", 0, 2, 0),
        CounterChanged("round", None, 0, 1),
    ]


@pytest.mark.parametrize("change", [lambda m: m.add("gold", -3, 0), lambda m: m.set_count("gold", -1, 0)])
def test_counters_never_go_negative(change):
    m = fresh()
    m.add("gold", 2, 0)
    logged = len(m.log)
    with pytest.raises(RuleError, match="never negative"):
        change(m)
    assert m.count("gold", 0) == 2 and len(m.log) == logged


def test_take_a_negative_amount_removes_nothing_and_says_so():
    m = fresh()
    m.add("gold", 2, 0)
    try:
        taken = m.take("gold", -5, 0)
    except RuleError:
        return
    assert taken == 0 and m.count("gold", 0) == 2


@pytest.mark.parametrize("value", [1.5, True, "3"])
def test_counters_hold_integers_only(value):
    m = fresh()
    with pytest.raises(RuleError):
        m.set_count("gold", value, 0)


# -- pieces and attachments ---------------------------------------------------------------


def test_pieces_have_unique_ids_and_can_move():
    m = fresh()
    a = m.add_piece("hero", 0, "a1")
    b = m.add_piece("hero", 1)
    c = m.add_piece("dog", 0, "a2")
    assert len({a, b, c}) == 3
    assert m.pieces_of(0) == (a, c) and m.pieces_of(0, "hero") == (a,) and m.pieces_of(1, "dog") == ()
    m.move_piece(a, "b2")
    assert m.pieces[a] == boardcore.Piece("hero", 0, "b2")
    assert [type(e).__name__ for e in m.log] == ["PieceAdded"] * 3 + ["PieceMoved"]
    assert m.log[-1] == boardcore.events.PieceMoved(a, "a1", "b2")


def test_remove_piece_drops_its_counters_only():
    m = fresh()
    a = m.add_piece("hero", 0)
    b = m.add_piece("hero", 1)
    m.set_count("hp", 3, a)
    m.set_count("hp", 2, b)
    assert m.remove_piece(a) == boardcore.Piece("hero", 0)
    assert a not in m.pieces and m.count("hp", a) == 0 and m.count("hp", b) == 2
    assert m.log[-1] == boardcore.events.PieceRemoved(a)
    with pytest.raises(RuleError):
        m.remove_piece(a)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "remove", "move", "fork"]), st.integers(0, 1), st.sampled_from(["hero", "dog"]), st.integers(0, 9)), max_size=40))
def test_pieces_of_agrees_with_a_scan_of_the_pieces(script):
    """pieces_of keeps an index that follows each change: it must always list what a
    scan of ``pieces`` (oldest first) lists, on the match and on its forks."""
    m = fresh()
    m.pieces_of(0)  # an index exists from the start, so every change has one to update
    for op, owner, kind, n in script:
        ids = list(m.pieces)
        if op == "add":
            m.add_piece(kind, owner)
        elif op == "remove" and ids:
            m.remove_piece(ids[n % len(ids)])
        elif op == "move" and ids:
            m.move_piece(ids[n % len(ids)], f"a{n}")
        elif op == "fork":
            m.pieces_of(owner, kind)
            m = m.fork()
        for seat in (0, 1):
            for which in (None, "hero", "dog"):
                scan = tuple(i for i, p in m.pieces.items() if p.owner == seat and which in (None, p.kind))
                assert m.pieces_of(seat, which) == scan


def test_move_piece_of_an_unknown_piece_is_a_rule_error():
    with pytest.raises(RuleError):
        fresh().move_piece("ghost-1", "a1")


def test_attach_and_release():
    m = piles()
    h = m.add_piece("hero", 0)
    m.attach("d0-1", "deck", h, 0)
    m.attach("d0-2", "deck", h, 0)
    zone = attachment_zone(h)
    assert m.attached(h) == ("d0-1", "d0-2")
    assert m.zone_spec(zone) == ZoneSpec(owner=0, host=h)
    with pytest.raises(RuleError, match="attachments"):
        m.remove_piece(h)
    assert h in m.pieces
    assert m.release(h, "discard") == ("d0-1", "d0-2")
    assert m.cards("discard") == ("d0-1", "d0-2")
    assert zone not in m.zones and m.attached(h) == ()
    assert m.release(h, "discard") == ()
    m.remove_piece(h)
    assert census(m) == Counter(CARDS)


def test_attach_a_card_that_is_not_there_is_a_rule_error():
    m = piles()
    with pytest.raises(RuleError):
        m.attach("d1-1", "deck", "hero-9", 0)


# -- dice and randomness -----------------------------------------------------------------


def test_roll_uses_the_match_generator():
    a, b = fresh(seed=5), fresh(seed=5)
    rolls = [a.roll(6, "test") for _ in range(200)]
    assert rolls == [b.roll(6, "test") for _ in range(200)]
    assert set(rolls) == set(range(1, 7))
    assert events(a, DieRolled)[0] == DieRolled(6, rolls[0], "test", False)
    assert [fresh(seed=6).roll(6) for _ in range(20)] != rolls[:20]


def test_loaded_dice_come_first_then_the_generator():
    state = toy.arena().new_state(players=2, seed=3)
    m = state.match
    reference = state.clone().match
    load_dice(state, [2, 5])
    assert [m.roll(6, "x"), m.roll(6, "y")] == [2, 5]
    assert [e.forced for e in events(m, DieRolled)] == [True, True]
    assert m.roll(6) == reference.roll(6)  # loaded results do not consume the generator
    load_dice(state, [7])
    with pytest.raises(RuleError):
        m.roll(6)


def test_active_is_the_active_seat_and_can_be_set():
    m = fresh()
    with pytest.raises(RuleError):
        m.active  # noqa: B018
    m.active = 1
    assert m.active == m.active_seat == 1


# -- the agenda ---------------------------------------------------------------------------


def test_schedule_runs_steps_in_the_order_given_before_what_was_scheduled():
    m = fresh()
    m.agenda = ()
    m.schedule(toy.Score())
    m.schedule(toy.Draw(), toy.CommitCard(0))
    # the last step of the agenda runs next
    assert m.agenda[::-1] == (toy.Draw(), toy.CommitCard(0), toy.Score())


def test_trigger_collects_steps_in_the_order_asked():
    m = fresh()
    m.trigger(toy.Score())
    m.trigger(toy.Draw(), toy.CommitCard(1))
    assert m.triggered == (toy.Score(), toy.Draw(), toy.CommitCard(1))


def test_below():
    m = fresh(seed=8)
    values = [m.below(3) for _ in range(60)]
    assert set(values) == {0, 1, 2}


# -- players and the end ---------------------------------------------------------------------


def test_eliminate_is_idempotent():
    m = fresh(players=3)
    m.eliminate(1)
    m.eliminate(1)
    assert m.out == (1,) and m.alive() == (0, 2)
    assert m.log.to_tuple() == (boardcore.events.PlayerOut(1),)


def test_finish_sorts_winners_and_clears_the_flow():
    state = toy.duel().new_state(players=3, seed=1)
    m = state.match
    assert m.asks and m.agenda
    m.finish([2, 0], "tie", [1, 0, 1])
    assert state.result == boardcore.Result((0, 2), "tie", (1, 0, 1))
    assert state.is_over and state.pending == () and m.agenda == () and m.drafts == {}
    assert m.log[-1] == boardcore.events.GameOver((0, 2), "tie")


def test_the_snapshot_and_the_fork_cover_every_field_in_order():
    # Both are written out from FIELDS when the module loads; a field added to
    # MatchData must be in the rollback snapshot and copied by every clone.
    from boardcore._rules.match import FIELDS, _get_all

    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=3)
    m = state.match
    assert FIELDS == tuple(f.name for f in attrs.fields(MatchData))
    assert _get_all(m) == tuple(getattr(m, name) for name in FIELDS)
    twin = m.fork()
    for name in FIELDS:
        if name in ("log", "history", "choices"):
            assert list(getattr(twin, name)) == list(getattr(m, name))
        else:
            assert getattr(twin, name) is getattr(m, name), name
