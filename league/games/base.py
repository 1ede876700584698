"""The hooks every game kind answers: what differs between the club's games.

A :class:`GameKind` is a stateless description of one game type (its seats,
sides and noun, its rules class, its pages and printed sheets, how a stored
game is re-derived and compared). Code outside ``league.games`` asks the
kind (``kind_of(game)`` or ``game.kind``) instead of comparing game-type
strings. Kinds register themselves (``league/games/registry.py``).

What every game must answer is abstract (``rules_class``, ``profile_form``, the
board, the entry and new-game forms, the entry input and hooks, the sheets, the
result rows): a kind that forgets one cannot be made. The Pinochle family's
shared answers are in ``league/games/pinochle/kind.py`` (``PinochleKind``); the
plain attributes below still default to Pinochle's wording and templates.
"""
import abc

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league import services
from league.exports_columns import STANDINGS_HEAD, STANDINGS_TAIL, per
from league.forms import attach_errors
from league.models import HandKind, LeagueFormat
from league.pdf import GameSheet
from league.services.entries import entry_confirm, entry_counter
from league.services.games import game_create
from league.services.trust import Actor
from league.services.workflow import entry_delete, entry_record, entry_update


# the hand form's values the meld counter carries back in the query
CARRIED = ("kind", "dealer", "meld_0", "meld_1", "meld_2", "trump", "bid", "bidder_seat",
           "tricks_0", "tricks_1", "tricks_2")


def carried(query) -> dict:
    """The values of a hand typed so far, as the meld counter sent them back."""
    return {key: query[key] for key in CARRIED if key in query}

class GameKind(abc.ABC):
    code: str = ""  # the GameType value stored on games and rule profiles
    site_order: int = 100  # where the site lists it among the kinds (registry.kinds())
    label = ""  # lazily translated game name
    seats: int = 4
    sides: int = 2
    has_partners: bool = True  # N–S against E–W
    individual: bool = False  # every player for themself: the individual league format
    pinochle_sheet: bool = True  # scored on the Pinochle hand sheet
    counts_highlights: bool = True  # its hands feed the night's highlights (bid, meld, tricks per side)
    counts_comeback: bool = True  # its running totals count for the season's biggest comeback
    recap_rounds: bool = False  # the night recap counts its entries as rummy rounds, apart from hands
    plays_to_hand_limit: bool = True  # a league night may set "hands per round"
    seat_letters: tuple = ("N", "E", "S", "W")
    side_labels: tuple = (_("N–S"), _("E–W"))
    # the noun of one entry, and its plural, for ngettext
    noun: str = "hand"
    entry_path: str = "hands"  # the URL segment of every kind's entries: /g/<id>/hands/<n>/
    noun_singular = _("hand")
    noun_plural = _("hands")
    entries_text = ngettext_lazy("%(n)d hand", "%(n)d hands", "n")
    playing_text = ngettext_lazy("playing: %(n)d hand", "playing: %(n)d hands", "n")
    # pages (URL names) and templates
    game_url: str = "league:game"  # every kind: the one game tree (league.urls)
    table_url: str = "league:table"
    standings_template: str = "league/_standings.html"
    rating_family: str = ""  # the ratings family it counts in (docs/ratings.md); "" = its own code
    blank_slug: str = ""  # the blank sheet's URL segment
    meld_query: str = ""  # what the meld counter's link adds for this game
    new_game_here: bool = True  # started from the Pinochle new-game page
    scan_caption = _("Scan to enter this table's hands")
    players_needed = _("A partnership game needs exactly four players.")
    short_label = _("Partnership")  # the kind's name in a list of links
    standard_rules_label = _("Standard (1500 · min 250 by 10)")  # the new-game form's "no profile" choice

    # -- pages (league.views.games: one set of views, configured by these) -------
    board_partial = "league/_pad.html"  # the game page's swappable part (htmx answers with it)
    board_id = "pad"  # the element holding it
    edit_partial = "league/_hand_edit.html"  # the entry edit page's form and what it shows around it
    delete_partial = ""  # extra lines on the entry delete page
    # the new-game page (one shell, league/game_new.html): its title, the line about
    # seating, the kind's own fields after the rule profile, anything after the form
    new_game_title = _("New game")
    seating_hint = _("Partners sit opposite: North with South, East with West. Pick a name or type a new one.")
    new_game_partial = "league/_new_pinochle.html"
    new_game_footer = ""
    stylesheets: tuple = ()
    urls: str = ""  # the dotted module of the kind's own pages' URL patterns (league.urls includes it), or ""
    scripts: tuple = ()
    add_anchor = "#pad"  # where a plain (non-htmx) add lands
    entry_anchor = ""  # where an edit or confirmation lands ("#deal-{n}")
    edit_title = _("Edit hand %(n)s")
    counter_title = _("Edit hand %(n)s")
    delete_title = _("Delete hand %(n)s?")
    delete_link = _("Delete this hand")
    delete_note = _("Later hands move up one number and every total and the winner are re-derived.")
    saved_text = _("Hand %(n)s saved")
    # The history page's before/after table (league/history.py): the fields of the
    # kind's audit snapshot, (key, label, how the value reads), for the entry and
    # for each side. Every kind declares its own; the base declares none, so a
    # kind that forgets them fails the test that every kind has them.
    history_fields: tuple = ()
    history_side_fields: tuple = ()

    def __repr__(self):
        return f"<{type(self).__name__} {self.code}>"

    def __str__(self):
        return str(self.label)

    def entries(self, n: int) -> str:
        """``"3 hands"`` / ``"1 deal"``, translated with the right plural."""
        return self.entries_text % {"n": n}

    def playing(self, n: int) -> str:
        """``"playing: 3 hands"``: a game under way on the night recap."""
        return self.playing_text % {"n": n}

    # -- rules ------------------------------------------------------------
    @abc.abstractmethod
    def rules_class(self):
        """The kind's rules class (``scoring``): ``from_dict``, ``as_dict``, its defaults."""

    @abc.abstractmethod
    def rules_summary(self, rules) -> str:
        """The rules in a line of plain words (profile lists, game pages, sheets: ``league.rules_text``)."""

    def rules_from(self, options):
        """The rules object of a profile's (or game's) stored options."""
        return self.rules_class().from_dict(options or {})

    def default_rules(self):
        return self.rules_class()()

    # -- forms and printing (imported when asked, so models never import them)
    @abc.abstractmethod
    def profile_form(self):
        """The rule profile form class (``league.profile_forms.make_profile_form``)."""

    @abc.abstractmethod
    def sheet_layout(self):
        """The table score sheet's :class:`league.pdf.table_sheets.SheetLayout` (in the game's ``sheets.py``)."""

    @abc.abstractmethod
    def blank_family(self):
        """The blank score sheet's :class:`league.pdf.blank.Family`."""

    # -- exports (league/exports_columns.py): plain ASCII, the same in every language
    export_results: bool = False  # games.csv reads its league Result rows (game points, spread...)

    def export_seat_letters(self) -> str:
        """The dealer and bidder of hands.csv: compass seats for partners, else 1, 2, 3."""
        return "NESW" if self.has_partners else "".join(str(i + 1) for i in range(self.seats))

    def export_side_labels(self) -> tuple:
        """The side of hands.csv, the winner and total columns of games.csv."""
        return ("N-S", "E-W") if self.has_partners else tuple(f"P{i + 1}" for i in range(self.sides))

    def export_side_seats(self, side: int) -> tuple:
        """The seats of a side: partners sit opposite (N+S, E+W); otherwise a side is one seat."""
        return (side, side + 2) if self.has_partners else (side,)

    def export_game_columns(self) -> list:
        """games.csv's own columns after the common ones: each side's total."""
        return [(f"{label} total", per("totals", i)) for i, label in enumerate(self.export_side_labels())]

    def export_hand_columns(self) -> list:
        """hands.csv's own columns after the common ones (one row per side of an entry)."""
        return []

    def export_standings_columns(self) -> list:
        """The standings CSV / XLSX columns of a league of this game."""
        return STANDINGS_HEAD + STANDINGS_TAIL

    # -- leagues ------------------------------------------------------------
    def league_errors(self, *, format, rule_profile) -> dict:
        """Errors of a league of this game with ``format`` (field -> messages)."""
        if format == LeagueFormat.INDIVIDUAL and not self.individual:
            return {"format": [_("The individual format is for cribbage and three-handed Pinochle; "
                                 "choose fixed partnerships or progressive.")]}
        return {}

    seats_odd_players_three_handed: bool = False  # a progressive league may seat its odd three cut-throat
    seats_threes: bool = False  # an individual league seats its players in tables of three (scoring.seating.seat_threes)

    def start_odd_table(self, *, league, players, by, first_dealer):
        """The game of a progressive league's table of odd players (``seats_odd_players_three_handed``)."""
        raise NotImplementedError(f"{self!r} seats no odd players' table")

    def start_league_game(self, *, club, players, rule_profile, by, first_dealer):
        """Start a league table's game with the league's profile."""
        return self.start_casual_game(club=club, players=players, rule_profile=rule_profile, by=by,
                                      first_dealer=first_dealer)

    def default_precedence(self):
        return None

    def hand_limit_error(self):
        """Why a league night of this game takes no "hands per round", or None."""
        return None

    # -- entries ----------------------------------------------------------------
    def start_casual_game(self, *, club, players, rule_profile, by, first_dealer=0):
        """Start a game outside a league (the kind's own new-game service)."""
        return game_create(club=club, players=players, rule_profile=rule_profile, by=by,
                           first_dealer=first_dealer, game_type=self.code)

    def record(self, *, game, by, entry: dict):
        """Record the next entry from plain data (as ``fixtures/demo.json`` keeps it)."""
        data = {k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()}
        return entry_record(game=game, by=by, inputs=self.entry_hooks().input_class(**data))

    # -- the entry pages' hooks ---------------------------------------------------
    @abc.abstractmethod
    def board(self, game, sides):
        """The game page's board of ``game`` read with its ``sides`` (league.selectors.boards)."""

    def link_actor(self, *, side, device):
        """Who writes through the table link: the phone of ``side`` (None until it says)."""
        return Actor(link=True, side=side, players=self.seats, device=device)

    @abc.abstractmethod
    def entry_form(self, board, data=None, *, initial=None):
        """The entry form of ``board``'s game (bound to ``data`` when given)."""

    @abc.abstractmethod
    def entry_form_class(self):
        """The entry form's class (its fields, for the API and the rendered-form tests)."""

    @abc.abstractmethod
    def new_entry_initial(self, board, query) -> dict:
        """The next entry's form: the dealer, the number it expects, values carried in ``query``."""

    @abc.abstractmethod
    def counter_initial(self, hand) -> dict:
        """The counter-proposal form's initial values for ``hand``."""

    @abc.abstractmethod
    def entry_input(self, form):
        """The entry a valid entry form holds, as the kind's input dataclass (a ``league.games.inputs.EntryInput`` defined in the game's folder)."""

    def record_entry(self, *, game, by, form):
        d = form.cleaned_data
        return entry_record(game=game, by=by, inputs=self.entry_input(form), expected_number=d.get("expected_number"),
                            reason=d.get("reason") or "")

    def update_entry(self, *, hand, by, form, version):
        return entry_update(hand=hand, by=by, expected_version=version, inputs=self.entry_input(form),
                            reason=form.cleaned_data.get("reason") or "")

    def counter_entry(self, *, hand, by, form):
        return entry_counter(hand=hand, by=by, inputs=self.entry_input(form))

    def confirm_entry(self, *, hand, by, reason):
        return entry_confirm(hand=hand, by=by, reason=reason)

    def delete_entry(self, *, hand, by, reason):
        entry_delete(hand=hand, by=by, reason=reason)

    def entry_errors(self, form, error):
        """Put a service's ``ValidationError`` under the form's fields."""
        attach_errors(form, error)

    def page_context(self, board) -> dict:
        """What the kind's board partial needs beyond the shared context."""
        return {}

    def edit_context(self, board, hand) -> dict:
        return {}

    def quick_answer(self, board, hand) -> bool:
        """May the htmx answer to ``hand`` swap in only the new row and totals? (No: the whole board.)"""
        return False

    @abc.abstractmethod
    def new_game_form(self, data, *, club):
        """The new-game page's form (``league/game_new.html``) for ``club``."""

    def start_from_form(self, form, *, club, by):
        """Start the game the new-game form describes (its players found or added)."""
        d = form.cleaned_data
        players = [services.player_get_or_create(club=club, name=d[f]) for f in form.SEAT_FIELDS]
        return self.start_casual_game(club=club, players=players, rule_profile=d["rule_profile"],
                                      first_dealer=d["first_dealer"], by=by)

    def sheet_pdf(self, board, *, url, paper, qr_label=None) -> tuple[bytes, str]:
        """The printed score sheet of a game's board and its file name (``qr_label``: the
        words under its QR code, "Scan for the game page" when None)."""
        return (GameSheet(board, url=url, paper=paper, qr_label=qr_label).render(),
                f"{self.sheet_file}-{board.game.public_id}.pdf")

    # -- the printed game sheet (league/pdf/game_sheet.py: one class, the layout from here)
    sheet_file = "score-sheet"  # the PDF's file name, before the game's public id

    @abc.abstractmethod
    def game_sheet_layout(self, board):
        """What the game's printed sheet holds: a :class:`league.pdf.game_sheet.SheetLayout`."""

    # -- entries: the one workflow's hooks (league.services.workflow; kindsvc) ---------
    @abc.abstractmethod
    def entry_hooks(self):
        """The :class:`~league.services.workflow.EntryHooks` of this kind's entries: how they
        are cleaned, stored, re-derived (``manage.py rescore`` too) and confirmed."""

    # -- stored games ------------------------------------------------------------
    @abc.abstractmethod
    def result_rows(self, game, night) -> list:
        """The league Result rows of a finished ``game`` (not saved)."""

    # -- events (docs/tournaments.md) ---------------------------------------------
    win_game_points: int = 1  # what a won game (and a qualifying bye) scores in an event's standings

    def time_called_limit(self, game, *, last_hand: bool) -> int | None:
        """An event's round clock: the hand limit that ends ``game`` when the director
        calls the last hand (``last_hand``: after the hand in play, one more than the
        hands played) or time (at the hands played; an all-passed redeal is not a hand
        played), so that the game's own hand-limit rule decides it
        (``scoring.ledger.run_game``: the higher total wins, level totals are a draw).
        None where the kind is not played to a hand limit (cribbage, the rummy-style
        game: their games are played out) or time is called before any hand."""
        if not self.plays_to_hand_limit:
            return None
        played = game.hands.exclude(kind=HandKind.PASSED).count() + int(last_hand)
        return played or None

    def event_outcome(self, game, totals: dict) -> dict:
        """A finished game's outcome per side for an event's standings:
        ``{side: (won, game points, spread)}`` from its stored ``totals`` (side -> total).
        A win scores :attr:`win_game_points`; the spread is the total minus the
        best other side's (at a table of three, the leader's or the runner-up's)."""
        out = {}
        for side, total in totals.items():
            won = game.winner_side == side
            out[side] = (won, self.win_game_points if won else 0, total - max(t for s, t in totals.items() if s != side))
        return out
