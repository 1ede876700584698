"""An event through its rendered pages (docs/tournaments.md): the director's
forms submitted as served, the games entered through their table links, exact numbers."""
import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Entrant, Game, MatchSide, RuleProfile, Stage, Tournament

from .rendered_forms import open_form
from .tournament_helpers import play_crib

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


def event_from_the_form(client, club, **values):
    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    form = open_form(client, reverse("league:tournaments", args=[club.slug])).form(has="payout_shares")
    form.update(**{"name": "Winter Open", "date": "2026-12-05", "venue": "Hall", "rule_profile": profile.pk,
                   "entry_fee": 20, "unit": 5, "payout_shares": "50, 30, 20", "qualifier_share": "1/4", **values})
    response = form.submit(client)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Tournament.objects.get(club=club), response["Location"]


def register(client, manage, name):
    response = open_form(client, manage).form(action_contains="/entrants/", has="name").update(name=name).submit(client)
    assert response.status_code == 302, response.content.decode()[:3000]


def start_stage(client, manage, **values):
    form = open_form(client, manage).form(has="best_of").update(**values)
    response = form.submit(client)
    assert response.status_code == 302, response.content.decode()[:3000]


def press(client, manage, view, *args, **values):
    """Submit the director's form that posts to ``view`` (its button's ``values`` set)."""
    action = reverse(f"league:{view}", args=args)
    return open_form(client, manage).form(action_contains=action).update(**values).submit(client)


@pytest.fixture
def director(client, organizer):
    client.force_login(organizer)
    return client


def test_the_organizer_creates_an_event_from_the_rendered_form(director, club):
    event, manage = event_from_the_form(director, club)
    assert (event.name, event.slug, event.entry_fee, event.unit, event.payout_shares) == (
        "Winter Open", "winter-open", 20, 5, [50, 30, 20])
    assert manage == reverse("league:tournament_manage", args=[club.slug, "winter-open"])


def test_a_payout_that_is_not_numbers_is_refused_under_its_field(director, club):
    RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    form = open_form(director, reverse("league:tournaments", args=[club.slug])).form(has="payout_shares")
    form.update(name="X", date="2026-12-05", rule_profile=RuleProfile.objects.get().pk, payout_shares="half, rest")
    response = form.submit(director)
    assert response.status_code == 400
    assert "Enter whole numbers separated by commas" in response.content.decode()
    assert Tournament.objects.count() == 0


def test_an_entry_fee_that_is_not_a_multiple_of_the_unit_is_refused(director, club):
    RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    form = open_form(director, reverse("league:tournaments", args=[club.slug])).form(has="payout_shares")
    form.update(name="X", date="2026-12-05", rule_profile=RuleProfile.objects.get().pk, entry_fee=12, unit=5)
    response = form.submit(director)
    assert response.status_code == 400
    assert "multiple of the smallest amount paid out (5)" in response.content.decode()
    assert Tournament.objects.count() == 0


def test_a_player_entered_twice_is_refused_naming_them(director, club):
    event, manage = event_from_the_form(director, club)
    register(director, manage, "Ann")
    response = open_form(director, manage).form(action_contains="/entrants/", has="name").update(name="ann").submit(director)
    assert response.status_code == 400
    assert "Ann is already entered." in response.content.decode()
    assert Entrant.objects.count() == 1


def entry_through_the_table_link(game, winner, loser_points):
    """The game's phone enters every deal on the rendered pad of its table link."""
    phone = Client()
    table = reverse("league:table", args=[game.access_token])
    totals = [0, 0]
    while totals[winner] < 121:
        add_w, add_l = min(20, 121 - totals[winner]), min(15, loser_points - totals[1 - winner])
        pegging = {f"pegging_{winner}": add_w, f"pegging_{1 - winner}": add_l}
        form = open_form(phone, table).form(has="expected_number")
        form.update(pone_hand=0, dealer_hand=0, crib=0, **pegging)
        response = form.submit(phone)
        assert response.status_code == 302, response.content.decode()[:2000]
        totals[winner] += add_w
        totals[1 - winner] += add_l
    game.refresh_from_db()
    assert game.is_finished


def table_links(html) -> list[str]:
    return re.findall(r'href="(/t/[^"]+/)" data-testid="table-link"', html)


def test_an_event_from_registration_to_the_prize_table(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=3, best_of=1, minutes=40)
    stage = Stage.objects.get()
    assert [r.matches.count() for r in stage.round_set.all()] == [3, 3, 3]  # two tables and a bye each round
    # every table's game is entered through its table link: the entrant on side 0 wins, the other pegs 95
    page = director.get(manage).content.decode()
    assert len(table_links(page)) == 6
    for game in Game.objects.order_by("pk"):
        entry_through_the_table_link(game, 0, 95)
    response = press(director, manage, "tournament_advance", club.slug, event.slug, 1)
    assert response.status_code == 302
    public = director.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    assert "The best 2 entrants go on to the playoffs." in public
    standings = re.findall(r"<tr(?: class=\"qualified\")?><td>(\d+)</td><td>(\w+)", public)
    assert standings == [("1", "Cy"), ("2", "Ann"), ("2", "Bo"), ("4", "Di"), ("4", "Ed")]  # Cy: two wins and a bye
    start_stage(director, manage, kind="playoff", rounds=1, best_of=1)
    final = Game.objects.order_by("-pk").first()
    entry_through_the_table_link(final, 1, 50)  # the second seed wins the final
    assert press(director, manage, "tournament_advance", club.slug, event.slug, 2).status_code == 302
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    public = director.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    prizes = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td class=\"num\">(\d+)</td></tr>", public)
    # pot 5 × 20 = 100 on 50/30/20 in fives; Bo, level with Ann in qualifying but not seeded, is third
    assert prizes == [("1", "Ann", "50"), ("2", "Cy", "30"), ("3", "Bo", "20")]
    assert "Ann wins the event." in public



def test_the_round_clock_starts_calls_the_last_hand_and_time_from_the_director_buttons(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=2, best_of=1, minutes=45)
    clock = ("tournament_clock", club.slug, event.slug, 1)

    def round_one(action):
        page = open_form(director, manage)
        form = next(f for f in page.forms if f.value("round") == "1")
        return form.set("action", action).submit(director)

    assert round_one("start").status_code == 302
    assert round_one("last_hand").status_code == 302
    rnd = Stage.objects.get().round_set.get(number=1)
    assert rnd.started_at is not None and rnd.last_hand_at >= rnd.started_at and rnd.time_up_at is None
    page = director.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    local = timezone.localtime(rnd.started_at)
    ends = timezone.localtime(rnd.started_at + datetime.timedelta(minutes=45))
    assert f"Started {local:%H:%M} · time is up at {ends:%H:%M}" in page
    assert "· 2 tables still playing" in page
    assert round_one("time_up").status_code == 302
    assert Stage.objects.get().round_set.get(number=1).time_up_at is not None
    assert press(director, manage, *clock, action="start").status_code == 302  # round 2's form is the one left
    assert Stage.objects.get().round_set.get(number=2).started_at is not None


def test_the_clock_refuses_the_last_hand_before_the_round_starts(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=1, best_of=1)
    form = open_form(director, manage).form(action_contains="/clock/")
    response = form.set("action", "last_hand").submit(director)
    assert response.status_code == 400
    assert "Start round 1 first." in response.content.decode()
    assert Stage.objects.get().round_set.get().last_hand_at is None


def test_ending_qualifying_with_tables_still_playing_names_them(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=1, best_of=1)
    entry_through_the_table_link(Game.objects.order_by("pk").first(), 0, 95)
    response = press(director, manage, "tournament_advance", club.slug, event.slug, 1)
    assert response.status_code == 400
    assert "Still playing: round 1 table 2." in response.content.decode()
    assert not Stage.objects.get().finished


def test_a_members_only_event_is_a_404_to_strangers_and_its_table_links_stay_hidden(client, club, organizer):
    client.force_login(organizer)
    event, manage = event_from_the_form(client, club)
    Tournament.objects.filter(pk=event.pk).update(is_public=False)
    for name in NAMES[:4]:
        register(client, manage, name)
    start_stage(client, manage, kind="qualifying", rounds=1, best_of=1)
    public = reverse("league:tournament", args=[club.slug, event.slug])
    stranger = Client()
    assert stranger.get(public).status_code == 404
    assert stranger.get(manage).status_code == 404
    Tournament.objects.filter(pk=event.pk).update(is_public=True)
    page = stranger.get(public).content.decode()
    assert table_links(page) == [] and "/g/" in page
    assert stranger.get(manage).status_code == 403


def test_the_movement_pdf_prints_every_round_seated_in_advance_each_name_inside_its_cell(director, club):
    from league.pdf.tournament import EventSheet
    from league.selectors.tournaments import event_view

    from .test_pdf_fonts import pdf_text
    from .test_pdf_league import assert_inside_cells

    event, manage = event_from_the_form(director, club)
    for name in NAMES:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=3, best_of=1)
    response = director.get(reverse("league:tournament_pdf", args=[club.slug, event.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Winter Open" in text and "5 entrants" in text
    assert text.count("Round ") == 3 and "Table 1 Cy Ed" in text and "Table 3 Ann bye" in text
    document = EventSheet(event_view(event))
    assert len(assert_inside_cells(document.render(), document)) >= 9 * 3


def test_the_live_event_page_answers_304_while_nothing_changed_and_200_after_an_entry(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=1, best_of=1)
    page = reverse("league:tournament", args=[club.slug, event.slug])
    hall = Client()
    first = hall.get(page, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and "<html" not in first.content.decode()  # the refreshed part alone
    again = hall.get(page, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    game = Game.objects.order_by("pk").first()
    phone = Client()
    form = open_form(phone, reverse("league:table", args=[game.access_token])).form(has="expected_number")
    assert form.update(pegging_0=5, pegging_1=3, pone_hand=0, dealer_hand=0, crib=0).submit(phone).status_code == 302
    after = hall.get(page, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert '<b class="num">5</b>' in after.content.decode()
    assert '<span class="muted small" data-testid="pace">playing: 1 deal</span>' in after.content.decode()


def test_a_side_pool_is_split_equally_among_its_winners(director, club):
    event, manage = event_from_the_form(director, club)  # prizes in fives
    for name in NAMES[:4]:
        register(director, manage, name)
    form = open_form(director, manage).form(has="pot").update(name="High hand", pot=75)
    assert form.submit(director).status_code == 302
    ids = {e.name: str(e.pk) for e in Entrant.objects.all()}
    form = open_form(director, manage).form(action_contains="/pools/1/").set("winners", [ids["Bo"], ids["Di"]])
    assert form.submit(director).status_code == 302
    public = director.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    pool = public[public.index('data-testid="pool-1"'):].split("</table>")[0]
    shares = re.findall(r"<tr><td>(\w+)</td><td class=\"num\">(\d+)</td></tr>", pool)
    assert shares == [("Bo", "40"), ("Di", "35")]  # 75 in fives: the odd five to the first listed


def test_a_side_pool_that_is_not_a_multiple_of_the_unit_is_refused_under_its_field(director, club):
    event, manage = event_from_the_form(director, club)
    response = open_form(director, manage).form(has="pot").update(name="Skunk bank", pot=12).submit(director)
    assert response.status_code == 400
    assert "The pot must be a multiple of the smallest amount paid out (5)." in response.content.decode()
    assert event.pools.count() == 0


def test_the_admin_lists_and_opens_an_event(club, organizer):
    from django.contrib.auth import get_user_model

    admin_user = get_user_model().objects.create_superuser("root", password="pw-root-12345")
    client = Client()
    client.force_login(organizer)
    event, manage = event_from_the_form(client, club)
    register(client, manage, "Ann")
    client.force_login(admin_user)
    assert client.get("/admin/league/tournament/").status_code == 200
    assert client.get(f"/admin/league/tournament/{event.pk}/change/").status_code == 200


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans", "th"])
def test_the_event_pages_are_in_each_language(client, club, organizer, language):
    from django.conf import settings

    from league.services import tournaments

    from .test_pages_translated import english_words, names_in_db
    from .tournament_helpers import crib_event

    event = crib_event(club, organizer, NAMES[:4], qualifier_share="1/2", entry_fee=10)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(organizer)
    names = names_in_db() | {"Winter", "Open", "Hall", "Jackpot"}
    args = [club.slug, event.slug]
    registering = english_words(client.get(reverse("league:tournament_manage", args=args)).content.decode(), names)
    assert registering == []
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=1, minutes=30, by=organizer)
    for game in Game.objects.order_by("pk"):
        play_crib(game, 0, 95, organizer)
    tournaments.round_clock(stage_round=stage.round_set.get(), action="start")
    tournaments.round_clock(stage_round=stage.round_set.get(), action="last_hand")
    tournaments.stage_advance(stage=stage, by=organizer)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", best_of=1, by=organizer)
    pool = tournaments.side_pool_create(tournament=event, name="Jackpot", pot=10)
    tournaments.side_pool_award(pool=pool, winners=event.entrants.all()[:1])
    left = {}

    def read(name, url):
        if words := english_words(client.get(url).content.decode(), names):
            left[name] = words

    read("events", reverse("league:tournaments", args=[club.slug]))
    read("director (playoffs)", reverse("league:tournament_manage", args=args))
    read("event (playoffs)", reverse("league:tournament", args=args))
    play_crib(Game.objects.order_by("-pk").first(), 1, 50, organizer)
    tournaments.stage_advance(stage=playoff, by=organizer)
    read("event (finished)", reverse("league:tournament", args=args))
    assert left == {}


def test_the_event_pages_read_a_fixed_number_of_queries_whatever_the_number_of_tables(client, club, organizer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from league.services import tournaments

    from .tournament_helpers import crib_event

    small = crib_event(club, organizer, ["A", "B", "C", "D"])
    tournaments.stage_start(tournament=small, kind="qualifying", rounds=1, by=organizer)
    big = tournaments.tournament_create(club=club, name="Big Open", date=datetime.date(2026, 12, 6),
                                        rule_profile=small.rule_profile, by=organizer)
    for i in range(12):
        tournaments.entrant_register(tournament=big, name=f"Q{i}")
    tournaments.stage_start(tournament=big, kind="qualifying", rounds=4, by=organizer)
    client.force_login(organizer)
    counts = []
    for event in (small, big):
        for name in ("tournament", "tournament_manage"):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(reverse(f"league:{name}", args=[club.slug, event.slug])).status_code == 200
            counts.append(len(queries))
    assert counts[:2] == counts[2:], counts


@pytest.mark.parametrize("language, round_one", [("th", "รอบที่ 1"), ("zh-hant", "第 1 輪"), ("zh-hans", "第 1 轮")])
def test_the_movement_pdf_prints_in_the_readers_language(client, club, organizer, language, round_one):
    from django.conf import settings

    from league.services import tournaments

    from .test_pdf_fonts import pdf_text
    from .tournament_helpers import crib_event

    event = crib_event(club, organizer, ["สมชาย", "小明", "Cy"])
    tournaments.stage_start(tournament=event, kind="qualifying", rounds=3, by=organizer)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    text = pdf_text(client.get(reverse("league:tournament_pdf", args=[club.slug, event.slug])).content)
    assert text.count(round_one) == 1 and "สมชาย" in text and "小明" in text


def test_an_entry_withdrawn_before_the_first_stage_is_not_seated(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES:
        register(director, manage, name)
    response = open_form(director, manage).form(action_contains="/entrants/3/withdraw/").submit(director)
    assert response.status_code == 302
    assert director.get(manage).content.decode().count("Cy is withdrawn.") == 1
    start_stage(director, manage, kind="qualifying", rounds=1, best_of=1)
    seated = sorted(ms.entrant.name for ms in MatchSide.objects.all())
    assert seated == ["Ann", "Bo", "Di", "Ed"]
    page = director.get(manage).content.decode()  # the seated may still withdraw (a no-show), Cy is gone
    assert re.findall(r"/entrants/(\d+)/withdraw/", page) == ["1", "2", "4", "5"]


def test_the_table_cards_carry_each_games_table_link_as_a_qr_code_for_the_director_only(director, club):
    from league.pdf.tournament import TableCards
    from league.selectors.tournaments import event_view

    from .test_pdf_fonts import pdf_text
    from .test_pdf_league import qr_codes

    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=2, best_of=1)
    url = reverse("league:tournament_cards_pdf", args=[club.slug, event.slug])
    assert url in director.get(manage).content.decode()
    response = director.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert text.count("Scan to enter this table's deals") == 4 and "Round 2 · Table 1" in text
    view = event_view(event)
    codes = qr_codes(TableCards(view, view.current_stage, link=lambda path: "http://testserver" + path).story())
    assert sorted(q.value for q in codes) == sorted(f"http://testserver/t/{g.access_token}/"
                                                    for g in Game.objects.all())
    assert Client().get(url).status_code in (403, 404)


def test_an_entrants_own_link_opens_the_table_of_their_next_game_all_day(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:3]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=3, best_of=1)
    page = director.get(manage).content.decode()
    links = dict(re.findall(r"<li>(\w+): <code data-testid=\"entrant-link\">http://testserver([^<]+)</code>", page))
    phone = Client()
    ann = Entrant.objects.get(player__name="Ann")
    games = list(Game.objects.filter(tournament_match__match__sides__entrant=ann)
                 .order_by("tournament_match__match__round__number"))
    assert len(games) == 2  # three entrants: one round of three with a bye
    first = phone.get(links["Ann"])
    assert first.status_code == 302 and first["Location"] == reverse("league:table", args=[games[0].access_token])
    play_crib(games[0], 0, 95, ann.tournament.created_by)
    assert phone.get(links["Ann"])["Location"] == reverse("league:table", args=[games[1].access_token])
    play_crib(games[1], 0, 95, ann.tournament.created_by)
    done = phone.get(links["Ann"])
    assert done.status_code == 200 and "You have no game to play now." in done.content.decode()
    assert phone.get(links["Ann"][:-3] + "xx/").status_code == 404
