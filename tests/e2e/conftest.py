"""Real-browser fixtures: Debian's Chromium driven by Playwright against
pytest-django's ``live_server``.

- ``browser`` (session): one Chromium for the whole run. A missing
  ``/usr/bin/chromium`` FAILS the test (never a skip: an end-to-end test that
  silently does not run proves nothing).
- ``phone`` / ``laptop`` (function): a fresh context (cookies, storage) per test,
  390×844 touch phone or 1280×800 desktop.
- ``organizer``: a club, an organizer account and its membership created
  through the ORM; ``login(page, live_server.url, organizer, next_path)``
  signs in through the real login form. ``players`` / ``start_game``: four
  roster players and a game started through the service, for tests that do
  not exercise the new-game page.
- Page helpers (``chip``, ``total``, ``row_total``...) shared by the tests.
"""
import os
from dataclasses import dataclass

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
# How long a step may wait (not a speed promise): two workers and their
# browsers share the cores (make test runs pytest-xdist), so a page under load
# gets the margin a lone run had.
TIMEOUT_MS = 20_000
PASSWORD = "e2e-organizer-pw"


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"{CHROMIUM} is missing: the e2e tests need Debian's Chromium "
            "(apt-get install chromium). Not skipped: a browser test that does not run proves nothing.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            _close_db()
            chromium.close()


def _expect_timeout():
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS // 2)  # an expect(...) assertion's wait (Playwright's default: 5 s)


_expect_timeout()


def _context(browser, **options):
    context = browser.new_context(locale="en-US", **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    return context


@pytest.fixture
def phone(browser):
    context = _context(
        browser, viewport=PHONE, screen=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
    )
    yield context
    context.close()
    _close_db()


@pytest.fixture
def laptop(browser):
    context = _context(browser, viewport=LAPTOP)
    yield context
    context.close()
    _close_db()


def _close_db():
    """The live server's thread shares the test database; drop connections the
    browser's requests left open before the next test flushes the tables."""
    from django.db import connections

    connections.close_all()


@dataclass
class Organizer:
    username: str
    password: str
    club: object
    user: object


@pytest.fixture
def organizer(db):
    from django.contrib.auth import get_user_model

    from league.models import Club, Membership

    club = Club.objects.create(name="Harbour Pinochle Club", slug="harbour")
    user = get_user_model().objects.create_user("keeper", password=PASSWORD)
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    return Organizer(username="keeper", password=PASSWORD, club=club, user=user)


@pytest.fixture
def players(organizer):
    """Four roster players, N, E, S, W."""
    from league.models import Player

    names = ("Nora Quinn", "Eli Park", "Sam Ortiz", "Wren Hale")
    return [Player.objects.create(club=organizer.club, name=n) for n in names]


@pytest.fixture
def start_game(organizer, players):
    """A new game with the roster players (first dealer N), made through the service."""
    from league import services

    def start(**kwargs):
        return services.game_create(club=organizer.club, players=players, by=organizer.user, **kwargs)

    return start


def login(page, base_url, who: Organizer, next_path: str = "/"):
    """Sign in through the login page and land on ``next_path``."""
    from urllib.parse import quote

    page.goto(f"{base_url}/accounts/login/?next={quote(next_path)}")
    page.fill("input[name=username]", who.username)
    page.fill("input[name=password]", who.password)
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert "/accounts/login/" not in page.url, f"login failed, still on {page.url}"


# --- page helpers shared by the tests ---------------------------------------

def chip(page, field: str, label: str):
    """The chip (a label wrapping a visually hidden radio) of ``field`` whose text is ``label``."""
    return page.locator(f"#hand-form fieldset[data-field={field}] label.chip").filter(
        has=page.locator("span", has_text=label)
    )


def total(page, side: int):
    """The scoreboard's big number for side 0 (N–S) or 1 (E–W)."""
    return page.locator(f"[data-testid=total-{side}] .total")


def hand_row(page, number: int):
    return page.locator(f"#hand-{number}")


def row_total(page, number: int, side: int):
    return page.locator(f"#hand-{number} [data-testid=row-total-{side}]")


def row_delta(page, number: int, side: int):
    return page.locator(f"#hand-{number} td.total.side-{side} .delta")


def sideways_scroll(page, width: int) -> str | None:
    """``None`` if the page fits ``width``, else what sticks out (for the report)."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width <= width:
        return None
    wide = page.evaluate(
        """w => [...document.querySelectorAll('body *')]
             .map(e => [e, e.getBoundingClientRect()])
             .filter(([e, r]) => r.right > w)
             .slice(0, 6)
             .map(([e, r]) => e.tagName.toLowerCase() + (e.name ? `[name=${e.name}]` : '')
                              + ` ${Math.round(r.left)}–${Math.round(r.right)}px`)""",
        width,
    )
    path = page.url.split("/", 3)[-1]
    return (
        f"/{path} scrolls sideways at {width}px: scrollWidth {scroll_width}; "
        f"past the edge: {', '.join(wide)}"
    )


def no_horizontal_scroll(page, width: int):
    problem = sideways_scroll(page, width)
    assert problem is None, problem


@pytest.fixture
def contexts(browser):
    """Fresh browser contexts (own cookies, nobody logged in), phone or laptop,
    closed after the test."""
    made = []

    def make(kind: str = "phone"):
        if kind == "phone":
            context = _context(browser, viewport=PHONE, screen=PHONE, is_mobile=True, has_touch=True,
                               device_scale_factor=2)
        else:
            context = _context(browser, viewport=LAPTOP)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
    _close_db()
