"""axe-core (vendored under tests/e2e/vendor/axe-core, MPL-2.0) on every main
page, on a phone (390×844) and on the hall screen (1920×1080): no critical
and no serious violation.

The site's Content-Security-Policy allows scripts from its own origin only, so
a ``<script>`` tag added to the page would be refused. axe goes in through
``add_init_script`` instead (the DevTools protocol runs it before the page's
own scripts, outside the page's CSP), and ``page.evaluate`` calls it."""
import pytest

from tests.e2e.conftest import PHONE, _context, login
from tests.e2e.main_pages import AXE, build_world, main_pages

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HALL_SCREEN = {"width": 1920, "height": 1080}
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
    .map(v => ({id: v.id, impact: v.impact,
                nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' + n.failureSummary.split('\\n')[1])}));
}"""


def _pages(browser, live_server, organizer, viewport, **options):
    world = build_world(organizer)
    contexts = {signed_in: _context(browser, viewport=viewport, screen=viewport, **options)
                for signed_in in (True, False)}
    for context in contexts.values():
        context.add_init_script(path=str(AXE))
    login(contexts[True].new_page(), live_server.url, organizer)
    return world, contexts


def serious_violations(browser, live_server, organizer, viewport, **options) -> list[str]:
    world, contexts = _pages(browser, live_server, organizer, viewport, **options)
    problems = []
    # one tab a context, navigated from page to page: each path is a new document (axe injected
    # afresh), and no tab is opened and closed per page (most of the scan's time when it was)
    tabs = {signed_in: context.new_page() for signed_in, context in contexts.items()}
    try:
        for name, path, signed_in in main_pages(world):
            page = tabs[signed_in]
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            for v in page.evaluate(RUN_AXE):
                problems.append(f"{name} ({path}): {v['impact']} {v['id']}: " + " | ".join(v["nodes"]))
    finally:
        for context in contexts.values():
            context.close()
    return problems


def test_axe_finds_no_critical_or_serious_violation_on_a_phone(browser, live_server, organizer):
    problems = serious_violations(browser, live_server, organizer, PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    assert problems == [], "\n".join(problems)


def test_axe_finds_no_critical_or_serious_violation_on_the_hall_screen(browser, live_server, organizer):
    problems = serious_violations(browser, live_server, organizer, HALL_SCREEN)
    assert problems == [], "\n".join(problems)
