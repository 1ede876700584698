"""Season awards (``scoring.awards``) from the stored numbers of a season, up to a night.

The season's awards (:func:`season_award_lines`) read the figures kept at
write time (``league.services.figures``): each finished game's highest
hand, best bid made and comeback, and each entrant's bids made, longest
winning run and the games that ended them. Three queries, each reading a
few rows whatever the number of nights.

Up to a night (the night recap), two queries (:func:`season_rows`): the
confirmed hands' side rows (highest hand, best bid made, comebacks) and the
stored results of finished games (which games count, who played on which
side, most bids made, longest winning run), folded by
:func:`award_lines`; the recap reads tonight's race and highlights from
the same rows. Both give the same awards for the whole season (tested).
Pinochle hands count for the hand awards; a cribbage game's running totals
count for the comeback too (docs/ratings.md §Awards).
"""
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.games import kind_for
from league.models import Figures, Game, GameFigures, HandSide, HandStatus, Night, Result
from league.services.figures import bidder_side, comeback_types, highlight_types, figures_rebuild, game_order
from scoring.awards import Award, FinishedGame, HandScore, first_max, most_bids, season_awards, winning_run

LABELS = {
    "highest_hand": gettext_lazy("Highest hand"), "best_bid": gettext_lazy("Best bid made"),
    "comeback": gettext_lazy("Biggest comeback"), "most_bids": gettext_lazy("Most bids made"),
    "winning_run": gettext_lazy("Longest winning run"),
}


@dataclass(frozen=True)
class AwardLine:
    key: str
    label: str
    value: str
    who: str
    url: str  # the game's page
    date: object  # the game's night


@dataclass
class SeasonRows:
    hands: list  # one dict per side of a confirmed hand (Pinochle and cribbage games)
    results: list  # one dict per stored game result (no byes)


GAME = {"night_date": F("night__date"), "round_no": F("game__table__round__number"),
        "table_no": F("game__table__number"), "public_id": F("game__public_id"),
        "game_type": F("game__game_type"), "winner_side": F("game__winner_side")}


def season_rows(season, until=None) -> SeasonRows:
    """The season's confirmed hand sides and game results (up to night date ``until``): two queries."""
    hands = HandSide.objects.filter(hand__game__table__round__night__season=season,
                                    hand__status=HandStatus.CONFIRMED, hand__game__game_type__in=comeback_types())
    results = Result.objects.filter(season=season, bye=False)
    if until is not None:
        hands = hands.filter(hand__game__table__round__night__date__lte=until)
        results = results.filter(night__date__lte=until)
    hands = list(hands.order_by("hand__game_id", "hand__number", "side").values(
        "side", "delta", "total", "counted_meld", game_id=F("hand__game_id"), number=F("hand__number"),
        bid=F("hand__bid"), made=F("hand__made"), bidder_seat=F("hand__bidder_seat"),
        game_type=F("hand__game__game_type"), night_id=F("hand__game__table__round__night_id"),
        round_no=F("hand__game__table__round__number"), table_no=F("hand__game__table__number")))
    results = list(results.order_by("game_id", "side", "id").values(
        "game_id", "night_id", "side", "player_id", "team_id", "won", "bids_made", "points_for", "points_against",
        "game_points", name=F("player__name"), team_name=F("team__name"), **GAME))
    return SeasonRows(hands, results)


def _order(r):
    return (r["night_date"], r["night_id"], r["round_no"], r["table_no"], r["game_id"])


def award_lines(rows: SeasonRows) -> list[AwardLine]:
    """The awards of :func:`season_rows`' numbers, each with its game's link and night."""
    games, sides, bids, runs, names = {}, {}, {}, {}, {}
    for r in rows.results:
        games.setdefault(r["game_id"], r)
        entrant = r["team_id"] or r["player_id"]
        names[entrant] = r["team_name"] or r["name"]
        sides.setdefault((r["game_id"], r["side"]), []).append(names[entrant])
        bids.setdefault(entrant, []).extend([(_order(r), r["game_id"])] * r["bids_made"])
        runs.setdefault(entrant, []).append((_order(r), r["game_id"], r["won"]))
    hands, totals, highlights = [], {}, highlight_types()
    for h in rows.hands:
        game = games.get(h["game_id"])
        if game is None:  # not finished (no results): no award yet
            continue
        totals.setdefault(h["game_id"], {}).setdefault(h["number"], {})[h["side"]] = h["total"]
        if h["game_type"] in highlights:
            made = h["bid"] if h["made"] and bidder_side(h["game_type"], h["bidder_seat"]) == h["side"] else None
            hands.append(HandScore(_order(game), h["game_id"], h["number"], h["side"], h["delta"], made))
    finished = [FinishedGame(_order(g), pk, g["winner_side"],
                             [tuple(row[s] for s in sorted(row)) for _, row in sorted(totals.get(pk, {}).items())])
                for pk, g in games.items()]
    return [_line(a, games[a.game], names, sides) for a in season_awards(hands, finished, bids, runs)]


def _line(a: Award, game: dict, names: dict, sides: dict) -> AwardLine:
    who = names.get(a.entrant, "") if a.entrant is not None else " & ".join(sides.get((a.game, a.side), ()))
    return AwardLine(a.key, str(LABELS[a.key]), _value(a), who,
                     reverse(kind_for(game["game_type"]).game_url, args=[game["public_id"]]), game["night_date"])


def season_award_lines(season, until=None) -> list[AwardLine]:
    """The season's awards (up to night date ``until``): from the kept figures
    for the whole season, else folded from the season's rows."""
    if until is not None:
        return award_lines(season_rows(season, until))
    return kept_award_lines(season)


GAME_AWARDS = (("highest_hand", "high_points", "high_hand", "high_side"), ("best_bid", "bid", "bid_hand", "bid_side"),
               ("comeback", "comeback", None, None))


def _top_games(season) -> list[Award]:
    """The award of each game award that someone earned: one SQL statement
    reads, for each, the few games holding the season's maximum of that kept
    figure (found on the season's index of it, by equality: a maximum of 0,
    no award, is no maximum; the ORM compiled three such queries slower than
    SQLite ran them) with their order played, and
    ``scoring.awards.first_max`` picks the earliest, as for the night recap."""
    figures, night, game = GameFigures._meta.db_table, Night._meta.db_table, Game._meta.db_table
    parts = []
    for key, field, hand, side in GAME_AWARDS:
        parts.append(
            f"SELECT '{key}', f.game_id, f.{field}, {f'f.{hand}' if hand else 'CAST(NULL AS integer)'},"
            f" {f'f.{side}' if side else 'g.winner_side'}, n.date, n.id, f.round_no, f.table_no"
            f" FROM {figures} f JOIN {night} n ON n.id = f.night_id"
            f" JOIN {game} g ON g.id = f.game_id WHERE f.season_id = %s AND f.{field} ="
            f" (SELECT MAX({field}) FROM {figures} WHERE season_id = %s AND {field} > 0)")
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), [season.pk] * 2 * len(parts))
        rows = cursor.fetchall()
    held = {}
    for key, game_id, value, hand, side, *order in rows:
        held.setdefault(key, []).append(_Held((*order, game_id), game_id, value, hand, side))
    found = []
    for key, *_fields in GAME_AWARDS:
        top = first_max(held.get(key, ()), lambda h: h.value)
        if top:
            h = top[1]
            found.append(Award(key, h.value, h.game, side=h.side, hand=h.hand))
    return found


@dataclass(frozen=True)
class _Held:
    """A game holding the season's maximum of a kept figure, with its order played."""
    order: tuple
    game: int
    value: int
    hand: int | None
    side: int | None


def kept_award_lines(season, *, again: bool = True) -> list[AwardLine]:
    """The season's awards from the figures kept at write time: the top game of
    each game award (one query), the entrants' season rows and the few games
    named (one query each). The same awards as
    :func:`award_lines` of every row, ties broken alike. Read after
    ``standings(season)``, which derives the figures again when Result rows
    went without them (a cascade); a game named here that has gone does the
    same."""
    found = _top_games(season)
    entrants = list(Figures.objects.filter(season=season, night__isnull=True).values(
        "player_id", "team_id", "bids_made", "last_bid_game", "run", "run_game"))
    for r in entrants:
        r["entrant"] = r["team_id"] or r["player_id"]
    most = max((r["bids_made"] for r in entrants if r["last_bid_game"] is not None), default=0)
    longest = max((r["run"] for r in entrants), default=0)
    bidders = [r for r in entrants if most and r["bids_made"] == most and r["last_bid_game"] is not None]
    runners = [r for r in entrants if longest and r["run"] == longest]
    wanted = {a.game for a in found} | {r["last_bid_game"] for r in bidders} | {r["run_game"] for r in runners}
    games, names, sides = {}, {}, {}
    for r in Result.objects.filter(game_id__in=wanted, bye=False).order_by("game_id", "side", "id").values(
            "game_id", "night_id", "side", "player_id", "team_id", name=F("player__name"), team_name=F("team__name"),
            **GAME):
        r["date"] = r["night_date"]
        games.setdefault(r["game_id"], r)
        entrant = r["team_id"] or r["player_id"]
        names[entrant] = r["team_name"] or r["name"]
        sides.setdefault((r["game_id"], r["side"]), []).append(names[entrant])
    if wanted - set(games):
        if not again:
            raise RuntimeError(f"season {season.pk}: awards name games without results: {wanted - set(games)}")
        with transaction.atomic():
            figures_rebuild(season.pk)
        return kept_award_lines(season, again=False)
    order = {pk: game_order(g) for pk, g in games.items()}
    award = most_bids((r["entrant"], r["bids_made"], order[r["last_bid_game"]], r["last_bid_game"]) for r in bidders)
    if award:
        found.append(award)
    award = winning_run((r["entrant"], r["run"], order[r["run_game"]], r["run_game"]) for r in runners)
    if award:
        found.append(award)
    return [_line(a, games[a.game], names, sides) for a in found]


def _value(a) -> str:
    if a.key == "highest_hand":
        return _("+%(n)d on hand %(hand)d") % {"n": a.value, "hand": a.hand}
    if a.key == "best_bid":
        return _("%(n)d on hand %(hand)d") % {"n": a.value, "hand": a.hand}
    if a.key == "comeback":
        return ngettext("won from %(n)d point behind", "won from %(n)d points behind", a.value) % {"n": a.value}
    if a.key == "most_bids":
        return ngettext("%(n)d bid made", "%(n)d bids made", a.value) % {"n": a.value}
    return ngettext("%(n)d game won in a row", "%(n)d games won in a row", a.value) % {"n": a.value}
