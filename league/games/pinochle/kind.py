"""The Pinochle family: partnership, three-handed and double-deck Pinochle (one PinochleKind base)."""
from dataclasses import fields

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from league.exports_columns import STANDINGS_BIDS, STANDINGS_HEAD, STANDINGS_TAIL, field, flag, seat
from league.games.base import GameKind, carried
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.games.registry import register
from league.i18n import render
from league.models import LeagueFormat
from league.models.rules import GameType
from league.pdf.blank import DOUBLE_DECK_FAMILY, PARTNERSHIP_FAMILY, THREE_HANDED_FAMILY
from league.profile_forms import make_profile_form
from league.selectors.games import sheet_for
from league.services.games import game_create
from league.services.results import cutthroat_rows, partnership_rows
from scoring.errors import ScoringError
from scoring.pinochle import DoubleDeckRules, PinochleRules
from scoring.pinochle.double_deck import FLAGS as DOUBLE_DECK_FLAGS
from scoring.pinochle.rules import CHOICES, FLAGS, THREE_HANDED as THREE_HANDED_ONLY

from .entries import HAND_HOOKS
from .forms import HandForm, NewGameForm
from .hand_inputs import engine_hand, stored_inputs
from .profile_labels import CHOICE_LABELS, LABELS
from .rules_text import double_deck_summary, pinochle_rules_summary
from .sheets import DOUBLE_DECK_LAYOUT, PARTNERSHIP_LAYOUT, THREE_HANDED_LAYOUT, pinochle_layout

# Partnership Pinochle profiles: the three-handed options belong to that game.
PARTNERSHIP_OPTIONS = [f.name for f in fields(PinochleRules) if f.name not in THREE_HANDED_ONLY]
RuleProfileForm = make_profile_form("RuleProfileForm", PinochleRules, GameType.PARTNERSHIP,
                                    PARTNERSHIP_OPTIONS, CHOICES, FLAGS, labels=LABELS,
                                    choice_labels=CHOICE_LABELS)
# Three-handed (docs/rules.md, three-handed): every partnership option plus the settlement and
# spades double; ``players`` is fixed at 3 and the bid-value table keeps its
# stored (or default) bands.
THREE_HANDED_OPTIONS = PARTNERSHIP_OPTIONS + ["settlement", "spades_double", "game_stake", "set_stake",
                                              "stakes_method"]
ThreeHandedProfileForm = make_profile_form("ThreeHandedProfileForm", PinochleRules, GameType.THREE_HANDED,
                                           THREE_HANDED_OPTIONS, CHOICES, FLAGS, fixed={"players": 3},
                                           zero_allowed=("game_stake", "set_stake"), labels=LABELS,
                                           choice_labels=CHOICE_LABELS)
DoubleDeckProfileForm = make_profile_form("DoubleDeckProfileForm", DoubleDeckRules, GameType.DOUBLE_DECK,
                                          [f.name for f in fields(DoubleDeckRules)], CHOICES, DOUBLE_DECK_FLAGS,
                                          labels=LABELS, choice_labels=CHOICE_LABELS)


class PinochleKind(GameKind):
    """What the Pinochle family (partnership, three-handed, double-deck) shares: the
    hand and its form, the hand sheet, the entry hooks, the history and export columns.
    Each member still says its own rules, profile form and printed sheets."""

    urls = "league.games.pinochle.urls"  # the meld counter (meld.py)

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

    def rules_summary(self, rules) -> str:
        return pinochle_rules_summary(rules)

    def export_hand_columns(self) -> list:
        return [("bidder", seat(self, "bidder_seat")), ("bid", field("bid")), ("trump", field("trump")),
                ("made", flag("made")), ("meld", field("meld")), ("tricks", field("tricks")),
                ("counted meld", field("counted_meld")), ("counted tricks", field("counted_tricks"))]

    def export_standings_columns(self) -> list:
        return STANDINGS_HEAD + STANDINGS_BIDS + STANDINGS_TAIL

    def board(self, game, sides):
        return sheet_for(game, sides)

    def entry_form(self, board, data=None, *, initial=None):
        return HandForm(data, sheet=board, initial=initial, locked=board.locked)

    def entry_form_class(self):
        return HandForm

    def new_entry_initial(self, board, query) -> dict:
        """The next hand's form: the dealer, the number it expects, values carried in the query (the meld counter's)."""
        initial = {"dealer": board.next_dealer, "kind": "played", "expected_number": board.game.hand_count + 1}
        return initial | carried(query)

    def counter_initial(self, hand) -> dict:
        return {"dealer": hand.dealer, "kind": "played"}

    def entry_input(self, form):
        return PinochleHandInput(**form.service_kwargs())

    def quick_answer(self, board, hand) -> bool:
        """The htmx answer swaps in only the new row and totals, but for a first, auction or finishing hand."""
        return not (board.game.is_finished or board.auction or hand.number == 1 or hand.status != "confirmed")

    def new_game_form(self, data, *, club):
        return NewGameForm(data, club=club, kind=self)

    def game_sheet_layout(self, board):
        return pinochle_layout(board)

    def entry_hooks(self):
        return HAND_HOOKS

    def result_rows(self, game, night) -> list:
        return partnership_rows(game, night)

    def engine_hands(self, hands, players: int) -> list:
        """Stored hands as ``scoring.pinochle.PinochleHand`` (the three-handed stakes read them)."""
        return [engine_hand(stored_inputs(hand), players) for hand in hands]


class PartnershipKind(PinochleKind):
    """Partnership Pinochle: four players, N–S against E–W, hands bid and played."""

    code = GameType.PARTNERSHIP
    site_order = 10
    label = GameType.PARTNERSHIP.label
    blank_slug = "partnership"
    seats_odd_players_three_handed = True

    def rules_class(self):
        return PinochleRules

    def profile_form(self):
        return RuleProfileForm

    def sheet_layout(self):
        return PARTNERSHIP_LAYOUT

    def blank_family(self):
        return PARTNERSHIP_FAMILY

    def start_odd_table(self, *, league, players, by, first_dealer):
        """A progressive league's table of three odd players: a three-handed game with
        the league profile's choices and ``players=3`` (cut-throat, docs/rules.md)."""
        try:
            rules = THREE_HANDED.rules_from(league.rule_profile.options)
        except ScoringError as e:
            raise ValidationError({"odd_players": [render(e.message)]}) from e
        return game_create(club=league.club, players=players, rules=rules, by=by, first_dealer=first_dealer,
                           game_type=THREE_HANDED.code)


class DoubleDeckKind(PinochleKind):
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

    def rules_summary(self, rules) -> str:
        return double_deck_summary(rules)

    def profile_form(self):
        return DoubleDeckProfileForm

    def sheet_layout(self):
        return DOUBLE_DECK_LAYOUT

    def blank_family(self):
        return DOUBLE_DECK_FAMILY


class ThreeHandedKind(PinochleKind):
    """Three-handed (cut-throat) Pinochle: every player a side of their own."""

    code = GameType.THREE_HANDED
    site_order = 20
    label = GameType.THREE_HANDED.label
    seats = 3
    sides = 3
    has_partners = False
    individual = True
    seats_threes = True
    seat_letters = ("1", "2", "3")
    side_labels = ("1", "2", "3")
    blank_slug = "three-handed"
    short_label = _("Three-handed")
    players_needed = _("A three-handed game needs exactly three players.")
    standard_rules_label = _("Standard cut-throat (1500 · min 250 by 10)")
    meld_query = "&hands=1"
    seating_hint = _("Three players, each on their own; the high bidder plays alone against the other two. Pick a name or type a new one.")

    def rules_class(self):
        return PinochleRules

    def rules_from(self, options):
        return self.rules_class().from_dict({**(options or {}), "players": 3})

    def default_rules(self):
        return self.rules_class()(players=3)

    def profile_form(self):
        return ThreeHandedProfileForm

    def sheet_layout(self):
        return THREE_HANDED_LAYOUT

    def blank_family(self):
        return THREE_HANDED_FAMILY

    def league_errors(self, *, format, rule_profile) -> dict:
        errors = {}
        if format != LeagueFormat.INDIVIDUAL:
            errors["format"] = [_("Three-handed Pinochle is every player for themself: choose the individual format.")]
        if (rule_profile.options or {}).get("settlement") == "auction":
            errors["rule_profile"] = [_("A league ranks cut-throat games; auction settlement is paid out in units "
                                        "per sitting. Choose a cut-throat three-handed profile.")]
        return errors

    def result_rows(self, game, night) -> list:
        return cutthroat_rows(game, night)


PARTNERSHIP = register(PartnershipKind())
THREE_HANDED = register(ThreeHandedKind())
DOUBLE_DECK = register(DoubleDeckKind())
