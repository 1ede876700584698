"""Season awards from the stored numbers (docs/ratings.md §Awards), each with its game,
on the season page and in the season report and night recap PDFs."""
import datetime

from django.urls import reverse

from league import services
from league.models import GameSeat, HandSide
from league.pdf.recap import NightRecap
from league.pdf.standings import SeasonStandingsReport
from league.selectors.awards import season_award_lines
from league.selectors.pdf import night_recap_for_print, season_report_for_print

from .conftest import played
from .test_league_play import finish, make_season, profile, roster  # noqa: F401 (fixtures)
from .test_pdf_fonts import pdf_text
from .test_ratings import by_seat, partnership_game
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


def seated(game, players):
    """The game's seats 0–3 given to ``players`` in order: the night's seating
    draws from a seed made of the night's id, which differs between databases."""
    game.seats.all().delete()
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=n, player=p) for n, p in enumerate(players))
    return game


def two_nights(club, organizer, profile, roster):
    season = make_season(club, profile)
    p0, p1, p2, p3 = roster[:4]
    comeback = seated(partnership_game(season, organizer, roster[:4], D(2026, 10, 2)), [p1, p2, p0, p3])
    services.entry_record(game=comeback, by=organizer,
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))  # 320 : 140
    services.entry_record(game=comeback, by=organizer,
                          inputs=PinochleHandInput(**played(1, 1300, (0, 1300), (0, 250))))  # 320 : 1690
    second = seated(partnership_game(season, organizer, roster[:4], D(2026, 10, 9)), [p2, p1, p0, p3])
    finish(second, organizer, 0)  # 1550 : 0
    return season, comeback, second


def test_the_awards_come_from_the_stored_hands_and_results(club, organizer, profile, roster):
    season, comeback, second = two_nights(club, organizer, profile, roster)
    assert list(HandSide.objects.filter(hand__game=comeback).order_by("hand__number", "side")
                .values_list("total", flat=True)) == [320, 140, 320, 1690]
    awards = {a.key: a for a in season_award_lines(season)}
    a_seats, b_seats = by_seat(comeback), by_seat(second)
    assert (awards["highest_hand"].value, awards["highest_hand"].url) == ("+1550 on hand 2", f"/g/{comeback.public_id}/")
    assert awards["highest_hand"].who == f"{a_seats[1].name} & {a_seats[3].name}"  # the earlier 1550
    assert (awards["best_bid"].value, awards["best_bid"].url) == ("1300 on hand 2", f"/g/{comeback.public_id}/")
    assert (awards["comeback"].value, awards["comeback"].url) == ("won from 180 points behind",
                                                                  f"/g/{comeback.public_id}/")
    # bids are the bidder's: A hand 1 seat 0 (P01) made 300, hand 2 seat 1 (P02) 1300; B seat 0 (P02) 1300
    assert [a_seats[s].name for s in range(4)] == ["P01", "P02", "P00", "P03"]
    assert [b_seats[s].name for s in range(4)] == ["P02", "P01", "P00", "P03"]
    assert (awards["most_bids"].value, awards["most_bids"].who) == ("2 bids made", "P02")
    assert awards["most_bids"].url == f"/g/{second.public_id}/"
    assert (awards["winning_run"].value, awards["winning_run"].who) == ("2 games won in a row", "P02")
    assert awards["winning_run"].url == f"/g/{second.public_id}/"


def test_awards_up_to_a_night_leave_out_later_nights(club, organizer, profile, roster):
    season, comeback, second = two_nights(club, organizer, profile, roster)
    first_night = comeback.table.round.night
    awards = {a.key: a for a in season_award_lines(season, until=first_night.date)}
    assert awards["winning_run"].value == "1 game won in a row"
    assert all(a.url == f"/g/{comeback.public_id}/" for a in awards.values())


def test_the_season_page_lists_the_awards_with_links_to_their_games(client, club, organizer, profile, roster):
    season, comeback, _second = two_nights(club, organizer, profile, roster)
    client.force_login(organizer)
    html = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode()
    block = html[html.index('data-testid="award-comeback"'):]
    assert block.index(f'href="/g/{comeback.public_id}/"') < block.index("</div>")
    assert "Biggest comeback" in html and "won from 180 points behind" in html


def test_the_season_report_and_the_recap_print_the_awards(club, organizer, profile, roster):
    season, comeback, second = two_nights(club, organizer, profile, roster)
    text = pdf_text(SeasonStandingsReport(season_report_for_print(season),
                                          link=lambda p: "https://club.example" + p).render())
    assert "Season awards" in text and "won from 180 points behind" in text and "Longest winning run" in text
    recap = NightRecap(night_recap_for_print(second.table.round.night)).render()
    assert "Biggest comeback" in pdf_text(recap)
    assert f"https://club.example/g/{comeback.public_id}/".encode() in SeasonStandingsReport(
        season_report_for_print(season), link=lambda p: "https://club.example" + p).render()


def test_the_season_pages_awards_are_kept_until_a_result_or_a_name_changes(client, club, organizer, profile, roster):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from league.models import Player

    season = make_season(club, profile)
    first = seated(partnership_game(season, organizer, roster[:4], D(2026, 10, 2)), roster[:4])
    finish(first, organizer, 0)
    client.force_login(organizer)
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk])
    assert "1 game won in a row" in client.get(url).content.decode()
    with CaptureQueriesContext(connection) as again:
        client.get(url)
    assert not any("league_handside" in q["sql"] for q in again)  # the kept awards: no hand read
    second = seated(partnership_game(season, organizer, roster[:4], D(2026, 10, 9)), roster[:4])
    finish(second, organizer, 0)
    assert "2 games won in a row" in client.get(url).content.decode()  # a new result: at once
    for p in (roster[0], roster[2]):  # N–S won both
        Player.objects.filter(pk=p.pk).update(name=f"Renamed {p.name}")
    block = client.get(url).content.decode()
    block = block[block.index('data-testid="award-winning_run"'):]
    assert "Renamed P0" in block[:block.index("</div>")]


def test_a_game_gone_by_a_cascade_leaves_the_season_pages_awards_at_once(client, club, organizer, profile, roster):
    from league.models import Game

    season = make_season(club, profile)
    games = [seated(partnership_game(season, organizer, roster[:4], d), roster[:4]) for d in (D(2026, 10, 2),
                                                                                              D(2026, 10, 9))]
    for game in games:
        finish(game, organizer, 0)
    client.force_login(organizer)
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk])
    assert "2 games won in a row" in client.get(url).content.decode()
    Game.objects.filter(pk=games[1].pk).delete()  # its Result rows go without the services
    html = client.get(url).content.decode()
    assert "1 game won in a row" in html and "2 games won in a row" not in html
