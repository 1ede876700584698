"""Ratings in a season (docs/ratings.md): a standings metric, the handicap column
(raw points untouched) and seeding a night's first round by rating."""
import datetime
import itertools
import re

from django.urls import reverse

from league import services
from league.models import Game, PlayerRating, RatingEvent, Result, Season

from .rendered_forms import open_form
from .test_league_play import finish, make_season, profile, roster  # noqa: F401 (fixtures)
from .test_ratings import by_seat, partnership_game

D = datetime.date


def later_season(club, profile, **options):
    league = services.league_create(club=club, name="Winter", rule_profile=profile, is_public=True)
    return services.season_create(league=league, name="Winter", starts_on=D(2027, 1, 1), ends_on=D(2027, 3, 31),
                                  **options)


def cells(html, testid="standings"):
    """Each body row of the standings table as its cells' text."""
    import re
    table = html[html.index(f'data-testid="{testid}"'):]
    table = table[table.index("<tbody>"):table.index("</tbody>")]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def test_the_season_form_sets_seeding_and_the_handicap(client, club, organizer, profile):
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile)
    client.force_login(organizer)
    form = open_form(client, reverse("league:league", args=[club.slug, league.slug])).form(has="precedence_1")
    form.update(name="Spring", starts_on="2027-03-01", ends_on="2027-05-31", precedence_1="handicapped",
                precedence_2="points", precedence_3="", precedence_4="", precedence_5="", precedence_6="",
                seed_by_rating="on", handicap_per_point="2", handicap_cap="30")
    assert form.submit(client).status_code == 302
    season = Season.objects.get(league=league)
    assert (season.precedence, season.seed_by_rating, season.handicap_per_point, season.handicap_cap) == (
        ["handicapped", "points"], True, 2, 30)


def test_a_season_ranked_by_rating_shows_each_players_rating_after_the_season(client, club, organizer, profile,
                                                                               roster):
    season = make_season(club, profile)
    Season.objects.filter(pk=season.pk).update(precedence=["rating", "points"])
    game = partnership_game(season, organizer, roster[:4], D(2026, 10, 2))
    finish(game, organizer, 1)
    client.force_login(organizer)
    rows = cells(client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode())
    seat = by_seat(game)
    winner = round(RatingEvent.objects.get(game=game, player=seat[1]).ordinal, 2)
    loser = round(RatingEvent.objects.get(game=game, player=seat[0]).ordinal, 2)
    assert (winner, loser) == (2.43, -1.5)
    assert [r[-1] for r in rows] == ["2.43", "2.43", "-1.50", "-1.50"]
    assert {r[1] for r in rows[:2]} == {seat[1].name, seat[3].name}


def test_the_handicap_comes_from_last_seasons_rating_in_its_own_column(client, club, organizer, profile, roster):
    first = make_season(club, profile)
    old = partnership_game(first, organizer, roster[:4], D(2026, 10, 2))
    finish(old, organizer, 0)  # seats 0 and 2 rated 2.43, seats 1 and 3 -1.50
    season = later_season(club, profile, handicap_per_point=2, handicap_cap=50)
    game = partnership_game(season, organizer, roster[:4], D(2027, 1, 8))
    finish(game, organizer, 0)
    html = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode()
    assert ">Handicap<" in html and ">With handicap<" in html
    before = by_seat(old)
    expected = {before[0].name: 0, before[2].name: 0, before[1].name: 8, before[3].name: 8}  # 2 × 3.93, rounded
    points = dict(Result.objects.filter(season=season).values_list("player__name", "points_for"))
    for row in cells(html):
        name, raw, handicap, total = row[1], int(row[4]), int(row[-2]), int(row[-1])
        assert raw == points[name]  # raw points never change
        assert handicap == expected[name] and total == raw + handicap * 1


def test_seeding_fills_the_first_round_best_rated_first(club, organizer, profile, roster):
    season = later_season(club, profile, seed_by_rating=True)
    ordinals = [3.0, 7.0, 1.0, 8.0, 5.0, 2.0, 6.0, 4.0]
    for player, ordinal in zip(roster[:8], ordinals):
        PlayerRating.objects.create(club=club, player=player, family="partnership", mu=25, sigma=5,
                                    ordinal=ordinal, games=1)
    night = services.night_create(season=season, date=D(2027, 1, 8), rounds=2)
    services.night_check_in(night=night, players=roster[:8])
    rnd = services.round_seat(night=night, by=organizer)
    seats = [[s.player.name for s in g.seats.order_by("seat")]
             for g in Game.objects.filter(table__round=rnd).order_by("table__number")]
    # ratings 8 P03, 7 P01, 6 P06, 5 P04 | 4 P07, 3 P00, 2 P05, 1 P02; partners 1st & 4th v 2nd & 3rd
    assert seats == [["P03", "P01", "P04", "P06"], ["P07", "P00", "P02", "P05"]]
    second = services.round_seat(night=night, by=organizer)  # only the first round is seeded
    assert Game.objects.filter(table__round=second).count() == 2


def test_seeding_through_the_night_page_seats_as_rendered(client, club, organizer, profile, roster):
    season = later_season(club, profile, seed_by_rating=True)
    for player, ordinal in zip(roster[:8], [3.0, 7.0, 1.0, 8.0, 5.0, 2.0, 6.0, 4.0]):
        PlayerRating.objects.create(club=club, player=player, family="partnership", mu=25, sigma=5,
                                    ordinal=ordinal, games=1)
    night = services.night_create(season=season, date=D(2027, 1, 8), rounds=1)
    client.force_login(organizer)
    url = reverse("league:night", args=[club.slug, season.league.slug, season.pk, night.pk])
    checkin = open_form(client, url).form(has="walk_ins")
    checkin.update(players=[p.pk for p in roster[:8]])
    assert checkin.submit(client).status_code == 302
    seat = [f for f in open_form(client, url).forms if f.action.endswith("/seat/")][0]
    assert seat.submit(client).status_code == 302
    first = Game.objects.get(table__round__night=night, table__number=1)
    assert [s.player.name for s in first.seats.order_by("seat")] == ["P03", "P01", "P04", "P06"]


def test_without_seeding_the_first_round_ignores_ratings(club, organizer, profile, roster):
    season = later_season(club, profile)
    for player, ordinal in zip(roster[:8], [3.0, 7.0, 1.0, 8.0, 5.0, 2.0, 6.0, 4.0]):
        PlayerRating.objects.create(club=club, player=player, family="partnership", mu=25, sigma=5,
                                    ordinal=ordinal, games=1)
    night = services.night_create(season=season, date=D(2027, 1, 8), rounds=1)
    services.night_check_in(night=night, players=roster[:8])
    rnd = services.round_seat(night=night, by=organizer)
    seats = [[s.player.name for s in g.seats.order_by("seat")]
             for g in Game.objects.filter(table__round=rnd).order_by("table__number")]
    assert seats != [["P03", "P01", "P04", "P06"], ["P07", "P00", "P02", "P05"]]


def test_the_standings_report_prints_the_handicap_in_its_own_columns(club, organizer, profile, roster):
    from league.pdf.standings import SeasonStandingsReport
    from league.selectors.pdf import season_report_for_print

    from .test_pdf_fonts import pdf_text

    first = make_season(club, profile)
    old = partnership_game(first, organizer, roster[:4], D(2026, 10, 2))
    finish(old, organizer, 0)
    season = later_season(club, profile, handicap_per_point=2, handicap_cap=50)
    game = partnership_game(season, organizer, roster[:4], D(2027, 1, 8))
    finish(game, organizer, 0)
    text = pdf_text(SeasonStandingsReport(season_report_for_print(season)).render())
    assert "Handicap" in text and "With handicap" in text
    loser = by_seat(old)[1]
    raw = Result.objects.get(season=season, player=loser).points_for
    # the loser's row: its numbers after the name, up to the next row's "=rank" or the notes below the table
    after = text[text.index(f" {loser.name} 1 ") + len(loser.name) + 2:].split()
    numbers = list(itertools.takewhile(lambda t: re.fullmatch(r"-?\d+(/\d+)?", t), after))
    # games, won, points, against, diff., bids made, nights, head-to-head, handicap, with handicap
    assert numbers[2] == str(raw) and numbers[-2:] == ["8", str(raw + 8)]
