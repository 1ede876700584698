"""Trust: table links, confirmation, audit trail, locked nights, duplicate entry."""
import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import services
from league.models import ChangeLog, Game, Hand, HandRevision, HandStatus, League, Result, RuleProfile
from league.services.trust import Actor

from .conftest import played, snapshot, totals
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date
POST = {"kind": "played", "dealer": 0, "bidder_seat": 0, "bid": 300, "trump": "H",
        "meld_0": 150, "meld_1": 60, "tricks_0": 170, "tricks_1": 80}


@pytest.fixture
def night_game(club, organizer, players):
    """A league game at a table, in a league that asks for confirmation."""
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Conf", rule_profile=profile)
    League.objects.filter(pk=league.pk).update(confirmation=True)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players)
    rnd = services.round_seat(night=night, by=organizer)
    return Game.objects.get(table__round=rnd)


def test_table_link_enters_a_hand_without_an_account(client, game):
    url = reverse("league:table", args=[game.access_token])
    assert 'id="hand-form"' in client.get(url).content.decode()
    response = client.post(url + "hands/", POST)
    assert response.status_code == 302 and totals(game) == (320, 140)
    hand = Hand.objects.get(game=game)
    assert hand.entered_via == "link" and hand.entered_by is None and hand.status == HandStatus.CONFIRMED


def test_table_link_has_at_least_128_bits_and_reissuing_revokes_it(client, game, organizer):
    old = game.access_token
    assert len(old) >= 43  # 32 random bytes, url-safe base64
    client.force_login(organizer)
    client.post(reverse("league:table_link_reissue", args=[game.public_id]))
    game.refresh_from_db()
    assert game.access_token != old
    client.logout()
    assert client.get(reverse("league:table", args=[old])).status_code == 404
    assert client.post(reverse("league:table_hand_add", args=[old]), POST).status_code == 404
    assert Hand.objects.count() == 0


def test_duplicate_submission_is_refused_with_the_stored_numbers(client, game):
    url = reverse("league:table_hand_add", args=[game.access_token])
    first = client.post(url, {**POST, "expected_number": 1})
    second = client.post(url, {**POST, "bid": 250, "expected_number": 1})
    assert first.status_code == 302 and second.status_code == 400
    assert "Hand 1 was just entered from another device: N–S +320 (320), E–W +140 (140)." in second.content.decode()
    assert Hand.objects.filter(game=game).count() == 1


def test_confirmation_other_side_confirms_and_then_the_game_counts(client, night_game, organizer):
    services.entry_record(game=night_game, by=Actor(link=True, side=0),
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    hand = Hand.objects.get(game=night_game)
    night_game.refresh_from_db()
    assert hand.status == HandStatus.ENTERED and night_game.is_finished
    assert not Result.objects.filter(game=night_game).exists()
    with pytest.raises(ValidationError) as e:
        services.entry_confirm(hand=hand, by=Actor(link=True, side=0))
    assert e.value.messages == ["The other side confirms a hand, not the side that entered it."]
    services.entry_confirm(hand=hand, by=Actor(link=True, side=1))
    hand.refresh_from_db()
    assert hand.status == HandStatus.CONFIRMED
    assert Result.objects.filter(game=night_game).count() == 4


def test_a_table_link_must_say_its_side_when_hands_are_confirmed(night_game):
    with pytest.raises(ValidationError) as e:
        services.entry_record(game=night_game, by=Actor(link=True),
                              inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert e.value.message_dict == {"side": ["Say which side this phone is: N–S or E–W."]}
    assert not Hand.objects.exists()


def test_the_other_sides_different_numbers_flag_the_hand_with_both_versions(night_game, organizer):
    services.entry_record(game=night_game, by=Actor(link=True, side=0),
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    hand = Hand.objects.get()
    services.entry_counter(hand=hand, by=Actor(link=True, side=1),
                           inputs=PinochleHandInput(**played(0, 300, (150, 60), (150, 100))))
    hand.refresh_from_db()
    assert hand.status == HandStatus.DISPUTED
    assert hand.disputed_values["tricks"] == [150, 100]
    assert totals(night_game) == (320, 140)
    services.entry_update(hand=hand, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (150, 100))))
    hand.refresh_from_db()
    assert hand.status == HandStatus.CONFIRMED and hand.disputed_values is None
    assert totals(night_game) == (300, 160)


def test_the_other_sides_equal_numbers_confirm_the_hand(night_game):
    services.entry_record(game=night_game, by=Actor(link=True, side=1),
                          inputs=PinochleHandInput(**played(1, 300, (60, 150), (80, 170))))
    hand = Hand.objects.get()
    services.entry_counter(hand=hand, by=Actor(link=True, side=0),
                           inputs=PinochleHandInput(**played(1, 300, (60, 150), (80, 170))))
    hand.refresh_from_db()
    assert hand.status == HandStatus.CONFIRMED


def test_every_change_leaves_a_revision_with_before_and_after(game, organizer):
    hand = services.entry_record(game=game, by=organizer,
                                 inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    services.entry_update(hand=hand, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (160, 90))))
    services.entry_delete(hand=Hand.objects.get(pk=hand.pk), by=organizer)
    actions = list(HandRevision.objects.filter(game=game, number__gt=0).values_list("action", "number"))
    assert actions == [("create", 1), ("update", 1), ("delete", 1)]
    update = HandRevision.objects.get(action="update")
    assert update.before["sides"][0]["tricks"] == 170 and update.after["sides"][0]["tricks"] == 160
    assert update.by == organizer and update.via == "org"
    delete = HandRevision.objects.get(action="delete")
    assert delete.before["sides"][0]["total"] == 310 and delete.hand is None


def test_history_page_shows_who_changed_what(client, game, organizer):
    hand = services.entry_record(game=game, by=organizer,
                                 inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    services.entry_update(hand=hand, by=Actor(link=True),
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (160, 90))))
    html = client.get(reverse("league:hand_history", args=[game.public_id, 1])).content.decode()
    assert "entered" in html and "edited" in html and "table link" in html


def _lock(night_game, organizer):
    for hand in Hand.objects.filter(game=night_game).exclude(status=HandStatus.CONFIRMED):
        services.entry_confirm(hand=hand, by=organizer)
    return services.night_lock(night=night_game.table.round.night, by=organizer)


def test_a_night_locks_only_when_every_game_is_finished_and_confirmed(night_game, organizer):
    night = night_game.table.round.night
    with pytest.raises(ValidationError) as e:
        services.night_lock(night=night, by=organizer)
    assert e.value.messages == ["1 game unfinished and 0 hands unconfirmed: finish them before locking the night."]
    services.entry_record(game=night_game, by=organizer,
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    assert _lock(night_game, organizer).status == "locked"


def test_locked_night_refuses_table_links_and_asks_organizers_for_a_reason(client, night_game, organizer):
    services.entry_record(game=night_game, by=organizer,
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    _lock(night_game, organizer)
    hand = Hand.objects.get()
    before = snapshot(night_game)
    with pytest.raises(ValidationError) as e:
        services.entry_update(hand=hand, by=Actor(link=True, side=0),
                              inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (240, 10))))
    assert e.value.messages == ["This night is locked: only an organizer can change it now."]
    with pytest.raises(ValidationError) as e:
        services.entry_update(hand=hand, by=organizer,
                              inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (240, 10))))
    assert e.value.message_dict == {"reason": ["The night is locked: give a reason for this change."]}
    assert snapshot(night_game) == before
    # after the lock a members-only game's link no longer reads it (404); a public one's refuses (403)
    assert client.post(reverse("league:table_hand_edit", args=[night_game.access_token, 1]), POST).status_code == 404
    services.entry_update(hand=hand, by=organizer, reason="E–W had a ten",
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (240, 10))))
    log = ChangeLog.objects.get()
    assert (log.reason, log.summary, log.by) == ("E–W had a ten", "hand 1 edited", organizer)
    assert Result.objects.get(game=night_game, side=0, player__in=[s.player for s in night_game.seats.filter(seat=0)]).points_for == 1540
    page = client.get(reverse("league:changes", args=["test", "conf"]))
    assert page.status_code == 404  # members-only league: the log is as public as the league (hidden as unknown)
    League.objects.update(is_public=True)
    assert "E–W had a ten" in client.get(reverse("league:changes", args=["test", "conf"])).content.decode()


def test_the_live_board_shows_hands_waiting_for_confirmation(client, night_game, organizer):
    services.entry_record(game=night_game, by=Actor(link=True, side=0),
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    html = client.get(reverse("league:table", args=[night_game.access_token])).content.decode()
    assert "1 hand waits for the other side" in html
    League.objects.update(is_public=True)
    night = night_game.table.round.night
    board = client.get(reverse("league:night_board", args=["test", "conf", night.season_id, night.pk])).content.decode()
    assert "1 hand entered · 0 of 1 game finished · <span class=\"wait-tag\">1 waiting for confirmation</span>" in board


def test_a_phone_can_say_its_side_and_confirm_after_the_game_ended(client, night_game):
    services.entry_record(game=night_game, by=Actor(link=True, side=0),
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    url = reverse("league:table", args=[night_game.access_token])
    html = client.get(url).content.decode()
    assert 'data-testid="side-ask"' in html and 'data-testid="game-over"' in html
    client.post(url + "side/", {"side": "1"})
    assert client.post(url + "hands/1/confirm/").status_code == 302
    assert Hand.objects.get().status == HandStatus.CONFIRMED


def test_a_locked_night_says_so_to_the_table_link(client, night_game, organizer):
    services.entry_record(game=night_game, by=organizer,
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    _lock(night_game, organizer)
    url = reverse("league:table", args=[night_game.access_token])
    assert client.get(url).status_code == 404  # members-only: the link reads only while the night is open
    League.objects.update(is_public=True)
    assert "This night is locked: only an organizer can change it now." in client.get(url).content.decode()
    refused = client.post(url + "hands/1/", POST)
    assert refused.status_code == 403
    assert "This night is locked: only an organizer can change it now." in refused.content.decode()


def test_a_disputed_hand_shows_the_other_sides_numbers_readably(client, night_game, organizer):
    services.entry_record(game=night_game, by=Actor(link=True, side=0),
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    hand = Hand.objects.get()
    services.entry_counter(hand=hand, by=Actor(link=True, side=1),
                           inputs=PinochleHandInput(**played(0, 300, (150, 60), (150, 100))))
    client.force_login(organizer)
    html = client.get(reverse("league:hand_edit", args=[night_game.public_id, 1])).content.decode()
    assert "N 300 H · meld 150 / 60 · trick points 150 / 100" in html
