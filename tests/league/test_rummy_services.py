"""Rummy-style Pinochle rounds through the services (docs/rules.md, "Rummy-style Pinochle"):
round totals and running totals, barbele (750 or more needs 70 to open, −50),
the end at 1500 or after 8 rounds, corrections that re-derive everything, and
refused input that saves nothing.

Ann (N) and Cy (S) are N–S, side 0; Bo (E) and Di (W) are E–W, side 1.
"""
import pytest
from django.core.exceptions import ValidationError

from league.i18n import render
from league.models import Game, Hand, HandRevision, HandSide
from league.games.rummy.services import rummy_game_create
from league.games.rummy.inputs import RummyRoundInput
from league.services.workflow import entry_delete, entry_record, entry_update


def team(melds=0, **kw):
    return dict(melds_on_table=melds, **kw)


# A game to 1500 (default rules: going out 20, run bonuses 0, barbele 750/70/−50).
TO_1620 = [
    # N–S 400 + going out 20 = 420; E–W 200 − 35 left = 165.
    [team(400, going_out=True, first_meld=80), team(200, cards_left=35, first_meld=60)],
    # N–S 300 ×2 (out without wilds) + 20 = 620 → 1040; E–W 150 − 50 − 10 = 90 → 255.
    [team(300, going_out=True, without_wilds=True, first_meld=75),
     team(150, cards_left=50, penalties=10, first_meld=70)],
    # N–S has barbele (1040): 250 − 20 left − 50 failed opening (60 < 70) = 180 → 1220;
    # E–W folds with wilds: 300 ×2, no going-out bonus, two wilds rescued from kings 80 → 680 → 935.
    [team(250, cards_left=20, first_meld=60),
     team(300, going_out=True, folded_hand=True, rescued_wilds=[["set", 2, "K"]], first_meld=90)],
    # N–S folds without wilds: 100 ×4 = 400 → 1620 (opening 70 is enough); E–W 120 − 45 = 75 → 1010.
    [team(100, going_out=True, folded_hand=True, without_wilds=True, first_meld=70),
     team(120, cards_left=45, first_meld=90)],
]


@pytest.fixture
def game(club, players, organizer):
    return rummy_game_create(club=club, players=players, by=organizer)


def play(game, organizer, rounds):
    return [entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r)) for r in rounds]


def totals(game):
    return tuple(s.total for s in game.sides.order_by("side"))


def rows(hand):
    """(counted melds, round total, running total) for N–S, then E–W."""
    return [(r.counted_meld, r.delta, r.total) for r in hand.side_rows.order_by("side")]


def state(game):
    """Every stored number of the game, to prove a refused write changed nothing."""
    game.refresh_from_db()
    return (
        game.status, game.winner_side, game.end_reason, game.hand_count, totals(game),
        list(Hand.objects.filter(game=game).order_by("number").values_list("number", "dealer", "notes", "version")),
        list(HandSide.objects.filter(hand__game=game).order_by("hand__number", "side").values_list(
            "detail", "counted_meld", "delta", "total")),
        HandRevision.objects.filter(game=game).count(),
    )


def test_a_game_to_1500_adds_each_teams_round_to_its_running_total(game, organizer):
    hands = play(game, organizer, TO_1620)
    assert [rows(h) for h in hands] == [
        [(400, 420, 420), (200, 165, 165)],
        [(600, 620, 1040), (150, 90, 255)],
        [(250, 180, 1220), (600, 680, 935)],
        [(400, 400, 1620), (120, 75, 1010)],
    ]
    game.refresh_from_db()
    assert (game.status, game.winner_side, game.hand_count, totals(game)) == (Game.Status.FINISHED, 0, 4, (1620, 1010))
    assert render(game.end_message) == "N–S reached 1620"
    assert [s.won for s in game.sides.order_by("side")] == [True, False]
    assert [h.dealer for h in hands] == [0, 1, 2, 3]  # the deal passes N, E, S, W
    assert game.game_type == "rummy" and game.rules["target"] == 1500
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Bo", "Cy", "Di"]


def test_the_inputs_of_each_team_are_stored_in_its_detail(game, organizer):
    hand = play(game, organizer, TO_1620[:1])[0]
    ns, ew = hand.side_rows.order_by("side")
    assert ns.detail == {"melds_on_table": 400, "clean_runs": 0, "semi_clean_runs": 0, "dirty_runs": 0,
                         "cards_left": 0, "penalties": 0, "going_out": True, "folded_hand": False,
                         "without_wilds": False, "first_meld": 80, "rescued_wilds": [], "face_up_card": False,
                         "pinochle_sets": 0, "full_straights": 0, "failed_openings": 0}
    assert (ew.detail["cards_left"], ew.detail["first_meld"], ns.meld, ew.meld) == (35, 60, 400, 200)


def test_barbele_a_failed_opening_at_750_or_more_warns_and_costs_50(game, organizer):
    hands = play(game, organizer, TO_1620[:3])
    assert hands[1].notes == []  # N–S had 420 before round 2: no barbele yet, opening 75 is irrelevant
    assert [render(n) for n in hands[2].note_messages] == [
        "N–S has barbele (1040 ≥ 750): a first meld of 60 is under 70, −50"]
    assert rows(hands[2])[0] == (250, 180, 1220)  # 250 − 20 − 50


def test_barbele_an_opening_of_exactly_70_is_enough(game, organizer):
    hands = play(game, organizer, TO_1620)
    assert hands[3].notes == [] and rows(hands[3])[0] == (400, 400, 1620)


def test_barbele_a_team_under_750_opens_with_anything(game, organizer):
    hand = play(game, organizer, [[team(100, first_meld=20), team(60, first_meld=15)]])[0]
    assert hand.notes == [] and rows(hand) == [(100, 100, 100), (60, 60, 60)]


def test_barbele_a_team_that_never_melded_pays_no_opening_penalty(game, organizer):
    play(game, organizer, TO_1620[:2])  # N–S 1040
    hand = entry_record(game=game, by=organizer,
                        inputs=RummyRoundInput(teams=[team(0, cards_left=85), team(200, going_out=True)]))
    assert hand.notes == [] and rows(hand) == [(0, -85, 955), (200, 220, 475)]


def test_rounds_limit_variant_highest_after_8_rounds_wins(club, players, organizer):
    game = rummy_game_create(club=club, players=players, rules={"rounds_limit": 8}, by=organizer)
    play(game, organizer, [[team(10), team(20)]] * 7)
    game.refresh_from_db()
    assert (game.status, totals(game)) == (Game.Status.IN_PROGRESS, (70, 140))
    play(game, organizer, [[team(10), team(20)]])
    game.refresh_from_db()
    assert (game.status, game.winner_side, game.hand_limit, totals(game)) == (Game.Status.FINISHED, 1, 8, (80, 160))
    assert render(game.end_message) == "8 rounds played: E–W wins 160 to 80"


def test_rounds_limit_variant_equal_after_8_rounds_is_a_draw(club, players, organizer):
    game = rummy_game_create(club=club, players=players, rules={"rounds_limit": 8}, by=organizer)
    play(game, organizer, [[team(25), team(25)]] * 8)
    game.refresh_from_db()
    assert (game.status, game.winner_side, totals(game)) == (Game.Status.FINISHED, None, (200, 200))
    assert render(game.end_message) == "8 rounds played: a draw at 200"
    assert [s.won for s in game.sides.order_by("side")] == [False, False]


def test_both_teams_over_1500_the_higher_wins(game, organizer):
    play(game, organizer, [[team(1400), team(1400)]])
    entry_record(game=game, by=organizer,
                 inputs=RummyRoundInput(teams=[team(200, first_meld=100), team(150, first_meld=100)]))
    game.refresh_from_db()
    assert (game.winner_side, totals(game)) == (0, (1600, 1550))
    assert render(game.end_message) == "both teams reached 1500: N–S wins with 1600 to 1550"


def test_both_teams_equal_over_1500_play_another_round(game, organizer):
    play(game, organizer, [[team(1400), team(1400)], [team(150, first_meld=100), team(150, first_meld=100)]])
    game.refresh_from_db()
    assert (game.status, totals(game)) == (Game.Status.IN_PROGRESS, (1550, 1550))
    entry_record(game=game, by=organizer,
                 inputs=RummyRoundInput(teams=[team(5, first_meld=5), team(10, first_meld=100)]))
    game.refresh_from_db()
    # N–S 5 − 50 (barbele, opening 5 < 70) = −45; E–W +10.
    assert (game.winner_side, totals(game)) == (1, (1505, 1560))


def test_editing_an_earlier_round_rederives_every_total_and_the_winner(game, organizer):
    hands = play(game, organizer, TO_1620)
    # Round 1: N–S melded 100, not 400 → every later N–S total 300 lower; 1320 does not win.
    entry_update(hand=hands[0], by=organizer, expected_version=1,
                 inputs=RummyRoundInput(teams=[team(100, going_out=True, first_meld=80), TO_1620[0][1]]))
    game.refresh_from_db()
    assert [rows(h) for h in game.hands.order_by("number")] == [
        [(100, 120, 120), (200, 165, 165)],
        [(600, 620, 740), (150, 90, 255)],
        [(250, 230, 970), (600, 680, 935)],  # 740 before round 3: no barbele, no −50
        [(400, 400, 1370), (120, 75, 1010)],
    ]
    assert (game.status, game.winner_side, game.end_reason, totals(game)) == (
        Game.Status.IN_PROGRESS, None, None, (1370, 1010))
    assert Hand.objects.get(game=game, number=3).notes == []
    # Round 3: E–W folded with 545 on the table → 1090 + 80 = 1170 → 1425, then 75 → 1500: E–W wins.
    entry_update(hand=hands[2], by=organizer,
                 inputs=RummyRoundInput(teams=[TO_1620[2][0], team(545, going_out=True, folded_hand=True,
                                                          rescued_wilds=[["set", 2, "K"]], first_meld=90)]))
    game.refresh_from_db()
    assert (game.status, game.winner_side, totals(game)) == (Game.Status.FINISHED, 1, (1370, 1500))
    assert render(game.end_message) == "E–W reached 1500"
    hand = Hand.objects.get(game=game, number=3)
    assert (hand.version, rows(hand)) == (2, [(250, 230, 970), (1090, 1170, 1425)])
    assert list(HandRevision.objects.filter(game=game, number__gt=0).values_list("action", flat=True)) == [
        "create", "create", "create", "create", "update", "update"]


def test_an_edit_that_would_end_the_game_before_later_rounds_is_refused(game, organizer):
    hands = play(game, organizer, TO_1620)
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_update(hand=hands[0], by=organizer, inputs=RummyRoundInput(teams=[team(1500), team(0)]))
    assert e.value.messages == [
        "The game would end at round 1; round 2 cannot follow it. Delete the later rounds first."]
    assert state(game) == before


def test_a_stale_edit_is_refused(game, organizer):
    hands = play(game, organizer, TO_1620[:2])
    entry_update(hand=hands[0], by=organizer, expected_version=1, inputs=RummyRoundInput(teams=TO_1620[0]))
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_update(hand=hands[0], by=organizer, expected_version=1, inputs=RummyRoundInput(teams=TO_1620[0]))
    assert e.value.messages == ["Round 1 was changed by someone else meanwhile; here are the current values."]
    assert state(game) == before


def test_deleting_the_winning_round_reopens_the_game(game, organizer):
    hands = play(game, organizer, TO_1620)
    entry_delete(hand=hands[3], by=organizer)
    game.refresh_from_db()
    assert (game.status, game.winner_side, game.hand_count, totals(game)) == (
        Game.Status.IN_PROGRESS, None, 3, (1220, 935))


def test_deleting_an_earlier_round_renumbers_and_rederives(game, organizer):
    hands = play(game, organizer, TO_1620[:3])
    entry_delete(hand=hands[0], by=organizer)
    game.refresh_from_db()
    # Without round 1, N–S has 620 before round 3: no barbele, 250 − 20 = 230.
    assert [(h.number, h.dealer, rows(h)) for h in game.hands.order_by("number")] == [
        (1, 0, [(600, 620, 620), (150, 90, 90)]),
        (2, 1, [(250, 230, 850), (600, 680, 770)]),
    ]
    assert game.hand_count == 2 and totals(game) == (850, 770)
    assert HandRevision.objects.filter(game=game, action="delete").get().before["sides"][0]["total"] == 420


@pytest.mark.parametrize("teams, errors", [
    ([team(33), team(0)], {"t0_melds_on_table": [
        "melds_on_table 33 is not a multiple of 5: every card counts 5, 10, 15 or 30"]}),
    ([team(0), team(0, cards_left=-5)], {"t1_cards_left": [
        "cards_left must be a whole number, 0 or more, not -5"]}),
    ([team(0), team(10, folded_hand=True)], {"t1_folded_hand": [
        "folded_hand describes how the team went out: tick going_out too"]}),
    ([team(50, going_out=True), team(10, going_out=True)], {"t1_going_out": ["only one team can go out in a round"]}),
    ([team(0, rescued_wilds=[["set", 2, "2"]]), team(0)], {"t0_rescued_wilds": [
        "a set's rank is one of A K Q J 10 9 8 7 6 5 4 3, not '2'"]}),
    ([team(0, rescued_wilds=[["run", 0, None]]), team(0)], {"t0_rescued_wilds": [
        "rescued wilds are counted 1 or more, not 0"]}),
    ([team(0, first_meld=12), team(0)], {"t0_first_meld": [
        "first_meld 12 is not a multiple of 5: every card counts 5, 10, 15 or 30"]}),
    ([team(0, penalties="x"), team(0)], {"t0_penalties": [
        "penalties must be a whole number, 0 or more, not 'x'"]}),
], ids=["melds count in fives", "cards left cannot be negative", "a fold is a way of going out",
        "only one team goes out", "a set's rank is natural (deuces are wild)", "a rescue is 1 wild or more",
        "the first meld counts in fives", "penalties are whole numbers"])
def test_invalid_inputs_save_nothing(game, organizer, teams, errors):
    play(game, organizer, TO_1620[:1])
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=teams))
    assert e.value.message_dict == errors
    assert state(game) == before


def test_no_round_after_the_game_is_over(game, organizer):
    play(game, organizer, TO_1620)
    before = state(game)
    with pytest.raises(ValidationError) as e:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=[team(10), team(10)]))
    assert e.value.messages == ["This game is over; edit a round to change its result."]
    assert state(game) == before


def test_a_game_is_four_different_players_of_the_club(club, players, organizer):
    with pytest.raises(ValidationError) as e:
        rummy_game_create(club=club, players=players[:3], by=organizer)
    assert e.value.message_dict == {"players": ["A rummy game needs exactly four players."]}
    with pytest.raises(ValidationError) as e:
        rummy_game_create(club=club, players=[players[0]] * 4, by=organizer)
    assert e.value.message_dict == {"players": ["Four different players, please."]}
    with pytest.raises(ValidationError) as e:
        rummy_game_create(club=club, players=players, rules={"target": 0}, by=organizer)
    assert e.value.message_dict == {"rules": ["target must be a whole number of 1 or more, not 0"]}
    assert Game.objects.count() == 0
