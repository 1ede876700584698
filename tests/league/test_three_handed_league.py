"""Three-handed (cut-throat) Pinochle in leagues: individual leagues
seat tables of three, each player ranked on their own total; a progressive
partnership league may seat its odd players at a cut-throat table of three;
table links and confirmation work with three players."""
import datetime
from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import services
from league.models import Game, GameType, Hand, HandStatus, LeagueFormat, Result, RuleProfile
from league.selectors.standings import standings
from league.services.trust import Actor
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def hand(bidder, bid, meld, tricks, trump="H"):
    return dict(kind="played", bidder_seat=bidder, bid=bid, trump=trump, meld=meld, tricks=tricks)


# Ann-seat bids 300 and makes 350; then seat 1 bids 300, reaches 500 and wins
# although seat 0 has 530 (the bidder wins a shared finish): 530, 500, 30.
GAME = [hand(0, 300, (200, 60, 0), (150, 70, 30)), hand(1, 300, (100, 200, 40), (80, 170, 0))]


def three_handed_season(club, *, confirmation=False, **options):
    profile = RuleProfile.objects.create(club=club, name="Cut-throat", game_type=GameType.THREE_HANDED,
                                         options={"target": 500, **options})
    league = services.league_create(club=club, name="Monday Threes", rule_profile=profile,
                                    format=LeagueFormat.INDIVIDUAL, is_public=True)
    if confirmation:
        league.confirmation = True
        league.save(update_fields=["confirmation"])
    return services.season_create(league=league, name="Spring", starts_on=D(2026, 3, 1), ends_on=D(2026, 6, 30))


def night_of(season, club, names, rounds=2):
    players = {n: services.player_get_or_create(club=club, name=n) for n in names}
    night = services.night_create(season=season, date=D(2026, 3, 2), rounds=rounds)
    services.night_check_in(night=night, players=list(players.values()))
    return night, players


def games(rnd) -> list[Game]:
    return list(Game.objects.filter(table__round=rnd).order_by("table__number"))


def seated(game) -> list[str]:
    return list(game.seats.order_by("seat").values_list("player__name", flat=True))


def test_an_individual_three_handed_night_seats_tables_of_three_and_sits_the_rest_out(club, organizer):
    night, players = night_of(three_handed_season(club), club, NAMES[:7])
    rnd = services.round_seat(night=night, by=organizer)
    tables = games(rnd)
    assert [g.game_type for g in tables] == ["three_handed", "three_handed"]
    assert [len(seated(g)) for g in tables] == [3, 3] and len(rnd.sitting_out) == 1
    assert sorted(sum((seated(g) for g in tables), [])) == sorted(
        n for n, p in players.items() if p.pk not in rnd.sitting_out)
    assert all(g.pinochle_rules().players == 3 and g.pinochle_rules().target == 500 for g in tables)
    assert [list(g.sides.values_list("side", flat=True)) for g in tables] == [[0, 1, 2], [0, 1, 2]]
    assert {g.first_dealer for g in tables} == {0}


def test_the_second_round_seats_nobody_with_a_first_round_opponent(club, organizer):
    night, _players = night_of(three_handed_season(club), club, NAMES)
    met = Counter()
    for _ in range(2):
        rnd = services.round_seat(night=night, by=organizer)
        for g in games(rnd):
            met.update(frozenset(p) for p in combinations(seated(g), 2))
        assert {g.first_dealer for g in games(rnd)} == {rnd.number - 1}
    assert len(met) == 18 and set(met.values()) == {1}


def test_a_finished_cut_throat_game_gives_each_player_their_own_result(club, organizer):
    night, _players = night_of(three_handed_season(club), club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    names = seated(game)
    for h in GAME:
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    rows = Result.objects.filter(game=game).order_by("side").values_list(
        "player__name", "side", "points_for", "points_against", "margin", "won", "bids_taken", "bids_made", "meld",
        "best_hand")
    assert list(rows) == [
        (names[0], 0, 530, 500, 30, False, 1, 1, 300, 350),
        (names[1], 1, 500, 530, -30, True, 1, 1, 260, 370),
        (names[2], 2, 30, 530, -500, False, 0, 0, 0, 30),
    ]
    opponents = {r.player_id: sorted(r.opponents) for r in Result.objects.filter(game=game)}
    assert all(len(o) == 2 and pid not in o for pid, o in opponents.items())


def test_standings_rank_each_player_by_their_own_points(club, organizer):
    season = three_handed_season(club)
    night, _players = night_of(season, club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    names = seated(game)
    for h in GAME:
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    ranked = [(r.rank_label, r.row.name, r.row.points_for, r.row.wins) for r in standings(season).rows]
    assert ranked == [("1", names[0], 530, 0), ("2", names[1], 500, 1), ("3", names[2], 30, 0)]


def test_editing_a_hand_that_reopens_the_game_removes_its_results(club, organizer):
    night, _players = night_of(three_handed_season(club), club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    for h in GAME:
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    assert Result.objects.filter(game=game).count() == 3
    services.entry_update(hand=Hand.objects.get(game=game, number=2), by=organizer,
                          inputs=PinochleHandInput(**hand(1, 300, (0, 60, 40), (80, 170, 0))))
    game.refresh_from_db()
    assert game.status == "in_progress" and not Result.objects.filter(game=game).exists()


def test_another_player_confirms_a_hand_entered_from_a_table_link(club, organizer):
    night, _players = night_of(three_handed_season(club, confirmation=True), club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    with pytest.raises(ValidationError) as e:
        services.entry_record(game=game, by=Actor(link=True, players=3), inputs=PinochleHandInput(**GAME[0]))
    assert e.value.message_dict == {"side": ["Say whose phone this is: player 1, 2 or 3."]}
    first = services.entry_record(game=game, by=Actor(link=True, side=2, players=3),
                                  inputs=PinochleHandInput(**GAME[0]))
    assert (first.status, first.entered_side) == (HandStatus.ENTERED, 2)
    with pytest.raises(ValidationError) as e:
        services.entry_confirm(hand=first, by=Actor(link=True, side=2, players=3))
    assert e.value.messages == ["Another player confirms a hand, not the one who entered it."]
    services.entry_confirm(hand=first, by=Actor(link=True, side=0, players=3))
    second = services.entry_record(game=game, by=Actor(link=True, side=1, players=3),
                                   inputs=PinochleHandInput(**GAME[1]))
    assert not Result.objects.filter(game=game).exists()  # finished, but hand 2 is unconfirmed
    services.entry_confirm(hand=second, by=Actor(link=True, side=2, players=3))
    assert Result.objects.filter(game=game).count() == 3


def test_a_table_link_phone_says_which_player_it_is(client, club, organizer):
    night, _players = night_of(three_handed_season(club, confirmation=True), club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    names = seated(game)
    url = reverse("league:table", args=[game.access_token])
    html = client.get(url).content.decode()
    assert "Whose phone is this?" in html and all(f"{i} · {n}" in html for i, n in enumerate(names, start=1))
    client.post(url + "side/", {"side": "2"})
    client.post(url + "hands/", {"kind": "played", "dealer": "0", "bidder_seat": "0", "bid": "300", "trump": "H",
                                 "meld_0": "200", "meld_1": "60", "meld_2": "0",
                                 "tricks_0": "150", "tricks_1": "70", "tricks_2": "30", "expected_number": "1"})
    stored = Hand.objects.get(game=game)
    assert (stored.status, stored.entered_side) == (HandStatus.ENTERED, 2)
    assert stored.revisions.get().via == "table link (player 3)"
    assert client.post(url + "side/", {"side": "3"}).status_code == 302
    assert client.session[f"table-side:{game.access_token}"] == 2  # a fourth player is ignored


def test_the_night_page_shows_each_player_with_their_total(client, club, organizer):
    season = three_handed_season(club)
    night, _players = night_of(season, club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**GAME[0]))
    league = season.league
    html = client.get(reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk])).content.decode()
    names = seated(game)
    for name, total in zip(names, (350, 130, 30)):
        assert f'{name} <b class="num">{total}</b>' in html
    assert "N–S" not in html


def test_a_progressive_league_seats_its_odd_players_at_a_cut_throat_table(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Club", options={"target": 1000})
    league = services.league_create(club=club, name="Odd", rule_profile=profile, odd_players="three_handed")
    season = services.season_create(league=league, name="S", starts_on=D(2026, 3, 1), ends_on=D(2026, 6, 30))
    night, _players = night_of(season, club, NAMES[:7], rounds=1)
    rnd = services.round_seat(night=night, by=organizer)
    assert rnd.sitting_out == []
    by_type = {g.game_type: g for g in games(rnd)}
    assert sorted(by_type) == ["partnership", "three_handed"]
    three = by_type["three_handed"]
    rules = three.pinochle_rules()
    assert (len(seated(three)), rules.players, rules.target, three.rule_profile_id) == (3, 3, 1000, None)
    services.entry_record(game=three, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 300, (900, 60, 0), (150, 70, 30))))
    rows = Result.objects.filter(game=three).order_by("side").values_list("points_for", "points_against", "won")
    assert list(rows) == [(1050, 130, True), (130, 1050, False), (30, 1050, False)]


def test_the_league_form_creates_an_individual_three_handed_league_and_explains_a_wrong_format(client, club,
                                                                                               organizer):
    profile = RuleProfile.objects.create(club=club, name="Cut-throat", game_type=GameType.THREE_HANDED, options={})
    client.force_login(organizer)
    url = reverse("league:club_leagues", args=[club.slug])
    post = {"name": "Threes", "rule_profile": profile.pk, "format": "progressive", "bye_scoring": "none",
            "odd_players": "sit_out"}
    response = client.post(url, post)
    assert response.status_code == 400
    assert "Three-handed Pinochle is every player for themself: choose the individual format." in \
        response.content.decode()
    assert not club.leagues.exists()
    response = client.post(url, {**post, "format": "individual"})
    assert response.status_code == 302 and club.leagues.get().format == "individual"


def test_the_league_form_offers_a_table_of_three_for_odd_players(client, club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    client.force_login(organizer)
    response = client.post(reverse("league:club_leagues", args=[club.slug]), {
        "name": "Odd", "rule_profile": profile.pk, "format": "progressive", "bye_scoring": "none",
        "odd_players": "three_handed"})
    assert response.status_code == 302 and club.leagues.get().odd_players == "three_handed"
