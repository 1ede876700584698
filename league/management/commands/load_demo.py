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
    return club


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
