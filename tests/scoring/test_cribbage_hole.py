"""The game hole (docs/rules.md, "Cribbage: the game hole"): the winner's peg
stops at 121 (or 61) and the margin, skunks and spread are counted from there;
"count past the hole" (``past_hole``) is the variant that keeps the whole count."""
from hypothesis import given
from hypothesis import strategies as st

from scoring.cribbage import CribbageRules, Deal, game_outcome, play_deal

R121, R61 = CribbageRules(), CribbageRules(target=61)
PAST = CribbageRules(past_hole=True)


def test_a_121_finish_from_118_with_a_hand_of_14_stores_121():
    result = play_deal(R121, (100, 118), Deal(dealer=0, pone_hand=14, dealer_hand=8))
    assert result.scores_after == (100, 121)
    assert (result.winner, result.ended_at) == (1, "pone_hand")
    assert [(e.stage, e.player, e.points) for e in result.events][-1] == ("pone_hand", 1, 3)


def test_the_spread_of_a_121_finish_from_118_is_counted_from_121():
    result = play_deal(R121, (100, 118), Deal(dealer=0, pone_hand=14))
    outcome = game_outcome(R121, result.scores_after)
    assert (outcome.margin, outcome.spread) == (21, (-21, 21))


def test_counting_past_the_hole_keeps_the_whole_hand():
    result = play_deal(PAST, (100, 118), Deal(dealer=0, pone_hand=14))
    assert result.scores_after == (100, 132)
    assert game_outcome(PAST, result.scores_after).spread == (-32, 32)


def test_a_stored_total_past_the_hole_is_read_at_the_hole():
    # games stored before the rule: a winner at 132 counts 121 for the margin
    outcome = game_outcome(R121, (132, 100))
    assert (outcome.margin, outcome.spread, outcome.game_points) == (21, (21, -21), (2, 0))


def test_the_61_game_stops_at_61():
    result = play_deal(R61, (40, 55), Deal(dealer=0, pegging=(2, 1), pone_hand=20))
    assert result.scores_after == (42, 61)
    assert game_outcome(R61, result.scores_after).margin == 19


def test_pegging_out_stops_at_the_hole():
    result = play_deal(R121, (118, 115), Deal(dealer=0, pegging=(4, 3), pone_hand=20))
    assert result.scores_after == (121, 118)
    assert [(e.stage, e.player, e.points) for e in result.events] == [("pegging", 1, 3), ("pegging", 0, 3)]


def test_his_heels_stop_at_the_hole():
    assert play_deal(R121, (120, 100), Deal(dealer=0, starter="JS")).scores_after == (121, 100)


def test_past_hole_is_stored_only_when_on():
    assert "past_hole" not in R121.as_dict()
    assert PAST.as_dict()["past_hole"] is True
    assert CribbageRules.from_dict(PAST.as_dict()) == PAST


@given(before=st.tuples(st.integers(0, 120), st.integers(0, 120)), dealer=st.sampled_from((0, 1)),
       pone=st.integers(0, 24), dealer_pegs=st.integers(0, 30),
       hands=st.tuples(*[st.sampled_from((0, 2, 4, 8, 12, 14, 20, 24, 29))] * 3))
def test_the_winner_always_stands_in_the_hole(before, dealer, pone, dealer_pegs, hands):
    pegging = [0, 0]
    pegging[dealer], pegging[1 - dealer] = dealer_pegs, pone
    reach = [before[p] + pegging[p] >= 121 for p in (0, 1)]
    first = dealer if all(reach) else None
    deal = Deal(dealer=dealer, pegging=tuple(pegging), pone_hand=hands[0], dealer_hand=hands[1],
                crib=hands[2], pegged_out_first=first)
    result = play_deal(R121, before, deal)
    if result.winner is not None:
        assert result.scores_after[result.winner] == 121
        assert result.scores_after[1 - result.winner] < 121
    assert sum(e.points for e in result.events) == sum(result.scores_after) - sum(before)
