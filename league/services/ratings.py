"""Player ratings kept current from the stored results (docs/ratings.md).

A game is rated once it has Result rows, i.e. it is a league game, finished,
with every hand confirmed (``league.services.results``). Games are rated per
club and family in the order played: night date, night, round, table, game.

``results_sync`` calls :func:`ratings_sync` in the transaction that rewrites a
game's results. A game finishing after every rated game of its family is
appended (its players' ratings move on); any other change (a finished game
edited, reopened or deleted, or a game finishing before games already rated,
as when table 2 finishes before table 1) re-derives the family's ratings from
that game onward: every player starts from the rating their last earlier
event left, which is what re-deriving from the first game gives at that point
(the ratings are sequential), so a change on tonight's night costs tonight's
games, not the club's history. ``manage.py rescore`` calls
:func:`ratings_rebuild_all`, ``rescore --check`` :func:`ratings_differences`.
"""
from collections import defaultdict

from django.db.models import Count, Max

from league.games import kind_for, kinds
from league.games.registry import rating_family_choices
from league.models import LeagueFormat, Night, PlayerRating, RatingEvent, Result, Team
from scoring.ratings import RatedGame, Rating, rate, ranks_from

def family_of(game_type) -> str:
    """A game type's ratings family, from its kind (double-deck counts with partnership)."""
    kind = kind_for(game_type)
    return kind.rating_family or str(kind.code)


def types_of(family: str) -> list[str]:
    """The game types rated in ``family``."""
    return [str(k.code) for k in kinds() if family_of(k.code) == family]


def families() -> list[str]:
    """Every ratings family, in the order of the kinds."""
    return [family for family, _label in rating_family_choices()]


def order_key(night, round_number: int, table_number: int, game_id: int) -> str:
    """The order played, as a string that sorts right."""
    return f"{night.date:%Y-%m-%d}/{night.pk:09d}/{round_number:03d}/{table_number:03d}/{game_id:010d}"


def _rated_games(club_id: int, family: str, since=None) -> list[tuple[str, object, RatedGame]]:
    """Every rated game of the club's family in the order played: ``(key, first result, RatedGame)``;
    with ``since`` (an order key), only the games from that key on."""
    rows = Result.objects.filter(game__game_type__in=types_of(family), bye=False)
    if since is None:
        rows = rows.filter(game__club_id=club_id)
    else:
        # the key starts with the night's date: the club's nights from that date on, by their ids
        # (the results' night index; a result of a club's night is the club's), not every game
        # of the club
        rows = rows.filter(night_id__in=list(Night.objects.filter(season__league__club_id=club_id,
                                                                  date__gte=since[:10]).values_list("pk", flat=True)))
    rows = rows.select_related("night__season", "game__table__round", "team").order_by("game_id", "side", "id")
    by_game = defaultdict(list)
    for row in rows:
        by_game[row.game_id].append(row)
    games = []
    for game_id, results in by_game.items():
        table = results[0].game.table
        key = order_key(results[0].night, table.round.number, table.number, game_id)
        sides = defaultdict(list)
        side_won, side_points = {}, {}
        for r in results:
            sides[r.side] += [r.player_id] if r.player_id else [r.team.player_a_id, r.team.player_b_id]
            side_won[r.side], side_points[r.side] = r.won, r.points_for
        order = sorted(sides)
        ranks = ranks_from([side_won[s] for s in order], [side_points[s] for s in order])
        games.append((key, results[0], RatedGame(game_id, tuple(tuple(sides[s]) for s in order), ranks)))
    games.sort(key=lambda g: g[0])
    if since is not None:
        games = [g for g in games if g[0] >= since]
    return games


def _derive(club_id: int, family: str, games=None, start=None):
    games = _rated_games(club_id, family) if games is None else games
    final, steps = rate([g for _, _, g in games], start)
    first = {g.key: (key, result) for key, result, g in games}
    events = []
    for step in steps:
        key, result = first[step.key]
        events.append(RatingEvent(
            club_id=club_id, player_id=step.player, family=family, game_id=step.key,
            season_id=result.season_id, league_id=result.night.season.league_id,
            played_on=result.night.date, order_key=key,
            mu_before=step.before.mu, sigma_before=step.before.sigma,
            mu=step.after.mu, sigma=step.after.sigma, ordinal=step.after.ordinal,
        ))
    return final, events


def _counts(events) -> dict[int, int]:
    counts = defaultdict(int)
    for e in events:
        counts[e.player_id] += 1
    return counts


def ratings_rebuild(club_id: int, family: str) -> int:
    """Re-derive the club's ratings of ``family`` from its first rated game; returns the events written."""
    final, events = _derive(club_id, family)
    RatingEvent.objects.filter(club_id=club_id, family=family).delete()
    PlayerRating.objects.filter(club_id=club_id, family=family).delete()
    RatingEvent.objects.bulk_create(events, batch_size=2000)
    counts = _counts(events)
    PlayerRating.objects.bulk_create([
        PlayerRating(club_id=club_id, player_id=p, family=family, mu=r.mu, sigma=r.sigma,
                     ordinal=r.ordinal, games=counts[p]) for p, r in sorted(final.items())
    ], batch_size=2000)
    return len(events)


def ratings_sync(game, night, *, had_rows: bool, has_rows: bool) -> None:
    """Keep the ratings of ``game``'s family current after its results were rewritten."""
    if not had_rows and not has_rows:
        return  # an unfinished game stays unfinished: no rating changes, no query
    family = family_of(game.game_type)
    table = game.table
    key = order_key(night, table.round.number, table.number, game.pk)
    events = RatingEvent.objects.filter(club_id=game.club_id, family=family)
    later = events.filter(order_key__gt=key).exists()
    if had_rows or later:
        stored = events.filter(game_id=game.pk).aggregate(first=Max("order_key"))["first"]
        ratings_rederive_from(game.club_id, family, min(key, stored or key))
        return
    _append(game, night, family, key)


def ratings_rederive_from(club_id: int, family: str, key: str) -> int:
    """Re-derive the club's ratings of ``family`` from the game whose order key is ``key``
    onward (the same numbers :func:`ratings_rebuild` writes); returns the events written.

    Each player's start is read from what is kept, not from the club's whole history:
    the rating before their first event re-derived (its ``mu_before``,
    ``sigma_before``), else their current rating; their games before ``key`` are
    their rating's count less the events re-derived. What it reads grows with the
    games from ``key`` on, not with the club's seasons."""
    events = RatingEvent.objects.filter(club_id=club_id, family=family)
    redone = events.filter(order_key__gte=key)
    again = list(redone.order_by("order_key", "id").values_list("player_id", "mu_before", "sigma_before"))
    games = _rated_games(club_id, family, since=key)
    touched = {p for p, _mu, _sigma in again}
    players = touched | {p for _key, _result, g in games for side in g.sides for p in side}
    kept = {r.player_id: r for r in PlayerRating.objects.filter(club_id=club_id, family=family,
                                                                 player_id__in=players)}
    counts = {p: r.games for p, r in kept.items()}
    start = {p: Rating(r.mu, r.sigma) for p, r in kept.items()}
    first = {}
    for p, mu, sigma in again:
        counts[p] = counts.get(p, 0) - 1
        first.setdefault(p, Rating(mu, sigma))
    start.update(first)
    start = {p: r for p, r in start.items() if counts.get(p, 0) > 0}  # no game before key: the default start
    counts = {p: n for p, n in counts.items() if n > 0}
    final, new = _derive(club_id, family, games=games, start=start)
    redone.delete()
    RatingEvent.objects.bulk_create(new, batch_size=2000)
    for e in new:
        counts[e.player_id] = counts.get(e.player_id, 0) + 1
    touched |= {e.player_id for e in new}  # each of them in ``players``: ``kept`` holds their ratings
    ratings = kept
    changed, created, gone = [], [], []
    for p in sorted(touched):
        r = final.get(p)
        if r is None:
            gone.append(p)
            continue
        if p in ratings:
            pr = ratings[p]
            pr.mu, pr.sigma, pr.ordinal, pr.games = r.mu, r.sigma, r.ordinal, counts[p]
            changed.append(pr)
        else:
            created.append(PlayerRating(club_id=club_id, player_id=p, family=family, mu=r.mu, sigma=r.sigma,
                                        ordinal=r.ordinal, games=counts[p]))
    PlayerRating.objects.bulk_update(changed, ["mu", "sigma", "ordinal", "games"], batch_size=500)
    PlayerRating.objects.bulk_create(created)
    PlayerRating.objects.filter(club_id=club_id, family=family, player_id__in=gone).delete()
    return len(new)


def _append(game, night, family: str, key: str) -> None:
    results = list(Result.objects.filter(game=game).select_related("team").order_by("side", "id"))
    for r in results:
        r.night = night
    sides = defaultdict(list)
    for r in results:
        sides[r.side] += [r.player_id] if r.player_id else [r.team.player_a_id, r.team.player_b_id]
    players = [p for s in sides.values() for p in s]
    stored = {pr.player_id: pr for pr in PlayerRating.objects.filter(player_id__in=players, family=family)}
    start = {p: Rating(pr.mu, pr.sigma) for p, pr in stored.items()}
    order = sorted(sides)
    won = {r.side: r.won for r in results}
    points = {r.side: r.points_for for r in results}
    rated = RatedGame(game.pk, tuple(tuple(sides[s]) for s in order),
                      ranks_from([won[s] for s in order], [points[s] for s in order]))
    final, events = _derive(game.club_id, family, games=[(key, results[0], rated)], start=start)
    RatingEvent.objects.bulk_create(events)
    new = []
    for p in players:
        r = final[p]
        if p in stored:
            pr = stored[p]
            pr.mu, pr.sigma, pr.ordinal, pr.games = r.mu, r.sigma, r.ordinal, pr.games + 1
        else:
            new.append(PlayerRating(club_id=game.club_id, player_id=p, family=family, mu=r.mu, sigma=r.sigma,
                                    ordinal=r.ordinal, games=1))
    for pr in stored.values():  # one UPDATE each: cheaper to build than bulk_update's CASE WHEN
        pr.save(update_fields=["mu", "sigma", "ordinal", "games"])
    PlayerRating.objects.bulk_create(new)


def _club_families():
    from league.models import Club
    return [(club_id, family) for club_id in Club.objects.order_by("pk").values_list("pk", flat=True)
            for family in families()]


def ratings_rebuild_all() -> int:
    return sum(ratings_rebuild(c, f) for c, f in _club_families())


FIELDS = ("mu_before", "sigma_before", "mu", "sigma", "ordinal", "order_key", "season_id", "league_id")


def ratings_differences() -> list[str]:
    """Every stored rating or rating event that re-deriving from the results would write differently."""
    diffs = []
    for club_id, family in _club_families():
        final, events = _derive(club_id, family)
        stored = {(e.game_id, e.player_id): e for e in RatingEvent.objects.filter(club_id=club_id, family=family)}
        for e in events:
            s = stored.pop((e.game_id, e.player_id), None)
            if s is None:
                diffs.append(f"rating: game {e.game_id} player {e.player_id} ({family}): missing event")
                continue
            for name in FIELDS:
                if getattr(s, name) != getattr(e, name):
                    diffs.append(f"rating: game {e.game_id} player {e.player_id} ({family}): "
                                 f"{name} {getattr(s, name)} != {getattr(e, name)}")
        diffs += [f"rating: game {g} player {p} ({family}): event of an unrated game" for g, p in stored]
        ratings = {r.player_id: r for r in PlayerRating.objects.filter(club_id=club_id, family=family)}
        counts = _counts(events)
        for p, r in final.items():
            s = ratings.pop(p, None)
            if s is None or (s.mu, s.sigma, s.ordinal, s.games) != (r.mu, r.sigma, r.ordinal, counts[p]):
                diffs.append(f"rating: player {p} ({family}): stored {s and (s.mu, s.sigma, s.games)} "
                             f"!= {(r.mu, r.sigma, counts[p])}")
        diffs += [f"rating: player {p} ({family}): rated without games" for p in ratings]
    return diffs


# -- a season's ratings (its family, its entrants' ratings, the seeding of a first round) --
def season_family(season) -> str:
    profile = season.league.rule_profile
    return family_of(profile.game_type) if profile else "partnership"


def team_players(season) -> dict:
    return {pk: (a, b) for pk, a, b in Team.objects.filter(season=season).values_list("pk", "player_a_id", "player_b_id")}


def by_entrant(season, per_player: dict, entrants) -> dict:
    """Player ratings as entrant ratings: a team's is the mean of its players' (an unrated player: None)."""
    if season.league.format != LeagueFormat.FIXED:
        return {e: per_player.get(e) for e in entrants}
    teams = team_players(season)
    out = {}
    for e in entrants:
        values = [per_player.get(p) for p in teams.get(e, ())]
        out[e] = None if not values or any(v is None for v in values) else sum(values) / len(values)
    return out


def seeding_ratings(season, entrants) -> dict:
    """The entrants' current ratings for seeding a first round (one or two queries)."""
    family = season_family(season)
    players = list(entrants)
    if season.league.format == LeagueFormat.FIXED:
        players = [p for pair in team_players(season).values() for p in pair]
    now = dict(PlayerRating.objects.filter(player_id__in=players, family=family).values_list("player_id", "ordinal"))
    return {e: (v or 0.0) for e, v in by_entrant(season, now, entrants).items()}
