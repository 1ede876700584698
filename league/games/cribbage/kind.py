"""Cribbage: two players, deals counted to 121 with skunk lines."""
from dataclasses import fields
from operator import attrgetter

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league.exports_columns import STANDINGS_HEAD, STANDINGS_TAIL, field, per
from league.games.base import GameKind
from league.games.cribbage.inputs import CribbageDealInput
from league.games.registry import register
from league.models import LeagueFormat
from league.models.rules import GameType
from league.pdf.blank import CRIBBAGE_FAMILY
from league.profile_forms import make_profile_form
from scoring.cribbage import CribbageRules, game_outcome
from scoring.cribbage.game import GAME_POINTS, SPREADS, TARGETS

from .entries import DEAL_HOOKS
from .forms import CribbageGameForm, DealForm, attach_deal_errors
from .results import cribbage_result_rows
from .profile_labels import CHOICE_LABELS, LABELS
from .rules_text import cribbage_rules_summary
from .selectors import cribbage_board_for
from .sheets import CRIBBAGE_LAYOUT, cribbage_layout
from .services import DEFAULT_CRIBBAGE_PRECEDENCE, PlayerLink, cribbage_game_create
from .tools import card_grid

CRIBBAGE_CHOICES = {"target": TARGETS, "game_points": GAME_POINTS, "spread": SPREADS}
CribbageProfileForm = make_profile_form("CribbageProfileForm", CribbageRules, GameType.CRIBBAGE,
                                        [f.name for f in fields(CribbageRules)], CRIBBAGE_CHOICES, ("past_hole",),
                                        labels=LABELS, choice_labels=CHOICE_LABELS)


class CribbageKind(GameKind):
    code = GameType.CRIBBAGE
    site_order = 30
    label = GameType.CRIBBAGE.label
    seats = 2
    sides = 2
    has_partners = False
    individual = True
    pinochle_sheet = False
    counts_highlights = False
    plays_to_hand_limit = False
    seat_letters = ("A", "B")
    side_labels = ("A", "B")
    history_fields = (
        ("dealer", _("Dealer"), "seat"),
        ("starter", _("Starter"), "text"),
    )
    history_side_fields = (
        ("pegging", _("Pegging"), "number"),
        ("show", _("Hand"), "number"),
        ("crib", _("Crib"), "number"),
        ("delta", _("Points"), "number"),
        ("total", _("Total"), "number"),
    )
    noun = "deal"
    noun_singular = _("deal")
    noun_plural = _("deals")
    entries_text = ngettext_lazy("%(n)d deal", "%(n)d deals", "n")
    playing_text = ngettext_lazy("playing: %(n)d deal", "playing: %(n)d deals", "n")
    board_partial = "league/_cribbage_board.html"
    board_id = "board"
    edit_partial = "league/_cribbage_deal_edit.html"
    new_game_title = _("New cribbage game")
    seating_hint = _("Pick a name from the roster or type a new one.")
    new_game_partial = "league/_new_cribbage.html"
    new_game_footer = "league/_new_cribbage_footer.html"
    stylesheets = ("league/css/cribbage.css",)
    urls = "league.games.cribbage.urls"  # the public calculators (tools.py)
    scripts = ("league/js/cribbage.js",)
    add_anchor = "#board"
    entry_anchor = "#deal-{n}"
    edit_title = _("Edit deal %(n)s")
    counter_title = _("Our numbers for deal %(n)s")
    delete_title = _("Delete deal %(n)s?")
    delete_link = _("Delete this deal")
    delete_note = _("Later deals move up one number and every total and the result are re-derived.")
    saved_text = _("Deal %(n)s saved")
    standings_template = "league/_cribbage_standings.html"
    blank_slug = "cribbage"
    short_label = _("Cribbage")
    players_needed = _("A cribbage game needs exactly two players.")
    scan_caption = _("Scan to enter this table's deals")

    def rules_class(self):
        return CribbageRules

    def rules_summary(self, rules) -> str:
        return cribbage_rules_summary(rules)

    def profile_form(self):
        return CribbageProfileForm

    def sheet_layout(self):
        return CRIBBAGE_LAYOUT

    def blank_family(self):
        return CRIBBAGE_FAMILY

    export_results = True

    def export_game_columns(self) -> list:
        own = [(f"{label} {name}", per(key, i)) for name, key in (
            ("game points", "game_points"), ("spread", "spread"), ("skunks given", "skunks"))
            for i, label in enumerate(self.export_side_labels())]
        return super().export_game_columns() + own

    def export_hand_columns(self) -> list:
        return [("starter", field("starter")), ("pegging", field("pegging")), ("hand points", field("show")),
                ("crib", field("crib"))]

    def export_standings_columns(self) -> list:
        return STANDINGS_HEAD + STANDINGS_TAIL + [
            (name, attrgetter(f"row.{key}")) for name, key in (
                ("game points", "game_points"), ("spread", "spread"), ("skunks given", "skunks_given"),
                ("skunks taken", "skunks_taken"))]

    def league_errors(self, *, format, rule_profile) -> dict:
        if format != LeagueFormat.INDIVIDUAL:
            return {"format": [_("Cribbage is played one against one: choose the individual format.")]}
        return {}

    def default_precedence(self):
        return DEFAULT_CRIBBAGE_PRECEDENCE

    def start_casual_game(self, *, club, players, rule_profile, by, first_dealer=0):
        return cribbage_game_create(club=club, players=players, rule_profile=rule_profile, by=by,
                                    first_dealer=first_dealer)

    def board(self, game, sides):
        return cribbage_board_for(game, sides)

    def link_actor(self, *, side, device):
        return PlayerLink(link=True, side=side, device=device)

    def entry_form_class(self):
        return DealForm

    def entry_form(self, board, data=None, *, initial=None):
        return DealForm(data, names=board.names, locked=board.locked, initial=initial)

    def new_entry_initial(self, board, query) -> dict:
        initial = {"dealer": board.next_dealer, "expected_number": board.game.hand_count + 1}
        initial.update({k: query[k] for k in ("dealer", "pegging_0", "pegging_1", "pone_hand", "dealer_hand",
                                               "crib", "starter_rank", "starter_suit") if query.get(k, "") != ""})
        return initial

    def counter_initial(self, hand) -> dict:
        return {"dealer": hand.dealer}

    def entry_input(self, form):
        kwargs = form.service_kwargs()
        kwargs.pop("reason", None)
        return CribbageDealInput(**kwargs)

    def entry_errors(self, form, error):
        attach_deal_errors(form, error)

    def page_context(self, board) -> dict:
        return {"grid": card_grid(()), "scores": [s.total for s in board.sides]}

    def edit_context(self, board, hand) -> dict:
        rows = sorted(hand.side_rows.all(), key=lambda r: r.side)
        # the totals before this deal, for "who pegged out first?"
        return {"grid": card_grid(()), "scores": [r.total - r.delta for r in rows]}

    def quick_answer(self, board, hand) -> bool:
        return False

    def new_game_form(self, data, *, club):
        return CribbageGameForm(data, club=club)

    # -- the printed game sheet (league/pdf/game_sheet.py) --------------------
    sheet_file = "cribbage-sheet"

    def game_sheet_layout(self, board):
        return cribbage_layout(board)

    def hand_limit_error(self):
        return _("Cribbage games are played to the target; leave hands per round empty.")

    def result_rows(self, game, night) -> list:
        return cribbage_result_rows(game, night)

    win_game_points = 2  # the American Cribbage Congress's game points: a win 2, a skunk 3

    def event_outcome(self, game, totals: dict) -> dict:
        """Game points (2 a win, 3 a skunk) and spread as ``scoring.cribbage.game_outcome`` gives them."""
        outcome = game_outcome(CribbageRules.from_dict(game.rules), (totals[0], totals[1]))
        return {s: (outcome.winner == s, outcome.game_points[s], outcome.spread[s]) for s in (0, 1)}

    # -- entries: the one workflow's hooks (league.services.workflow; kindsvc)
    def entry_hooks(self):
        return DEAL_HOOKS


CRIBBAGE = register(CribbageKind())
