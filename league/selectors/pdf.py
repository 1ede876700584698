"""Reads for the printable PDFs. A game's score sheet reads the same
:func:`league.selectors.boards.load_board` as the game page (four queries);
the night's table sheets and recap and the season report read in a fixed
number of queries whatever the night's or season's size."""
from dataclasses import dataclass

from django.db.models import Count, F, Prefetch, Q
from django.shortcuts import get_object_or_404

from league.models import (
    CheckIn, Club, GameSeat, GameSide, Hand, HandKind, HandStatus, Night, Season, Table,
)
from league.games import kinds
from league.selectors.nights import night_get
from league.selectors.awards import award_lines, season_award_lines, season_rows
from league.selectors.season_charts import night_race, season_race
from league.selectors.standings import Standings, season_get, standings


def club_name_for_print(slug: str | None) -> str:
    """The name printed on a blank sheet: the club's, when ``slug`` names one (one query)."""
    if not slug:
        return ""
    return get_object_or_404(Club.objects.only("name"), slug=slug).name


# -- league night and season documents ------------------------------------------
def night_for_print(club_slug: str, league_slug: str, season_id: int, night_id: int) -> Night:
    """The night with its season, league, club and rule profile (one query)."""
    return night_get(club_slug, league_slug, season_id, night_id)


def _night_tables(night: Night):
    return (
        Table.objects.filter(round__night=night)
        .select_related("round", "game__rule_profile")
        .order_by("round__number", "number")
        .prefetch_related(
            Prefetch("game__seats", queryset=GameSeat.objects.select_related("player").order_by("seat")),
            Prefetch("game__sides", queryset=GameSide.objects.select_related("team").order_by("side")),
        )
    )


def night_tables_for_print(night: Night, round_number: int | None = None) -> list[Table]:
    """The night's tables (one round's, or every round's) in round and table
    order, each with its game, seats and players, and sides with their teams:
    three queries whatever the night's size. Tables without a game are left out."""
    tables = _night_tables(night)
    if round_number is not None:
        tables = tables.filter(round__number=round_number)
    return [t for t in tables if getattr(t, "game", None) is not None]


@dataclass(frozen=True)
class Highlight:
    """One of the night's best stored numbers: its value, the players it
    belongs to, and where (round, table, hand; ``None`` for a night's count)."""

    value: int
    names: tuple[str, ...]
    round: int | None = None
    table: int | None = None
    hand: int | None = None


@dataclass
class NightRecapData:
    night: Night
    tables: list  # Table, with .game (seats, sides) prefetched
    sitting_out: dict  # round number -> [names]
    standings: Standings
    highest_hand: Highlight | None
    biggest_meld: Highlight | None
    most_bids: Highlight | None
    hands: int  # confirmed Pinochle hands (partnership, double-deck, three-handed)
    rummy_rounds: int = 0  # confirmed rounds of rummy games: not Pinochle hands, left out of the highlights
    race: object = None  # tonight's race chart (league.chart_data.Chart), None before a result
    awards: list = None  # the season's awards up to tonight (league.selectors.awards.AwardLine)


def pinochle_hands() -> tuple[str, ...]:
    """The games whose hands the highlights read: bid, meld and tricks per side.
    Cribbage deals and rummy rounds score differently and are left out."""
    return tuple(str(k.code) for k in kinds() if k.counts_highlights)


def recap_rounds() -> tuple[str, ...]:
    """The games whose entries the recap counts as rummy rounds."""
    return tuple(str(k.code) for k in kinds() if k.recap_rounds)


def _side_highlight(rows, field: str, games: dict, night) -> Highlight | None:
    """The side row with the largest ``field`` (earliest round, table, hand on a
    tie) among the night's confirmed Pinochle hands, from the season's hand rows
    (``league.selectors.awards.season_rows``: no query here). Its names are the
    side's partners, or at a table of three the one player."""
    hands = pinochle_hands()
    tonight = [r for r in rows if r["night_id"] == night.pk and r["game_type"] in hands]
    if not tonight:
        return None
    best = min(tonight, key=lambda r: (-r[field], r["round_no"], r["table_no"], r["number"], r["side"]))
    if best[field] <= 0:
        return None
    game = games.get(best["game_id"])
    names = ()
    if game is not None:
        of_side = (lambda seat: seat % 2) if game.has_partners else (lambda seat: seat)
        names = tuple(s.player.name for s in game.seats.all() if of_side(s.seat) == best["side"])
    return Highlight(best[field], names, best["round_no"], best["table_no"], best["number"])


def night_recap_for_print(night: Night) -> NightRecapData:
    """Everything the night recap prints, in ten queries whatever the night's
    size: tables with games, seats and sides (3), check-ins for the names of
    who sat out (1), the night's standings (2), the hand and rummy round counts
    (1), the most bids made (1), and the season's hand and result rows up to
    tonight (2: the season awards, tonight's race, the highest hand and the
    biggest meld)."""
    tables = night_tables_for_print(night)
    games = {t.game.pk: t.game for t in tables}
    fixed = night.season.league.is_fixed
    names = {
        (c.team_id if fixed else c.player_id): (c.team or c.player).name
        for c in CheckIn.objects.filter(night=night).select_related("player", "team")
    }
    sitting_out = {}
    for table in tables:
        rnd = table.round
        if rnd.sitting_out and rnd.number not in sitting_out:
            sitting_out[rnd.number] = [names.get(e, "?") for e in rnd.sitting_out]
    confirmed = Hand.objects.filter(game__table__round__night=night, status=HandStatus.CONFIRMED)
    counts = confirmed.aggregate(
        hands=Count("pk", filter=Q(game__game_type__in=pinochle_hands())),
        rummy_rounds=Count("pk", filter=Q(game__game_type__in=recap_rounds())),
    )
    season = season_rows(night.season, until=night.date)  # the awards' rows: tonight's race and highlights too
    bidders = (
        GameSeat.objects.filter(game__table__round__night=night, game__game_type__in=pinochle_hands())
        .values("player_id", "player__name")
        .annotate(made=Count("game__hands", filter=Q(
            game__hands__bidder_seat=F("seat"), game__hands__made=True,
            game__hands__status=HandStatus.CONFIRMED,
        ) & ~Q(game__hands__kind=HandKind.PASSED)))
        .filter(made__gt=0)
        .order_by("-made", "player__name")
    )
    bidders = list(bidders)
    most = None
    if bidders:
        top = bidders[0]["made"]
        most = Highlight(top, tuple(b["player__name"] for b in bidders if b["made"] == top))
    tonight = standings(night.season, night=night)
    return NightRecapData(
        night=night, tables=tables, sitting_out=sitting_out,
        standings=tonight, race=night_race(night, tonight.rows, season.results),
        awards=award_lines(season),
        highest_hand=_side_highlight(season.hands, "delta", games, night),
        biggest_meld=_side_highlight(season.hands, "counted_meld", games, night),
        most_bids=most,
        hands=counts["hands"],
        rummy_rounds=counts["rummy_rounds"],
    )


def season_for_print(club_slug: str, league_slug: str, season_id: int) -> Season:
    """The season with its league and club (one query)."""
    return season_get(club_slug, league_slug, season_id)


@dataclass
class SeasonReportData:
    season: Season
    standings: Standings
    nights_played: int
    race: object = None  # the season race chart (league.chart_data.Chart), None before a result
    awards: list = None  # the season's awards (league.selectors.awards.AwardLine)


def season_report_for_print(season: Season) -> SeasonReportData:
    """The season's standings, how many nights have results, the race chart and the awards: nine queries."""
    played = Night.objects.filter(season=season, results__isnull=False).distinct().count()
    ranked = standings(season)
    race = season_race(season, ranked.rows, every_night=True)
    return SeasonReportData(season=season, standings=ranked, nights_played=played, race=race,
                            awards=season_award_lines(season))
