"""Game and set stakes of a three-handed cut-throat game on its page and in
its profile form (docs/rules.md, "Three-handed Pinochle: stakes")."""
from django.urls import reverse

from league import services
from league.games import kind_for

ThreeHandedProfileForm = kind_for("three_handed").profile_form()

from .test_three_handed import hand, three_game
from league.games.pinochle.hand_inputs import PinochleHandInput

# Ann (player 1) is set three times, the last hand takes Bo and Cy past 500: Bo wins with 640.
HANDS = [hand(0, 300, (100, 60, 40), None, kind="thrown_in"),   # single set
         hand(0, 300, (50, 300, 300), (100, 100, 50)),         # double set
         hand(0, 250, (0, 100, 150), (100, 80, 70))]           # double set; Bo 640, Cy 610


def test_the_page_shows_each_sets_and_the_payments_when_two_opponents_cross_the_target(
        client, club, players, organizer):
    game = three_game(club, players, organizer, target=500, game_stake=2, set_stake=2)
    for h in HANDS:
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert 'data-testid="stakes"' in html and 'data-testid="settle-up"' not in html
    assert "Ann: sets 5" in html
    assert "Ann pays Bo 12" in html and "Cy pays Bo 2" in html
    assert "stakes 2 a game, 2 a set" in html


def test_the_pot_method_shows_what_each_puts_in_and_the_winner_takes(client, club, players, organizer):
    game = three_game(club, players, organizer, target=500, game_stake=2, set_stake=2, stakes_method="pot")
    for h in HANDS:
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert "Ann puts 12 in the pot" in html and "Cy puts 2 in the pot" in html
    assert "Bo takes the pot, 16" in html


def test_no_stakes_section_without_stakes(client, club, players, organizer):
    game = three_game(club, players, organizer, target=500)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**HANDS[0]))
    assert 'data-testid="stakes"' not in client.get(reverse("league:game", args=[game.public_id])).content.decode()


def test_the_three_handed_profile_form_stores_the_stakes(club):
    form = ThreeHandedProfileForm(data={
        "club": club.pk, "name": "Baht", "target": 1500, "min_bid": 250, "bid_increment": 10, "all_pass": "redeal",
        "trick_scheme": "A", "meld_saved_by": "points", "throw_in_defenders": "meld", "double_run": 1500,
        "double_arounds": "x10", "double_pinochle": 300, "tie": "bidder", "passing": 0, "settlement": "cutthroat",
        "game_stake": 2, "set_stake": 2, "stakes_method": "pot"})
    assert form.is_valid(), form.errors
    profile = form.save()
    assert {k: profile.options[k] for k in ("game_stake", "set_stake", "stakes_method")} == {
        "game_stake": 2, "set_stake": 2, "stakes_method": "pot"}
