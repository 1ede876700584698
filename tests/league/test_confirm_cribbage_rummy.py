"""The league's confirmation option for cribbage deals and rummy rounds: a
table link's phone says whose it is, its entries wait for the other player
(cribbage) or side (rummy), who confirms them or enters their own numbers;
results wait for every entry to be confirmed, and a night with entries
waiting cannot be locked."""
import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from league import services
from league.models import Game, Hand, HandRevision, HandStatus, League, Result
from league.games.cribbage.services import PlayerLink
from league.games.cribbage.inputs import CribbageDealInput
from league.games.rummy.inputs import RummyRoundInput
from league.services.entries import entry_confirm, entry_counter
from league.services.workflow import entry_record, entry_update
from league.services.trust import Actor

from .test_cribbage_league import cribbage_season
from .test_cribbage_pages import post_deal
from .test_cribbage_services import TO_100_112, skunk_deals
from .test_rummy_league import rummy_night, table_games
from .test_rummy_pages import post_round
from .test_rummy_services import TO_1620, team

D = datetime.date
FIRST_DEAL = TO_100_112[0]  # seat 0 deals: seat 0 4+16+8 = 28, seat 1 3+12 = 15
FIRST_ROUND = TO_1620[0]  # N–S 400 + going out 20 = 420; E–W 200 − 35 left = 165
LOCK_REFUSED = "{games} games unfinished and {hands} hand unconfirmed: finish them before locking the night."


def seat_link(side):
    """The table link's phone of cribbage player ``side`` (0 or 1)."""
    return PlayerLink(link=True, side=side)


def side_link(side):
    """The table link's phone of rummy side ``side`` (0 N–S, 1 E–W)."""
    return Actor(link=True, side=side)


def totals(game):
    return tuple(s.total for s in game.sides.order_by("side"))


def actions(game):
    """The deal/round trail (number 0 is the game's start, tested in test_game_history)."""
    return list(HandRevision.objects.filter(game=game, number__gt=0).order_by("id").values_list("action", "via"))


def hand(game, number=1):
    return Hand.objects.prefetch_related("side_rows").get(game=game, number=number)


def status(game, number=1):
    return Hand.objects.get(game=game, number=number).status


# --- cribbage -------------------------------------------------------------------------------------------


@pytest.fixture
def crib(club, organizer, players):
    """The one table of a cribbage league night (Ann and Bo) whose league asks for confirmation."""
    season = cribbage_season(club)
    League.objects.filter(pk=season.league_id).update(confirmation=True)
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=1)
    services.night_check_in(night=night, players=players[:2])
    return Game.objects.get(table__round=services.round_seat(night=night, by=organizer))


def names(game):
    return [s.player.name for s in game.seats.select_related("player").order_by("seat")]


def crib_results(game):
    """(side, won, game points, spread, skunks given, skunks taken, points for, points against) per player."""
    return list(Result.objects.filter(game=game).order_by("side").values_list(
        "side", "won", "game_points", "margin", "skunks_given", "skunks_taken", "points_for", "points_against"))


def test_cribbage_link_deal_without_a_player_is_refused_and_saves_nothing(crib):
    with pytest.raises(ValidationError) as e:
        entry_record(game=crib, by=Actor(link=True), inputs=CribbageDealInput(**FIRST_DEAL))
    first, second = names(crib)
    assert e.value.message_dict == {"side": [f"Say which player this phone is: {first} or {second}."]}
    assert (Hand.objects.filter(game=crib).count(), totals(crib), actions(crib)) == (0, (0, 0), [])


def test_cribbage_link_deal_with_a_player_waits_for_the_other(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    stored = Hand.objects.get(game=crib)
    assert (stored.status, stored.entered_side, stored.entered_via) == (HandStatus.ENTERED, 0, "link")
    assert totals(crib) == (28, 15)
    assert actions(crib) == [("create", "link (player 1)")]


def test_cribbage_organizer_deal_is_confirmed(crib, organizer):
    entry_record(game=crib, by=organizer, inputs=CribbageDealInput(**FIRST_DEAL))
    assert (status(crib), Hand.objects.get(game=crib).entered_side) == (HandStatus.CONFIRMED, None)


def test_cribbage_without_the_option_a_link_deal_is_confirmed(crib):
    League.objects.update(confirmation=False)
    entry_record(game=crib, by=Actor(link=True), inputs=CribbageDealInput(**FIRST_DEAL))
    assert status(crib) == HandStatus.CONFIRMED


def test_cribbage_the_player_who_entered_cannot_confirm(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    with pytest.raises(ValidationError) as e:
        entry_confirm(hand=hand(crib), by=seat_link(0))
    assert e.value.messages == ["The other player confirms a deal, not the one who entered it."]
    assert status(crib) == HandStatus.ENTERED


def test_cribbage_the_other_player_confirms(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    entry_confirm(hand=hand(crib), by=seat_link(1))
    assert status(crib) == HandStatus.CONFIRMED
    assert actions(crib) == [("create", "link (player 1)"), ("confirm", "link (player 2)")]


def test_cribbage_results_wait_for_the_end_and_every_confirmation(crib):
    for d in skunk_deals(88):  # seat 0 reaches 121 in the fifth deal, seat 1 has 88: a skunk
        entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**d))
    crib.refresh_from_db()
    assert (crib.status, totals(crib), Result.objects.filter(game=crib).count()) == ("finished", (121, 88), 0)
    for number in (1, 2, 3, 4):
        entry_confirm(hand=hand(crib, number), by=seat_link(1))
    assert Result.objects.filter(game=crib).count() == 0
    entry_confirm(hand=hand(crib, 5), by=seat_link(1))
    assert crib_results(crib) == [(0, True, 3, 33, 1, 0, 121, 88), (1, False, 0, -33, 0, 1, 88, 121)]


def test_cribbage_counter_entry_with_the_same_points_confirms(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    entry_counter(hand=hand(crib), by=seat_link(1), inputs=CribbageDealInput(dealer=0, **FIRST_DEAL))
    assert status(crib) == HandStatus.CONFIRMED
    assert [a for a, _via in actions(crib)] == ["create", "confirm"]


def test_cribbage_counter_entry_with_other_points_is_disputed_with_both_versions(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    entry_counter(hand=hand(crib), by=seat_link(1),
                  inputs=CribbageDealInput(dealer=0, pegging=(4, 3), pone_hand=12, dealer_hand=12, crib=8))
    stored = hand(crib)
    assert stored.status == HandStatus.DISPUTED
    assert stored.disputed_values == {"dealer": 0, "starter": "", "pegging": [4, 3], "pegged_out_first": None,
                                      "pone_hand": 12, "dealer_hand": 12, "crib": 8}
    assert [(r.pegging, r.show, r.crib, r.total) for r in stored.side_rows.order_by("side")] == [
        (4, 16, 8, 28), (3, 12, None, 15)]  # the entered version stays until an organizer decides
    assert [a for a, _via in actions(crib)] == ["create", "dispute"]


def test_cribbage_a_disputed_deal_cannot_be_confirmed_by_a_link(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    entry_counter(hand=hand(crib), by=seat_link(1),
                  inputs=CribbageDealInput(dealer=0, pegging=(4, 3), pone_hand=12, dealer_hand=12, crib=8))
    with pytest.raises(ValidationError) as e:
        entry_confirm(hand=hand(crib), by=seat_link(1))
    assert e.value.messages == ["Deal 1 is disputed: an organizer decides."]
    assert status(crib) == HandStatus.DISPUTED


def test_cribbage_an_organizers_edit_settles_a_disputed_deal(crib, organizer):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    entry_counter(hand=hand(crib), by=seat_link(1),
                  inputs=CribbageDealInput(dealer=0, pegging=(4, 3), pone_hand=12, dealer_hand=12, crib=8))
    entry_update(hand=hand(crib), by=organizer, inputs=CribbageDealInput(dealer_hand=12))
    stored = hand(crib)
    assert (stored.status, stored.disputed_values, stored.confirmed_by) == (HandStatus.CONFIRMED, None, organizer)
    assert totals(crib) == (24, 15)
    assert [a for a, _via in actions(crib)] == ["create", "dispute", "update"]


def test_cribbage_a_disputed_deal_keeps_results_away_until_settled(crib, organizer):
    deals = skunk_deals(88)
    for d in deals:
        entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**d))
    for number in (1, 2, 3, 4):
        entry_confirm(hand=hand(crib, number), by=seat_link(1))
    entry_counter(hand=hand(crib, 5), by=seat_link(1), inputs=CribbageDealInput(**{**deals[4], "pegging": (4, 0)}))
    assert Result.objects.filter(game=crib).count() == 0
    entry_update(hand=hand(crib, 5), by=organizer, inputs=CribbageDealInput(**deals[4]))
    assert crib_results(crib) == [(0, True, 3, 33, 1, 0, 121, 88), (1, False, 0, -33, 0, 1, 88, 121)]


def test_cribbage_night_cannot_be_locked_while_a_deal_waits(crib, organizer):
    for d in skunk_deals(88):
        entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**d))
    for number in (1, 2, 3, 4):
        entry_confirm(hand=hand(crib, number), by=seat_link(1))
    night = crib.table.round.night
    with pytest.raises(ValidationError) as e:
        services.night_lock(night=night, by=organizer)
    assert e.value.messages == [LOCK_REFUSED.format(games=0, hands=1)]
    entry_confirm(hand=hand(crib, 5), by=seat_link(1))
    assert services.night_lock(night=night, by=organizer).status == "locked"


# cribbage pages


def crib_table(game, suffix=""):
    return reverse("league:table", args=[game.access_token]) + suffix


def crib_phone(game, side):
    """A client holding the table link that said it is player ``side``'s phone."""
    client = Client()
    response = client.post(reverse("league:table_side", args=[game.access_token]), {"side": str(side)})
    assert response.status_code == 302 and response.url == crib_table(game)
    return client


def test_cribbage_page_asks_which_player_until_told(client, crib):
    first, second = names(crib)
    html = client.get(crib_table(crib)).content.decode()
    assert 'data-testid="side-ask"' in html and "Which player is this phone?" in html
    assert f'value="0" class="primary">{first}</button>' in html and f'value="1" class="primary">{second}</button>' in html
    client.post(reverse("league:table_side", args=[crib.access_token]), {"side": "1"})
    assert 'data-testid="side-ask"' not in client.get(crib_table(crib)).content.decode()


def test_cribbage_page_refuses_a_deal_from_a_phone_that_did_not_say_whose(client, crib):
    response = client.post(crib_table(crib, "hands/"), post_deal(0, pegging_0=4, pegging_1=3, pone_hand=12,
                                                                  dealer_hand=16, crib=8))
    first, second = names(crib)
    assert response.status_code == 400
    assert f"Say which player this phone is: {first} or {second}." in response.content.decode()
    assert Hand.objects.filter(game=crib).count() == 0


def test_cribbage_page_offers_confirmation_to_the_other_player_only(crib):
    entering, other = crib_phone(crib, 0), crib_phone(crib, 1)
    response = entering.post(crib_table(crib, "hands/"), post_deal(0, pegging_0=4, pegging_1=3, pone_hand=12,
                                                                    dealer_hand=16, crib=8))
    assert response.status_code == 302 and status(crib) == HandStatus.ENTERED
    mine, theirs = entering.get(crib_table(crib)).content.decode(), other.get(crib_table(crib)).content.decode()
    public = Client().get(reverse("league:game", args=[crib.public_id])).content.decode()
    for html in (mine, theirs, public):
        assert 'data-testid="entered-1">entered, waiting for the other player</span>' in html
    assert "Confirm deal 1" not in mine and "Confirm deal 1" in theirs and "Confirm deal 1" not in public
    assert 'data-testid="counter-1">Our numbers differ</a>' in theirs


def test_cribbage_page_confirm_by_the_other_player(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    response = crib_phone(crib, 1).post(crib_table(crib, "hands/1/confirm/"))
    assert response.status_code == 302 and status(crib) == HandStatus.CONFIRMED


def test_cribbage_page_confirm_by_the_entering_player_is_refused(crib):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    response = crib_phone(crib, 0).post(crib_table(crib, "hands/1/confirm/"))
    assert response.status_code == 400
    assert "The other player confirms a deal, not the one who entered it." in response.content.decode()
    assert status(crib) == HandStatus.ENTERED


def test_cribbage_page_counter_entry_disputes_and_the_organizer_sees_both_versions(client, crib, organizer):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    first, second = names(crib)
    phone = crib_phone(crib, 1)
    assert "Our numbers for deal 1" in phone.get(crib_table(crib, "hands/1/counter/")).content.decode()
    response = phone.post(crib_table(crib, "hands/1/counter/"), post_deal(0, pegging_0=4, pegging_1=3, pone_hand=12,
                                                                          dealer_hand=12, crib=8))
    assert response.status_code == 302 and status(crib) == HandStatus.DISPUTED
    client.force_login(organizer)
    html = client.get(reverse("league:game", args=[crib.public_id])).content.decode()
    assert 'data-testid="disputed-1">disputed</span>' in html
    assert f"Entered ({first}): dealer {first} · {first} 4 · 16 · 8 · {second} 3 · 12" in html
    assert f"The other player's numbers: dealer {first} · {first} 4 · 12 · 8 · {second} 3 · 12" in html


def test_cribbage_organizer_confirms_from_the_public_page(client, crib, organizer):
    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    client.force_login(organizer)
    assert "Confirm deal 1" in client.get(reverse("league:game", args=[crib.public_id])).content.decode()
    response = client.post(reverse("league:hand_confirm", args=[crib.public_id, 1]))
    assert response.status_code == 302 and status(crib) == HandStatus.CONFIRMED
    assert Hand.objects.get(game=crib).confirmed_by == organizer


# --- rummy ----------------------------------------------------------------------------------------------


@pytest.fixture
def rummy(club, organizer, players):
    """The one table of a progressive rummy league night whose league asks for confirmation."""
    night = rummy_night(club, players, is_public=True)
    League.objects.filter(pk=night.season.league_id).update(confirmation=True)
    return table_games(services.round_seat(night=night, by=organizer))[0]


def rummy_results(game):
    """(side, points for, points against, won, margin, meld, best round) of each player's row."""
    return sorted(Result.objects.filter(game=game).values_list(
        "side", "points_for", "points_against", "won", "margin", "meld", "best_hand"))


def test_rummy_link_round_without_a_side_is_refused_and_saves_nothing(rummy):
    with pytest.raises(ValidationError) as e:
        entry_record(game=rummy, by=Actor(link=True), inputs=RummyRoundInput(teams=FIRST_ROUND))
    assert e.value.message_dict == {"side": ["Say which side this phone is: N–S or E–W."]}
    assert (Hand.objects.filter(game=rummy).count(), totals(rummy), actions(rummy)) == (0, (0, 0), [])


def test_rummy_link_round_with_a_side_waits_for_the_other(rummy):
    entry_record(game=rummy, by=side_link(1), inputs=RummyRoundInput(teams=FIRST_ROUND))
    stored = Hand.objects.get(game=rummy)
    assert (stored.status, stored.entered_side, stored.entered_via) == (HandStatus.ENTERED, 1, "link")
    assert totals(rummy) == (420, 165)
    assert actions(rummy) == [("create", "table link (E–W)")]


def test_rummy_organizer_round_is_confirmed(rummy, organizer):
    entry_record(game=rummy, by=organizer, inputs=RummyRoundInput(teams=FIRST_ROUND))
    assert status(rummy) == HandStatus.CONFIRMED


def test_rummy_the_side_that_entered_cannot_confirm(rummy):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    with pytest.raises(ValidationError) as e:
        entry_confirm(hand=hand(rummy), by=side_link(0))
    assert e.value.messages == ["The other side confirms a round, not the side that entered it."]
    assert status(rummy) == HandStatus.ENTERED


def test_rummy_the_other_side_confirms(rummy):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    entry_confirm(hand=hand(rummy), by=side_link(1))
    assert status(rummy) == HandStatus.CONFIRMED
    assert actions(rummy) == [("create", "table link (N–S)"), ("confirm", "table link (E–W)")]


def test_rummy_results_wait_for_the_end_and_every_confirmation(rummy):
    for r in TO_1620:
        entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=r))
    rummy.refresh_from_db()
    assert (rummy.status, totals(rummy), Result.objects.filter(game=rummy).count()) == ("finished", (1620, 1010), 0)
    for number in (1, 2, 3):
        entry_confirm(hand=hand(rummy, number), by=side_link(1))
    assert Result.objects.filter(game=rummy).count() == 0
    entry_confirm(hand=hand(rummy, 4), by=side_link(1))
    assert rummy_results(rummy) == [(0, 1620, 1010, True, 610, 1650, 620)] * 2 + [
        (1, 1010, 1620, False, -610, 1070, 680)] * 2


def test_rummy_counter_entry_with_the_same_numbers_confirms(rummy):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    entry_counter(hand=hand(rummy), by=side_link(1), inputs=RummyRoundInput(teams=FIRST_ROUND))
    assert status(rummy) == HandStatus.CONFIRMED
    assert [a for a, _via in actions(rummy)] == ["create", "confirm"]


def test_rummy_counter_entry_with_other_numbers_is_disputed_with_both_versions(rummy):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    theirs = [FIRST_ROUND[0], team(200, cards_left=25, first_meld=60)]
    entry_counter(hand=hand(rummy), by=side_link(1), inputs=RummyRoundInput(teams=theirs))
    stored = hand(rummy)
    assert stored.status == HandStatus.DISPUTED
    assert [t["cards_left"] for t in stored.disputed_values["teams"]] == [0, 25]
    assert [r.detail["cards_left"] for r in stored.side_rows.order_by("side")] == [0, 35]
    assert totals(rummy) == (420, 165)  # the entered version stays until an organizer decides
    assert [a for a, _via in actions(rummy)] == ["create", "dispute"]


def test_rummy_a_disputed_round_cannot_be_confirmed_by_a_link(rummy):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    entry_counter(hand=hand(rummy), by=side_link(1),
                  inputs=RummyRoundInput(teams=[FIRST_ROUND[0], team(200, cards_left=25, first_meld=60)]))
    with pytest.raises(ValidationError) as e:
        entry_confirm(hand=hand(rummy), by=side_link(1))
    assert e.value.messages == ["Round 1 is disputed: an organizer decides."]
    assert status(rummy) == HandStatus.DISPUTED


def test_rummy_an_organizers_edit_settles_a_disputed_round(rummy, organizer):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    theirs = [FIRST_ROUND[0], team(200, cards_left=25, first_meld=60)]
    entry_counter(hand=hand(rummy), by=side_link(1), inputs=RummyRoundInput(teams=theirs))
    entry_update(hand=hand(rummy), by=organizer, inputs=RummyRoundInput(teams=theirs))
    stored = hand(rummy)
    assert (stored.status, stored.disputed_values, stored.confirmed_by) == (HandStatus.CONFIRMED, None, organizer)
    assert totals(rummy) == (420, 175)
    assert [a for a, _via in actions(rummy)] == ["create", "dispute", "update"]


def test_rummy_night_cannot_be_locked_while_a_round_waits(rummy, organizer):
    for r in TO_1620:
        entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=r))
    for number in (1, 2, 3):
        entry_confirm(hand=hand(rummy, number), by=side_link(1))
    night = rummy.table.round.night
    with pytest.raises(ValidationError) as e:
        services.night_lock(night=night, by=organizer)
    assert e.value.messages == [LOCK_REFUSED.format(games=0, hands=1)]
    entry_confirm(hand=hand(rummy, 4), by=side_link(1))
    assert services.night_lock(night=night, by=organizer).status == "locked"


# rummy pages

ROUND_POST = post_round({"melds_on_table": 400, "going_out": True, "first_meld": 80},
                        {"melds_on_table": 200, "cards_left": 35, "first_meld": 60})


def rummy_table(game, suffix=""):
    return reverse("league:table", args=[game.access_token]) + suffix


def rummy_phone(game, side):
    client = Client()
    response = client.post(reverse("league:table_side", args=[game.access_token]), {"side": str(side)})
    assert response.status_code == 302 and response.url == rummy_table(game)
    return client


def test_rummy_page_asks_which_side_until_told(client, rummy):
    html = client.get(rummy_table(rummy)).content.decode()
    assert 'data-testid="side-ask"' in html and "Which side is this phone?" in html
    client.post(reverse("league:table_side", args=[rummy.access_token]), {"side": "0"})
    assert 'data-testid="side-ask"' not in client.get(rummy_table(rummy)).content.decode()


def test_rummy_page_refuses_a_round_from_a_phone_that_did_not_say_which_side(client, rummy):
    response = client.post(rummy_table(rummy, "hands/"), ROUND_POST)
    assert response.status_code == 400
    assert "Say which side this phone is: N–S or E–W." in response.content.decode()
    assert Hand.objects.filter(game=rummy).count() == 0


def test_rummy_page_offers_confirmation_to_the_other_side_only(rummy):
    entering, other = rummy_phone(rummy, 0), rummy_phone(rummy, 1)
    response = entering.post(rummy_table(rummy, "hands/"), ROUND_POST)
    assert response.status_code == 302 and status(rummy) == HandStatus.ENTERED and totals(rummy) == (420, 165)
    mine, theirs = entering.get(rummy_table(rummy)).content.decode(), other.get(rummy_table(rummy)).content.decode()
    public = Client().get(reverse("league:game", args=[rummy.public_id])).content.decode()
    for html in (mine, theirs, public):
        assert 'data-testid="entered-1">entered, waiting for the other side</span>' in html
    assert "Confirm round 1" not in mine and "Confirm round 1" in theirs and "Confirm round 1" not in public
    assert 'data-testid="counter-1">Our numbers differ</a>' in theirs


def test_rummy_page_confirm_by_the_other_side(rummy):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    response = rummy_phone(rummy, 1).post(rummy_table(rummy, "hands/1/confirm/"))
    assert response.status_code == 302 and status(rummy) == HandStatus.CONFIRMED


def test_rummy_page_counter_entry_disputes_and_the_organizer_sees_both_versions(client, rummy, organizer):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    phone = rummy_phone(rummy, 1)
    assert "Our numbers for round 1" in phone.get(rummy_table(rummy, "hands/1/counter/")).content.decode()
    theirs = post_round({"melds_on_table": 400, "going_out": True, "first_meld": 80},
                        {"melds_on_table": 200, "cards_left": 25, "first_meld": 60})
    response = phone.post(rummy_table(rummy, "hands/1/counter/"), theirs)
    assert response.status_code == 302 and status(rummy) == HandStatus.DISPUTED
    client.force_login(organizer)
    html = client.get(reverse("league:game", args=[rummy.public_id])).content.decode()
    assert 'data-testid="disputed-1">disputed</span>' in html
    assert ("Entered (N–S): N–S: melds 400 · first meld 80 · went out; "
            "E–W: melds 200 · first meld 60 · cards left 35") in html
    assert ("The other side's numbers: N–S: melds 400 · first meld 80 · went out; "
            "E–W: melds 200 · first meld 60 · cards left 25") in html


def test_rummy_organizer_confirms_from_the_public_page(client, rummy, organizer):
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    client.force_login(organizer)
    assert "Confirm round 1" in client.get(reverse("league:game", args=[rummy.public_id])).content.decode()
    response = client.post(reverse("league:hand_confirm", args=[rummy.public_id, 1]))
    assert response.status_code == 302 and status(rummy) == HandStatus.CONFIRMED


@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_only_an_organizer_confirms_from_the_public_pages(crib, rummy, club, who):
    from django.contrib.auth import get_user_model

    from league.models import Membership

    entry_record(game=crib, by=seat_link(0), inputs=CribbageDealInput(**FIRST_DEAL))
    entry_record(game=rummy, by=side_link(0), inputs=RummyRoundInput(teams=FIRST_ROUND))
    client = Client()
    if who == "member":
        user = get_user_model().objects.create_user("member", password="pw-m-12345")
        Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
        client.force_login(user)
    for url in (reverse("league:hand_confirm", args=[crib.public_id, 1]),
                reverse("league:hand_confirm", args=[rummy.public_id, 1])):
        response = client.post(url)
        assert response.status_code == (302 if who == "anonymous" else 403), url
        if who == "anonymous":
            assert response.url.startswith(reverse("login"))
    assert (status(crib), status(rummy)) == (HandStatus.ENTERED, HandStatus.ENTERED)
