"""Season awards, the handicap formula and rating seeding (docs/ratings.md): exact numbers."""
import pytest

from scoring.awards import (
    Award, FinishedGame, HandScore, deficit_overcome, game_bests, longest_run, most_bids, season_awards, winning_run,
)
from scoring.ratings.handicap import handicapped_points, handicaps, round_half_up
from scoring.seating import Round, Table, seed_round
from scoring.standings import StandingRow, rank


def test_the_best_rated_entrant_has_no_handicap_and_the_others_per_point_of_the_gap():
    assert handicaps({1: 12.0, 2: 9.5, 3: 2.25}, per_point=2, cap=100) == {1: 0, 2: 5, 3: 20}


def test_a_handicap_never_exceeds_the_cap():
    assert handicaps({1: 20.0, 2: 0.0}, per_point=3, cap=25) == {1: 0, 2: 25}


def test_an_entrant_never_rated_counts_the_start_rating_zero():
    assert handicaps({1: 4.0, 2: None}, per_point=1, cap=50) == {1: 0, 2: 4}


def test_per_point_zero_means_no_handicap():
    assert handicaps({1: 4.0, 2: -3.0}, per_point=0, cap=50) == {1: 0, 2: 0}


def test_handicaps_round_half_up():
    assert round_half_up(2.5) == 3 and round_half_up(3.49) == 3
    assert handicaps({1: 3.0, 2: 0.5}, per_point=1, cap=9) == {1: 0, 2: 3}


def test_a_negative_per_point_is_refused():
    with pytest.raises(ValueError):
        handicaps({1: 1.0}, per_point=-1, cap=5)


def test_the_handicapped_total_adds_the_handicap_once_per_game():
    assert handicapped_points(1230, 4, 7) == 1258
    assert StandingRow(1, games=4, points_for=1230, handicap=7).handicapped_points == 1258


def test_standings_rank_on_the_handicapped_total_leaving_raw_points():
    rows = (StandingRow(1, games=3, points_for=900, handicap=0, name="A"),
            StandingRow(2, games=3, points_for=880, handicap=10, name="B"))
    ranked = rank(rows, ["handicapped", "points"])
    assert [(r.row.entrant, r.row.points_for, r.values[0]) for r in ranked] == [(2, 880, 910), (1, 900, 900)]


def test_standings_rank_on_the_rating():
    rows = (StandingRow(1, rating=3.5, name="A"), StandingRow(2, rating=7.25, name="B"))
    assert [r.row.entrant for r in rank(rows, ["rating"])] == [2, 1]


def test_seeding_fills_tables_best_rated_first_with_first_and_fourth_partnered():
    plan = Round((Table((1, 2, 3, 4)), Table((5, 6, 7, 8))), sitting_out=(9,))
    ratings = {1: 1.0, 2: 8.0, 3: 5.0, 4: 3.0, 5: 7.0, 6: 2.0, 7: 6.0, 8: 4.0, 9: 99.0}
    seeded = seed_round(plan, ratings, partners=True)
    assert seeded.tables == (Table((2, 5, 3, 7)), Table((8, 4, 1, 6)))
    assert seeded.sitting_out == (9,)


def test_seeding_keeps_table_sizes_and_pairs_in_rating_order():
    plan = Round((Table((1, 2)), Table((3, 4)), Table((5, 6, 7))))
    seeded = seed_round(plan, {3: 2.0, 6: 9.0, 1: 4.0}, partners=False)
    assert seeded.tables == (Table((6, 1)), Table((3, 2)), Table((4, 5, 7)))


def test_the_deficit_overcome_is_the_winners_largest_gap_behind():
    totals = [(10, 60), (40, 200), (320, 280), (510, 300)]
    assert deficit_overcome(totals, 0) == 160
    assert deficit_overcome(totals, 1) == 210
    assert deficit_overcome(totals, None) == 0


def test_the_longest_winning_run_counts_consecutive_wins_in_the_order_played():
    games = [((3,), "c", True), ((1,), "a", True), ((2,), "b", False), ((4,), "d", True), ((5,), "e", True)]
    assert longest_run(games) == (3, "e", (5,))


def test_season_awards_from_stored_numbers():
    hands = [HandScore((1,), "g1", 1, 0, 310, bid_made=300), HandScore((1,), "g1", 1, 1, 120),
             HandScore((2,), "g2", 4, 1, 450, bid_made=410), HandScore((3,), "g3", 2, 0, 450)]
    games = [FinishedGame((1,), "g1", 0, [(10, 200), (520, 230)]),
             FinishedGame((2,), "g2", 1, [(300, 20), (320, 500)])]
    bids = {"ann": [((1,), "g1"), ((2,), "g2")], "bo": [((3,), "g3")]}
    results = {"ann": [((1,), "g1", True), ((2,), "g2", True)], "bo": [((1,), "g1", False), ((2,), "g2", True)]}
    awards = {a.key: a for a in season_awards(hands, games, bids, results)}
    assert (awards["highest_hand"].value, awards["highest_hand"].game, awards["highest_hand"].hand) == (450, "g2", 4)
    assert (awards["best_bid"].value, awards["best_bid"].game) == (410, "g2")
    assert (awards["comeback"].value, awards["comeback"].game, awards["comeback"].side) == (280, "g2", 1)
    assert (awards["most_bids"].value, awards["most_bids"].entrant, awards["most_bids"].game) == (2, "ann", "g2")
    assert (awards["winning_run"].value, awards["winning_run"].entrant) == (2, "ann")


def test_an_award_nobody_earned_is_left_out():
    assert season_awards([], [FinishedGame((1,), "g", 0, [(500, 10)])], {}, {}) == []


def test_most_bids_level_goes_to_who_reached_the_count_first():
    bids = {7: [((1,), "a"), ((4,), "d")], 3: [((2,), "b"), ((3,), "c")]}
    awards = season_awards([], [], bids, {})
    assert [(a.key, a.value, a.entrant, a.game) for a in awards] == [("most_bids", 2, 3, "c")]


def test_equal_winning_runs_go_to_the_run_that_ended_first():
    runs = {9: [((1,), "a", True), ((2,), "b", True)], 2: [((3,), "c", True), ((4,), "d", True)]}
    awards = season_awards([], [], {}, runs)
    assert [(a.key, a.value, a.entrant, a.game) for a in awards] == [("winning_run", 2, 9, "b")]


# The choosing pieces that the season page's kept awards and the night recap's share.

def test_game_bests_keep_the_first_hand_and_side_on_a_tie():
    hands = [HandScore((), "g", 1, 0, 250), HandScore((), "g", 2, 1, 310, bid_made=300),
             HandScore((), "g", 3, 0, 310, bid_made=300), HandScore((), "g", 4, 1, -50)]
    top, bid = game_bests(hands)
    assert (top.hand, top.side, top.points) == (2, 1, 310)
    assert (bid.hand, bid.side, bid.bid_made) == (2, 1, 300)


def test_game_bests_of_a_game_without_a_positive_hand_or_a_made_bid_are_none():
    assert game_bests([HandScore((), "g", 1, 0, 0), HandScore((), "g", 2, 1, -120)]) == (None, None)


def test_most_bids_goes_to_who_reached_the_count_first():
    award = most_bids([(7, 3, (2, 1), "late"), (9, 3, (1, 4), "early"), (4, 2, (1, 1), "fewer")])
    assert award == Award("most_bids", 3, "early", entrant=9)


def test_most_bids_level_on_count_and_order_goes_to_the_lower_entrant_id():
    assert most_bids([(12, 4, (3,), "a"), (5, 4, (3,), "b")]) == Award("most_bids", 4, "b", entrant=5)


def test_winning_run_tie_goes_to_the_run_that_ended_first():
    award = winning_run([(1, 2, (5,), "g5"), (2, 2, (3,), "g3"), (3, 1, (1,), "g1"), (4, 0, None, None)])
    assert award == Award("winning_run", 2, "g3", entrant=2)


def test_no_bids_and_no_wins_give_no_award():
    assert most_bids([(1, 0, None, None)]) is None
    assert winning_run([(1, 0, None, None)]) is None
