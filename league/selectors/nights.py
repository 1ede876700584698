"""A club night's overview: rounds, tables, seated players, running totals, hands entered."""
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404

from league.models import CheckIn, Game, GameSeat, Hand, HandStatus, Night, Player, Round, Table, Team


@dataclass
class TableView:
    table: Table
    game: Game | None
    sides: list = field(default_factory=list)  # [(label, names, total, won)]


@dataclass
class RoundView:
    round: Round
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


def night_overview(night: Night) -> NightOverview:
    """Everything the night page and the live board show, in seven queries."""
    fixed = night.season.league.is_fixed
    rounds = list(
        Round.objects.filter(night=night).order_by("number").prefetch_related(
            Prefetch("tables", queryset=Table.objects.order_by("number").select_related("game")),
            Prefetch("tables__game__seats", queryset=GameSeat.objects.select_related("player").order_by("seat")),
            "tables__game__sides",
        )
    )
    checkins = list(CheckIn.objects.filter(night=night).select_related("player", "team"))
    names = {c.team_id if fixed else c.player_id: (c.team or c.player).name for c in checkins}
    views, hands, finished, games = [], 0, 0, 0
    for rnd in rounds:
        tables = []
        for table in rnd.tables.all():
            game = getattr(table, "game", None)
            view = TableView(table=table, game=game)
            if game is not None:
                games += 1
                hands += game.hand_count
                finished += game.is_finished
                seat_names = game.side_player_names()
                for side in sorted(game.sides.all(), key=lambda s: s.side):
                    label = side.label if game.has_partners else ""
                    view.sides.append((label, seat_names[side.side], side.total, side.won))
            tables.append(view)
        views.append(RoundView(rnd, tables, [names.get(e, "?") for e in rnd.sitting_out]))
    waiting = Hand.objects.filter(game__table__round__night=night).exclude(status=HandStatus.CONFIRMED).count()
    return NightOverview(night, views, checkins, hands, finished, games, waiting)


def roster_names(night: Night) -> list:
    fixed = night.season.league.is_fixed
    if fixed:
        return list(Team.objects.filter(season=night.season).values_list("name", flat=True))
    return list(Player.objects.filter(club=night.season.league.club).values_list("name", flat=True))
