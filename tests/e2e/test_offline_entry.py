"""Offline-first entry in a real browser: the network dropped with
``context.set_offline``; entries wait in the outbox and are stored once."""
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import TIMEOUT_MS, chip, total
from league.games.pinochle.hand_inputs import PinochleHandInput
from tests.league.kind_cases import CODES

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _ready_offline(page):
    """The pad is under the service worker and kept for a reload offline."""
    # the pad's own attribute, set by outbox.js once the service worker has cached the page
    # (a selector wait: wait_for_function evaluates a string, which the site's CSP refuses)
    page.wait_for_selector("html[data-pad-cached='1']", state="attached")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def _offline(phone, page):
    """The phone's network down, and seen so by the page: a fetch fails (under load the
    emulation can reach the page a moment after ``set_offline`` returns)."""
    phone.set_offline(True)
    for _ in range(100):
        if page.evaluate("fetch('/favicon.ico', {cache: 'no-store'}).then(() => false, () => true)"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page still reaches the server after set_offline(True)")


def _enter(page, bidder, bid, meld, tricks0):
    chip(page, "bidder_seat", bidder).click()
    page.fill("input[name=bid]", str(bid))
    chip(page, "trump", "♥").click()
    page.fill("input[name=meld_0]", str(meld[0]))
    page.fill("input[name=meld_1]", str(meld[1]))
    page.fill("input[name=tricks_0]", str(tricks0))
    page.click("#hand-form button[type=submit]")


def entries(page):
    return page.locator("[data-testid=outbox-entry]")


def test_three_entries_made_offline_survive_a_reload_and_are_stored_once(live_server, phone, start_game):
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _ready_offline(page)
    _offline(phone, page)
    _enter(page, "Nora", 250, (100, 40), 150)
    expect(entries(page)).to_have_count(1)
    expect(entries(page).nth(0)).to_contain_text("Hand 1 · waiting for the network")
    expect(entries(page).nth(0)).to_contain_text("Bid 250")
    _enter(page, "Eli", 300, (60, 120), 50)
    _enter(page, "Sam", 260, (80, 20), 170)
    expect(entries(page)).to_have_count(3)
    expect(entries(page).nth(2)).to_contain_text("Hand 3 · waiting for the network")
    assert Hand.objects.filter(game=game).count() == 0

    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()
    expect(entries(page)).to_have_count(3)
    expect(entries(page).nth(1)).to_contain_text("Hand 2 · waiting for the network")
    expect(total(page, 0)).to_have_text("0")  # totals are the server's, not guessed offline

    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-testid=outbox-entry][data-state=saved]")).to_have_count(3)
    assert list(Hand.objects.filter(game=game).order_by("number").values_list("number", "bidder_seat", "bid")) == [
        (1, 0, 250), (2, 1, 300), (3, 2, 260)]
    assert Hand.objects.filter(game=game).exclude(client_key=None).values("client_key").distinct().count() == 3
    page.reload()
    expect(entries(page)).to_have_count(0)
    assert Hand.objects.filter(game=game).count() == 3


def test_an_entry_made_elsewhere_meanwhile_shows_both_versions(live_server, phone, start_game, organizer):
    from league import services
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _ready_offline(page)
    _offline(phone, page)
    _enter(page, "Nora", 250, (100, 40), 150)
    expect(entries(page).nth(0)).to_contain_text("waiting for the network")
    services.entry_record(game=game, by=organizer.user,
                          inputs=PinochleHandInput(kind="played", bidder_seat=1, bid=300, trump="S", meld=(20, 60), tricks=(40, 210)))
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    row = entries(page).nth(0)
    expect(row).to_contain_text("conflict: hand 1 was entered from another device")
    expect(row.locator(".outbox-theirs")).to_contain_text("Bid 300")
    expect(row.locator(".outbox-inputs")).to_contain_text("Bid 250")
    row.get_by_role("button", name="Keep this phone’s").click()
    expect(page.locator("[data-testid=outbox-entry][data-state=saved]")).to_have_count(1)
    hand = Hand.objects.get(game=game)
    assert (hand.number, hand.bidder_seat, hand.bid, hand.version) == (1, 0, 250, 2)


def test_undo_follows_a_save_through_the_outbox(live_server, phone, start_game):
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _enter(page, "Nora", 250, (100, 40), 150)
    expect(page.get_by_test_id("undo")).to_contain_text("Hand 1 saved")
    assert Hand.objects.filter(game=game).count() == 1
    page.get_by_test_id("undo-button").click()
    expect(page.get_by_test_id("undo")).to_have_count(0)
    assert Hand.objects.filter(game=game).count() == 0


def test_undo_follows_the_last_save_when_the_network_returns(live_server, phone, start_game):
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _ready_offline(page)
    _offline(phone, page)
    _enter(page, "Nora", 250, (100, 40), 150)
    _enter(page, "Eli", 300, (60, 120), 50)
    expect(entries(page)).to_have_count(2)
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.get_by_test_id("undo")).to_contain_text("Hand 2 saved")
    page.get_by_test_id("undo-button").click()
    expect(page.get_by_test_id("undo")).to_have_count(0)
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_four_hands_queued_offline_get_the_dealers_in_turn(live_server, phone, start_game):
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _ready_offline(page)
    _offline(phone, page)
    dealer = page.locator("#hand-form select[name=dealer] option:checked")
    for n, (bidder, deals) in enumerate((("Nora", "N Nora"), ("Eli", "E Eli"), ("Sam", "S Sam"), ("Wren", "W Wren"))):
        expect(entries(page)).to_have_count(n)
        expect(dealer).to_have_text(deals)  # the form's prefill for hand n + 1, the queue counted
        _enter(page, bidder, 250, (100, 40), 150)
    expect(entries(page)).to_have_count(4)
    expect(dealer).to_have_text("N Nora")
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-testid=outbox-entry][data-state=saved]")).to_have_count(4)
    assert list(Hand.objects.filter(game=game).order_by("number").values_list("dealer", flat=True)) == [0, 1, 2, 3]
    # the sheet's next dealer, as any phone opening the table reads it
    expect(dealer).to_have_text("N Nora")
    page.reload()
    expect(dealer).to_have_text("N Nora")


def _queued(page) -> int:
    """How many entries the phone's outbox (IndexedDB) holds."""
    return page.evaluate("""() => new Promise(ok => {
        const open = indexedDB.open("clubtally-outbox", 1);
        open.onsuccess = () => {
            const count = open.result.transaction("entries").objectStore("entries").count();
            count.onsuccess = () => ok(count.result);
        };
    })""")


def _eventually(check, seconds=TIMEOUT_MS / 1000):
    import time

    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not within {seconds} s"
        time.sleep(0.1)


@pytest.mark.parametrize("moved_to", ["another table", "the home page"])
def test_a_hand_queued_on_one_table_is_stored_from_the_next_page_the_phone_opens(
        live_server, phone, start_game, moved_to):
    from league.models import Hand

    game, other = start_game(), start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _ready_offline(page)
    _offline(phone, page)
    _enter(page, "Nora", 250, (100, 40), 150)
    expect(entries(page).nth(0)).to_contain_text("Hand 1 · waiting for the network")
    expect(page.get_by_test_id("outbox-badge")).to_have_text("1 entry waiting on this phone")
    page.goto("about:blank")  # the player moves on while the network is still down
    assert Hand.objects.filter(game=game).count() == 0
    phone.set_offline(False)
    page.goto(live_server.url + (f"/t/{other.access_token}/" if moved_to == "another table" else "/"))
    _eventually(lambda: _queued(page) == 0)  # sent from this page, and taken off the phone
    expect(page.get_by_test_id("outbox-badge")).to_have_count(0)
    assert list(Hand.objects.filter(game=game).values_list("number", "bidder_seat", "bid")) == [(1, 0, 250)]
    assert Hand.objects.filter(game=other).count() == 0
    if moved_to == "another table":
        expect(entries(page)).to_have_count(0)  # table A's entry is not listed on table B's pad
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    expect(entries(page)).to_have_count(0)
    expect(page.locator("#hand-1")).to_be_visible()


def _fill(form, values):
    """Type a kind's entry into its form as rendered: boxes typed, chips and ticks tapped."""
    for name, value in values.items():
        field = form.locator(f"[name={name}]").first
        kind = field.get_attribute("type")
        if kind == "radio":
            form.locator(f"[name={name}][value='{value}']").check(force=True)
        elif kind == "checkbox":
            field.check(force=True)
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))


@pytest.mark.parametrize("code", CODES)  # every registered kind: the five built-in ones and any the settings add
def test_undo_follows_every_kinds_save_through_the_outbox(live_server, phone, organizer, players, code):
    from league.models import Hand
    from tests.league.kind_cases import ENTRY, league_table

    game = league_table(code, club=organizer.club, players=players, organizer=organizer.user)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    form = page.locator("form[data-outbox]")
    _fill(form, ENTRY[code])
    form.locator("button[type=submit]").last.click()
    expect(page.get_by_test_id("undo")).to_contain_text(f"{game.kind.noun_singular.capitalize()} 1 saved")
    assert Hand.objects.filter(game=game).count() == 1
    page.get_by_test_id("undo-button").click()
    expect(page.get_by_test_id("undo")).to_have_count(0)
    assert Hand.objects.filter(game=game).count() == 0


def test_cribbage_deals_queued_offline_alternate_the_dealer(live_server, phone, organizer, players):
    from league.models import Hand
    from tests.league.kind_cases import ENTRY, league_table

    game = league_table("cribbage", club=organizer.club, players=players, organizer=organizer.user)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    _ready_offline(page)
    _offline(phone, page)
    form = page.locator("form[data-outbox]")
    for n in range(3):
        expect(entries(page)).to_have_count(n)
        expect(form.locator(f"input[name=dealer][value='{n % 2}']")).to_be_checked()
        _fill(form, ENTRY["cribbage"])
        form.locator("button[type=submit]").last.click()
    expect(entries(page)).to_have_count(3)
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-testid=outbox-entry][data-state=saved]")).to_have_count(3)
    assert list(Hand.objects.filter(game=game).order_by("number").values_list("dealer", flat=True)) == [0, 1, 0]
