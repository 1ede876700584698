"""Load the demo club from ``fixtures/demo.json``: the organizer's account,
players, rule profiles and games whose hands are played through the same
services the pages use (so every derived number comes from ``scoring``)."""
import itertools
import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from league import services
from league.models import Club, Membership, RuleProfile
from league.models.game import SEAT_LETTERS
from scoring.pinochle import PinochleRules

DEMO = Path(settings.BASE_DIR) / "fixtures" / "demo.json"


def load_demo(path: Path = DEMO) -> Club:
    data = json.loads(path.read_text(encoding="utf-8"))
    User = get_user_model()
    with transaction.atomic():
        club = Club.objects.create(**data["club"])
        for key, role in (("organizer", Membership.Role.ORGANIZER), ("member", Membership.Role.MEMBER)):
            account = data.get(key)
            if account:
                user = User.objects.create_user(account["username"], password=account["password"])
                Membership.objects.create(club=club, user=user, role=role)
        organizer = User.objects.get(username=data["organizer"]["username"])
        players = {n: services.player_get_or_create(club=club, name=n) for n in data["players"]}
        profiles = {}
        for p in data["rule_profiles"]:
            options = PinochleRules.from_dict(p["options"]).as_dict()
            profiles[p["name"]] = RuleProfile.objects.create(club=club, name=p["name"], options=options)
        for g in data["games"]:
            game = services.game_create(
                club=club, players=[players[n] for n in g["players"]],
                rule_profile=profiles[g["profile"]], first_dealer=g["first_dealer"], by=organizer,
            )
            for h in g["hands"]:
                kwargs = {"kind": h.get("kind", "played")}
                if kwargs["kind"] != "passed":
                    kwargs.update(
                        bidder_seat=SEAT_LETTERS.index(h["bidder"]), bid=h["bid"],
                        trump=h["trump"], meld=tuple(h["meld"]),
                    )
                if "tricks" in h:
                    kwargs["tricks"] = tuple(h["tricks"])
                game.kind.record(game=game, by=organizer, entry=kwargs)
        if "league" in data:
            _load_league(data["league"], club, organizer, profiles, list(players.values()))
        if "kinds" in data:
            _load_kinds(data["kinds"], club, organizer, players)
            _load_events(club, organizer, list(players.values()), profiles)
    return club


def _load_events(club, organizer, players, profiles):
    """Two events (docs/tournaments.md), through the services: a finished ACC-style
    cribbage event (three qualifying rounds, one in three qualify: a bracket of four
    whose top seed has a bye, a side pool) and a progressive partnership Pinochle
    event in progress (its movement of three rounds seated, round 1 on the clock)."""
    import datetime

    from league.models import MatchGame, Tournament
    from league.services import tournaments

    crib = RuleProfile.objects.get(club=club, game_type="cribbage", name="Cribbage to 121")
    event = tournaments.tournament_create(
        club=club, name="Winter Cribbage Open", date=datetime.date(2026, 11, 28), venue="Club hall",
        rule_profile=crib, entry_fee=20, unit=5, payout_shares=(50, 30, 20), qualifier_share="1/3", by=organizer)
    for player in players:
        tournaments.entrant_register(tournament=event, name=player.name)

    def play(game, number):
        """Side ``number % 2`` pegs 20 a deal to 121; the other 15 up to 95, or 80 (a skunk) every third game."""
        winner, loser_points = number % 2, 80 if number % 3 == 0 else 95
        totals = [0, 0]
        while totals[winner] < 121:
            pegging = [0, 0]
            pegging[winner] = min(20, 121 - totals[winner])
            pegging[1 - winner] = min(15, loser_points - totals[1 - winner])
            game.kind.record(game=game, by=organizer,
                             entry=dict(pegging=pegging, pone_hand=0, dealer_hand=0, crib=0))
            totals = [t + p for t, p in zip(totals, pegging)]

    def play_stage(stage):
        for number, mg in enumerate(MatchGame.objects.filter(match__round__stage=stage, game__finished_at=None)
                                    .select_related("game").order_by("pk")):
            play(mg.game, number)

    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=3, minutes=40, by=organizer)
    play_stage(stage)
    tournaments.stage_advance(stage=stage, by=organizer)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", best_of=1, by=organizer)
    while Tournament.objects.get(pk=event.pk).status != Tournament.Status.FINISHED:
        play_stage(playoff)
        tournaments.stage_advance(stage=playoff, by=organizer)
    pool = tournaments.side_pool_create(tournament=event, name="Skunk bank", pot=40)
    tournaments.side_pool_award(pool=pool, winners=event.entrants.filter(number__in=[1, 4]))

    pinochle = profiles["Club standard"]
    progressive = tournaments.tournament_create(
        club=club, name="Progressive Pinochle Night", date=datetime.date(2026, 12, 12), venue="Club hall",
        rule_profile=pinochle, entry_fee=10, unit=5, payout_shares=(60, 40), qualifier_share="1/2", by=organizer)
    for a, b in zip(players[0::2], players[1::2]):
        tournaments.entrant_register(tournament=progressive, name=a.name, partner=b.name)
    stage = tournaments.stage_start(tournament=progressive, kind="qualifying", rounds=3, minutes=50, by=organizer)
    first = stage.round_set.get(number=1)
    tournaments.round_clock(stage_round=first, action="start")
    for hands, mg in zip((2, 1), MatchGame.objects.filter(match__round=first).select_related("game").order_by(
            "match__number")):
        for _ in range(hands):
            mg.game.kind.record(game=mg.game, by=organizer, entry=dict(
                kind="played", bidder_seat=0, bid=300, trump="H", meld=(150, 60), tricks=(170, 80)))


def _load_kinds(spec, club, organizer, players):
    """Every other game kind: its rule profile, casual games (one finished, one
    in progress) and a league with a seated night whose games are played to
    their end (``play_out``), all through the services."""
    import datetime

    from league.games import kind_for
    from league.models import LeagueFormat

    profiles = {}
    for p in spec["profiles"]:
        kind = kind_for(p["game_type"])
        options = kind.rules_from(p["options"]).as_dict()
        profiles[p["name"]] = RuleProfile.objects.create(club=club, name=p["name"], game_type=kind.code,
                                                         options=options)
    for g in spec["casual"]:
        profile = profiles[g["profile"]]
        game = profile.kind.start_casual_game(club=club, players=[players[n] for n in g["players"]],
                                              rule_profile=profile, by=organizer)
        for entry in g["entries"]:
            game.refresh_from_db()
            if game.is_finished:  # the entries list may run past the game's end
                break
            profile.kind.record(game=game, by=organizer, entry=entry)
    everyone = list(players.values())
    for spec_league in spec["leagues"]:
        profile = profiles[spec_league["profile"]]
        league = services.league_create(club=club, name=spec_league["name"], rule_profile=profile,
                                        format=LeagueFormat(spec_league["format"]), is_public=spec_league["public"])
        day = datetime.date.fromisoformat(spec_league["date"])
        season = services.season_create(league=league, name="Autumn 2026", starts_on=datetime.date(2026, 9, 1),
                                        ends_on=datetime.date(2026, 12, 20))
        night = services.night_create(season=season, date=day, rounds=2)
        entrants = everyone[:spec_league.get("players", len(everyone))]
        if league.is_fixed:
            teams = [services.team_create(season=season, player_a=a, player_b=b)
                     for a, b in zip(entrants[0::2], entrants[1::2])]
            services.night_check_in(night=night, teams=teams)
        else:
            services.night_check_in(night=night, players=entrants)
        rnd = services.round_seat(night=night, by=organizer)
        for table in rnd.tables.order_by("number"):
            play_out(profile.kind, table.game, organizer, spec_league["entries"])


PLAY_OUT_LIMIT = 60


def play_out(kind, game, by, entries) -> None:
    """Record ``entries`` in turn, over again, until ``game`` is finished: every
    league of the demo has finished games, so its standings, charts and
    exports have rows. A list that never finishes the game is an error."""
    for n, entry in enumerate(itertools.cycle(entries)):
        game.refresh_from_db()
        if game.is_finished:
            return
        if n == PLAY_OUT_LIMIT:
            raise CommandError(f"{kind}: {PLAY_OUT_LIMIT} entries did not finish game {game.public_id}")
        kind.record(game=game, by=by, entry=entry)


def _load_league(spec, club, organizer, profiles, players):
    """A public progressive league whose nights are seated and played through the services."""
    import datetime

    league = services.league_create(club=club, name=spec["name"], rule_profile=profiles[spec["profile"]],
                                    is_public=spec["public"])
    s = spec["season"]
    season = services.season_create(league=league, name=s["name"],
                                    starts_on=datetime.date.fromisoformat(s["starts_on"]),
                                    ends_on=datetime.date.fromisoformat(s["ends_on"]))
    for n in spec["nights"]:
        night = services.night_create(season=season, date=datetime.date.fromisoformat(n["date"]), rounds=n["rounds"])
        services.night_check_in(night=night, players=players)
        for _ in range(n.get("play_rounds", n["rounds"])):
            rnd = services.round_seat(night=night, by=organizer, hand_limit=n["hand_limit"])
            for table in rnd.tables.order_by("number"):
                for h in n["hands"]:
                    table.game.kind.record(game=table.game, by=organizer,
                                           entry={"kind": "played", "bidder_seat": h["bidder"], "bid": h["bid"],
                                                  "trump": h["trump"], "meld": h["meld"], "tricks": h["tricks"]})


class Command(BaseCommand):
    help = "Load the demo club (players, rule profiles, games) and print the organizer's login."

    def add_arguments(self, parser):
        parser.add_argument("--if-empty", action="store_true", help="only when no club exists yet")

    def handle(self, *args, if_empty=False, **options):
        data = json.loads(DEMO.read_text(encoding="utf-8"))
        if if_empty and Club.objects.exists():
            self.stdout.write("Demo not loaded: the database already has a club.")
        else:
            club = load_demo()
            self.stdout.write(self.style.SUCCESS(f"Loaded demo club {club.name}."))
        self.stdout.write(
            "Demo organizer login: {username} / {password}".format(**data["organizer"])
        )
