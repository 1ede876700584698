"""Cribbage deals through the services (docs/rules.md, "Cribbage"): counting order, his
heels, pegging out, skunks and game points per variant, corrections that
re-derive everything, and refused input that saves nothing.

Ann (seat 0) deals first, Bo (seat 1) second, and the deal alternates.
``pegging`` is (Ann, Bo); the pone's hand is the non-dealer's.
"""
import datetime

import pytest
from django.core.exceptions import ValidationError

from league import services
from league.models import Game, Hand, HandRevision, HandSide, Result, RuleProfile
from league.games.cribbage.services import cribbage_game_create
from league.games.cribbage.inputs import CribbageDealInput
from league.services.workflow import entry_delete, entry_record, entry_update

D = datetime.date


def deal(pegging=(0, 0), pone_hand=0, dealer_hand=0, crib=0, **kw):
    return dict(pegging=pegging, pone_hand=pone_hand, dealer_hand=dealer_hand, crib=crib, **kw)


# Four deals to Ann 100, Bo 112 (Ann deals the 1st and 3rd, Bo the 2nd and 4th).
TO_100_112 = [
    deal((4, 3), pone_hand=12, dealer_hand=16, crib=8),    # Ann 4+16+8 = 28, Bo 3+12 = 15
    deal((2, 5), pone_hand=10, dealer_hand=24, crib=12),   # Ann 28+2+10 = 40, Bo 15+5+24+12 = 56
    deal((6, 4), pone_hand=20, dealer_hand=14, crib=10),   # Ann 40+6+14+10 = 70, Bo 56+4+20 = 80
    deal((6, 4), pone_hand=24, dealer_hand=16, crib=12),   # Ann 70+6+24 = 100, Bo 80+4+16+12 = 112
]
# Ann deals: Ann 100+3+12+2 = 117, Bo 112+2+5 = 119.
TO_117_119 = TO_100_112 + [deal((3, 2), pone_hand=5, dealer_hand=12, crib=2)]
# Ann deals; Bo's pegging takes him to 113, his hand (the pone's, counted first) to 121.
PONE_OUT = deal((2, 1), pone_hand=8, dealer_hand=24, crib=4)


@pytest.fixture
def game(club, players, organizer):
    return cribbage_game_create(club=club, players=players[:2], by=organizer)


def play(game, organizer, deals):
    return [entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d)) for d in deals]


def totals(game):
    return tuple(s.total for s in game.sides.order_by("side"))


def rows(hand):
    """(pegging, show, crib, delta, total) for Ann, then Bo."""
    return [(r.pegging, r.show, r.crib, r.delta, r.total) for r in hand.side_rows.order_by("side")]


def state(game):
    """Every stored number of the game, to prove a refused write changed nothing."""
    game.refresh_from_db()
    return (
        game.status, game.winner_side, game.end_reason, game.hand_count, totals(game),
        list(Hand.objects.filter(game=game).order_by("number").values_list(
            "number", "dealer", "starter", "pegged_out_first", "ended_stage", "version")),
        list(HandSide.objects.filter(hand__game=game).order_by("hand__number", "side").values_list(
            "pegging", "show", "crib", "delta", "total")),
        HandRevision.objects.filter(game=game).count(),
    )


def test_a_deal_adds_each_players_pegging_hand_and_the_dealers_crib(game, organizer):
    (hand,) = play(game, organizer, TO_100_112[:1])
    assert totals(game) == (28, 15)
    assert rows(hand) == [(4, 16, 8, 28, 28), (3, 12, None, 15, 15)]
    assert (hand.kind, hand.number, hand.dealer, hand.starter, hand.ended_stage) == ("deal", 1, 0, "", "")
    assert HandRevision.objects.filter(game=game, action="create").count() == 1


@pytest.mark.parametrize("first_dealer, dealers", [(0, [0, 1, 0]), (1, [1, 0, 1])],
                         ids=["Ann cuts low: Ann, Bo, Ann", "Bo cuts low: Bo, Ann, Bo"])
def test_the_deal_alternates_from_the_first_dealer(club, players, organizer, first_dealer, dealers):
    game = cribbage_game_create(club=club, players=players[:2], first_dealer=first_dealer, by=organizer)
    assert [h.dealer for h in play(game, organizer, [deal()] * 3)] == dealers


@pytest.mark.parametrize("starter, stored, ann", [("JH", "JH", 2), ("jd", "JD", 2), ("5H", "5H", 0), ("", "", 0)],
                         ids=["his heels: starter JH, dealer +2", "jd is the jack of diamonds: +2",
                              "starter 5H: no heels", "no starter: no heels"])
def test_a_starter_jack_gives_the_dealer_2_for_his_heels(game, organizer, starter, stored, ann):
    (hand,) = play(game, organizer, [deal(starter=starter)])
    assert hand.starter == stored
    assert totals(game) == (ann, 0)
    assert hand.notes == ([["his heels: %(name)s pegs %(points)d", {"name": "Ann", "points": 2}]] if ann else [])


def test_his_heels_can_end_the_game_before_the_play(game, organizer):
    play(game, organizer, TO_117_119)
    hand = entry_record(game=game, by=organizer,
                        inputs=CribbageDealInput(**deal((4, 2), pone_hand=12, starter="JC")))  # Bo deals
    game.refresh_from_db()
    assert totals(game) == (117, 121)
    assert (game.winner_side, hand.ended_stage) == (1, "heels")
    assert rows(hand) == [(4, 12, None, 0, 117), (2, 0, 0, 2, 121)]
    assert str(game.end_message) == "Bo reached 121 with his heels; Ann 117"


def test_pone_wins_with_the_hand_although_the_dealers_would_go_further(game, organizer):
    hand = play(game, organizer, TO_100_112 + [PONE_OUT])[-1]
    game.refresh_from_db()
    assert totals(game) == (102, 121)
    assert (game.status, game.winner_side, hand.ended_stage) == (Game.Status.FINISHED, 1, "pone_hand")
    assert [s.won for s in game.sides.order_by("side")] == [False, True]
    assert rows(hand) == [(2, 24, 4, 2, 102), (1, 8, None, 9, 121)]  # Ann's 24 and crib 4 never counted
    assert str(game.end_message) == "Bo reached 121 with the pone's hand; Ann 102"


def test_the_dealers_hand_counts_when_the_pones_falls_short(game, organizer):
    hand = play(game, organizer, TO_100_112 + [deal((2, 1), pone_hand=6, dealer_hand=24, crib=4)])[-1]
    game.refresh_from_db()
    assert totals(game) == (121, 119)  # Ann's 102 + 24 stops in the hole
    assert (game.winner_side, hand.ended_stage) == (0, "dealer_hand")
    assert rows(hand) == [(2, 24, 4, 21, 121), (1, 6, None, 7, 119)]  # 2 + 24 stops 21 later; no crib
    assert str(game.end_message) == "Ann reached 121 with the dealer's hand; Bo 119"


def test_both_pegging_out_needs_who_pegged_out_first(game, organizer):
    play(game, organizer, TO_117_119)
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_record(game=game, by=organizer,
                     inputs=CribbageDealInput(**deal((4, 2))))  # 117+4 and 119+2 both reach 121
    assert e.value.message_dict == {"pegged_out_first": ["both players' pegging reaches 121: say who pegged out first"]}
    assert state(game) == before


@pytest.mark.parametrize("first, expected, winner", [(0, (121, 120), 0), (1, (120, 121), 1)],
                         ids=["Ann out first: Bo stops at 120", "Bo out first: Ann stops at 120"])
def test_who_pegged_out_first_wins_and_the_other_stops_one_short(game, organizer, first, expected, winner):
    play(game, organizer, TO_117_119)
    hand = entry_record(game=game, by=organizer,
                        inputs=CribbageDealInput(**deal((4, 2), pone_hand=20, pegged_out_first=first)))
    game.refresh_from_db()
    assert totals(game) == expected
    assert (game.winner_side, hand.ended_stage, hand.pegged_out_first) == (winner, "pegging", first)


def test_one_player_pegging_out_wins_without_being_asked(game, organizer):
    play(game, organizer, TO_117_119)
    hand = entry_record(game=game, by=organizer,
                        inputs=CribbageDealInput(**deal((3, 2), pone_hand=20)))  # Ann 120 first, Bo 121
    game.refresh_from_db()
    assert totals(game) == (120, 121) and game.winner_side == 1
    assert str(game.end_message) == "Bo reached 121 with pegging; Ann 120"
    assert hand.ended_stage == "pegging"


# Ann deals the 1st, 3rd and 5th deal, Bo the 2nd and 4th; Ann pegs out in deal 5.
def skunk_deals(bo_final, ann_last_peg=3):
    bo_low = bo_final == 50
    return [
        deal((8, 4), pone_hand=12, dealer_hand=20, crib=10),                                  # 38 : 16
        deal((4, 6), pone_hand=16, dealer_hand=4 if bo_low else 12, crib=0 if bo_low else 8),  # 58 : 26 or 42
        deal((6, 4), pone_hand=10, dealer_hand=24, crib=12),                                  # 100 : 40 or 56
        deal((4, 8), pone_hand=14, dealer_hand=2 if bo_low else 16,
             crib={50: 0, 88: 8, 95: 15}[bo_final]),                                          # 118 : 50, 88, 95
        deal((ann_last_peg, 0)),                                                              # Ann pegs out
    ]


def league_game(club, organizer, players, options):
    profile = RuleProfile.objects.create(club=club, name="Crib", game_type="cribbage", options=options)
    league = services.league_create(club=club, name="Cribbage", rule_profile=profile, format="individual")
    season = services.season_create(league=league, name="Winter", starts_on=D(2026, 1, 1), ends_on=D(2026, 3, 31))
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=1)
    services.night_check_in(night=night, players=players[:2])
    return Game.objects.get(table__round=services.round_seat(night=night, by=organizer))


# (side, won, game points, spread, skunks given, skunks taken, points for, points against)
@pytest.mark.parametrize("options, bo_final, ann_peg, reason, results", [
    ({}, 88, 3, "skunk", [(0, True, 3, 33, 1, 0, 121, 88), (1, False, 0, -33, 0, 1, 88, 121)]),
    ({}, 50, 3, "double skunk", [(0, True, 3, 71, 1, 0, 121, 50), (1, False, 0, -71, 0, 1, 50, 121)]),
    ({}, 95, 3, "", [(0, True, 2, 26, 0, 0, 121, 95), (1, False, 0, -26, 0, 0, 95, 121)]),
    ({"game_points": "double_skunk"}, 50, 3, "double skunk",
     [(0, True, 4, 71, 1, 0, 121, 50), (1, False, 0, -71, 0, 1, 50, 121)]),
    ({"game_points": "double_skunk"}, 88, 3, "skunk", [(0, True, 3, 33, 1, 0, 121, 88), (1, False, 0, -33, 0, 1, 88, 121)]),
    ({"game_points": "no_skunks"}, 50, 3, "double skunk",
     [(0, True, 2, 71, 1, 0, 121, 50), (1, False, 0, -71, 0, 1, 50, 121)]),
    ({"spread": "loser_121"}, 88, 7, "skunk", [(0, True, 3, 33, 1, 0, 121, 88), (1, False, 0, -33, 0, 1, 88, 121)]),
    ({"spread": "loser_121", "past_hole": True}, 88, 7, "skunk",
     [(0, True, 3, 37, 1, 0, 125, 88), (1, False, 0, -33, 0, 1, 88, 125)]),
], ids=[
    "acc: 121-88 is a skunk: 3 game points, spread +33/-33",
    "acc: 121-50 double skunk still 3",
    "acc: 121-95 no skunk: 2",
    "double_skunk variant: 121-50 earns 4",
    "double_skunk variant: 121-88 earns 3",
    "no_skunks variant: 121-50 earns 2",
    "loser_121 spread: Ann's 118 + 7 stops at 121: +33 for Ann, -(121-88) = -33 for Bo",
    "loser_121 spread counting past the hole: 125-88 is +37 for Ann, -(121-88) = -33 for Bo",
])
def test_skunks_and_game_points_per_variant(club, players, organizer, options, bo_final, ann_peg, reason, results):
    game = league_game(club, organizer, players, options)
    play(game, organizer, skunk_deals(bo_final, ann_peg))
    game.refresh_from_db()
    ann, bo = (s.player.name for s in game.seats.order_by("seat"))
    end = f"{ann} reached {121 + ann_peg - 3 if options.get('past_hole') else 121} with pegging; {bo} {bo_final}"
    assert str(game.end_message) == (f"{end}: {reason}" if reason else end)
    assert list(Result.objects.filter(game=game).order_by("side").values_list(
        "side", "won", "game_points", "margin", "skunks_given", "skunks_taken", "points_for", "points_against",
    )) == results


def test_editing_an_earlier_deal_rederives_every_total_and_the_winner(game, organizer):
    hands = play(game, organizer, TO_100_112 + [PONE_OUT])
    entry_update(hand=hands[0], by=organizer, expected_version=1,
                 inputs=CribbageDealInput(pone_hand=4))  # Bo's first hand 12 -> 4
    game.refresh_from_db()
    assert [rows(h)[0][4] for h in hands] == [28, 40, 70, 100, 121]
    assert [rows(h)[1][4] for h in hands] == [7, 48, 72, 104, 113]
    assert (game.winner_side, Hand.objects.get(pk=hands[4].pk).ended_stage) == (0, "dealer_hand")
    assert str(game.end_message) == "Ann reached 121 with the dealer's hand; Bo 113"
    hands[0].refresh_from_db()
    assert (hands[0].version, hands[0].edited_by) == (2, organizer)
    entry_update(hand=hands[0], by=organizer, inputs=CribbageDealInput(pone_hand=12))
    game.refresh_from_db()
    assert totals(game) == (102, 121) and game.winner_side == 1
    assert HandRevision.objects.filter(game=game, action="update").count() == 2


def test_a_stale_edit_is_refused(game, organizer):
    (hand,) = play(game, organizer, TO_100_112[:1])
    entry_update(hand=hand, by=organizer, inputs=CribbageDealInput(crib=6))
    before = state(game)
    with pytest.raises(ValidationError, match="Deal 1 was changed by someone else meanwhile"):
        entry_update(hand=hand, by=organizer, expected_version=1, inputs=CribbageDealInput(crib=4))
    assert state(game) == before


def test_deleting_the_winning_deal_reopens_the_game(game, organizer):
    hands = play(game, organizer, TO_100_112 + [PONE_OUT])
    entry_delete(hand=hands[4], by=organizer)
    game.refresh_from_db()
    assert (game.status, game.winner_side, game.end_reason, game.hand_count) == (Game.Status.IN_PROGRESS, None, None, 4)
    assert totals(game) == (100, 112)
    assert [s.won for s in game.sides.all()] == [False, False]


def test_deleting_an_earlier_deal_renumbers_and_rederives(game, organizer):
    hands = play(game, organizer, TO_100_112)
    entry_delete(hand=hands[1], by=organizer)
    left = list(Hand.objects.filter(game=game).order_by("number"))
    assert [(h.number, h.dealer) for h in left] == [(1, 0), (2, 0), (3, 1)]  # stored dealers are inputs
    assert [rows(h)[0][4] for h in left] == [28, 58, 88]
    assert [rows(h)[1][4] for h in left] == [15, 39, 71]
    assert HandRevision.objects.filter(game=game, action="delete", number=2).count() == 1


def test_an_edit_that_would_end_the_game_before_later_deals_is_refused(game, organizer):
    hands = play(game, organizer, TO_117_119)
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_update(hand=hands[3], by=organizer,
                     inputs=CribbageDealInput(crib=21))  # Bo's crib 12 -> 21: 121 at deal 4
    assert e.value.messages == [
        "The game would end at deal 4; deal 5 cannot follow it. Delete the later deals first."]
    assert state(game) == before


@pytest.mark.parametrize("bad, errors", [
    (dict(pone_hand=19), {"pone_hand": ["no hand scores 19: 19, 25, 26 and 27 are impossible"]}),
    (dict(dealer_hand=25), {"dealer_hand": ["no hand scores 25: 19, 25, 26 and 27 are impossible"]}),
    (dict(crib=30), {"crib": ["30 is more than the 29 possible"]}),
    (dict(pegging=(25, 3)), {"pegging": ["the pone pegged 25; no deal gives the pone more than 24"]}),
    (dict(pegging=(3, 31)), {"pegging": ["the dealer pegged 31; no deal gives the dealer more than 30"]}),
    (dict(pegging=(-1, 0)), {"pegging": ["points cannot be negative (-1)"]}),
    (dict(starter="1X"), {"starter": ["1X is not a card: write rank then suit, e.g. AS, 10H, TD, Q♠"]}),
    (dict(dealer=2), {"dealer": ["The dealer is one of the two players."]}),
    (dict(pegged_out_first=0), {"pegged_out_first": ["Ann did not peg out: 28 + 0 is short of 121"]}),
], ids=["no hand scores 19", "no hand scores 25", "a show is at most 29", "the pone pegs at most 24",
        "the dealer pegs at most 30", "no negative pegging", "a starter is a card",
        "the dealer is player 0 or 1", "who pegged out first only when someone did"])
def test_invalid_inputs_save_nothing(game, organizer, bad, errors):
    play(game, organizer, TO_100_112[:1])  # Ann 28, Bo 15; Bo deals next, Ann is pone
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**{**deal(), **bad}))
    assert e.value.message_dict == errors
    assert state(game) == before


@pytest.mark.parametrize("pegging, player", [((25, 0), "player_0"), ((0, 31), "player_1")],
                         ids=["pone Ann pegged 25: under Ann", "dealer Bo pegged 31: under Bo"])
def test_a_pegging_error_names_the_player_it_concerns(game, organizer, pegging, player):
    play(game, organizer, TO_100_112[:1])  # Bo deals next
    with pytest.raises(ValidationError) as e:
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**deal(pegging)))
    assert e.value.error_dict["pegging"][0].code == player


def test_no_deal_after_the_game_is_over(game, organizer):
    play(game, organizer, TO_100_112 + [PONE_OUT])
    before = state(game)
    with pytest.raises(ValidationError, match="This game is over"):
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**deal()))
    assert state(game) == before


def test_a_game_is_two_different_players_of_the_club_with_cribbage_rules(club, players, organizer):
    with pytest.raises(ValidationError) as e:
        cribbage_game_create(club=club, players=players[:1])
    assert e.value.message_dict == {"players": ["A cribbage game needs exactly two players."]}
    with pytest.raises(ValidationError) as e:
        cribbage_game_create(club=club, players=[players[0], players[0]])
    assert e.value.message_dict == {"players": ["A player cannot play against themself."]}
    pinochle = RuleProfile.objects.create(club=club, name="Pinochle", options={})
    with pytest.raises(ValidationError) as e:
        cribbage_game_create(club=club, players=players[:2], rule_profile=pinochle)
    assert e.value.message_dict == {"rule_profile": ["That rule profile is not for cribbage."]}
    sixty_one = RuleProfile.objects.create(club=club, name="61", game_type="cribbage", options={"target": 61})
    game = cribbage_game_create(club=club, players=players[:2], rule_profile=sixty_one, first_dealer=1)
    assert (game.game_type, game.rules, game.first_dealer) == (
        "cribbage", {"target": 61, "game_points": "acc", "spread": "margin"}, 1)
    assert Game.objects.count() == 1
