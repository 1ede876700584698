"""Season awards (``scoring.awards``) from the stored numbers of a season, up to a night.

Two queries whatever the season's size (:func:`season_rows`): the confirmed
hands' side rows (highest hand, best bid made, comebacks) and the stored
results of finished games (which games count, who played on which side, most
bids made, longest winning run). The night recap reads tonight's race and
highlights from the same rows. Pinochle hands count for the hand awards; a
cribbage game's running totals count for the comeback too (docs/ratings.md §Awards).
"""
from dataclasses import dataclass

from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.games import CRIBBAGE, kind_for, kinds
from league.models import HandSide, HandStatus, Result
from scoring.awards import FinishedGame, HandScore, season_awards

PINOCHLE = tuple(str(k.code) for k in kinds() if k.counts_highlights)
COMEBACK_TYPES = PINOCHLE + (str(CRIBBAGE.code),)

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
                                    hand__status=HandStatus.CONFIRMED, hand__game__game_type__in=COMEBACK_TYPES)
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


def bidder_side(game_type: str, seat):
    """The side of the bidder's seat: partners at four seats (0 and 2, 1 and 3), else the seat."""
    if seat is None:
        return None
    return seat % 2 if kind_for(game_type).seats == 4 else seat


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
    hands, totals = [], {}
    for h in rows.hands:
        game = games.get(h["game_id"])
        if game is None:  # not finished (no results): no award yet
            continue
        totals.setdefault(h["game_id"], {}).setdefault(h["number"], {})[h["side"]] = h["total"]
        if h["game_type"] in PINOCHLE:
            made = h["bid"] if h["made"] and bidder_side(h["game_type"], h["bidder_seat"]) == h["side"] else None
            hands.append(HandScore(_order(game), h["game_id"], h["number"], h["side"], h["delta"], made))
    finished = [FinishedGame(_order(g), pk, g["winner_side"],
                             [tuple(row[s] for s in sorted(row)) for _, row in sorted(totals.get(pk, {}).items())])
                for pk, g in games.items()]
    out = []
    for a in season_awards(hands, finished, bids, runs):
        game = games[a.game]
        who = names.get(a.entrant, "") if a.entrant is not None else " & ".join(sides.get((a.game, a.side), ()))
        out.append(AwardLine(a.key, str(LABELS[a.key]), _value(a), who,
                             reverse(kind_for(game["game_type"]).game_url, args=[game["public_id"]]),
                             game["night_date"]))
    return out


def season_award_lines(season, until=None) -> list[AwardLine]:
    return award_lines(season_rows(season, until))


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
