"""Season awards (``scoring.awards``) from the stored numbers of a season, up to a night.

Reads a fixed number of queries whatever the season's size: the confirmed
hands' side rows (highest hand, best bid made, comebacks), the finished games
with their seats (who, and the link), and the stored results (most bids made,
longest winning run). Pinochle hands count for the hand awards; a cribbage
game's running totals count for the comeback too (docs/ratings.md §Awards).
"""
from dataclasses import dataclass

from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.games import CRIBBAGE, kind_for, kinds
from league.models import Game, GameSeat, HandSide, HandStatus, Result
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


def _order(r, prefix=""):
    return (r[f"{prefix}night__date"], r[f"{prefix}night_id"], r[f"{prefix}round_no"], r[f"{prefix}table_no"],
            r[f"{prefix}game_id"])


def season_award_lines(season, until=None) -> list[AwardLine]:
    """The season's awards (up to and including night ``until``, a date), each with its game."""
    games_q = Game.objects.filter(table__round__night__season=season, status=Game.Status.FINISHED,
                                  results__isnull=False).distinct()
    sides_q = HandSide.objects.filter(hand__game__table__round__night__season=season,
                                      hand__status=HandStatus.CONFIRMED, hand__game__game_type__in=COMEBACK_TYPES)
    results_q = Result.objects.filter(season=season, bye=False)
    if until is not None:
        games_q = games_q.filter(table__round__night__date__lte=until)
        sides_q = sides_q.filter(hand__game__table__round__night__date__lte=until)
        results_q = results_q.filter(night__date__lte=until)
    games = {g["pk"]: g for g in games_q.values(
        "pk", "public_id", "game_type", "winner_side", night__date=F("table__round__night__date"),
        night_id=F("table__round__night_id"), round_no=F("table__round__number"), table_no=F("table__number"))}
    for g in games.values():
        g["game_id"] = g["pk"]
    seats = {}
    for game_id, seat, name in GameSeat.objects.filter(game_id__in=list(games)).order_by("game_id", "seat") \
            .values_list("game_id", "seat", "player__name"):
        seats.setdefault(game_id, []).append((seat, name))
    hands, totals = [], {}
    for r in sides_q.order_by("hand__game_id", "hand__number", "side").values(
            "hand__game_id", "hand__number", "side", "delta", "total", "hand__bid", "hand__made",
            "hand__bidder_seat", "hand__game__game_type"):
        game = games.get(r["hand__game_id"])
        if game is None:  # unfinished: no award yet
            continue
        totals.setdefault(game["pk"], {}).setdefault(r["hand__number"], {})[r["side"]] = r["total"]
        if r["hand__game__game_type"] not in PINOCHLE:
            continue
        n_seats = len(seats.get(game["pk"], ())) or 4
        bidder_side = None if r["hand__bidder_seat"] is None else (
            r["hand__bidder_seat"] % 2 if n_seats == 4 else r["hand__bidder_seat"])
        made = r["hand__bid"] if r["hand__made"] and bidder_side == r["side"] else None
        hands.append(HandScore(_order(game), game["pk"], r["hand__number"], r["side"], r["delta"], made))
    finished = [FinishedGame(_order(g), pk, g["winner_side"],
                             [tuple(row[s] for s in sorted(row)) for _, row in sorted(totals.get(pk, {}).items())])
                for pk, g in games.items()]
    bids, runs, names = {}, {}, {}
    for r in results_q.values("player_id", "team_id", "player__name", "team__name", "game_id", "won", "bids_made"):
        game = games.get(r["game_id"])
        if game is None:
            continue
        entrant = r["team_id"] or r["player_id"]
        names[entrant] = r["team__name"] or r["player__name"]
        bids.setdefault(entrant, []).extend([(_order(game), game["pk"])] * r["bids_made"])
        runs.setdefault(entrant, []).append((_order(game), game["pk"], r["won"]))
    out = []
    for a in season_awards(hands, finished, bids, runs):
        game = games[a.game]
        who = names.get(a.entrant, "") if a.entrant is not None else _side_names(seats.get(a.game, ()), a.side)
        out.append(AwardLine(a.key, str(LABELS[a.key]), _value(a), who,
                             reverse(kind_for(game["game_type"]).game_url, args=[game["public_id"]]),
                             game["night__date"]))
    return out


def _side_names(seats, side) -> str:
    if side is None:
        return ""
    of_side = (lambda s: s % 2) if len(seats) == 4 else (lambda s: s)
    return " & ".join(name for seat, name in seats if of_side(seat) == side)


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
