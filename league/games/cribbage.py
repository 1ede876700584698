"""Cribbage: two players, deals counted to 121 with skunk lines."""
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league.models.rules import GameType

from .base import GameKind


class CribbageKind(GameKind):
    code = GameType.CRIBBAGE
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
    noun = "deal"
    entry_path: str = "deals"  # the URL segment of its entries: <game page>deals/<n>/
    noun_singular = _("deal")
    noun_plural = _("deals")
    entries_text = ngettext_lazy("%(n)d deal", "%(n)d deals", "n")
    playing_text = ngettext_lazy("playing: %(n)d deal", "playing: %(n)d deals", "n")
    game_url = "league:cribbage_game"
    table_url = "league:cribbage_table"
    standings_template = "league/_cribbage_standings.html"
    blank_slug = "cribbage"
    short_label = _("Cribbage")
    players_needed = _("A cribbage game needs exactly two players.")
    new_game_here = False
    scan_caption = _("Scan to enter this table's deals")

    def rules_class(self):
        from scoring.cribbage import CribbageRules

        return CribbageRules

    def profile_form(self):
        from league.profile_forms import CribbageProfileForm

        return CribbageProfileForm

    def sheet_layout(self):
        from league.pdf.table_sheets import CRIBBAGE_LAYOUT

        return CRIBBAGE_LAYOUT

    def blank_family(self):
        from league.pdf.blank import CRIBBAGE_FAMILY

        return CRIBBAGE_FAMILY

    export_results = True

    def export_game_columns(self) -> list:
        from league.exports_columns import per

        own = [(f"{label} {name}", per(key, i)) for name, key in (
            ("game points", "game_points"), ("spread", "spread"), ("skunks given", "skunks"))
            for i, label in enumerate(self.export_side_labels())]
        return super().export_game_columns() + own

    def export_hand_columns(self) -> list:
        from league.exports_columns import field

        return [("starter", field("starter")), ("pegging", field("pegging")), ("hand points", field("show")),
                ("crib", field("crib"))]

    def export_standings_columns(self) -> list:
        from operator import attrgetter

        from league.exports_columns import STANDINGS_HEAD, STANDINGS_TAIL

        return STANDINGS_HEAD + STANDINGS_TAIL + [
            (name, attrgetter(f"row.{key}")) for name, key in (
                ("game points", "game_points"), ("spread", "spread"), ("skunks given", "skunks_given"),
                ("skunks taken", "skunks_taken"))]

    def league_errors(self, *, format, rule_profile) -> dict:
        from league.models import LeagueFormat

        if format != LeagueFormat.INDIVIDUAL:
            return {"format": [_("Cribbage is played one against one: choose the individual format.")]}
        return {}

    def default_precedence(self):
        from league.services.cribbage import DEFAULT_CRIBBAGE_PRECEDENCE

        return DEFAULT_CRIBBAGE_PRECEDENCE

    def start_league_game(self, *, club, players, rule_profile, by, first_dealer):
        from league.services.cribbage import cribbage_game_create

        return cribbage_game_create(club=club, players=players, rule_profile=rule_profile, by=by,
                                    first_dealer=first_dealer)

    def start_casual_game(self, *, club, players, rule_profile, by, first_dealer=0):
        from league.services.cribbage import cribbage_game_create

        return cribbage_game_create(club=club, players=players, rule_profile=rule_profile, by=by,
                                    first_dealer=first_dealer)

    def record(self, *, game, by, entry: dict):
        from league.services.cribbage import deal_record

        data = {k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()}
        return deal_record(game=game, by=by, **data)

    def hand_limit_error(self):
        return _("Cribbage games are played to the target; leave hands per round empty.")

    def differences(self, game) -> list[str]:
        from league.services.cribbage import cribbage_differences

        return cribbage_differences(game)

    def rescore(self, game) -> None:
        from league.services.cribbage import cribbage_rescore

        cribbage_rescore(game)

    def result_rows(self, game, night) -> list:
        from league.services.cribbage_results import cribbage_result_rows

        return cribbage_result_rows(game, night)
