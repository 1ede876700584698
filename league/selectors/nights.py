"""A club night's overview: rounds, tables, seated players, running totals, hands entered."""
from dataclasses import dataclass, field

from django.db.models import Count
from django.db.models.functions import Coalesce
from django.http import Http404

from league.games import kind_for
from league.models import CheckIn, Game, GameSeat, GameSide, Hand, HandStatus, Night, Player, Round, Table, Team
from league.models.game import SIDE_LABELS
from league.selectors.recent import side_names
from league.tables import url_pattern


@dataclass
class TableView:
    table: "TableRow"
    game: "GameRow | None"
    sides: list = field(default_factory=list)  # [(label, names, total, won)]

    @property
    def version(self) -> str:
        """Everything the table's card shows (its number, the game's link, hands,
        whether finished, each side's names, total and win): the card's
        ``{% cache %}`` key, so a card is drawn again when one of them changed."""
        game = self.game
        return repr((self.table.number, game and (game.public_id, game.hand_count, game.is_finished), self.sides))


@dataclass
class RoundView:
    round: "RoundRow"
    tables: list
    sitting_out: list


@dataclass
class NightOverview:
    night: Night
    rounds: list
    checkins: list
    hands_entered: int
    games_finished: int
    games: int
    waiting: int = 0


def night_get(club_slug, league_slug, season_id, night_id) -> Night:
    """The night with its season, league, club and rules (one query), or 404
    unless it is that club's league's season's: read by its id alone and the
    rest of the address compared on the row (filtering on the season, league
    and club slugs built three joins' lookups for the same answer)."""
    night = Night.objects.select_related("season__league__club", "season__league__rule_profile").filter(
        pk=night_id).first()
    if night is None or night.season_id != int(season_id) or night.season.league.slug != league_slug \
            or night.season.league.club.slug != club_slug:
        raise Http404
    return night


@dataclass
class RoundRow:
    """A round as the pages show it (``number``); not a model instance."""
    pk: int
    number: int


@dataclass
class TableRow:
    number: int


@dataclass
class GameRow:
    """A table's game as the round cards show it: its link, hands, whether finished."""
    pk: int
    public_id: str
    hand_count: int
    is_finished: bool
    url: str


@dataclass
class CheckInRow:
    """A check-in as the night page lists it: its id (the player's own link), who, and their name."""
    pk: int
    player_id: int | None
    team_id: int | None
    name: str


# The overview's six queries: plain rows (values_list), no model instances or prefetches.
def _rounds(night) -> list:
    return list(Round.objects.filter(night_id=night).order_by("number")
        .values_list("id", "number", "sitting_out"))


def _tables(night) -> list:
    return list(Table.objects.filter(round__night_id=night).order_by("number").values_list(
        "round_id", "number", "game__id", "game__public_id", "game__game_type", "game__hand_count", "game__status"))


def _seats(night) -> list:
    return list(GameSeat.objects.filter(game__table__round__night_id=night).order_by("seat")
        .values_list("game_id", "seat", "player__name"))


def _sides(night) -> list:
    return list(GameSide.objects.filter(game__table__round__night_id=night).order_by()
        .values_list("game_id", "side", "total", "won"))


def _checkins(night) -> list:
    return list(CheckIn.objects.filter(night_id=night).order_by("id")
        .values_list("id", "player_id", "team_id", Coalesce("player__name", "team__name")))
# one row (the night's) or none when no hand of the night's games is there to count
def _waiting(night) -> list:
    return list(Hand.objects.filter(game__table__round__night_id=night)
        .exclude(status=HandStatus.CONFIRMED).order_by().values("game__table__round__night_id")
        .annotate(waiting=Count("pk")).values_list("waiting", flat=True))


def night_overview(night: Night) -> NightOverview:
    """Everything the night page and the live board show, in six queries.

    Plain rows (``values_list``: no model instances, no prefetches) of six
    ORM queries and one ``reverse`` per game kind: building the rounds'
    tables, games, seats and sides as model instances was most of the night
    page's and the board's work.
    """
    fixed = night.season.league.is_fixed
    rounds = _rounds(night.pk)
    tables = _tables(night.pk)
    seats, sides = {}, {}
    for game_id, seat, name in _seats(night.pk):
        seats.setdefault(game_id, []).append((seat, name))
    for game_id, side, total, won in _sides(night.pk):
        sides.setdefault(game_id, []).append((side, total, won))
    checkins = [CheckInRow(*row) for row in _checkins(night.pk)]
    names = {c.team_id if fixed else c.player_id: c.name for c in checkins}
    by_round, urls = {pk: [] for pk, _n, _o in rounds}, {}
    hands = finished = games = 0
    for round_id, number, game_id, public_id, game_type, hand_count, status in tables:
        game = None
        view = TableView(table=TableRow(number), game=None)
        if game_id is not None:
            kind = kind_for(game_type)
            if game_type not in urls:
                urls[game_type] = url_pattern(kind.game_url, [])
            game = view.game = GameRow(game_id, public_id, hand_count, status == Game.Status.FINISHED,
                                       urls[game_type](public_id))
            games += 1
            hands += hand_count
            finished += game.is_finished
            seat_names = side_names(seats.get(game_id, []))
            for side, total, won in sorted(sides.get(game_id, [])):
                label = SIDE_LABELS[side] if kind.has_partners else ""
                view.sides.append((label, seat_names[side], total, won))
        by_round[round_id].append(view)
    views = [RoundView(RoundRow(pk, number), by_round[pk], [names.get(e, "?") for e in out])
             for pk, number, out in rounds]
    waiting = sum(_waiting(night.pk))
    return NightOverview(night, views, checkins, hands, finished, games, waiting)


def roster_names(night: Night) -> list:
    fixed = night.season.league.is_fixed
    if fixed:
        return list(Team.objects.filter(season=night.season).values_list("name", flat=True))
    return list(Player.objects.filter(club=night.season.league.club).values_list("name", flat=True))


WEEK = 7  # days between a club's nights when it has held one: the same weekday, a week on


def next_night_initial(season, today) -> dict:
    """What the new-night form starts with: a week after the season's last night
    (the same weekday, the first such day from ``today`` on) with its number of
    rounds; the first night: ``today`` (or the season's first day, if later).
    No date when that falls after the season's end. One query."""
    import datetime

    last = season.nights.order_by("-date").values_list("date", "rounds").first()
    if last is None:
        date, rounds = max(today, season.starts_on), 3
    else:
        date, rounds = last[0] + datetime.timedelta(days=WEEK), last[1]
        while date < today:
            date += datetime.timedelta(days=WEEK)
    initial = {"rounds": rounds}
    if date <= season.ends_on:
        initial["date"] = date
    return initial
