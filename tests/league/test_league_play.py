"""League play: nights, check-in, seating, results written when games finish, standings."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from league import services
from league.models import Game, League, LeagueFormat, Night, Result, RuleProfile
from league.selectors.standings import standings

from .conftest import played, snapshot
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


@pytest.fixture
def profile(club):
    return RuleProfile.objects.create(club=club, name="Club", options={})


@pytest.fixture
def roster(club):
    return [services.player_get_or_create(club=club, name=f"P{i:02d}") for i in range(12)]


def make_season(club, profile, fmt=LeagueFormat.PROGRESSIVE, **league_kw):
    league = services.league_create(club=club, name=f"League {fmt}", rule_profile=profile, format=fmt, **league_kw)
    return services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))


def finish(game, organizer, winner_side):
    """One hand that ends the game for ``winner_side`` (bid and made to 1550)."""
    meld = (1300, 0) if winner_side == 0 else (0, 1300)
    tricks = (250, 0) if winner_side == 0 else (0, 250)
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(**played(winner_side, 1300, meld, tricks)))


def test_progressive_round_seats_twelve_players_at_three_tables(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=2)
    services.night_check_in(night=night, players=roster)
    rnd = services.round_seat(night=night, by=organizer)
    games = list(Game.objects.filter(table__round=rnd).prefetch_related("seats"))
    seated = [s.player_id for g in games for s in g.seats.all()]
    assert len(games) == 3 and sorted(seated) == sorted(p.pk for p in roster)
    assert all(g.pinochle_rules() == profile.rules() for g in games)
    night.refresh_from_db()
    assert night.status == Night.Status.PLAYING


def test_second_round_gives_everyone_new_partners(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=2)
    services.night_check_in(night=night, players=roster)
    partners = set()
    for _ in range(2):
        rnd = services.round_seat(night=night, by=organizer)
        for g in Game.objects.filter(table__round=rnd).prefetch_related("seats"):
            s = {x.seat: x.player_id for x in g.seats.all()}
            for pair in (frozenset((s[0], s[2])), frozenset((s[1], s[3]))):
                assert pair not in partners
                partners.add(pair)
    assert len(partners) == 12


def test_thirteen_players_one_sits_out_and_all_rounds_seated_refuses_more(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    extra = services.player_get_or_create(club=club, name="Walk In")
    services.night_check_in(night=night, players=roster + [extra])
    rnd = services.round_seat(night=night, by=organizer)
    assert len(rnd.sitting_out) == 1 and rnd.tables.count() == 3
    with pytest.raises(ValidationError) as e:
        services.round_seat(night=night, by=organizer)
    assert e.value.messages == ["The night's only round is seated."]


def test_finishing_a_league_game_writes_results_credited_to_each_player(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    rnd = services.round_seat(night=night, by=organizer)
    game = Game.objects.get(table__round=rnd)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert not Result.objects.exists()
    finish(game, organizer, 0)
    rows = {r.player_id: r for r in Result.objects.filter(game=game)}
    seats = {s.seat: s.player_id for s in game.seats.all()}
    assert len(rows) == 4
    north = rows[seats[0]]
    assert (north.points_for, north.points_against, north.won) == (1870, 140, True)
    assert (north.bids_taken, north.bids_made, north.sets) == (2, 2, 0)
    assert north.partners == [seats[2]] and north.opponents == [seats[1], seats[3]]
    east = rows[seats[1]]
    assert (east.points_for, east.won, east.bids_taken) == (140, False, 0)


def test_reopening_a_game_by_an_edit_removes_its_results(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    finish(game, organizer, 1)
    assert Result.objects.filter(game=game).count() == 4
    services.entry_update(hand=game.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(1, 300, (0, 100), (0, 250))))
    assert not Result.objects.filter(game=game).exists()


def test_standings_rank_players_by_points_and_split_by_wins(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:8])
    rnd = services.round_seat(night=night, by=organizer)
    a, b = Game.objects.filter(table__round=rnd).order_by("table__number")
    finish(a, organizer, 0)  # N–S 1550 : 0, won
    services.entry_record(game=b, by=organizer,
                          inputs=PinochleHandInput(**played(0, 250, (1000, 0), (250, 0))))  # 1250 : 0
    services.entry_record(game=b, by=organizer,
                          inputs=PinochleHandInput(**played(1, 1300, (290, 1300), (10, 240))))  # 1550 : 1540, E–W bid
    result = standings(season)
    summary = [(r.rank_label, r.row.points_for, r.row.wins, r.split_by) for r in result.rows]
    assert summary == [
        ("=1", 1550, 1, None), ("=1", 1550, 1, None),
        ("=3", 1550, 0, "wins"), ("=3", 1550, 0, None),
        ("=5", 1540, 1, None), ("=5", 1540, 1, None),
        ("=7", 0, 0, None), ("=7", 0, 0, None),
    ]


def test_fixed_partnership_night_pairs_teams_and_ranks_teams(club, organizer, profile, roster):
    season = make_season(club, profile, fmt=LeagueFormat.FIXED)
    teams = [services.team_create(season=season, player_a=roster[2 * i], player_b=roster[2 * i + 1])
             for i in range(4)]
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=3)
    services.night_check_in(night=night, teams=teams)
    met = set()
    for _ in range(3):
        rnd = services.round_seat(night=night, by=organizer)
        for g in Game.objects.filter(table__round=rnd).prefetch_related("sides"):
            pair = frozenset(s.team_id for s in g.sides.all())
            assert pair not in met
            met.add(pair)
    assert len(met) == 6
    game = Game.objects.filter(table__round__number=1).order_by("table__number").first()
    finish(game, organizer, 0)
    winner = game.sides.get(side=0).team
    rows = standings(season).rows
    assert rows[0].row.entrant == winner.pk and rows[0].row.name == winner.name
    assert Result.objects.filter(game=game).count() == 2


def test_a_team_is_two_players_not_already_teamed(club, profile, roster):
    season = make_season(club, profile, fmt=LeagueFormat.FIXED)
    services.team_create(season=season, player_a=roster[0], player_b=roster[1])
    with pytest.raises(ValidationError) as e:
        services.team_create(season=season, player_a=roster[1], player_b=roster[2])
    assert e.value.message_dict == {"player_a": ["One of these players is already on a team this season."]}


def test_unknown_precedence_metric_is_refused(club, profile):
    league = services.league_create(club=club, name="L", rule_profile=profile)
    with pytest.raises(ValidationError) as e:
        services.season_create(league=league, name="S", starts_on=D(2026, 1, 1), ends_on=D(2026, 2, 1),
                               precedence=["points", "charisma"])
    assert "charisma" in e.value.message_dict["precedence"][0]


def test_night_outside_the_season_is_refused(club, profile):
    season = make_season(club, profile)
    with pytest.raises(ValidationError) as e:
        services.night_create(season=season, date=D(2027, 1, 5))
    assert e.value.message_dict == {"date": ["The night must fall within the season (2026-09-01 – 2026-12-31)."]}


def test_swapping_seats_before_the_round_starts(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:8])
    rnd = services.round_seat(night=night, by=organizer)
    t1, t2 = (Game.objects.get(table__round=rnd, table__number=n) for n in (1, 2))
    a, b = t1.seats.get(seat=0).player_id, t2.seats.get(seat=3).player_id
    services.round_swap_seats(round=rnd, first=(1, 0), second=(2, 3))
    assert t1.seats.get(seat=0).player_id == b and t2.seats.get(seat=3).player_id == a
    services.entry_record(game=t1, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    before = snapshot(t1)
    with pytest.raises(ValidationError) as e:
        services.round_swap_seats(round=rnd, first=(1, 1), second=(2, 1))
    assert e.value.message_dict == {"first": ["Table 1 has started; seats can no longer change."]}
    assert snapshot(t1) == before


def test_hands_per_round_ends_the_game_after_n_hands(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer, hand_limit=2))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(kind="passed"))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 250, (100, 100), (100, 150))))
    game.refresh_from_db()
    assert game.is_finished and game.winner_side == 0
    assert str(game.end_message) == "2 hands played: N–S win 520 to 390"
    assert Result.objects.filter(game=game, won=True).count() == 2


def test_byes_scored_as_the_nights_average(club, organizer, profile, roster):
    season = make_season(club, profile, bye_scoring=League.ByeScoring.AVERAGE)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:5])
    rnd = services.round_seat(night=night, by=organizer)
    game = Game.objects.get(table__round=rnd)
    finish(game, organizer, 0)  # 1550 and 0: the average of four results is 775
    bye = Result.objects.get(bye=True)
    assert bye.player_id == rnd.sitting_out[0] and bye.points_for == 775


def test_a_double_deck_league_seats_double_deck_games_and_ranks_them(club, organizer, roster):
    from league.models import GameType

    profile = RuleProfile.objects.create(club=club, name="DD", game_type=GameType.DOUBLE_DECK, options={})
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    assert game.game_type == GameType.DOUBLE_DECK and game.pinochle_rules().trick_total == 50
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(**played(0, 450, (460, 0), (50, 0))))  # 510: past 500
    game.refresh_from_db()
    assert game.winner_side == 0
    top = standings(season).rows[0]
    assert (top.rank_label, top.row.points_for) == ("=1", 510)


def test_a_three_handed_league_is_individual_and_cut_throat(club):
    from league.models import GameType

    profile = RuleProfile.objects.create(club=club, name="Three", game_type=GameType.THREE_HANDED, options={})
    with pytest.raises(ValidationError) as e:
        services.league_create(club=club, name="Three", rule_profile=profile, format="progressive")
    assert e.value.message_dict == {"format": [
        "Three-handed Pinochle is every player for themself: choose the individual format."]}
    auction = RuleProfile.objects.create(club=club, name="Auction", game_type=GameType.THREE_HANDED,
                                         options={"players": 3, "settlement": "auction"})
    with pytest.raises(ValidationError) as e:
        services.league_create(club=club, name="Auction", rule_profile=auction, format="individual")
    assert e.value.message_dict == {"rule_profile": [
        "A league ranks cut-throat games; auction settlement is paid out in units per sitting. "
        "Choose a cut-throat three-handed profile."]}


def test_a_table_of_three_for_odd_players_is_for_progressive_partnership_leagues(club):
    from league.models import GameType

    double = RuleProfile.objects.create(club=club, name="Double", game_type=GameType.DOUBLE_DECK, options={})
    with pytest.raises(ValidationError) as e:
        services.league_create(club=club, name="Double", rule_profile=double, odd_players="three_handed")
    assert e.value.message_dict == {"odd_players": [
        "A three-handed table for the odd players is for progressive partnership Pinochle leagues; "
        "choose sit-outs."]}
