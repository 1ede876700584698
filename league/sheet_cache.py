"""The Pinochle game page's sheet kept rendered: ``{% sheet_fragment %}``.

At 40 hands, reading the hands and their side rows and writing the sheet's
rows and chart was about a third of the game page's work. The rendered
sheet is kept in the cache under a key made of everything it is drawn
from, each read by the page anyway (no query of its own):

- the game's audit state, read with its seats (``GameSheet.audit``: its
  revisions' count and last id). Every write to a hand leaves a revision —
  entry, edit, confirmation, dispute, deletion, undo — and so does a seat
  change; revisions are never deleted while the game stands, so every such
  write gives a new key. With it the game's status, hand count, winner,
  first dealer, rules and sides' totals;
- the seats' players and their names (a rename shows at once);
- the viewer, as the sheet's rows read it: the link prefix (the public
  link or that table link), may edit, organizer, the phone's side, the
  night locked. A confirm form's CSRF token is never kept: the fragment is
  stored split around it and each page writes its own reader's token;
- the language, the time zone, and the deployed code (``league``,
  ``scoring``), templates and catalogs.

``rescore`` repairs stored numbers without a revision; it calls
:func:`forget`, which gives the game a new generation: a kept fragment
names the generation it was drawn under (read before the hands), and one
of another generation is drawn again. A generation lost from the cache only
costs a new drawing.
"""
import hashlib
import os
import secrets
from functools import lru_cache
from pathlib import Path

import django
from django.conf import settings
from django.core.cache import cache
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language

from league.conditional import code_version

TIMEOUT = 24 * 3600
GENERATION_TIMEOUT = 7 * 24 * 3600
CSRF_MARK = "csrf" + secrets.token_hex(16)  # stands for the reader's token while a fragment is drawn


@lru_cache(maxsize=1)
def deployed() -> str:
    """The code and templates (``code_version``), the rules' code (``scoring``:
    the suits' symbols, the notes' texts), the catalogs and Django's version."""
    h = hashlib.sha256(f"{code_version()}:{django.__version__}".encode())
    for base, suffix in [(Path(settings.BASE_DIR) / "scoring", ".py"), *((p, ".mo") for p in settings.LOCALE_PATHS)]:
        for root, dirs, files in os.walk(Path(base)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(suffix)):
                st = os.stat(os.path.join(root, name))
                h.update(f"{root}/{name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()[:16]


def _generation_key(public_id: str) -> str:
    return f"sheet-gen:{public_id}"


def key(context, sheet) -> str | None:
    """The fragment's key for this sheet and this reader; None: not kept (the
    sheet was not read with its audit state, or it changed since)."""
    if sheet is None or getattr(sheet, "audit", None) is None:
        return None
    game = sheet.game
    parts = (
        deployed(), game.public_id, sheet.audit, game.status, game.hand_count, game.winner_side,
        game.first_dealer, game.rules, [(s.side, s.total) for s in sheet.sides],
        [(s.seat, s.player_id, s.player.name) for s in sheet.seats],
        str(context.get("prefix", "")), bool(context.get("can_edit")), bool(context.get("organizer")),
        context.get("my_side"), sheet.locked,
        get_language(), get_current_timezone_name(), context.use_tz,
    )
    return f"sheet:{game.public_id}:{hashlib.sha256(repr(parts).encode()).hexdigest()[:32]}"


def fetch(fragment_key: str, public_id: str):
    """``(segments, generation)``: the kept fragment's parts (None if none of
    this generation) and the game's generation to draw a new one under (None:
    do not keep what is drawn)."""
    gen_key = _generation_key(public_id)
    got = cache.get_many([fragment_key, gen_key])
    generation, kept = got.get(gen_key), got.get(fragment_key)
    if generation is not None and kept is not None and kept[0] == generation:
        return kept[1], generation
    if generation is None:
        generation = secrets.token_hex(8)
        if not cache.add(gen_key, generation, GENERATION_TIMEOUT):
            generation = cache.get(gen_key)
    return None, generation


def keep(fragment_key: str, generation: str, html: str, marked_csrf: str) -> tuple:
    """Keep ``html``, drawn with :data:`CSRF_MARK` for the reader's token, as
    its parts around each ``marked_csrf`` (a form's token field); return them."""
    segments = tuple(html.split(marked_csrf))
    cache.set(fragment_key, (generation, segments), TIMEOUT)
    return segments


def forget(public_id: str) -> None:
    """The game's stored numbers changed without a revision: draw its sheet anew."""
    cache.set(_generation_key(public_id), secrets.token_hex(8), GENERATION_TIMEOUT)
