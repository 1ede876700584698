"""Leagues, seasons, teams and club nights: check-in, seating round by round,
seat swaps before a round starts."""
import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.i18n import render
from league.models import (
    CheckIn, Club, Game, GameSeat, GameSide, HandRevision, League, LeagueFormat, Night, Player, Result,
    Round, RuleProfile, Season, Table, Team,
)
from scoring.errors import ScoringError
from scoring.seating import Round as SeatingRound
from scoring.seating import SeatingHistory, pair_swiss, pair_teams, seat_progressive, seat_threes, seed_round
from scoring.seating import Table as SeatingTable
from scoring.standings import parse_precedence

from .games import game_create
from .ratings import seeding_ratings
from .trust import Actor, log_change, record_revision



def _check(errors):
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def league_create(*, club: Club, name: str, rule_profile: RuleProfile, format: str = LeagueFormat.PROGRESSIVE,
                  is_public: bool = False, bye_scoring: str = League.ByeScoring.NONE,
                  odd_players: str = League.OddPlayers.SIT_OUT, confirmation: bool = False) -> League:
    """A league of the club with its rules and format; with ``confirmation`` the
    other side confirms each hand and standings count only confirmed games."""
    errors = {}
    if rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    kind = rule_profile.kind
    # cribbage and three-handed Pinochle are every player for themself:
    # individual leagues, and only those (the kind says which formats fit)
    errors.update(kind.league_errors(format=format, rule_profile=rule_profile))
    if odd_players == League.OddPlayers.THREE_HANDED and (
            not kind.seats_odd_players_three_handed or format != LeagueFormat.PROGRESSIVE):
        errors["odd_players"] = [_("A three-handed table for the odd players is for progressive partnership "
                                   "Pinochle leagues; choose sit-outs.")]
    slug = slugify(name)[:50] or "league"
    if club.leagues.filter(slug=slug).exists():
        errors["name"] = [_("The club already has a league called %(name)s.") % {"name": name}]
    _check(errors)
    league = League(club=club, name=name, slug=slug, rule_profile=rule_profile, format=format,
                    is_public=is_public, bye_scoring=bye_scoring, odd_players=odd_players,
                    confirmation=confirmation)
    league.full_clean()
    league.save()
    return league


def _precedence(precedence) -> list:
    try:
        parse_precedence(precedence)
    except ScoringError as e:
        raise ValidationError({"precedence": [render(e.message)]}) from e
    return list(precedence)


@transaction.atomic
def season_create(*, league: League, name: str, starts_on: datetime.date, ends_on: datetime.date,
                  precedence=None, seed_by_rating: bool = False, handicap_per_point: int = 0,
                  handicap_cap: int = 50) -> Season:
    """A season with its ranking precedence (metric keys, validated by ``scoring.standings``),
    rating seeding and handicap options (docs/ratings.md)."""
    from league.models import DEFAULT_PRECEDENCE

    if ends_on < starts_on:
        raise ValidationError({"ends_on": [_("A season ends on or after the day it starts.")]})
    if not precedence:
        precedence = league.rule_profile.kind.default_precedence()
    season = Season(league=league, name=name, starts_on=starts_on, ends_on=ends_on,
                    precedence=_precedence(precedence or DEFAULT_PRECEDENCE), seed_by_rating=seed_by_rating,
                    handicap_per_point=handicap_per_point or 0,
                    handicap_cap=50 if handicap_cap is None else handicap_cap)
    season.full_clean()
    season.save()
    return season


@transaction.atomic
def team_create(*, season: Season, player_a: Player, player_b: Player, name: str = "") -> Team:
    """A fixed partnership for the season; a player is on one team per season."""
    club_id = season.league.club_id
    from league.names import clean_name

    name = clean_name(name)
    errors = {}
    if player_a.pk == player_b.pk:
        errors["player_b"] = [_("A team is two different players.")]
    if player_a.club_id != club_id or player_b.club_id != club_id:
        errors["player_a"] = [_("Both players must belong to the league's club.")]
    taken = season.teams.filter(player_a__in=[player_a, player_b]) | season.teams.filter(
        player_b__in=[player_a, player_b])
    if taken.exists():
        errors["player_a"] = [_("One of these players is already on a team this season.")]
    _check(errors)
    team = Team(season=season, player_a=player_a, player_b=player_b,
                name=name.strip() or f"{player_a.name} & {player_b.name}")
    team.full_clean()
    team.save()
    return team


@transaction.atomic
def night_create(*, season: Season, date: datetime.date, rounds: int = 3) -> Night:
    """A club night of the season."""
    if not season.starts_on <= date <= season.ends_on:
        raise ValidationError({"date": [_("The night must fall within the season (%(a)s – %(b)s).") % {
            "a": season.starts_on, "b": season.ends_on}]})
    if not 1 <= rounds <= 20:
        raise ValidationError({"rounds": [_("A night has 1 to 20 rounds.")]})
    return Night.objects.create(season=season, date=date, rounds=rounds)


def _locked_night(night: Night) -> Night:
    night = Night.objects.select_for_update().select_related("season__league").get(pk=night.pk)
    if night.status == Night.Status.LOCKED:
        raise ValidationError(_("This night is locked."))
    return night


@transaction.atomic
def night_check_in(*, night: Night, players=(), teams=()) -> list[CheckIn]:
    """Check players (progressive) or teams (fixed partnerships) in; repeats are ignored."""
    night = _locked_night(night)
    league = night.season.league
    if league.format == LeagueFormat.FIXED:
        if players:
            raise ValidationError({"players": [_("This league checks in teams, not players.")]})
        if any(t.season_id != night.season_id for t in teams):
            raise ValidationError({"teams": [_("Every team must belong to this season.")]})
        have = set(night.checkins.values_list("team_id", flat=True))
        new = [CheckIn(night=night, team=t) for t in teams if t.pk not in have]
    else:
        if teams:
            raise ValidationError({"teams": [_("This league checks in players, not teams.")]})
        if any(p.club_id != league.club_id for p in players):
            raise ValidationError({"players": [_("Every player must belong to the league's club.")]})
        have = set(night.checkins.values_list("player_id", flat=True))
        new = [CheckIn(night=night, player=p) for p in {p.pk: p for p in players}.values() if p.pk not in have]
    return CheckIn.objects.bulk_create(new)


@transaction.atomic
def night_check_out(*, night: Night, players=(), teams=()) -> int:
    """Undo check-ins; players or teams already seated tonight keep their seats
    and stay checked in. Returns how many were checked out."""
    night = _locked_night(night)
    seated_players = set(GameSeat.objects.filter(game__table__round__night=night).values_list("player_id", flat=True))
    seated_teams = set(GameSide.objects.filter(game__table__round__night=night).values_list("team_id", flat=True))
    gone = night.checkins.filter(player__in=[p for p in players if p.pk not in seated_players]) | \
        night.checkins.filter(team__in=[t for t in teams if t.pk not in seated_teams])
    return gone.delete()[0]


def _tonight(night: Night, fixed: bool) -> list[SeatingRound]:
    """The night's seated rounds as the seating engines see them."""
    rounds = []
    for rnd in night.round_set.prefetch_related("tables__game__seats", "tables__game__sides"):
        tables = []
        for table in rnd.tables.all():
            game = getattr(table, "game", None)
            if game is None:
                continue
            if fixed:
                sides = sorted(game.sides.all(), key=lambda s: s.side)
                tables.append(SeatingTable(tuple(s.team_id for s in sides)))
            else:
                seats = sorted(game.seats.all(), key=lambda s: s.seat)
                tables.append(SeatingTable(tuple(s.player_id for s in seats)))
        rounds.append(SeatingRound(tuple(tables), tuple(rnd.sitting_out)))
    return rounds


def _season_byes(night: Night) -> dict:
    """Byes of the season's other nights, by entrant."""
    byes = {}
    for rnd in Round.objects.filter(night__season=night.season).exclude(night=night).only("sitting_out"):
        for entrant in rnd.sitting_out:
            byes[entrant] = byes.get(entrant, 0) + 1
    return byes


def _history(night: Night, fixed: bool, tonight=None, season_byes=None) -> SeatingHistory:
    """Tonight's partners and opponents, and the season's byes, for the seating engines."""
    hist = SeatingHistory.from_rounds(_tonight(night, fixed) if tonight is None else tonight)
    byes = dict(_season_byes(night) if season_byes is None else season_byes)
    for entrant, n in hist.byes.items():
        byes[entrant] = byes.get(entrant, 0) + n
    return SeatingHistory(hist.partners, hist.opponents, byes, hist.three_handed)


ROUND_ROBIN_MAX = 8  # cribbage leagues seat a round robin up to this many players, Swiss above


def _individual_plan(night: Night, entrants: list, number: int) -> SeatingRound:
    """The next round of a one-against-one (cribbage) night.

    Up to ROUND_ROBIN_MAX players: round ``number`` of a round robin planned for
    the whole night (the same players, season byes and seed give the same plan
    every round), so nobody meets anyone twice until everyone has met everyone;
    once tonight's rounds differ from the plan (a walk-in, a seat swap), each
    round pairs those who met least tonight instead. Larger fields: Swiss by
    the season's game points (one aggregate query), avoiding tonight's
    opponents (see ``scoring.seating.swiss`` for when that is guaranteed)."""
    tonight, season_byes = _tonight(night, False), _season_byes(night)
    history = _history(night, False, tonight, season_byes)
    seed = night.pk * 100 + number
    if len(entrants) > ROUND_ROBIN_MAX:
        points = dict(Result.objects.filter(season_id=night.season_id, player_id__in=entrants)
                      .values("player_id").annotate(gp=Sum("game_points")).values_list("player_id", "gp"))
        return pair_swiss(entrants, points, history=history, seed=seed)
    planned = pair_teams(entrants, night.rounds, history=SeatingHistory(byes=season_byes), seed=night.pk * 100)

    def pairs(rnd):
        return {frozenset(t.seats) for t in rnd.tables}, set(rnd.sitting_out)

    if all(pairs(a) == pairs(b) for a, b in zip(planned, tonight)):
        return planned[number - 1]
    return pair_teams(entrants, 1, history=history, seed=seed)[0]


@transaction.atomic
def round_seat(*, night: Night, by=None, hand_limit: int | None = None, log_early: bool = False) -> Round:
    """Seat the night's next round from the checked-in players or teams and
    create each table's game with the league's rules and the right seats:
    partnership, double-deck or rummy games of four (a progressive
    partnership league may put its odd players at a cut-throat table of
    three), or, in an individual league, cribbage pairs or three-handed
    tables of three.

    The night page asks before seating a round while the last one still has
    tables playing (``round_unfinished_tables``); with ``log_early`` such a
    seating is written to the league's change log."""
    night = _locked_night(night)
    early = round_unfinished_tables(night) if log_early else []
    league = night.season.league
    kind = league.rule_profile.kind
    fixed = league.format == LeagueFormat.FIXED
    individual = league.format == LeagueFormat.INDIVIDUAL  # cribbage pairs, tables of three
    number = night.round_set.count() + 1
    if number > night.rounds:
        raise ValidationError(ngettext("The night's only round is seated.", "All %(n)d rounds of this night are seated.",
                                       night.rounds) % {"n": night.rounds})
    if hand_limit is not None and not 1 <= hand_limit <= 100:
        raise ValidationError({"hand_limit": [_("Hands per round: 1 to 100, or empty to play to the target.")]})
    if hand_limit is not None and kind.hand_limit_error() is not None:
        raise ValidationError({"hand_limit": [str(kind.hand_limit_error())]})
    checkins = list(night.checkins.select_related("player", "team__player_a", "team__player_b"))
    entrants = sorted(c.team_id if fixed else c.player_id for c in checkins)
    try:
        if individual and kind.seats_threes:
            plan = seat_threes(entrants, history=_history(night, False), seed=night.pk * 100 + number)
        elif individual:  # round robin for small cribbage fields, Swiss for larger ones
            plan = _individual_plan(night, entrants, number)
        elif fixed:
            plan = pair_teams(entrants, 1, history=_history(night, fixed), seed=night.pk * 100 + number)[0]
        else:
            plan = seat_progressive(entrants, 1, odd=league.odd_players, history=_history(night, fixed),
                                    seed=night.pk * 100 + number)[0]
    except ScoringError as e:
        raise ValidationError({"checkins": [render(e.message)]}) from e
    if number == 1 and night.season.seed_by_rating:  # docs/ratings.md §Seeding
        plan = seed_round(plan, seeding_ratings(night.season, entrants), partners=not fixed)
    rnd = Round.objects.create(night=night, number=number, sitting_out=list(plan.sitting_out))
    teams = {c.team_id: c.team for c in checkins if c.team_id}
    players = {c.player_id: c.player for c in checkins if c.player_id}
    for i, seating in enumerate(plan.tables, start=1):
        table = Table.objects.create(round=rnd, number=i)
        if fixed:
            ns, ew = (teams[t] for t in seating.seats)
            seated = [ns.player_a, ew.player_a, ns.player_b, ew.player_b]
        else:
            seated = [players[p] for p in seating.seats]
        limit = hand_limit
        if len(seated) != kind.seats:  # the odd players' table (seats_odd_players_three_handed)
            game = kind.start_odd_table(league=league, players=seated, by=by,
                                        first_dealer=(number - 1) % len(seated))
        else:
            game = kind.start_league_game(club=league.club, players=seated, rule_profile=league.rule_profile,
                                          by=by, first_dealer=(number - 1) % len(seated))
            if not kind.plays_to_hand_limit:
                limit = game.hand_limit  # rummy: the profile's rounds, if it ends after a number of rounds
        Game.objects.filter(pk=game.pk).update(table=table, hand_limit=limit)
        if fixed:
            GameSide.objects.filter(game=game, side=0).update(team=ns)
            GameSide.objects.filter(game=game, side=1).update(team=ew)
    if night.status == Night.Status.OPEN:
        night.status = Night.Status.PLAYING
        night.save(update_fields=["status"])
    if early:
        log_change(night, None, Actor.of(by), _("seated before the last round was played out"),
                   round_seat_early_summary(number, early))
    return rnd


def round_unfinished_tables(night: Night) -> list[int]:
    """The table numbers of the night's latest round whose games have no result
    yet: seating the next round now would start it before this one is played out."""
    latest = night.round_set.order_by("-number").first()
    if latest is None:
        return []
    return list(Table.objects.filter(round=latest, game__isnull=False, game__finished_at__isnull=True)
                .order_by("number").values_list("number", flat=True))


def round_seat_early_summary(number: int, tables: list[int]) -> str:
    return ngettext("Round %(n)d seated while table %(tables)s of round %(prev)d was still playing.",
                    "Round %(n)d seated while tables %(tables)s of round %(prev)d were still playing.",
                    len(tables)) % {"n": number, "prev": number - 1, "tables": ", ".join(map(str, tables))}


@transaction.atomic
def round_unseat(*, night: Night, by=None, reason: str = "") -> int:
    """Undo the seating of the night's latest round while none of its games has
    an entry: its games, tables and the round go, and the league's change log
    keeps who undid it, when and why. Returns the round's number."""
    night = _locked_night(night)
    rnd = night.round_set.order_by("-number").first()
    if rnd is None:
        raise ValidationError(_("No round is seated yet."))
    games = Game.objects.select_for_update().filter(table__round=rnd)
    if any(g.hand_count for g in games):
        raise ValidationError(_("Round %(n)d has hands entered: its seating can no longer be undone.")
                              % {"n": rnd.number})
    tables = rnd.tables.count()
    number = rnd.number
    games.delete()
    rnd.delete()
    if not night.round_set.exists() and night.status == Night.Status.PLAYING:
        night.status = Night.Status.OPEN
        night.save(update_fields=["status"])
    summary = ngettext("Round %(n)d's seating undone (%(t)d table, no hand entered).",
                       "Round %(n)d's seating undone (%(t)d tables, no hand entered).", tables) % {
        "n": number, "t": tables}
    log_change(night, None, Actor.of(by), reason or _("seated too early"), summary)
    return number


@transaction.atomic
def round_swap_seats(*, round: Round, first: tuple[int, int], second: tuple[int, int], by=None) -> None:
    """Swap the players of two seats, ``(table number, seat)`` each, before
    either table's game has a hand. Fixed partnerships stay together. Each
    game changed records its seats before and after in its audit trail."""
    night = _locked_night(round.night)
    if night.season.league.format == LeagueFormat.FIXED:
        raise ValidationError(_("In a fixed-partnership league the teams stay together."))
    seats = {}
    for key, (table_no, seat) in (("first", first), ("second", second)):
        found = GameSeat.objects.select_related("game").filter(
            game__table__round=round, game__table__number=table_no, seat=seat).first()
        if found is None:
            raise ValidationError({key: [_("There is no seat %(seat)s at table %(table)s.") % {
                "seat": seat, "table": table_no}]})
        if found.game.hand_count:
            raise ValidationError({key: [_("Table %(table)s has started; seats can no longer change.") % {
                "table": table_no}]})
        seats[key] = found
    a, b = seats["first"], seats["second"]
    if a.pk == b.pk:
        return
    games = {a.game_id: a.game, b.game_id: b.game}
    before = {pk: _seats(pk) for pk in games}
    rows = [GameSeat(game_id=a.game_id, seat=a.seat, player_id=b.player_id),
            GameSeat(game_id=b.game_id, seat=b.seat, player_id=a.player_id)]
    GameSeat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    GameSeat.objects.bulk_create(rows)
    for pk, game in games.items():
        record_revision(game, None, 0, HandRevision.Action.SEATS, Actor.of(by),
                        before={"seats": before[pk]}, after={"seats": _seats(pk)})


def _seats(game_id: int) -> list[dict]:
    return [{"seat": seat, "player": name} for seat, name in
            GameSeat.objects.filter(game_id=game_id).order_by("seat").values_list("seat", "player__name")]
