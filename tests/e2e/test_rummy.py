"""Rummy-style Pinochle with wild cards in a real browser on a phone (docs/rules.md, "Rummy-style Pinochle",
docs/rules.md): a full game to 1500 started from the new-game page, four rounds
entered with the round form, the round and running totals, the barbele status
and a failed opening's −50 warning, the winner.

The numbers are those of ``tests/league/test_rummy_services.py``'s ``TO_1620``
(default rules: going out 20, run bonuses 0, barbele at 750: 70 to open, −50).
"""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, login, no_horizontal_scroll, total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Nora Quinn", "Eli Park", "Sam Ortiz", "Wren Hale")
NS, EW = "Nora Quinn & Sam Ortiz", "Eli Park & Wren Hale"


def rows(page):
    return page.locator("[data-testid=round-row]")


def assert_totals(page, ns: int, ew: int):
    expect(total(page, 0)).to_have_text(str(ns))
    expect(total(page, 1)).to_have_text(str(ew))


def assert_round(page, number: int, deltas, totals):
    row = page.locator(f"#round-{number}")
    for side in (0, 1):
        expect(row.locator(f"[data-testid=row-delta-{side}]")).to_have_text(str(deltas[side]))
        expect(row.locator(f"[data-testid=row-total-{side}]")).to_have_text(str(totals[side]))


def assert_last(page, number: int, deltas):
    last = page.locator("[data-testid=last-round]")
    expect(last).to_contain_text(f"Round {number}:")
    for side in (0, 1):
        d = deltas[side]
        expect(last.locator(f"[data-testid=last-delta-{side}]")).to_have_text(f"+{d}" if d >= 0 else str(d))


def team_entry(page, team: int, melds=None, first_meld=None, cards_left=None, penalties=None,
               going_out=False, folded_hand=False, without_wilds=False, rescue=None):
    """Fill one team's boxes; tick its flags by tapping; open "Rescued wilds" for a rescue."""
    box = page.locator(f"#round-form [data-testid=team-{team}]")
    for name, value in (("melds_on_table", melds), ("first_meld", first_meld), ("cards_left", cards_left),
                        ("penalties", penalties)):
        if value is not None:
            box.locator(f"input[name=t{team}_{name}]").fill(str(value))
    for name, on in (("going_out", going_out), ("folded_hand", folded_hand), ("without_wilds", without_wilds)):
        if on:
            box.locator(f"input[name=t{team}_{name}]").tap()
            expect(box.locator(f"input[name=t{team}_{name}]")).to_be_checked()
    if rescue:
        kind, count, rank = rescue
        box.locator("details.rescues summary").tap()
        box.locator(f"select[name=t{team}_rescue1_kind]").select_option(kind)
        box.locator(f"input[name=t{team}_rescue1_count]").fill(str(count))
        box.locator(f"select[name=t{team}_rescue1_rank]").select_option(rank)


def add_round(page, expected_rows: int):
    """The round goes in through htmx (the board is swapped in place, no page load)."""
    page.locator("#round-form button[type=submit]").tap()
    expect(rows(page)).to_have_count(expected_rows)
    expect(page.locator(".errors, span.error")).to_have_count(0)


def test_rummy_game_to_1500_on_a_phone(live_server, phone, organizer, tmp_path):
    page = phone.new_page()
    login(page, live_server.url, organizer, f"/clubs/{organizer.club.slug}/games/new/?kind=rummy")
    expect(page.locator("h1")).to_contain_text("New rummy game")
    no_horizontal_scroll(page, PHONE["width"])
    for i, name in enumerate(PLAYERS):
        page.locator(f"input[name=player_{i}]").fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    assert re.search(r"/g/[\w-]+/$", page.url), page.url
    expect(page.locator("[data-testid=total-0] .who")).to_have_text(NS)
    expect(page.locator("[data-testid=total-1] .who")).to_have_text(EW)
    assert_totals(page, 0, 0)
    expect(page.locator("p.rules")).to_contain_text("first to 1500 · barbele at 750: 70 to open, −50 · going out 20")
    expect(page.locator("[data-testid=barbele-0]")).to_have_text("N–S open with any meld")
    expect(page.locator("[data-testid=barbele-1]")).to_have_text("E–W open with any meld")
    no_horizontal_scroll(page, PHONE["width"])

    # 1. N–S 400 + going out 20 = 420; E–W 200 − 35 left = 165.
    team_entry(page, 0, melds=400, first_meld=80, going_out=True)
    team_entry(page, 1, melds=200, first_meld=60, cards_left=35)
    add_round(page, 1)
    assert_totals(page, 420, 165)
    assert_round(page, 1, (420, 165), (420, 165))
    assert_last(page, 1, (420, 165))

    # 2. N–S 300 ×2 (out without wilds) + 20 = 620 → 1040; E–W 150 − 50 − 10 = 90 → 255.
    team_entry(page, 0, melds=300, first_meld=75, going_out=True, without_wilds=True)
    team_entry(page, 1, melds=150, first_meld=70, cards_left=50, penalties=10)
    add_round(page, 2)
    assert_totals(page, 1040, 255)
    assert_round(page, 2, (620, 90), (1040, 255))
    # N–S now have barbele: the entry says so before the next round
    expect(page.locator("[data-testid=barbele-0]")).to_have_text("N–S need 70 to open")
    expect(page.locator("[data-testid=barbele-1]")).to_have_text("E–W open with any meld")
    no_horizontal_scroll(page, PHONE["width"])

    # 3. N–S (barbele, 1040) open with 60 < 70: 250 − 20 left − 50 = 180 → 1220;
    # E–W fold with wilds: 300 ×2, no going-out bonus, two wilds rescued from a set of kings
    # 2×30 + 2×10 = 80 → 680 → 935.
    team_entry(page, 0, melds=250, first_meld=60, cards_left=20)
    team_entry(page, 1, melds=300, first_meld=90, going_out=True, folded_hand=True, rescue=("set", 2, "K"))
    add_round(page, 3)
    assert_totals(page, 1220, 935)
    assert_round(page, 3, (180, 680), (1220, 935))
    assert_last(page, 3, (180, 680))
    warning = page.locator("[data-testid=last-note]")
    expect(warning).to_have_text("N–S has barbele (1040 ≥ 750): a first meld of 60 is under 70, −50")
    expect(page.locator("#round-3 + tr.notes")).to_contain_text("a first meld of 60 is under 70, −50")
    expect(page.locator("[data-testid=barbele-1]")).to_have_text("E–W need 70 to open")
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "rummy-barbele.png", full_page=True)

    # 4. N–S fold without wilds: 100 ×4 = 400 → 1620 (opening 70 is enough); E–W 120 − 45 = 75 → 1010.
    team_entry(page, 0, melds=100, first_meld=70, going_out=True, folded_hand=True, without_wilds=True)
    team_entry(page, 1, melds=120, first_meld=90, cards_left=45)
    add_round(page, 4)
    assert_totals(page, 1620, 1010)
    assert_round(page, 4, (400, 75), (1620, 1010))
    expect(page.locator("[data-testid=last-note]")).to_have_count(0)
    expect(page.locator("[data-testid=winner]")).to_have_text("N–S wins")
    expect(page.locator("[data-testid=game-over]")).to_contain_text("N–S reached 1620")
    expect(page.locator("[data-testid=total-0]")).to_have_class(re.compile(r"\bwinner\b"))
    expect(page.locator("[data-testid=total-1]")).not_to_have_class(re.compile(r"\bwinner\b"))
    expect(page.locator("#round-form")).to_have_count(0)
    # every round's running totals, top to bottom
    for number, totals in enumerate(((420, 165), (1040, 255), (1220, 935), (1620, 1010)), start=1):
        for side in (0, 1):
            expect(page.locator(f"#round-{number} [data-testid=row-total-{side}]")).to_have_text(str(totals[side]))
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "rummy-game-over.png", full_page=True)
