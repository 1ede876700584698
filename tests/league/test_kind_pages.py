"""Pages every kind shares, through the forms as rendered: a casual rummy
game with a rule profile, the rummy board's htmx path, new games of each kind."""
import pytest
from django.urls import reverse

from league.games import kinds
from league.models import Game, Hand, RuleProfile

from .kind_cases import ENTRY, brought
from .rendered_forms import open_form
from league.games.pinochle.hand_inputs import PinochleHandInput


def test_a_casual_rummy_game_uses_the_chosen_rule_profile(client, club, players, organizer):
    profile = RuleProfile.objects.create(club=club, name="Rummy to 1000", game_type="rummy",
                                         options={"target": 1000})
    client.force_login(organizer)
    form = open_form(client, (reverse("league:game_new", args=[club.slug]) + "?kind=rummy")).form(has="rule_profile")
    form.update(player_0="Ann", player_1="Bo", player_2="Cy", player_3="Di", rule_profile=profile.pk)
    assert form.submit(client).status_code == 302
    game = Game.objects.get()
    assert (game.rule_profile, game.rules["target"]) == (profile, 1000)


def test_the_rummy_profile_list_offers_only_rummy_profiles(client, club, organizer):
    RuleProfile.objects.create(club=club, name="Pinochle", options={})
    rummy = RuleProfile.objects.create(club=club, name="Rummy", game_type="rummy", options={})
    client.force_login(organizer)
    form = open_form(client, (reverse("league:game_new", args=[club.slug]) + "?kind=rummy")).form(has="rule_profile")
    assert form.choices["rule_profile"] == {"", str(rummy.pk)}


def test_rummy_round_entry_by_htmx_swaps_the_board(client, club, players, organizer):
    from league.games.rummy.services import rummy_game_create

    game = rummy_game_create(club=club, players=players, by=organizer)
    client.force_login(organizer)
    page = open_form(client, reverse("league:game", args=[game.public_id]))
    assert 'data-hx-post="' in page.response.content.decode()
    form = page.form("round-form").update(**ENTRY["rummy"])
    response = form.submit(client, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html and 'id="round-form"' in html
    assert Hand.objects.filter(game=game).count() == 1


NEW_GAME = {
    "partnership": ("league:game_new", "?kind=partnership", {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"}),
    "three_handed": ("league:game_new", "?kind=three_handed", {"north": "Ann", "east": "Bo", "south": "Cy"}),
    "double_deck": ("league:game_new", "?kind=double_deck", {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"}),
    "cribbage": ("league:game_new", "?kind=cribbage", None),
    "rummy": ("league:game_new", "?kind=rummy", {"player_0": "Ann", "player_1": "Bo", "player_2": "Cy", "player_3": "Di"}),
}


@pytest.mark.parametrize("kind", kinds(), ids=str)
def test_a_new_game_of_each_kind_from_its_rendered_form(client, club, players, organizer, kind):
    # a kind outside league/ (the test-only Toy Tally) brings its new game's fields in its cases.py
    name, query, fields = NEW_GAME.get(str(kind.code)) or ("league:game_new", f"?kind={kind.code}",
                                                           brought(kind, "NEW_GAME"))
    client.force_login(organizer)
    form = open_form(client, reverse(name, args=[club.slug]) + query).form(has="rule_profile")
    if fields is None:  # cribbage: the two player fields, whatever their names
        names = sorted(n for n in form.names if n.startswith("player"))
        fields = dict(zip(names, ["Ann", "Bo"]))
    response = form.update(**fields).submit(client)
    assert response.status_code == 302
    assert Game.objects.get().kind is kind


def test_the_pinochle_sheet_shows_a_disputed_hands_other_version_to_the_organizer(client, club, players, organizer):
    from league import services
    from league.models import HandStatus, League
    from league.services.trust import Actor

    from .kind_cases import league_table

    game = league_table("partnership", club=club, players=players, organizer=organizer)
    League.objects.filter(pk=game.table.round.night.season.league_id).update(confirmation=True)
    hand = services.entry_record(game=game, by=Actor(link=True, side=0),
                                 inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=300, trump="H", meld=(150, 60), tricks=(170, 80)))
    services.entry_counter(hand=hand, by=Actor(link=True, side=1),
                           inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=300, trump="H", meld=(150, 60), tricks=(160, 90)))
    assert Hand.objects.get().status == HandStatus.DISPUTED
    client.force_login(organizer)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert 'data-testid="versions-1"' in html
    assert "The other side's numbers: N 300 H · meld 150 / 60 · trick points 160 / 90" in html
    client.logout()
    assert 'data-testid="versions-1"' not in client.get(reverse("league:table", args=[game.access_token])).content.decode()


def test_the_admin_cannot_delete_hands_or_results_nor_edit_a_nights_lock(client, club, players, organizer):
    from django.contrib.auth import get_user_model

    from league import services
    from league.models import ChangeLog, Night, Result

    from .kind_cases import league_table

    game = league_table("partnership", club=club, players=players, organizer=organizer)
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=1300, trump="H", meld=(1300, 0), tricks=(250, 0)))
    admin = get_user_model().objects.create_superuser("root", password="pw-root-12345")
    client.force_login(admin)
    hand, result = Hand.objects.get(), Result.objects.filter(game=game).first()
    assert client.get(reverse("admin:league_hand_delete", args=[hand.pk])).status_code == 403
    assert client.get(reverse("admin:league_result_delete", args=[result.pk])).status_code == 403
    night = game.table.round.night
    page = open_form(client, reverse("admin:league_night_change", args=[night.pk])).form(has="rounds")
    assert "status" not in page
    response = client.post(reverse("admin:league_night_changelist"),
                           {"action": "lock_nights", "_selected_action": [night.pk]})
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.status == Night.Status.LOCKED
    services.night_reopen(night=night, by=organizer, reason="a sheet was found")
    assert [(c.summary, c.reason) for c in ChangeLog.objects.all()] == [("night reopened", "a sheet was found")]
