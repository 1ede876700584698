"""Every main page of the site with real rows behind it, for the accessibility
and phone-fit scans (test_accessibility.py, test_phone_fit.py).

``build_world(organizer)`` makes, through the services: a fixed-partnership
league with a season, a night with four teams checked in and round 1 seated
(two hands at table 1, one with a lost meld), a second night still open (the check-in form), and one game of every
other kind (three-handed, double-deck, cribbage, rummy) with an entry each, and
a public cribbage event with its qualifying rounds seated, round 1 on the clock and a
side pool awarded.
``main_pages(world)`` lists (name, path, signed in?) for each page."""
import datetime
from pathlib import Path

from django.urls import reverse
from league.games.cribbage.inputs import CribbageDealInput
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.games.rummy.inputs import RummyRoundInput

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"

NAMES = ("Ada Byrne-Castellano", "Charlotte Montgomery", "Bartholomew Okafor", "Dorothea Lindqvist",
         "Eli Park", "Fern Adeyemi-Walsh", "Gus Thorne", "Hester Vandermeer")


def build_world(organizer) -> dict:
    from league import services
    from league.models import Game, LeagueFormat, Player, RuleProfile
    from league.night_links import night_secret
    from league.games.cribbage.services import cribbage_game_create
    from league.games.cribbage.inputs import CribbageDealInput
    from league.services.workflow import entry_record
    from league.games.rummy.services import rummy_game_create
    from league.games.rummy.inputs import RummyRoundInput
    from league.services.workflow import entry_record

    club, by = organizer.club, organizer.user
    roster = [Player.objects.create(club=club, name=n) for n in NAMES]
    profile = RuleProfile.objects.create(club=club, name="Club rules", options={})
    league = services.league_create(club=club, name="Thursday Partners", rule_profile=profile,
                                    format=LeagueFormat.FIXED, is_public=True)
    today = datetime.date.today()
    season = services.season_create(league=league, name="Autumn", starts_on=today - datetime.timedelta(days=30),
                                    ends_on=today + datetime.timedelta(days=90))
    teams = [services.team_create(season=season, player_a=roster[i], player_b=roster[i + 1]) for i in (0, 2, 4, 6)]
    night = services.night_create(season=season, date=today, rounds=3)
    checkins = services.night_check_in(night=night, teams=teams)
    services.round_seat(night=night, by=by)
    services.night_create(season=season, date=today + datetime.timedelta(days=7), rounds=3)
    table_game = Game.objects.filter(table__round__night=night).order_by("table__number").first()
    # N–S bid 250 and take every counter: E–W's meld of 180 is lost ("180 lost" on the sheet).
    services.entry_record(game=table_game, by=by,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=250, trump="H", meld=(100, 180), tricks=(250, 0)))
    services.entry_record(game=table_game, by=by,
                          inputs=PinochleHandInput(kind="played", bidder_seat=1, bid=250, trump="S", meld=(40, 200), tricks=(90, 160)))
    three = services.game_create(club=club, players=roster[:3], by=by, game_type="three_handed")
    double = services.game_create(club=club, players=roster[4:8], by=by, game_type="double_deck")
    crib = cribbage_game_create(club=club, players=roster[:2], by=by)
    entry_record(game=crib, by=by, inputs=CribbageDealInput(pegging=(4, 3), pone_hand=12, dealer_hand=16, crib=8))
    rummy = rummy_game_create(club=club, players=roster[:4], by=by)
    entry_record(game=rummy, by=by,
                 inputs=RummyRoundInput(teams=[dict(melds_on_table=400, going_out=True, first_meld=80),
                                           dict(melds_on_table=200, cards_left=35, first_meld=60)]))
    event = _event(club, roster[:4], by)
    return dict(club=club, league=league, season=season, night=night, team=teams[0], player=roster[0],
                game=table_game, three=three, double=double, crib=crib, rummy=rummy,
                secret=night_secret(checkins[0].pk), event=event)


def _event(club, entrants, by):
    """A public cribbage event of four entrants, its first qualifying round started on the clock."""
    from league.models import RuleProfile
    from league.services import tournaments

    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    event = tournaments.tournament_create(club=club, name="Winter Open", date=datetime.date.today(), venue="Hall",
                                          rule_profile=profile, entry_fee=20, unit=5, by=by)
    for player in entrants:
        tournaments.entrant_register(tournament=event, name=player.name)
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=3, minutes=45, by=by)
    tournaments.round_clock(stage_round=stage.round_set.get(number=1), action="start")
    pool = tournaments.side_pool_create(tournament=event, name="High hand", pot=15)
    tournaments.side_pool_award(pool=pool, winners=event.entrants.all()[:2])
    return event


def main_pages(w) -> list[tuple[str, str, bool]]:
    """(name, path, signed_in) of every main page."""
    club, league, season, night = w["club"], w["league"], w["season"], w["night"]
    night_args = [club.slug, league.slug, season.pk, night.pk]
    u = lambda name, *args: reverse(f"league:{name}", args=args)  # noqa: E731
    return [
        ("home", u("home"), True),
        ("home (anonymous)", u("home"), False),
        ("new game", u("game_new", club.slug), True),
        ("pad: partnership", u("table", w["game"].access_token), False),
        ("pad: three-handed", u("table", w["three"].access_token), False),
        ("pad: double-deck", u("table", w["double"].access_token), False),
        ("pad: cribbage", u("table", w["crib"].access_token), False),
        ("pad: rummy", u("table", w["rummy"].access_token), False),
        ("table page", u("game", w["game"].public_id), True),
        ("cribbage game", u("game", w["crib"].public_id), True),
        ("rummy game", u("game", w["rummy"].public_id), True),
        ("sheet history", u("game_history", w["game"].public_id), True),
        ("leagues", u("club_leagues", club.slug), True),
        ("club ratings", u("club_ratings", club.slug), False),
        ("league", u("league", club.slug, league.slug), True),
        ("season and standings", u("season", club.slug, league.slug, season.pk), True),
        ("night", u("night", *night_args), True),
        ("open night (check-in)", u("night", club.slug, league.slug, season.pk, night.pk + 1), True),
        ("night board (live)", u("night_board", *night_args), False),
        ("hall screen (kiosk)", u("night_screen", *night_args), False),
        ("player", u("player", club.slug, w["player"].pk), True),
        ("team", u("team", club.slug, league.slug, season.pk, w["team"].pk), True),
        ("meld counter", u("meld"), False),
        ("cribbage show", u("cribbage_show"), False),
        ("cribbage discard", u("cribbage_discard"), False),
        ("cribbage pegging", u("cribbage_pegging"), False),
        ("cribbage new", u("game_new", club.slug) + "?kind=cribbage", True),
        ("rummy new", u("game_new", club.slug) + "?kind=rummy", True),
        ("rules help", u("rules_help"), False),
        ("login", "/accounts/login/", False),
        ("password reset", reverse("password_reset"), False),
        ("sign up", reverse("account_signup"), False),
        ("hand history", u("hand_history", w["game"].public_id, 1), True),
        ("club settings", u("club_settings", club.slug), True),
        ("club new", u("club_new"), True),
        ("rule profiles", u("rule_profiles", club.slug), True),
        ("league settings", u("league_settings", club.slug, league.slug), True),
        ("roster", u("roster", club.slug), True),
        ("season settings", u("season_settings", club.slug, league.slug, season.pk), True),
        ("rule profile", u("rule_profile_edit", club.slug, league.rule_profile_id), True),
        ("casual new", u("casual_new"), False),
        ("events", u("tournaments", club.slug), True),
        ("event", u("tournament", club.slug, w["event"].slug), False),
        ("event director", u("tournament_manage", club.slug, w["event"].slug), True),
        ("player night link", u("player_night", w["secret"]), False),
        ("404", "/no-such-page/", False),
    ]
