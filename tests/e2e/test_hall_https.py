"""The hall over HTTPS on a real host name (docs/hall-https.md): the site
behind Caddy (deploy/Caddyfile, Debian's ``caddy``) with its own CA, opened
by Chromium as ``https://hall.clubtally.test`` (not localhost). A secure
context, so the service worker installs, a reload without network shows the
pad and its queue, and the pad takes the screen wake lock.

Caddy listens on 127.0.0.1 only, on free ports, its data in a temporary
directory; Chromium resolves the name to 127.0.0.1 and trusts Caddy's
intermediate certificate by its public key (as a phone trusts the installed
root). A missing ``caddy`` FAILS the test: apt-get install caddy."""
import base64
import hashlib
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, chip

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HOST = "hall.clubtally.test"
CADDYFILE = Path(__file__).resolve().parents[2] / "deploy" / "Caddyfile"
WAKE_LOCK_PROBE = """(() => {
  window.__wakeLocks = [];
  if (!navigator.wakeLock) return;
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = type => request(type).then(
    lock => { window.__wakeLocks.push('taken ' + lock.type); return lock; },
    error => { window.__wakeLocks.push('refused ' + error.name); throw error; });
})();"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _spki_sha256(pem: Path) -> str:
    """The base64 SHA-256 of a certificate's public key, as Chromium's
    ``--ignore-certificate-errors-spki-list`` wants it (openssl, as its documentation does)."""
    key = subprocess.run(["openssl", "x509", "-in", str(pem), "-pubkey", "-noout"],
                         capture_output=True, check=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=key,
                         capture_output=True, check=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture
def caddy(live_server, tmp_path, settings):
    if shutil.which("caddy") is None:
        pytest.fail("caddy is missing: the https recipe's test needs Debian's caddy (apt-get install caddy). "
                    "Not skipped.", pytrace=False)
    upstream = urlsplit(live_server.url).netloc
    https_port, http_port = _free_port(), _free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "CLUBTALLY_HOST": HOST, "CLUBTALLY_UPSTREAM": upstream, "CLUBTALLY_BIND": "127.0.0.1",
           "CLUBTALLY_HTTPS_PORT": str(https_port), "CLUBTALLY_HTTP_PORT": str(http_port)}
    # the production settings' proxy header and origins, as docs/hall-https.md sets them
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, HOST]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.CSRF_TRUSTED_ORIGINS = [f"https://{HOST}:{https_port}"]
    log = open(tmp_path / "caddy.log", "w")
    process = subprocess.Popen(["caddy", "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    intermediate = tmp_path / "data" / "caddy" / "pki" / "authorities" / "local" / "intermediate.crt"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"caddy stopped: {(tmp_path / 'caddy.log').read_text()}", pytrace=False)
            if intermediate.exists():
                try:
                    socket.create_connection(("127.0.0.1", https_port), timeout=1).close()
                    break
                except OSError:
                    pass
            time.sleep(0.2)
        else:
            pytest.fail(f"caddy did not start: {(tmp_path / 'caddy.log').read_text()}", pytrace=False)
        yield f"https://{HOST}:{https_port}", _spki_sha256(intermediate)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture
def hall_phone(browser, caddy):
    """A phone that resolves the hall's name to this computer and trusts Caddy's CA."""
    base, spki = caddy
    chromium = browser.browser_type.launch(executable_path=CHROMIUM, headless=True, args=[
        *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={spki}"])
    size = {"width": 390, "height": 844}
    context = chromium.new_context(locale="en-US", viewport=size, screen=size, is_mobile=True, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(WAKE_LOCK_PROBE)
    try:
        yield base, context
    finally:
        context.close()
        chromium.close()


def test_over_https_the_pad_installs_reloads_offline_with_its_queue_and_keeps_the_screen_awake(hall_phone, start_game):
    from league.models import Hand

    base, context = hall_phone
    game = start_game()
    page = context.new_page()
    page.goto(f"{base}/t/{game.access_token}/")
    assert page.url.startswith(f"https://{HOST}:")
    assert page.evaluate("isSecureContext") is True
    # the service worker installs and caches the pad
    page.wait_for_selector("html[data-pad-cached='1']", state="attached")
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)") is True
    # the pad asked for the screen wake lock and got it
    deadline = time.monotonic() + 10
    while not page.evaluate("window.__wakeLocks.length") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert page.evaluate("window.__wakeLocks") == ["taken screen"]

    # a hand entered offline waits; a reload without network shows the pad and the queue
    context.set_offline(True)
    for _ in range(100):  # until the page itself is offline (under load the emulation reaches it a moment later)
        if page.evaluate("fetch('/favicon.ico', {cache: 'no-store'}).then(() => false, () => true)"):
            break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the page still reaches the server after set_offline(True)")
    chip(page, "bidder_seat", "Nora").click()
    page.fill("input[name=bid]", "250")
    chip(page, "trump", "♥").click()
    page.fill("input[name=meld_0]", "100")
    page.fill("input[name=meld_1]", "40")
    page.fill("input[name=tricks_0]", "150")
    page.click("#hand-form button[type=submit]")
    queue = page.locator("[data-testid=outbox-entry]")
    expect(queue).to_have_count(1)
    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()
    expect(queue).to_have_count(1)
    expect(queue.nth(0)).to_contain_text("Hand 1 · waiting for the network")
    assert Hand.objects.filter(game=game).count() == 0

    # back online: stored once, through the proxy
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("[data-testid=outbox-entry][data-state=saved]")).to_have_count(1)
    assert Hand.objects.filter(game=game).count() == 1
