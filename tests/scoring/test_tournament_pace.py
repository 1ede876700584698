"""A round's pacing (docs/rules.md §9): hands a table, tables behind, the estimated end."""
from fractions import Fraction

import pytest

from scoring.tournament import TournamentError, round_pace


def test_hands_a_table_is_the_mean_of_every_tables_hands():
    assert round_pace([6, 7, 8, 5], [False] * 4, 30).hands_per_table == Fraction(13, 2)


def test_a_table_still_playing_two_hands_under_the_mean_is_behind():
    # mean 7: the table at 5 is two under (behind), the one at 6 is not
    assert round_pace([9, 8, 6, 5], [True, False, False, False], 40).behind == 1


def test_the_estimated_end_is_the_slowest_table_reaching_the_finished_tables_hands_at_its_own_pace():
    # the finished tables took 10 hands; after 40 minutes a table at 8 needs 50, one at 5 needs 80
    assert round_pace([10, 10, 8, 5], [True, True, False, False], 40).estimated_end == 80


def test_a_table_past_the_finished_tables_hands_still_needs_one_more():
    assert round_pace([6, 9], [True, False], 45).estimated_end == 50  # 45 minutes × 10 / 9


def test_a_timed_round_is_never_estimated_to_end_after_its_time_limit():
    assert round_pace([10, 5], [True, False], 40, minutes=55).estimated_end == 55


def test_without_a_finished_table_only_the_time_limit_gives_an_end():
    assert round_pace([4, 5], [False, False], 20).estimated_end is None
    assert round_pace([4, 5], [False, False], 20, minutes=55).estimated_end == 55


def test_a_round_whose_tables_have_all_finished_has_no_estimate():
    assert round_pace([10, 12], [True, True], 50, minutes=55) == round_pace([10, 12], [True, True], 50)
    assert round_pace([10, 12], [True, True], 50).estimated_end is None


def test_a_table_without_a_hand_yet_has_no_pace_of_its_own():
    assert round_pace([10, 0], [True, False], 10).estimated_end is None


def test_hands_that_are_not_whole_numbers_are_refused_naming_the_field():
    with pytest.raises(TournamentError) as e:
        round_pace([1, -1], [False, False], 5)
    assert e.value.field == "hands"
