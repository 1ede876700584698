"""Public cribbage calculators: the show, the discard, the next peg.

Each page is a GET form that works without JavaScript; with htmx it updates
its result as cards are tapped. Every number comes from ``scoring.cribbage``.
"""
import re

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from league.games.cribbage.forms import RANKS, SHOW_FIELDS
from league.i18n import render as tr
from scoring.cards import SUIT_SYMBOLS, SUITS, parse_card
from scoring.cribbage import count_of, discard_options, peg_points, score_show
from scoring.errors import ScoringError


def card_grid(selected) -> list:
    """``[(suit, symbol, [(code, label, ticked), ...13]), ...]`` for the card pickers."""
    ticked = set()
    for code in selected:
        try:
            ticked.add(parse_card(code).code)
        except ScoringError:
            continue
    return [
        (s, SUIT_SYMBOLS[s], [(f"{r}{s}", f"{r}{SUIT_SYMBOLS[s]}", f"{r}{s}" in ticked) for r in RANKS])
        for s in SUITS
    ]


def _symbols(cards) -> str:
    return " ".join(c.symbol for c in cards)


def _starter(get, prefix="starter") -> str:
    rank, suit = get.get(f"{prefix}_rank", ""), get.get(f"{prefix}_suit", "")
    return f"{rank}{suit}" if rank and suit else ""


def show_breakdown(cards, starter: str, crib: bool) -> dict:
    """The show's parts, its combinations and the spoken count, or a hint or error."""
    out = {"result": None, "error": "", "hint": "", "items": [], "spoken": ""}
    if len(cards) < 4 or not starter:
        out["hint"] = _("Tap four cards (%(n)d so far) and pick the starter.") % {"n": len(cards)}
        return out
    try:
        result = score_show(cards, starter, crib=crib)
    except ScoringError as e:
        out["error"] = tr(e.message)
        return out
    out["result"] = result
    out["items"] = [(tr(i.name), i.points, _symbols(i.cards)) for i in result.items]
    out["spoken"] = pgettext("between the steps of a spoken count", ", ").join(tr(step) for step in result.spoken_steps())
    return out


def show_calculator(request):
    """Four cards + starter (+ the crib toggle) → fifteens, pairs, runs, flush, nobs, total."""
    cards = request.GET.getlist("cards")
    crib = request.GET.get("crib") == "1"
    context = {
        "grid": card_grid(cards), "starter_rank": request.GET.get("starter_rank", ""),
        "starter_suit": request.GET.get("starter_suit", ""), "crib": crib, "ranks": RANKS,
        "suits": [(s, SUIT_SYMBOLS[s]) for s in SUITS],
        **show_breakdown(cards, _starter(request.GET), crib),
    }
    template = "league/_cribbage_show_result.html" if request.htmx else "league/cribbage_show.html"
    return render(request, template, context)


def show_pick(request):
    """The deal form's card picker: the show of the tapped cards with the
    deal's starter, and a button that puts the total into the chosen box."""
    target = request.GET.get("pick_target")
    target = target if target in SHOW_FIELDS else "pone_hand"
    context = show_breakdown(request.GET.getlist("pick_cards"), _starter(request.GET), target == "crib")
    context["target"] = target
    return render(request, "league/_cribbage_pick_result.html", context)


def discard_helper(request):
    """Six cards dealt → the 15 ways to lay two away, best average first."""
    cards = request.GET.getlist("cards")
    role = "pone" if request.GET.get("role") == "pone" else "dealer"
    options, error, hint = [], "", ""
    if len(cards) < 6:
        hint = _("Tap the six cards you were dealt (%(n)d so far).") % {"n": len(cards)}
    else:
        try:
            options = [
                {"keep": _symbols(o.keep), "discard": _symbols(o.discard), "hand": o.average_hand,
                 "crib": o.average_crib, "expected": o.expected}
                for o in discard_options(cards, dealer=role == "dealer")
            ]
        except ScoringError as e:
            error = tr(e.message)
    context = {"grid": card_grid(cards), "role": role, "options": options, "error": error, "hint": hint}
    template = "league/_cribbage_discard_result.html" if request.htmx else "league/cribbage_discard.html"
    return render(request, template, context)


def pegging_helper(request):
    """The cards of the current count, in order → the count, what each play
    pegged, and what each rank would peg if laid next (— if it cannot be)."""
    played = [p for p in re.split(r"[\s,;]+", request.GET.get("played", "")) if p]
    error = ""
    try:
        points, count = peg_points(played), count_of(played)
    except ScoringError as e:
        error, played, points, count = tr(e.message), [], (), 0
    options = []
    for rank in RANKS:
        try:
            after = played + [rank]
            options.append({"rank": rank, "points": peg_points(after)[-1], "count": count_of(after),
                            "played": " ".join(after)})
        except ScoringError:
            options.append({"rank": rank, "points": None, "count": None, "played": ""})
    return render(request, "league/cribbage_pegging.html", {
        "plays": list(zip(played, points)), "count": count, "options": options, "error": error,
        "played": " ".join(played), "undo": " ".join(played[:-1]), "go": all(o["points"] is None for o in options),
    })
