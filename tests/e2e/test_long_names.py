"""An 80-character name (the longest a name may be) never widens a page on a
phone (390×844): every main page, with that player at the table, in the
standings, on the night page and the board."""
import pytest

from tests.e2e.conftest import PHONE, _context, login, sideways_scroll
from tests.e2e.main_pages import build_world, main_pages

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG = "Maximiliana Bartholomea Alexandrina Montgomery-Castellano Fitzwilliam Okafor-Lind"
UNBROKEN = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafe"


@pytest.mark.parametrize("name", [LONG, UNBROKEN], ids=["with spaces", "one word"])
def test_an_80_character_name_never_widens_a_page_on_a_phone(browser, live_server, organizer, name):
    from league.models import Player

    assert len(name) >= 80
    world = build_world(organizer)
    Player.objects.filter(pk=world["player"].pk).update(name=name[:80])  # seated at table 1, in every game
    contexts = {s: _context(browser, viewport=PHONE, screen=PHONE, is_mobile=True, has_touch=True,
                            device_scale_factor=2) for s in (True, False)}
    login(contexts[True].new_page(), live_server.url, organizer)
    problems = []
    tabs = {s: context.new_page() for s, context in contexts.items()}
    try:
        for label, path, signed_in in main_pages(world):
            page = tabs[signed_in]
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            problem = sideways_scroll(page, PHONE["width"])
            if problem:
                problems.append(f"{label}: {problem}")
    finally:
        for context in contexts.values():
            context.close()
    assert problems == [], "\n".join(problems)
