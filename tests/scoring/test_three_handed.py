"""Three-handed Pinochle (docs/rules.md §2, the Thai FAQ): cut-throat scoring, game end and
auction settlement, as a list of rules."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import BidError, HandError, MeldError, RulesError, TrickError, TrumpError
from scoring.pinochle import (
    PLAYER_NAMES, GameResult, Payment, PinochleHand, PinochleRules, bid_units, count_meld, game_result,
    game_winner, hand_value, next_dealer, score_hand, settle_hand, settle_sitting, settle_up,
)

R = PinochleRules
H = PinochleHand
THREE = R(players=3)
AUCTION = R(players=3, settlement="auction")
SPADES = R(players=3, settlement="auction", spades_double=True)


# The profile


def test_three_players_are_three_sides_named_player_1_to_3():
    assert (THREE.sides, THREE.side_names, R().sides) == (3, ("player 1", "player 2", "player 3"), 2)
    assert PLAYER_NAMES == THREE.side_names


def test_a_three_handed_profile_stores_its_options_and_round_trips_through_json():
    rules = R(players=3, settlement="auction", bid_values=((300, 1), (350, 2), (400, 4)), spades_double=True)
    data = rules.as_dict()
    assert {k: data[k] for k in ("players", "settlement", "bid_values", "spades_double")} == {
        "players": 3, "settlement": "auction", "bid_values": [[300, 1], [350, 2], [400, 4]], "spades_double": True,
    }
    assert R.from_dict(json.loads(json.dumps(data))) == rules
    assert R.from_dict({"players": 3}) == THREE


def test_a_partnership_profile_is_stored_without_the_three_handed_options():
    assert "players" not in R().as_dict() and R.from_dict(R().as_dict()) == R()


def test_an_unknown_option_of_a_three_handed_profile_lists_its_options():
    with pytest.raises(RulesError) as caught:
        R.from_dict({"players": 3, "setlement": "auction"})
    assert "bid_values, bidder_needs_trick" in str(caught.value) and "spades_double" in str(caught.value)


@pytest.mark.parametrize(
    "options, field, message",
    [
        pytest.param({"players": 5}, "players", "players must be one of 4, 3, not 5", id="players 5"),
        pytest.param({"players": True}, "players", "players must be one of 4, 3, not True", id="players bool"),
        pytest.param({"players": 3, "settlement": "stakes"}, "settlement",
                     "settlement must be one of cutthroat, auction, not 'stakes'", id="settlement unknown"),
        pytest.param({"settlement": "auction"}, "settlement",
                     "auction settlement is three-handed: set players to 3, or choose cutthroat",
                     id="auction needs three players"),
        pytest.param({"spades_double": True}, "spades_double",
                     "spades_double belongs to three-handed auction settlement: set players to 3",
                     id="spades double needs three players"),
        pytest.param({"bid_values": ((300, 2),)}, "bid_values",
                     "bid_values belongs to three-handed auction settlement: set players to 3",
                     id="bid values need three players"),
        pytest.param({"players": 3, "spades_double": "yes"}, "spades_double",
                     "spades_double must be true or false, not 'yes'", id="spades_double not a bool"),
        pytest.param({"players": 3, "bid_values": ()}, "bid_values",
                     "bid_values must be a list of (bid, units) pairs, e.g. 300: 1, 350: 2; not ()",
                     id="bid values empty"),
        pytest.param({"players": 3, "bid_values": ((300, 0),)}, "bid_values",
                     "bid_values: each band is a bid above 0 and its units, 1 or more; not (300, 0)",
                     id="bid values: 0 units"),
        pytest.param({"players": 3, "bid_values": ((300, "1"),)}, "bid_values",
                     "bid_values: each band is a bid above 0 and its units, 1 or more; not (300, '1')",
                     id="bid values: units not a number"),
        pytest.param({"players": 3, "bid_values": ((350, 1), (300, 2))}, "bid_values",
                     "bid_values: bids must rise and units never fall, but 300: 2 follows 350: 1",
                     id="bid values: bids must rise"),
        pytest.param({"players": 3, "bid_values": ((300, 2), (350, 1))}, "bid_values",
                     "bid_values: bids must rise and units never fall, but 350: 1 follows 300: 2",
                     id="bid values: units never fall"),
    ],
)
def test_three_handed_options_reject(options, field, message):
    with pytest.raises(RulesError) as caught:
        R(**options)
    assert (caught.value.field, str(caught.value)) == (field, message)


# Cut-throat scoring: each player a side; the widow's counters count in the bidder's trick points

CUTTHROAT = [
    pytest.param(THREE, H(0, 300, (150, 60, 40), (170, 50, 30)), (320, 110, 70), True, ("made: 320 ≥ 300",),
                 id="made: bidder 150 + 170 = 320, opponents meld + tricks 110 and 70"),
    pytest.param(THREE, H(0, 300, (130, 60, 40), (170, 50, 30)), (300, 110, 70), True, ("made: 300 ≥ 300",),
                 id="made exactly: 130 + 170 = 300"),
    pytest.param(THREE, H(1, 350, (20, 200, 40), (100, 120, 30)), (120, -350, 70), False, ("set: 320 < 350",),
                 id="set: bidder 200 + 120 = 320 < 350 -> -350, opponents still score"),
    pytest.param(THREE, H(0, 300, (200, 60, 40), (230, 0, 20)), (430, 0, 60), True,
                 ("made: 430 ≥ 300", "player 2 took no counter: meld 60 lost"),
                 id="defender-zero per player: an opponent without trick points loses meld 60"),
    pytest.param(THREE, H(2, 300, (60, 40, 200), (0, 0, 250)), (0, 0, 450), True,
                 ("made: 450 ≥ 300", "player 1 took no counter: meld 60 lost",
                  "player 2 took no counter: meld 40 lost"), id="both opponents without counters score 0"),
    pytest.param(THREE, H(0, 300, (320, 0, 0), (0, 130, 120)), (320, 130, 120), True, ("made: 320 ≥ 300",),
                 id="default: the bidder makes from meld alone with 0 trick points"),
    pytest.param(R(players=3, bidder_needs_trick=True), H(0, 300, (320, 0, 0), (0, 130, 120)), (-300, 130, 120),
                 False, ("set: 0 < 300", "player 1 took no counter: meld 320 lost"),
                 id="bidder_needs_trick: a bidder with 0 trick points loses meld and is set"),
    pytest.param(R(players=3, meld_saved_by="trick"), H(0, 300, (200, 60, 40), (230, 0, 20),
                 took_trick=(True, True, True)), (430, 60, 60), True, ("made: 430 ≥ 300",),
                 id="meld_saved_by trick: a counterless trick saves player 2's meld 60"),
    pytest.param(R(players=3, meld_saved_by="trick"), H(0, 300, (200, 60, 40), (230, 0, 20),
                 took_trick=(True, False, True)), (430, 0, 60), True,
                 ("made: 430 ≥ 300", "player 2 took no trick: meld 60 lost"),
                 id="meld_saved_by trick: no trick at all loses meld 60"),
    pytest.param(R(players=3, trick_scheme="B", round_tricks=True), H(0, 280, (200, 40, 20), (87, 86, 77)),
                 (290, 120, 100), True, ("made: 290 ≥ 280", "trick points rounded: 87 + 86 + 77 → 90 + 80 + 80"),
                 id="round_tricks per player: 87 + 86 + 77 -> 90 + 80 + 80"),
    # throw-in: bidder -bid; each opponent its meld (variant: + half the trick points, or nothing)
    pytest.param(THREE, H(0, 400, (100, 60, 30), None, thrown_in=True), (-400, 60, 30), False,
                 ("thrown in: bidder −400", "throw-in was required: meld 100 + 250 < 400"),
                 id="throw-in required: 100 + 250 < 400, bidder -400, opponents their meld"),
    pytest.param(THREE, H(1, 350, (60, 150, 20), None, thrown_in=True), (60, -350, 20), False,
                 ("thrown in: bidder −350",), id="throw-in by choice: 150 + 250 could reach 350, no note"),
    pytest.param(R(players=3, throw_in_defenders="meld_plus_tricks"), H(0, 400, (100, 60, 30), None,
                 thrown_in=True), (-400, 185, 155), False,
                 ("thrown in: bidder −400", "throw-in was required: meld 100 + 250 < 400"),
                 id="throw_in_defenders meld_plus_tricks: each opponent meld + 125, half of 250"),
    pytest.param(R(players=3, throw_in_defenders="nothing"), H(0, 400, (100, 60, 30), None, thrown_in=True),
                 (-400, 0, 0), False, ("thrown in: bidder −400", "throw-in was required: meld 100 + 250 < 400"),
                 id="throw_in_defenders nothing: opponents 0"),
    # renege (the Chinese rules card, shared out among three players)
    pytest.param(THREE, H(0, 300, (200, 60, 40), None, renege_by=0), (-300, 185, 165), False,
                 ("renege by player 1", "player 2 scores meld 60 + 125 trick points, half of 250",
                  "player 3 scores meld 40 + 125 trick points, half of 250", "bidder set: −300"),
                 id="renege by the bidder: -bid, each opponent meld + 125"),
    pytest.param(THREE, H(0, 300, (200, 60, 40), (40, 30, 0), renege_by=1), (450, 0, 40), True,
                 ("renege by player 2", "player 1 scores meld 200 + all 250 trick points", "player 3 keeps meld 40"),
                 id="renege by an opponent: it scores 0, bidder meld + 250, the other opponent keeps meld"),
    pytest.param(THREE, H(2, 300, (30, 60, 200), None, renege_by=0), (0, 60, 450), True,
                 ("renege by player 1", "player 2 keeps meld 60", "player 3 scores meld 200 + all 250 trick points"),
                 id="renege by opponent player 1 against bidder player 3"),
    pytest.param(THREE, H(None, 0, (0, 0, 0), None), (0, 0, 0), False, ("all passed: redeal, no score",),
                 id="all passed: redeal, no score"),
    pytest.param(R(players=3, trick_scheme="A10", min_bid=25, bid_increment=1, throw_in_defenders="meld_plus_tricks"),
                 H(0, 40, (10, 6, 3), None, thrown_in=True), (-40, 18, 15), False,
                 ("thrown in: bidder −40", "throw-in was required: meld 10 + 25 < 40"),
                 id="scheme A10: half of 25 trick points is 12"),
]


@pytest.mark.parametrize("rules, hand, deltas, made, notes", CUTTHROAT)
def test_score_hand_three_handed(rules, hand, deltas, made, notes):
    score = score_hand(rules, hand)
    assert (score.deltas, score.made, score.notes) == (deltas, made, notes)


def test_counted_meld_and_tricks_of_a_renege_by_the_bidder():
    score = score_hand(THREE, H(0, 300, (200, 60, 40), None, renege_by=0))
    assert (score.counted_meld, score.tricks) == ((0, 60, 40), (0, 125, 125))


PER_PLAYER = " needs one value per player (3), not "
INVALID = [
    pytest.param(H(3, 300, (0, 0, 0), (250, 0, 0)), BidError, "bidder",
                 "bidder must be a player, 0, 1 or 2, or empty when all passed; not 3", id="bidder 3"),
    pytest.param(H(0, 300, (150, 60), (250, 0, 0)), HandError, "meld", "meld" + PER_PLAYER + "(150, 60)",
                 id="meld for two sides"),
    pytest.param(H(0, 300, (150, 60, 0), (200, 50)), HandError, "tricks", "tricks" + PER_PLAYER + "(200, 50)",
                 id="tricks for two sides"),
    pytest.param(H(0, 300, (150, 60, 0), (150, 50, 30)), TrickError, "tricks",
                 "trick points 150 + 50 + 30 must total 250",
                 id="tricks must total 250: the widow's counters belong in the bidder's count"),
    pytest.param(H(0, 300, (150, 60, 0), None, renege_by=3), HandError, "renege_by",
                 "renege_by must be a player, 0, 1 or 2, or empty; not 3", id="renege_by 3"),
    pytest.param(H(0, 300, (150, 65, 0), (250, 0, 0)), MeldError, "meld", "meld 65 is not a multiple of 10",
                 id="meld off the step of 10"),
    pytest.param(H(0, 300, (150, 60, 0), (250, 0, 0), trump="N"), TrumpError, "trump",
                 "N is not a suit: choose one of S, H, D, C", id="trump not a suit"),
]


@pytest.mark.parametrize("hand, error, field, message", INVALID)
def test_score_hand_three_handed_rejects(hand, error, field, message):
    with pytest.raises(error) as caught:
        score_hand(THREE, hand)
    assert (caught.value.field, str(caught.value)) == (field, message)


def test_meld_saved_by_trick_checks_each_players_trick_flag():
    with pytest.raises(HandError) as caught:
        score_hand(R(players=3, meld_saved_by="trick"), H(0, 300, (200, 60, 40), (170, 80, 0),
                                                           took_trick=(True, False, False)))
    assert (caught.value.field, str(caught.value)) == ("took_trick", "player 2 has 80 trick points, so took a trick")


def test_dealer_stuck_asks_for_the_dealer_as_bidder():
    with pytest.raises(HandError) as caught:
        score_hand(R(players=3, all_pass="dealer_stuck"), H(None, 0, (0, 0, 0), None))
    assert str(caught.value) == "all passed and the dealer is stuck: enter the dealer as the bidder at the minimum bid 250"


# Meld of a 15-card hand, and of the bidder's 18 with the widow


@pytest.mark.parametrize(
    "cards, trump, total",
    [
        pytest.param("AH 10H KH QH JH 9H AS AD AC KS QS JD QD KC 9S", "H", 320,
                     id="15 cards: run 150 + dix 10 + aces 100 + marriage KS QS 20 + pinochle 40 = 320"),
        pytest.param("AH 10H KH QH JH 9H AS AD AC KS QS JD QD KC 9S KD QC 9H", "H", 510,
                     id="18 with the widow KD QC 9H: + kings 80 + queens 60 + marriages 2x20 + dix 10 = 510"),
        pytest.param("AS AS AH AH AD AD AC AC QS QS JD JD KC KC QC", "C", 1340,
                     id="15 cards: double aces 1000 + double pinochle 300 + trump marriage 40 = 1340"),
    ],
)
def test_count_meld_on_three_handed_hands(cards, trump, total):
    assert count_meld(cards, trump, THREE).total == total == count_meld(cards, trump).total


# Game end: individual totals, the bidder wins ties

GAME_END = [
    pytest.param(THREE, (1200, 1490, 900), 0, True, None, None, id="nobody at the target: play on"),
    pytest.param(THREE, (1520, 1300, 900), 0, True, 0, "player 1 reached 1520", id="the bidder reaches 1500: wins"),
    pytest.param(THREE, (1000, 1510, 900), 0, False, 1, "player 2 reached 1510",
                 id="an opponent reaches the target on a hand the bidder was set: it wins"),
    pytest.param(THREE, (1520, 1580, 900), 0, True, 0,
                 "player 1 reached 1520 and bid: player 1 wins although another player has 1580",
                 id="two reach: the bidder wins whatever the totals"),
    pytest.param(THREE, (1600, 1550, 1510), 0, True, 0,
                 "several players reached 1500: the bidder player 1 wins with 1600",
                 id="all three reach: the bidder with the highest total wins"),
    pytest.param(THREE, (1200, 1550, 1520), 0, True, 1,
                 "several players reached 1500: player 2 wins with the highest total, 1550",
                 id="two opponents reach, the bidder does not: the higher total wins"),
    pytest.param(THREE, (1200, 1550, 1550), 0, True, None,
                 "player 2 and player 3 reached 1500 with 1550 each: play another hand",
                 id="two opponents reach with equal totals: play another hand"),
    pytest.param(THREE, (1510, 1530, 900), 0, False, 1,
                 "player 2 reached 1530 and the bidder player 1 was set: player 2 wins",
                 id="the set bidder still at the target loses the tie to the other player"),
    pytest.param(THREE, (1510, 1530, 1520), 0, False, 1,
                 "several players reached 1500: player 2 wins with the highest total, 1530",
                 id="set bidder and two opponents at the target: the higher opponent wins"),
    pytest.param(R(players=3, tie="higher"), (1520, 1580, 900), 0, True, 1,
                 "several players reached 1500: player 2 wins with the highest total, 1580",
                 id="tie higher: the higher total wins over the bidder"),
    pytest.param(R(players=3, tie="higher"), (1550, 1550, 900), 0, True, None,
                 "player 1 and player 2 reached 1500 with 1550 each: play another hand",
                 id="tie higher: equal totals play another hand"),
    pytest.param(R(players=3, must_bid_out=True), (1520, 1600, 900), 0, True, 0,
                 "player 1 bid, made it and reached 1520", id="must bid out: the bidder that made wins"),
    pytest.param(R(players=3, must_bid_out=True), (1000, 1510, 900), 0, False, None,
                 "player 2 has 1510 but did not bid and make this hand: must bid out, play on",
                 id="must bid out: an opponent at the target plays on"),
    pytest.param(THREE, (-1510, 800, 700), 0, False, None, None, id="default: no negative target"),
    pytest.param(R(players=3, negative_target_loses=True), (-1510, 800, 700), 0, False, 1,
                 "player 1 (-1510) fell to -1500 or below: player 2 wins with the highest total, 800",
                 id="negative target: a player at -1510 ends it, the highest other total wins"),
    pytest.param(R(players=3, negative_target_loses=True), (-1500, 800, 800), 0, False, None,
                 "player 1 (-1500) fell to -1500 or below and player 2 and player 3 have 800 each: play another hand",
                 id="negative target: the other two level, play another hand"),
    pytest.param(THREE, (1520, 1300, 900), None, False, 0, "player 1 reached 1520",
                 id="all passed but a player is already over: it stays the winner"),
]


@pytest.mark.parametrize("rules, totals, bidder, made, winner, reason", GAME_END)
def test_game_result_three_handed(rules, totals, bidder, made, winner, reason):
    assert game_result(rules, totals, bidder, made) == GameResult(winner, reason)
    assert game_winner(rules, totals, bidder, made) == winner


def test_game_result_uses_the_names_given():
    result = game_result(THREE, (1520, 1300, 900), 0, True, names=("Ann", "Bo", "Cy"))
    assert result == GameResult(0, "Ann reached 1520")


def test_game_result_wants_three_totals():
    with pytest.raises(HandError) as caught:
        game_result(THREE, (1500, 900), 0, True)
    assert str(caught.value) == "totals_after needs one total per side (3), not (1500, 900)"


def test_auction_settlement_has_no_game_to_win():
    with pytest.raises(RulesError) as caught:
        game_result(AUCTION, (0, 0, 0), 0, True)
    assert caught.value.field == "settlement"


@pytest.mark.parametrize("dealer, following", [(0, 1), (1, 2), (2, 0)], ids=lambda v: f"seat {v}")
def test_three_players_deal_in_turn(dealer, following):
    assert next_dealer(dealer, 3) == following


# Auction settlement: units from the bid-value table

@pytest.mark.parametrize(
    "table, bid, units",
    [
        pytest.param(AUCTION.bid_values, 250, 1, id="default: below 300 is worth the first band, 1"),
        pytest.param(AUCTION.bid_values, 300, 1, id="default: 300 -> 1"),
        pytest.param(AUCTION.bid_values, 340, 1, id="default: 340 -> 1"),
        pytest.param(AUCTION.bid_values, 350, 2, id="default: 350 -> 2"),
        pytest.param(AUCTION.bid_values, 390, 2, id="default: 390 -> 2"),
        pytest.param(AUCTION.bid_values, 400, 3, id="default: 400 -> 3"),
        pytest.param(AUCTION.bid_values, 440, 3, id="default: 440 -> 3"),
        pytest.param(AUCTION.bid_values, 450, 4, id="default: each further 50 adds 1, 450 -> 4"),
        pytest.param(AUCTION.bid_values, 500, 5, id="default: 500 -> 5"),
        pytest.param(AUCTION.bid_values, 560, 6, id="default: 560 -> 6"),
        pytest.param(((300, 1), (350, 2), (400, 4), (450, 6), (500, 8), (550, 10)), 420, 4,
                     id="club table 1-2-4-6-8-10: 420 -> 4"),
        pytest.param(((300, 1), (350, 2), (400, 4), (450, 6), (500, 8), (550, 10)), 600, 12,
                     id="club table: past 550 the last step (+2 per 50) repeats, 600 -> 12"),
        pytest.param(((250, 2),), 700, 2, id="a one-band table is worth the same for every bid"),
    ],
)
def test_bid_units(table, bid, units):
    assert bid_units(table, bid) == units


@pytest.mark.parametrize(
    "rules, bid, trump, value",
    [
        pytest.param(AUCTION, 350, "S", 2, id="spades not doubled by default"),
        pytest.param(SPADES, 350, "S", 4, id="spades_double: 350 in spades is worth 4"),
        pytest.param(SPADES, 350, "H", 2, id="spades_double: hearts stay 2"),
        pytest.param(SPADES, 350, None, 2, id="no trump named: not doubled"),
    ],
)
def test_hand_value(rules, bid, trump, value):
    assert hand_value(rules, bid, trump) == value


SETTLED = [
    pytest.param(AUCTION, H(0, 350, (200, 0, 0), (160, 50, 40)), (4, -2, -2),
                 id="made 350 (2 units): each opponent pays the bidder 2"),
    pytest.param(AUCTION, H(1, 300, (0, 200, 0), (50, 100, 100)), (-1, 2, -1),
                 id="made 300 (1 unit): meld 200 + 100 trick points, the widow's counters included"),
    pytest.param(AUCTION, H(1, 250, (0, 150, 0), (50, 100, 100)), (-1, 2, -1),
                 id="made 250, below the table: worth the first band, 1"),
    pytest.param(AUCTION, H(0, 350, (200, 0, 0), None, thrown_in=True), (-4, 2, 2),
                 id="thrown in: single set, the bidder pays each opponent 2"),
    pytest.param(AUCTION, H(0, 350, (200, 0, 0), (140, 60, 50)), (-8, 4, 4),
                 id="played and lost 340 < 350: double set, the bidder pays each opponent 4"),
    pytest.param(AUCTION, H(2, 450, (0, 0, 250), (60, 40, 150)), (8, 8, -16),
                 id="played and lost 400 < 450 (4 units): bidder player 3 pays each 2 x 4 = 8"),
    pytest.param(SPADES, H(0, 350, (200, 0, 0), (160, 50, 40), trump="S"), (8, -4, -4),
                 id="spades double: made in spades pays 4 each"),
    pytest.param(SPADES, H(0, 350, (200, 0, 0), (160, 50, 40), trump="H"), (4, -2, -2),
                 id="spades double: made in hearts pays 2 each"),
    pytest.param(SPADES, H(0, 350, (200, 0, 0), (140, 60, 50), trump="S"), (-16, 8, 8),
                 id="spades double: played and lost in spades, 2 x 4 to each"),
    pytest.param(SPADES, H(0, 350, (200, 0, 0), None, thrown_in=True, trump="S"), (-4, 2, 2),
                 id="spades double: a hand thrown in pays single, not doubled (Scarne)"),
    pytest.param(AUCTION, H(1, 350, (0, 100, 0), None, renege_by=1), (4, -8, 4),
                 id="renege by the bidder: double set"),
    pytest.param(AUCTION, H(0, 300, (100, 0, 0), None, renege_by=2), (2, 0, -2),
                 id="renege by an opponent: bid made, the offender pays for both opponents"),
    pytest.param(AUCTION, H(None, 0, (0, 0, 0), None), (0, 0, 0), id="all passed: nothing paid"),
]


@pytest.mark.parametrize("rules, hand, units", SETTLED)
def test_settle_hand(rules, hand, units):
    assert settle_hand(rules, hand) == units
    assert sum(units) == 0


def test_settle_hand_needs_the_trump_of_a_played_hand_when_spades_pay_double():
    with pytest.raises(HandError) as caught:
        settle_hand(SPADES, H(0, 350, (200, 0, 0), (160, 50, 40)))
    assert (caught.value.field, str(caught.value)) == ("trump", "spades pay double: enter the trump of a played hand")


def test_settle_hand_needs_auction_settlement():
    with pytest.raises(RulesError) as caught:
        settle_hand(THREE, H(0, 350, (200, 0, 0), (160, 50, 40)))
    assert str(caught.value) == "settle_hand needs auction settlement; this profile keeps cutthroat totals"


def test_a_sitting_shows_balances_after_every_hand_and_the_settle_up():
    hands = [
        H(0, 350, (200, 0, 0), (160, 50, 40)),
        H(1, 300, (0, 150, 0), None, thrown_in=True),
        H(2, 400, (0, 0, 200), (30, 40, 180)),
    ]
    ledger = settle_sitting(AUCTION, hands)
    assert [row.units for row in ledger.rows] == [(4, -2, -2), (1, -2, 1), (6, 6, -12)]
    assert [row.balances for row in ledger.rows] == [(4, -2, -2), (5, -4, -1), (11, 2, -13)]
    assert [str(row.note) for row in ledger.rows] == [
        "made: each opponent pays player 1 2",
        "thrown in: player 2 pays each opponent 1 (single set)",
        "set: player 3 pays each opponent 6 (double set)",
    ]
    assert ledger.balances == (11, 2, -13)
    assert ledger.payments == (Payment(2, 0, 11), Payment(2, 1, 2))


def test_settle_sitting_names_the_hand_that_is_invalid():
    with pytest.raises(BidError) as caught:
        settle_sitting(AUCTION, [H(0, 350, (200, 0, 0), (160, 50, 40)), H(0, 345, (0, 0, 0), (250, 0, 0))])
    assert caught.value.hand_index == 1


@pytest.mark.parametrize(
    "balances, payments",
    [
        pytest.param((5, -3, -2), (Payment(1, 0, 3), Payment(2, 0, 2)), id="one creditor, two debtors"),
        pytest.param((-4, 1, 3), (Payment(0, 2, 3), Payment(0, 1, 1)), id="one debtor pays the larger first"),
        pytest.param((2, -2, 0), (Payment(1, 0, 2),), id="a level player pays nothing"),
        pytest.param((0, 0, 0), (), id="all level: nothing to pay"),
    ],
)
def test_settle_up(balances, payments):
    assert settle_up(balances) == payments


def test_settle_up_refuses_balances_that_do_not_sum_to_zero():
    with pytest.raises(HandError):
        settle_up((1, 0, 0))


# Properties


@st.composite
def auction_profiles(draw):
    table = draw(st.sampled_from([((300, 1), (350, 2), (400, 3)), ((300, 1), (350, 2), (400, 4), (450, 6)),
                                  ((250, 2),)]))
    return R(players=3, settlement="auction", bid_values=table, spades_double=draw(st.booleans()),
             throw_in_defenders=draw(st.sampled_from(["meld", "meld_plus_tricks", "nothing"])))


@st.composite
def three_handed_hands(draw, rules):
    kind = draw(st.sampled_from(["played", "played", "played", "thrown_in", "renege", "passed"]))
    if kind == "passed":
        return H(None, 0, (0, 0, 0), None)
    bidder = draw(st.integers(0, 2))
    bid = rules.min_bid + rules.bid_increment * draw(st.integers(0, 40))
    meld = tuple(10 * draw(st.integers(0, 40)) for _p in range(3))
    trump = draw(st.sampled_from("SHDC"))
    if kind == "thrown_in":
        return H(bidder, bid, meld, None, thrown_in=True, trump=trump)
    if kind == "renege":
        return H(bidder, bid, meld, None, renege_by=draw(st.integers(0, 2)), trump=trump)
    first = 10 * draw(st.integers(0, 25))
    second = 10 * draw(st.integers(0, 25 - first // 10))
    return H(bidder, bid, meld, (first, second, 250 - first - second), trump=trump)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_balances_sum_to_zero_and_equal_the_sum_of_the_hands(data):
    rules = data.draw(auction_profiles())
    hands = data.draw(st.lists(three_handed_hands(rules), max_size=12))
    ledger = settle_sitting(rules, hands)
    each = [settle_hand(rules, hand) for hand in hands]
    assert all(sum(units) == 0 for units in each)
    assert all(sum(row.balances) == 0 for row in ledger.rows)
    assert ledger.balances == tuple(sum(units[p] for units in each) for p in range(3))
    cleared = list(ledger.balances)
    for payment in ledger.payments:
        cleared[payment.payer] += payment.units
        cleared[payment.payee] -= payment.units
    assert cleared == [0, 0, 0] and len(ledger.payments) <= 2


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_cutthroat_bidder_scores_minus_bid_or_meld_plus_tricks_and_opponents_their_own(data):
    rules = R(players=3, meld_saved_by=data.draw(st.sampled_from(["points", "trick"])))
    hand = data.draw(three_handed_hands(rules).filter(lambda h: h.bidder is not None and h.tricks is not None))
    score = score_hand(rules, hand)
    for player in range(3):
        earned = score.counted_meld[player] + score.tricks[player]
        if player == hand.bidder:
            assert score.deltas[player] == (earned if score.made else -hand.bid)
        else:
            assert score.deltas[player] == earned
            assert score.counted_meld[player] in (0, hand.meld[player])
