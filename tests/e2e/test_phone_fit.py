"""Every main page fits a phone (390×844): nothing scrolls sideways, no text
(a player's name) is cut with an ellipsis, and every visible control is a
target of at least 44×44 CSS px.

The target rule, explicitly:
- checked: every visible ``a[href]``, ``button``, ``input`` (not hidden),
  ``select``, ``textarea``, ``summary`` and ``[role=button]``;
- an input inside a ``<label>`` is tapped through its label, so the label's box
  is measured instead (the chips' radios are visually hidden inside theirs);
- exempt (WCAG 2.5.8's inline exception): a link displayed inline in running
  text, i.e. whose nearest block ancestor holds other text than the link's own;
- not visible: ``display: none``, ``visibility: hidden``, zero opacity or a box
  of 1×1 px or less (the visually hidden helpers)."""
import pytest

from tests.e2e.conftest import PHONE, _context, login, sideways_scroll
from tests.e2e.main_pages import build_world, main_pages

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MIN_TARGET = 44
SMALL_TARGETS = """min => {
  const visible = e => {
    const s = getComputedStyle(e), r = e.getBoundingClientRect();
    return s.display !== 'none' && s.visibility !== 'hidden' && parseFloat(s.opacity) > 0
      && r.width > 1 && r.height > 1;
  };
  const block = e => {
    let p = e.parentElement;
    while (p && getComputedStyle(p).display.startsWith('inline')) p = p.parentElement;
    return p;
  };
  const inRunningText = a => {
    if (getComputedStyle(a).display !== 'inline') return false;
    const around = block(a);
    return !!around && around.textContent.replace(/\\s+/g, '').length > a.textContent.replace(/\\s+/g, '').length;
  };
  const found = [];
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]');
  for (const c of controls) {
    const target = (c.matches('input, select, textarea') && c.closest('label')) || c;
    if (!visible(target)) continue;
    if (c.matches('a') && inRunningText(c)) continue;
    const r = target.getBoundingClientRect();
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const name = (target.textContent || target.getAttribute('aria-label') || target.name || '').trim().slice(0, 30);
      found.push(`${target.tagName.toLowerCase()}${c.name ? '[name=' + c.name + ']' : ''} "${name}"`
                 + ` ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return [...new Set(found)];
}"""
CUT_TEXT = """() => [...document.querySelectorAll('main *')]
  .filter(e => getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth)
  .map(e => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 40)}"`)"""


def test_every_main_page_fits_a_phone_without_sideways_scroll_or_small_targets(browser, live_server, organizer):
    world = build_world(organizer)
    contexts = {s: _context(browser, viewport=PHONE, screen=PHONE, is_mobile=True, has_touch=True,
                            device_scale_factor=2) for s in (True, False)}
    login(contexts[True].new_page(), live_server.url, organizer)
    problems = []
    tabs = {s: context.new_page() for s, context in contexts.items()}  # one tab a context, navigated page to page
    try:
        for name, path, signed_in in main_pages(world):
            page = tabs[signed_in]
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            width = page.evaluate("() => innerWidth")
            scroll = page.evaluate("() => document.scrollingElement.scrollWidth")
            if scroll > width:
                problems.append(f"{name}: {sideways_scroll(page, width)}")
            small = page.evaluate(SMALL_TARGETS, MIN_TARGET)
            if small:
                problems.append(f"{name} ({path}): under {MIN_TARGET}px: " + "; ".join(small[:12])
                                + (f" (+{len(small) - 12} more)" if len(small) > 12 else ""))
            cut = page.evaluate(CUT_TEXT)
            if cut:
                problems.append(f"{name} ({path}): text cut with an ellipsis: " + "; ".join(cut[:6]))
    finally:
        for context in contexts.values():
            context.close()
    assert problems == [], "\n".join(problems)
