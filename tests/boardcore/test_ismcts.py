"""The ISMCTS bot: it chooses only what is offered, repeats for a seed, never uses what its
seat cannot see (in each of the four games), and plays better than random."""

from __future__ import annotations

import random

import attrs
import pytest

import boardcore
from boardcore.bots import FirstBot, MonteCarloBot, RandomBot, make_bot
from boardcore.ismcts import ISMCTSBot, judged, playout_judge, shares

import toy

GAMES = [
    ("gallic-wars", 2),
    ("invasions-of-the-horse-people", 3),
    ("aztec-skirmish", 2),
    ("prehistoric-warfare", 2),
]


def play(game, bots, seed):
    state = game.new_state(players=len(bots), seed=seed)
    while not state.is_over:
        decision = state.pending[0]
        action = bots[decision.player].choose(state, decision)
        assert action in decision.options
        state.apply(decision.player, action)
    return state


def advance(state, moves, seed, until=None):
    """Random moves on ``state``, at most ``moves``, stopping early when ``until(state)`` holds."""
    pick = random.Random(seed)
    for _ in range(moves):
        if state.is_over or (until is not None and until(state)):
            break
        decision = state.pending[0]
        state.apply(decision.player, decision.options[pick.randrange(len(decision.options))])
    return state


def test_shares_gives_a_sole_winner_one_and_splits_a_shared_result():
    assert shares((1,), 3) == [0.0, 1.0, 0.0]
    assert shares((0, 2), 3) == [0.5, 0.0, 0.5]
    assert shares((), 2) == [0.0, 0.0]


def test_a_judgement_blends_who_is_ahead_with_the_share_of_the_scores():
    ahead = boardcore.Result((0,), "most people", (12, 10))
    assert judged(ahead, 2, 0.0) == [1.0, 0.0]
    assert judged(ahead, 2, 0.5) == pytest.approx([0.5 + 0.5 * 12 / 22, 0.5 * 10 / 22])
    fewer_losses = boardcore.Result((1,), "fewer hits lost", (3, 1))
    assert judged(fewer_losses, 2, 1.0) == pytest.approx([0.25, 0.75])
    assert judged(boardcore.Result((0, 1), "tied", (3, 3)), 2, 0.5) == [0.5, 0.5]
    assert judged(boardcore.Result((0,), "no scores"), 2, 0.5) == [1.0, 0.0]


def test_it_chooses_only_offered_options_and_repeats_for_a_seed():
    game = toy.duel()
    first = play(game, [ISMCTSBot(seed=1, iterations=8), RandomBot(seed=2)], seed=5)
    again = play(game, [ISMCTSBot(seed=1, iterations=8), RandomBot(seed=2)], seed=5)
    assert first.to_json() == again.to_json()


def test_it_plays_games_with_reactions_and_three_seats():
    game = toy.duel()
    state = play(game, [ISMCTSBot(seed=s, iterations=4, horizon=5) for s in range(3)], seed=2)
    assert state.is_over


def test_a_forced_decision_needs_no_search():
    bot = ISMCTSBot(seed=0, iterations=5)
    state = toy.arena().new_state(players=2, seed=1)
    decision = state.pending[0]
    forced = boardcore.Decision(decision.player, decision.options[:1], decision.prompt)
    assert bot.choose(state, forced) == decision.options[0]
    assert bot.decisions == 1 and bot.searched == 0


# -- it never uses what its seat cannot see ----------------------------------------------


def choices(state, seat, seeds=(3, 4)):
    """What fresh bots with each of ``seeds`` choose for ``seat`` (few iterations, short playouts)."""
    decision = next(d for d in state.pending if d.player == seat)
    return [ISMCTSBot(seed=s, iterations=12, horizon=8).choose(state, decision) for s in seeds]


def hidden_twins(state, seat):
    """States that look to ``seat`` exactly as ``state`` does but differ in what it cannot
    see: the other hands and the deck order dealt again, and the match's generator (the
    dice and shuffles to come) changed."""
    redealt = state.determinize(seat, 99)
    reseeded = state.clone()
    reseeded.match.rng ^= 0x5DEECE66D
    both = redealt.clone()
    both.match.rng ^= 0x1234567
    return [redealt, reseeded, both]


def a_choice_with_secrets(game, players, seed):
    """A state where seat 0 has a real choice and something is hidden from it."""
    state = game.new_state(players=players, seed=seed)
    return advance(state, 400, seed, until=lambda s: s.turn >= 2 and any(d.player == 0 and len(d.options) > 1 for d in s.pending))


@pytest.mark.parametrize("name, players", GAMES)
def test_the_same_view_gives_the_same_choice_whatever_is_hidden(name, players):
    game = boardcore.load_game(name)
    state = a_choice_with_secrets(game, players, seed=11)
    assert any(d.player == 0 and len(d.options) > 1 for d in state.pending)
    expected = choices(state, 0)
    for twin in hidden_twins(state, 0):
        assert twin.view(0) == state.view(0)
        assert twin.to_json() != state.to_json()  # something hidden differs
        assert choices(twin, 0) == expected


@pytest.mark.parametrize("name, players", [("gallic-wars", 2), ("invasions-of-the-horse-people", 3)])
def test_an_opponents_secret_pick_already_made_does_not_change_the_choice(name, players):
    game = boardcore.load_game(name)

    def both_pick_in_secret(s):
        pending = s.pending
        return (
            len(pending) >= 2
            and any(d.player == 0 and len(d.options) > 1 for d in pending)
            and any(d.player != 0 and d.secret and len(d.options) > 1 for d in pending)
        )

    state = advance(game.new_state(players=players, seed=4), 2000, 4, until=both_pick_in_secret)
    assert both_pick_in_secret(state)
    other = next(d for d in state.pending if d.player != 0 and d.secret)
    made = []
    for option in other.options[:2]:
        twin = state.clone()
        twin.apply(other.player, option)
        made.append(twin)
    assert made[0].view(0) == made[1].view(0) and made[0].to_json() != made[1].to_json()
    assert choices(made[0], 0) == choices(made[1], 0)


def test_the_toy_duels_secret_commitment_made_first_is_not_read():
    game = toy.duel()
    state = advance(game.new_state(players=2, seed=6), 200, 6, until=lambda s: len(s.pending) == 2 and s.pending[0].secret)
    first, second = state.pending
    picks = []
    for option in first.options:
        twin = state.clone()
        twin.apply(first.player, option)
        picks.append(choices(twin, second.player, seeds=(1, 2, 3)))
    assert len(picks) >= 2 and all(p == picks[0] for p in picks)


# -- reusing the subtree of the last choice ----------------------------------------------------


def two_picks(state, bot, seat=0):
    """``bot``'s choices at ``seat``'s next two decisions, each applied to ``state``."""
    made = []
    for _ in range(2):
        decision = next(d for d in state.pending if d.player == seat)
        made.append(bot.choose(state, decision))
        state.apply(seat, made[-1])
    return made


def test_reuse_starts_the_next_pick_from_the_subtree_of_the_last():
    # Gallic Wars asks its exchange card by card (GW-D01): the second pick directly
    # follows the first, and the search below the first pick is the second's tree.
    game = boardcore.load_game("gallic-wars")
    bot = ISMCTSBot(seed=1, iterations=30, reuse=True)
    picks = two_picks(game.new_state(players=2, seed=3), bot)
    assert bot.searched == 2 and bot.reused == 1
    assert picks[1] != picks[0]
    plain = ISMCTSBot(seed=1, iterations=30)
    two_picks(game.new_state(players=2, seed=3), plain)
    assert plain.reused == 0


def test_reuse_starts_afresh_when_anything_else_happened():
    game = boardcore.load_game("gallic-wars")
    state = game.new_state(players=2, seed=3)
    # A bot seed whose searches pick cards rather than "done" at the decisions below,
    # so that seat 0 is asked again after each of its choices.
    bot = ISMCTSBot(seed=2, iterations=20, reuse=True)
    first = bot.choose(state, state.pending[0])
    state.apply(0, first)
    other = next(d for d in state.pending if d.player == 1)
    state.apply(1, other.options[0])  # the opponent acted in between
    bot.choose(state, next(d for d in state.pending if d.player == 0))
    assert bot.reused == 0
    choice = bot.choose(state, next(d for d in state.pending if d.player == 0))
    state.apply(0, choice)
    again = state.clone()  # the same match right after the bot's choice, but another state object
    bot.choose(again, next(d for d in again.pending if d.player == 0))
    assert bot.reused == 0
    following = bot.choose(again, next(d for d in again.pending if d.player == 0))
    again.apply(0, following)
    bot.choose(again, next(d for d in again.pending if d.player == 0))
    assert bot.reused == 1  # the same object, right after its own choice


@pytest.mark.parametrize("name, players", [("gallic-wars", 2), ("invasions-of-the-horse-people", 3)])
def test_reuse_gives_the_same_choices_whatever_is_hidden(name, players):
    game = boardcore.load_game(name)

    def picks_again(s):
        # seat 0 has a real choice (its next one directly following is checked below by bot.reused)
        mine = [d for d in s.pending if d.player == 0 and len(d.options) > 2]
        return bool(mine) and s.turn >= 1

    state = advance(game.new_state(players=players, seed=5), 2000, 5, until=picks_again)
    assert picks_again(state)
    expected = two_picks(state.clone(), ISMCTSBot(seed=3, iterations=12, horizon=8, reuse=True))
    for twin in hidden_twins(state, 0):
        assert twin.view(0) == state.view(0) and twin.to_json() != state.to_json()
        bot = ISMCTSBot(seed=3, iterations=12, horizon=8, reuse=True)
        assert two_picks(twin, bot) == expected
        assert bot.reused == 1


def test_the_game_says_whether_searches_reuse_unless_the_bot_does():
    import boardcore_gallic_wars as gw

    spec = attrs.evolve(gw.SPEC, name="gallic-wars-reusing", search=boardcore.SearchHints(reuse=True))
    plugin = boardcore.GamePlugin(spec, cards=gw.deck, effects=gw.BASE_EFFECTS, package="boardcore_gallic_wars")
    reusing = boardcore.registry.game_from_provider(plugin)
    bot = ISMCTSBot(seed=1, iterations=30)
    two_picks(reusing.new_state(players=2, seed=3), bot)
    assert bot.reused == 1
    told = ISMCTSBot(seed=1, iterations=30, reuse=False)
    two_picks(reusing.new_state(players=2, seed=3), told)
    assert told.reused == 0
    with pytest.raises(boardcore.InvalidData, match=r"search\.reuse"):
        toy.duel_variant("toy-duel-bad", search=boardcore.SearchHints(reuse="yes"))


def test_reuse_must_be_true_or_false():
    assert make_bot("ismcts:reuse=true", 0).reuse is True
    with pytest.raises(boardcore.InvalidData, match="bot ismcts: reuse"):
        make_bot("ismcts:reuse=1", 0)


# -- strength and settings -------------------------------------------------------------------


@pytest.mark.slow
def test_it_beats_random_play_at_gallic_wars_with_few_iterations():
    game = boardcore.load_game("gallic-wars")
    won = 0
    for i in range(12):
        seat = i % 2
        bots = [ISMCTSBot(seed=i, iterations=50) if p == seat else RandomBot(seed=100 + i) for p in range(2)]
        won += play(game, bots, seed=500 + i).result.winners == (seat,)
    assert won >= 9  # random play against random play wins 9 of 12 one time in 14


def test_a_rollout_bot_plays_the_playouts_and_its_evaluate_scores_them():
    class Judge(RandomBot):
        calls = 0

        def evaluate(self, state):
            Judge.calls += 1
            return [1.0] + [0.0] * (state.players - 1)

    game = toy.duel()
    state = game.new_state(players=2, seed=3)
    decision = state.pending[0]
    bot = ISMCTSBot(seed=1, iterations=6, horizon=2, rollout=Judge(seed=1))
    assert bot.choose(state, decision) in decision.options
    assert Judge.calls > 0


def test_a_bad_evaluation_names_the_rollout_bot():
    class Broken(RandomBot):
        def evaluate(self, state):
            return [2.0]

    state = toy.duel().new_state(players=2, seed=3)
    with pytest.raises(boardcore.PluginError, match="evaluate"):
        ISMCTSBot(seed=1, iterations=3, horizon=1, rollout=Broken(seed=1)).choose(state, state.pending[0])


def test_settings_reach_the_bot_and_bad_ones_name_the_setting():
    bot = make_bot("ismcts:iterations=7,c=1.5,horizon=9,rollout=first", 3)
    assert (bot.iterations, bot.c, bot.horizon, type(bot.rollout)) == (7, 1.5, 9, FirstBot)
    for spec, where in [
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:iterations=many", "iterations"),
        ("ismcts:c=-1", "c"),
        ("ismcts:depth=3", "depth"),
        ("ismcts:rollout=ismcts", "rollout"),
    ]:
        with pytest.raises(boardcore.InvalidData, match=f"bot ismcts: {where}"):
            make_bot(spec, 0)
    with pytest.raises(boardcore.PluginError, match="no bot"):
        make_bot("ismcts:rollout=nobody", 0)


def test_a_time_budget_stops_the_search_early():
    state = boardcore.load_game("gallic-wars").new_state(players=2, seed=1)
    decision = state.pending[0]
    bot = ISMCTSBot(seed=1, iterations=100_000, seconds=0.05)
    assert bot.choose(state, decision) in decision.options
    assert 0 < bot.iterations_run < 100_000


def test_the_check_would_catch_a_bot_that_reads_hidden_cards(monkeypatch):
    """The same check, on a bot made to search the real match instead of samples: its
    choices differ between twins, so the test above does look at what matters."""
    import boardcore.ismcts as ismcts

    monkeypatch.setattr(ismcts, "sample", lambda state, player, seed: state.clone())
    game = boardcore.load_game("gallic-wars")
    differ = 0
    for seed in range(6):
        state = a_choice_with_secrets(game, 2, seed=seed)
        expected = choices(state, 0, seeds=(3,))
        differ += any(choices(twin, 0, seeds=(3,)) != expected for twin in hidden_twins(state, 0))
    assert differ > 0


class TurnJudge(RandomBot):
    """Plays at random and records the turn of every position it is asked to judge."""

    def __init__(self, seed):
        super().__init__(seed)
        self.turns = []

    def evaluate(self, state):
        self.turns.append(state.match.turn)
        return None  # the game's own judgement scores it


@pytest.mark.parametrize("settle", [False, True])
def test_settle_plays_a_cut_playout_on_to_the_end_of_the_turn(settle):
    state = boardcore.load_game("prehistoric-warfare").new_state(players=2, seed=4)
    while len(state.pending[0].options) < 2:
        state.apply(state.pending[0].player, state.pending[0].options[0])
    judge = TurnJudge(seed=1)
    bot = ISMCTSBot(seed=1, iterations=20, horizon=1, rollout=judge, settle=settle)
    bot.choose(state, state.pending[0])
    turn = state.match.turn
    assert len(judge.turns) == 20
    if settle:
        assert all(t > turn for t in judge.turns)  # judged only once the turn was over
    else:
        assert turn in judge.turns  # some playouts were judged halfway through the turn


def test_settle_must_be_true_or_false():
    with pytest.raises(boardcore.InvalidData, match="bot ismcts: settle"):
        make_bot("ismcts:settle=1", 0)


def judged_after(game, **settings):
    """How many actions each playout of an ISMCTS bot with ``settings`` ran from a
    position of ``game`` before it was judged."""
    state = game.new_state(players=2, seed=3)
    while len(state.pending[0].options) < 2:
        state.apply(state.pending[0].player, state.pending[0].options[0])
    start = len(state.history)
    lengths = []

    class Measure(RandomBot):
        def evaluate(self, sample):
            lengths.append(len(sample.history) - start)
            return None

    ISMCTSBot(seed=1, iterations=8, rollout=Measure(seed=2), **settings).choose(state, state.pending[0])
    return lengths


def scored_duel(scores):
    """A position of toy-duel whose ``search.scores`` always give ``scores``, and the
    list of the turns they were asked at."""
    asked = []

    def standing(m):
        asked.append(m.turn)
        return scores

    game = toy.duel_variant("toy-duel-scored", search=boardcore.SearchHints(scores=standing))
    return toy.first_real_choice(game, 2, seed=4), asked


def test_the_games_search_scores_judge_a_cut_playout_instead_of_its_at_limit():
    state, asked = scored_duel((3, 1))
    evaluate = playout_judge(state, None, margin=0.5)
    # The leader's share of a win, blended half and half with each seat's share of the scores.
    assert evaluate(state) == [0.875, 0.125]
    asked.clear()
    ISMCTSBot(seed=1, iterations=12, horizon=2).choose(state, state.pending[0])
    assert 0 < len(asked) <= 12  # once for each playout the horizon cut (a finished one scores its result)


def test_a_rollout_bots_evaluate_comes_before_the_games_search_scores():
    state, _ = scored_duel((3, 1))

    class Even(RandomBot):
        def evaluate(self, sample):
            return (0.5, 0.5)

    assert playout_judge(state, Even(seed=1), margin=0.5)(state) == [0.5, 0.5]


def test_equal_search_scores_are_an_even_share():
    state, _ = scored_duel((0, 0))
    assert playout_judge(state, None, margin=0.5)(state) == [0.5, 0.5]


@pytest.mark.parametrize(
    "standing, says",
    [
        (lambda m: (1,), "must return 2 finite numbers"),
        (lambda m: (1, -1), "must return 2 finite numbers"),
        (lambda m: (1, float("inf")), "must return 2 finite numbers"),
        (lambda m: "ab", "ValueError"),
        (lambda m: 1 / 0, "ZeroDivisionError"),
    ],
)
def test_search_scores_that_break_are_blamed_on_the_game(standing, says):
    game = toy.duel_variant("toy-duel-broken-scores", search=boardcore.SearchHints(scores=standing))
    state = toy.first_real_choice(game, 2, seed=4)
    with pytest.raises(boardcore.PluginError, match=says) as caught:
        ISMCTSBot(seed=1, iterations=4, horizon=1).choose(state, state.pending[0])
    assert "toy-duel-broken-scores" in str(caught.value)
    with pytest.raises(boardcore.PluginError, match=says):
        MonteCarloBot(seed=1, playouts=1, horizon=1).choose(state, state.pending[0])


def test_monte_carlo_judges_by_the_games_search_scores_too():
    state, asked = scored_duel((1, 1))
    MonteCarloBot(seed=1, playouts=2, horizon=2).choose(state, state.pending[0])
    assert asked


def turns_judged(game, **settings):
    """The turns of the positions an ISMCTS bot judged, and the turn it chose in."""
    state = toy.first_real_choice(game, 2, seed=4)
    judge = TurnJudge(seed=1)
    ISMCTSBot(seed=1, iterations=20, horizon=1, rollout=judge, **settings).choose(state, state.pending[0])
    return judge.turns, state.match.turn


def test_the_game_says_whether_cut_playouts_settle_unless_the_bot_does():
    settled = toy.duel_variant("toy-duel-settled", search=boardcore.SearchHints(settle=True))
    turns, turn = turns_judged(settled)
    assert all(t > turn for t in turns)
    turns, turn = turns_judged(settled, settle=False)
    assert turn in turns
    turns, turn = turns_judged(toy.duel())
    assert turn in turns  # a game that says nothing: no settling
    with pytest.raises(boardcore.InvalidData, match=r"search\.settle"):
        toy.duel_variant("toy-duel-bad", search=boardcore.SearchHints(settle="yes"))


def iterations_run(game, **settings):
    """The iterations an ISMCTS bot ran for its first real choice in ``game``."""
    state = toy.first_real_choice(game, 2, seed=4)
    bot = ISMCTSBot(seed=1, horizon=2, **settings)
    bot.choose(state, state.pending[0])
    return bot.iterations_run


def test_the_game_says_how_many_iterations_a_search_runs_unless_the_bot_does():
    assert iterations_run(toy.duel_variant("toy-duel-thorough", search=boardcore.SearchHints(iterations=37))) == 37
    assert iterations_run(toy.duel_variant("toy-duel-thorough", search=boardcore.SearchHints(iterations=37)), iterations=5) == 5
    assert iterations_run(toy.duel()) == 200  # a game that says nothing: the bot's own default
    with pytest.raises(boardcore.InvalidData, match=r"search\.iterations"):
        toy.duel_variant("toy-duel-bad", search=boardcore.SearchHints(iterations=0))


def test_the_horizon_is_the_games_search_horizon_unless_the_bot_sets_one():
    long_view = toy.duel_variant("toy-duel-far", search=boardcore.SearchHints(horizon=3))
    assert set(judged_after(long_view)) == {3}
    assert set(judged_after(long_view, horizon=2)) == {2}
    assert set(judged_after(toy.duel())) == {10}  # the bots' own default
    with pytest.raises(boardcore.InvalidData, match=r"search\.horizon"):
        toy.duel_variant("toy-duel-bad", search=boardcore.SearchHints(horizon=0))
