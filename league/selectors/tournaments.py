"""Reads of an event: its stages as stored, and what ``scoring.tournament``
derives from the stored games (qualifying standings, match winners, places
and the prize table). Nothing derived is stored, so a correction to any game
changes every page that depends on it (docs/tournaments.md)."""
from dataclasses import dataclass, field
from datetime import timedelta
from fractions import Fraction

from django.db.models import Prefetch
from django.utils import timezone

from league.models import Entrant, Game, Match, MatchGame, MatchSide, Stage, StageRound, Tournament
from scoring.tournament import (
    QualifyingRecord, bracket_size, final_ranks, forfeited_games, match_winner, payouts, qualifier_count,
    qualifying_order, round_pace,
)

QUALIFYING, SWISS, PLAYOFF = "qualifying", "swiss", "playoff"
QUALIFYING_KINDS = (QUALIFYING, SWISS)  # the stages whose standings give the qualifiers


def game_sides(game: Game) -> dict:
    """A finished game's outcome per side: ``{side: (won, game points, spread)}``; {} while it is played.

    The game's kind says what a win scores (``GameKind.event_outcome``: at
    cribbage 2 a win and 3 a skunk with its spread, otherwise 1 a win and the
    spread of the totals, against the best other side at a table of three).
    A game ended level when time was called is a draw: no side won it."""
    if not game.is_finished:
        return {}
    return game.kind.event_outcome(game, {s.side: s.total for s in game.sides.all()})


def plain_win_points(tournament: Tournament) -> int:
    """What a bye scores in game points: a plain win (2 at cribbage, 1 otherwise)."""
    return tournament.kind.win_game_points


def stages(tournament: Tournament) -> list[Stage]:
    """The event's stages with their rounds, matches, sides (entrants and players) and games (with sides)."""
    games = MatchGame.objects.select_related("game").prefetch_related("game__sides")
    sides = MatchSide.objects.select_related("entrant__player", "entrant__partner")
    matches = Match.objects.prefetch_related(Prefetch("sides", queryset=sides), Prefetch("games", queryset=games))
    rounds = StageRound.objects.prefetch_related(Prefetch("matches", queryset=matches))
    return list(tournament.stages.prefetch_related(Prefetch("round_set", queryset=rounds)))


@dataclass
class MatchState:
    match: Match
    sides: list  # MatchSide rows, by side
    games: list  # MatchGame rows, by number
    wins: list  # games won by each side (a game the other side forfeited counts as won)
    winner: MatchSide | None
    playing: Game | None  # the game being played now (not finished), if any
    forfeits: list = field(default_factory=list)  # games forfeited by each side (late to the match)

    @property
    def decided(self) -> bool:
        return self.winner is not None


def match_state(match: Match, best_of: int) -> MatchState:
    """Who has won ``match`` so far (a bye's one side has), from its games' stored results."""
    sides = list(match.sides.all())
    games = list(match.games.all())
    wins = [0] * len(sides)
    forfeits = [forfeited_games(ms.late_minutes, best_of) if ms.late_minutes is not None and best_of % 2 else 0
                for ms in sides]
    if len(sides) == 2:  # a side's forfeited games are the other side's wins
        wins = [forfeits[1], forfeits[0]]
    playing = None
    for mg in games:
        outcome = game_sides(mg.game)
        if not outcome:
            playing = mg.game
        for side, (won, _points, _spread) in outcome.items():
            if won and side < len(wins):
                wins[side] += 1
    if match.bye:
        winner = sides[0]
    else:
        index = match_winner(wins, best_of)
        winner = sides[index] if index is not None else None
    return MatchState(match, sides, games, wins, winner, playing, forfeits)


def qualifying_standings(tournament: Tournament, stage: Stage, entrants: list[Entrant]) -> list[tuple]:
    """``[(entrant, record, rank)]`` best first: the qualifying stage's standings
    (``scoring.tournament.qualifying_order``; a bye is a plain win with no spread,
    and so is a table whose other entrant withdrew: a game forfeited, a loss for
    the one who withdrew; a round missed by a late entrant scores nothing)."""
    by_id = {e.pk: e for e in entrants}
    totals = {e.pk: [0, 0, 0, 0] for e in entrants}  # game points, wins, spread, games
    bye_points = plain_win_points(tournament)
    for rnd in stage.round_set.all():
        for match in rnd.matches.all():
            sides = list(match.sides.all())
            if match.bye:
                t = totals[sides[0].entrant_id]
                t[0] += bye_points
                t[1] += 1
                continue
            games = list(match.games.all())
            if not games:  # the game was forfeited: its withdrawn entrants lose, the others win
                gone = [ms for ms in sides if ms.entrant.withdrawn_round is not None]
                for ms in sides:
                    t = totals[ms.entrant_id]
                    t[3] += 1
                    if gone and ms not in gone:
                        t[0] += bye_points
                        t[1] += 1
                continue
            for mg in games:
                for ms in sides:
                    won, points, spread = game_sides(mg.game).get(ms.side, (None, 0, 0))
                    if won is None:
                        continue
                    t = totals[ms.entrant_id]
                    t[0] += points
                    t[1] += int(won)
                    t[2] += spread
                    t[3] += 1
    records = [QualifyingRecord(e.pk, *totals[e.pk]) for e in entrants]
    return [(by_id[r.entrant], r, rank) for r, rank in qualifying_order(records)]


def share_of(tournament: Tournament) -> Fraction:
    return Fraction(tournament.qualifier_share)


@dataclass
class EventView:
    """Everything the event's pages show."""

    tournament: Tournament
    entrants: list
    stages: list
    qualifying: Stage | None = None
    standings: list = field(default_factory=list)  # [(entrant, record, rank)]
    qualifiers: int = 0
    seeding: list = field(default_factory=list)  # the entrants the playoff seeds, best first (the withdrawn left out)
    standing_rows: list = field(default_factory=list)  # [(entrant, record, rank, seed or None)]
    playoff: Stage | None = None
    bracket_rounds: list = field(default_factory=list)  # [(StageRound, [MatchState])]
    champion: Entrant | None = None
    places: dict = field(default_factory=dict)  # entrant id -> rank, once finished
    pot: int = 0
    prizes: list = field(default_factory=list)  # [(place, amount)] before the end
    prize_table: list = field(default_factory=list)  # [(rank, entrant, amount)] once finished
    stage_cards: list = field(default_factory=list)  # [(Stage, [(StageRound, [Card], ends_at, playing)])]
    reseeded: list = field(default_factory=list)  # [(match number, seed, seated entrant, entrant now at that seed)]
    pacing: dict = field(default_factory=dict)  # round number of the current stage -> (Pace, estimated end time)
    pools: list = field(default_factory=list)  # [(SidePool, [(entrant, amount)])]

    @property
    def current_stage(self) -> Stage | None:
        return self.stages[-1] if self.stages else None


def event_view(tournament: Tournament) -> EventView:
    entrants = list(tournament.entrants.select_related("player", "partner"))
    view = EventView(tournament, entrants, stages(tournament))
    view.pot = tournament.entry_fee * len(entrants)
    for stage in view.stages:
        if stage.kind in QUALIFYING_KINDS and view.qualifying is None:
            view.qualifying = stage
        elif stage.kind == PLAYOFF:
            view.playoff = stage
    view.stage_cards = [(stage, stage_rounds(stage)) for stage in view.stages]
    if view.stage_cards and not view.stage_cards[-1][0].finished:
        view.pacing = pacing(*view.stage_cards[-1])
    view.pools = side_pools(tournament)
    if view.qualifying is not None:
        view.standings = qualifying_standings(tournament, view.qualifying, entrants)
    if entrants:
        view.qualifiers = qualifier_count(len(entrants), share_of(tournament))
    view.seeding = [e for e, _record, _rank in view.standings if e.withdrawn_round is None][: view.qualifiers]
    seeds = {e.pk: number for number, e in enumerate(view.seeding, start=1)}
    view.standing_rows = [(e, record, rank, seeds.get(e.pk)) for e, record, rank in view.standings]
    if view.playoff is not None:
        for rnd in view.playoff.round_set.all():
            view.bracket_rounds.append((rnd, [match_state(m, view.playoff.best_of) for m in rnd.matches.all()]))
        view.reseeded = reseeded(view)
        last = view.bracket_rounds[-1][1] if view.bracket_rounds else []
        if view.playoff.finished and len(last) == 1 and last[0].decided:
            view.champion = last[0].winner.entrant
    shares = tournament.payout_shares or [1]
    if view.pot and view.pot % tournament.unit == 0:
        view.prizes = list(enumerate(payouts(view.pot, shares, tournament.unit), start=1))
    if view.playoff is None and view.qualifying is not None and view.qualifying.finished \
            and tournament.kind.sides != 2 and view.standings:
        # no playoff (tables of three): the qualifying standings are the places
        view.places = {e.pk: rank for e, _record, rank in view.standings}
        if [rank for _e, _r, rank in view.standings].count(1) == 1:
            view.champion = view.standings[0][0]
    elif view.champion is not None:
        view.places = places(view)
    if view.places:
        order = sorted(entrants, key=lambda e: (view.places[e.pk], e.number))
        ranks = [view.places[e.pk] for e in order]
        amounts = payouts(view.pot, shares, tournament.unit, ranks=ranks) if view.pot else [0] * len(order)
        view.prize_table = list(zip(ranks, order, amounts))
    return view


def reseeded(view: EventView) -> list:
    """The first playoff round's seats whose seed the qualifying standings now
    give to someone else (a qualifying game corrected after the draw):
    ``[(match number, seed, seated entrant, entrant now at that seed)]``. The
    drawn bracket is never rewritten; the pages say which matches it affects."""
    if not view.bracket_rounds:
        return []
    order = view.seeding
    out = []
    for state in view.bracket_rounds[0][1]:
        for ms in state.sides:
            now = order[ms.seed - 1] if ms.seed and ms.seed <= len(order) else None
            if now is not None and now.pk != ms.entrant_id:
                out.append((state.match.number, ms.seed, ms.entrant, now))
    return out


def side_pools(tournament: Tournament) -> list:
    """Each side pool with its winners' shares: the pot split equally (they all
    rank 1st: ``payouts(pot, [1], unit, ranks=[1, 1, ...])``), in entrant order."""
    out = []
    winners = Entrant.objects.select_related("player", "partner").order_by("number")
    for pool in tournament.pools.prefetch_related(Prefetch("winners", queryset=winners)):
        won = list(pool.winners.all())
        amounts = payouts(pool.pot, [1], tournament.unit, ranks=[1] * len(won)) if won else []
        out.append((pool, list(zip(won, amounts))))
    return out


def places(view: EventView) -> dict:
    """Each entrant's place: the bracket's places, then the rest in qualifying order."""
    eliminated = {}
    for number, (_rnd, states) in enumerate(view.bracket_rounds, start=1):
        for state in states:
            for ms in state.sides:
                if state.winner is not None and ms.pk != state.winner.pk:
                    eliminated[ms.entrant_id] = number
                elif ms.entrant_id not in eliminated:
                    eliminated.setdefault(ms.entrant_id, None)
    for entrant, lost_in in list(eliminated.items()):
        if lost_in is not None:
            continue
        if view.champion is None or entrant != view.champion.pk:
            eliminated[entrant] = len(view.bracket_rounds)  # only the champion is never eliminated
    rounds = bracket_size(view.qualifiers).bit_length() - 1 if view.qualifiers else 0
    qualifying = [(e.pk, rank) for e, _record, rank in view.standings]
    return final_ranks(rounds, eliminated, qualifying)


@dataclass
class Card:
    """A table or match as the pages show it."""

    number: int
    bye: bool
    lines: list  # [(seed, name, score, won)]: score is the total of a one-game match, else games won
    games: list  # [Game]
    finished: bool
    best_of: int
    pace: str = ""  # the game being played: "playing: 7 deals" (the round's pacing on the pages)
    forfeited: bool = False  # a qualifying table whose game was forfeited (an entrant withdrew)


def cards(rnd: StageRound, best_of: int) -> list[Card]:
    """The round's tables (or matches) with each entrant's total or games won."""
    out = []
    for match in rnd.matches.all():
        state = match_state(match, best_of)
        games = [mg.game for mg in state.games]
        lines = []
        forfeited = not match.bye and not games and best_of == 1
        for ms, wins in zip(state.sides, state.wins):
            if forfeited:
                total, won = "–", ms.entrant.withdrawn_round is None
            elif best_of == 1 and games:
                total = next((s.total for s in games[0].sides.all() if s.side == ms.side), 0)
                won = game_sides(games[0]).get(ms.side, (False,))[0]
            else:
                total, won = wins, state.winner is not None and state.winner.pk == ms.pk
            lines.append((ms.seed, ms.entrant.name, total, won or match.bye))
        finished = match.bye or (state.decided if best_of > 1 else all(g.is_finished for g in games))
        pace = state.playing.kind.playing(state.playing.hand_count) if state.playing is not None else ""
        out.append(Card(match.number, match.bye, lines, games, finished, best_of, pace, forfeited))
    return out


def pacing(stage: Stage, rounds: list, now=None) -> dict:
    """``{round number: (Pace, estimated end or None)}`` for each round of ``stage`` under
    way (started, time not called, tables still playing): ``scoring.tournament.round_pace``
    from each table's hands entered (the game being played, or the match's last)."""
    now = now or timezone.now()
    out = {}
    for rnd, round_cards, _ends, playing in rounds:
        if rnd.started_at is None or rnd.time_up_at is not None or not playing:
            continue
        tables = [c for c in round_cards if c.games]
        if not tables:
            continue
        hands = [c.games[-1].hand_count if c.finished else next(
            (g.hand_count for g in c.games if not g.is_finished), 0) for c in tables]
        elapsed = Fraction(max(0, int((now - rnd.started_at).total_seconds())), 60)
        pace = round_pace(hands, [c.finished for c in tables], elapsed, stage.minutes)
        end = rnd.started_at + timedelta(minutes=float(pace.estimated_end)) if pace.estimated_end is not None else None
        out[rnd.number] = (pace, end)
    return out


def stage_rounds(stage: Stage) -> list[tuple]:
    """``[(StageRound, [Card], ends_at, playing)]`` of a stage: ``ends_at`` is when the
    round's time is up by the clock (its start plus the stage's minutes), or None;
    ``playing`` the tables (or matches) not finished yet."""
    out = []
    for rnd in stage.round_set.all():
        ends = rnd.started_at + timedelta(minutes=stage.minutes) if rnd.started_at and stage.minutes else None
        round_cards = cards(rnd, stage.best_of)
        out.append((rnd, round_cards, ends, sum(not c.finished for c in round_cards)))
    return out
