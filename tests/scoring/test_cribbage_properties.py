"""Properties of the cribbage engine that hold for every input (Hypothesis)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import STANDARD
from scoring.cribbage import (
    POSSIBLE_SHOW_TOTALS,
    CribbageRules,
    Deal,
    game_outcome,
    peg_points,
    play_deal,
    rank_points,
    score_show,
)
from scoring.cribbage.show import flush_points, nobs_point, pip_value, rank_number

DECK = STANDARD.cards()
five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
rules = st.builds(
    CribbageRules,
    target=st.sampled_from((121, 61)),
    game_points=st.sampled_from(("acc", "double_skunk", "no_skunks")),
    spread=st.sampled_from(("margin", "loser_121")),
)
show_totals = st.sampled_from(sorted(POSSIBLE_SHOW_TOTALS))


@st.composite
def one_count(draw):
    """Distinct cards laid in one count, stopping before the count would pass 31."""
    cards = draw(st.lists(st.sampled_from(DECK), max_size=8, unique=True))
    count, laid = 0, []
    for card in cards:
        count += pip_value(rank_number(card))
        if count > 31:
            break
        laid.append(card)
    return laid


@settings(max_examples=200, deadline=None)
@given(five_cards, st.booleans(), st.data())
def test_show_total_is_the_sum_of_its_parts_in_any_order(cards, crib, data):
    hand, starter = cards[:4], cards[4]
    score = score_show(hand, starter, crib=crib)
    parts = score.fifteens + score.pairs + score.runs + score.flush + score.nobs
    assert score.total == parts == sum(item.points for item in score.items)
    shuffled = data.draw(st.permutations(hand))
    assert score_show(shuffled, starter, crib=crib) == score


@settings(max_examples=200, deadline=None)
@given(five_cards, st.booleans())
def test_show_total_is_possible_and_agrees_with_the_arithmetic_count(cards, crib):
    hand, starter = cards[:4], cards[4]
    total = score_show(hand, starter, crib=crib).total
    assert total in POSSIBLE_SHOW_TOTALS
    assert total <= 29 and total not in (19, 25, 26, 27)
    ranks = tuple(sorted(rank_number(c) for c in cards))
    arithmetic = rank_points(ranks) + flush_points((c.suit for c in hand), starter.suit, crib)
    assert total == arithmetic + nobs_point(hand, starter)


@settings(max_examples=200, deadline=None)
@given(one_count())
def test_peg_points_are_never_negative_and_each_play_depends_on_its_prefix(cards):
    points = peg_points(cards)
    assert len(points) == len(cards)
    assert all(p >= 0 for p in points)
    by_prefix = [peg_points(cards[: i + 1])[-1] for i in range(len(cards))]
    assert list(points) == by_prefix
    assert sum(points) == sum(by_prefix)


@st.composite
def finished_game(draw):
    game_rules = draw(rules)
    winner = draw(st.integers(0, 1))
    scores = [0, 0]
    scores[winner] = draw(st.integers(game_rules.target, game_rules.target + 28))
    scores[1 - winner] = draw(st.integers(0, game_rules.target - 1))
    return game_rules, tuple(scores)


@settings(max_examples=200, deadline=None)
@given(finished_game())
def test_outcome_game_points_and_spread(game):
    game_rules, scores = game
    outcome = game_outcome(game_rules, scores)
    assert scores[outcome.winner] >= game_rules.target > scores[outcome.loser]
    assert outcome.game_points[outcome.loser] == 0
    assert outcome.game_points[outcome.winner] in (2, 3, 4)
    assert outcome.spread[outcome.winner] == outcome.margin > 0
    assert outcome.spread[outcome.loser] < 0
    if game_rules.spread == "margin" or scores[outcome.winner] == game_rules.target:
        assert sum(outcome.spread) == 0
    assert outcome.double_skunk <= outcome.skunk


@settings(max_examples=200, deadline=None)
@given(rules, st.data())
def test_a_deal_only_adds_and_stops_at_the_target(game_rules, data):
    target = game_rules.target
    before = tuple(data.draw(st.integers(0, target - 1)) for _ in range(2))
    dealer = data.draw(st.integers(0, 1))
    pegging = [0, 0]
    pegging[dealer] = data.draw(st.integers(0, 30))
    pegging[1 - dealer] = data.draw(st.integers(0, 24))
    starter = data.draw(st.sampled_from(DECK))
    heels = [0, 0]
    heels[dealer] = 2 if str(starter).startswith("J") else 0  # his heels come before the pegging
    first = data.draw(st.sampled_from([0, 1]))
    if not all(before[p] + heels[p] + pegging[p] >= target for p in (0, 1)):
        first = None
    deal = Deal(
        dealer=dealer,
        starter=starter,
        pegging=tuple(pegging),
        pone_hand=data.draw(show_totals),
        dealer_hand=data.draw(show_totals),
        crib=data.draw(show_totals),
        pegged_out_first=first,
    )
    result = play_deal(game_rules, before, deal)
    gained = [after - b for after, b in zip(result.scores_after, before)]
    assert min(gained) >= 0
    assert sum(e.points for e in result.events) == sum(gained)
    if result.winner is None:
        assert max(result.scores_after) < target
        assert result.ended_at is None
    else:
        assert result.scores_after[result.winner] >= target > result.scores_after[1 - result.winner]
        assert result.events[-1].player == result.winner
        assert result.events[-1].stage == result.ended_at


@settings(max_examples=300, deadline=None)
@given(five_cards, st.booleans())
def test_each_part_of_the_show_equals_its_enumerated_combinations(cards, crib):
    score = score_show(cards[:4], cards[4], crib=crib)
    by_part = {"fifteen": 0, "pair": 0, "run": 0, "flush": 0, "nobs": 0}
    for item in score.items:
        template = item.name.template
        part = ("fifteen" if template == "fifteen" else "run" if template.startswith("a run")
                else "flush" if template.startswith("a flush") else "nobs" if template == "his nobs" else "pair")
        by_part[part] += item.points
    assert (score.fifteens, score.pairs, score.runs, score.flush, score.nobs) == tuple(by_part.values())
