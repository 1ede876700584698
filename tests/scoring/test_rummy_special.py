"""The rummy-style game's face-up card, special melds and repeated failed
openings (docs/rules.md, "Rummy-style Pinochle": the deal, special melds,
barbele)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import HandError, RulesError
from scoring.rummy import RoundEntry, RummyRules, score_round

DEFAULT = RummyRules()
E = RoundEntry


def test_the_face_up_card_earns_50_to_the_team_that_took_it():
    score = score_round(DEFAULT, (0, 0), [E(0, melds_on_table=100, face_up_card=True), E(1, melds_on_table=100)])
    assert score.points == (150, 100)


def test_a_round_with_the_face_up_card_and_a_pinochle_set_while_folding_without_wilds():
    # melds 200 ×4 (folded, no wilds) = 800; the Pinochle set 1500 and the face-up 50 are not multiplied
    entry = E(0, melds_on_table=200, going_out=True, folded_hand=True, without_wilds=True,
              pinochle_sets=1, face_up_card=True)
    score = score_round(DEFAULT, (0, 0), [entry, E(1, melds_on_table=60, cards_left=45)])
    assert score.points == (2350, 15)
    assert [line.points for line in score.breakdown[0]] == [800, 1500, 50]


def test_a_full_straight_going_out_without_wilds_is_not_doubled():
    # melds 80 ×2 = 160, full straight 100, going out 20
    entry = E(1, melds_on_table=80, going_out=True, without_wilds=True, full_straights=1)
    score = score_round(DEFAULT, (0, 0), [E(0), entry])
    assert score.points == (0, 280)


def test_special_meld_values_are_profile_options():
    rules = RummyRules(pinochle_set_value=3000, full_straight_value=500, face_up_bonus=0)
    entry = E(0, pinochle_sets=1, full_straights=2, face_up_card=True)
    assert score_round(rules, (0, 0), [entry, E(1)]).points == (4000, 0)


def test_two_failed_openings_cost_the_barbele_penalty_twice():
    entry = E(0, melds_on_table=150, first_meld=80, failed_openings=2)
    score = score_round(DEFAULT, (800, 0), [entry, E(1)])
    assert score.points == (50, 0)
    assert score.breakdown[0][-1].points == -100
    assert str(score.warnings[0]) == (
        "team 1 has barbele (800 ≥ 750): failed openings under 70: 2, −100")


def test_a_first_meld_under_the_minimum_counts_as_one_failed_opening():
    score = score_round(DEFAULT, (800, 0), [E(0, melds_on_table=60, first_meld=60), E(1)])
    assert score.points == (10, 0)


def test_a_failed_first_meld_and_a_count_of_two_are_two_failures_not_three():
    score = score_round(DEFAULT, (800, 0), [E(0, melds_on_table=60, first_meld=60, failed_openings=2), E(1)])
    assert score.points == (-40, 0)


def test_one_penalty_a_round_when_barbele_penalty_each_is_off():
    rules = RummyRules(barbele_penalty_each=False)
    score = score_round(rules, (800, 0), [E(0, melds_on_table=150, first_meld=80, failed_openings=3), E(1)])
    assert score.points == (100, 0)


def test_failed_openings_without_barbele_are_refused():
    with pytest.raises(HandError) as caught:
        score_round(DEFAULT, (700, 0), [E(0, failed_openings=1), E(1)])
    assert caught.value.field == "failed_openings"


def test_only_one_team_takes_the_face_up_card():
    with pytest.raises(HandError) as caught:
        score_round(DEFAULT, (0, 0), [E(0, face_up_card=True), E(1, face_up_card=True)])
    assert caught.value.field == "face_up_card"


@pytest.mark.parametrize("field", ["pinochle_sets", "full_straights", "failed_openings"])
def test_special_counts_are_whole_numbers(field):
    with pytest.raises(HandError) as caught:
        score_round(DEFAULT, (800, 0), [E(0, **{field: -1}), E(1)])
    assert caught.value.field == field


def test_barbele_penalty_each_must_be_a_flag():
    with pytest.raises(RulesError) as caught:
        RummyRules(barbele_penalty_each=1)
    assert caught.value.field == "barbele_penalty_each"


@given(melds=st.integers(0, 100).map(lambda n: n * 5), sets=st.integers(0, 2), straights=st.integers(0, 2),
       folded=st.booleans(), clean=st.booleans(), face_up=st.booleans())
def test_special_melds_and_the_face_up_card_add_their_value_whatever_the_multiplier(
        melds, sets, straights, folded, clean, face_up):
    base = E(0, melds_on_table=melds, going_out=True, folded_hand=folded, without_wilds=clean)
    with_specials = E(0, melds_on_table=melds, going_out=True, folded_hand=folded, without_wilds=clean,
                      pinochle_sets=sets, full_straights=straights, face_up_card=face_up)
    plain = score_round(DEFAULT, (0, 0), [base, E(1)]).points[0]
    more = score_round(DEFAULT, (0, 0), [with_specials, E(1)]).points[0]
    assert more - plain == 1500 * sets + 100 * straights + 50 * face_up
