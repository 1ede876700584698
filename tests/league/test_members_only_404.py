"""A members-only league's pages answer a stranger exactly as an unknown
league's do (404, the same page), so its existence does not leak; its
members read them."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from league.models import Membership

from .test_authorization import world  # noqa: F401 (fixture)


def urls(club, league, season, night):
    """(name, the members-only URL, the same URL naming a league that does not exist)."""
    out = []
    for name, args in (("league", [club.slug, league.slug]), ("changes", [club.slug, league.slug]),
                       ("season", [club.slug, league.slug, season.pk]),
                       ("season_standings_pdf", [club.slug, league.slug, season.pk]),
                       ("night", [club.slug, league.slug, season.pk, night.pk]),
                       ("night_board", [club.slug, league.slug, season.pk, night.pk]),
                       ("night_recap_pdf", [club.slug, league.slug, season.pk, night.pk]),
                       ("night_sheets_pdf", [club.slug, league.slug, season.pk, night.pk]),
                       ("night_cards_pdf", [club.slug, league.slug, season.pk, night.pk])):
        out.append((name, reverse(f"league:{name}", args=args),
                    reverse(f"league:{name}", args=[args[0], "no-such-league", *args[2:]])))
    return out


def main(response) -> str:
    """The page's content (the header's forms carry the request's own path and CSRF token)."""
    html = response.content.decode()
    return html[html.index("<main>"):html.index("</main>")]


@pytest.fixture
def stranger(db):
    client = Client()
    client.force_login(get_user_model().objects.create_user("stranger", password="pw-stranger-12"))
    return client


@pytest.mark.parametrize("who", ["anonymous", "signed-in stranger"])
def test_a_members_only_leagues_pages_answer_a_stranger_as_an_unknown_league(world, stranger, who):  # noqa: F811
    client = Client() if who == "anonymous" else stranger
    for name, private, unknown in urls(world["club"], world["league"], world["season"], world["night"]):
        hidden, missing = client.get(private), client.get(unknown)
        assert (name, hidden.status_code) == (name, 404)
        assert (name, main(hidden)) == (name, main(missing))


def test_a_member_reads_the_members_only_leagues_pages(world):  # noqa: F811
    member = get_user_model().objects.create_user("member", password="pw-member-123")
    Membership.objects.create(club=world["club"], user=member, role=Membership.Role.MEMBER)
    client = Client()
    client.force_login(member)
    codes = {name: client.get(private).status_code
             for name, private, _ in urls(world["club"], world["league"], world["season"], world["night"])}
    assert codes == {"league": 200, "changes": 200, "season": 200, "season_standings_pdf": 200,
                     "night": 200, "night_board": 200, "night_recap_pdf": 200,
                     "night_sheets_pdf": 403, "night_cards_pdf": 403}  # the organizers' prints: a member may not
