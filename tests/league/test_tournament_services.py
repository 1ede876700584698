"""An event through its services (docs/tournaments.md): exact numbers, one rule a test."""
import datetime

import pytest
from django.core.exceptions import ValidationError

from league.models import Game, MatchGame, RuleProfile, Stage, Tournament
from league.selectors.tournaments import event_view
from league.services import tournaments

from .tournament_helpers import crib_event, play_crib

pytestmark = pytest.mark.django_db
NINE = ["P%d" % i for i in range(1, 10)]


def play_round(stage_round, organizer, winner=0, loser_points=95):
    for match in stage_round.matches.all():
        for mg in match.games.all():
            if not mg.game.is_finished:
                play_crib(mg.game, winner, loser_points, organizer)


def qualify(event, organizer, rounds=1):
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=rounds, by=organizer)
    for rnd in stage.round_set.all():
        play_round(rnd, organizer)
    tournaments.stage_advance(stage=stage, by=organizer)
    return stage


def bracket_names(event):
    view = event_view(Tournament.objects.get(pk=event.pk))
    return [[[(ms.seed, ms.entrant.name) for ms in state.sides] for state in states]
            for _rnd, states in view.bracket_rounds]


def test_three_qualifiers_give_the_top_seed_a_bye_and_the_final_meets_the_winner_of_two_against_three(
        club, organizer):
    event = crib_event(club, organizer, NINE, qualifier_share="1/3")  # 9 entrants, one in three: 3 qualify
    qualify(event, organizer)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", best_of=1, by=organizer)
    first = bracket_names(event)[0]
    assert [len(m) for m in first] == [1, 2]  # seed 1 alone (the bye), then 2 against 3
    assert [seed for seed, _ in first[0] + first[1]] == [1, 2, 3]
    play_crib(MatchGame.objects.get(match__round__stage=playoff).game, 1, 60, organizer)  # seed 3 wins
    assert tournaments.stage_advance(stage=playoff, by=organizer) == "Round 2 is drawn."
    final = bracket_names(event)[1]
    assert [seed for seed, _ in final[0]] == [1, 3]


def test_a_best_of_three_match_starts_its_next_game_until_one_side_has_two(club, organizer):
    event = crib_event(club, organizer, ["A", "B", "C", "D"], qualifier_share="1/2")
    qualify(event, organizer)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", best_of=3, by=organizer)
    match = playoff.round_set.get().matches.get(number=1)
    play_crib(match.games.get(number=1).game, 0, 95, organizer)
    assert tournaments.stage_advance(stage=playoff, by=organizer) == "A next game started at match 1."
    play_crib(match.games.get(number=2).game, 1, 95, organizer)
    tournaments.stage_advance(stage=playoff, by=organizer)
    play_crib(match.games.get(number=3).game, 1, 95, organizer)
    assert match.games.count() == 3
    assert tournaments.stage_advance(stage=playoff, by=organizer) == "B wins the event."
    view = event_view(Tournament.objects.get(pk=event.pk))
    assert view.champion.name == "B"
    assert [(rank, e.name) for rank, e, _ in view.prize_table] == [(1, "B"), (2, "A"), (3, "C"), (3, "D")]


def test_semifinal_losers_share_third_place_and_split_its_prize(club, organizer):
    event = crib_event(club, organizer, NINE[:8], entry_fee=25, unit=5, payout_shares=[50, 30, 20],
                       qualifier_share="1/2")  # pot 200, four qualifiers
    qualify(event, organizer, rounds=1)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", by=organizer)
    play_round(playoff.round_set.get(number=1), organizer, winner=0)
    tournaments.stage_advance(stage=playoff, by=organizer)
    play_round(playoff.round_set.get(number=2), organizer, winner=0)
    tournaments.stage_advance(stage=playoff, by=organizer)
    view = event_view(Tournament.objects.get(pk=event.pk))
    paid = [(rank, amount) for rank, _e, amount in view.prize_table if amount]
    assert paid == [(1, 100), (2, 60), (3, 20), (3, 20)]  # 3rd's 40 split between the two semifinal losers
    assert sum(amount for _r, _e, amount in view.prize_table) == 200


def test_a_partnership_event_enters_two_partners_and_seats_them_opposite(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    event = tournaments.tournament_create(club=club, name="Pairs", date=datetime.date(2026, 12, 5),
                                          rule_profile=profile)
    with pytest.raises(ValidationError) as e:
        tournaments.entrant_register(tournament=event, name="Ann")
    assert "partner" in e.value.message_dict
    for a, b in (("Ann", "Bo"), ("Cy", "Di")):
        tournaments.entrant_register(tournament=event, name=a, partner=b)
    tournaments.stage_start(tournament=event, kind="qualifying", rounds=1, by=organizer)
    game = Game.objects.get()
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Cy", "Bo", "Di"]


def test_late_registration_closes_once_every_qualifying_round_is_under_way(club, organizer):
    event = crib_event(club, organizer, ["A", "B"])
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=1, by=organizer)
    tournaments.round_clock(stage_round=stage.round_set.get(), action="start")
    with pytest.raises(ValidationError) as e:
        tournaments.entrant_register(tournament=event, name="Late")
    assert e.value.message_dict == {"name": ["Registration is closed: no qualifying round is left to join."]}
    assert event.entrants.count() == 2


def test_a_three_handed_event_has_no_playoff_bracket(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Three", game_type="three_handed", options={})
    event = tournaments.tournament_create(club=club, name="Threes", date=datetime.date(2026, 12, 5),
                                          rule_profile=profile)
    for name in ("A", "B", "C", "D", "E", "F"):
        tournaments.entrant_register(tournament=event, name=name)
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=2, by=organizer)
    assert [r.matches.count() for r in stage.round_set.all()] == [2, 2]
    assert all(m.sides.count() == 3 for r in stage.round_set.all() for m in r.matches.all())
    Stage.objects.filter(pk=stage.pk).update(finished=True)
    with pytest.raises(ValidationError) as e:
        tournaments.stage_start(tournament=event, kind="playoff", by=organizer)
    assert e.value.message_dict == {"kind": ["A playoff match is one side against another: not for tables of three."]}


def test_a_correction_to_a_qualifying_game_changes_the_standings_it_is_read_from(club, organizer):
    event = crib_event(club, organizer, ["A", "B"])
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=1, by=organizer)
    game = MatchGame.objects.get(match__round__stage=stage).game
    play_crib(game, 0, 95, organizer)
    assert [(e.name, r.game_points) for e, r, _ in event_view(event).standings] == [("A", 2), ("B", 0)]
    from league import services
    services.entry_delete(hand=game.hands.order_by("-number").first(), by=organizer, reason="wrong")
    game.refresh_from_db()
    assert not game.is_finished
    assert [(e.name, r.game_points) for e, r, _ in event_view(event).standings] == [("A", 0), ("B", 0)]
    with pytest.raises(ValidationError) as e:
        tournaments.stage_advance(stage=stage, by=organizer)
    assert e.value.message_dict == {"stage": ["Still playing: round 1 table 1."]}


def test_a_qualifying_correction_after_the_draw_names_the_playoff_match_it_affects_and_redraws_nothing(
        club, organizer):
    from league import services

    event = crib_event(club, organizer, ["A", "B", "C", "D"], qualifier_share="1/2")
    stage = qualify(event, organizer)  # every side 0 wins: the round's two winners are seeded 1 and 2
    playoff = tournaments.stage_start(tournament=event, kind="playoff", by=organizer)
    seated = [(ms.seed, ms.entrant.name) for ms in playoff.round_set.get().matches.get().sides.all()]
    # table 2's game is corrected: its last deal deleted and the other side wins it instead
    game = stage.round_set.get().matches.get(number=2).games.get().game
    services.entry_delete(hand=game.hands.order_by("-number").first(), by=organizer, reason="miscounted")
    game.refresh_from_db()
    from league.games.cribbage.inputs import CribbageDealInput
    while not game.is_finished:
        services.entry_record(game=game, by=organizer, inputs=CribbageDealInput(
            pegging=(0, 20), pone_hand=0, dealer_hand=0, crib=0))
        game.refresh_from_db()
    view = event_view(Tournament.objects.get(pk=event.pk))
    loser_now_winner = game.seats.get(seat=1).player.name
    assert [(m, seed, was.name, now.name) for m, seed, was, now in view.reseeded] == [
        (1, 2, seated[1][1], loser_now_winner)]
    assert [(ms.seed, ms.entrant.name) for ms in playoff.round_set.get().matches.get().sides.all()] == seated
    from django.test import Client
    from django.urls import reverse

    director = Client()
    director.force_login(organizer)
    said = f"Match 1: seed 2 is now {loser_now_winner} ({seated[1][1]} was seated)."
    for name, client in (("league:tournament", Client()), ("league:tournament_manage", director)):
        page = client.get(reverse(name, args=[club.slug, event.slug])).content.decode()
        assert page.count(said) == 1, name  # the rendered pages say it, the drawn match stays


@pytest.mark.django_db(transaction=True)
def test_the_clubs_backup_carries_its_events_and_the_import_restores_their_prize_table(club, organizer):
    from django.core.management import call_command

    from league.backup import club_export, club_import

    event = crib_event(club, organizer, ["A", "B", "C", "D"], qualifier_share="1/2", entry_fee=10, unit=5)
    qualify(event, organizer)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", by=organizer)
    play_crib(MatchGame.objects.get(match__round__stage=playoff).game, 1, 60, organizer)
    tournaments.stage_advance(stage=playoff, by=organizer)
    pool = tournaments.side_pool_create(tournament=event, name="High hand", pot=15)
    tournaments.side_pool_award(pool=pool, winners=event.entrants.filter(number__in=[1, 3]))

    def shown():
        view = event_view(Tournament.objects.get(slug="winter-open"))
        return ([(rank, e.name, amount) for rank, e, amount in view.prize_table],
                [(p.name, [(e.name, a) for e, a in shares]) for p, shares in view.pools])

    before = shown()
    text = club_export(club)
    call_command("flush", "--noinput")
    club_import(text)
    assert shown() == before
    assert before[0][:2] == [(1, before[0][0][1], 20), (2, before[0][1][1], 10)]
    assert before[1] == [("High hand", [("A", 10), ("C", 5)])]


def test_a_three_handed_event_ends_with_its_qualifying_order_as_the_places(club, organizer):
    from league.models import GameSide

    profile = RuleProfile.objects.create(club=club, name="Three", game_type="three_handed", options={})
    event = tournaments.tournament_create(club=club, name="Threes", date=datetime.date(2026, 12, 5),
                                          rule_profile=profile, entry_fee=10, payout_shares=[60, 40])
    for name in ("A", "B", "C", "D", "E", "F"):
        tournaments.entrant_register(tournament=event, name=name)
    stage = tournaments.stage_start(tournament=event, kind="qualifying", rounds=1, by=organizer)
    # the games' stored results, as the pad would leave them: seat 0 wins 1500 to 900 and 700 at each table
    for game in Game.objects.all():
        for side, total in enumerate((1500, 900, 700)):
            GameSide.objects.filter(game=game, side=side).update(total=total)
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winner_side=0)
    said = tournaments.stage_advance(stage=stage, by=organizer)
    assert said == "Qualifying is over: its standings are the event's places."
    view = event_view(Tournament.objects.get(pk=event.pk))
    assert Tournament.objects.get(pk=event.pk).status == Tournament.Status.FINISHED
    # two winners level (1 game point, spread +600 each) share 1st: 60 % + 40 % of 60, 30 each
    assert [(rank, amount) for rank, _e, amount in view.prize_table] == [(1, 30), (1, 30), (3, 0), (3, 0), (5, 0),
                                                                         (5, 0)]
    assert view.champion is None


def test_an_entrant_number_is_never_reused(club, organizer):
    from league.models import Entrant

    event = crib_event(club, organizer, ["A", "B", "C"])
    Entrant.objects.filter(tournament=event, number=2).delete()  # withdrawn through the admin
    assert tournaments.entrant_register(tournament=event, name="D").number == 4


def test_the_prize_table_and_the_pools_export_as_csv(client, club, organizer):
    from django.urls import reverse

    event = crib_event(club, organizer, ["A", "B", "C", "D"], qualifier_share="1/2", entry_fee=10, unit=5)
    qualify(event, organizer)
    playoff = tournaments.stage_start(tournament=event, kind="playoff", by=organizer)
    play_crib(MatchGame.objects.get(match__round__stage=playoff).game, 0, 60, organizer)
    tournaments.stage_advance(stage=playoff, by=organizer)
    pool = tournaments.side_pool_create(tournament=event, name="=High hand", pot=15)
    tournaments.side_pool_award(pool=pool, winners=event.entrants.filter(number=2))
    response = client.get(reverse("league:tournament_prizes_csv", args=[club.slug, event.slug]))
    body = b"".join(response.streaming_content)
    assert body[:3] == b"\xef\xbb\xbf"  # the UTF-8 byte order mark every CSV starts with (Excel reads Thai and Chinese)
    lines = body.decode("utf-8-sig").splitlines()
    view = event_view(Tournament.objects.get(pk=event.pk))
    names = [e.name for _r, e, _a in view.prize_table]
    assert lines == ["Pool,Place,Entrant,Amount", f"prize,1,{names[0]},20", f"prize,2,{names[1]},10",
                     f"prize,3,{names[2]},5", f"prize,3,{names[3]},5", "'=High hand,1,B,15"]


@pytest.mark.parametrize("language, header", [("zh-hant", "彩池,名次,參賽者,金額"), ("th", None)])
def test_the_prize_csv_header_is_in_the_readers_language_and_in_codes_on_request(client, club, organizer,
                                                                                  language, header):
    from django.conf import settings
    from django.urls import reverse

    from league.exports_columns import LABELS

    event = crib_event(club, organizer, ["A", "B"], entry_fee=10, unit=5)
    url = reverse("league:tournament_prizes_csv", args=[club.slug, event.slug])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    first = b"".join(client.get(url).streaming_content).decode("utf-8-sig").splitlines()[0]
    if header is None:
        from django.utils import translation

        with translation.override(language):
            header = ",".join(str(LABELS[c]) for c in ("pool", "place", "entrant", "amount"))
    assert first == header and first != "Pool,Place,Entrant,Amount"
    codes = b"".join(client.get(url + "?header=codes").streaming_content).decode("utf-8-sig").splitlines()[0]
    assert codes == "pool,place,entrant,amount"


def test_swiss_rounds_are_paired_one_at_a_time_by_the_game_points_so_far(club, organizer):
    event = crib_event(club, organizer, ["A", "B", "C", "D"])
    stage = tournaments.stage_start(tournament=event, kind="swiss", rounds=2, by=organizer)
    first = stage.round_set.get(number=1)
    assert [[ms.entrant.name for ms in m.sides.all()] for m in first.matches.all()] == [["A", "B"], ["C", "D"]]
    assert stage.round_set.count() == 1  # the next round waits for this one's results
    play_round(first, organizer, winner=1)  # B and D win
    assert tournaments.stage_advance(stage=stage, by=organizer) == "Round 2 is seated."
    second = stage.round_set.get(number=2)
    # B and D (2 game points) meet; A and C (0) meet: no one meets an earlier opponent
    assert [[ms.entrant.name for ms in m.sides.all()] for m in second.matches.all()] == [["B", "D"], ["A", "C"]]
    play_round(second, organizer, winner=0)
    assert tournaments.stage_advance(stage=stage, by=organizer) == "Qualifying is over: the qualifiers are known."
    view = event_view(Tournament.objects.get(pk=event.pk))
    assert [(e.name, r.game_points, rank) for e, r, rank in view.standings] == [
        ("B", 4, 1), ("A", 2, 2), ("D", 2, 2), ("C", 0, 4)]
    tournaments.stage_start(tournament=event, kind="playoff", by=organizer)  # the playoffs follow Swiss rounds too
    assert [[s for s, _n in m] for m in bracket_names(event)[0]] == [[1]]  # one qualifier of four: the champion


def test_two_events_of_one_name_get_two_slugs(club, organizer):
    first = crib_event(club, organizer, [])
    second = tournaments.tournament_create(club=club, name="Winter Open", date=datetime.date(2026, 12, 6),
                                           rule_profile=first.rule_profile)
    assert (first.slug, second.slug) == ("winter-open", "winter-open-2")
