"""Every page the browser suite opens (tests/e2e/main_pages.py), in each of
the four languages, signed in where the browser suite is, as served: the W3C
Nu HTML checker finds 0 errors (tests/html_checker.py; ``make vnu`` installs
it), on them and on the forms' pages as a refused post shows them (errors
under the fields), and every ``aria-describedby`` / ``-labelledby`` / ``-controls`` and
``<label for>`` names an element of the page."""
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from league.models import Club, Membership
from tests.conftest import rows_kept_for_module
from tests.e2e.main_pages import build_world, main_pages
from tests.html_checker import check, missing
from tests.league.test_aria_references import broken_references

pytestmark = pytest.mark.django_db


def refused_posts(w) -> list[tuple[str, str, dict]]:
    """(name, path, data) of a post to each kind of form that the form refuses (400)."""
    club, league, season = w["club"], w["league"], w["season"]
    u = lambda name, *args: reverse(f"league:{name}", args=args)  # noqa: E731
    return [
        ("new game", u("game_new", club.slug), {"north": "", "rule_profile": "x"}),
        ("new night", u("season", club.slug, league.slug, season.pk), {"form": "night", "date": "1999-01-01",
                                                                       "rounds": "0"}),
        ("casual game", u("casual_new"), {"player_0": ""}),
        ("new club", u("club_new"), {"name": ""}),
        ("hand", u("hand_add", w["game"].public_id), {"kind": "played", "bid": "-5"}),
        ("three-handed hand", u("hand_add", w["three"].public_id), {"kind": "played", "tricks_0": "999"}),
        ("cribbage deal", u("hand_add", w["crib"].public_id), {"pegging_0": "-1"}),
        ("rule profile", u("rule_profile_edit", club.slug, league.rule_profile_id), {"name": "", "target": "-1"}),
    ]


@pytest.fixture(scope="module")
def served(django_db_setup, django_db_blocker, tmp_path_factory):
    """{file: (language, page name, path)} of every page checked, in every language:
    written once for the module (the pages only read; a refused post saves nothing)."""
    with rows_kept_for_module(django_db_blocker), django_db_blocker.unblock():
        yield _serve(tmp_path_factory.mktemp("pages"))


def _serve(tmp_path) -> dict:
    club = Club.objects.create(name="Harbour Pinochle Club", slug="harbour")
    user = get_user_model().objects.create_user("keeper", password="pw-keeper-12345")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    world = build_world(SimpleNamespace(club=club, user=user))
    pages = main_pages(world)
    files = {}
    for language, _ in settings.LANGUAGES:
        clients = {True: Client(), False: Client()}
        clients[True].force_login(user)
        for n, (name, path, signed_in) in enumerate(pages):
            c = clients[signed_in]
            c.cookies[settings.LANGUAGE_COOKIE_NAME] = language
            response = c.get(path, follow=True)
            assert response.status_code in (200, 404), (name, path, response.status_code)
            assert response["Content-Type"] == "text/html; charset=utf-8", (name, path)
            f = tmp_path / f"{language}-{n:02d}.html"
            f.write_bytes(response.content)
            files[f] = (language, name, path)
        for n, (name, path, data) in enumerate(refused_posts(world)):
            clients[True].cookies[settings.LANGUAGE_COOKIE_NAME] = language
            response = clients[True].post(path, data)
            assert (response.status_code, response["Content-Type"]) == (400, "text/html; charset=utf-8"), name
            f = tmp_path / f"{language}-refused-{n:02d}.html"
            f.write_bytes(response.content)
            files[f] = (language, f"refused {name}", path)
        for name, path in (("password change", reverse("password_change")),
                           ("hand edit", reverse("league:hand_edit", args=[world["game"].public_id, 1]))):
            response = clients[True].get(path)
            assert response.status_code == 200, name
            f = tmp_path / f"{language}-{name.replace(' ', '-')}.html"
            f.write_bytes(response.content)
            files[f] = (language, name, path)
    assert len(files) == 4 * (len(pages) + 8 + 2) == 4 * 56
    return files


def test_the_nu_html_checker_finds_no_error_on_any_main_page_in_any_language(served):
    reason = missing()
    if reason:
        pytest.skip(reason)
    errors = check(served)
    assert len(errors) == 0, "\n".join(f"{served[next(f for f in served if f.name == e.split(':')[0])]}: {e}"
                                       for e in errors)


def test_every_aria_reference_and_label_on_a_main_page_names_an_element_of_it(served):
    broken = [(served[f], ref) for f in served for ref in broken_references(f.read_text())]
    assert broken == []
