"""The worked examples of the source texts, as docs/rules.md §8 quotes them,
reproduced by the engines (one example per case)."""
from scoring.cribbage import go_point, peg_points, score_show
from scoring.pinochle import PinochleHand, PinochleRules, count_meld, score_hand


def test_the_encyclopedia_texts_meld_example_is_230():
    # ♦ trump: the J♦ serves in the run, the jacks around and the pinochle
    assert count_meld("AD 10D KD QD JD QS JS JH JC", "D").total == 230


def test_the_encyclopedia_texts_run_and_marriage_example_is_150_then_190():
    assert count_meld("AC 10C KC KC QC JC", "C").total == 150
    assert count_meld("AC 10C KC KC QC QC JC", "C").total == 190


def test_the_encyclopedia_texts_set_example_scores_minus_310():
    hand = PinochleHand(bidder=0, bid=310, meld=(200, 0), tricks=(100, 150))
    assert score_hand(PinochleRules(), hand).deltas == (-310, 150)


def test_the_rules_cards_example_hand_makes_300_with_430():
    # players 1 and 4 meld 190 + 100 = 290 and take 140 in tricks
    hand = PinochleHand(bidder=0, bid=300, meld=(290, 0), tricks=(140, 110))
    assert score_hand(PinochleRules(), hand).deltas[0] == 430


def test_the_cribbage_texts_play_example_pegs_6_for_the_pone_and_9_for_the_dealer():
    first = peg_points("3 5 4 4 K")          # pone 3, dealer 5, pone 4 (run 3), dealer 4 (pair 2), pone K
    second = peg_points("JS JH JD")          # dealer J, pone J (pair 2), dealer J (three 6)
    pone = first[0] + first[2] + first[4] + go_point(26) + second[1]
    dealer = first[1] + first[3] + second[0] + second[2] + go_point(30)
    assert (pone, dealer) == (6, 9)


def test_the_cribbage_texts_show_example_is_24():
    assert score_show("4S 5H 6H 6C", "5D").total == 24
