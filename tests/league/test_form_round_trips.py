"""Every other page with a form, submitted exactly as rendered: login, a
league and a season, a club night's check-in, seating and lock, a table
link's side, confirming a hand, the meld counter and the cribbage calculators."""
import datetime

from django.test import Client
from django.urls import reverse

from league import services
from league.models import Game, Hand, HandStatus, League, Night, RuleProfile, Season

from .rendered_forms import open_form, parse_forms

D = datetime.date
WIN = {"bidder_seat": 0, "bid": 1300, "trump": "H", "meld_0": 1300, "meld_1": 0, "tricks_0": 250, "tricks_1": 0}


def test_login_form(client, organizer):
    form = open_form(client, reverse("login")).form(has="username")
    response = form.update(username="org", password="pw-org-12345").submit(client)
    assert response.status_code == 302 and client.get("/").wsgi_request.user == organizer


def test_a_league_a_season_and_a_club_night_from_their_forms(client, club, players, organizer):
    profile = RuleProfile.objects.create(club=club, name="Standard", options={})
    client.force_login(organizer)
    form = open_form(client, reverse("league:club_leagues", args=[club.slug])).form(has="rule_profile")
    assert form.update(name="Tuesday", rule_profile=profile.pk, format="progressive").submit(client).status_code == 302
    league = League.objects.get()
    assert (league.name, league.format, league.is_public) == ("Tuesday", "progressive", False)

    form = open_form(client, reverse("league:league", args=[club.slug, league.slug])).form(has="precedence_1")
    form.update(name="Autumn", starts_on="2026-09-01", ends_on="2026-12-01")
    assert form.submit(client).status_code == 302
    season = Season.objects.get()
    assert (season.name, season.starts_on) == ("Autumn", D(2026, 9, 1))

    night = services.night_create(season=season, date=D(2026, 10, 6), rounds=1)
    url = reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk])
    checkin = open_form(client, url).form(has="walk_ins")
    checkin.update(players=[p.pk for p in players])
    assert checkin.submit(client).status_code == 302
    assert night.checkins.count() == 4

    seat = [f for f in open_form(client, url).forms if f.action.endswith("/seat/")][0]
    assert seat.submit(client).status_code == 302
    game = Game.objects.get(table__round__night=night)

    phone = Client()
    entry = open_form(phone, reverse("league:table", args=[game.access_token])).form("hand-form")
    assert entry.update(**WIN).submit(phone).status_code == 302
    game.refresh_from_db()
    assert game.is_finished

    lock = open_form(client, url).form(action_contains="/lock/")
    asked = lock.submit(client)  # the confirm step: nothing locked yet
    assert asked.status_code == 200 and Night.objects.get(pk=night.pk).status != Night.Status.LOCKED
    confirm = next(f for f in parse_forms(asked.content.decode()) if f.action.endswith("/lock/"))
    assert confirm.value("confirm") == "yes"
    assert confirm.submit(client).status_code == 302
    assert Night.objects.get(pk=night.pk).status == Night.Status.LOCKED


def test_a_table_link_says_its_side_and_the_other_side_confirms(club, players, organizer):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Conf", rule_profile=profile)
    League.objects.filter(pk=league.pk).update(confirmation=True)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players)
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    table = reverse("league:table", args=[game.access_token])
    ns, ew = Client(), Client()
    for phone, side in ((ns, "0"), (ew, "1")):
        form = open_form(phone, table).form(has="side")
        assert form.set("side", side).submit(phone).status_code == 302
    entry = open_form(ns, table).form("hand-form").update(**{**WIN, "bid": 300, "meld_0": 150, "meld_1": 60,
                                                             "tricks_0": 170, "tricks_1": 80})
    assert entry.submit(ns).status_code == 302
    assert Hand.objects.get().status == HandStatus.ENTERED
    confirm = open_form(ew, table).form(action_contains="/hands/1/confirm/")
    assert confirm.submit(ew).status_code == 302
    assert Hand.objects.get().status == HandStatus.CONFIRMED


def test_the_meld_counter_and_the_cribbage_calculators_take_their_rendered_forms(client, db):
    for url in ("/meld/", "/cribbage/show/", "/cribbage/discard/", "/cribbage/pegging/"):
        form = open_form(client, url).forms[-1]
        assert form.method == "get"
        assert form.submit(client).status_code in (200, 400), url
