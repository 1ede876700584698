"""The meld counter: tap one player's cards (or two partners'), choose trump, see the breakdown.

Opened from a hand form's "count" link, it returns to the page it came from
(``?back=``: the table link, the public page, an entry's edit page) with the
hand typed so far (``keep_*``) and, with "Use this meld", the side's meld."""
from collections import Counter

from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import urlencode

from league.i18n import render as tr
from scoring.cards import DOUBLE_DECK, PINOCHLE, SUIT_SYMBOLS, SUITS, Card
from scoring.errors import ScoringError
from scoring.pinochle import DoubleDeckRules, PinochleRules, count_meld
from league.views.params import public_id_param

HANDS = (("a", "1"), ("b", "2"))
# hand-form values carried to the counter and back, so nothing typed is lost
KEEP = ("kind", "dealer", "bidder_seat", "bid", "trump", "meld_0", "meld_1", "meld_2", "tricks_0", "tricks_1",
        "tricks_2")
# ?deck=double: the 80-card deck, four copies of each card, double-deck meld values (docs/rules.md, "Double-deck Pinochle")
DECKS = {"single": (PINOCHLE, PinochleRules()), "double": (DOUBLE_DECK, DoubleDeckRules())}


# the pages whose hand form links to the counter: the game by its public or
# table link (a night or casual link opens the table link), an entry's edit page
BACK_VIEWS = {"league:game", "league:table", "league:hand_edit", "league:table_hand_edit", "league:table_hand_counter"}


def _back(request):
    """The page the counter was opened from (``?back=``, a path of BACK_VIEWS),
    or the game's public page for an older link (``?game=``), else None."""
    raw = request.GET.get("back", "")
    if raw and len(raw) <= 300 and raw.startswith("/") and not raw.startswith("//") and "?" not in raw:
        try:
            match = resolve(raw)
        except Resolver404:
            match = None
        if match is not None and match.view_name in BACK_VIEWS:
            return raw
    game = public_id_param(request.GET.get("game"))
    return reverse("league:game", args=[game]) if game else None


def _return_url(back, values) -> str:
    anchor = "#pad" if resolve(back).view_name in ("league:game", "league:table") else "#hand-form"
    return back + ("?" + urlencode(values) if values else "") + anchor


def _kept(request) -> dict:
    return {k: request.GET[f"keep_{k}"] for k in KEEP if request.GET.get(f"keep_{k}", "") != ""}


def _grid(codes, deck=PINOCHLE):
    """Rows of (suit, [(code, label, copies ticked), ...]) in pinochle rank order."""
    ticked = Counter(c.strip().upper().replace("T", "10") for c in codes)
    return [
        (s, [(Card(r, s).code, Card(r, s).symbol, ticked[Card(r, s).code]) for r in deck.ranks])
        for s in SUITS
    ]


def meld_counter(request):
    trump = request.GET.get("trump", "")
    side = request.GET.get("side")
    back = _back(request)
    deck_name = "double" if request.GET.get("deck") == "double" else "single"
    deck, rules = DECKS[deck_name]
    # ?hands=1: one player's cards (three-handed: 15, or the bidder's 18 with the widow)
    single = request.GET.get("hands") == "1"
    hands, errors, total = [], [], 0
    for key, label in HANDS[:1] if single else HANDS:
        codes = request.GET.getlist(key)
        result = None
        if codes and trump:
            try:
                result = count_meld(codes, trump, rules)
            except ScoringError as e:
                errors.append(tr(e.message))
        if result is not None:
            total += result.total
        hands.append({
            "key": key, "label": label, "grid": _grid(codes, deck), "result": result,
            "items": [(tr(i.name), i.points, " ".join(c.symbol for c in i.cards))
                      for i in (result.items if result else ())],
        })
    use_url = None
    kept = _kept(request)
    if back and side in ("0", "1", "2") and trump and not errors:
        use_url = _return_url(back, {**kept, f"meld_{side}": total, "trump": trump})
    context = {
        "trump": trump, "hands": hands, "errors": errors, "total": total,
        "suits": [(s, SUIT_SYMBOLS[s]) for s in SUITS], "use_url": use_url,
        "back": back, "back_url": _return_url(back, kept) if back else None,
        "side": side, "kept": [(f"keep_{k}", v) for k, v in kept.items()],
        "deck": deck_name, "copies": range(1, deck.copies + 1), "single": single,
    }
    template = "league/_meld_result.html" if request.htmx else "league/meld_counter.html"
    return render(request, template, context)
