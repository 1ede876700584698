"""Rummy-style Pinochle: two teams of two, rounds of melds with wild cards."""
from dataclasses import fields

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league import services
from league.exports_columns import detail, field
from league.games.base import GameKind
from league.games.rummy.inputs import RummyRoundInput
from league.games.registry import register
from league.models.rules import GameType
from league.pdf.blank import RUMMY_FAMILY
from league.profile_forms import make_profile_form
from league.services.results import partnership_rows
from league.services.trust import Actor
from scoring.rummy import RummyRules
from scoring.rummy.rules import FLAGS as RUMMY_FLAGS
from scoring.rummy.rules import NON_NEGATIVE as RUMMY_NON_NEGATIVE

from .entries import ROUND_HOOKS
from .forms import FLAG_FIELDS, NUMBER_FIELDS, RummyGameForm, RummyRoundForm, attach_round_errors
from .profile_labels import LABELS
from .rules_text import rummy_rules_summary
from .selectors import rummy_board_for
from .sheets import RUMMY_LAYOUT, rummy_layout
from .services import rummy_game_create

# Rummy-style Pinochle profiles (docs/rules.md, rummy-style): every option; the rounds limit is empty
# for a game to the target, the bonuses and the barbele penalty may be 0.
RUMMY_CHOICES = {"jack_value": (10, 15)}
RummyProfileForm = make_profile_form("RummyProfileForm", RummyRules, GameType.RUMMY,
                                     [f.name for f in fields(RummyRules)], RUMMY_CHOICES, RUMMY_FLAGS,
                                     optional=("rounds_limit",), zero_allowed=RUMMY_NON_NEGATIVE, labels=LABELS)


class RummyKind(GameKind):
    code = GameType.RUMMY
    site_order = 50
    label = GameType.RUMMY.label
    pinochle_sheet = False
    counts_highlights = False
    counts_comeback = False
    recap_rounds = True
    plays_to_hand_limit = False
    noun = "round"
    noun_singular = _("round")
    noun_plural = _("rounds")
    entries_text = ngettext_lazy("%(n)d round", "%(n)d rounds", "n")
    playing_text = ngettext_lazy("playing: %(n)d round", "playing: %(n)d rounds", "n")
    board_partial = "league/_rummy_board.html"
    board_id = "board"
    edit_partial = "league/_rummy_round_edit.html"
    new_game_title = _("New rummy game")
    seating_hint = _("Partners sit opposite: North and South play against East and West. Pick a name from the roster or type a new one.")
    new_game_partial = "league/_new_rummy.html"
    stylesheets = ("league/css/rummy.css",)
    add_anchor = "#round-{n}"
    entry_anchor = "#round-{n}"
    history_fields = (
        ("dealer", _("Dealer"), "seat"),
    )
    history_side_fields = tuple(
        (f"detail.{name}", label, how)
        for names, how in ((NUMBER_FIELDS, "number"), (FLAG_FIELDS, "flag"))
        for name, label in names
    ) + (
        ("detail.rescued_wilds", _("Wilds rescued"), "count"),
        ("counted_meld", _("Counted meld"), "number"),
        ("delta", _("Points"), "number"),
        ("total", _("Total"), "number"),
    )
    edit_title = _("Edit round %(n)s")
    counter_title = _("Our numbers for round %(n)s")
    delete_title = _("Delete round %(n)s?")
    delete_link = _("Delete this round")
    delete_note = _("Later rounds move up one number and every total and the result are re-derived.")
    saved_text = _("Round %(n)s saved")
    blank_slug = "rummy"
    short_label = _("Rummy")
    players_needed = _("A rummy game needs exactly four players.")
    scan_caption = _("Scan to enter this table's rounds")

    def rules_class(self):
        return RummyRules

    def rules_summary(self, rules) -> str:
        return rummy_rules_summary(rules)

    def profile_form(self):
        return RummyProfileForm

    def sheet_layout(self):
        return RUMMY_LAYOUT

    def blank_family(self):
        return RUMMY_FAMILY

    def export_hand_columns(self) -> list:
        inputs = ("melds_on_table", "clean_runs", "semi_clean_runs", "dirty_runs", "cards_left", "penalties",
                  "going_out", "folded_hand", "without_wilds", "first_meld")
        return [(name.replace("_", " "), detail(name)) for name in inputs] + [("counted meld", field("counted_meld"))]

    def start_casual_game(self, *, club, players, rule_profile, by, first_dealer=0):
        return rummy_game_create(club=club, players=players, by=by, first_dealer=first_dealer,
                                 rules=rule_profile.rules() if rule_profile is not None else None)

    def board(self, game, sides):
        return rummy_board_for(game, sides)

    def link_actor(self, *, side, device):
        return Actor(link=True, side=side, device=device)

    def entry_form_class(self):
        return RummyRoundForm

    def entry_form(self, board, data=None, *, initial=None):
        return RummyRoundForm(data, initial=initial, locked=board.locked)

    def new_entry_initial(self, board, query) -> dict:
        return {"expected_number": board.next_number}

    def counter_initial(self, hand) -> dict:
        return {}

    def entry_input(self, form):
        return RummyRoundInput(teams=form.team_inputs())

    def entry_errors(self, form, error):
        attach_round_errors(form, error)

    def quick_answer(self, board, hand) -> bool:
        return False

    def new_game_form(self, data, *, club):
        return RummyGameForm(data, club=club)

    def start_from_form(self, form, *, club, by):
        d = form.cleaned_data
        players = [services.player_get_or_create(club=club, name=d[f]) for f in form.PLAYER_FIELDS]
        return rummy_game_create(club=club, players=players, rules=form.rules(), rule_profile=d["rule_profile"],
                                 by=by)

    # -- the printed game sheet (league/pdf/game_sheet.py) --------------------
    sheet_file = "rummy-sheet"

    def game_sheet_layout(self, board):
        return rummy_layout(board)

    def hand_limit_error(self):
        return _("Rummy games end at the target or after the profile's rounds; leave hands per round empty.")

    # -- entries: the one workflow's hooks (league.services.workflow; kindsvc)
    def entry_hooks(self):
        return ROUND_HOOKS

    def result_rows(self, game, night) -> list:
        """Two teams, as in partnership Pinochle: the same league Result rows."""
        return partnership_rows(game, night)


RUMMY = register(RummyKind())
