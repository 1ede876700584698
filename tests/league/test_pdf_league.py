"""The league PDFs: table score sheets for a round or a night, the night recap
and the season standings report. Names, numbers and totals read back with
pypdf exactly; the QR code holds the table's link; a 20-table night lays out
with no text outside its cell; organizers only for the sheets, readers for
the recap and the report; query counts the same for a small and a large
season; page 1 rendered by pdftoppm on the chosen paper."""
import datetime
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from league import services
from league.models import Game, GameSide, League, LeagueFormat, Membership, Player, RuleProfile
from league.pdf import NightRecap, SeasonStandingsReport, TableSheets
from league.pdf.flowables import QrCode
from league.sample_season import sample_season_create
from league.selectors.pdf import (
    night_recap_for_print, night_tables_for_print, season_report_for_print,
)
from league.selectors.standings import standings

from .conftest import played
from .test_pdf_fonts import dark_share, fragments, page_count, page_image, page_size, pdf_text, ruled_lines
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date
NAMES = ["Ada Byrne", "Ben Okafor", "Chen Wei", "Dana Kowalski", "Eve Adams", "Femi Bello", "Gus Hart",
         "Hana Ito"]
LINK = "http://testserver/t/{}/"


def link(game) -> str:
    return LINK.format(game.access_token)


# -- a night built with the services --------------------------------------------
def make_season(club, *, public=True, fmt=LeagueFormat.PROGRESSIVE, **options):
    profile = RuleProfile.objects.create(club=club, name="Club standard", options=options)
    league = services.league_create(club=club, name="Thursday League", rule_profile=profile, format=fmt,
                                    is_public=public)
    return services.season_create(league=league, name="Autumn 2026", starts_on=D(2026, 9, 1),
                                  ends_on=D(2026, 12, 31))


def games_of(rnd) -> list[Game]:
    return list(Game.objects.filter(table__round=rnd).order_by("table__number").prefetch_related("seats__player"))


def seat_names(game) -> dict[int, str]:
    return {s.seat: s.player.name for s in game.seats.all()}


# every hand of the night: (round, table, kwargs); the numbers each scores are asserted below
HANDS = [
    (1, 1, played(0, 300, (150, 60), (170, 80))),  # N–S +320, E–W +140
    (1, 1, played(0, 1400, (1400, 0), (250, 0))),  # N–S +1650 = 1970: N–S win
    (1, 2, played(1, 350, (100, 200), (100, 150))),  # E–W +350, N–S +200
    (1, 2, played(1, 1300, (0, 1300), (0, 250))),  # E–W +1550 = 1900: E–W win
    (2, 1, played(2, 400, (300, 100), (200, 50))),  # N–S +500, E–W +150
    (2, 1, played(0, 1460, (1460, 0), (0, 250))),  # N–S +1460 = 1960, E–W +250 = 400: N–S win
    (2, 2, played(3, 250, (50, 100), (90, 160))),  # E–W +260, N–S +140: still playing
]


@pytest.fixture
def night(club, organizer):
    season = make_season(club)
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES]
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    services.night_check_in(night=night, players=players)
    games = {}
    for number in (1, 2):
        rnd = services.round_seat(night=night, by=organizer)
        for table, game in enumerate(games_of(rnd), 1):
            games[number, table] = game
    for number, table, hand in HANDS:
        services.entry_record(game=games[number, table], by=organizer, inputs=PinochleHandInput(**hand))
    night.games = games
    return night


def night_args(night) -> list:
    league = night.season.league
    return [league.club.slug, league.slug, night.season_id, night.pk]


def sheets(night, round_number=None, **kwargs) -> TableSheets:
    return TableSheets(night, night_tables_for_print(night, round_number), link=link,
                       round_number=round_number, **kwargs)


def qr_codes(flowable) -> list[QrCode]:
    """Every QR code inside ``flowable`` (tables and cell lists searched)."""
    if isinstance(flowable, QrCode):
        return [flowable]
    if isinstance(flowable, (list, tuple)):
        return [q for f in flowable for q in qr_codes(f)]
    if hasattr(flowable, "_cellvalues"):
        return [q for row in flowable._cellvalues for cell in row for q in qr_codes(cell)]
    return []


def grid_rows(data: bytes, document, page: int, tag="grid") -> list[list[str]]:
    """The texts of a recorded table's rows on ``page``, top to bottom, left to right."""
    cells = [c for c in document.cell_boxes if c.page == page and c.tag == tag]
    rows = {}
    for f in fragments(data):
        if f.page != page:
            continue
        for c in cells:
            if c.holds(f.x + 0.05, f.y):
                rows.setdefault(round(c.y + c.height, 1), []).append((f.x, f.text))
                break
    return [[t for _, t in sorted(row)] for _, row in sorted(rows.items(), reverse=True)]


def assert_inside_cells(data: bytes, document, *, pad=1.9) -> list:
    """Every text fragment lies on the page's frame, and one in a recorded
    table lies inside the smallest cell holding its start; returns the
    fragments a cell held."""
    width = document.pagesize[0]
    by_page: dict[int, list] = {}
    for c in document.cell_boxes:
        by_page.setdefault(c.page, []).append(c)
    held = []
    for f in fragments(data):
        assert document.margin_left - 0.01 <= f.x and f.x + f.width <= width - document.margin_right + 0.01, f
        holders = [c for c in by_page.get(f.page, ()) if c.holds(f.x + 0.05, f.y)]
        if not holders:
            continue
        cell = min(holders, key=lambda c: c.width * c.height)
        inset = pad if cell.tag in ("grid", "standings", "results") else 0
        assert cell.x + inset - 0.01 <= f.x and f.x + f.width <= cell.x + cell.width - inset + 0.01, (f, cell)
        assert cell.y - 0.01 <= f.y <= cell.y + cell.height, (f, cell)
        held.append(f)
    return held


# -- table score sheets ------------------------------------------------------------
def test_round_sheet_names_the_table_players_dealer_and_rules(night):
    document = sheets(night, 1)
    data = document.render()
    assert page_count(data) == 2
    game = night.games[1, 1]
    names = seat_names(game)
    dealer = (game.first_dealer, (game.first_dealer + 1) % 4, (game.first_dealer + 2) % 4, (game.first_dealer + 3) % 4)
    assert game.first_dealer == 0  # round 1 starts with North
    text = pdf_text(data)
    page_one = text.split("Page 1 of 2")[0]
    for expected in (
        "Round 1 · Table 1",
        "Test Club · Thursday League · Autumn 2026",
        "Club night Oct. 1, 2026",
        f"N–S N · {names[0]} S · {names[2]}",
        f"E–W E · {names[1]} W · {names[3]}",
        f"First dealer: N · {names[0]}",
        "Dealing order (the deal passes to the left): "
        + " → ".join(f"{'NESW'[s]} {names[s]}" for s in dealer),
        "Target first side to 1500",
        "Bidding minimum 250, raise by 10",
        "Defenders keep their meld only by taking a counter; with no counter it is lost",
        "Ties both sides reach the target on one hand: the bidders win",
        "All rules 1500 · min 250 by 10 · defenders need a counter · bidders win ties",
        f"http://testserver/t/{game.access_token}/",
        "Table score sheets · Oct. 1, 2026 · round 1",
    ):
        assert expected in page_one, expected
    assert "Round 1 · Table 2" in text.split("Page 1 of 2")[1]


def test_grid_is_the_entry_form_order_with_the_dealer_of_every_row(night):
    document = sheets(night, 1)
    data = document.render()
    game = night.games[1, 1]
    names = seat_names(game)
    rows = grid_rows(data, document, 1)
    header = ["#", "Dealer", "Bidder", "Bid", "Trump", f"N–S · {names[0]} & {names[2]}",
              f"E–W · {names[1]} & {names[3]}", "Checked"]
    assert rows[0] == header
    assert rows[1] == ["Meld", "Tricks", "Score", "Total", "Meld", "Tricks", "Score", "Total"]
    body = rows[2:]
    assert len(body) == 16  # 1500 at 125 a hand, and four more
    assert [r[0] for r in body] == [str(n) for n in range(1, 17)]
    assert [r[1] for r in body[:5]] == [f"{'NESWN'[i]} {names[i % 4]}" for i in range(5)]


def test_rows_follow_the_rounds_hand_limit_and_the_target(club, organizer):
    season = make_season(club, target=1000, min_bid=200, bid_increment=5, meld_saved_by="trick", tie="higher")
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES]
    night = services.night_create(season=season, date=D(2026, 10, 8), rounds=2)
    services.night_check_in(night=night, players=players)
    services.round_seat(night=night, by=organizer)
    services.round_seat(night=night, by=organizer, hand_limit=9)
    document = sheets(night)
    data = document.render()
    assert page_count(data) == 4
    assert [len(grid_rows(data, document, page)) - 2 for page in (1, 2, 3, 4)] == [12, 12, 9, 9]
    text = pdf_text(data)
    assert "Target first side to 1000" in text
    assert "Target 1000, or after 9 hands the higher total wins (equal totals draw)" in text
    assert "Bidding minimum 200, raise by 5" in text
    assert "Defenders keep their meld only by taking a trick; with no trick it is lost" in text
    assert "Ties both sides reach the target on one hand: the higher total wins" in text
    round_two = Game.objects.get(table__round__number=2, table__number=1)
    assert round_two.first_dealer == 1
    assert f"First dealer: E · {seat_names(round_two)[1]}" in text


def test_qr_code_opens_the_tables_link_and_the_link_is_printed_below_it(night):
    document = sheets(night)
    story = document.story()
    codes = qr_codes(story)
    tables = night_tables_for_print(night)
    assert [q.value for q in codes] == [link(t.game) for t in tables]
    for table, code in zip(tables, codes):
        assert table.game.access_token in code.value
        assert code.value == "http://testserver" + reverse("league:table", args=[table.game.access_token])
    data = document.render()
    frags = fragments(data)
    for page, table in enumerate(tables, 1):
        [url] = [f for f in frags if f.page == page and f.text == link(table.game)]
        [qr_cell] = [c for c in document.cell_boxes if c.page == page and c.tag == "head" and c.col == 1]
        assert url.y < qr_cell.y + qr_cell.height - document.qr_size  # printed below the code


def test_view_prints_one_round_or_the_whole_night_for_organizers(client, organizer, night):
    client.force_login(organizer)
    url = reverse("league:night_sheets_pdf", args=night_args(night))
    whole = client.get(url)
    assert whole.status_code == 200 and whole["Content-Type"] == "application/pdf"
    assert whole["Content-Disposition"] == 'inline; filename="sheets-thursday-league-2026-10-01.pdf"'
    assert page_count(whole.content) == 5  # four tables, then the players' link cards
    text = pdf_text(whole.content)
    for number, table in night.games:
        game = Game.objects.get(pk=night.games[number, table].pk)
        assert f"http://testserver/t/{game.access_token}/" in text
    assert [text.index(f"Round {r} · Table {t}") for r, t in ((1, 1), (1, 2), (2, 1), (2, 2))] == sorted(
        text.index(f"Round {r} · Table {t}") for r, t in ((1, 1), (1, 2), (2, 1), (2, 2)))
    second = client.get(url, {"round": 2, "paper": "letter"})
    assert page_count(second.content) == 2 and page_size(second.content) == (612, 792)
    assert second["Content-Disposition"] == 'inline; filename="sheets-thursday-league-2026-10-01-round-2.pdf"'
    assert "Round 1 ·" not in pdf_text(second.content)
    assert client.get(url, {"round": 3}).status_code == 404
    assert client.get(url, {"round": "x"}).status_code == 400
    assert client.get(url, {"paper": "a3"}).status_code == 400


def test_sheets_carry_the_secret_links_so_only_organizers_get_them(client, night):
    url = reverse("league:night_sheets_pdf", args=night_args(night))
    assert client.get(url).status_code == 403  # anonymous, although the league is public
    member = get_user_model().objects.create_user("member", password="pw-member-123")
    Membership.objects.create(club=night.season.league.club, user=member, role=Membership.Role.MEMBER)
    client.force_login(member)
    assert client.get(url).status_code == 403
    assert client.get(reverse("league:night_recap_pdf", args=night_args(night))).status_code == 200


def test_fixed_partnership_sheet_names_the_teams(club, organizer):
    season = make_season(club, fmt=LeagueFormat.FIXED)
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES[:4]]
    teams = [services.team_create(season=season, player_a=players[0], player_b=players[1], name="Aces"),
             services.team_create(season=season, player_a=players[2], player_b=players[3], name="Kings")]
    night = services.night_create(season=season, date=D(2026, 10, 8), rounds=1)
    services.night_check_in(night=night, teams=teams)
    services.round_seat(night=night, by=organizer)
    document = sheets(night)
    data = document.render()
    text = pdf_text(data)
    sides = {s.side: s.team.name for s in GameSide.objects.filter(game__table__round__night=night)}
    game = Game.objects.get(table__round__night=night)
    names = seat_names(game)
    assert f"N–S {sides[0]} N · {names[0]} S · {names[2]}" in text
    assert f"E–W {sides[1]} E · {names[1]} W · {names[3]}" in text
    assert len(assert_inside_cells(data, document)) > 16 * 2


def shown(cell: str, text: str) -> bool:
    """``cell`` shows ``text``, whole or cut with an ellipsis to fit."""
    return cell == text or (cell.endswith("…") and len(cell) > 1 and text.startswith(cell[:-1]))


def test_cribbage_night_gets_cribbage_grids_and_the_boards_address(client, club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Crib", game_type="cribbage", options={})
    league = services.league_create(club=club, name="Cribbage", rule_profile=profile, format="individual")
    season = services.season_create(league=league, name="Winter", starts_on=D(2026, 1, 1), ends_on=D(2026, 3, 31))
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=[services.player_get_or_create(club=club, name=n)
                                                  for n in NAMES[:4]])
    services.round_seat(night=night, by=organizer)
    services.round_seat(night=night, by=organizer)
    document = sheets(night, 2)
    data = document.render()
    assert page_count(data) == 2
    game = Game.objects.get(table__round__number=2, table__number=1)
    a, b = seat_names(game)[0], seat_names(game)[1]
    text = pdf_text(data)
    assert f"A · {a} B · {b}" in text
    assert f"First dealer: B · {b}" in text  # round 2: the second player deals first
    assert "Target 121; skunk under 91, double skunk under 61" in text
    rows = grid_rows(data, document, 1)
    assert rows[0] == ["Deal", "Dealer", f"A · {a}", f"B · {b}"]
    assert rows[1] == ["Pegging", "Hand", "Crib", "Total"] * 2
    assert len(rows) - 2 == 18 and rows[2][0] == "1" and rows[3][0] == "2"
    # the dealer column cuts a long name ("A Dana Ko…"); which names sit at table 1 depends on the seating
    assert shown(rows[2][1], f"B {b}") and shown(rows[3][1], f"A {a}")
    assert len(assert_inside_cells(data, document)) > 18 * 2
    client.force_login(organizer)
    response = client.get(reverse("league:night_sheets_pdf", args=night_args(night)), {"round": 2})
    board = "http://testserver" + reverse("league:table", args=[game.access_token])
    assert board in pdf_text(response.content)
    recap = pdf_text(client.get(reverse("league:night_recap_pdf", args=night_args(night))).content)
    assert f"1 {seat_names(Game.objects.get(table__round__number=1, table__number=1))[0]}" in recap
    assert "Highest hand none yet" in recap and "game points" in recap


# -- the night recap ---------------------------------------------------------------
def test_recap_prints_every_tables_players_totals_and_winner(night):
    data = NightRecap(night_recap_for_print(night)).render()
    text = pdf_text(data)
    expected = {
        (1, 1): ("1970", "140", "N–S won"),
        (1, 2): ("200", "1900", "E–W won"),
        (2, 1): ("1960", "400", "N–S won"),
        (2, 2): ("140", "260", "playing: 1 hand"),
    }
    for (number, table), (ns, ew, result) in expected.items():
        names = seat_names(night.games[number, table])
        row = f"{table} N–S {names[0]} & {names[2]} {ns} E–W {names[1]} & {names[3]} {ew} {result}"
        assert row in text.split(f"Round {number}")[1], row
    assert "Thursday League · Autumn 2026 Club night Oct. 1, 2026" in text
    assert "2 rounds · 3 of 4 games finished · 7 hands" in text
    # the seating is drawn from the night's id, so tied ranks (and their notes) may add a page
    pages = page_count(data)
    assert text.count("Night recap · Thursday League · Oct. 1, 2026") == pages
    assert [f"Page {n} of {pages}" in text for n in range(1, pages + 1)] == [True] * pages


def test_recap_highlights_come_from_the_stored_hands(night):
    text = pdf_text(NightRecap(night_recap_for_print(night)).render())
    a, c = seat_names(night.games[1, 1]), seat_names(night.games[2, 1])
    assert f"Highest hand +1650 by {a[0]} & {a[2]} (round 1, table 1, hand 2)" in text
    assert f"Biggest meld 1460 by {c[0]} & {c[2]} (round 2, table 1, hand 2)" in text
    made = Counter()
    for number, table, hand in HANDS:
        made[seat_names(night.games[number, table])[hand["bidder_seat"]]] += 1
    best = max(made.values())
    leaders = sorted(n for n, k in made.items() if k == best)
    shown = " & ".join(leaders) if len(leaders) <= 2 else ", ".join(leaders)
    assert f"Most bids made {best} bids by {shown}" in text


def test_recap_standings_are_the_nights_standings(night):
    recap = night_recap_for_print(night)
    text = pdf_text(NightRecap(recap).render())
    ranked = standings(night.season, night=night).rows
    assert len(ranked) == 8  # everyone played a finished game
    for r in ranked:
        row = r.row
        line = (f"{r.rank_label} {row.name} {row.games} {row.wins} {row.points_for} {row.points_against} "
                f"{row.differential} {row.bids_made}/{row.bids_taken}")
        assert line in text, line
    a = seat_names(night.games[1, 1])
    assert any(r.row.name == a[0] and r.row.points_for >= 1970 for r in ranked)
    assert "Ranked by total points; rows level on it are ordered by games won, then point differential, then " \
           "head-to-head." in text


def test_recap_of_a_members_only_league_is_refused_to_strangers(client, organizer, night):
    League.objects.filter(pk=night.season.league_id).update(is_public=False)
    url = reverse("league:night_recap_pdf", args=night_args(night))
    assert client.get(url).status_code == 404
    assert client.get(reverse("league:season_standings_pdf", args=night_args(night)[:3])).status_code == 404
    client.force_login(organizer)
    response = client.get(url, {"paper": "letter"})
    assert response.status_code == 200 and page_size(response.content) == (612, 792)
    assert response["Content-Disposition"] == 'inline; filename="recap-thursday-league-2026-10-01.pdf"'


def test_public_recap_and_report_are_readable_by_anyone(client, night):
    recap = client.get(reverse("league:night_recap_pdf", args=night_args(night)))
    report = client.get(reverse("league:season_standings_pdf", args=night_args(night)[:3]))
    assert recap.status_code == 200 and report.status_code == 200
    assert "Highest hand +1650" in pdf_text(recap.content)
    assert "Season standings · Thursday League" in pdf_text(report.content)


# -- the season standings report ------------------------------------------------------
@pytest.fixture
def tied_season(club, organizer):
    """Eight players, two tables: four end level on 1550 points and two of them
    won (so games won splits them), two on 1540, two on 0."""
    season = make_season(club)
    players = [services.player_get_or_create(club=club, name=n) for n in NAMES]
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=players)
    a, b = games_of(services.round_seat(night=night, by=organizer))
    services.entry_record(game=a, by=organizer,
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))  # N–S 1550 : 0, won
    services.entry_record(game=b, by=organizer,
                          inputs=PinochleHandInput(**played(0, 250, (1000, 0), (250, 0))))  # 1250 : 0
    services.entry_record(game=b, by=organizer,
                          inputs=PinochleHandInput(**played(1, 1300, (290, 1300), (10, 240))))  # 1550 : 1540, E–W bid
    return season


def test_season_report_prints_the_standings_and_why_level_rows_are_split(tied_season):
    report = season_report_for_print(tied_season)
    data = SeasonStandingsReport(report).render()
    text = pdf_text(data)
    rows = report.standings.rows
    assert [(r.rank_label, r.row.points_for, r.row.wins, r.split_by) for r in rows] == [
        ("=1", 1550, 1, None), ("=1", 1550, 1, None), ("=3", 1550, 0, "wins"), ("=3", 1550, 0, None),
        ("=5", 1540, 1, None), ("=5", 1540, 1, None), ("=7", 0, 0, None), ("=7", 0, 0, None),
    ]
    for r in rows:  # the usual columns, then head-to-head (the one metric they do not show), then split by
        row = r.row
        line = (f"{r.rank_label} {row.name} {row.games} {row.wins} {row.points_for} {row.points_against} "
                f"{row.differential} {row.bids_made}/{row.bids_taken} {row.nights} {r.values[3]}")
        assert line + (" games won" if r.split_by else "") in text, line
    assert "# Name Games Won Points Against Diff. Bids made Nights head-to-head Split by" in text
    third, second = rows[2].row.name, rows[1].row.name
    assert (f"{third} (=3) was level on total points with {second} (=1); games won split them.") in text
    assert f"{rows[0].row.name}, {rows[1].row.name} share rank =1: level on every metric." in text
    assert "Ranked by total points; rows level on it are ordered by games won, then point differential, then " \
           "head-to-head." in text
    assert "Rows level on every metric share a rank, shown as =2, and are listed by name." in text
    assert "Thursday League · Autumn 2026 Sept. 1, 2026 – Dec. 31, 2026 · 1 night played · 8 players" in text
    assert "Season standings · Thursday League" in text and "Page 1 of 1" in text and "Printed " in text


def test_season_report_shows_metrics_the_columns_do_not(tied_season):
    type(tied_season).objects.filter(pk=tied_season.pk).update(precedence=["win_pct", "points", "best_n:2"])
    tied_season.refresh_from_db()
    document = SeasonStandingsReport(season_report_for_print(tied_season))
    data = document.render()
    header = grid_rows(data, document, 1, tag="standings")[0]
    assert header == ["#", "Name", "Games", "Won", "Points", "Against", "Diff.", "Bids made", "Nights", "win %",
                      "best 2 nights", "Split by"]
    first = grid_rows(data, document, 1, tag="standings")[1]
    assert first[-2:] == ["100%", "1550"]
    assert "Ranked by win %; rows level on it are ordered by total points, then best 2 of 1 night." in pdf_text(data)


# -- layout at size, query counts, pages ------------------------------------------------
@pytest.fixture
def twenty_tables(club):
    """A sample night of 80 players (20 tables a round, 3 rounds), some with
    60-character names and names in Chinese, Thai and Greek."""
    season = sample_season_create(club=club, nights=1, players=80, seed=7)
    long_names = ["Maximilian Bartholomew Fitzgerald-Wolfenstein of Little Ditton"[:60], "W" * 60,
                  "王小明" * 20, ("สมศักดิ์ ใจดี " * 5)[:60], "Ελένη Παπαδοπούλου", "Фёдор Достоевский"]
    for player, name in zip(Player.objects.filter(club=club).order_by("name")[:6], long_names):
        player.name = name
        player.save()
    return season


def test_a_night_of_twenty_tables_keeps_every_text_inside_its_cell(twenty_tables):
    night = twenty_tables.nights.get()
    assert len(night_tables_for_print(night, 1)) == 20
    whole = sheets(night)
    data = whole.render()
    assert page_count(data) == 60 and "Page 60 of 60" in pdf_text(data)
    assert {c.page for c in whole.cell_boxes if c.tag == "grid"} == set(range(1, 61))
    held = assert_inside_cells(data, whole)
    assert len(held) > 60 * (23 * 2 + 16)
    assert {f.font for f in held} >= {"ClubHan", "ClubThai", "ClubSans", "ClubSans-Bold"}
    assert any(f.text[2:].startswith("Maximilian") and f.text.endswith("…") for f in held)  # a dealer, cut
    letter = sheets(night, 2, paper="letter")
    data = letter.render()
    assert page_count(data) == 20
    assert len(assert_inside_cells(data, letter)) > 20 * (23 * 2 + 16)
    for document in (NightRecap(night_recap_for_print(night)), SeasonStandingsReport(season_report_for_print(
            twenty_tables), paper="letter")):
        data = document.render()
        assert page_count(data) >= 2
        held = assert_inside_cells(data, document)
        assert len(held) > 80 * 8 and any("王小明" in f.text for f in held)
    text = pdf_text(NightRecap(night_recap_for_print(night)).render())
    assert "3 rounds · 60 of 60 games finished · 1380 hands" in text


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(ctx.captured_queries)


def test_query_counts_do_not_grow_with_the_night_or_the_season(client, organizer, club):
    small = sample_season_create(club=club, nights=2, players=8, seed=1)
    large = sample_season_create(club=club, nights=10, players=40, seed=2)
    client.force_login(organizer)
    counts = []
    for season in (small, large):
        night = season.nights.order_by("date").last()
        args = [club.slug, season.league.slug, season.pk, night.pk]
        counts.append({
            "sheets": queries(client, reverse("league:night_sheets_pdf", args=args)),
            "sheets round": queries(client, reverse("league:night_sheets_pdf", args=args) + "?round=2"),
            "recap": queries(client, reverse("league:night_recap_pdf", args=args)),
            "standings": queries(client, reverse("league:season_standings_pdf", args=args[:3])),
        })
    assert counts[0] == counts[1]
    assert max(counts[1].values()) <= 15, counts


@pytest.mark.parametrize("paper, size, pixels", [
    pytest.param("a4", (595.28, 841.89), (414, 585), id="A4"),
    pytest.param("letter", (612, 792), (425, 550), id="Letter"),
])
def test_page_one_of_each_document_is_drawn_on_the_chosen_paper(night, tmp_path, paper, size, pixels):
    for document, lines in ((sheets(night, paper=paper), 16 + 2),
                            (NightRecap(night_recap_for_print(night), paper=paper), 8),
                            (SeasonStandingsReport(season_report_for_print(night.season), paper=paper), 8)):
        data = document.render()
        assert page_size(data) == pytest.approx(size, abs=0.01)
        image = page_image(data, tmp_path)
        assert image.size == pixels
        assert 0.01 < dark_share(image) < 0.3
        assert ruled_lines(image) >= lines


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "th"])
def test_documents_render_in_other_site_languages(night, language):
    with translation.override(language):
        for document in (sheets(night), NightRecap(night_recap_for_print(night)),
                         SeasonStandingsReport(season_report_for_print(night.season))):
            data = document.render()
            assert "1500" in pdf_text(data) or "1970" in pdf_text(data)


def test_night_and_season_pages_link_to_the_pdfs(client, organizer, night):
    night_url = reverse("league:night", args=night_args(night))
    season_url = reverse("league:season", args=night_args(night)[:3])
    sheets_url = reverse("league:night_sheets_pdf", args=night_args(night))
    recap_url = reverse("league:night_recap_pdf", args=night_args(night))
    report_url = reverse("league:season_standings_pdf", args=night_args(night)[:3])
    html = client.get(night_url).content.decode()
    assert f'href="{recap_url}"' in html and sheets_url not in html  # anonymous: no secret links
    client.force_login(organizer)
    html = client.get(night_url).content.decode()
    assert f'href="{sheets_url}"' in html and f'href="{sheets_url}?round=2"' in html
    assert f'href="{report_url}"' in client.get(season_url).content.decode()
