"""Partnership Pinochle: four players, N–S against E–W, hands bid and played."""
from django.utils.translation import gettext_lazy as _

from dataclasses import fields

from league.models.rules import GameType
from league.profile_forms import make_profile_form
from scoring.pinochle import DoubleDeckRules, PinochleRules
from scoring.pinochle.double_deck import FLAGS as DOUBLE_DECK_FLAGS
from scoring.pinochle.rules import CHOICES, FLAGS, THREE_HANDED as THREE_HANDED_ONLY

from .base import GameKind
from .registry import register

# Partnership Pinochle profiles: the three-handed options belong to that game.
PARTNERSHIP_OPTIONS = [f.name for f in fields(PinochleRules) if f.name not in THREE_HANDED_ONLY]
RuleProfileForm = make_profile_form("RuleProfileForm", PinochleRules, GameType.PARTNERSHIP,
                                    PARTNERSHIP_OPTIONS, CHOICES, FLAGS)
# Three-handed (docs/rules.md, three-handed): every partnership option plus the settlement and
# spades double; ``players`` is fixed at 3 and the bid-value table keeps its
# stored (or default) bands.
THREE_HANDED_OPTIONS = PARTNERSHIP_OPTIONS + ["settlement", "spades_double", "game_stake", "set_stake",
                                              "stakes_method"]
ThreeHandedProfileForm = make_profile_form("ThreeHandedProfileForm", PinochleRules, GameType.THREE_HANDED,
                                           THREE_HANDED_OPTIONS, CHOICES, FLAGS, fixed={"players": 3},
                                           zero_allowed=("game_stake", "set_stake"))
DoubleDeckProfileForm = make_profile_form("DoubleDeckProfileForm", DoubleDeckRules, GameType.DOUBLE_DECK,
                                          [f.name for f in fields(DoubleDeckRules)], CHOICES, DOUBLE_DECK_FLAGS)


class PartnershipKind(GameKind):
    code = GameType.PARTNERSHIP
    site_order = 10
    label = GameType.PARTNERSHIP.label
    blank_slug = "partnership"
    seats_odd_players_three_handed = True
    history_fields = (
        ("kind", _("Hand"), "hand_kind"),
        ("dealer", _("Dealer"), "seat"),
        ("bidder_seat", _("Bidder"), "seat"),
        ("bid", _("Bid"), "number"),
        ("trump", _("Trump"), "suit"),
        ("made", _("Bid made"), "flag"),
        ("renege_side", _("Renege by"), "side"),
    )
    history_side_fields = (
        ("meld", _("Meld"), "number"),
        ("tricks", _("Tricks"), "number"),
        ("took_trick", _("Took a trick"), "flag"),
        ("delta", _("Points"), "number"),
        ("total", _("Total"), "number"),
    )

    def rules_class(self):
        return PinochleRules

    def profile_form(self):
        return RuleProfileForm

    def sheet_layout(self):
        from league.pdf.table_sheets import PARTNERSHIP_LAYOUT

        return PARTNERSHIP_LAYOUT

    def blank_family(self):
        from league.pdf.blank import PARTNERSHIP_FAMILY

        return PARTNERSHIP_FAMILY

    def export_hand_columns(self) -> list:
        from league.exports_columns import field, flag, seat

        return [("bidder", seat(self, "bidder_seat")), ("bid", field("bid")), ("trump", field("trump")),
                ("made", flag("made")), ("meld", field("meld")), ("tricks", field("tricks")),
                ("counted meld", field("counted_meld")), ("counted tricks", field("counted_tricks"))]

    def export_standings_columns(self) -> list:
        from league.exports_columns import STANDINGS_BIDS, STANDINGS_HEAD, STANDINGS_TAIL

        return STANDINGS_HEAD + STANDINGS_BIDS + STANDINGS_TAIL

    def start_odd_table(self, *, league, players, by, first_dealer):
        """A progressive league's table of three odd players: a three-handed game with
        the league profile's choices and ``players=3`` (cut-throat, docs/rules.md)."""
        from django.core.exceptions import ValidationError

        from league.i18n import render
        from league.services.games import game_create
        from scoring.errors import ScoringError

        try:
            rules = THREE_HANDED.rules_from(league.rule_profile.options)
        except ScoringError as e:
            raise ValidationError({"odd_players": [render(e.message)]}) from e
        return game_create(club=league.club, players=players, rules=rules, by=by, first_dealer=first_dealer,
                           game_type=THREE_HANDED.code)


class DoubleDeckKind(PartnershipKind):
    """Double-deck Pinochle: 80 cards, 50 trick points, partners as in partnership."""

    code = GameType.DOUBLE_DECK
    site_order = 40
    rating_family = "partnership"  # rated with partnership Pinochle (docs/ratings.md)
    label = GameType.DOUBLE_DECK.label
    blank_slug = "double_deck"
    short_label = _("Double-deck")
    seats_odd_players_three_handed = False
    players_needed = _("A double-deck game needs exactly four players.")
    standard_rules_label = _("Standard double-deck (500 · min 50)")
    meld_query = "&deck=double"

    def rules_class(self):
        return DoubleDeckRules

    def profile_form(self):
        return DoubleDeckProfileForm

    def sheet_layout(self):
        from league.pdf.table_sheets import DOUBLE_DECK_LAYOUT

        return DOUBLE_DECK_LAYOUT

    def blank_family(self):
        from league.pdf.blank import DOUBLE_DECK_FAMILY

        return DOUBLE_DECK_FAMILY


class ThreeHandedKind(PartnershipKind):
    """Three-handed (cut-throat) Pinochle: every player a side of their own."""

    code = GameType.THREE_HANDED
    site_order = 20
    label = GameType.THREE_HANDED.label
    seats = 3
    sides = 3
    has_partners = False
    individual = True
    seat_letters = ("1", "2", "3")
    side_labels = ("1", "2", "3")
    blank_slug = "three-handed"
    short_label = _("Three-handed")
    players_needed = _("A three-handed game needs exactly three players.")
    standard_rules_label = _("Standard cut-throat (1500 · min 250 by 10)")
    meld_query = "&hands=1"
    seating_hint = _("Three players, each on their own; the high bidder plays alone against the other two. Pick a name or type a new one.")

    def rules_from(self, options):
        return self.rules_class().from_dict({**(options or {}), "players": 3})

    def default_rules(self):
        return self.rules_class()(players=3)

    def profile_form(self):
        return ThreeHandedProfileForm

    def sheet_layout(self):
        from league.pdf.table_sheets import THREE_HANDED_LAYOUT

        return THREE_HANDED_LAYOUT

    def blank_family(self):
        from league.pdf.blank import THREE_HANDED_FAMILY

        return THREE_HANDED_FAMILY

    def league_errors(self, *, format, rule_profile) -> dict:
        from league.models import LeagueFormat

        errors = {}
        if format != LeagueFormat.INDIVIDUAL:
            errors["format"] = [_("Three-handed Pinochle is every player for themself: choose the individual format.")]
        if (rule_profile.options or {}).get("settlement") == "auction":
            errors["rule_profile"] = [_("A league ranks cut-throat games; auction settlement is paid out in units "
                                        "per sitting. Choose a cut-throat three-handed profile.")]
        return errors

    def result_rows(self, game, night) -> list:
        from league.services.results import cutthroat_rows

        return cutthroat_rows(game, night)


PARTNERSHIP = register(PartnershipKind())
THREE_HANDED = register(ThreeHandedKind())
DOUBLE_DECK = register(DoubleDeckKind())
