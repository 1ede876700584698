"""Rummy-style Pinochle: two teams of two, rounds of melds with wild cards."""
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league.models.rules import GameType

from .base import GameKind


class RummyKind(GameKind):
    code = GameType.RUMMY
    label = GameType.RUMMY.label
    pinochle_sheet = False
    counts_highlights = False
    recap_rounds = True
    plays_to_hand_limit = False
    noun = "round"
    entry_path: str = "rounds"  # the URL segment of its entries: <game page>rounds/<n>/
    noun_singular = _("round")
    noun_plural = _("rounds")
    entries_text = ngettext_lazy("%(n)d round", "%(n)d rounds", "n")
    playing_text = ngettext_lazy("playing: %(n)d round", "playing: %(n)d rounds", "n")
    game_url = "league:rummy_game"
    table_url = "league:rummy_table"
    blank_slug = "rummy"
    short_label = _("Rummy")
    players_needed = _("A rummy game needs exactly four players.")
    new_game_here = False
    scan_caption = _("Scan to enter this table's rounds")

    def rules_class(self):
        from scoring.rummy import RummyRules

        return RummyRules

    def profile_form(self):
        from league.profile_forms import RummyProfileForm

        return RummyProfileForm

    def sheet_layout(self):
        from league.pdf.table_sheets import RUMMY_LAYOUT

        return RUMMY_LAYOUT

    def blank_family(self):
        from league.pdf.blank import RUMMY_FAMILY

        return RUMMY_FAMILY

    def export_hand_columns(self) -> list:
        from league.exports_columns import detail, field

        inputs = ("melds_on_table", "clean_runs", "semi_clean_runs", "dirty_runs", "cards_left", "penalties",
                  "going_out", "folded_hand", "without_wilds", "first_meld")
        return [(name.replace("_", " "), detail(name)) for name in inputs] + [("counted meld", field("counted_meld"))]

    def start_league_game(self, *, club, players, rule_profile, by, first_dealer):
        from league.services.rummy import rummy_game_create

        return rummy_game_create(club=club, players=players, rules=rule_profile.rules(), by=by,
                                 first_dealer=first_dealer)

    def start_casual_game(self, *, club, players, rule_profile, by, first_dealer=0):
        from league.services.rummy import rummy_game_create

        return rummy_game_create(club=club, players=players, by=by, first_dealer=first_dealer,
                                 rules=rule_profile.rules() if rule_profile is not None else None)

    def record(self, *, game, by, entry: dict):
        from league.services.rummy import round_record

        return round_record(game=game, by=by, teams=entry["teams"])

    def hand_limit_error(self):
        return _("Rummy games end at the target or after the profile's rounds; leave hands per round empty.")

    def differences(self, game) -> list[str]:
        from league.services.rummy import rummy_differences

        return rummy_differences(game)

    def rescore(self, game) -> None:
        from league.services.rummy import rummy_rescore

        rummy_rescore(game)
