"""Error pages: every refusal is a page of the site's templates, escaped, and
carries the Content-Security-Policy; no response body is built from request
text by string formatting."""
import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import path, reverse

LOGIN = "/accounts/login/"
CSP = {"default-src": "'self'", "script-src": "'self'", "style-src": "'self' 'unsafe-inline'",
       "img-src": "'self' data:", "font-src": "'self'", "connect-src": "'self'", "object-src": "'none'",
       "base-uri": "'self'", "form-action": "'self'", "frame-ancestors": "'none'"}


def csp(response) -> dict:
    """The policy's directives, by name."""
    return dict(d.strip().split(" ", 1) for d in response["Content-Security-Policy"].split(";"))


CRAFTED = "/?%3Csvg%20onload%3Dalert(document.domain)%3E=%01"


def _boom(request):
    raise RuntimeError("a bug")


urlpatterns = [path("boom/", _boom), path("fine/", lambda request: HttpResponse("fine"))]


def test_a_parameter_name_is_shown_as_text_on_the_400_page(db):
    response = Client().get(CRAFTED)
    html = response.content.decode()
    assert response.status_code == 400
    assert response["Content-Type"] == "text/html; charset=utf-8"
    assert ('<p data-testid="refusal">The field &lt;svg onload=alert(document.domain)&gt; '
            "holds a control character.</p>") in html
    assert "<svg" not in html


def test_the_400_page_is_the_sites_page_in_its_language(db):
    html = Client().get("/?per_page=0", HTTP_ACCEPT_LANGUAGE="th").content.decode()
    assert '<html lang="th">' in html
    assert '<a class="brand" href="/">Clubtally</a>' in html


def test_the_crafted_input_400_carries_the_csp(db):
    assert csp(Client().get(CRAFTED)) == CSP


def test_a_disallowed_host_400_carries_the_csp_and_the_sites_page(db):
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert csp(response) == CSP
    assert "<title>Request refused · Clubtally</title>" in response.content.decode()


def test_the_403_carries_the_csp(club):
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    client = Client()
    client.force_login(stranger)
    response = client.get(reverse("league:games_csv", args=[club.slug]))
    assert response.status_code == 403
    assert csp(response) == CSP


def test_the_csrf_failure_carries_the_csp(db):
    response = Client(enforce_csrf_checks=True).post(LOGIN, {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert csp(response) == CSP


def test_the_csrf_failure_is_the_sites_page_in_its_language(db):
    response = Client(enforce_csrf_checks=True).post(LOGIN, {"username": "a", "password": "b"},
                                                     HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = response.content.decode()
    assert response.status_code == 403 and '<html lang="zh-hans">' in html
    assert '<a class="brand" href="/">Clubtally</a>' in html and 'data-testid="csrf-refusal"' in html


def test_the_404_carries_the_csp(db):
    response = Client().get("/g/no-such-game/")
    assert response.status_code == 404
    assert csp(response) == CSP


def test_the_405_carries_the_csp(club):
    response = Client().get(reverse("league:club_member_role", args=[club.slug]))
    assert response.status_code == 405
    assert csp(response) == CSP


@override_settings(AXES_ENABLED=True)
def test_the_lockout_429_carries_the_csp(db):
    client = Client()
    for i in range(5):
        client.post(LOGIN, {"username": "ann", "password": f"wrong-{i}"})
    response = client.post(LOGIN, {"username": "ann", "password": "wrong-5"})
    assert response.status_code == 429
    assert csp(response) == CSP


@override_settings(ROOT_URLCONF=__name__)
def test_the_500_carries_the_csp(db):
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert csp(response) == CSP


FORMATTED_BODY = re.compile(
    r"HttpResponse(?!Redirect|PermanentRedirect)\w*\(\s*(f[\"']|[^,)]*%\s*[({\w]|[^,)]*\.format\()")


def test_no_response_body_is_built_by_string_formatting():
    root = Path(__file__).resolve().parents[2]
    found = [f"{p.relative_to(root)}:{n}" for folder in ("league", "config")
             for p in sorted((root / folder).rglob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if FORMATTED_BODY.search(line)]
    assert found == []


def test_the_formatting_grep_finds_a_formatted_body():
    assert FORMATTED_BODY.search('return HttpResponseBadRequest(_("The field %(name)s") % {"name": name})')
    assert FORMATTED_BODY.search('return HttpResponse(f"<p>{name}</p>")')
    assert not FORMATTED_BODY.search('response = HttpResponse(data, content_type="application/pdf")')
    assert not FORMATTED_BODY.search('HttpResponseRedirect(access.prefix + kind.add_anchor.format(n=hand.number))')
