"""No organizer task needs the Django admin: an organizer, starting from the
home page and following only the links the pages show (within the club), finds
a form for every field the admin offers on Club, League, Season, RuleProfile,
Membership and Player. What the pages set from their context instead of a
field is named in NOT_A_FIELD; the admin itself stays for superusers."""
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.contrib import admin
from django.test import RequestFactory
from django.urls import Resolver404, resolve

from league.models import Club, League, Membership, Player, RuleProfile, Season

from ..e2e.main_pages import build_world
from .rendered_forms import parse_forms

NOT_A_FIELD = {
    "club": "the page's club",
    "league": "the page's league",
    "slug": "the address, made from the name when the club or league starts, stays",
    "user": "an account joins through an invitation link",
}
PRECEDENCE = {"precedence": "precedence_1"}  # the ranking precedence is chosen one metric a slot
FORM_OF = {  # which view's forms set each model's fields
    Club: {"league:club_settings"}, Membership: {"league:club_member_role", "league:club_invite_new"},
    Player: {"league:player_rename"}, League: {"league:league_settings"}, Season: {"league:season_settings"},
    RuleProfile: {"league:rule_profile_edit", "league:rule_profile_new"},
}
SKIP = (".pdf", ".csv", ".json", ".ics", "_export=", "/accounts/logout/")


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)


def admin_fields(model) -> set:
    request = RequestFactory().get("/")
    request.user = type("Super", (), {"is_superuser": True, "is_staff": True, "is_active": True,
                                      "has_perm": lambda *a: True})()
    if model is Membership:  # the club's inline
        return {"club", "user", "role"}
    return set(admin.site._registry[model].get_fields(request))


def crawl(client, start: str, prefix: str, limit: int = 400) -> dict:
    """{view name: field names} of every POST form on every page reached by links from ``start``."""
    seen, queue, found = {start}, deque([start]), {}
    while queue and len(seen) < limit:
        url = queue.popleft()
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        for form in parse_forms(html):
            if form.method != "post":
                continue
            target = urljoin(url, form.action) if form.action else url
            try:
                view = resolve(urlsplit(target).path).view_name
            except Resolver404:
                continue
            found.setdefault(view, set()).update(form.names)
        parser = _Links()
        parser.feed(html)
        for href in parser.links:
            link = urljoin(url, href)
            path = urlsplit(link).path + (f"?{urlsplit(link).query}" if urlsplit(link).query else "")
            if urlsplit(link).netloc not in ("", "testserver") or any(s in path for s in SKIP):
                continue
            if (path.startswith(prefix) or path == "/") and path not in seen:
                seen.add(path)
                queue.append(path)
    return found


def test_every_admin_field_has_a_form_on_the_organizers_pages(client, organizer, club):
    organizer.club, organizer.user = club, organizer
    build_world(organizer)
    client.force_login(organizer)
    found = crawl(client, "/", f"/clubs/{club.slug}/")
    missing = {}
    for model, views in FORM_OF.items():
        names = set().union(*(found.get(v, set()) for v in views))
        wanted = {PRECEDENCE.get(f, f) for f in admin_fields(model)} - set(NOT_A_FIELD)
        if wanted - names:
            missing[model.__name__] = sorted(wanted - names)
    assert missing == {}
