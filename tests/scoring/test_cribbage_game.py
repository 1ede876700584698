"""The game (docs/rules.md, "Cribbage"): counting order, the end at the target, skunks, game points, spread."""
import pytest

from scoring.cribbage import (
    MAX_PEGGING_DEALER,
    MAX_PEGGING_PONE,
    CribbageError,
    CribbageRules,
    CribbageRulesError,
    Deal,
    count_of,
    game_outcome,
    go_point,
    next_dealer,
    peg_points,
    play_deal,
)
from scoring.errors import CardError, RulesError

P = pytest.param
R121, R61 = CribbageRules(), CribbageRules(target=61)
# "Count past the hole": the winning count is kept in full (the game-hole cases are in test_cribbage_hole.py).
PAST121, PAST61 = CribbageRules(past_hole=True), CribbageRules(target=61, past_hole=True)


def test_rules_defaults_and_lines():
    assert (R121.target, R121.game_points, R121.spread, R121.past_hole) == (121, "acc", "margin", False)
    assert (R121.skunk_line, R121.double_skunk_line) == (91, 61)
    assert (R61.skunk_line, R61.double_skunk_line) == (31, 1)


@pytest.mark.parametrize("options, field", [
    P({"target": 100}, "target", id="target 100 is neither 121 nor 61"),
    P({"game_points": "triple"}, "game_points", id="unknown game points"),
    P({"spread": "total"}, "spread", id="unknown spread"),
])
def test_rules_refuse_unknown_options(options, field):
    with pytest.raises(CribbageRulesError) as info:
        CribbageRules(**options)
    assert info.value.field == field
    assert isinstance(info.value, RulesError) and isinstance(info.value, CribbageError)


def test_rules_round_trip_as_data():
    rules = CribbageRules(target=61, game_points="double_skunk", spread="loser_121")
    assert rules.as_dict() == {"target": 61, "game_points": "double_skunk", "spread": "loser_121"}
    assert CribbageRules.from_dict(rules.as_dict()) == rules
    assert CribbageRules.from_dict({}) == CribbageRules()
    with pytest.raises(CribbageRulesError) as info:
        CribbageRules.from_dict({"skunks": True})
    assert info.value.field == "skunks"


def test_next_dealer_alternates():
    assert (next_dealer(0), next_dealer(1)) == (1, 0)
    with pytest.raises(CribbageError):
        next_dealer(2)


# rules, scores before, deal, scores after, winner, ended_at, events (stage, player, points)
DEALS = [
    P(R121, (10, 20), Deal(dealer=0, starter="JH", pegging=(5, 3), pone_hand=8, dealer_hand=12, crib=4),
      (33, 31), None, None,
      [("heels", 0, 2), ("pegging", 1, 3), ("pegging", 0, 5), ("pone_hand", 1, 8),
       ("dealer_hand", 0, 12), ("crib", 0, 4)],
      id="every count added in order: heels, pegging (pone first), pone, dealer, crib"),
    P(R121, (110, 112), Deal(dealer=0, pegging=(2, 1), pone_hand=8, dealer_hand=24, crib=10),
      (112, 121), 1, "pone_hand",
      [("pegging", 1, 1), ("pegging", 0, 2), ("pone_hand", 1, 8)],
      id="pone wins with the hand although the dealer's 24 would go further: 113+8 -> 121"),
    P(R121, (119, 100), Deal(dealer=0, starter="JS", pegging=(3, 5), pone_hand=29),
      (121, 100), 0, "heels", [("heels", 0, 2)],
      id="his heels: dealer at 119 cuts a jack -> 121, nothing else counts"),
    P(R121, (100, 118), Deal(dealer=1, starter="JD", pegging=(2, 1), pone_hand=4, dealer_hand=0, crib=6),
      (102, 121), 1, "pegging",
      [("heels", 1, 2), ("pegging", 0, 2), ("pegging", 1, 1)],
      id="heels then one pegging point: 118+2+1 -> 121 in the play"),
    P(PAST121, (118, 115), Deal(dealer=0, pegging=(4, 3), pone_hand=20),
      (122, 118), 0, "pegging", [("pegging", 1, 3), ("pegging", 0, 4)],
      id="past the hole: only the dealer pegs out: the pone's pegging counts first, then 118+4 -> 122"),
    P(PAST121, (117, 118), Deal(dealer=0, pegging=(6, 5), pegged_out_first=1),
      (120, 123), 1, "pegging", [("pegging", 0, 3), ("pegging", 1, 5)],
      id="past the hole: both peg past 121, pone out first: dealer stops at 120, pone 123"),
    P(PAST121, (117, 118), Deal(dealer=0, pegging=(6, 5), pegged_out_first=0),
      (123, 120), 0, "pegging", [("pegging", 1, 2), ("pegging", 0, 6)],
      id="past the hole: both peg past 121, dealer out first: pone stops at 120, dealer 123"),
    P(PAST121, (100, 95), Deal(dealer=1, pegging=(3, 4), pone_hand=12, dealer_hand=16, crib=8),
      (115, 123), 1, "crib",
      [("pegging", 0, 3), ("pegging", 1, 4), ("pone_hand", 0, 12), ("dealer_hand", 1, 16), ("crib", 1, 8)],
      id="past the hole: dealer wins with the crib: 99+16 = 115, crib 8 -> 123"),
    P(PAST121, (100, 110), Deal(dealer=1, pone_hand=2, dealer_hand=12, crib=20),
      (102, 122), 1, "dealer_hand",
      [("pegging", 0, 0), ("pegging", 1, 0), ("pone_hand", 0, 2), ("dealer_hand", 1, 12)],
      id="past the hole: dealer wins with the hand: 110+12 -> 122, the crib is not counted"),
    P(PAST61, (55, 40), Deal(dealer=0, pegging=(1, 2), pone_hand=20, dealer_hand=5),
      (56, 62), 1, "pone_hand",
      [("pegging", 1, 2), ("pegging", 0, 1), ("pone_hand", 1, 20)],
      id="past the hole: game to 61: the pone's 42+20 -> 62 wins before the dealer counts"),
]


@pytest.mark.parametrize("rules, before, deal, after, winner, ended_at, events", DEALS)
def test_play_deal(rules, before, deal, after, winner, ended_at, events):
    result = play_deal(rules, before, deal)
    assert result.scores_after == after
    assert (result.winner, result.ended_at) == (winner, ended_at)
    assert [(e.stage, e.player, e.points) for e in result.events] == events


@pytest.mark.parametrize("deal, before, field, text", [
    P(Deal(dealer=0, pegging=(6, 5)), (117, 118), "pegged_out_first",
      "both players' pegging reaches 121: say who pegged out first",
      id="both peg past 121 and no one says who was first"),
    P(Deal(dealer=0, pegging=(2, 5), pegged_out_first=0), (117, 118), "pegged_out_first",
      "player 0 did not peg out: 117 + 2 is short of 121", id="pegged out first but short of 121"),
    P(Deal(dealer=0, pone_hand=19), (0, 0), "pone_hand",
      "no hand scores 19: 19, 25, 26 and 27 are impossible", id="pone's hand 19 is impossible"),
    P(Deal(dealer=0, dealer_hand=25), (0, 0), "dealer_hand",
      "no hand scores 25: 19, 25, 26 and 27 are impossible", id="dealer's hand 25 is impossible"),
    P(Deal(dealer=0, crib=26), (0, 0), "crib",
      "no hand scores 26: 19, 25, 26 and 27 are impossible", id="crib 26 is impossible"),
    P(Deal(dealer=1, crib=27), (0, 0), "crib",
      "no hand scores 27: 19, 25, 26 and 27 are impossible", id="crib 27 is impossible"),
    P(Deal(dealer=0, pone_hand=30), (0, 0), "pone_hand", "30 is more than the 29 possible",
      id="a hand over 29"),
    P(Deal(dealer=0, crib=-2), (0, 0), "crib", "points cannot be negative (-2)", id="negative crib"),
    P(Deal(dealer=0, pegging=(-1, 0)), (0, 0), "pegging", "points cannot be negative (-1)",
      id="negative pegging"),
    P(Deal(dealer=0, pegging=(0, 25)), (0, 0), "pegging",
      "the pone pegged 25; no deal gives the pone more than 24", id="pone pegging over 24"),
    P(Deal(dealer=0, pegging=(31, 0)), (0, 0), "pegging",
      "the dealer pegged 31; no deal gives the dealer more than 30", id="dealer pegging over 30"),
    P(Deal(dealer=0, pegging=(1,)), (0, 0), "pegging", "pegging needs two numbers, 1 given",
      id="pegging for one player only"),
    P(Deal(dealer=2), (0, 0), "dealer", "dealer must be player 0 or 1, not 2", id="dealer 2"),
    P(Deal(dealer=0, pegged_out_first=3), (0, 0), "pegged_out_first",
      "pegged_out_first must be player 0 or 1, not 3", id="pegged out first: player 3"),
    P(Deal(dealer=0), (121, 100), "scores_before", "the game is over: a score has reached 121",
      id="a finished game takes no more deals"),
    P(Deal(dealer=0), (10,), "scores_before", "two scores are needed, 1 given", id="one score"),
])
def test_impossible_deals_are_refused(deal, before, field, text):
    with pytest.raises(CribbageError) as info:
        play_deal(R121, before, deal)
    assert (info.value.field, str(info.value)) == (field, text)


def test_unknown_starter_names_the_field():
    with pytest.raises(CardError) as info:
        play_deal(R121, (0, 0), Deal(dealer=0, starter="ZZ"))
    assert info.value.field == "starter"


def test_starter_that_is_not_a_jack_gives_no_heels():
    result = play_deal(R121, (0, 0), Deal(dealer=1, starter="QH", crib=4))
    assert (result.heels, result.scores_after) == (0, (0, 4))


# Each count: the cards laid and who laid each (p = pone, d = dealer); the last card pegs the go.
@pytest.mark.parametrize("counts, scorer, most", [
    P([("7C 7D 7H 7S", "pdpd"), ("4C 4D 4H 4S", "pdpd")], "d", MAX_PEGGING_DEALER,
      id="dealer pegs 30: 7 7 7 7 (2+12, go at 28), then 4 4 4 4 (2+12, last card)"),
    P([("4C 6D 5H 5S 5D 5C", "pdpdpp"), ("7C 7D", "dd")], "p", MAX_PEGGING_PONE,
      id="pone pegs 24: 4 6 5 (run and fifteen 5), 5, 5 (6), dealer goes, 5 (12), go at 30"),
])
def test_pegging_maximum_is_reached(counts, scorer, most):
    total = 0
    for cards, players in counts:
        points = peg_points(cards)
        total += sum(p for p, who in zip(points, players) if who == scorer)
        total += go_point(count_of(cards)) if players[-1] == scorer else 0
    assert total == most
    pegging = (MAX_PEGGING_DEALER, MAX_PEGGING_PONE)
    assert play_deal(R121, (0, 0), Deal(dealer=0, pegging=pegging)).scores_after == pegging


# rules, final scores, winner, margin, skunk, double skunk, game points, spread
OUTCOMES = [
    P(R121, (121, 100), 0, 21, False, False, (2, 0), (21, -21), id="acc: win by 21 -> 2, spread +21/-21"),
    P(R121, (121, 91), 0, 30, False, False, (2, 0), (30, -30), id="acc: loser on 91 is no skunk -> 2"),
    P(R121, (121, 90), 0, 31, True, False, (3, 0), (31, -31), id="acc: loser on 90 is skunked -> 3"),
    P(R121, (121, 60), 0, 61, True, True, (3, 0), (61, -61), id="acc: a double skunk still 3"),
    P(PAST121, (80, 125), 1, 45, True, False, (0, 3), (-45, 45),
      id="past the hole: acc: player 1 wins 125-80, skunk -> 3"),
    P(CribbageRules(game_points="double_skunk"), (121, 60), 0, 61, True, True, (4, 0), (61, -61),
      id="double_skunk: loser on 60 -> 4"),
    P(CribbageRules(game_points="double_skunk"), (121, 61), 0, 60, True, False, (3, 0), (60, -60),
      id="double_skunk: loser on 61 is a single skunk -> 3"),
    P(CribbageRules(game_points="no_skunks"), (121, 40), 0, 81, True, True, (2, 0), (81, -81),
      id="no_skunks: any win -> 2"),
    P(CribbageRules(spread="loser_121", past_hole=True), (125, 100), 0, 25, False, False, (2, 0), (25, -21),
      id="past the hole: loser_121: winner +25 (125-100), loser records 121-100 = -21"),
    P(CribbageRules(spread="loser_121"), (121, 100), 0, 21, False, False, (2, 0), (21, -21),
      id="loser_121 equals margin when the winner stops on 121"),
    P(PAST121, (125, 100), 0, 25, False, False, (2, 0), (25, -25), id="past the hole: margin: 125-100 -> +25/-25"),
    P(R61, (61, 30), 0, 31, True, False, (3, 0), (31, -31), id="61 game: loser on 30 is skunked -> 3"),
    P(R61, (61, 31), 0, 30, False, False, (2, 0), (30, -30), id="61 game: loser on 31 is no skunk -> 2"),
]


@pytest.mark.parametrize("rules, scores, winner, margin, skunk, double, points, spread", OUTCOMES)
def test_game_outcome(rules, scores, winner, margin, skunk, double, points, spread):
    outcome = game_outcome(rules, scores)
    assert (outcome.winner, outcome.loser, outcome.margin) == (winner, 1 - winner, margin)
    assert (outcome.skunk, outcome.double_skunk) == (skunk, double)
    assert (outcome.game_points, outcome.spread) == (points, spread)


@pytest.mark.parametrize("scores", [
    P((120, 100), id="no one has reached 121"),
    P((121, 121), id="both at 121"),
])
def test_game_outcome_needs_one_winner(scores):
    with pytest.raises(CribbageError) as info:
        game_outcome(R121, scores)
    assert info.value.field == "scores"
