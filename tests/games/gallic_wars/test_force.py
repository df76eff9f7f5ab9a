"""Force counting (rules section 4): the engine's best count against a brute force."""

from __future__ import annotations

from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from boardcore_gallic_wars import BASE_EFFECTS, Contribution, Kind, battle_totals, best_total

BASIC = (Kind.STRATEGY, Kind.TACTICS, Kind.RESOURCES, Kind.MORALE)


def brute_force(cards) -> int:
    """Every legal way to count: each Leader takes one basic type; then at most two
    cards per type may count (any subset); every Disadvantage counts."""
    leaders = [c for c in cards if c.kind == Kind.LEADER]
    best = None
    for way in product(BASIC, repeat=len(leaders)):
        typed = [(c.kind, c.force) for c in cards if c.kind in BASIC]
        typed += [(kind, c.force) for c, kind in zip(leaders, way)]
        total = sum(c.force for c in cards if c.kind == Kind.DISADVANTAGE)
        for kind in BASIC:
            values = [v for k, v in typed if k == kind]
            total += max(sum(pair) for r in range(3) for pair in combinations(values, r))
        best = total if best is None else max(best, total)
    return best


def count(cards) -> int:
    return best_total([BASE_EFFECTS[c.effect].contribution(c) for c in cards], 2)


def celtic_deck(game):
    return sorted((c for c in game.cards.values() if c.id.startswith("C-")), key=lambda c: c.id)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_gw_invariant_4_and_5_best_total_equals_brute_force_and_stays_in_12_to_77(game, data):
    deck = celtic_deck(game)
    hand = data.draw(st.lists(st.sampled_from(deck), min_size=8, max_size=8, unique=True))
    total = count(hand)
    assert total == brute_force(hand)
    assert 12 <= total <= 77


def test_gw_r09_a_leader_uses_one_of_the_two_places_of_its_type(game):
    by_name = {c.name: c for c in celtic_deck(game)}
    hand = [by_name[n] for n in ("Vercingetorix", "Gauls", "Tribes", "Walled Cities", "Skill", "Charges", "Revolt", "Courage")]
    # R already has 10 and 9: Vercingetorix is worth more in S (empty) than in R.
    assert count(hand) == 10 + 19 + 19 + 17


def test_gw_r09_both_leaders_may_take_the_same_type(game):
    by_name = {c.name: c for c in celtic_deck(game)}
    hand = [by_name[n] for n in ("Vercingetorix", "Commius", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Women & Children")]
    assert count(hand) == 62  # the Celtic hand of the worked example: both Leaders in S


def test_gw_r10_disadvantage_cards_always_count_and_take_no_place(game):
    by_name = {c.name: c for c in celtic_deck(game)}
    hand = [by_name[n] for n in ("Tribal Divisions", "Women & Children", "Gauls", "Tribes", "Skill", "Charges", "Revolt", "Courage")]
    assert count(hand) == 19 + 19 + 17 - 3


def test_battle_totals_reads_the_hands_in_play(game):
    state = game.new_state(players=2, seed=0)
    totals = battle_totals(state.match)
    assert all(12 <= t <= 77 for t in totals)


def brute_force_any(contributions, per_type) -> int:
    """Every way to count any cards (GW-R08 to GW-R10): each flexible card counts in one
    of its slots or not at all; then each slot counts its best values, at most
    ``per_type`` of them and none worth nothing or less ("may count")."""
    fixed = sum(c.value for c in contributions if not c.slots)
    single = [c for c in contributions if len(c.slots) == 1]
    flexible = [c for c in contributions if len(c.slots) > 1]
    best = None
    for way in product(*[(None, *c.slots) for c in flexible]):
        values = {}
        for slot, value in [(c.slots[0], c.value) for c in single] + [(s, c.value) for c, s in zip(flexible, way) if s]:
            values.setdefault(slot, []).append(value)
        total = fixed + sum(sum(v for v in sorted(vs, reverse=True)[:per_type] if v > 0) for vs in values.values())
        best = total if best is None else max(best, total)
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(-3, 12),
            st.sampled_from([(), ("S",), ("T",), ("R",), ("M",), ("F",), ("S", "T", "R", "M"), ("S", "T")]),
        ),
        max_size=10,
    ),
    st.integers(1, 3),
)
def test_gw_r08_r09_r10_best_total_is_the_best_way_to_count_any_cards(cards, per_type):
    """The count the battles use gives the best total also for cards a plugin could
    add: values worth nothing or less (left uncounted), Leaders limited to some
    types, a type of a plugin's own ("F")."""
    contributions = [Contribution(f"X-{i:02}", value, slots) for i, (value, slots) in enumerate(cards)]
    assert best_total(contributions, per_type) == brute_force_any(contributions, per_type)
