"""Each game kind's own export columns (``export_*_columns`` in
``league/games/``): the game-type column, each kind's inputs, a cribbage
league's game points, spread and skunks, standings without the bid columns
for the games that do not bid, and formula-like names neutralised in every file."""
import csv
import datetime
import io

import openpyxl
from django.urls import reverse

from league import services
from league.models import Game, Player, RuleProfile
from league.selectors.standings import standings

from .conftest import played
from .test_cribbage_league import cribbage_season, play_night, six  # noqa: F401 (six is a fixture)
from .test_exports import pick, rows
from league.games.pinochle.hand_inputs import PinochleHandInput

STANDINGS_HEAD = ["rank", "tied", "name", "games", "won", "points", "against", "differential"]


def season_url(season):
    return reverse("league:season", args=[season.league.club.slug, season.league.slug, season.pk])


def standings_csv(client, season):
    text = b"".join(client.get(season_url(season) + "?_export=csv&header=codes").streaming_content).decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


def test_hands_csv_double_deck_hand_has_its_bid_meld_and_tricks(client, club, players, organizer):
    game = services.game_create(club=club, players=players, by=organizer, game_type="double_deck")
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(**played(1, 60, (10, 30), (20, 30), trump="S")))
    client.force_login(organizer)
    ns, ew = rows(client, "hands")
    names = ("game type", "dealer", "side", "players", "bidder", "bid", "trump", "made", "meld", "tricks",
             "score", "pegging", "melds on table")
    # E-W bid 60 and made 30 meld + 30 tricks; N-S keep 10 + 20
    assert pick(ns, *names) == ["double_deck", "N", "N-S", "Ann & Cy", "E", "60", "S", "1", "10", "20", "30", "", ""]
    assert pick(ew, *names) == ["double_deck", "N", "E-W", "Bo & Di", "E", "60", "S", "1", "30", "30", "60", "", ""]


def test_games_csv_cribbage_league_game_has_game_points_spread_and_skunks(client, club, organizer, six):  # noqa: F811
    _season, night = play_night(club, organizer, six)
    client.force_login(organizer)
    first = Game.objects.get(table__round__night=night, table__round__number=1, table__number=1)
    (row,) = [r for r in rows(client, "games") if r["game"] == first.public_id]
    # Ann beats Bo 121-88: a skunk, 3 game points in the double-skunk variant, spread 33
    assert pick(row, "game type", "status", "winner", "player 1", "player 2", "P1 total", "P2 total",
                "P1 game points", "P2 game points", "P1 spread", "P2 spread", "P1 skunks given",
                "P2 skunks given", "N-S total", "P3 total") == [
        "cribbage", "finished", "P1", "Ann", "Bo", "121", "88", "3", "0", "33", "-33", "1", "0", "", ""]


def test_games_csv_casual_partnership_game_leaves_the_cribbage_columns_empty(client, game, organizer):
    client.force_login(organizer)
    (row,) = rows(client, "games")
    assert pick(row, "game type", "P1 game points", "P1 spread", "P1 skunks given") == ["partnership", "", "", ""]


def test_standings_csv_of_a_cribbage_league_has_its_own_columns_and_no_bids(client, club, organizer, six):  # noqa: F811
    season, _night = play_night(club, organizer, six)
    client.force_login(organizer)
    header, first, *_ = standings_csv(client, season)
    assert header == STANDINGS_HEAD + ["nights", "split by", "game points", "spread", "skunks given", "skunks taken"]
    # Cy: 2 games, 2 won, 4 game points, spread 26 + 19, no skunk either way
    assert pick(dict(zip(header, first)), "rank", "name", "games", "won", "game points", "spread", "skunks given",
                "skunks taken") == ["1", "Cy", "2", "2", "4", "45", "0", "0"]


def test_standings_xlsx_of_a_cribbage_league_writes_numbers_as_numbers(client, club, organizer, six):  # noqa: F811
    season, _night = play_night(club, organizer, six)
    client.force_login(organizer)
    response = client.get(season_url(season) + "?_export=xlsx&header=codes")
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    header, *body = [[c.value for c in r] for r in sheet.iter_rows()]
    fay = dict(zip(header, body[-1]))
    # Fay: lost both (121-50 double skunk, 121-88 skunk): spread -71 - 33, two skunks taken
    assert (fay["name"], fay["games"], fay["won"], fay["game points"], fay["spread"], fay["skunks taken"]) == (
        "Fay", 2, 0, 0, -104, 2)


def _league_season(club, game_type, format):
    profile = RuleProfile.objects.create(club=club, name=game_type, game_type=game_type, options={})
    league = services.league_create(club=club, name=f"{game_type} league", rule_profile=profile, format=format)
    return services.season_create(league=league, name="S", starts_on=datetime.date(2026, 9, 1),
                                  ends_on=datetime.date(2026, 12, 1))


def test_standings_csv_of_a_rummy_league_has_no_bid_columns(client, club, organizer):
    season = _league_season(club, "rummy", "progressive")
    client.force_login(organizer)
    assert standings_csv(client, season) == [STANDINGS_HEAD + ["nights", "split by"]]


def test_standings_csv_of_a_three_handed_league_has_the_bid_columns(client, club, organizer):
    season = _league_season(club, "three_handed", "individual")
    client.force_login(organizer)
    assert standings_csv(client, season) == [STANDINGS_HEAD + ["bids made", "bids taken", "nights", "split by"]]


def test_a_standings_name_that_starts_like_a_formula_is_neutralised_in_csv_and_xlsx(client, club, organizer, six):  # noqa: F811
    season, _night = play_night(club, organizer, six)
    Player.objects.filter(club=club, name="Cy").update(name="=HYPERLINK(\"x\")")
    client.force_login(organizer)
    assert standings_csv(client, season)[1][2] == "'=HYPERLINK(\"x\")"
    sheet = openpyxl.load_workbook(io.BytesIO(client.get(season_url(season) + "?_export=xlsx").content)).active
    assert sheet.cell(row=2, column=3).value == "'=HYPERLINK(\"x\")"


def test_hands_csv_neutralises_a_side_whose_first_player_starts_like_a_formula(client, club, organizer):
    four = [services.player_get_or_create(club=club, name=n) for n in ("@SUM(A1)", "Bo", "Cy", "+Di")]
    game = services.game_create(club=club, players=four, by=organizer)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    client.force_login(organizer)
    ns, ew = rows(client, "hands")
    assert (ns["players"], ew["players"]) == ("'@SUM(A1) & Cy", "Bo & +Di")


def test_a_public_id_never_starts_with_a_formula_character(monkeypatch):
    from league.models import game as game_module

    draws = iter(["-AbCdEfGhIjKlMnO", "_AbCdEfGhIjKlMnO", "xAbCdEfGhIjKlMnO"])
    monkeypatch.setattr(game_module.secrets, "token_urlsafe", lambda n: next(draws))
    assert game_module.new_public_id() == "xAbCdEfGhIjKlMnO"
