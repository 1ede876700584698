"""Proof on the club floor: a whole club night in a real browser, as a club plays it.

Only the club, its organizer, the 12 roster players, the rules, the league
(public, with the other side confirming every hand) and its season are made
through the ORM; everything else goes through Chromium:

1. the organizer, on a laptop, creates tonight's night, ticks the 12 players
   in, seats round 1 (three progressive tables) and downloads the round's
   score-sheet packet (pypdf: one page a table, its four players and its
   table link);
2. each table has two phones (390×844, fresh contexts, nobody logged in):
   N–S enters the hands, E–W confirms them. The three tables enter their
   hands at the same time (each hand submitted at all three tables before
   waiting for any). Table 2 corrects hand 1 from its table link (the
   correction goes back to E–W for confirmation); at table 3 E–W's numbers
   for hand 2 differ, the hand is disputed and the organizer settles it on
   the game's own edit page. The night cannot be locked before that;
3. the organizer locks the night: a phone holding an edit form is refused
   (403), the table page offers no entry, edit or confirmation any more;
4. the season page, the public live board and the recap PDF (and the season
   standings PDF) show the same order and the same points for every player.

The seating engine decides who sits where: the expected standings are built
from the seats it chose (read from the database and checked on the pages).
Every total is worked out from docs/rules.md, "Partnership Pinochle" under the default profile (target
1500, bids from 250 by 10, 250 trick points, a set bidder loses the bid).
"""
import io
import re
import time
from dataclasses import dataclass, replace

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, hand_row, login, sideways_scroll, total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROSTER = (
    "Alma Reyes", "Bram Stone", "Cleo Vance", "Dara Lynch", "Emil Novak", "Fay Okafor",
    "Gil Pereira", "Hedy Quist", "Ines Roth", "Jules Sato", "Kofi Mensah", "Lena Berg",
)
SEAT = {"N": 0, "E": 1, "S": 2, "W": 3}
SIDE = ("N–S", "E–W")


@dataclass(frozen=True)
class Hand:
    bidder: str              # seat letter
    bid: int
    trump: str               # chip label
    meld: tuple[int, int]    # N–S, E–W
    ns_tricks: int           # E–W take the rest of 250
    totals: tuple[int, int]  # running totals once this hand is entered


# Hands as N–S's phone enters them, in play order.
GAMES = {
    # N–S win 1550 : 140.
    1: [
        Hand("N", 300, "♥", (220, 60), 170, (390, 140)),    # N–S 220+170=390 ≥ 300; E–W 60+80
        Hand("S", 450, "♦", (360, 0), 250, (1000, 140)),    # N–S 360+250=610; E–W nothing
        Hand("N", 400, "♣", (300, 0), 250, (1550, 140)),    # N–S 300+250=550 → 1550
    ],
    # E–W win 1560 : 430, once hand 1 is corrected (below).
    2: [
        Hand("E", 300, "♠", (100, 250), 90, (190, 410)),    # E–W 250+160=410 ≥ 300; N–S 100+90
        Hand("W", 500, "♥", (120, 420), 60, (370, 1020)),   # E–W 420+190=610; N–S 120+60=180
        Hand("E", 350, "♦", (40, 310), 40, (430, 1560)),    # after the correction: E–W 310+210=520 → 1560; N–S 80
    ],
    # N–S win 1580 : −70 once the disputed hand 2 is settled (entered: 1600 : −90).
    3: [
        Hand("W", 350, "♣", (120, 150), 140, (260, -350)),  # E–W 150+110=260 < 350: set −350; N–S 260
        Hand("N", 600, "♥", (500, 80), 200, (960, -220)),   # N–S 500+200=700; E–W 80+50=130
        Hand("S", 400, "♠", (420, 100), 220, (1600, -90)),  # N–S 420+220=640; E–W 100+30=130
    ],
}
# Table 2, after hand 2: N–S took 70 in hand 1, not 90 (E–W 180): hand 1
# becomes N–S 170, E–W 250+180=430, so after hand 2 the totals are 350 : 1040.
CORRECTION = {"table": 2, "number": 1, "ns_tricks": 70, "rows": [(170, 430), (350, 1040)]}
# Table 3, hand 2: E–W saw N–S take 180 (E–W 70): N–S 680, E–W 150. The
# organizer settles on E–W's numbers: 940 : −200 after hand 2, 1580 : −70 at the end.
DISPUTE = {"table": 3, "number": 2, "ns_tricks": 180, "rows": [(260, -350), (940, -200), (1580, -70)]}
FINAL = {1: (1550, 140), 2: (430, 1560), 3: (1580, -70)}
WINNER = {1: 0, 2: 1, 3: 0}
# (rank label, table, side), best first: partners share every number and never
# met, so each pair shares a rank, listed by name.
ORDER = (("=1", 3, 0), ("=3", 2, 1), ("=5", 1, 0), ("=7", 2, 0), ("=9", 1, 1), ("=11", 3, 1))


@pytest.fixture
def season(organizer):
    """Rules, 12 roster players, a public progressive league that asks the
    other side to confirm each hand, and a season around today."""
    import datetime

    from league import services
    from league.models import LeagueFormat, Player, RuleProfile

    club = organizer.club
    profile = RuleProfile.objects.create(club=club, name="Club rules", options={})
    for name in ROSTER:
        Player.objects.create(club=club, name=name)
    league = services.league_create(club=club, name="Harbour Monday League", rule_profile=profile,
                                    format=LeagueFormat.PROGRESSIVE, is_public=True)
    league.confirmation = True
    league.save(update_fields=["confirmation"])
    today = timezone.localdate()
    return services.season_create(league=league, name="Winter", starts_on=today - datetime.timedelta(days=30),
                                  ends_on=today + datetime.timedelta(days=90))


# --- helpers -------------------------------------------------------------------

def seats_by_table(night) -> dict[int, list[str]]:
    """Round 1: table number → the four players' names, N, E, S, W, as stored."""
    from league.models import Game

    games = Game.objects.filter(table__round__night=night, table__round__number=1) \
        .select_related("table").prefetch_related("seats__player")
    return {g.table.number: [s.player.name for s in sorted(g.seats.all(), key=lambda s: s.seat)] for g in games}


def side_names(four: list[str], side: int) -> str:
    return f"{four[side]} & {four[side + 2]}"


def seat_chip(page, field: str, seat: int):
    return page.locator(f"#hand-form fieldset[data-field={field}] label.chip").filter(
        has=page.locator(f"input[value='{seat}']"))


def trump_chip(page, symbol: str):
    return page.locator("#hand-form fieldset[data-field=trump] label.chip").filter(
        has=page.locator("span", has_text=symbol))


def fill_hand(page, hand: Hand, four: list[str], ns_tricks: int | None = None):
    """On a phone: tap the bidder (the bid jumps to 250), type the bid, tap
    trump, type meld and N–S tricks (pad.js fills E–W's). Not sent yet."""
    seat = SEAT[hand.bidder]
    bidder = seat_chip(page, "bidder_seat", seat)
    expect(bidder).to_have_text(f"{hand.bidder} {four[seat].split()[0]}")
    bid = page.locator("#hand-form input[name=bid]")
    expect(bid).to_have_value("")
    bidder.tap()
    expect(bid).to_have_value("250")
    bid.fill(str(hand.bid))
    trump_chip(page, hand.trump).tap()
    page.locator("#hand-form input[name=meld_0]").fill(str(hand.meld[0]))
    page.locator("#hand-form input[name=meld_1]").fill(str(hand.meld[1]))
    tricks = hand.ns_tricks if ns_tricks is None else ns_tricks
    page.locator("#hand-form input[name=tricks_0]").fill(str(tricks))
    expect(page.locator("#hand-form input[name=tricks_1]")).to_have_value(str(250 - tricks))


def assert_totals(page, totals):
    expect(total(page, 0)).to_have_text(str(totals[0]))
    expect(total(page, 1)).to_have_text(str(totals[1]))


def assert_row_totals(page, number: int, totals):
    for side in (0, 1):
        expect(page.locator(f"#hand-{number} [data-testid=row-total-{side}]")).to_have_text(str(totals[side]))


def confirm_button(page, number: int):
    """The other side's controls sit in a row of their own under the hand."""
    return page.locator(f"#confirm-{number}").get_by_role("button", name=f"Confirm hand {number}", exact=True)


def confirm(page, number: int):
    """E–W's phone: reload the sheet, press Confirm on the row."""
    page.reload()
    expect(page.get_by_test_id(f"entered-{number}")).to_have_text("to confirm")
    with page.expect_navigation():
        confirm_button(page, number).tap()
    expect(page.locator(".errors")).to_have_count(0)
    expect(page.get_by_test_id(f"entered-{number}")).to_have_count(0)
    expect(page.get_by_test_id(f"disputed-{number}")).to_have_count(0)


def pdf_pages(response) -> list[str]:
    """The text of each page of a PDF response, whitespace runs as one space."""
    from pypdf import PdfReader

    assert response.status == 200, f"{response.url}: HTTP {response.status}\n{response.text()[:2000]}"
    assert response.headers["content-type"] == "application/pdf", response.headers
    reader = PdfReader(io.BytesIO(response.body()))
    return [" ".join((p.extract_text() or "").split()) for p in reader.pages]


def final_hands(table: int) -> list[Hand]:
    """The table's hands as they stand at the end: corrected, dispute settled."""
    hands = list(GAMES[table])
    for fix in (CORRECTION, DISPUTE):
        if fix["table"] == table:
            i = fix["number"] - 1
            hands[i] = replace(hands[i], ns_tricks=fix["ns_tricks"])
    return hands


def expected_standings(seats: dict[int, list[str]]) -> list[tuple[str, ...]]:
    """``(rank, name, games, won, points, against, diff., bids made)`` rows,
    best first, from the seats and the hands."""
    rows = []
    for label, table, side in ORDER:
        four, final = seats[table], FINAL[table]
        for name in sorted((four[side], four[side + 2]), key=str.casefold):
            letter = "NESW"[four.index(name)]
            taken = [h for h in final_hands(table) if h.bidder == letter]
            made = [h for h in taken
                    if h.meld[side] + (h.ns_tricks if side == 0 else 250 - h.ns_tricks) >= h.bid]
            rows.append((label, name, "1", "1" if WINNER[table] == side else "0", str(final[side]),
                         str(final[1 - side]), str(final[side] - final[1 - side]), f"{len(made)}/{len(taken)}"))
    return rows


COLUMNS = ("#", "Name", "Games", "Won", "Points", "Against", "Diff.", "Bids made")


def season_rows(page) -> list[tuple[str, ...]]:
    table = page.locator("table[data-testid=standings]")
    expect(table).to_be_visible()
    headers = [" ".join(h.split()) for h in table.locator("thead th").all_inner_texts()]
    at = [headers.index(h) for h in COLUMNS]
    out = []
    for tr in table.locator("tbody tr").all():
        cells = [" ".join(c.split()) for c in tr.locator("td").all_inner_texts()]
        out.append(tuple(cells[i].replace("−", "-") for i in at))
    return out


def pdf_standings_rows(text: str, names) -> list[tuple[str, ...]]:
    """The standings grid's rows in a PDF's text, as ``season_rows``: each
    roster name with the cells around it, in the order they are printed."""
    text = text.replace("−", "-")
    assert " ".join(COLUMNS) in text, f"no standings header in the PDF text: {text}"
    found = []
    for name in names:
        m = re.search(rf"(=?\d+) ({re.escape(name)}) (\d+) (\d+) (-?\d+) (-?\d+) (-?\d+) (\d+/\d+)", text)
        assert m, f"{name!r} has no standings row in the PDF text: {text}"
        found.append((m.start(), m.groups()))
    return [row for _, row in sorted(found)]


# --- the night -------------------------------------------------------------------

def test_club_floor(live_server, contexts, organizer, season, tmp_path):
    from league.models import Game, Hand as StoredHand, HandRevision, Night

    started = time.monotonic()
    url = live_server.url
    league = season.league
    season_path = f"/clubs/{league.club.slug}/l/{league.slug}/s/{season.pk}/"
    today = timezone.localdate()
    overflow = []  # sideways scrolling on the phone pages, asserted at the end

    # === 1. the organizer's laptop: tonight's night, check-in, round 1, the sheets ===
    desk = contexts("laptop").new_page()
    login(desk, url, organizer, season_path)
    new_night = desk.locator("form", has=desk.get_by_role("heading", name="New club night"))
    new_night.get_by_label("Date").fill(today.isoformat())
    new_night.get_by_label("Rounds").fill("1")
    with desk.expect_navigation():
        new_night.get_by_role("button", name="Create the night").click()
    match = re.search(r"/n/(\d+)/$", desk.url)
    assert match, f"creating the night did not land on its page: {desk.url}"
    night = Night.objects.get(pk=int(match.group(1)))
    assert (night.season_id, night.date, night.rounds) == (season.pk, today, 1)
    night_url = desk.url

    expect(desk.get_by_test_id("checked-in")).to_have_text("0 checked in")
    for name in ROSTER:
        desk.get_by_label(name, exact=True).check()
    with desk.expect_navigation():
        desk.get_by_role("button", name="Check in", exact=True).click()
    expect(desk.get_by_test_id("checked-in")).to_have_text("12 checked in")
    with desk.expect_navigation():
        desk.get_by_role("button", name="Seat round 1").click()
    expect(desk.get_by_test_id("round-1").locator(".table-card")).to_have_count(3)
    seats = seats_by_table(night)
    assert sorted(seats) == [1, 2, 3]
    assert sorted(n for four in seats.values() for n in four) == sorted(ROSTER), seats
    games = {g.table.number: g for g in Game.objects.filter(table__round__night=night).select_related("table")}
    desk.screenshot(path=tmp_path / "01-night-seated.png", full_page=True)

    # The table links, as the organizer reads them on each game's page.
    links = {}
    for t in (1, 2, 3):
        card = desk.get_by_test_id(f"table-1-{t}")
        for side in (0, 1):
            expect(card.locator(".side-line").nth(side)).to_contain_text(side_names(seats[t], side))
        desk.goto(url + card.get_attribute("href"))
        assert desk.url == f"{url}/g/{games[t].public_id}/"
        links[t] = desk.get_by_test_id("table-link").text_content().strip()
        assert links[t] == f"{url}/t/{games[t].access_token}/", links[t]
        desk.goto(night_url)

    # The round's packet of score sheets: one page a table, with its players and its link.
    packet = desk.request.get(night_url + "sheets.pdf?round=1")
    (tmp_path / "02-round-1-sheets.pdf").write_bytes(packet.body())
    pages = pdf_pages(packet)
    assert len(pages) == 3, f"{len(pages)} pages in the round-1 packet"
    for t in (1, 2, 3):
        page_text = next((p for p in pages if f"Round 1 · Table {t}" in p), None)
        assert page_text is not None, f"no page for table {t}: {[p[:80] for p in pages]}"
        for name in seats[t]:
            assert name in page_text, f"{name} missing on table {t}'s sheet: {page_text}"
        assert links[t] in page_text.replace(" ", ""), f"table {t}'s link {links[t]} is not on its sheet: {page_text}"
        for other in {1, 2, 3} - {t}:
            assert games[other].access_token not in page_text.replace(" ", "")

    # === 2. two phones a table, nobody logged in: N–S enters, E–W confirms ===
    ns, ew = {}, {}
    for t in (1, 2, 3):
        for phones, side in ((ns, 0), (ew, 1)):
            page = contexts("phone").new_page()
            page.goto(links[t])
            expect(page.locator("header")).to_contain_text("Log in")
            expect(page.locator("[data-testid=total-0] .who")).to_have_text(side_names(seats[t], 0))
            expect(page.locator("[data-testid=total-1] .who")).to_have_text(side_names(seats[t], 1))
            ask = page.locator("form.side-ask")
            expect(ask).to_contain_text("Which side is this phone?")
            if t == 1 and side == 0:
                page.screenshot(path=tmp_path / "03-phone-which-side.png", full_page=True)
            with page.expect_navigation():
                ask.get_by_role("button", name=SIDE[side], exact=True).tap()
            assert page.url == links[t]
            expect(page.locator("form.side-ask")).to_have_count(0)
            expect(page.locator("#hand-form")).to_be_visible()
            phones[t] = page
    no_scroll = sideways_scroll(ns[1], PHONE["width"])
    if no_scroll:
        overflow.append(no_scroll)

    def play(number: int):
        """Hand ``number`` at the three tables at once: every form filled, then
        all three sent before waiting for any answer."""
        for t in (1, 2, 3):
            fill_hand(ns[t], GAMES[t][number - 1], seats[t])
        for t in (1, 2, 3):
            ns[t].locator("#hand-form button[type=submit]").tap()
        for t in (1, 2, 3):
            page = ns[t]
            expect(page.locator("[data-testid=hand-row]")).to_have_count(number)
            expect(page.locator("#pad .errors, #hand-form .error")).to_have_count(0)
            expect(page.get_by_test_id(f"entered-{number}")).to_have_text("to confirm")
            expect(confirm_button(page, number)).to_have_count(0)  # not for the side that entered it

    play(1)
    for t in (1, 2, 3):
        assert_totals(ns[t], GAMES[t][0].totals)
        expect(ns[t].get_by_test_id("waiting")).to_have_text("1 hand waits for the other side's confirmation.")
    ns[1].screenshot(path=tmp_path / "04-phone-hand-1-to-confirm.png", full_page=True)
    for t in (1, 2, 3):
        confirm(ew[t], 1)
        assert_totals(ew[t], GAMES[t][0].totals)
    ew[1].screenshot(path=tmp_path / "05-phone-other-side-confirmed.png", full_page=True)

    play(2)
    for t in (1, 2, 3):
        assert_totals(ns[t], GAMES[t][1].totals)
    for t in (1, 2):
        confirm(ew[t], 2)

    # Table 3's E–W saw N–S take 180 in hand 2, not 200: "Our numbers differ".
    dispute_page = ew[DISPUTE["table"]]
    n = DISPUTE["number"]
    dispute_page.reload()
    with dispute_page.expect_navigation():
        dispute_page.locator(f"#confirm-{n}").get_by_role("link", name="Our numbers differ").tap()
    expect(dispute_page.locator("h1")).to_have_text(f"Edit hand {n}")
    expect(dispute_page.locator("main")).to_contain_text(f"Enter hand {n} as your side saw it")
    fill_hand(dispute_page, GAMES[DISPUTE["table"]][n - 1], seats[DISPUTE["table"]], ns_tricks=DISPUTE["ns_tricks"])
    problem = sideways_scroll(dispute_page, PHONE["width"])
    if problem:
        overflow.append(problem)
    with dispute_page.expect_navigation():
        dispute_page.get_by_role("button", name="Send our numbers").tap()
    assert dispute_page.url == links[DISPUTE["table"]]
    expect(dispute_page.get_by_test_id(f"disputed-{n}")).to_have_text("disputed")
    expect(confirm_button(dispute_page, n)).to_have_count(0)
    assert_totals(dispute_page, GAMES[DISPUTE["table"]][1].totals)  # N–S's numbers stand until settled
    dispute_page.screenshot(path=tmp_path / "06-phone-disputed.png", full_page=True)

    # Table 2's N–S correct hand 1 from the table link: N–S took 70, not 90.
    fixer = ns[CORRECTION["table"]]
    c = CORRECTION["number"]
    with fixer.expect_navigation():
        hand_row(fixer, c).locator("td").first.get_by_role("link", name=str(c), exact=True).tap()
    assert fixer.url == f"{links[CORRECTION['table']]}hands/{c}/"
    expect(fixer.locator("h1")).to_have_text(f"Edit hand {c}")
    expect(fixer.locator("#hand-form input[name=tricks_0]")).to_have_value(str(GAMES[2][c - 1].ns_tricks))
    problem = sideways_scroll(fixer, PHONE["width"])
    if problem:
        overflow.append(problem)
    fixer.locator("#hand-form input[name=tricks_0]").fill(str(CORRECTION["ns_tricks"]))
    expect(fixer.locator("#hand-form input[name=tricks_1]")).to_have_value(str(250 - CORRECTION["ns_tricks"]))
    with fixer.expect_navigation():
        fixer.get_by_role("button", name="Save hand").tap()
    assert fixer.url == links[CORRECTION["table"]]
    for number, totals in enumerate(CORRECTION["rows"], start=1):
        assert_row_totals(fixer, number, totals)
    assert_totals(fixer, CORRECTION["rows"][-1])
    expect(hand_row(fixer, c).locator(".tag", has_text="edited")).to_be_visible()
    # a correction from a table link goes back to the other side
    expect(fixer.get_by_test_id(f"entered-{c}")).to_have_text("to confirm")
    confirm(ew[CORRECTION["table"]], c)

    play(3)
    for t in (1, 2, 3):
        page = ns[t]
        assert_totals(page, GAMES[t][2].totals)
        side = WINNER[t]
        expect(page.get_by_test_id("game-over")).to_contain_text(
            f"Game over: {SIDE[side]} ({side_names(seats[t], side)}) win.")
        expect(page.locator(f"[data-testid=total-{side}]")).to_have_class(re.compile(r"\bwinner\b"))
        expect(page.locator("#hand-form")).to_have_count(0)
    ns[3].screenshot(path=tmp_path / "07-phone-game-over.png", full_page=True)
    for t in (1, 2, 3):
        confirm(ew[t], 3)
    expect(confirm_button(dispute_page, n)).to_have_count(0)
    expect(dispute_page.get_by_test_id(f"disputed-{n}")).to_have_text("disputed")
    expect(dispute_page.get_by_test_id("waiting")).to_have_text("1 hand waits for the other side's confirmation.")

    # The disputed hand keeps the night open: locking is refused, the game is out of the standings.
    desk.goto(night_url)
    with desk.expect_navigation():
        desk.get_by_role("button", name="Lock the night").click()
    expect(desk.locator(".errors[role=alert]")).to_have_text(
        "0 games unfinished and 1 hand unconfirmed: finish them before locking the night.")
    expect(desk.get_by_test_id("open-tables")).to_have_text("Round 1, table 3")  # the confirm step names it
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED
    table_3 = set(seats[3])
    expect(desk.locator("ol.mini-standings li")).to_have_count(8)
    assert not table_3 & {" ".join(t.split()) for t in desk.locator("ol.mini-standings li").all_inner_texts()}

    # The organizer settles it on the game's own edit page, with E–W's numbers.
    game_3 = games[DISPUTE["table"]]
    desk.goto(f"{url}/g/{game_3.public_id}/")
    expect(desk.get_by_test_id(f"disputed-{n}")).to_have_text("disputed")
    with desk.expect_navigation():
        hand_row(desk, n).locator("td").first.get_by_role("link", name=str(n), exact=True).click()
    assert desk.url == f"{url}/g/{game_3.public_id}/hands/{n}/"
    expect(desk.get_by_test_id("disputed-values")).to_contain_text("The other side entered different numbers (N–S / E–W):")
    expect(desk.get_by_test_id("disputed-values")).to_contain_text(f"trick points {DISPUTE['ns_tricks']} / ")
    desk.screenshot(path=tmp_path / "08-organizer-settles-dispute.png", full_page=True)
    desk.locator("#hand-form input[name=tricks_0]").fill(str(DISPUTE["ns_tricks"]))
    expect(desk.locator("#hand-form input[name=tricks_1]")).to_have_value(str(250 - DISPUTE["ns_tricks"]))
    with desk.expect_navigation():
        desk.get_by_role("button", name="Save hand").click()
    assert desk.url == f"{url}/g/{game_3.public_id}/"
    for number, totals in enumerate(DISPUTE["rows"], start=1):
        assert_row_totals(desk, number, totals)
    assert_totals(desk, FINAL[3])
    expect(desk.get_by_test_id(f"disputed-{n}")).to_have_count(0)
    expect(desk.get_by_test_id("waiting")).to_have_count(0)
    expect(desk.get_by_test_id("game-over")).to_contain_text(f"Game over: N–S ({side_names(seats[3], 0)}) win.")

    # Every phone sees the final numbers; nothing waits anywhere.
    for t in (1, 2, 3):
        for page in (ns[t], ew[t]):
            page.reload()
            assert_totals(page, FINAL[t])
            expect(page.get_by_test_id("waiting")).to_have_count(0)
            expect(page.locator("[data-testid^=entered-], [data-testid^=disputed-]")).to_have_count(0)
    assert not StoredHand.objects.filter(game__table__round__night=night).exclude(status="confirmed").exists()

    # === 3. the organizer locks the night; the table links stop writing ===
    late = ns[1]  # table 1's N–S phone has hand 1's edit form open when the night is locked
    with late.expect_navigation():
        hand_row(late, 1).locator("td").first.get_by_role("link", name="1", exact=True).tap()
    expect(late.locator("h1")).to_have_text("Edit hand 1")

    desk.goto(night_url)
    with desk.expect_navigation():
        desk.get_by_role("button", name="Lock the night").click()
    expect(desk.get_by_test_id("lock-confirm")).to_contain_text("Lock the night?")  # asked first
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED
    with desk.expect_navigation():
        desk.get_by_role("button", name="Yes, lock the night").click()
    expect(desk.locator(".errors")).to_have_count(0)
    expect(desk.locator("main")).to_contain_text(f"by {organizer.username}.")
    expect(desk.get_by_role("button", name="Lock the night")).to_have_count(0)
    assert Night.objects.get(pk=night.pk).status == Night.Status.LOCKED
    desk.screenshot(path=tmp_path / "09-night-locked.png", full_page=True)
    expected = expected_standings(seats)
    expect(desk.locator("ol.mini-standings li")).to_have_text(
        [f"{rank} {name} {points}" for rank, name, _games, _won, points, *_ in expected])

    revisions = HandRevision.objects.filter(game__table__round__night=night).count()
    late.locator("#hand-form input[name=meld_0]").fill("240")
    with late.expect_response(lambda r: r.request.method == "POST") as posted:
        late.get_by_role("button", name="Save hand").tap()
    refused = posted.value
    assert refused.status == 403, f"an edit from a table link after the lock: HTTP {refused.status}"
    assert "This night is locked: only an organizer can change it now." in refused.text(), \
        "refused, but not because the night is locked"
    assert HandRevision.objects.filter(game__table__round__night=night).count() == revisions
    late.goto(links[1])
    expect(late.get_by_test_id("game-over")).to_be_visible()
    expect(late.locator("#hand-form")).to_have_count(0)
    expect(late.locator("[data-testid=sheet] a[href*='/hands/']")).to_have_count(0)  # no edit links
    expect(late.get_by_role("button", name="Confirm")).to_have_count(0)
    assert_totals(late, FINAL[1])
    late.screenshot(path=tmp_path / "10-phone-night-locked.png", full_page=True)
    edit_again = late.request.get(f"{links[1]}hands/1/")
    assert edit_again.status == 403, f"the table link's edit page after the lock: HTTP {edit_again.status}"

    # === 4. the season page, the public live board and the PDFs agree to the point ===
    desk.goto(url + season_path)
    assert season_rows(desk) == expected
    desk.screenshot(path=tmp_path / "11-season-standings.png", full_page=True)

    board = contexts("laptop").new_page()  # anonymous: the league is public
    board.goto(night_url + "board/")
    expect(board.locator("header")).to_contain_text("Log in")
    expect(board.get_by_test_id("board-progress")).to_have_text("9 hands entered · 3 of 3 games finished")
    expect(board.get_by_test_id("board-standings").locator("li")).to_have_text(
        [f"{rank} {name} {points}" for rank, name, _games, _won, points, *_ in expected])
    board.screenshot(path=tmp_path / "12-board.png", full_page=True)

    recap = board.request.get(night_url + "recap.pdf")
    (tmp_path / "13-recap.pdf").write_bytes(recap.body())
    recap_text = " ".join(pdf_pages(recap))
    assert pdf_standings_rows(recap_text, ROSTER) == expected, recap_text
    for t in (1, 2, 3):  # the results of round 1
        row = (f"{t} N–S {side_names(seats[t], 0)} {FINAL[t][0]} E–W {side_names(seats[t], 1)} {FINAL[t][1]} "
               f"{SIDE[WINNER[t]]} won")
        assert row in recap_text.replace("−", "-"), f"{row!r} not in the recap: {recap_text}"

    report = board.request.get(url + season_path + "standings.pdf")
    (tmp_path / "14-season-standings.pdf").write_bytes(report.body())
    report_text = " ".join(pdf_pages(report))
    assert pdf_standings_rows(report_text, ROSTER) == expected, report_text

    assert not overflow, "\n".join(overflow)
    print(f"club floor: whole test {time.monotonic() - started:.1f}s")
