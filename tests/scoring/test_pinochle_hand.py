"""Scoring a hand (docs/rules.md §5 "Scoring a hand", the Chinese encyclopedia text and rules card), as a list of rules."""
import pytest

from scoring.errors import BidError, HandError, MeldError, TrickError
from scoring.messages import Message
from scoring.pinochle import HandScore, PinochleHand, PinochleRules, round_tricks, score_hand

R = PinochleRules
H = PinochleHand
DEFAULT = R()

SCORED = [
    # made or set (the Chinese encyclopedia text)
    pytest.param(DEFAULT, H(0, 310, (150, 60), (170, 80)), (320, 140), True,
                 ("made: 320 ≥ 310",), id="made: meld 150 + tricks 170 = 320 >= 310 -> +320, defenders 140"),
    pytest.param(DEFAULT, H(0, 310, (110, 60), (200, 50)), (310, 110), True,
                 ("made: 310 ≥ 310",), id="made exactly: 310 >= 310 -> +310"),
    pytest.param(DEFAULT, H(0, 310, (100, 60), (200, 50)), (-310, 110), False,
                 ("set: 300 < 310",), id="set: bid 310, took 300 -> -310 (not the shortfall)"),
    pytest.param(DEFAULT, H(1, 250, (0, 0), (200, 50)), (200, -250), False,
                 ("set: 50 < 250",), id="set E-W: defenders N-S still score 200"),
    # defender-zero (the Chinese encyclopedia text) and its variants (the Chinese rules card)
    pytest.param(DEFAULT, H(0, 250, (200, 60), (250, 0)), (450, 0), True,
                 ("made: 450 ≥ 250", "E–W took no counter: meld 60 lost"),
                 id="defender-zero: defenders with 0 trick points lose meld 60"),
    pytest.param(DEFAULT, H(0, 250, (200, 60), (240, 10)), (440, 70), True,
                 ("made: 440 ≥ 250",), id="defenders with 10 trick points keep meld 60 -> 70"),
    pytest.param(DEFAULT, H(0, 250, (260, 0), (0, 250)), (260, 250), True,
                 ("made: 260 ≥ 250",), id="default: bidders make from meld alone with 0 trick points"),
    pytest.param(R(bidder_needs_trick=True), H(0, 250, (260, 0), (0, 250)), (-250, 250), False,
                 ("set: 0 < 250", "N–S took no counter: meld 260 lost"),
                 id="bidder_needs_trick: bidders with 0 trick points lose meld and are set"),
    pytest.param(R(meld_saved_by="trick"), H(0, 250, (200, 60), (250, 0), took_trick=(True, True)), (450, 60),
                 True, ("made: 450 ≥ 250",), id="meld_saved_by trick: a trick with no counters saves meld 60"),
    pytest.param(R(meld_saved_by="trick"), H(0, 250, (200, 60), (250, 0), took_trick=(True, False)), (450, 0),
                 True, ("made: 450 ≥ 250", "E–W took no trick: meld 60 lost"),
                 id="meld_saved_by trick: no trick at all loses meld 60"),
    pytest.param(R(meld_saved_by="trick"), H(0, 250, (200, 60), (250, 0)), (450, 0), True,
                 ("made: 450 ≥ 250", "E–W took no trick: meld 60 lost"),
                 id="meld_saved_by trick: took_trick None is inferred from 0 trick points"),
    pytest.param(DEFAULT, H(0, 250, (200, 60), (250, 0), took_trick=(True, True)), (450, 0), True,
                 ("made: 450 ≥ 250", "E–W took no counter: meld 60 lost"),
                 id="meld_saved_by points: a trick without counters does not save meld"),
    pytest.param(R(meld_saved_by="trick", bidder_needs_trick=True),
                 H(0, 250, (260, 0), (0, 250), took_trick=(True, True)), (260, 250), True,
                 ("made: 260 ≥ 250",), id="bidder_needs_trick + trick: bidders' counterless trick saves meld"),
    # trick schemes and rounding (the encyclopedia text's table, the Thai FAQ)
    pytest.param(R(trick_scheme="B"), H(0, 250, (200, 40), (87, 163)), (287, 203), True,
                 ("made: 287 ≥ 250",), id="scheme B without rounding: 87 + 163 count as they are"),
    pytest.param(R(trick_scheme="B", round_tricks=True), H(0, 250, (200, 40), (87, 163)), (290, 200), True,
                 ("made: 290 ≥ 250", "trick points rounded: 87 + 163 → 90 + 160"),
                 id="round_tricks: 87 -> 90, 163 -> 160"),
    pytest.param(R(trick_scheme="B", round_tricks=True), H(0, 250, (130, 40), (126, 124)), (250, 160), True,
                 ("made: 250 ≥ 250", "trick points rounded: 126 + 124 → 120 + 120"),
                 id="round_tricks: 126 + 124 -> 120 + 120"),
    pytest.param(R(trick_scheme="B", round_tricks=True), H(0, 250, (160, 40), (87, 163)), (250, 200), True,
                 ("made: 250 ≥ 250", "trick points rounded: 87 + 163 → 90 + 160"),
                 id="round_tricks: the rounded count decides, 160 + 87 -> 90 makes 250"),
    pytest.param(R(trick_scheme="B"), H(0, 250, (160, 40), (87, 163)), (-250, 203), False,
                 ("set: 247 < 250",), id="scheme B unrounded: 160 + 87 = 247 is set"),
    pytest.param(R(trick_scheme="B", round_tricks=True), H(1, 250, (40, 130), (125, 125)), (160, 250), True,
                 ("made: 250 ≥ 250", "trick points rounded: 125 + 125 → 120 + 120"),
                 id="round_tricks: 125 + 125 -> 120 + 120, the lost ten is lost"),
    pytest.param(R(trick_scheme="B", round_tricks=True), H(0, 250, (250, 60), (247, 3)), (500, 60), True,
                 ("made: 500 ≥ 250", "trick points rounded: 247 + 3 → 250 + 0"),
                 id="round_tricks: defenders rounded to 0 keep meld, they took a counter"),
    pytest.param(R(trick_scheme="C"), H(0, 250, (150, 20), (125, 125)), (275, 145), True,
                 ("made: 275 ≥ 250",), id="scheme C: trick points in fives, 125 + 125"),
    pytest.param(R(trick_scheme="A10", min_bid=25, bid_increment=1), H(0, 26, (15, 4), (12, 13)), (27, 17), True,
                 ("made: 27 ≥ 26",), id="scheme A10: meld and tricks in units, 15 + 12 = 27 >= 26"),
    # throw-in (the Chinese encyclopedia text)
    pytest.param(DEFAULT, H(0, 360, (100, 60), None, thrown_in=True), (-360, 60), False,
                 ("thrown in: bidders −360", "throw-in was required: meld 100 + 250 < 360"),
                 id="throw-in required: 100 + 250 < 360, bidders -360, defenders meld 60"),
    pytest.param(DEFAULT, H(1, 360, (60, 150), (0, 0), thrown_in=True), (60, -360), False,
                 ("thrown in: bidders −360",), id="throw-in by choice: 150 + 250 could reach 360, no note"),
    pytest.param(R(throw_in_defenders="meld_plus_tricks"), H(0, 360, (100, 60), None, thrown_in=True),
                 (-360, 310), False, ("thrown in: bidders −360", "throw-in was required: meld 100 + 250 < 360"),
                 id="throw_in_defenders meld_plus_tricks: defenders 60 + 250"),
    pytest.param(R(throw_in_defenders="nothing"), H(0, 360, (100, 60), None, thrown_in=True), (-360, 0), False,
                 ("thrown in: bidders −360", "throw-in was required: meld 100 + 250 < 360"),
                 id="throw_in_defenders nothing: defenders 0"),
    # renege (the Chinese rules card)
    pytest.param(DEFAULT, H(0, 300, (200, 60), None, renege_by=0), (-300, 310), False,
                 ("renege by N–S", "E–W score meld 60 + all 250 trick points", "bidders set: −300"),
                 id="renege by bidders: -bid, defenders meld + 250"),
    pytest.param(DEFAULT, H(0, 300, (200, 60), (40, 30), renege_by=1), (450, 0), True,
                 ("renege by E–W", "N–S score meld 200 + all 250 trick points"),
                 id="renege by defenders: they score 0, bidders meld + 250, partial tricks ignored"),
    pytest.param(DEFAULT, H(1, 300, (200, 60), None, renege_by=1), (450, -300), False,
                 ("renege by E–W", "N–S score meld 200 + all 250 trick points", "bidders set: −300"),
                 id="renege by bidders E-W"),
    # all passed
    pytest.param(DEFAULT, H(None, 0, (0, 0), None), (0, 0), False, ("all passed: redeal, no score",),
                 id="all passed, redeal: no score"),
]


@pytest.mark.parametrize("rules, hand, deltas, made, notes", SCORED)
def test_score_hand(rules, hand, deltas, made, notes):
    score = score_hand(rules, hand)
    assert (score.deltas, score.made, score.notes) == (deltas, made, notes)
    assert all(isinstance(note, Message) for note in score.notes)


@pytest.mark.parametrize(
    "rules, hand, counted_meld, tricks",
    [
        pytest.param(DEFAULT, H(0, 250, (200, 60), (250, 0)), (200, 0), (250, 0), id="defender-zero meld is 0"),
        pytest.param(R(trick_scheme="B", round_tricks=True), H(0, 250, (200, 40), (87, 163)), (200, 40),
                     (90, 160), id="tricks are counted after rounding"),
        pytest.param(DEFAULT, H(0, 360, (100, 60), None, thrown_in=True), (100, 60), (0, 0), id="throw-in, meld"),
        pytest.param(R(throw_in_defenders="meld_plus_tricks"), H(0, 360, (100, 60), None, thrown_in=True),
                     (100, 60), (0, 250), id="throw-in, defenders credited all 250"),
        pytest.param(R(throw_in_defenders="nothing"), H(0, 360, (100, 60), None, thrown_in=True),
                     (100, 0), (0, 0), id="throw-in, defenders nothing"),
        pytest.param(DEFAULT, H(0, 300, (200, 60), None, renege_by=0), (0, 60), (0, 250), id="renege: all to E-W"),
        pytest.param(DEFAULT, H(None, 0, (0, 0), None), (0, 0), (0, 0), id="all passed: nothing counted"),
    ],
)
def test_counted_meld_and_tricks(rules, hand, counted_meld, tricks):
    score = score_hand(rules, hand)
    assert (score.counted_meld, score.tricks) == (counted_meld, tricks)


def test_hand_accepts_lists_and_stores_tuples():
    hand = H(0, 310, [150, 60], [170, 80], took_trick=[True, True])
    assert (hand.meld, hand.tricks, hand.took_trick) == ((150, 60), (170, 80), (True, True))
    assert score_hand(DEFAULT, hand) == HandScore((320, 140), True, ("made: 320 ≥ 310",), (150, 60), (170, 80))


@pytest.mark.parametrize(
    "points, rounded",
    [
        pytest.param(points, rounded, id=f"{'7 and up goes up' if points % 10 >= 7 else 'the rest drops'}: "
                                         f"{points} -> {rounded}")
        for points, rounded in [(87, 90), (7, 10), (247, 250), (163, 160), (126, 120), (124, 120),
                                (125, 120), (6, 0), (0, 0), (250, 250)]
    ],
)
def test_round_tricks(points, rounded):
    assert round_tricks(points) == rounded


def _hand(**changes):
    values = dict(bidder=0, bid=310, meld=(150, 60), tricks=(170, 80))
    values.update(changes)
    return H(**values)


SIDE = "bidder must be a side, 0 (N–S) or 1 (E–W), or empty when all passed; not "
PER_SIDE = " needs one value per side (2: N–S, E–W), not "
INVALID = [
    pytest.param(DEFAULT, _hand(bidder=2), BidError, "bidder", SIDE + "2", id="bidder out of range"),
    pytest.param(DEFAULT, _hand(bidder=True), BidError, "bidder", SIDE + "True", id="bidder bool"),
    pytest.param(DEFAULT, _hand(bidder="0"), BidError, "bidder", SIDE + "'0'", id="bidder str"),
    pytest.param(DEFAULT, _hand(bid=245), BidError, "bid", "bid 245 is below the minimum 250", id="bid below minimum"),
    pytest.param(R(min_bid=200), _hand(bid=190), BidError, "bid", "bid 190 is below the minimum 200",
                 id="min_bid variant 200: 190 is below"),
    pytest.param(DEFAULT, _hand(bid=255), BidError, "bid", "bid 255 is not a step of 10 from 250",
                 id="bid off the increment"),
    pytest.param(R(min_bid=200, bid_increment=20), _hand(bid=230), BidError, "bid",
                 "bid 230 is not a step of 20 from 200", id="bid_increment variant 20: 230 is off"),
    pytest.param(DEFAULT, _hand(bid=5080), BidError, "bid", "bid 5080 is above 5070, more than any side can score",
                 id="bid above max meld + 250"),
    pytest.param(DEFAULT, _hand(bid=310.0), BidError, "bid", "bid must be a whole number, not 310.0", id="bid float"),
    pytest.param(DEFAULT, _hand(bid="310"), BidError, "bid", "bid must be a whole number, not '310'", id="bid str"),
    pytest.param(DEFAULT, _hand(meld=(-10, 60)), MeldError, "meld", "meld -10 is negative: a side melds 0 or more",
                 id="meld negative"),
    pytest.param(DEFAULT, _hand(meld=(150, 65)), MeldError, "meld", "meld 65 is not a multiple of 10",
                 id="meld off the step of 10"),
    pytest.param(DEFAULT, _hand(meld=(4830, 60)), MeldError, "meld",
                 "meld 4830 is above 4820, more than one side can meld", id="meld above max_meld"),
    pytest.param(R(double_run=300, double_arounds="x2", double_pinochle=80), _hand(meld=(1170, 0)), MeldError,
                 "meld", "meld 1170 is above 1160, more than one side can meld",
                 id="max_meld follows the double_run, double_arounds and double_pinochle variants"),
    pytest.param(DEFAULT, _hand(meld=(150.0, 60)), MeldError, "meld", "meld must be a whole number, not 150.0",
                 id="meld float"),
    pytest.param(DEFAULT, _hand(meld=(150,)), HandError, "meld", "meld" + PER_SIDE + "(150,)", id="meld one side"),
    pytest.param(DEFAULT, _hand(meld=None), HandError, "meld", "meld" + PER_SIDE + "None", id="meld missing"),
    pytest.param(DEFAULT, _hand(tricks=(240, 0)), TrickError, "tricks", "trick points 240 + 0 must total 250",
                 id="tricks not totalling 250"),
    pytest.param(DEFAULT, _hand(tricks=(-10, 260)), TrickError, "tricks", "trick points -10 are negative",
                 id="tricks negative"),
    pytest.param(DEFAULT, _hand(tricks=(245, 5)), TrickError, "tricks",
                 "trick points 245 are not a multiple of 10 under scheme A", id="scheme A: tricks in tens"),
    pytest.param(R(trick_scheme="C"), _hand(tricks=(122, 128)), TrickError, "tricks",
                 "trick points 122 are not a multiple of 5 under scheme C", id="scheme C: tricks in fives"),
    pytest.param(R(trick_scheme="A10", min_bid=25, bid_increment=1), _hand(bid=26, meld=(15, 4), tricks=(20, 20)),
                 TrickError, "tricks", "trick points 20 + 20 must total 25", id="scheme A10: tricks total 25"),
    pytest.param(DEFAULT, _hand(tricks=("170", 80)), TrickError, "tricks",
                 "trick points must be a whole number, not '170'", id="tricks str"),
    pytest.param(DEFAULT, _hand(tricks=(250,)), HandError, "tricks", "tricks" + PER_SIDE + "(250,)",
                 id="tricks one side"),
    pytest.param(DEFAULT, _hand(tricks=None), HandError, "tricks", "tricks" + PER_SIDE + "None",
                 id="tricks missing on a played hand"),
    pytest.param(DEFAULT, _hand(tricks=(200, 50), thrown_in=True), HandError, "tricks",
                 "a hand thrown in is not played: trick points 200 + 50 must be empty or 0",
                 id="throw-in with trick points"),
    pytest.param(DEFAULT, _hand(tricks=(200, 100), renege_by=1), TrickError, "tricks",
                 "trick points 200 + 100 add up to more than 250", id="renege with impossible partial tricks"),
    pytest.param(DEFAULT, _hand(thrown_in="yes"), HandError, "thrown_in",
                 "thrown_in must be true or false, not 'yes'", id="thrown_in not a bool"),
    pytest.param(DEFAULT, _hand(renege_by=2), HandError, "renege_by",
                 "renege_by must be a side, 0 (N–S) or 1 (E–W), or empty; not 2", id="renege_by out of range"),
    pytest.param(DEFAULT, _hand(tricks=None, thrown_in=True, renege_by=1), HandError, "renege_by",
                 "a hand thrown in is not played, so nobody can renege: clear renege_by or thrown_in",
                 id="throw-in and renege together"),
    pytest.param(DEFAULT, _hand(took_trick=(True,)), HandError, "took_trick", "took_trick" + PER_SIDE + "(True,)",
                 id="took_trick one side"),
    pytest.param(DEFAULT, _hand(took_trick=(1, 0)), HandError, "took_trick",
                 "took_trick must be true or false for each side, not (1, 0)", id="took_trick not bools"),
    pytest.param(R(meld_saved_by="trick"), _hand(took_trick=(True, False)), HandError, "took_trick",
                 "E–W have 80 trick points, so they took a trick", id="took_trick contradicts trick points"),
    pytest.param(R(all_pass="dealer_stuck"), H(None, 0, (0, 0), None), HandError, "bidder",
                 "all passed and the dealer is stuck: enter the dealer's side as the bidder at the minimum bid 250",
                 id="all_pass dealer_stuck: all passed cannot be entered"),
    pytest.param(DEFAULT, H(None, 0, (0, 0), None, thrown_in=True), HandError, "thrown_in",
                 "all passed, so the hand is redealt: nobody can throw in or renege", id="all passed and thrown in"),
]


@pytest.mark.parametrize("rules, hand, error, field, message", INVALID)
def test_score_hand_rejects(rules, hand, error, field, message):
    with pytest.raises(error) as caught:
        score_hand(rules, hand)
    assert (caught.value.field, str(caught.value)) == (field, message)


@pytest.mark.parametrize(
    "rules, hand, deltas",
    [
        pytest.param(R(min_bid=200), _hand(bid=200), (320, 140), id="min_bid variant 200: bid 200 is valid"),
        pytest.param(DEFAULT, _hand(took_trick=(False, False)), (320, 140),
                     id="meld_saved_by points: took_trick is not asked, so it is ignored"),
        pytest.param(R(bid_increment=5), _hand(bid=255), (320, 140), id="bid_increment variant 5: bid 255 is valid"),
        pytest.param(R(trick_scheme="A10", min_bid=25, bid_increment=1), _hand(bid=25, meld=(5, 3), tricks=(25, 0)),
                     (30, 0), id="scheme A10: meld in units of 1"),
    ],
)
def test_score_hand_accepts_variant_ranges(rules, hand, deltas):
    assert score_hand(rules, hand).deltas == deltas


def test_round_tricks_rejects_a_non_number():
    with pytest.raises(TrickError) as caught:
        round_tricks("87")
    assert (caught.value.field, str(caught.value)) == ("tricks", "trick points must be a whole number, not '87'")
