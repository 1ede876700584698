"""Rummy-style Pinochle in leagues (docs/rules.md, "Rummy-style Pinochle", "These games in leagues"): progressive and fixed
partnerships seated four to a table, each table's game with the profile's
rules, result rows written when a game ends and removed when it reopens,
standings from them, and the table's secret link (``/rt/<token>/``) that
enters and corrects rounds until the night is locked.

Seats: N (0) and S (2) are N–S, side 0; E (1) and W (3) are E–W, side 1.
"""
import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import services
from league.models import ChangeLog, Game, GameSide, Hand, League, Result, RuleProfile, Team
from league.games import kind_for
from league.profile_forms import profile_form_for
from league.rules_text import rules_summary
from league.selectors.standings import standings
from league.games.rummy.services import rummy_game_create
from league.games.rummy.inputs import RummyRoundInput
from league.services.workflow import entry_delete, entry_record, entry_update
from scoring.rummy import RummyRules

from .test_rummy_pages import post_round
from .test_rummy_services import TO_1620, team

RummyProfileForm = kind_for("rummy").profile_form()

D = datetime.date

# Table 1 plays TO_1620 (test_rummy_services): N–S 420, 1040, 1220, 1620; E–W 165, 255, 935, 1010.
# Counted melds N–S 400 + 600 + 250 + 400 = 1650, best round 620; E–W 200 + 150 + 600 + 120 = 1070, best 680.
# Table 2: E–W goes out with 800 (+20) while N–S holds 50 → −50 : 820; then E–W, at barbele, opens with 100
# and goes out with 700 (+20) → 1540; N–S 100 − 10 left → 40. E–W wins 1540 to 40.
# Counted melds N–S 0 + 100 = 100, best round 90; E–W 800 + 700 = 1500, best 820.
TO_1540 = [
    [team(0, cards_left=50), team(800, going_out=True, first_meld=100)],
    [team(100, cards_left=10, first_meld=50), team(700, going_out=True, first_meld=100)],
]
# (points for, points against, won, margin, meld, best round) of each side at each table
TABLE_1 = {0: (1620, 1010, True, 610, 1650, 620), 1: (1010, 1620, False, -610, 1070, 680)}
TABLE_2 = {0: (40, 1540, False, -1500, 100, 90), 1: (1540, 40, True, 1500, 1500, 820)}


@pytest.fixture
def eight(club, players):
    return players + [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gil", "Hal")]


def rummy_profile(club, **options):
    return RuleProfile.objects.create(club=club, name=f"Rummy {RuleProfile.objects.count()}", game_type="rummy",
                                      options=options)


def rummy_night(club, players, *, format="progressive", profile=None, **league_kw):
    """A rummy league, its season and a night of two rounds with ``players`` checked in
    (fixed: as teams of two in order)."""
    league = services.league_create(club=club, name=f"Rummy {format}", rule_profile=profile or rummy_profile(club),
                                    format=format, **league_kw)
    season = services.season_create(league=league, name="Winter", starts_on=D(2026, 1, 1), ends_on=D(2026, 3, 31))
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=2)
    if format == "fixed":
        teams = [services.team_create(season=season, player_a=players[i], player_b=players[i + 1])
                 for i in range(0, len(players), 2)]
        services.night_check_in(night=night, teams=teams)
    else:
        services.night_check_in(night=night, players=players)
    return night


def table_games(rnd):
    return list(Game.objects.filter(table__round=rnd).order_by("table__number"))


def side_players(game):
    """{side: {player names}}: N–S (seats 0, 2) and E–W (1, 3)."""
    out = {0: set(), 1: set()}
    for seat in game.seats.select_related("player"):
        out[seat.seat % 2].add(seat.player.name)
    return out


@pytest.fixture
def seated(club, organizer, eight):
    """A progressive rummy night of eight, round 1 seated: (night, [table 1 game, table 2 game])."""
    night = rummy_night(club, eight, is_public=True)
    rnd = services.round_seat(night=night, by=organizer)
    return night, table_games(rnd)


@pytest.fixture
def played(seated, organizer):
    """Both tables of round 1 played to the end: table 1 TO_1620 (N–S wins), table 2 TO_1540 (E–W wins)."""
    night, (first, second) = seated
    for game, rounds in ((first, TO_1620), (second, TO_1540)):
        for r in rounds:
            entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))
    return night, [Game.objects.get(pk=first.pk), Game.objects.get(pk=second.pk)]


def totals(game):
    return tuple(s.total for s in game.sides.order_by("side"))


def results(game):
    """{player name: (points for, points against, won, margin, meld, best round)} of a game's results."""
    return {r.player.name: (r.points_for, r.points_against, r.won, r.margin, r.meld, r.best_hand)
            for r in Result.objects.filter(game=game).select_related("player")}


def expected(game, table):
    return {name: table[side] for side, names in side_players(game).items() for name in names}


def table_url(game, *rest):
    return reverse("league:table", args=[game.access_token]) + "".join(rest)


# --- seating -----------------------------------------------------------------------------------------------------


def test_a_progressive_night_of_eight_seats_two_rummy_tables_of_four(seated, eight):
    night, games = seated
    assert [(g.table.number, g.game_type, g.seats.count(), g.first_dealer, g.rules["target"], g.hand_limit)
            for g in games] == [(1, "rummy", 4, 0, 1500, None), (2, "rummy", 4, 0, 1500, None)]
    assert sorted(n for g in games for names in side_players(g).values() for n in names) == sorted(
        p.name for p in eight)


def test_the_second_round_passes_the_first_deal_to_the_next_seat(seated, organizer):
    night, _games = seated
    rnd = services.round_seat(night=night, by=organizer)
    assert [g.first_dealer for g in table_games(rnd)] == [1, 1]


def test_a_rummy_tables_game_copies_the_profiles_rules(club, organizer, eight):
    profile = rummy_profile(club, rounds_limit=8, going_out_bonus=25)
    night = rummy_night(club, eight, profile=profile)
    games = table_games(services.round_seat(night=night, by=organizer))
    assert [(g.rules["rounds_limit"], g.rules["going_out_bonus"], g.hand_limit) for g in games] == [(8, 25, 8)] * 2


def test_hands_per_round_is_refused_for_a_rummy_league(club, organizer, eight):
    night = rummy_night(club, eight)
    with pytest.raises(ValidationError) as e:
        services.round_seat(night=night, by=organizer, hand_limit=5)
    assert e.value.message_dict == {"hand_limit": ["Rummy games end at the target or after the profile's rounds; "
                                                   "leave hands per round empty."]}
    assert not Game.objects.exists()


def test_the_individual_format_is_refused_for_rummy(club):
    with pytest.raises(ValidationError) as e:
        services.league_create(club=club, name="R", rule_profile=rummy_profile(club), format="individual")
    assert e.value.message_dict == {"format": ["The individual format is for cribbage and three-handed Pinochle; "
                                               "choose fixed partnerships or progressive."]}
    assert not League.objects.exists()


def test_a_fixed_partnership_rummy_league_seats_its_teams_as_sides(club, organizer, eight):
    night = rummy_night(club, eight, format="fixed")
    games = table_games(services.round_seat(night=night, by=organizer))
    teams = {t.pk: {t.player_a.name, t.player_b.name} for t in Team.objects.select_related("player_a", "player_b")}
    assert len(games) == 2
    for game in games:
        sides = {s.side: s.team_id for s in GameSide.objects.filter(game=game)}
        assert {side: teams[team_id] for side, team_id in sides.items()} == side_players(game)
    assert sorted(s.team_id for g in games for s in g.sides.all()) == sorted(teams)


def test_a_fixed_partnership_game_writes_one_result_per_team(club, organizer, eight):
    night = rummy_night(club, eight, format="fixed")
    game = table_games(services.round_seat(night=night, by=organizer))[0]
    for r in TO_1620:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))
    sides = {s.side: s.team_id for s in game.sides.all()}
    rows = {r.team_id: (r.points_for, r.points_against, r.won, r.margin, r.meld, r.best_hand, r.opponents)
            for r in Result.objects.filter(game=game)}
    assert rows == {sides[0]: (*TABLE_1[0], [sides[1]]), sides[1]: (*TABLE_1[1], [sides[0]])}


# --- results and standings -----------------------------------------------------------------------------------


def test_a_game_in_progress_has_no_results(seated, organizer):
    _night, (game, _other) = seated
    for r in TO_1620[:3]:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))
    assert totals(game) == (1220, 935)
    assert not Result.objects.exists()


def test_a_finished_table_writes_a_result_for_each_of_its_four_players(played):
    _night, (first, second) = played
    assert (first.status, first.winner_side, totals(first)) == (Game.Status.FINISHED, 0, (1620, 1010))
    assert (second.status, second.winner_side, totals(second)) == (Game.Status.FINISHED, 1, (40, 1540))
    assert Result.objects.count() == 8
    assert results(first) == expected(first, TABLE_1)
    assert results(second) == expected(second, TABLE_2)


def test_each_result_names_the_partner_and_the_opponents(played):
    _night, (first, _second) = played
    seats = {s.seat: s.player_id for s in first.seats.all()}
    row = Result.objects.get(game=first, player_id=seats[0])
    assert (row.side, row.partners, sorted(row.opponents), row.bids_taken, row.bids_made, row.sets) == (
        0, [seats[2]], sorted([seats[1], seats[3]]), 0, 0, 0)


def test_the_standings_rank_the_season_by_points(played):
    night, (first, second) = played
    ranked = standings(night.season).rows
    assert [(r.rank, r.row.points_for, r.row.wins, r.row.games) for r in ranked] == [
        (1, 1620, 1, 1), (1, 1620, 1, 1), (3, 1540, 1, 1), (3, 1540, 1, 1),
        (5, 1010, 0, 1), (5, 1010, 0, 1), (7, 40, 0, 1), (7, 40, 0, 1)]
    names = [r.row.name for r in ranked]
    assert [set(names[i:i + 2]) for i in (0, 2, 4, 6)] == [
        side_players(first)[0], side_players(second)[1], side_players(first)[1], side_players(second)[0]]


def test_an_edit_that_reopens_the_game_removes_its_results(played, organizer):
    _night, (first, second) = played
    hand = Hand.objects.get(game=first, number=4)
    entry_update(hand=hand, by=organizer,
                 inputs=RummyRoundInput(teams=[team(50, cards_left=5), team(120, going_out=True, first_meld=90)]))
    first.refresh_from_db()
    # N–S 1220 + 50 − 5 = 1265; E–W 935 + 120 + 20 = 1075: nobody at 1500, play on
    assert (first.status, first.winner_side, totals(first)) == (Game.Status.IN_PROGRESS, None, (1265, 1075))
    assert not Result.objects.filter(game=first).exists()
    assert results(second) == expected(second, TABLE_2)


def test_an_edit_that_keeps_the_game_over_rewrites_its_results(played, organizer):
    _night, (first, _second) = played
    hand = Hand.objects.get(game=first, number=4)
    entry_update(hand=hand, by=organizer,
                 inputs=RummyRoundInput(teams=[team(100, going_out=True, folded_hand=True, without_wilds=True, first_meld=70),
                                   team(120, cards_left=25, first_meld=90)]))
    # E–W 935 + 120 − 25 = 1030 instead of 1010
    assert results(first) == expected(first, {0: (1620, 1030, True, 590, 1650, 620),
                                              1: (1030, 1620, False, -590, 1070, 680)})


def test_deleting_the_winning_round_removes_the_results(played, organizer):
    _night, (_first, second) = played
    entry_delete(hand=Hand.objects.get(game=second, number=2), by=organizer)
    second.refresh_from_db()
    assert (second.status, totals(second)) == (Game.Status.IN_PROGRESS, (-50, 820))
    assert not Result.objects.filter(game=second).exists()
    assert Result.objects.count() == 4


def test_a_locked_night_changes_only_with_an_organizers_reason_and_logs_it(played, organizer):
    night, (first, _second) = played
    services.night_lock(night=night, by=organizer)
    hand = Hand.objects.get(game=first, number=4)
    edit = [team(100, going_out=True, folded_hand=True, without_wilds=True, first_meld=70),
            team(120, cards_left=25, first_meld=90)]
    with pytest.raises(ValidationError) as e:
        entry_update(hand=hand, by=organizer, inputs=RummyRoundInput(teams=edit))
    assert e.value.message_dict == {"reason": ["The night is locked: give a reason for this change."]}
    entry_update(hand=hand, by=organizer, reason="E–W held 25, not 45", inputs=RummyRoundInput(teams=edit))
    assert Result.objects.get(game=first, side=1, player=first.seats.get(seat=1).player).points_for == 1030
    log = ChangeLog.objects.get()
    assert (log.reason, log.summary, log.game_id, log.by) == ("E–W held 25, not 45", "round 4 edited", first.pk,
                                                              organizer)


# --- rule profiles -------------------------------------------------------------------------------------------


def test_an_organizer_saves_a_rummy_profile_through_its_form(club):
    assert profile_form_for("rummy") is RummyProfileForm
    data = {n: f.initial for n, f in RummyProfileForm.base_fields.items() if f.initial is not None}
    form = RummyProfileForm(data={**data, "club": club.pk, "name": "Eights", "rounds_limit": 8, "clean_run_bonus": 0,
                                  "jack_value": 15})
    assert form.is_valid(), form.errors
    profile = form.save()
    assert (profile.game_type, profile.rules()) == ("rummy", RummyRules(rounds_limit=8, jack_value=15))


def test_a_rummy_profile_to_the_target_leaves_the_rounds_empty(club):
    data = {n: f.initial for n, f in RummyProfileForm.base_fields.items() if f.initial is not None}
    form = RummyProfileForm(data={**data, "club": club.pk, "name": "To 1500"})
    assert form.is_valid(), form.errors
    assert form.save().rules() == RummyRules()


def test_a_rummy_profile_refuses_impossible_rules(club):
    data = {n: f.initial for n, f in RummyProfileForm.base_fields.items() if f.initial is not None}
    form = RummyProfileForm(data={**data, "club": club.pk, "name": "Bad", "barbele_minimum": 0, "jack_value": 12})
    assert not form.is_valid()
    assert form.errors["barbele_minimum"] == ["Ensure this value is greater than or equal to 1."]
    assert form.errors["jack_value"] == ["Select a valid choice. 12 is not one of the available choices."]


@pytest.mark.parametrize("options, summary", [
    ({}, "rummy · 1500 · barbele at 750: 70 to open, −50 · going out 20"),
    ({"rounds_limit": 8, "clean_run_bonus": 30, "semi_clean_run_bonus": 20, "dirty_run_bonus": 10, "jack_value": 15},
     "rummy · highest after 8 rounds (or 1500) · barbele at 750: 70 to open, −50 · going out 20 · "
     "runs: clean 30, semi-clean 20, dirty 10 · jacks 15"),
])
def test_a_rummy_profiles_summary_gives_its_length_barbele_and_bonuses(club, options, summary):
    assert rules_summary(RummyRules.from_dict(options)) == summary
    assert rummy_profile(club, **options).summary == summary


# --- pages: the table link -----------------------------------------------------------------------------------


def test_the_table_link_on_the_sheets_opens_the_rummy_page(client, seated):
    _night, (game, _other) = seated
    response = client.get(reverse("league:table", args=[game.access_token]))
    assert response.status_code == 200 and 'id="round-form"' in response.content.decode()


def test_the_table_link_enters_a_round_without_logging_in(client, seated):
    _night, (game, _other) = seated
    data = post_round({"melds_on_table": 400, "going_out": True, "first_meld": 80},
                      {"melds_on_table": 200, "cards_left": 35, "first_meld": 60}, expected_number=1)
    response = client.post(table_url(game, "hands/"), data)
    assert response.status_code == 302 and response.url == table_url(game) + "#round-1"
    assert totals(game) == (420, 165)
    assert Hand.objects.get(game=game).entered_via == "link"
    html = client.get(table_url(game)).content.decode()
    assert re.findall(r'data-testid="row-total-(\d)">(-?\d+)<', html) == [("0", "420"), ("1", "165")]
    assert f'href="/t/{game.access_token}/hands/1/"' in html


def test_the_table_link_corrects_a_round(client, seated, organizer):
    _night, (game, _other) = seated
    entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=TO_1620[0]))
    url = table_url(game, "hands/1/")
    html = client.get(url).content.decode()
    assert f'action="{url}"' in html and 'name="t0_melds_on_table" value="400"' in html
    response = client.post(url, post_round({"melds_on_table": 300, "going_out": True, "first_meld": 80},
                                           {"melds_on_table": 200, "cards_left": 35, "first_meld": 60}, version=1))
    assert response.status_code == 302 and response.url == table_url(game) + "#round-1"
    assert totals(game) == (320, 165)


def test_the_table_link_page_shows_no_organizer_controls(client, seated, organizer):
    _night, (game, _other) = seated
    entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=TO_1620[0]))
    html = client.get(table_url(game)).content.decode()
    assert f'action="{table_url(game, "hands/")}"' in html
    assert "/delete/" not in html and 'data-testid="table-link"' not in html
    assert f"/g/{game.public_id}/hands/" not in html
    edit = client.get(table_url(game, "hands/1/")).content.decode()
    assert "Delete this round" not in edit and "/delete/" not in edit


def test_the_organizer_sees_the_table_link_on_the_public_page(client, seated, organizer):
    _night, (game, _other) = seated
    client.force_login(organizer)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f'/t/{game.access_token}/</code>' in html
    assert f'action="/g/{game.public_id}/hands/"' in html


def test_the_rummy_page_shows_the_league_night_round_and_table(client, seated):
    night, (_first, second) = seated
    league = night.season.league
    night_url = reverse("league:night", args=[league.club.slug, league.slug, night.season_id, night.pk])
    for url in (table_url(second), reverse("league:game", args=[second.public_id])):
        html = client.get(url).content.decode()
        context = re.search(r'data-testid="league-context">(.*?)</p>', html, re.S).group(1)
        assert f'<a href="{night_url}">Rummy progressive · Winter · Thu 8 Jan 2026</a>' in context
        assert "round 1, table 2" in context


def test_a_casual_rummy_game_shows_no_league_context(client, club, players, organizer):
    game = rummy_game_create(club=club, players=players, by=organizer)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert 'data-testid="league-context"' not in html and "Organizers log in to enter rounds." in html


def test_a_locked_night_refuses_the_table_link(client, played):
    night, (first, _second) = played
    services.night_lock(night=night, by=None)
    before = (list(Hand.objects.filter(game=first).values_list("number", "version")), totals(first))
    html = client.get(table_url(first)).content.decode()
    assert "This night is locked: only an organizer can change it now." in html
    assert 'href="/rt/' not in html  # no edit links
    refused = client.post(table_url(first, "hands/4/"), post_round({"melds_on_table": 50}, {}, version=1))
    assert refused.status_code == 403
    assert "This night is locked: only an organizer can change it now." in refused.content.decode()
    assert client.get(table_url(first, "hands/4/")).status_code == 403
    assert (list(Hand.objects.filter(game=first).values_list("number", "version")), totals(first)) == before


def test_a_locked_night_refuses_a_new_round_by_the_table_link(client, played, organizer):
    night, (first, _second) = played  # a night locks only when its games are over
    services.night_lock(night=night, by=organizer)
    response = client.post(table_url(first, "hands/"), post_round({"melds_on_table": 50}, {}, expected_number=5))
    assert response.status_code == 403
    assert Hand.objects.filter(game=first).count() == 4


def test_an_organizer_edits_a_locked_nights_round_with_a_reason_on_the_page(client, played, organizer):
    night, (first, _second) = played
    services.night_lock(night=night, by=organizer)
    client.force_login(organizer)
    url = reverse("league:hand_edit", args=[first.public_id, 4])
    assert 'name="reason"' in client.get(url).content.decode()
    data = post_round({"melds_on_table": 100, "going_out": True, "folded_hand": True, "without_wilds": True,
                       "first_meld": 70}, {"melds_on_table": 120, "cards_left": 25, "first_meld": 90}, version=1)
    refused = client.post(url, data)
    assert refused.status_code == 400 and "The night is locked: give a reason for this change." in (
        refused.content.decode())
    assert client.post(url, {**data, "reason": "recount"}).status_code == 302
    assert totals(first) == (1620, 1030)


def test_another_games_token_cannot_edit_this_games_round(client, seated, organizer):
    _night, (first, second) = seated
    entry_record(game=first, by=organizer, inputs=RummyRoundInput(teams=TO_1620[0]))
    data = post_round({"melds_on_table": 50}, {}, version=1)
    assert client.post(table_url(second, "hands/1/"), data).status_code == 404  # round 1 is not at that table
    assert client.post(reverse("league:table_hand_edit", args=["not-a-token", 1]), data).status_code == 404
    assert totals(first) == (420, 165) and Hand.objects.get(game=first).version == 1


def test_the_table_link_deletes_nothing(client, seated, organizer):
    _night, (game, _other) = seated
    entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=TO_1620[0]))
    assert client.post(table_url(game, "hands/1/delete/")).status_code == 404
    response = client.post(reverse("league:hand_delete", args=[game.public_id, 1]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert Hand.objects.filter(game=game).count() == 1


def test_a_pinochle_token_opens_the_pinochle_pad_not_a_rummy_board(client, club, organizer, players):
    pinochle = services.game_create(club=club, players=players, by=organizer)
    html = client.get(reverse("league:table", args=[pinochle.access_token])).content.decode()
    assert 'id="hand-form"' in html and 'id="round-form"' not in html


def test_the_night_page_links_a_rummy_table_to_the_rummy_page(client, seated):
    night, games = seated
    league = night.season.league
    html = client.get(reverse("league:night", args=[league.club.slug, league.slug, night.season_id, night.pk]))
    links = re.findall(r'class="table-card[^"]*" href="([^"]+)" data-testid="table-1-(\d)"', html.content.decode())
    assert links == [(reverse("league:game", args=[g.public_id]), str(g.table.number)) for g in games]


@pytest.mark.parametrize("rounds", [1, 3])
def test_the_table_link_page_query_count_does_not_grow_with_the_rounds(client, seated, organizer, rounds):
    _night, (game, _other) = seated
    for r in TO_1620[:rounds]:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))
    with CaptureQueriesContext(connection) as ctx:
        html = client.get(table_url(game)).content.decode()
    assert html.count('data-testid="round-row"') == rounds
    assert len(ctx.captured_queries) == 4  # the club's language and time zone; the game with its table, night and sides; seats; rounds


def test_an_organizer_revokes_a_rummy_table_link_and_the_old_one_stops_working(client, seated, organizer):
    _night, (game, _other) = seated
    old = game.access_token
    client.force_login(organizer)
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert 'data-testid="reissue-link"' in page
    response = client.post(reverse("league:table_link_reissue", args=[game.public_id]))
    assert response.status_code == 302 and response["Location"] == reverse("league:game", args=[game.public_id])
    game.refresh_from_db()
    assert game.access_token != old and len(game.access_token) == 43
    client.logout()
    assert client.get(reverse("league:table", args=[old])).status_code == 404
    assert client.get(reverse("league:table", args=[game.access_token])).status_code == 200


def test_the_night_page_does_not_offer_hands_per_round_to_a_rummy_league(client, club, organizer, eight):
    night = rummy_night(club, eight)
    league = night.season.league
    client.force_login(organizer)
    html = client.get(reverse("league:night", args=[club.slug, league.slug, night.season.pk, night.pk])).content.decode()
    assert "Seat round 1" in html and 'name="hand_limit"' not in html
