"""Double-deck Pinochle in the site (docs/rules.md, "Double-deck Pinochle"): 50 trick
points, bids from 50 (by 1, by 5 from 60), meld with four copies of each card."""
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import services
from league.models import Game, GameType, Hand, RuleProfile
from scoring.pinochle import DoubleDeckRules

from .conftest import played, snapshot, totals
from league.games import kind_for
from league.games.pinochle.hand_inputs import PinochleHandInput


@pytest.fixture
def dd(club, players, organizer):
    profile = RuleProfile.objects.create(club=club, name="dd", game_type=GameType.DOUBLE_DECK,
                                         options={"target": 100})
    return services.game_create(club=club, players=players, rule_profile=profile, by=organizer,
                                game_type=GameType.DOUBLE_DECK)


def test_a_double_deck_game_stores_double_deck_rules(club, players, organizer):
    game = services.game_create(club=club, players=players, by=organizer, game_type=GameType.DOUBLE_DECK)
    rules = game.pinochle_rules()
    assert isinstance(rules, DoubleDeckRules)
    assert (rules.target, rules.min_bid, rules.trick_total, rules.sides) == (500, 50, 50, 2)
    assert game.sides.count() == 2 and game.seats.count() == 4


def test_double_deck_game_with_50_point_tricks_to_the_target(dd, organizer):
    # N–S bid 55: meld 20 + tricks 38 = 58 made; E–W 12 + 12
    services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(0, 55, (20, 12), (38, 12))))
    assert totals(dd) == (58, 24)
    # E–W bid 50: 30 + 30 = 60 made; N–S 10 + 20
    services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(1, 50, (10, 30), (20, 30))))
    assert totals(dd) == (88, 84)
    # N–S bid 60: 20 + 45 = 65 -> 153, E–W took 5 but melded nothing
    services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(2, 60, (20, 0), (45, 5))))
    dd.refresh_from_db()
    assert totals(dd) == (153, 89)
    assert dd.status == "finished" and dd.winner_side == 0
    assert str(dd.end_message) == "N–S reached 153"


def test_double_deck_set_is_minus_the_bid(dd, organizer):
    services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(1, 65, (24, 10), (20, 30))))
    assert totals(dd) == (44, -65)
    assert Hand.objects.get(game=dd, number=1).made is False


@pytest.mark.parametrize("bid, field, message", [
    (45, "bid", "bid 45 is below the minimum 50"),
    (49, "bid", "bid 49 is below the minimum 50"),
    (62, "bid", "bid 62 is not a step of 5 from 60"),
])
def test_double_deck_bids_below_50_or_off_the_steps_are_refused(dd, organizer, bid, field, message):
    before = snapshot(dd)
    with pytest.raises(ValidationError) as e:
        services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(0, bid, (20, 12), (38, 12))))
    assert e.value.message_dict == {field: [message]}
    assert snapshot(dd) == before


def test_double_deck_tricks_must_total_50(dd, organizer):
    before = snapshot(dd)
    with pytest.raises(ValidationError) as e:
        services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(0, 50, (20, 12), (200, 50))))
    assert e.value.message_dict == {"tricks": ["trick points 200 + 50 must total 50"]}
    assert snapshot(dd) == before


def test_double_deck_page_refuses_a_bid_below_50(client, dd, organizer):
    client.force_login(organizer)
    page = client.get(reverse("league:game", args=[dd.public_id])).content.decode()
    assert 'data-min-bid="50"' in page and 'data-trick-total="50"' in page
    assert "deck=double" in page  # the meld counter link counts with four copies
    response = client.post(reverse("league:hand_add", args=[dd.public_id]), {
        "kind": "played", "dealer": 0, "bidder_seat": 0, "bid": 40, "trump": "H",
        "meld_0": 20, "meld_1": 12, "tricks_0": 38, "tricks_1": 12,
    })
    assert response.status_code == 400
    assert "bid 40 is below the minimum 50" in response.content.decode()
    assert Hand.objects.filter(game=dd).count() == 0
    response = client.post(reverse("league:hand_add", args=[dd.public_id]), {
        "kind": "played", "dealer": 0, "bidder_seat": 0, "bid": 55, "trump": "H",
        "meld_0": 20, "meld_1": 12, "tricks_0": 38, "tricks_1": 12,
    })
    assert response.status_code == 302 and totals(dd) == (58, 24)


def test_new_double_deck_game_page(client, club, organizer):
    client.force_login(organizer)
    url = reverse("league:game_new", args=[club.slug]) + "?kind=double_deck"
    assert "Standard double-deck (500 · min 50)" in client.get(url).content.decode()
    response = client.post(url, {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di", "first_dealer": 0})
    game = Game.objects.get()
    assert response.status_code == 302 and game.game_type == "double_deck"
    assert isinstance(game.pinochle_rules(), DoubleDeckRules)


def cards(*codes, copies=1):
    return [("a", c) for c in codes for _ in range(copies)]


def test_meld_counter_counts_four_copies_on_the_double_deck(client, db):
    url = reverse("league:meld")
    # a quadruple run in hearts: 300
    response = client.get(url, [("deck", "double"), ("trump", "H")] + cards("AH", "10H", "KH", "QH", "JH", copies=4))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-testid="meld-total">300<' in html and "quadruple run" in html
    assert 'aria-label="A♥ 4"' in html and "9♥" not in html
    # quadruple pinochle 90 + triple kings around 120 + three trump marriages 12
    response = client.get(url, [("deck", "double"), ("trump", "S")]
                          + cards("QS", "JD", copies=4) + cards("KH", "KD", "KC", "KS", copies=3))
    html = response.content.decode()
    assert 'data-testid="meld-total">222<' in html  # 90 + 120 + trump marriages 3 × 4
    assert "quadruple pinochle" in html and "triple kings around" in html


def test_meld_counter_single_deck_refuses_a_third_copy(client, db):
    response = client.get(reverse("league:meld"), [("trump", "H")] + cards("AH", copies=3))
    assert 'data-testid="meld-total">0<' in response.content.decode()
    assert 'aria-label="A♥ 3"' not in response.content.decode()


def test_double_deck_profile_form(club):
    from league.profile_forms import profile_form_for

    DoubleDeckProfileForm = kind_for("double_deck").profile_form()

    assert profile_form_for("double_deck") is DoubleDeckProfileForm
    initial = {n: f.initial for n, f in DoubleDeckProfileForm.base_fields.items() if f.initial is not None}
    form = DoubleDeckProfileForm(data={**initial, "club": club.pk, "name": "Fives", "high_bid_increment": 10,
                                       "display_x10": "on"})
    assert form.is_valid(), form.errors
    profile = form.save()
    assert profile.game_type == "double_deck"
    assert (profile.rules().high_bid_increment, profile.rules().display_x10) == (10, True)
    bad = DoubleDeckProfileForm(data={**initial, "club": club.pk, "name": "Bad", "high_bids_from": 40})
    assert not bad.is_valid() and "high_bids_from" in bad.errors


def test_double_deck_game_sheet_pdf(client, dd, organizer):
    import io

    import pypdf

    services.entry_record(game=dd, by=organizer, inputs=PinochleHandInput(**played(0, 55, (20, 12), (38, 12))))
    response = client.get(reverse("league:game_sheet_pdf", args=[dd.public_id]))
    text = " ".join(pypdf.PdfReader(io.BytesIO(response.content)).pages[0].extract_text().split())
    assert "Double-deck Pinochle" in text and "Totals so far: N–S 58 · E–W 24" in text
    assert "min 50 by 1, by 5 from 60" in text


def test_home_links_to_the_new_game_types_and_the_form_knows_the_higher_bid_step(client, dd, organizer):
    client.force_login(organizer)
    home = client.get("/").content.decode()
    assert "?kind=three_handed" in home and "?kind=double_deck" in home
    page = client.get(reverse("league:game", args=[dd.public_id])).content.decode()
    assert 'data-high-from="60" data-high-step="5"' in page
