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
"""
from django.db.models import Max, Q

from league.models import Figures, Result, Season

FIELDS = ("pk", "night_id", "player_id", "team_id", "bye", "points_for", "points_against", "won", "bids_taken",
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
    touched = {}
    for sign, rows in ((-1, removed), (1, added)):
        for r in rows:
            for night in (None, r["night_id"]):
                key = (_entrant(r), night)
                fig = touched.get(key) or have.get(key) or _fresh(season_id, night, key[0])
                touched[key] = fig
                _apply_row(fig, r, sign, night is None)
    if removed:
        _best_hands_again(season_id, touched, players, teams, nights)
    gone = [f.pk for f in touched.values() if f.results == 0 and f.pk]
    if gone:
        Figures.objects.filter(pk__in=gone).delete()
    kept = [f for f in touched.values() if f.results]
    Figures.objects.bulk_create([f for f in kept if not f.pk])
    changed = [f for f in kept if f.pk]
    if changed:
        Figures.objects.bulk_update(changed, [*COUNTS, "best_hand", "night_points", "head_to_head", "partners",
                                              "opponents"])


def _best_hands_again(season_id, touched, players, teams, nights) -> None:
    """A maximum cannot be taken back: read it again from the entrants' rows (two grouped queries)."""
    rows = Result.objects.filter(Q(player_id__in=players) | Q(team_id__in=teams), season_id=season_id, bye=False)
    best = {}
    for r in rows.values("player_id", "team_id").annotate(best=Max("best_hand")):
        best[(_entrant(r), None)] = r["best"]
    for r in rows.filter(night_id__in=nights).values("player_id", "team_id", "night_id").annotate(
            best=Max("best_hand")):
        best[(_entrant(r), r["night_id"])] = r["best"]
    for key, fig in touched.items():
        fig.best_hand = best.get(key) or 0


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


def figures_rebuild(season_id: int) -> None:
    """Derive the season's figures again from its Result rows (in the caller's transaction)."""
    season_lock(season_id)
    Figures.objects.filter(season_id=season_id).delete()
    rows = Result.objects.filter(season_id=season_id).values(*FIELDS).iterator(chunk_size=4000)
    Figures.objects.bulk_create(figures_of(season_id, rows), batch_size=2000)


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
        rows = Result.objects.filter(season_id=season_id).values(*FIELDS).iterator(chunk_size=4000)
        wanted = {(f.player_id, f.team_id, f.night_id): _comparable(f) for f in figures_of(season_id, rows)}
        for key in sorted(set(stored) | set(wanted), key=repr):
            if stored.get(key) != wanted.get(key):
                diffs.append((season_id, f"season {season_id} figures {key}: {stored.get(key)} != {wanted.get(key)}"))
    return diffs


def _comparable(fig: Figures) -> dict:
    return {f.attname: getattr(fig, f.attname) for f in Figures._meta.concrete_fields
            if f.attname not in ("id", "season_id", "player_id", "team_id", "night_id")}
