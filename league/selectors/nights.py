"""A club night's overview: rounds, tables, seated players, running totals, hands entered."""
from dataclasses import dataclass, field

from django.shortcuts import get_object_or_404

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
    return get_object_or_404(
        Night.objects.select_related("season__league__club", "season__league__rule_profile"),
        pk=night_id, season_id=season_id, season__league__slug=league_slug,
        season__league__club__slug=club_slug,
    )


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


def night_overview(night: Night) -> NightOverview:
    """Everything the night page and the live board show, in six queries.

    Plain rows from ``values()`` (no model instances, no prefetches) and one
    ``reverse`` per game kind: building the rounds' tables, games, seats and
    sides as model instances was most of the night page's and the board's work.
    """
    fixed = night.season.league.is_fixed
    rounds = list(Round.objects.filter(night=night).order_by("number").values_list("id", "number", "sitting_out"))
    in_night = {"game__table__round__night": night}
    tables = Table.objects.filter(round__night=night).order_by("number").values_list(
        "round_id", "number", "game__id", "game__public_id", "game__game_type", "game__hand_count", "game__status")
    seats, sides = {}, {}
    for game_id, seat, name in GameSeat.objects.filter(**in_night).order_by("seat").values_list(
            "game_id", "seat", "player__name"):
        seats.setdefault(game_id, []).append((seat, name))
    for game_id, side, total, won in GameSide.objects.filter(**in_night).values_list("game_id", "side", "total", "won"):
        sides.setdefault(game_id, []).append((side, total, won))
    checkins = list(CheckIn.objects.filter(night=night).select_related("player", "team"))
    names = {c.team_id if fixed else c.player_id: (c.team or c.player).name for c in checkins}
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
    waiting = Hand.objects.filter(game__table__round__night=night).exclude(status=HandStatus.CONFIRMED).count()
    return NightOverview(night, views, checkins, hands, finished, games, waiting)


def roster_names(night: Night) -> list:
    fixed = night.season.league.is_fixed
    if fixed:
        return list(Team.objects.filter(season=night.season).values_list("name", flat=True))
    return list(Player.objects.filter(club=night.season.league.club).values_list("name", flat=True))
