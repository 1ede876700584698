"""Every page the browser suite opens (tests/e2e/main_pages.py), in each of
the four languages, signed in where the browser suite is, as served: the W3C
Nu HTML checker finds 0 errors (tests/html_checker.py; ``make vnu`` installs
it), and every ``aria-describedby`` / ``-labelledby`` / ``-controls`` and
``<label for>`` names an element of the page."""
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from league.models import Club, Membership
from tests.e2e.main_pages import build_world, main_pages
from tests.html_checker import check, missing
from tests.league.test_aria_references import broken_references

pytestmark = pytest.mark.django_db


@pytest.fixture
def served(tmp_path):
    """{file: (language, page name, path)} of every main page in every language."""
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
    assert len(files) == 4 * len(pages) == 4 * 45
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
