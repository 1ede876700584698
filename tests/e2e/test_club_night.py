"""A club night in a real browser, from the organizer's laptop and the tables' phones.

The organizer creates a night for 12 players on the season page, checks them
in by ticking the roster, seats round 1 (three tables); each table enters a
complete game on a phone; round 2 is seated with new partners for everyone.
Then the season's standings, the night's standings and the public live board
show the same order, points and shared ranks, and the board picks up a new
hand by itself (htmx polls every 10 s) without a reload.

The seating engine decides who sits where, so the expected standings are
built from the seats the site chose (read from the database and checked
against the page): each player is credited with the total of the side they
played on (progressive league). Every total is worked out by hand from
docs/rules.md, "Partnership Pinochle" under the default profile (target 1500, minimum bid 250 by 10,
250 trick points, a set bidder loses the bid, defenders keep meld + tricks).
"""
import re
import time
from dataclasses import dataclass

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.conftest import login, total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROSTER = (
    "Ada Byrne", "Ben Cole", "Cara Diaz", "Dev Evans", "Eve Foster", "Finn Gray",
    "Gus Hart", "Hana Ito", "Ivo Jones", "Jo King", "Kit Lowe", "Lia Moss",
)
SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}
SIDE = ("N–S", "E–W")


@dataclass(frozen=True)
class Hand:
    bidder: str            # seat letter
    bid: int
    trump: str             # chip label
    meld: tuple[int, int]  # N–S, E–W
    ns_tricks: int         # E–W take the rest of 250
    totals: tuple[int, int]  # running totals after this hand


# Round 1: one complete game per table, each ending with a known winner.
GAMES = {
    # N–S win 1550 : 140.
    1: [
        Hand("N", 300, "♥", (220, 60), 170, (390, 140)),     # N–S 220+170=390 ≥ 300; E–W 60+80
        Hand("S", 450, "♦", (360, 0), 250, (1000, 140)),     # N–S 360+250=610; E–W no meld, no tricks
        Hand("N", 400, "♣", (300, 0), 250, (1550, 140)),     # N–S 300+250=550 → 1550 ≥ 1500
    ],
    # E–W win 1530 : 450.
    2: [
        Hand("E", 300, "♠", (100, 250), 90, (190, 410)),     # E–W 250+160=410 ≥ 300; N–S 100+90
        Hand("W", 500, "♥", (120, 420), 60, (370, 1020)),    # E–W 420+190=610; N–S 120+60=180
        Hand("E", 350, "♦", (40, 300), 40, (450, 1530)),     # E–W 300+210=510 → 1530; N–S 40+40
    ],
    # N–S win 1600 : −90, after E–W were set on the first hand.
    3: [
        Hand("W", 350, "♣", (120, 150), 140, (260, -350)),   # E–W 150+110=260 < 350: set −350; N–S 260
        Hand("N", 600, "♥", (500, 80), 200, (960, -220)),    # N–S 500+200=700; E–W 80+50=130
        Hand("S", 400, "♠", (420, 100), 220, (1600, -90)),   # N–S 420+220=640 → 1600; E–W 100+30
    ],
}
WINNER = {1: 0, 2: 1, 3: 0}
HANDS_ROUND_1 = sum(len(h) for h in GAMES.values())  # 9
# (rank label, table, side): every pair of partners shares a total, a win or
# loss and a differential, and partners never met, so head-to-head cannot
# split them: each pair shares a rank, listed by name.
ORDER = (("=1", 3, 0), ("=3", 1, 0), ("=5", 2, 1), ("=7", 2, 0), ("=9", 1, 1), ("=11", 3, 1))
# Round 2, table 1, one hand: N bids 250 in ♠; N–S 150+140=290 ≥ 250; E–W 90+110=200.
ROUND_2_HAND = Hand("N", 250, "♠", (150, 90), 140, (290, 200))


@pytest.fixture
def season(organizer):
    """Rules, 12 roster players, a public progressive league and a season around today."""
    import datetime

    from league import services
    from league.models import LeagueFormat, Player, RuleProfile

    club = organizer.club
    profile = RuleProfile.objects.create(club=club, name="Club rules", options={})
    for name in ROSTER:
        Player.objects.create(club=club, name=name)
    league = services.league_create(club=club, name="Thursday Progressive", rule_profile=profile,
                                    format=LeagueFormat.PROGRESSIVE, is_public=True)
    today = timezone.localdate()
    return services.season_create(league=league, name="Autumn", starts_on=today - datetime.timedelta(days=30),
                                  ends_on=today + datetime.timedelta(days=90))


# --- helpers -----------------------------------------------------------------

def seats_by_table(night, round_number: int) -> dict[int, list[str]]:
    """Table number → the four players' names, N, E, S, W, as stored."""
    from league.models import Game

    games = Game.objects.filter(table__round__night=night, table__round__number=round_number) \
        .select_related("table").prefetch_related("seats__player")
    return {g.table.number: [s.player.name for s in sorted(g.seats.all(), key=lambda s: s.seat)] for g in games}


def partner_pairs(seats: dict[int, list[str]]) -> set[frozenset]:
    return {frozenset((four[s], four[s + 2])) for four in seats.values() for s in (0, 1)}


def page_side_lines(page, round_number: int, table: int) -> list[str]:
    card = page.locator(f"[data-testid=table-{round_number}-{table}]")
    return [" ".join(t.split()) for t in card.locator(".side-line").all_inner_texts()]


def side_names(four: list[str], side: int) -> str:
    return f"{four[side]} & {four[side + 2]}"


def seat_chip(page, field: str, seat: int):
    return page.locator(f"#hand-form fieldset[data-field={field}] label.chip").filter(
        has=page.locator(f"input[value='{seat}']")
    )


def trump_chip(page, symbol: str):
    return page.locator("#hand-form fieldset[data-field=trump] label.chip").filter(
        has=page.locator("span", has_text=symbol)
    )


def enter_hand(page, hand: Hand, four: list[str], rows_after: int):
    """Tap the bidder (the bid jumps to 250), type the bid, tap trump, type meld
    and N–S tricks (pad.js fills E–W's), tap "Add hand"; htmx swaps the pad."""
    seat = SEAT[hand.bidder]
    bidder = seat_chip(page, "bidder_seat", seat)
    expect(bidder).to_have_text(f"{hand.bidder} {four[seat].split()[0]}")
    bid = page.locator("#hand-form input[name=bid]")
    expect(bid).to_have_value("")
    bidder.tap()
    expect(bid).to_have_value("250")
    if hand.bid != 250:
        bid.fill(str(hand.bid))
    trump_chip(page, hand.trump).tap()
    page.locator("#hand-form input[name=meld_0]").fill(str(hand.meld[0]))
    page.locator("#hand-form input[name=meld_1]").fill(str(hand.meld[1]))
    page.locator("#hand-form input[name=tricks_0]").fill(str(hand.ns_tricks))
    expect(page.locator("#hand-form input[name=tricks_1]")).to_have_value(str(250 - hand.ns_tricks))
    page.locator("#hand-form button[type=submit]").tap()
    expect(page.locator("[data-testid=hand-row]")).to_have_count(rows_after)
    expect(page.locator("#hand-form .error, #hand-form .errors")).to_have_count(0)
    expect(total(page, 0)).to_have_text(str(hand.totals[0]))
    expect(total(page, 1)).to_have_text(str(hand.totals[1]))


def expected_standings(seats: dict[int, list[str]]) -> list[dict]:
    """The season's rows in order, from the round-1 seats and GAMES."""
    rows = []
    for label, table, side in ORDER:
        four = seats[table]
        final = GAMES[table][-1].totals
        for name in sorted((four[side], four[side + 2]), key=str.casefold):
            seat = four.index(name)
            letter = "NESW"[seat]
            taken = [h for h in GAMES[table] if h.bidder == letter]
            made = [h for h in taken if h.meld[seat % 2] + (h.ns_tricks if seat % 2 == 0 else 250 - h.ns_tricks)
                    >= h.bid]
            rows.append({
                "#": label, "Name": name, "Games": "1", "Won": "1" if WINNER[table] == side else "0",
                "Points": str(final[side]), "Against": str(final[1 - side]),
                "Diff.": str(final[side] - final[1 - side]), "Bids made": f"{len(made)}/{len(taken)}",
                "Nights": "1",
            })
    return rows


def mini_standings(rows: list[dict]) -> list[str]:
    return [f"{r['#']} {r['Name']} {r['Points']}" for r in rows]


def standings_table(page) -> list[dict]:
    table = page.locator("table[data-testid=standings]")
    expect(table).to_be_visible()
    headers = [" ".join(h.split()) for h in table.locator("thead th").all_inner_texts()]
    out = []
    for tr in table.locator("tbody tr").all():
        cells = [" ".join(c.split()) for c in tr.locator("td").all_inner_texts()]
        out.append({h: c for h, c in zip(headers, cells) if h in (
            "#", "Name", "Games", "Won", "Points", "Against", "Diff.", "Bids made", "Nights")})
    return out


# --- the night -----------------------------------------------------------------

def test_club_night(live_server, laptop, contexts, organizer, season, tmp_path):
    from league.models import Night

    started = time.monotonic()
    url = live_server.url
    league = season.league
    season_path = f"/clubs/{league.club.slug}/l/{league.slug}/s/{season.pk}/"
    today = timezone.localdate()

    # --- the organizer, on a laptop, creates tonight's night on the season page ---
    desk = laptop.new_page()
    login(desk, url, organizer, season_path)
    expect(desk.locator("h1")).to_contain_text("Autumn")
    expect(desk.locator("table[data-testid=standings] tbody tr")).to_have_text(["No finished game yet."])
    new_night = desk.locator("form", has=desk.get_by_role("heading", name="New club night"))
    new_night.get_by_label("Date").fill(today.isoformat())
    new_night.get_by_label("Rounds").fill("2")
    desk.screenshot(path=tmp_path / "01-season-new-night.png", full_page=True)
    with desk.expect_navigation():
        new_night.get_by_role("button", name="Create the night").click()
    match = re.search(r"/n/(\d+)/$", desk.url)
    assert match, f"creating the night did not land on its page: {desk.url}"
    night = Night.objects.get(pk=int(match.group(1)))
    assert (night.season_id, night.date, night.rounds) == (season.pk, today, 2)
    night_url = desk.url
    expect(desk.locator("h1")).to_contain_text(today.strftime("%a %-d %b %Y"))
    expect(desk.locator("main")).to_contain_text("No round seated yet.")

    # --- check in the 12 players by ticking them ---
    expect(desk.get_by_test_id("checked-in")).to_have_text("0 checked in")
    for name in ROSTER:
        box = desk.get_by_label(name, exact=True)
        expect(box).not_to_be_checked()
        box.check()
    with desk.expect_navigation():
        desk.get_by_role("button", name="Check in", exact=True).click()
    expect(desk.get_by_test_id("checked-in")).to_have_text("12 checked in")
    for name in ROSTER:
        expect(desk.get_by_label(name, exact=True)).to_be_checked()
    assert night.checkins.count() == 12

    # --- seat round 1 (hands per round left empty: play to the target) ---
    expect(desk.locator("input[name=hand_limit]")).to_have_value("")
    with desk.expect_navigation():
        desk.get_by_role("button", name="Seat round 1").click()
    round_1 = desk.get_by_test_id("round-1")
    expect(round_1.locator(".table-card")).to_have_count(3)
    seats_1 = seats_by_table(night, 1)
    assert sorted(seats_1) == [1, 2, 3]
    assert sorted(n for four in seats_1.values() for n in four) == sorted(ROSTER), seats_1
    for t, four in seats_1.items():
        assert page_side_lines(desk, 1, t) == [f"N–S {side_names(four, 0)} 0", f"E–W {side_names(four, 1)} 0"]
    table_links = {t: desk.get_by_test_id(f"table-1-{t}").get_attribute("href") for t in seats_1}
    desk.screenshot(path=tmp_path / "02-round-1-seated.png", full_page=True)

    # --- each table scores its game on a phone (the organizer's login, for now) ---
    phones = {}
    for t, href in table_links.items():
        page = contexts("phone").new_page()
        login(page, url, organizer, href)
        expect(page.locator("[data-testid=total-0] .who")).to_have_text(side_names(seats_1[t], 0))
        expect(page.locator("[data-testid=total-1] .who")).to_have_text(side_names(seats_1[t], 1))
        phones[t] = page
    for number in range(3):  # the tables play at the same time: hand 1 everywhere, then hand 2...
        for t, page in phones.items():
            enter_hand(page, GAMES[t][number], seats_1[t], rows_after=number + 1)
    for t, page in phones.items():
        side = WINNER[t]
        expect(page.get_by_test_id("game-over")).to_contain_text(
            f"Game over: {SIDE[side]} ({side_names(seats_1[t], side)}) win.")
        expect(page.locator(f"[data-testid=total-{side}]")).to_have_class(re.compile(r"\bwinner\b"))
        expect(page.locator("#hand-form")).to_have_count(0)
        page.screenshot(path=tmp_path / f"03-table-{t}-game-over.png", full_page=True)

    # --- seat round 2: everyone gets a new partner ---
    desk.goto(night_url)
    for t, four in seats_1.items():
        final = GAMES[t][-1].totals
        expect(desk.get_by_test_id(f"table-1-{t}")).to_contain_text("3 hands · finished")
        assert page_side_lines(desk, 1, t) == [
            f"N–S {side_names(four, 0)} {final[0]}", f"E–W {side_names(four, 1)} {final[1]}"]
    with desk.expect_navigation():
        desk.get_by_role("button", name="Seat round 2").click()
    expect(desk.get_by_test_id("round-2").locator(".table-card")).to_have_count(3)
    expect(desk.get_by_role("button", name=re.compile(r"^Seat round"))).to_have_count(0)
    seats_2 = seats_by_table(night, 2)
    assert sorted(n for four in seats_2.values() for n in four) == sorted(ROSTER), seats_2
    shown_pairs = set()
    for t, four in seats_2.items():
        lines = page_side_lines(desk, 2, t)
        assert lines == [f"N–S {side_names(four, 0)} 0", f"E–W {side_names(four, 1)} 0"], lines
        for line in lines:
            a, b = re.fullmatch(r"(?:N–S|E–W) (.+) & (.+) 0", line).groups()
            shown_pairs.add(frozenset((a, b)))
    assert shown_pairs == partner_pairs(seats_2)
    repeated = partner_pairs(seats_1) & partner_pairs(seats_2)
    assert not repeated, f"partners again in round 2: {[sorted(p) for p in repeated]}; " \
                         f"round 1 {seats_1}, round 2 {seats_2}"
    desk.screenshot(path=tmp_path / "04-round-2-seated.png", full_page=True)

    # --- standings: the season page, the night page, the public live board ---
    expected = expected_standings(seats_1)
    assert [r["Name"] for r in expected] != sorted(ROSTER)  # the order is the ranking, not the alphabet
    desk.goto(url + season_path)
    assert standings_table(desk) == expected
    expect(desk.get_by_test_id("split-notes").locator("li")).to_have_count(0)
    desk.screenshot(path=tmp_path / "05-season-standings.png", full_page=True)

    desk.goto(night_url)
    expect(desk.locator("ol.mini-standings li")).to_have_text(mini_standings(expected))

    board = contexts("laptop").new_page()  # anonymous: the league is public
    board.goto(night_url + "board/")
    expect(board.locator("header")).to_contain_text("Log in")
    progress = board.get_by_test_id("board-progress")
    expect(progress).to_have_text(f"{HANDS_ROUND_1} hands entered · 3 of 6 games finished")
    expect(board.get_by_test_id("board-standings").locator("li")).to_have_text(mini_standings(expected))
    board.evaluate("window.__sameDocument = true")
    board.screenshot(path=tmp_path / "06-board.png", full_page=True)

    # --- one hand at round 2's table 1, from a table's phone; the board follows by itself ---
    table_2_1 = phones[1]
    table_2_1.goto(url + desk.get_by_test_id("table-2-1").get_attribute("href"))
    enter_hand(table_2_1, ROUND_2_HAND, seats_2[1], rows_after=1)
    entered = time.monotonic()
    expect(progress).to_have_text(f"{HANDS_ROUND_1 + 1} hands entered · 3 of 6 games finished",
                                  timeout=12_000)
    waited = time.monotonic() - entered
    assert board.evaluate("window.__sameDocument") is True, "the board reloaded the whole page"
    card = board.get_by_test_id("table-2-1")
    expect(card).to_contain_text("1 hand")
    assert page_side_lines(board, 2, 1) == [
        f"N–S {side_names(seats_2[1], 0)} {ROUND_2_HAND.totals[0]}",
        f"E–W {side_names(seats_2[1], 1)} {ROUND_2_HAND.totals[1]}"]
    # an unfinished game changes no standings
    expect(board.get_by_test_id("board-standings").locator("li")).to_have_text(mini_standings(expected))
    board.screenshot(path=tmp_path / "07-board-updated.png", full_page=True)
    assert waited <= 12, f"the board took {waited:.1f}s to show the new hand"
    print(f"club night: board updated {waited:.1f}s after the hand; whole test {time.monotonic() - started:.1f}s")
