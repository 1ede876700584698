"""Per-entrant figures (``Figures``) kept in the transaction that writes Result rows.

Standings and player pages read these sums (one row per entrant and season,
or per entrant and night) instead of every Result row, so a first read after
a change costs what a cached read costs at any season size
(docs/performance.md, "Figures at write time"). Every sum is additive, so a
write applies the rows it removed with −1 and the rows it wrote with +1
(:func:`figures_apply`); the one maximum (best hand) is read again from the
entrant's rows when a row goes. :func:`figures_rebuild` derives a season's
figures from its Result rows with the same arithmetic: ``manage.py rescore``
and the club import call it, and a test compares it with the kept figures.
The ranking is still decided by ``scoring.standings`` over these rows.

The season's awards are kept the same way: each game with results has a
:class:`~league.models.GameFigures` row (its highest hand, best bid made and
comeback, from its own hands, :func:`game_figures_sync`), and each entrant's
season row its longest winning run and last game with a bid made, derived
again from that entrant's rows whenever a game result of theirs is written
(:func:`_entrant_awards`: a run depends on the order of every game). Both
are rebuilt by :func:`figures_rebuild` and compared by
:func:`figures_differences`.
"""
from collections import Counter

from django.db.models import F, Max, Q

from league.games import kind_for, kinds
from league.models.season import new_results_version
from league.models import Figures, GameFigures, HandSide, HandStatus, Result, Season
from scoring.awards import HandScore, deficit_overcome, game_bests, longest_run

def highlight_types() -> tuple[str, ...]:
    """The game types whose hands count for the hand awards (highest hand, best bid made)."""
    return tuple(str(k.code) for k in kinds() if k.counts_highlights)


def comeback_types() -> tuple[str, ...]:
    """The game types whose running totals count for the biggest comeback."""
    return tuple(str(k.code) for k in kinds() if k.counts_comeback)

FIELDS = ("pk", "night_id", "game_id", "player_id", "team_id", "bye", "points_for", "points_against", "won", "bids_taken",
          "bids_made", "sets", "meld", "best_hand", "game_points", "margin", "skunks_given", "skunks_taken",
          "opponents", "partners")
SUMS = ("wins", "points_for", "points_against", "bids_taken", "bids_made", "sets", "meld", "game_points",
        "spread", "skunks_given", "skunks_taken")
COUNTS = ("results", "byes", "bye_points", *SUMS)


def season_lock(season_id: int) -> None:
    """Lock the season's row until the transaction ends: writes of one season's
    results (and so of its figures) then follow one another."""
    list(Season.objects.select_for_update().filter(pk=season_id).values_list("pk", flat=True))


def result_values(rows) -> list[dict]:
    """Result instances (written, not read back) as the dicts :func:`figures_apply` takes."""
    return [{f: getattr(r, "pk" if f == "pk" else f) for f in FIELDS} for r in rows]


def _entrant(r) -> tuple:
    return ("t", r["team_id"]) if r["team_id"] else ("p", r["player_id"])


def _add(counts: dict, key, amount: int) -> None:
    key = str(key)
    value = counts.get(key, 0) + amount
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def _apply_row(fig: Figures, r: dict, sign: int, season_row: bool) -> None:
    fig.results += sign
    fig.wins += sign * bool(r["won"])
    fig.spread += sign * r["margin"]
    for name in ("points_for", "points_against", "bids_taken", "bids_made", "sets", "meld", "game_points",
                 "skunks_given", "skunks_taken"):
        setattr(fig, name, getattr(fig, name) + sign * r[name])
    if r["bye"]:
        fig.byes += sign
        fig.bye_points += sign * r["points_for"]
    elif sign > 0:
        fig.best_hand = max(fig.best_hand, r["best_hand"])
    if season_row:
        points, rows = fig.night_points.get(str(r["night_id"]), (0, 0))
        if rows + sign:
            fig.night_points[str(r["night_id"])] = [points + sign * r["points_for"], rows + sign]
        else:
            fig.night_points.pop(str(r["night_id"]), None)
    for opponent in r["opponents"]:
        if r["won"]:
            _add(fig.head_to_head, opponent, sign)
        if not r["bye"]:
            _add(fig.opponents, opponent, sign)
    if not r["bye"]:
        for partner in r["partners"]:
            _add(fig.partners, partner, sign)


def _fresh(season_id, night_id, entrant, model=Figures) -> Figures:
    kind, pk = entrant
    return model(season_id=season_id, night_id=night_id, player_id=pk if kind == "p" else None,
                   team_id=pk if kind == "t" else None)


def figures_apply(season_id: int, removed: list[dict], added: list[dict]) -> None:
    """Take ``removed`` Result rows (as dicts of :data:`FIELDS`) out of the
    season's figures and put ``added`` in: the entrants' season rows and their
    rows for each night concerned. Call under :func:`season_lock`, after the
    Result rows are written."""
    if not removed and not added:
        return
    entrants = {_entrant(r) for r in removed + added}
    nights = {r["night_id"] for r in removed + added}
    players = [pk for kind, pk in entrants if kind == "p"]
    teams = [pk for kind, pk in entrants if kind == "t"]
    have = {}
    for fig in Figures.objects.filter(Q(night__isnull=True) | Q(night_id__in=nights), season_id=season_id).filter(
            Q(player_id__in=players) | Q(team_id__in=teams)):
        have[(("t", fig.team_id) if fig.team_id else ("p", fig.player_id), fig.night_id)] = fig
    before = {key: fig.best_hand for key, fig in have.items()}
    touched = {}
    for sign, rows in ((-1, removed), (1, added)):
        for r in rows:
            for night in (None, r["night_id"]):
                key = (_entrant(r), night)
                fig = touched.get(key) or have.get(key) or _fresh(season_id, night, key[0])
                touched[key] = fig
                _apply_row(fig, r, sign, night is None)
    if removed:
        _best_hands_again(season_id, touched, _maxima_taken_back(removed, added, before), nights)
    for (_entrant_key, night), fig in touched.items():
        if night is None:
            fig.nights = len(fig.night_points)
    played = _award_inputs_changed(removed, added)
    if played:
        awards = _entrant_awards(season_id, played)
        for entrant in played:
            _set_awards(touched[(entrant, None)], awards.get(entrant))
    gone = [f.pk for f in touched.values() if f.results == 0 and f.pk]
    if gone:
        Figures.objects.filter(pk__in=gone).delete()
    kept = [f for f in touched.values() if f.results]
    Figures.objects.bulk_create([f for f in kept if not f.pk])
    # one UPDATE per row (a game touches 2 rows of each of its entrants): bulk_update's
    # CASE WHEN per row and field cost most of a finishing hand's CPU to build
    for fig in kept:
        if fig.pk:
            fig.save(update_fields=FIGURE_UPDATE)


AWARDS = ("run", "run_game", "last_bid_game")
FIGURE_UPDATE = (*COUNTS, "best_hand", "night_points", "nights", "head_to_head", "partners", "opponents", *AWARDS)


def _set_awards(fig, awards) -> None:
    fig.run, fig.run_game, fig.last_bid_game = awards or (0, None, None)


def game_order(r) -> tuple:
    """The order games were played in, as the awards break ties: night date, night, round, table, game."""
    return (r["date"], r["night_id"], r["round_no"], r["table_no"], r["game_id"])


ORDER = {"date": F("night__date"), "round_no": F("game__table__round__number"), "table_no": F("game__table__number")}


def _entrant_awards(season_id: int, entrants=None, result_model=Result) -> dict:
    """Entrant → ``(run, run_game, last_bid_game)`` from its game results in the
    season (``entrants``: only these, as :func:`_entrant` keys; None: every one)."""
    rows = result_model.objects.filter(season_id=season_id, bye=False)
    if entrants is not None:
        rows = rows.filter(Q(player_id__in=[pk for kind, pk in entrants if kind == "p"])
                           | Q(team_id__in=[pk for kind, pk in entrants if kind == "t"]))
    games = {}
    for r in rows.values("player_id", "team_id", "game_id", "night_id", "won", "bids_made", **ORDER):
        games.setdefault(_entrant(r), []).append((game_order(r), r["game_id"], r["won"], r["bids_made"]))
    out = {}
    for entrant, played in games.items():
        length, game, _order = longest_run((order, pk, won) for order, pk, won, _bids in played)
        bids = [(order, pk) for order, pk, _won, made in played if made]
        out[entrant] = (length, game, max(bids)[1] if bids else None)
    return out


def bidder_side(game_type: str, seat):
    """The side of the bidder's seat: partners at four seats (0 and 2, 1 and 3), else the seat."""
    if seat is None:
        return None
    return seat % 2 if kind_for(game_type).has_partners else seat


HAND_FIELDS = {"game_id": F("hand__game_id"), "number": F("hand__number"), "bid": F("hand__bid"),
               "made": F("hand__made"), "bidder_seat": F("hand__bidder_seat")}


def _hand_sides(games, hand_model=HandSide):
    """The confirmed hands' side rows of ``games`` (a queryset of games), in game, hand and side order."""
    return hand_model.objects.filter(hand__game__in=games, hand__status=HandStatus.CONFIRMED,
                                     hand__game__game_type__in=comeback_types()).order_by(
        "hand__game_id", "hand__number", "side").values("side", "delta", "total", **HAND_FIELDS)


def game_figures_of(game: dict, hands, model=GameFigures):
    """A game's :class:`~league.models.GameFigures` (unsaved) from its confirmed
    hands' side rows in hand and side order (``game``: ``id``, ``game_type``,
    ``winner_side``, ``season_id``, ``night_id``, ``round_no``, ``table_no``)."""
    fig = model(game_id=game["id"], season_id=game["season_id"], night_id=game["night_id"],
                round_no=game["round_no"] or 0, table_no=game["table_no"] or 0)
    totals, scores = {}, []
    highlights = game["game_type"] in highlight_types()
    for h in hands:
        totals.setdefault(h["number"], {})[h["side"]] = h["total"]
        if highlights:
            made = h["bid"] if h["made"] and bidder_side(game["game_type"], h["bidder_seat"]) == h["side"] else None
            scores.append(HandScore((), game["id"], h["number"], h["side"], h["delta"], made))
    top, bid = game_bests(scores)
    if top:
        fig.high_points, fig.high_hand, fig.high_side = top.points, top.hand, top.side
    if bid:
        fig.bid, fig.bid_hand, fig.bid_side = bid.bid_made, bid.hand, bid.side
    if game["game_type"] in comeback_types():
        fig.comeback = deficit_overcome([tuple(row[s] for s in sorted(row)) for _, row in sorted(totals.items())],
                                        game["winner_side"])
    return fig


def game_figures_sync(game, night, has_results: bool) -> None:
    """Keep ``game``'s :class:`~league.models.GameFigures`: written when it has
    game results, gone when it has none (in ``results_sync``'s transaction)."""
    GameFigures.objects.filter(game_id=game.pk).delete()
    if not has_results:
        return
    info = {"id": game.pk, "game_type": game.game_type, "winner_side": game.winner_side,
            "season_id": night.season_id, "night_id": night.pk, "round_no": game.table.round.number,
            "table_no": game.table.number}
    game_figures_of(info, _hand_sides(type(game).objects.filter(pk=game.pk))).save()


def _games_derived(season_id: int, result_model=Result, hand_model=HandSide, model=GameFigures) -> list:
    """Every :class:`~league.models.GameFigures` of the season derived from its
    game results and hands (what :func:`game_figures_sync` keeps)."""
    rows = result_model.objects.filter(season_id=season_id, bye=False)
    games = {}
    for r in rows.order_by("game_id").values(
            "season_id", "night_id", "game_id", game_type=F("game__game_type"),
            winner_side=F("game__winner_side"), round_no=F("game__table__round__number"),
            table_no=F("game__table__number")):
        games.setdefault(r["game_id"], dict(r, id=r["game_id"]))
    hands = {}
    game_model = result_model._meta.get_field("game").related_model
    for h in _hand_sides(game_model.objects.filter(pk__in=list(games)), hand_model).iterator(chunk_size=4000):
        hands.setdefault(h["game_id"], []).append(h)
    return [game_figures_of(g, hands.get(pk, ()), model) for pk, g in games.items()]


def _award_inputs_changed(removed, added) -> set:
    """The entrants whose awards may change: those whose games, wins or bids made
    (what the awards are drawn from, besides the games' fixed order) differ
    between the rows removed and the rows added. A result rewritten the same
    (a correction that changes no winner and no bid made) leaves them as kept."""
    inputs = {}
    for sign, rows in ((-1, removed), (1, added)):
        for r in rows:
            if not r["bye"]:
                mine = inputs.setdefault(_entrant(r), Counter())
                mine[(r["game_id"], bool(r["won"]), bool(r["bids_made"]))] += sign
    return {entrant for entrant, counts in inputs.items() if any(counts.values())}


def _maxima_taken_back(removed, added, before) -> set:
    """The (entrant, night or None) figures whose best hand may have left with a
    removed row: one at or above the kept maximum, not matched by a row added."""
    added_best = {}
    for r in added:
        if not r["bye"]:
            for night in (None, r["night_id"]):
                key = (_entrant(r), night)
                added_best[key] = max(added_best.get(key, 0), r["best_hand"])
    out = set()
    for r in removed:
        if not r["bye"]:
            for night in (None, r["night_id"]):
                key = (_entrant(r), night)
                if r["best_hand"] >= before.get(key, 0) and added_best.get(key, -1) < r["best_hand"]:
                    out.add(key)
    return out


def _best_hands_again(season_id, touched, keys, nights) -> None:
    """A maximum cannot be taken back: read it again, for the figures of ``keys``
    (:func:`_maxima_taken_back`), from the entrants' rows (two grouped queries)."""
    if not keys:
        return
    players = {pk for (kind, pk), _night in keys if kind == "p"}
    teams = {pk for (kind, pk), _night in keys if kind == "t"}
    rows = Result.objects.filter(Q(player_id__in=players) | Q(team_id__in=teams), season_id=season_id, bye=False)
    best = {}
    for r in rows.values("player_id", "team_id").annotate(best=Max("best_hand")):
        best[(_entrant(r), None)] = r["best"]
    for r in rows.filter(night_id__in=nights).values("player_id", "team_id", "night_id").annotate(
            best=Max("best_hand")):
        best[(_entrant(r), r["night_id"])] = r["best"]
    for key in keys:
        if key in touched:
            touched[key].best_hand = best.get(key) or 0


def figures_of(season_id: int, rows, model=Figures) -> list[Figures]:
    """The figures ``rows`` (dicts of :data:`FIELDS`) make for a season, unsaved
    (``model``: the migration's historical model)."""
    out = {}
    for r in rows:
        for night in (None, r["night_id"]):
            key = (_entrant(r), night)
            fig = out.get(key) or _fresh(season_id, night, key[0], model)
            out[key] = fig
            _apply_row(fig, r, 1, night is None)
    return list(out.values())


def figures_derived(season_id: int, result_model=Result, model=Figures) -> list[Figures]:
    """The season's figures (unsaved) derived from its Result rows, with the entrants' awards."""
    rows = result_model.objects.filter(season_id=season_id).values(*FIELDS).iterator(chunk_size=4000)
    figures = figures_of(season_id, rows, model)
    awards = _entrant_awards(season_id, result_model=result_model)
    for fig in figures:
        if fig.night_id is None:
            fig.nights = len(fig.night_points)
            _set_awards(fig, awards.get(("t", fig.team_id) if fig.team_id else ("p", fig.player_id)))
    return figures


def figures_rebuild(season_id: int) -> None:
    """Derive the season's figures and game figures again from its Result rows
    and hands (in the caller's transaction), and give its results a fresh
    version (no longer stale: ``league.models.season.STALE``)."""
    season_lock(season_id)
    Figures.objects.filter(season_id=season_id).delete()
    Figures.objects.bulk_create(figures_derived(season_id), batch_size=2000)
    GameFigures.objects.filter(season_id=season_id).delete()
    GameFigures.objects.bulk_create(_games_derived(season_id), batch_size=2000)
    Season.objects.filter(pk=season_id).update(results_version=new_results_version())


def figures_snapshot(season_id: int) -> dict:
    """The season's stored figures as comparable data (for tests and ``rescore --check``)."""
    out = {}
    for f in Figures.objects.filter(season_id=season_id).values():
        key = (f.pop("player_id"), f.pop("team_id"), f.pop("night_id"))
        f.pop("id")
        f.pop("season_id")
        out[key] = f
    return out


def figures_differences() -> list[tuple[int, str]]:
    """``(season id, line)`` for every stored figure that its season's Result rows would derive differently."""
    diffs = []
    for season_id in Season.objects.order_by("pk").values_list("pk", flat=True):
        stored = figures_snapshot(season_id)
        wanted = {(f.player_id, f.team_id, f.night_id): _comparable(f) for f in figures_derived(season_id)}
        for key in sorted(set(stored) | set(wanted), key=repr):
            if stored.get(key) != wanted.get(key):
                diffs.append((season_id, f"season {season_id} figures {key}: {stored.get(key)} != {wanted.get(key)}"))
        stored = game_figures_snapshot(season_id)
        wanted = {f.game_id: _comparable(f, GameFigures) for f in _games_derived(season_id)}
        for key in sorted(set(stored) | set(wanted)):
            if stored.get(key) != wanted.get(key):
                diffs.append((season_id, f"season {season_id} game {key} figures: {stored.get(key)} != "
                                         f"{wanted.get(key)}"))
    return diffs


def game_figures_snapshot(season_id: int) -> dict:
    """The season's stored game figures as comparable data, by game id."""
    return {f["game_id"]: f for f in GameFigures.objects.filter(season_id=season_id).values(
        *(f.attname for f in GameFigures._meta.concrete_fields if f.attname not in ("id", "season_id")))}


def _comparable(fig, model=Figures) -> dict:
    skip = ("id", "season_id", "player_id", "team_id", "night_id") if model is Figures else ("id", "season_id")
    return {f.attname: getattr(fig, f.attname) for f in model._meta.concrete_fields if f.attname not in skip}
