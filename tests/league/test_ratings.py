"""Ratings from league results (docs/ratings.md): one rating per player and
game family, rated in the order played, kept current by every results write,
re-derived by ``rescore``."""
import datetime

from django.core.management import call_command
import pytest

from league import services
from league.models import Game, PlayerRating, RatingEvent
from league.services.ratings import ratings_differences, ratings_rebuild_all

from .conftest import played
from .test_cribbage_league import SEAT_0_WINS, cribbage_season
from .test_cribbage_services import play
from .test_league_play import finish, make_season, profile, roster  # noqa: F401 (fixtures)
from .test_three_handed_league import GAME, games, night_of, three_handed_season
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


def partnership_game(season, organizer, players, date):
    night = services.night_create(season=season, date=date, rounds=1)
    services.night_check_in(night=night, players=players)
    return Game.objects.get(table__round=services.round_seat(night=night, by=organizer))


def by_seat(game):
    return {s.seat: s.player for s in game.seats.select_related("player")}


def rating(player, family):
    r = PlayerRating.objects.get(player=player, family=family)
    return r.mu, r.sigma, r.games


def test_a_partnership_win_rates_both_partners_as_a_team(club, organizer, profile, roster):
    game = partnership_game(make_season(club, profile), organizer, roster[:4], D(2026, 10, 2))
    finish(game, organizer, 0)
    seat = by_seat(game)
    assert rating(seat[0], "partnership") == rating(seat[2], "partnership") == (
        26.964294621803063, 8.177962604389991, 1)
    assert rating(seat[1], "partnership") == rating(seat[3], "partnership") == (
        23.035705378196937, 8.177962604389991, 1)


def test_a_cut_throat_game_rates_each_player_by_place_winner_first(club, organizer):
    night, _ = night_of(three_handed_season(club), club, ["Ann", "Bo", "Cy"], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    for h in GAME:  # seat 1 wins on 500, seat 0 has 530, seat 2 has 30
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    seat = by_seat(game)
    assert rating(seat[1], "three_handed") == (27.869048680749426, 8.205243377397993, 1)
    assert rating(seat[0], "three_handed") == (25.717262170187357, 8.058224222802378, 1)
    assert rating(seat[2], "three_handed") == (21.413689149063217, 8.058224222802378, 1)


def test_a_cribbage_game_rates_two_individuals_and_families_stay_apart(club, organizer, profile, roster):
    season = cribbage_season(club)
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=1)
    services.night_check_in(night=night, players=roster[:2])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    play(game, organizer, SEAT_0_WINS[88])
    seat = by_seat(game)
    assert rating(seat[0], "cribbage") == (27.635389493140497, 8.06590141354368, 1)
    assert rating(seat[1], "cribbage") == (22.364610506859503, 8.06590141354368, 1)
    assert not PlayerRating.objects.filter(family="partnership").exists()


def test_a_sequence_of_games_is_rated_in_the_order_played(club, organizer, profile, roster):
    season = make_season(club, profile)
    first = partnership_game(season, organizer, roster[:4], D(2026, 10, 2))
    finish(first, organizer, 0)
    second = partnership_game(season, organizer, roster[:4], D(2026, 10, 9))
    finish(second, organizer, 1)
    for player in roster[:4]:
        events = list(RatingEvent.objects.filter(player=player).order_by("order_key"))
        assert [e.game_id for e in events] == [first.pk, second.pk]
        assert (events[1].mu_before, events[1].sigma_before) == (events[0].mu, events[0].sigma)
        assert rating(player, "partnership")[:2] == (events[1].mu, events[1].sigma)


def test_an_unfinished_game_is_not_rated(club, organizer, profile, roster):
    game = partnership_game(make_season(club, profile), organizer, roster[:4], D(2026, 10, 2))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert not RatingEvent.objects.exists() and not PlayerRating.objects.exists()


def two_nights(club, organizer, profile, roster):
    season = make_season(club, profile)
    first = partnership_game(season, organizer, roster[:4], D(2026, 10, 2))
    finish(first, organizer, 0)
    second = partnership_game(season, organizer, roster[2:6], D(2026, 10, 9))
    finish(second, organizer, 0)
    return first, second


def ratings_now():
    return sorted(PlayerRating.objects.values_list("player_id", "family", "mu", "sigma", "ordinal", "games"))


def events_now():
    return list(RatingEvent.objects.order_by("order_key", "player_id").values_list(
        "game_id", "player_id", "mu_before", "sigma_before", "mu", "sigma"))


def test_editing_an_earlier_finished_game_changes_every_later_rating(club, organizer, profile, roster):
    first, second = two_nights(club, organizer, profile, roster)
    before = {e[1]: e for e in events_now() if e[0] == second.pk}
    hand = first.hands.get()
    services.entry_update(hand=hand, by=organizer,
                          inputs=PinochleHandInput(**played(1, 1300, (0, 1300), (0, 250))))  # E–W win instead
    after = {e[1]: e for e in events_now() if e[0] == second.pk}
    assert set(before) == set(after) and len(after) == 4
    carried = [p for p in after if p in {s.player_id for s in first.seats.all()}]
    assert len(carried) == 2  # the two players of both games
    assert all(after[p][2:] != before[p][2:] for p in carried)
    assert ratings_differences() == []


def test_rescore_reproduces_the_ratings_exactly_and_check_finds_a_changed_one(club, organizer, profile, roster):
    two_nights(club, organizer, profile, roster)
    ratings, events = ratings_now(), events_now()
    ratings_rebuild_all()
    ratings_rebuild_all()
    assert (ratings_now(), events_now()) == (ratings, events)  # deterministic
    RatingEvent.objects.filter(pk=RatingEvent.objects.order_by("order_key").last().pk).update(mu=1.0)
    PlayerRating.objects.filter(pk=PlayerRating.objects.first().pk).update(mu=2.0)
    with pytest.raises(Exception) as failed:
        call_command("rescore", "--check")
    assert "difference" in str(failed.value)
    assert len(ratings_differences()) == 2
    call_command("rescore")
    assert (ratings_now(), events_now()) == (ratings, events)
    call_command("rescore", "--check")


def test_the_player_page_shows_the_rating_and_hides_a_members_only_one_from_strangers(
        client, club, organizer, profile, roster):
    game = partnership_game(make_season(club, profile, is_public=False), organizer, roster[:4], D(2026, 10, 2))
    finish(game, organizer, 0)
    player = by_seat(game)[0]
    url = f"/clubs/{club.slug}/players/{player.pk}/"
    client.force_login(organizer)
    page = client.get(url).content.decode()
    assert '<span data-testid="rating-partnership">2.43</span>' in page  # 26.964 - 3 * 8.178
    assert 'data-values="2.43"' in page
    client.logout()
    assert client.get(url).status_code == 404  # no readable league at all: not found, so ids reveal no roster
    services.league_create(club=club, name="Open", rule_profile=profile, format="progressive", is_public=True)
    page = client.get(url).content.decode()
    assert "rating-partnership" not in page


def event_ids(game):
    return sorted(RatingEvent.objects.filter(game=game).values_list("pk", flat=True))


def three_nights(club, organizer, profile, roster):
    season = make_season(club, profile)
    games = []
    for day, players in ((2, roster[:4]), (9, roster[2:6]), (16, roster[:4])):
        game = partnership_game(season, organizer, players, D(2026, 10, day))
        finish(game, organizer, 0)
        games.append(game)
    return games


def test_a_change_re_derives_from_that_game_on_and_leaves_earlier_events_as_they_are(
        club, organizer, profile, roster):
    first, second, third = three_nights(club, organizer, profile, roster)
    kept = event_ids(first)
    services.entry_update(hand=second.hands.get(), by=organizer,
                          inputs=PinochleHandInput(**played(1, 1300, (0, 1300), (0, 250))))
    assert event_ids(first) == kept  # the first night is not rated again
    derived = (ratings_now(), events_now())
    ratings_rebuild_all()
    assert (ratings_now(), events_now()) == derived  # the same numbers as rating every game again


def test_a_table_finishing_after_a_later_table_is_rated_in_its_place(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:8])
    table_1, table_2 = Game.objects.filter(table__round=services.round_seat(night=night, by=organizer)).order_by(
        "table__number")
    finish(table_2, organizer, 1)
    finish(table_1, organizer, 0)
    keys = list(RatingEvent.objects.order_by("order_key").values_list("game_id", flat=True).distinct())
    assert list(dict.fromkeys(keys)) == [table_1.pk, table_2.pk]
    assert ratings_differences() == []


def test_a_reopened_game_takes_its_ratings_back(club, organizer, profile, roster):
    first, second = two_nights(club, organizer, profile, roster)
    only_second = {s.player_id for s in second.seats.all()} - {s.player_id for s in first.seats.all()}
    first_events = {e.player_id: (e.mu, e.sigma) for e in RatingEvent.objects.filter(game=first)}
    services.entry_delete(hand=second.hands.get(), by=organizer)
    assert not RatingEvent.objects.filter(game=second).exists()
    assert not PlayerRating.objects.filter(player_id__in=only_second).exists()
    for player, (mu, sigma) in first_events.items():
        assert rating(player, "partnership") == (mu, sigma, 1)
    assert ratings_differences() == []
