"""Writes of an event (docs/tournaments.md): create it, register entrants,
start a stage (its seating and games), run each round's clock, advance,
set up side pools and name their winners.

Each service is one transaction and raises ``ValidationError`` keyed by the
form's field names, saving nothing, on bad input. Games are started with the
game kind's own service (``GameKind.start_league_game``), so they are
ordinary games with their table links, entered through the one workflow.
"""
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.i18n import render
from league.models import (
    Club, Entrant, Game, Match, MatchGame, MatchSide, RuleProfile, SidePool, Stage, StageRound, Tournament,
)
from league.selectors.tournaments import PLAYOFF, QUALIFYING, QUALIFYING_KINDS, SWISS, event_view, match_state
from league.tournament_stages import register_moves, stage_kind
from scoring.errors import ScoringError
from scoring.tournament import advance, bracket, payouts

from .games import player_get_or_create
from .trust import Actor


def per_side(kind) -> int:
    """Players an entrant brings: two partners where the game is played in partnerships, else one."""
    return kind.seats // kind.sides


@transaction.atomic
def tournament_create(*, club: Club, name: str, date, rule_profile: RuleProfile, venue: str = "",
                      is_public: bool = True, entry_fee: int = 0, unit: int = 1, payout_shares=(50, 30, 20),
                      qualifier_share: str = Tournament.Share.QUARTER, by=None) -> Tournament:
    """A new event of the club, in registration."""
    errors = {}
    if rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    if unit < 1:
        errors["unit"] = [_("The smallest amount paid out must be at least 1.")]
    elif entry_fee % unit:
        errors["entry_fee"] = [_("The entry fee must be a multiple of the smallest amount paid out (%(unit)d).")
                               % {"unit": unit}]
    shares = [int(s) for s in payout_shares]
    try:
        payouts(unit, shares, unit)
    except ScoringError as e:
        errors["payout_shares"] = [render(e.message)]
    if qualifier_share not in Tournament.Share.values:
        errors["qualifier_share"] = [_("Choose one of the shares offered.")]
    base = slugify(name)[:40] or "event"
    if not base.strip("-"):
        base = "event"
    if errors:
        raise ValidationError(errors)
    slug, n = base, 2
    while Tournament.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    try:
        with transaction.atomic():  # another event of that name created at the same moment takes the slug
            return Tournament.objects.create(
                club=club, name=name, slug=slug, date=date, venue=venue, rule_profile=rule_profile,
                is_public=is_public, entry_fee=entry_fee, unit=unit, payout_shares=shares,
                qualifier_share=qualifier_share, created_by=Actor.of(by).user,
            )
    except IntegrityError:
        raise ValidationError({"name": [_("Another event of that name was just created; try again.")]}) from None


@transaction.atomic
def entrant_register(*, tournament: Tournament, name: str, partner: str = "", by=None) -> Entrant:
    """Register a player (with a partner where the game is played in partnerships).

    Before the first stage, an entrant from the start; once the qualifying
    rounds have started, a late entrant (a walk-in) who plays from the first
    round not under way (``joins_round``; the rounds missed score nothing,
    docs/rules.md §9): the movement's rounds to come are seated again."""
    tournament = Tournament.objects.select_for_update().select_related("rule_profile", "club").get(pk=tournament.pk)
    joins = None
    if tournament.status != Tournament.Status.REGISTRATION:
        joins = late_round(tournament)  # refuses once no qualifying round is left to join
    kind = tournament.kind
    players = [player_get_or_create(club=tournament.club, name=name)]
    if per_side(kind) == 2:
        if not (partner or "").strip():
            raise ValidationError({"partner": [_("This game is played in partnerships: enter the partner too.")]})
        try:
            players.append(player_get_or_create(club=tournament.club, name=partner))
        except ValidationError as e:
            raise ValidationError({"partner": e.message_dict.get("name", e.messages)}) from e
        if players[0].pk == players[1].pk:
            raise ValidationError({"partner": [_("A partner is another player.")]})
    taken = set(tournament.entrants.values_list("player_id", flat=True)) | set(
        tournament.entrants.exclude(partner=None).values_list("partner_id", flat=True))
    for field, player in zip(("name", "partner"), players):
        if player.pk in taken:
            raise ValidationError({field: [_("%(name)s is already entered.") % {"name": player.name}]})
    number = (tournament.entrants.aggregate(n=Max("number"))["n"] or 0) + 1
    entrant = Entrant.objects.create(tournament=tournament, number=number, player=players[0],
                                     partner=players[1] if len(players) == 2 else None, joins_round=joins)
    if joins is not None:
        stage = tournament.stages.filter(kind=QUALIFYING).first()
        if stage is not None:  # the movement seated in advance: its rounds to come are seated again
            reseat_rounds(tournament=tournament, stage=stage, first=joins, by=by)
    return entrant


def _round_started(rnd: StageRound) -> bool:
    """A round is under way once its clock is started or any of its games has an entry."""
    return rnd.started_at is not None or any(
        mg.game.hand_count for match in rnd.matches.all() for mg in match.games.all())


def late_round(tournament: Tournament) -> int:
    """The qualifying round a late entrant checked in now plays from: the first
    not under way (Swiss: the next one to be paired); refused once there is none."""
    stage = tournament.stages.order_by("number").first()
    closed = ValidationError({"name": [_("Registration is closed: no qualifying round is left to join.")]})
    if stage is None or stage.kind not in QUALIFYING_KINDS or stage.finished:
        raise closed
    rounds = list(stage.round_set.prefetch_related("matches__games__game"))
    if stage.kind == SWISS:
        if len(rounds) >= stage.rounds:
            raise closed
        return len(rounds) + 1
    waiting = [r.number for r in rounds if not _round_started(r)]
    if not waiting or any(r.number > waiting[0] and _round_started(r) for r in rounds):
        raise closed
    return waiting[0]


def reseat_rounds(*, tournament: Tournament, stage: Stage, first: int, by) -> None:
    """Seat the stage's rounds from ``first`` on again, for the entrants playing now (a late
    entrant in, a withdrawn one out), avoiding the meetings of the rounds before
    (``scoring.seating.pair_teams`` / ``seat_threes`` with that history). Their games had no
    entry yet: they are started again, with new table links (print the table cards again)."""
    from scoring.seating import Round as Plan, SeatingHistory, Table as PlanTable, pair_teams, seat_threes

    entrants = [e for e in tournament.entrants.select_related("player", "partner") if e.withdrawn_round is None]
    by_number = {e.number: e for e in entrants}
    earlier, later = [], []
    for rnd in stage.round_set.prefetch_related("matches__sides__entrant", "matches__games__game"):
        if rnd.number < first:
            tables, out = [], []
            for match in rnd.matches.all():
                numbers = tuple(ms.entrant.number for ms in match.sides.all())
                (out.extend(numbers) if match.bye else tables.append(PlanTable(numbers)))
            seated = {n for t in tables for n in t.seats} | set(out)
            out += [e.number for e in entrants if e.number not in seated]  # a late entrant's missed round: no bye later
            earlier.append(Plan(tuple(tables), tuple(out)))
        else:
            later.append(rnd)
    for rnd in later:
        for match in rnd.matches.all():
            Game.objects.filter(pk__in=[mg.game_id for mg in match.games.all()]).delete()
        rnd.matches.all().delete()
    ids = [e.number for e in entrants]
    try:
        if tournament.kind.sides == 3:
            plan = []
            for rnd in later:
                plan.append(seat_threes(ids, history=SeatingHistory.from_rounds(earlier + plan), seed=rnd.number))
        else:
            plan = list(pair_teams(ids, len(later), history=SeatingHistory.from_rounds(earlier), seed=0))
    except ScoringError as e:
        raise ValidationError({"name": [render(e.message)]}) from e
    for rnd, seating in zip(later, plan):
        tables = [[by_number[i] for i in t.seats] for t in seating.tables]
        tables += [[by_number[i]] for i in seating.sitting_out]
        for table_number, seated in enumerate(tables, start=1):
            match_create(tournament, rnd, table_number, seated, by=by)


@transaction.atomic
def entrant_withdraw(*, entrant: Entrant, by=None) -> int | None:
    """A no-show or a withdrawal; the round they forfeit from, or None.

    Before the first stage the entry is taken back (never seated; its number
    is not reused). During the qualifying rounds the entrant stays, marked
    withdrawn (``withdrawn_round``): each of their games with no entry yet is
    forfeited (the game is removed, the table scores a win for the others,
    docs/rules.md §9), a game under way is finished on its pad; at tables of
    three the rounds to come are seated again without them. They are not
    seeded into the playoffs. Not during the playoffs: there the director
    records a late player's minutes on the match (:func:`match_late`)."""
    tournament = Tournament.objects.select_for_update().select_related("rule_profile", "club").get(
        pk=entrant.tournament_id)
    entrant = Entrant.objects.get(pk=entrant.pk)
    if tournament.status == Tournament.Status.REGISTRATION:
        Entrant.objects.filter(pk=entrant.pk).delete()
        return None
    stage = tournament.stages.order_by("-number").first()
    if stage is None or stage.kind not in QUALIFYING_KINDS or stage.finished:
        raise ValidationError({"entrant": [_("Qualifying is over: an entrant withdraws only during the qualifying "
                                             "rounds (in a playoff match, record the minutes late).")]})
    if entrant.withdrawn_round is not None:
        raise ValidationError({"entrant": [_("%(name)s has already withdrawn.") % {"name": entrant.name}]})
    unplayed = list(MatchGame.objects.filter(
        match__round__stage=stage, match__sides__entrant=entrant, game__hand_count=0,
        game__finished_at__isnull=True).select_related("match__round"))
    rounds = sorted({mg.match.round.number for mg in unplayed})
    entrant.withdrawn_round = rounds[0] if rounds else stage.rounds + 1
    entrant.save(update_fields=["withdrawn_round"])
    if tournament.kind.sides == 3 and stage.kind == QUALIFYING:
        waiting = [r.number for r in stage.round_set.prefetch_related("matches__games__game")
                   if not _round_started(r)]
        if waiting:
            reseat_rounds(tournament=tournament, stage=stage, first=waiting[0], by=by)
        return entrant.withdrawn_round
    Game.objects.filter(pk__in=[mg.game_id for mg in unplayed]).delete()
    return entrant.withdrawn_round


@transaction.atomic
def match_late(*, stage: Stage, round_number: int, match_number: int, entrant_number: int, minutes: int) -> Match:
    """Record that an entrant of a playoff match had not appeared after ``minutes``:
    they forfeit a game after five minutes and another every fifteen
    (``scoring.tournament.forfeited_games``); once those games decide the
    match, its games with no entry yet are removed. The loser keeps the
    losers' prize of that round."""
    stage = Stage.objects.select_for_update().select_related("tournament__rule_profile").get(pk=stage.pk)
    if stage.kind != PLAYOFF or stage.finished:
        raise ValidationError({"minutes": [_("Minutes late are recorded on a playoff match being played.")]})
    match = Match.objects.filter(round__stage=stage, round__number=round_number, number=match_number).first()
    if match is None or match.bye:
        raise ValidationError({"entrant": [_("Choose a match of the bracket that is played.")]})
    side = match.sides.filter(entrant__number=entrant_number).select_related("entrant").first()
    if side is None:
        raise ValidationError({"entrant": [_("Choose one of the match's two entrants.")]})
    if not 0 <= minutes <= 600:
        raise ValidationError({"minutes": [_("Minutes late: 0 to 600.")]})
    last = stage.round_set.order_by("-number").first()
    if last.number != round_number:
        raise ValidationError({"entrant": [_("Round %(n)d is over.") % {"n": round_number}]})
    before = match_state(Match.objects.prefetch_related("sides__entrant", "games__game__sides").get(pk=match.pk),
                         stage.best_of)
    if before.decided:
        raise ValidationError({"entrant": [_("Match %(n)d is decided.") % {"n": match.number}]})
    MatchSide.objects.filter(pk=side.pk).update(late_minutes=minutes)
    after = match_state(Match.objects.prefetch_related("sides__entrant", "games__game__sides").get(pk=match.pk),
                        stage.best_of)
    if after.decided:
        Game.objects.filter(pk__in=[mg.game_id for mg in after.games if not mg.game.hand_count]).delete()
    return match


def seated_players(kind, entrants: list[Entrant]) -> list:
    """A game's players in seat order from its sides' entrants: at partnership
    games side 0 sits N and S, side 1 E and W."""
    if per_side(kind) == 2:
        a, b = entrants
        return [a.player, b.player, a.partner, b.partner]
    return [e.player for e in entrants]


def game_start(tournament: Tournament, match: Match, entrants: list[Entrant], number: int, by) -> MatchGame:
    """Start game ``number`` of ``match`` with the kind's own service (an ordinary game with its table link)."""
    kind = tournament.kind
    players = seated_players(kind, entrants)
    game = kind.start_league_game(club=tournament.club, players=players, rule_profile=tournament.rule_profile,
                                  by=by, first_dealer=(number - 1) % len(players))
    return MatchGame.objects.create(match=match, number=number, game=game)


def match_create(tournament, rnd: StageRound, number: int, entrants: list, seeds=None, by=None) -> Match:
    """A match of ``entrants`` (one: a bye) with its first game."""
    match = Match.objects.create(round=rnd, number=number, bye=len(entrants) == 1)
    MatchSide.objects.bulk_create(
        MatchSide(match=match, side=i, entrant=e, seed=seeds[i] if seeds else None) for i, e in enumerate(entrants))
    if not match.bye:
        game_start(tournament, match, entrants, 1, by)
    return match


@transaction.atomic
def stage_start(*, tournament: Tournament, kind: str, rounds: int = 1, best_of: int = 1,
                minutes: int | None = None, by=None) -> Stage:
    """Start the next stage of a kind of the stage registry: it seats its rounds and starts their games."""
    tournament = Tournament.objects.select_for_update().select_related("rule_profile", "club").get(pk=tournament.pk)
    try:
        stage_type = stage_kind(kind)
    except KeyError:
        raise ValidationError({"kind": [_("Choose a kind of stage offered.")]}) from None
    if tournament.status == Tournament.Status.FINISHED:
        raise ValidationError({"kind": [_("The event is finished.")]})
    last = tournament.stages.order_by("-number").first()
    if last is not None and not last.finished:
        raise ValidationError({"kind": [_("Finish stage %(n)d first.") % {"n": last.number}]})
    errors = stage_type.errors(tournament=tournament, rounds=rounds, best_of=best_of, previous=last)
    if minutes is not None and not 1 <= minutes <= 600:
        errors.setdefault("minutes", []).append(_("A round lasts 1 to 600 minutes."))
    if errors:
        raise ValidationError(errors)
    stage = Stage.objects.create(tournament=tournament, number=(last.number + 1) if last else 1, kind=kind,
                                 rounds=rounds if stage_type.has_rounds else 1, best_of=best_of, minutes=minutes)
    stage_type.seat(tournament=tournament, stage=stage, by=by)
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.PLAYING
        tournament.save(update_fields=["status"])
    return stage


def seat_qualifying(*, tournament: Tournament, stage: Stage, by) -> None:
    """Every qualifying round seated in advance (the movement), each table's game started.

    Head-to-head games: a round robin by the circle method
    (``scoring.seating.pair_teams``), one entrant a round with a bye when
    their number is odd; tables of three: ``scoring.seating.seat_threes``
    round after round, so entrants meet as evenly as the numbers allow."""
    from scoring.seating import SeatingHistory, pair_teams, seat_threes

    entrants = list(tournament.entrants.select_related("player", "partner"))
    by_id = {e.number: e for e in entrants}  # seated by entrant number: the same movement in any database
    ids = [e.number for e in entrants]
    try:
        if tournament.kind.sides == 3:
            plan = []
            for number in range(stage.rounds):
                plan.append(seat_threes(ids, history=SeatingHistory.from_rounds(plan), seed=number))
        else:
            plan = list(pair_teams(ids, stage.rounds, seed=0))
    except ScoringError as e:
        raise ValidationError({"rounds": [render(e.message)]}) from e
    for number, seating in enumerate(plan, start=1):
        rnd = StageRound.objects.create(stage=stage, number=number)
        tables = [[by_id[i] for i in t.seats] for t in seating.tables]
        tables += [[by_id[i]] for i in seating.sitting_out]
        for table_number, seated in enumerate(tables, start=1):
            match_create(tournament, rnd, table_number, seated, by=by)


def seat_playoff(*, tournament: Tournament, stage: Stage, by) -> None:
    """The bracket's first round from the qualifying standings: seed 1 the best
    qualifier, byes to the highest seeds (``scoring.tournament.bracket``)."""
    view = event_view(tournament)
    seeded = view.seeding  # the best qualifiers, an entrant withdrawn during qualifying left out
    rnd = StageRound.objects.create(stage=stage, number=1)
    for number, (high, low) in enumerate(bracket(len(seeded)), start=1):
        pair = [high] if low is None else [high, low]
        match_create(tournament, rnd, number, [seeded[s - 1] for s in pair], seeds=pair, by=by)


CLOCK = ("start", "last_hand", "time_up")


@transaction.atomic
def round_clock(*, stage_round: StageRound, action: str, at=None) -> StageRound:
    """The round clock: ``start``, the director's ``last_hand`` call, ``time_up``; each once, in that order."""
    rnd = StageRound.objects.select_for_update().get(pk=stage_round.pk)
    at = at or timezone.now()
    if action not in CLOCK:
        raise ValidationError({"action": [_("Start the round, call the last hand or call time.")]})
    if action == "start":
        if rnd.started_at is not None:
            raise ValidationError({"action": [_("Round %(n)d has already started.") % {"n": rnd.number}]})
        rnd.started_at = at
    elif rnd.started_at is None:
        raise ValidationError({"action": [_("Start round %(n)d first.") % {"n": rnd.number}]})
    elif action == "last_hand":
        if rnd.last_hand_at is not None or rnd.time_up_at is not None:
            raise ValidationError({"action": [_("The last hand of round %(n)d is already called.") % {"n": rnd.number}]})
        rnd.last_hand_at = at
    else:
        if rnd.time_up_at is not None:
            raise ValidationError({"action": [_("Time is already up in round %(n)d.") % {"n": rnd.number}]})
        rnd.time_up_at = at
    rnd.save(update_fields=["started_at", "last_hand_at", "time_up_at"])
    if action != "start":
        time_called(rnd, last_hand=action == "last_hand")
    return rnd


def time_called(rnd: StageRound, *, last_hand: bool) -> list[Game]:
    """The last hand or time called: each game of the round still played gets the hand
    limit its kind gives (``time_called_limit``): at the last hand, the hand in play
    ends it; at time, the hands entered do. The rules' hand-limit arithmetic then
    decides it ("55 minutes or 500": the higher total wins, level totals are a draw,
    docs/rules.md §9). Kept as the game's hand limit, so a correction or
    ``rescore`` re-derives the same ending. The games that ended, in table order."""
    from .rescore import game_rescore

    ended = []
    for mg in MatchGame.objects.filter(match__round=rnd, game__status=Game.Status.IN_PROGRESS).select_related(
            "game").order_by("match__number", "number"):
        game = mg.game
        limit = game.kind.time_called_limit(game, last_hand=last_hand)
        if limit is None or (game.hand_limit is not None and game.hand_limit <= limit):
            continue
        Game.objects.filter(pk=game.pk).update(hand_limit=limit)
        game_rescore(game)
        game.refresh_from_db()
        if game.is_finished:
            ended.append(game)
    return ended


@transaction.atomic
def stage_advance(*, stage: Stage, by=None) -> str:
    """Move the stage on from the stored games, as its kind does (``StageKind.advance``); what happened, in words."""
    stage = Stage.objects.select_for_update().select_related("tournament__rule_profile", "tournament__club").get(
        pk=stage.pk)
    if stage.finished:
        raise ValidationError({"stage": [_("Stage %(n)d is finished.") % {"n": stage.number}]})
    return stage_kind(stage.kind).advance(stage=stage, by=by)


def _refuse_while_playing(stage: Stage) -> None:
    playing = []
    for rnd in stage.round_set.prefetch_related("matches__games__game"):
        for match in rnd.matches.all():
            if any(not mg.game.is_finished for mg in match.games.all()):
                playing.append(_("round %(round)d table %(table)d") % {"round": rnd.number, "table": match.number})
    if playing:
        raise ValidationError({"stage": [_("Still playing: %(tables)s.") % {"tables": ", ".join(playing)}]})


def seat_swiss(*, tournament: Tournament, stage: Stage, by) -> None:
    """Seat the stage's next Swiss round: entrants ranked by the game points so far
    (``scoring.seating.pair_swiss``), avoiding the stage's earlier meetings."""
    from scoring.seating import Round as Plan, SeatingHistory, Table as PlanTable, pair_swiss

    from league.selectors.tournaments import qualifying_standings, stages

    everyone = list(tournament.entrants.select_related("player", "partner"))
    entrants = [e for e in everyone if e.withdrawn_round is None]  # the withdrawn are not paired again
    by_number = {e.number: e for e in everyone}
    played = next(s for s in stages(tournament) if s.pk == stage.pk)
    earlier = []
    for rnd in played.round_set.all():
        tables, out = [], []
        for match in rnd.matches.all():
            numbers = tuple(ms.entrant.number for ms in match.sides.all())
            if match.bye:
                out.extend(numbers)
            else:
                tables.append(PlanTable(numbers))
        earlier.append(Plan(tuple(tables), tuple(out)))
    scores = {e.number: r.game_points for e, r, _rank in qualifying_standings(tournament, played, everyone)
              if e.withdrawn_round is None}
    try:
        plan = pair_swiss([e.number for e in entrants], scores, history=SeatingHistory.from_rounds(earlier))
    except ScoringError as e:
        raise ValidationError({"rounds": [render(e.message)]}) from e
    rnd = StageRound.objects.create(stage=stage, number=len(earlier) + 1)
    tables = [[by_number[n] for n in t.seats] for t in plan.tables] + [[by_number[n]] for n in plan.sitting_out]
    for number, seated in enumerate(tables, start=1):
        match_create(tournament, rnd, number, seated, by=by)


def advance_swiss(*, stage: Stage, by) -> str:
    """Once a Swiss round is played: the next round is paired, or after the last the stage ends."""
    _refuse_while_playing(stage)
    seated = stage.round_set.count()
    if seated < stage.rounds:
        seat_swiss(tournament=stage.tournament, stage=stage, by=by)
        return _("Round %(n)d is seated.") % {"n": seated + 1}
    return advance_qualifying(stage=stage, by=by)


def advance_qualifying(*, stage: Stage, by) -> str:
    """The qualifying stage ends once every game of it is finished."""
    _refuse_while_playing(stage)
    stage.finished = True
    stage.save(update_fields=["finished"])
    tournament = stage.tournament
    if tournament.kind.sides != 2:  # tables of three have no playoff: the qualifying order is the final one
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        return _("Qualifying is over: its standings are the event's places.")
    return _("Qualifying is over: the qualifiers are known.")


def advance_playoff(*, stage: Stage, by) -> str:
    """Each undecided match whose games are all finished starts its next game;
    once every match of the round is decided, the next round is drawn
    (``scoring.tournament.advance``), or, after the final, the event ends."""
    tournament = stage.tournament
    rnd = stage.round_set.order_by("-number").first()
    states = [match_state(m, stage.best_of) for m in
              rnd.matches.prefetch_related("sides__entrant__player", "sides__entrant__partner", "games__game__sides")]
    started = []
    for state in states:
        if state.decided or state.playing is not None:
            continue
        game_start(tournament, state.match, [s.entrant for s in state.sides], len(state.games) + 1, by)
        started.append(state.match.number)
    if started:
        return _("A next game started at match %(matches)s.") % {"matches": ", ".join(map(str, started))}
    undecided = [str(s.match.number) for s in states if not s.decided]
    if undecided:
        raise ValidationError({"stage": [_("Still playing: match %(matches)s.") % {"matches": ", ".join(undecided)}]})
    if len(states) == 1:
        stage.finished = True
        stage.save(update_fields=["finished"])
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        return _("%(name)s wins the event.") % {"name": states[0].winner.entrant.name}
    pairs = [(s.sides[0].seed, s.sides[1].seed if len(s.sides) > 1 else None) for s in states]
    by_seed = {ms.seed: ms.entrant for s in states for ms in s.sides}
    nxt = StageRound.objects.create(stage=stage, number=rnd.number + 1)
    drawn = advance(pairs, [s.winner.seed for s in states])
    for number, pair in enumerate(drawn, start=1):
        match_create(tournament, nxt, number, [by_seed[seed] for seed in pair], seeds=list(pair), by=by)
    return _("Round %(n)d is drawn.") % {"n": nxt.number}



@transaction.atomic
def side_pool_create(*, tournament: Tournament, name: str, pot: int) -> SidePool:
    """A side pool of the event (skunk bank, high hand...) with its pot, a multiple of the smallest amount paid out."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": [_("Name the pool.")]})
    if pot < 0 or pot % tournament.unit:
        raise ValidationError({"pot": [_("The pot must be a multiple of the smallest amount paid out (%(unit)d).")
                                       % {"unit": tournament.unit}]})
    number = (tournament.pools.aggregate(n=Max("number"))["n"] or 0) + 1
    return SidePool.objects.create(tournament=tournament, number=number, name=name, pot=pot)


@transaction.atomic
def side_pool_award(*, pool: SidePool, winners) -> SidePool:
    """Name the pool's winners (any entrants of its event; none: not awarded yet); they split it equally."""
    pool = SidePool.objects.select_for_update().get(pk=pool.pk)
    winners = list(winners)
    if any(e.tournament_id != pool.tournament_id for e in winners):
        raise ValidationError({"winners": [_("Every winner must be an entrant of this event.")]})
    pool.winners.set(winners)
    return pool


# each kind of stage of the registry (league/tournament_stages.py) moves through these
register_moves(QUALIFYING, seat=seat_qualifying, advance=advance_qualifying)
register_moves(SWISS, seat=seat_swiss, advance=advance_swiss)
register_moves(PLAYOFF, seat=seat_playoff, advance=advance_playoff)
