"""Club-night seating (docs/rules.md §4): progressive partners and fixed-partnership pairings."""
import time
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from scoring.errors import ScoringError
from scoring.seating import (
    Round,
    SeatingError,
    SeatingHistory,
    Table,
    pair_teams,
    seat_progressive,
    table_sizes,
)

PLAYERS = [f"p{i:02d}" for i in range(1, 41)]


def tally(rounds):
    """(partner counts, opponent counts, byes, three-handed games) over ``rounds``."""
    h = SeatingHistory.from_rounds(rounds)
    return Counter(h.partners), Counter(h.opponents), Counter(h.byes), Counter(h.three_handed)


def assert_each_once(rounds, people):
    for rnd in rounds:
        assert sorted(rnd.seated + rnd.sitting_out) == sorted(people)


# --- tables --------------------------------------------------------------------------

def test_table_of_four_partners_sit_opposite():
    t = Table(("N", "E", "S", "W"))
    assert t.sides == (("N", "S"), ("E", "W"))
    assert t.partners == (("N", "S"), ("E", "W"))
    assert t.opponents == (("N", "E"), ("N", "W"), ("S", "E"), ("S", "W"))
    assert not t.three_handed


def test_table_of_three_is_cut_throat():
    t = Table(("a", "b", "c"))
    assert t.sides == (("a",), ("b",), ("c",))
    assert t.partners == ()
    assert t.opponents == (("a", "b"), ("a", "c"), ("b", "c"))
    assert t.three_handed


def test_team_table_is_north_south_team_against_east_west_team():
    t = Table(("Aces", "Kings"))
    assert t.sides == (("Aces",), ("Kings",))
    assert t.opponents == (("Aces", "Kings"),)


@pytest.mark.parametrize("n, odd, expected", [
    pytest.param(8, "sit_out", (2, 0), id="8 sit_out: 2 tables of four"),
    pytest.param(11, "sit_out", (2, 0), id="11 sit_out: 2 tables of four, 3 sit out"),
    pytest.param(12, "three_handed", (3, 0), id="12 three_handed: multiple of four"),
    pytest.param(13, "three_handed", (1, 3), id="13 three_handed: 1x4 + 3x3"),
    pytest.param(14, "three_handed", (2, 2), id="14 three_handed: 2x4 + 2x3"),
    pytest.param(15, "three_handed", (3, 1), id="15 three_handed: 3x4 + 1x3"),
    pytest.param(6, "three_handed", (0, 2), id="6 three_handed: 2x3"),
    pytest.param(7, "three_handed", (1, 1), id="7 three_handed: 1x4 + 1x3"),
    pytest.param(9, "three_handed", (0, 3), id="9 three_handed: 3x3"),
    pytest.param(5, "three_handed", (1, 0), id="5 three_handed: 1x4, one sits out"),
    pytest.param(40, "three_handed", (10, 0), id="40: 10 tables of four"),
])
def test_table_sizes(n, odd, expected):
    assert table_sizes(n, odd) == expected


# --- progressive: exact small cases ----------------------------------------------------

def test_8_players_3_rounds_no_repeated_partner():
    rounds = seat_progressive(PLAYERS[:8], 3)
    partners, opponents, byes, _ = tally(rounds)
    assert [len(r.tables) for r in rounds] == [2, 2, 2]
    assert all(len(t.seats) == 4 for r in rounds for t in r.tables)
    assert_each_once(rounds, PLAYERS[:8])
    assert max(partners.values()) == 1 and sum(partners.values()) == 12
    assert not byes


def test_4_players_3_rounds_each_partnership_once():
    rounds = seat_progressive("ABCD", 3)
    partners, *_ = tally(rounds)
    assert sorted("".join(sorted(p)) for p in partners) == ["AB", "AC", "AD", "BC", "BD", "CD"]
    assert set(partners.values()) == {1}


def test_12_players_3_rounds_nobody_partners_or_opposes_anyone_twice():
    rounds = seat_progressive(PLAYERS[:12], 3)
    partners, opponents, *_ = tally(rounds)
    assert_each_once(rounds, PLAYERS[:12])
    assert max(partners.values()) == 1
    assert max(opponents.values()) == 1 and sum(opponents.values()) == 3 * 3 * 4


def test_13_players_three_handed():
    rounds = seat_progressive(PLAYERS[:13], 4, odd="three_handed")
    partners, _, byes, threes = tally(rounds)
    for rnd in rounds:
        assert sorted(len(t.seats) for t in rnd.tables) == [3, 3, 3, 4]
        assert rnd.sitting_out == ()
    assert_each_once(rounds, PLAYERS[:13])
    assert max(partners.values()) == 1
    assert sum(threes.values()) == 4 * 9
    assert max(threes.values()) - min(threes[p] for p in PLAYERS[:13]) <= 1


def test_5_players_three_handed_seats_four_and_rotates_the_fifth():
    rounds = seat_progressive("ABCDE", 5, odd="three_handed")
    partners, _, byes, threes = tally(rounds)
    assert all(len(r.tables) == 1 and len(r.sitting_out) == 1 for r in rounds)
    assert byes == Counter("ABCDE")
    assert set(partners.values()) == {1} and len(partners) == 10
    assert not threes


def test_7_players_sit_out_rotates_byes():
    rounds = seat_progressive(PLAYERS[:7], 3)
    _, _, byes, _ = tally(rounds)
    assert [len(r.sitting_out) for r in rounds] == [3, 3, 3]
    assert sorted(byes[p] for p in PLAYERS[:7]) == [1, 1, 1, 1, 1, 2, 2]
    first_two = set(rounds[0].sitting_out) | set(rounds[1].sitting_out)
    assert len(first_two) == 6
    assert set(PLAYERS[:7]) - first_two <= set(rounds[2].sitting_out)


def test_history_byes_go_to_those_who_have_not_sat_out():
    earlier = seat_progressive("ABCDE", 2)
    later = seat_progressive("ABCDE", 3, history=earlier)
    _, _, byes, _ = tally(earlier + later)
    assert sorted(byes.values()) == [1, 1, 1, 1, 1]


def test_walk_in_round_avoids_tonights_partners():
    first = seat_progressive(PLAYERS[:8], 2)
    third = seat_progressive(PLAYERS[:9], 1, history=first)
    partners, *_ = tally(first + third)
    assert max(partners.values()) == 1
    assert len(third[0].sitting_out) == 1


def test_same_seed_same_seating_other_seed_other_seating():
    a = seat_progressive(PLAYERS[:16], 4, seed=7)
    assert a == seat_progressive(PLAYERS[:16], 4, seed=7)
    assert a != seat_progressive(PLAYERS[:16], 4, seed=8)


def test_40_players_6_rounds_in_well_under_a_second():
    start = time.perf_counter()
    rounds = seat_progressive(PLAYERS, 6)
    elapsed = time.perf_counter() - start
    partners, opponents, *_ = tally(rounds)
    assert max(partners.values()) == 1
    assert max(opponents.values()) == 1
    assert elapsed < 1.0


@pytest.mark.parametrize("odd", ["sit_out", "three_handed"])
def test_no_repeated_partner_whenever_counting_allows(odd):
    """Seed 0, 4–16 players, 1–6 rounds: a partner repeats only when it must
    (someone plays more rounds at tables of four than there are other players,
    or the night needs more partner pairs than pairs exist). The proven bound
    is asserted in test_seating_properties.py."""
    for n in range(4, 17):
        fours, _ = table_sizes(n, odd)
        for r in range(1, 7):
            partners, *_ = tally(seat_progressive(PLAYERS[:n], r, odd=odd))
            most_rounds_at_four = -(-4 * fours * r // n)
            must_repeat = most_rounds_at_four > n - 1 or 2 * fours * r > comb(n, 2)
            assert (max(partners.values(), default=0) > 1) == must_repeat, (n, r)


# --- fixed partnerships ---------------------------------------------------------------

def test_6_teams_5_rounds_is_a_round_robin():
    rounds = pair_teams("ABCDEF", 5)
    _, meetings, byes, _ = tally(rounds)
    assert all(len(r.tables) == 3 and r.sitting_out == () for r in rounds)
    assert_each_once(rounds, "ABCDEF")
    assert set(meetings) == {frozenset(p) for p in combinations("ABCDEF", 2)}
    assert set(meetings.values()) == {1}


def test_5_teams_5_rounds_each_meets_each_once_and_has_one_bye():
    rounds = pair_teams("ABCDE", 5)
    _, meetings, byes, _ = tally(rounds)
    assert all(len(r.tables) == 2 and len(r.sitting_out) == 1 for r in rounds)
    assert_each_once(rounds, "ABCDE")
    assert len(meetings) == 10 and set(meetings.values()) == {1}
    assert byes == Counter("ABCDE")


def test_5_teams_byes_rotate_across_nights():
    nights = []
    for night in range(5):
        nights.extend(pair_teams("ABCDE", 2, history=nights, seed=night))
        _, _, byes, _ = tally(nights)
        counts = [byes[t] for t in "ABCDE"]
        assert max(counts) - min(counts) <= 1
    assert byes == Counter("ABCDE" * 2)


def test_history_mapping_avoids_teams_that_met_most():
    rounds = pair_teams("ABCD", 1, history={("A", "B"): 3, ("C", "D"): 3, ("A", "C"): 1})
    assert {frozenset(t.seats) for t in rounds[0].tables} == {
        frozenset("AD"), frozenset("BC")}


def test_more_rounds_than_a_round_robin_repeats_it_evenly():
    rounds = pair_teams("ABCD", 5)
    _, meetings, _, _ = tally(rounds)
    assert len(meetings) == 6
    assert sorted(meetings.values()) == [1, 1, 2, 2, 2, 2]


def test_2_teams_meet_every_round_and_alternate_north_south():
    rounds = pair_teams(["Aces", "Kings"], 3)
    assert [r.tables[0].seats for r in rounds] == [
        ("Aces", "Kings"), ("Kings", "Aces"), ("Aces", "Kings")]


def test_pair_teams_is_deterministic():
    assert pair_teams("ABCDEFG", 4, seed=3) == pair_teams("ABCDEFG", 4, seed=3)


# --- invalid input ---------------------------------------------------------------------

@pytest.mark.parametrize("call, field, message", [
    pytest.param(lambda: seat_progressive("ABC", 2), "players",
                 "progressive seating needs at least 4 players, not 3", id="3 players"),
    pytest.param(lambda: seat_progressive("ABCDA", 2), "players",
                 "A is listed twice; list each of the players once", id="duplicate player"),
    pytest.param(lambda: seat_progressive("ABCD", 0), "rounds",
                 "rounds must be a whole number from 1 to 20, not 0", id="0 rounds"),
    pytest.param(lambda: seat_progressive("ABCD", 21), "rounds",
                 "rounds must be a whole number from 1 to 20, not 21", id="21 rounds"),
    pytest.param(lambda: seat_progressive("ABCD", "3"), "rounds",
                 "rounds must be a whole number from 1 to 20, not 3", id="rounds as text"),
    pytest.param(lambda: seat_progressive("ABCD", True), "rounds",
                 "rounds must be a whole number from 1 to 20, not True", id="rounds True"),
    pytest.param(lambda: seat_progressive("ABCDE", 2, odd="bye"), "odd",
                 "odd must be 'sit_out' or 'three_handed', not 'bye'", id="unknown odd"),
    pytest.param(lambda: pair_teams(["A"], 2), "teams",
                 "pairing teams needs at least 2 teams, not 1", id="1 team"),
    pytest.param(lambda: pair_teams("ABB", 2), "teams",
                 "B is listed twice; list each of the teams once", id="duplicate team"),
    pytest.param(lambda: pair_teams("ABCD", 25), "rounds",
                 "rounds must be a whole number from 1 to 20, not 25", id="teams 25 rounds"),
    pytest.param(lambda: pair_teams("ABCD", 2, history={("A", "B"): -1}), "history",
                 "history maps a pair of teams to how often they met (a whole number, 0 "
                 "or more); ('A', 'B'): -1 is not that", id="negative meetings"),
    pytest.param(lambda: seat_progressive("ABCD", 2, history=["round 1"]), "history",
                 "history must be earlier rounds, a seating history, or a mapping of "
                 "pairs to meetings", id="history of the wrong kind"),
])
def test_invalid_input(call, field, message):
    with pytest.raises(SeatingError) as err:
        call()
    assert isinstance(err.value, ScoringError)
    assert err.value.field == field
    assert str(err.value) == message


def test_round_lists_seated_players_in_seat_order():
    rnd = Round(tables=(Table(("a", "b", "c", "d")), Table(("e", "f", "g"))), sitting_out=("h",))
    assert rnd.seated == ("a", "b", "c", "d", "e", "f", "g")
