"""Toy Tally's rules (tests/toygame/engine.py), one rule per case, no database."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import HandError, RulesError

from .engine import GameEnd, ToyHand, ToyRules, game_end, play, score_hand

RULES = ToyRules()


def test_each_side_adds_its_score():
    assert score_hand(RULES, (10, 20), ToyHand(scores=(7, 30))).totals_after == (17, 50)


def test_a_hand_of_zero_and_thirty_is_valid():
    assert score_hand(RULES, (0, 0), ToyHand(scores=(0, 30))).deltas == (0, 30)


def test_a_misdeal_scores_nothing():
    assert score_hand(RULES, (12, 44), ToyHand(misdeal=True)).totals_after == (12, 44)


@pytest.mark.parametrize("scores, field", [
    pytest.param((31, 0), "score_0", id="over 30"),
    pytest.param((0, -1), "score_1", id="negative"),
    pytest.param((0, 2.5), "score_1", id="not whole"),
    pytest.param((True, 0), "score_0", id="a yes/no is not a score"),
    pytest.param((1, 2, 3), "score_0", id="three scores"),
])
def test_a_score_outside_0_to_30_is_refused_naming_its_side(scores, field):
    with pytest.raises(HandError) as e:
        score_hand(RULES, (0, 0), ToyHand(scores=scores))
    assert e.value.field == field


def test_a_misdeal_with_a_score_is_refused():
    with pytest.raises(HandError) as e:
        score_hand(RULES, (0, 0), ToyHand(scores=(5, 0), misdeal=True))
    assert e.value.field == "misdeal"


def test_below_the_target_plays_on():
    assert game_end(RULES, (49, 49)) == GameEnd(False, None, None)


def test_the_first_side_at_50_wins():
    end = game_end(RULES, (50, 49))
    assert (end.ended, end.winner, str(end.reason)) == (True, 0, "Side 1 reached 50")


def test_both_over_50_the_higher_total_wins():
    end = game_end(RULES, (55, 61))
    assert (end.ended, end.winner, str(end.reason)) == (True, 1, "both sides reached 50: Side 2 wins with 61 to 55")


def test_a_tie_at_50_or_more_plays_on():
    end = game_end(RULES, (52, 52))
    assert (end.ended, end.winner) == (False, None)


def test_the_target_is_a_rule():
    assert game_end(ToyRules(target=20), (20, 3)).winner == 0


def test_a_game_is_played_hand_by_hand():
    ledger = play(RULES, [ToyHand(scores=(30, 10)), ToyHand(misdeal=True), ToyHand(scores=(25, 30))])
    assert (ledger.totals, ledger.end.winner) == ((55, 40), 0)


def test_a_hand_after_the_end_is_refused():
    with pytest.raises(HandError) as e:
        play(RULES, [ToyHand(scores=(30, 0)), ToyHand(scores=(30, 0)), ToyHand(scores=(1, 1))])
    assert (e.value.field, str(e.value)) == ("number", "the game ended at hand 2; hand 3 cannot follow it")


@pytest.mark.parametrize("options, field", [
    pytest.param({"target": 0}, "target", id="target 0"),
    pytest.param({"most": "30"}, "most", id="text"),
    pytest.param({"bonus": 1}, "bonus", id="unknown option"),
])
def test_a_rule_outside_its_values_is_refused(options, field):
    with pytest.raises(RulesError) as e:
        ToyRules.from_dict(options)
    assert e.value.field == field


def test_rules_round_trip_through_their_stored_options():
    assert ToyRules.from_dict(ToyRules(target=75).as_dict()) == ToyRules(target=75)


hands = st.one_of(
    st.builds(ToyHand, scores=st.tuples(st.integers(0, 30), st.integers(0, 30))),
    st.just(ToyHand(misdeal=True)),
)


@settings(deadline=None)  # a loaded machine must not fail it
@given(st.lists(hands, max_size=12))
def test_totals_are_the_sum_of_the_hands_until_the_end_and_the_winner_leads(game):
    # play only as far as the game goes: a hand after the end is refused (tested above)
    totals, end, kept = (0, 0), GameEnd(False, None, None), []
    for hand in game:
        if end.ended:
            break
        kept.append(hand)
        totals = score_hand(RULES, totals, hand).totals_after
        end = game_end(RULES, totals)
    ledger = play(RULES, kept)
    assert ledger.totals == (sum(0 if h.misdeal else h.scores[0] for h in kept),
                             sum(0 if h.misdeal else h.scores[1] for h in kept))
    assert ledger.end.ended == (max(ledger.totals) >= 50 and ledger.totals[0] != ledger.totals[1])
    if ledger.end.ended:
        assert ledger.totals[ledger.end.winner] == max(ledger.totals)
