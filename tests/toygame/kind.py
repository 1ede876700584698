"""Toy Tally's kind: what the site asks a game (``league/games/base.py``), answered for this game.

Four players, N–S against E–W, like rummy-style Pinochle; the rules are
``engine.py``'s, the entries' hooks ``entries.py``'s. Registered by the test
settings (``config/settings/test.py``: this module on ``CLUBTALLY_GAME_KINDS``).
"""
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league.exports_columns import detail
from league.games.base import GameKind
from league.games.registry import register
from league.services.results import partnership_rows
from league.services.trust import Actor

from . import CODE
from .selectors import rules_summary, toy_board_for
from .engine import ToyRules
from .entries import HOOKS, ToyHandInput
from .forms import ToyGameForm, ToyHandForm, ToyProfileForm, attach_errors
from .services import toy_game_create
from .sheets import BLANK_FAMILY, TABLE_LAYOUT, game_layout


class ToyKind(GameKind):
    code = CODE
    site_order = 90  # after the built-in kinds
    label = _("Toy Tally")
    pinochle_sheet = False
    counts_highlights = False
    plays_to_hand_limit = False
    noun = "hand"
    entries_text = ngettext_lazy("%(n)d hand", "%(n)d hands", "n")
    playing_text = ngettext_lazy("playing: %(n)d hand", "playing: %(n)d hands", "n")
    board_partial = "toygame/_board.html"
    board_id = "board"
    edit_partial = "toygame/_edit.html"
    new_game_title = _("New Toy Tally game")
    seating_hint = _("Partners sit opposite: North and South play against East and West.")
    new_game_partial = "toygame/_new.html"
    add_anchor = "#hand-{n}"
    entry_anchor = "#hand-{n}"
    history_fields = (("dealer", _("Dealer"), "seat"),)
    history_side_fields = (
        ("score", _("Score"), "number"),
        ("delta", _("Points"), "number"),
        ("total", _("Total"), "number"),
    )
    blank_slug = "toy"
    short_label = _("Toy Tally")
    players_needed = _("A Toy Tally game needs exactly four players.")
    standard_rules_label = _("Standard (first to 50)")
    scan_caption = _("Scan to enter this table's hands")
    sheet_file = "toy-sheet"

    # -- rules, profiles and printing
    def rules_class(self):
        return ToyRules

    def rules_summary(self, rules) -> str:
        return rules_summary(rules)

    def profile_form(self):
        return ToyProfileForm

    def sheet_layout(self):
        return TABLE_LAYOUT

    def blank_family(self):
        return BLANK_FAMILY

    def game_sheet_layout(self, board):
        return game_layout(board)

    def export_hand_columns(self) -> list:
        return [("score", detail("score"))]

    def hand_limit_error(self):
        return _("Toy Tally games end at the target; leave hands per round empty.")

    # -- starting a game
    def start_casual_game(self, *, club, players, rule_profile, by, first_dealer=0):
        return toy_game_create(club=club, players=players, rule_profile=rule_profile, by=by,
                               first_dealer=first_dealer)

    def new_game_form(self, data, *, club):
        return ToyGameForm(data, club=club, kind=self)

    # -- the game page and its entries
    def board(self, game, sides):
        return toy_board_for(game, sides)

    def link_actor(self, *, side, device):
        return Actor(link=True, side=side, device=device)

    def entry_form_class(self):
        return ToyHandForm

    def entry_form(self, board, data=None, *, initial=None):
        return ToyHandForm(data, initial=initial, locked=board.locked)

    def new_entry_initial(self, board, query) -> dict:
        return {"expected_number": board.next_number}

    def counter_initial(self, hand) -> dict:
        return {}

    def entry_input(self, form):
        return ToyHandInput(**form.service_kwargs())

    def entry_errors(self, form, error):
        attach_errors(form, error)

    def quick_answer(self, board, hand) -> bool:
        return False

    def entry_hooks(self):
        return HOOKS

    # -- league results
    def result_rows(self, game, night) -> list:
        """Two sides of partners: the same league Result rows as partnership Pinochle (one per player)."""
        return partnership_rows(game, night)


TOY = register(ToyKind())
