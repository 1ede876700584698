"""Properties of club-night seating (the seating promises of docs/rules.md §4), on generated nights.

"When the numbers allow it" for partners: with ``r`` rounds and ``m`` players
at tables of four per round, every player has at least ``m - r`` fresh
partners among those ``m`` each round; when ``r <= m / 2`` that is at least
half of them, so a swap that removes any repeat always exists and the search
(which stops only when no swap improves) leaves none. That bound is asserted
here for 4–40 players and 1–6 rounds with any seed; test_seating.py checks the
tighter counting limit for small nights.
"""
from collections import Counter
from itertools import combinations

from hypothesis import given, settings, strategies as st

from scoring.seating import SeatingHistory, pair_teams, seat_progressive, table_sizes

players = st.integers(4, 40)
nights = st.integers(1, 6)
odds = st.sampled_from(["sit_out", "three_handed"])
seeds = st.integers(0, 2**32 - 1)


def tally(rounds):
    h = SeatingHistory.from_rounds(rounds)
    return Counter(h.partners), Counter(h.opponents), Counter(h.byes), Counter(h.three_handed)


@settings(max_examples=100, deadline=None)
@given(players, nights, odds, seeds)
def test_progressive_night(n, r, odd, seed):
    people = [f"p{i}" for i in range(n)]
    rounds = seat_progressive(people, r, odd=odd, seed=seed)
    fours, threes = table_sizes(n, odd)
    partners, opponents, byes, three = tally(rounds)

    assert len(rounds) == r
    for rnd in rounds:
        # every checked-in player seated exactly once per round, or sitting out
        assert sorted(rnd.seated + rnd.sitting_out) == sorted(people)
        assert sorted(len(t.seats) for t in rnd.tables) == [3] * threes + [4] * fours
        assert len(rnd.sitting_out) == n - 4 * fours - 3 * threes

    # byes spread fairly: nobody sits out twice before everyone has once
    assert max(byes[p] for p in people) - min(byes[p] for p in people) <= 1
    # no repeated partner within the night while r <= m / 2
    if r <= 4 * fours / 2:
        assert max(partners.values(), default=0) <= 1
    # four opponent pairs at a table of four, three at a table of three
    assert sum(opponents.values()) == r * (4 * fours + 3 * threes)
    # the same arguments and seed give the same seating
    assert seat_progressive(people, r, odd=odd, seed=seed) == rounds


@settings(max_examples=100, deadline=None)
@given(st.integers(8, 24), st.integers(1, 3), st.integers(1, 3), seeds)
def test_progressive_walk_in_keeps_partners_fresh(n, first, later, seed):
    """Rounds seated with ``history`` avoid the partners of the rounds before."""
    people = [f"p{i}" for i in range(n)]
    fours, _ = table_sizes(n - 1, "sit_out")
    earlier = seat_progressive(people[:-1], first, seed=seed)
    rest = seat_progressive(people, later, history=earlier, seed=seed)
    partners, _, byes, _ = tally(earlier + rest)
    if first + later <= 4 * min(fours, table_sizes(n, "sit_out")[0]) / 2:
        assert max(partners.values()) <= 1
    seated_before = [byes[p] for p in people[:-1]]
    assert max(seated_before) - min(seated_before) <= 1


teams = st.integers(2, 24)
team_rounds = st.integers(1, 20)


@settings(max_examples=100, deadline=None)
@given(teams, team_rounds, seeds)
def test_team_night(k, r, seed):
    names = [f"t{i}" for i in range(k)]
    rounds = pair_teams(names, r, seed=seed)
    _, meetings, byes, _ = tally(rounds)
    for rnd in rounds:
        assert sorted(rnd.seated + rnd.sitting_out) == sorted(names)
        assert len(rnd.tables) == k // 2 and len(rnd.sitting_out) == k % 2
        assert all(len(t.seats) == 2 for t in rnd.tables)
    round_robin = k - 1 if k % 2 == 0 else k
    if r <= round_robin:
        # no two teams meet twice in a night
        assert max(meetings.values()) == 1
    else:
        # the round robin repeats: every pair meets, within one of each other
        counts = [meetings[frozenset(p)] for p in combinations(names, 2)]
        assert max(counts) - min(counts) <= 1
    assert max(byes[t] for t in names) - min(byes[t] for t in names) <= 1
    assert pair_teams(names, r, seed=seed) == rounds


@settings(max_examples=100, deadline=None)
@given(st.integers(3, 12), st.integers(1, 5), st.integers(1, 5), seeds)
def test_team_season_byes_fair_and_no_repeat_each_night(k, r, n_nights, seed):
    """Over a season (history = earlier nights), byes stay within one and no
    night repeats a meeting while its rounds fit a round robin."""
    names = [f"t{i}" for i in range(k)]
    played = []
    round_robin = k - 1 if k % 2 == 0 else k
    for night in range(n_nights):
        tonight = pair_teams(names, r, history=played, seed=seed + night)
        _, meetings, _, _ = tally(tonight)
        if r <= round_robin:
            assert max(meetings.values()) == 1
        played.extend(tonight)
        _, _, byes, _ = tally(played)
        assert max(byes[t] for t in names) - min(byes[t] for t in names) <= 1
