"""Run by test_production_static.py in a process of its own, under
``config.settings.production`` (DJANGO_STATIC_ROOT and DATABASE_URL from the
environment): ``collectstatic`` with the manifest storage, ``migrate``, the
main pages' world, then every main page, the service worker, the files it
precaches, the manifest and its icons, each asked once. Prints one JSON
object: {what: status}."""
import json
import re
import sys
from types import SimpleNamespace
from urllib.parse import urljoin

import django


def main():
    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from league.models import Club, Membership
    from tests.e2e.main_pages import build_world, main_pages

    call_command("collectstatic", interactive=False, verbosity=0)
    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Harbour Pinochle Club", slug="harbour")
    user = get_user_model().objects.create_user("keeper", password="probe-pw-12345")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    world = build_world(SimpleNamespace(club=club, user=user, username="keeper"))
    anonymous, signed_in = Client(raise_request_exception=False), Client(raise_request_exception=False)
    signed_in.force_login(user)
    pages = main_pages(world)
    seen = {"pages listed": len(pages)}
    for name, path, logged_in in pages:
        seen[name] = (signed_in if logged_in else anonymous).get(path, follow=True).status_code
    sw = anonymous.get("/sw.js")
    seen["/sw.js"] = sw.status_code
    if sw.status_code == 200:
        body = sw.content.decode()
        seen["sw static prefix"] = re.search(r'startsWith\("([^"]*)"\)\) \{', body).group(1)
        for url in json.loads(re.search(r"const PRECACHE = (\[.*?\]);", body).group(1)):
            seen[url] = anonymous.get(url).status_code
    page = anonymous.get("/").content.decode()
    manifest_url = re.search(r'rel="manifest" href="([^"]+)"', page).group(1)
    manifest = anonymous.get(manifest_url)
    seen["manifest " + manifest_url] = manifest.status_code
    body = b"".join(manifest.streaming_content) if manifest.streaming else manifest.content  # a view (league:web_manifest)
    for icon in json.loads(body)["icons"]:
        url = urljoin(manifest_url, icon["src"])
        seen["icon " + url] = anonymous.get(url).status_code
    json.dump(seen, sys.stdout)


if __name__ == "__main__":
    main()
