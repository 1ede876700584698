"""A tournament's arithmetic (docs/rules.md §9): qualifiers, the playoff chart
with byes, the next round, payouts with ties across a prize boundary, a bye's
score, forfeits for lateness."""
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from scoring.tournament import (
    TournamentError,
    advance,
    bracket,
    bracket_size,
    bye_score,
    forfeited_games,
    payouts,
    qualifier_count,
)


# --- qualifiers: one in four, any fraction rounded up ---------------------------------

@pytest.mark.parametrize("entrants", [121, 122, 123, 124])
def test_one_in_four_qualify_rounded_up_121_to_124_entrants_give_31(entrants):
    assert qualifier_count(entrants) == 31


def test_108_entrants_give_27_qualifiers():
    assert qualifier_count(108) == 27


def test_132_entrants_give_33_qualifiers():
    assert qualifier_count(132) == 33


def test_60_entrants_give_15_qualifiers():
    assert qualifier_count(60) == 15


def test_qualifiers_are_not_rounded_up_to_a_full_bracket():
    assert qualifier_count(125) == 32
    assert qualifier_count(129) == 33


def test_another_share_rounds_up_too():
    assert qualifier_count(10, share=Fraction(1, 3)) == 4


def test_at_least_one_entrant_qualifies():
    assert qualifier_count(1) == 1
    assert qualifier_count(3) == 1


@pytest.mark.parametrize("entrants", [0, -4, 2.5, True])
def test_entrants_must_be_a_whole_number_of_at_least_one(entrants):
    with pytest.raises(TournamentError) as caught:
        qualifier_count(entrants)
    assert caught.value.field == "entrants"


# --- the bracket ---------------------------------------------------------------------

def test_a_full_sixteen_bracket_is_the_standard_chart():
    assert bracket(16) == [(1, 16), (8, 9), (5, 12), (4, 13), (6, 11), (3, 14), (7, 10), (2, 15)]


def test_60_entrants_15_qualifiers_a_16_bracket_and_one_bye_to_the_top_seed():
    assert bracket(qualifier_count(60)) == [
        (1, None), (8, 9), (5, 12), (4, 13), (6, 11), (3, 14), (7, 10), (2, 15)
    ]


def test_108_entrants_27_qualifiers_a_32_bracket_the_top_five_get_byes():
    pairs = bracket(qualifier_count(108))
    assert bracket_size(27) == 32
    assert len(pairs) == 16
    assert sorted(high for high, low in pairs if low is None) == [1, 2, 3, 4, 5]


def test_132_entrants_33_qualifiers_a_64_bracket_with_31_byes():
    pairs = bracket(qualifier_count(132))
    assert bracket_size(33) == 64
    assert len(pairs) == 32
    assert sum(1 for _, low in pairs if low is None) == 31
    assert [pair for pair in pairs if pair[1] is not None] == [(32, 33)]


def test_a_bracket_of_3_gives_the_top_seed_a_bye():
    assert bracket(3) == [(1, None), (2, 3)]


def test_a_bracket_of_5_gives_the_top_three_byes():
    assert bracket(5) == [(1, None), (4, 5), (3, None), (2, None)]


def test_a_bracket_of_64_pairs_every_seed_once_each_pair_summing_to_65():
    pairs = bracket(64)
    assert len(pairs) == 32
    assert pairs[0] == (1, 64) and pairs[-1] == (2, 63)
    assert all(high + low == 65 for high, low in pairs)
    assert sorted(s for pair in pairs for s in pair) == list(range(1, 65))


def test_a_single_qualifier_is_the_champion():
    assert bracket(1) == [(1, None)]
    assert advance([(1, None)], [None]) == []


@given(st.integers(min_value=2, max_value=300))
def test_the_second_round_is_always_full_and_byes_go_to_the_top_seeds(qualifiers):
    pairs = bracket(qualifiers)
    size = bracket_size(qualifiers)
    byes = sorted(high for high, low in pairs if low is None)
    assert byes == list(range(1, size - qualifiers + 1))
    assert sorted(s for pair in pairs for s in pair if s is not None) == list(range(1, qualifiers + 1))
    if len(pairs) > 1:
        second = advance(pairs, [high for high, _ in pairs])
        assert len(second) == len(pairs) // 2
        assert all(low is not None for _, low in second)


@given(st.integers(min_value=1, max_value=8))
def test_when_favourites_win_seeds_1_and_2_meet_in_the_final(power):
    pairs = bracket(2 ** power)
    while len(pairs) > 1:
        pairs = advance(pairs, [high for high, _ in pairs])
    assert pairs == [(1, 2)]


# --- the next round --------------------------------------------------------------------

def test_pairs_2i_and_2i_plus_1_meet_next_better_seed_first():
    first = bracket(16)
    assert advance(first, [1, 9, 12, 4, 6, 3, 10, 2]) == [(1, 9), (4, 12), (3, 6), (2, 10)]


def test_a_bye_goes_through_to_the_second_round():
    assert advance(bracket(5), [None, 5, None, 2]) == [(1, 5), (2, 3)]


def test_a_winner_who_was_not_in_the_match_is_refused():
    with pytest.raises(TournamentError) as caught:
        advance(bracket(4), [1, 4])
    assert caught.value.field == "winners"
    assert str(caught.value) == "The winner of match 2 must be seed 2 or seed 3."


def test_one_winner_per_match():
    with pytest.raises(TournamentError) as caught:
        advance(bracket(8), [1, 4])
    assert str(caught.value) == "Give one winner for each of the 4 matches."


# --- payouts ---------------------------------------------------------------------------

def test_payouts_by_place_in_proportion():
    assert payouts(1000, [50, 30, 20], unit=5) == [500, 300, 200]


def test_payouts_round_to_the_unit_and_sum_to_the_pot():
    assert payouts(100, [1, 1, 1], unit=1) == [34, 33, 33]


def test_leftover_units_go_to_the_largest_remainders():
    # exact 526.3, 315.8, 157.9: in units of 10, 52.63, 31.58, 15.79; floors 52, 31, 15
    # leave 2 units, to the remainders .79 (3rd) and .63 (1st)
    assert payouts(1000, [50, 30, 15], unit=10) == [530, 310, 160]


def test_a_tie_across_a_prize_boundary_pools_the_places_and_splits_them():
    # 2nd and 3rd pooled (30 + 20) between the two tied at 2nd; 4th is unpaid
    assert payouts(1000, [50, 30, 20], unit=10, ranks=[1, 2, 2, 4]) == [500, 250, 250, 0]


def test_a_tie_with_a_remainder_keeps_each_within_one_unit():
    # 1st 526.3; each tied 236.8: floors 520, 230, 230 leave 2 units for the tied pair
    assert payouts(1000, [50, 30, 15], unit=10, ranks=[1, 2, 2]) == [520, 240, 240]


def test_equal_remainders_go_to_the_better_rank_then_the_earlier_entrant():
    assert payouts(10, [1, 1, 1], unit=1, ranks=[2, 1, 2]) == [3, 4, 3]


def test_entrants_given_in_any_order_get_their_rank_amount():
    assert payouts(1000, [50, 30, 20], unit=10, ranks=[4, 2, 1, 2]) == [0, 250, 500, 250]


def test_places_no_entrant_fills_are_not_paid():
    assert payouts(800, [50, 30, 20], unit=10, ranks=[1, 2]) == [500, 300]


def test_a_side_pool_split_between_two_equal_high_hands():
    assert payouts(75, [1], unit=5, ranks=[1, 1]) == [40, 35]


def test_a_pot_that_is_not_a_multiple_of_the_unit_is_refused():
    with pytest.raises(TournamentError) as caught:
        payouts(1003, [50, 50], unit=5)
    assert caught.value.field == "pot"
    assert str(caught.value) == "The pot must be a whole number of at least 0 and a multiple of 5."


@pytest.mark.parametrize("ranks", [[1, 3], [2, 2], [1, 1, 2], [0, 1], []])
def test_ranks_must_be_competition_ranks(ranks):
    with pytest.raises(TournamentError) as caught:
        payouts(100, [60, 40], unit=1, ranks=ranks)
    assert caught.value.field == "ranks"


@pytest.mark.parametrize("shares", [[], [0, 0], [-1, 2], [0.5, 0.5]])
def test_shares_must_give_some_place_a_whole_or_fractional_share(shares):
    with pytest.raises(TournamentError) as caught:
        payouts(100, shares, unit=1)
    assert caught.value.field == "shares"


def _competition_ranks(draw):
    ranks, place = [], 1
    for size in draw:
        ranks.extend([place] * size)
        place += size
    return ranks


@given(
    units=st.integers(min_value=0, max_value=10_000),
    unit=st.sampled_from([1, 5, 10, 25, 100]),
    shares=st.lists(st.integers(min_value=0, max_value=100), min_size=1, max_size=8).filter(any),
    ties=st.one_of(st.none(), st.lists(st.integers(min_value=1, max_value=3), min_size=1, max_size=8)),
)
def test_payouts_sum_to_the_pot_each_a_multiple_of_the_unit_within_one_unit(units, unit, shares, ties):
    pot = units * unit
    ranks = None if ties is None else _competition_ranks(ties)
    amounts = payouts(pot, shares, unit=unit, ranks=ranks)
    assert all(a % unit == 0 and a >= 0 for a in amounts)
    if ranks is None:
        assert sum(amounts) == pot
        exact = [Fraction(pot) * s / sum(shares) for s in shares]
    else:
        filled = [Fraction(s) for s in shares[: len(ranks)]]
        if not any(filled):
            assert amounts == [0] * len(ranks)
            return
        assert sum(amounts) == pot
        exact = [
            Fraction(pot) * (sum(filled[r - 1: r - 1 + ranks.count(r)]) / ranks.count(r)) / sum(filled)
            for r in ranks
        ]
    assert all(abs(a - x) < unit for a, x in zip(amounts, exact))


# --- a bye's score, lateness -----------------------------------------------------------

def test_a_bye_scores_the_winners_average_rounded_half_up():
    assert bye_score([520, 515]) == 518


def test_a_bye_scores_the_exact_average_when_whole():
    assert bye_score([500, 510, 520]) == 510


def test_a_bye_needs_some_winner():
    with pytest.raises(TournamentError) as caught:
        bye_score([])
    assert caught.value.field == "winners_points"


@pytest.mark.parametrize(
    "minutes, games, forfeits",
    [(0, 3, 0), (4, 3, 0), (5, 3, 1), (19, 3, 1), (20, 3, 2), (60, 3, 2), (35, 5, 3), (200, 5, 3), (6, 1, 1)],
)
def test_a_late_player_forfeits_a_game_after_five_minutes_and_another_every_fifteen(minutes, games, forfeits):
    assert forfeited_games(minutes, games) == forfeits


def test_a_match_is_best_of_an_odd_number_of_games():
    with pytest.raises(TournamentError) as caught:
        forfeited_games(10, 4)
    assert caught.value.field == "match_games"


# --- the qualifying order, a match's winner, the event's places ---------------------------

from scoring.tournament import QualifyingRecord, final_ranks, match_winner, qualifying_order  # noqa: E402


def test_qualifying_ranks_on_game_points_then_games_won_then_spread():
    records = [QualifyingRecord("a", 6, 3, 10), QualifyingRecord("b", 6, 3, 40), QualifyingRecord("c", 7, 2, -5),
               QualifyingRecord("d", 6, 2, 90)]
    assert [(r.entrant, rank) for r, rank in qualifying_order(records)] == [("c", 1), ("b", 2), ("a", 3), ("d", 4)]


def test_entrants_level_on_everything_share_a_rank_and_keep_their_registration_order_as_seeds():
    records = [QualifyingRecord("a", 2, 1, 0), QualifyingRecord("b", 4, 2, 0), QualifyingRecord("c", 4, 2, 0),
               QualifyingRecord("d", 2, 1, 0)]
    assert [(r.entrant, rank) for r, rank in qualifying_order(records)] == [("b", 1), ("c", 1), ("a", 3), ("d", 3)]


@pytest.mark.parametrize("wins, best_of, winner", [
    ([1, 0], 1, 0), ([0, 0], 1, None), ([1, 1], 3, None), ([1, 2], 3, 1), ([2, 2], 5, None), ([3, 1], 5, 0),
])
def test_a_match_is_won_with_more_than_half_its_games(wins, best_of, winner):
    assert match_winner(wins, best_of) == winner


def test_a_match_of_an_even_number_of_games_is_refused():
    with pytest.raises(TournamentError) as e:
        match_winner([1, 1], 4)
    assert e.value.field == "match_games"


def test_the_places_of_a_bracket_of_four_share_third_between_the_semifinal_losers():
    # seeds 1-4 of 6 entrants: 1 beats 4 and 2 beats 3 in the semifinals; 2 wins the final
    ranks = final_ranks(2, {"s1": 2, "s2": None, "s3": 1, "s4": 1},
                        [("s1", 1), ("s2", 2), ("s3", 3), ("s4", 4), ("e", 5), ("f", 5)])
    assert ranks == {"s2": 1, "s1": 2, "s3": 3, "s4": 3, "e": 5, "f": 5}


def test_the_places_of_a_bracket_of_three_with_a_bye():
    # 3 qualifiers: seed 1 has a bye, 3 beats 2, then 1 beats 3 in the final
    assert final_ranks(2, {"s1": None, "s2": 1, "s3": 2}, [("s1", 1), ("s2", 2), ("s3", 3), ("x", 4)]) == {
        "s1": 1, "s3": 2, "s2": 3, "x": 4}


def test_a_tie_for_third_across_the_last_paid_place_pools_it():
    # 1000 on 50/30/20: the two semifinal losers share 3rd and split its 200 between them
    ranks = list(final_ranks(2, {"a": None, "b": 2, "c": 1, "d": 1}, [("a", 1), ("b", 2), ("c", 3), ("d", 4)]).values())
    assert payouts(1000, [50, 30, 20], 10, ranks=ranks) == [500, 300, 100, 100]
