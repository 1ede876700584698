"""Tables of three for cut-throat leagues (scoring/seating/threes.py)."""
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.seating import Round, SeatingError, SeatingHistory, Table, seat_threes


def night(players, rounds, seed=1, byes=None):
    """``rounds`` rounds, each seated from the ones before (as round_seat does)."""
    played = []
    for r in range(rounds):
        hist = SeatingHistory.from_rounds(played)
        all_byes = Counter(byes or {})
        all_byes.update(hist.byes)
        played.append(seat_threes(players, history=SeatingHistory(hist.partners, hist.opponents, dict(all_byes)),
                                  seed=seed * 100 + r))
    return played


def meetings(rounds) -> Counter:
    return Counter(frozenset(p) for rnd in rounds for t in rnd.tables for p in combinations(t.seats, 2))


def test_nine_players_sit_at_three_tables_of_three():
    rnd = seat_threes(list(range(1, 10)), seed=3)
    assert [len(t.seats) for t in rnd.tables] == [3, 3, 3]
    assert sorted(rnd.seated) == list(range(1, 10)) and rnd.sitting_out == ()
    assert all(t.three_handed for t in rnd.tables)


def test_the_count_over_a_multiple_of_three_sits_out():
    assert len(seat_threes(list(range(10)), seed=1).sitting_out) == 1
    assert len(seat_threes(list(range(11)), seed=1).sitting_out) == 2
    assert len(seat_threes(list(range(12)), seed=1).sitting_out) == 0


def test_the_bye_goes_to_a_player_with_the_fewest_byes():
    rnd = seat_threes([1, 2, 3, 4], history=SeatingHistory(byes={1: 1, 2: 1, 3: 1}), seed=5)
    assert rnd.sitting_out == (4,)
    assert rnd.tables == (Table((1, 2, 3)),)


def test_nine_players_meet_nobody_twice_in_four_rounds():
    """Nine players, four rounds: 36 pairs, 36 meetings, so every pair exactly once."""
    rounds = night(list("ABCDEFGHI"), 4)
    count = meetings(rounds)
    assert len(count) == 36 and set(count.values()) == {1}


def test_seven_players_share_the_byes_before_anyone_sits_out_twice():
    rounds = night(list(range(7)), 7)
    byes = Counter(p for rnd in rounds for p in rnd.sitting_out)
    assert sorted(byes.values()) == [1] * 7


def test_a_pair_meeting_a_third_time_costs_more_than_two_pairs_meeting_again():
    # a, b have met twice; c, d and e, f once each: the seater keeps a and b apart
    history = {("a", "b"): 2, ("c", "d"): 1, ("e", "f"): 1}
    rnd = seat_threes(list("abcdef"), history=history, seed=2)
    assert not any({"a", "b"} <= set(t.seats) for t in rnd.tables)


def test_fewer_than_three_players_is_refused_with_the_count():
    with pytest.raises(SeatingError) as e:
        seat_threes([1, 2])
    assert e.value.field == "players"
    assert str(e.value) == "tables of three need at least 3 players, not 2"


def test_the_same_arguments_give_the_same_round():
    history = SeatingHistory.from_rounds(night(list(range(12)), 2))
    assert seat_threes(list(range(12)), history=history, seed=9) == seat_threes(
        list(range(12)), history=history, seed=9)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=3, max_value=30), rounds=st.integers(min_value=1, max_value=5),
       seed=st.integers(min_value=0, max_value=10_000))
def test_every_player_is_seated_once_or_sits_out_and_byes_stay_within_one(n, rounds, seed):
    played = night(list(range(n)), rounds, seed=seed)
    for rnd in played:
        assert isinstance(rnd, Round)
        assert all(len(t.seats) == 3 for t in rnd.tables)
        assert sorted(rnd.seated + rnd.sitting_out) == list(range(n))
        assert len(rnd.sitting_out) == n % 3
    byes = Counter({p: 0 for p in range(n)})
    byes.update(p for rnd in played for p in rnd.sitting_out)
    assert max(byes.values()) - min(byes.values()) <= 1


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=9, max_value=30), seed=st.integers(min_value=0, max_value=10_000))
def test_nobody_meets_twice_in_the_first_two_rounds(n, seed):
    """Round two can always avoid round one's pairs once there are nine players."""
    assert set(meetings(night(list(range(n)), 2, seed=seed)).values()) == {1}
