"""Three-handed Pinochle in the site (docs/rules.md, "Three-handed Pinochle"): cut-throat
games to the target, auction settlement in units, entry and sheet for three seats."""
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league import services
from league.models import Game, GameType, Hand, HandSide, RuleProfile
from league.selectors import game_sheet

from .conftest import snapshot, totals
from league.games import kind_for
from league.games.pinochle.hand_inputs import PinochleHandInput


def three_game(club, players, organizer, **options):
    profile = RuleProfile.objects.create(
        club=club, name=f"three {RuleProfile.objects.count()}", game_type=GameType.THREE_HANDED, options=options,
    )
    return services.game_create(club=club, players=players[:3], rule_profile=profile, by=organizer,
                                game_type=GameType.THREE_HANDED)


def hand(bidder, bid, meld, tricks, trump="H", kind="played"):
    return dict(kind=kind, bidder_seat=bidder, bid=bid, trump=trump, meld=meld, tricks=tricks)


def rows(game):
    return list(HandSide.objects.filter(hand__game=game).order_by("hand__number", "side")
                .values_list("hand__number", "side", "counted_meld", "counted_tricks", "delta", "total"))


@pytest.fixture
def cutthroat(club, players, organizer):
    return three_game(club, players, organizer, target=500)


@pytest.fixture
def auction(club, players, organizer):
    return three_game(club, players, organizer, settlement="auction")


# --- services -----------------------------------------------------------------------------------

def test_a_three_handed_game_has_three_seats_three_sides_and_three_handed_rules(cutthroat):
    assert cutthroat.game_type == "three_handed"
    assert list(cutthroat.seats.values_list("seat", "player__name")) == [(0, "Ann"), (1, "Bo"), (2, "Cy")]
    assert list(cutthroat.sides.values_list("side", flat=True)) == [0, 1, 2]
    rules = cutthroat.pinochle_rules()
    assert (rules.players, rules.sides, rules.settlement, rules.target) == (3, 3, "cutthroat", 500)


def test_three_handed_needs_three_players(club, players, organizer):
    with pytest.raises(ValidationError) as e:
        services.game_create(club=club, players=players, by=organizer, game_type=GameType.THREE_HANDED)
    assert e.value.message_dict == {"players": ["A three-handed game needs exactly three players."]}
    with pytest.raises(ValidationError) as e:
        services.game_create(club=club, players=players[:3], first_dealer=3, by=organizer,
                             game_type=GameType.THREE_HANDED)
    assert e.value.message_dict == {"first_dealer": ["The first dealer is player 1, 2 or 3."]}


def test_a_partnership_profile_cannot_start_a_three_handed_game(club, players, organizer):
    profile = RuleProfile.objects.create(club=club, name="partners", options={})
    with pytest.raises(ValidationError) as e:
        services.game_create(club=club, players=players[:3], rule_profile=profile, by=organizer,
                             game_type=GameType.THREE_HANDED)
    assert e.value.message_dict == {"rule_profile": ["That rule profile is for another game."]}
    assert Game.objects.count() == 0


def test_cutthroat_game_to_the_target_the_bidder_wins_a_shared_finish(cutthroat, organizer):
    # Ann bids 300 and makes 200 + 150 = 350; Bo 60 + 70; Cy 0 + 30
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 300, (200, 60, 0), (150, 70, 30))))
    assert totals(cutthroat) == (350, 130, 30)
    # Bo bids 300 and makes 200 + 170 = 370 -> 500; Ann 100 + 80 -> 530; Cy took no counter: meld 40 lost
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(1, 300, (100, 200, 40), (80, 170, 0))))
    cutthroat.refresh_from_db()
    assert totals(cutthroat) == (530, 500, 30)
    assert cutthroat.status == "finished" and cutthroat.winner_side == 1
    assert str(cutthroat.end_message) == "Bo reached 500 and bid: Bo wins although another player has 530"
    assert list(cutthroat.sides.values_list("won", flat=True)) == [False, True, False]
    assert rows(cutthroat) == [
        (1, 0, 200, 150, 350, 350), (1, 1, 60, 70, 130, 130), (1, 2, 0, 30, 30, 30),
        (2, 0, 100, 80, 180, 530), (2, 1, 200, 170, 370, 500), (2, 2, 0, 0, 0, 30),
    ]
    second = Hand.objects.get(game=cutthroat, number=2)
    assert second.dealer == 1 and second.bidder_seat == 1 and second.made is True
    assert [str(n) for n in second.note_messages] == ["made: 370 ≥ 300", "Cy took no counter: meld 40 lost"]
    with pytest.raises(ValidationError):
        services.entry_record(game=cutthroat, by=organizer,
                              inputs=PinochleHandInput(**hand(2, 250, (0, 0, 0), (100, 100, 50))))


def test_cutthroat_set_throw_in_and_renege(cutthroat, organizer):
    # Cy bids 350, takes 100 + meld 120 = 220: set -350; Ann 0 + 90, Bo 30 + 60
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(2, 350, (0, 30, 120), (90, 60, 100))))
    assert totals(cutthroat) == (90, 90, -350)
    # Ann throws in 300: -300; the others keep their meld
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 300, (50, 40, 20), None, kind="thrown_in")))
    assert totals(cutthroat) == (-210, 130, -330)
    # Bo reneges on Ann's 250: Ann meld 60 + all 250 and the bid made, Bo 0, Cy keeps meld 20
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(kind="renege", bidder_seat=0, bid=250, trump="S", meld=(60, 100, 20), renege_side=1))
    assert totals(cutthroat) == (100, 130, -310)
    assert Hand.objects.get(game=cutthroat, number=3).made is True


@pytest.mark.parametrize("data, field", [
    pytest.param(hand(0, 300, (100, 0, 0), (150, 70, 20)), "tricks", id="tricks total 240"),
    pytest.param(hand(3, 300, (100, 0, 0), (150, 70, 30)), "bidder_seat", id="a fourth seat"),
    pytest.param(hand(0, 300, (100, 0), (150, 70, 30)), "meld", id="meld for two"),
    pytest.param(hand(0, 300, (100, 0, 0), (180, 70)), "tricks", id="tricks for two"),
    pytest.param(hand(0, 245, (100, 0, 0), (150, 70, 30)), "bid", id="bid below 250"),
    pytest.param(dict(kind="renege", bidder_seat=0, bid=250, trump="S", meld=(0, 0, 0), renege_side=3),
                 "renege_side", id="renege by a fourth player"),
])
def test_invalid_three_handed_inputs_save_nothing(cutthroat, organizer, data, field):
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 300, (200, 60, 0), (150, 70, 30))))
    before = snapshot(cutthroat)
    with pytest.raises(ValidationError) as e:
        services.entry_record(game=cutthroat, by=organizer, inputs=PinochleHandInput(**data))
    assert field in e.value.message_dict
    assert snapshot(cutthroat) == before


def test_auction_sitting_stores_units_and_balances_that_sum_to_zero(auction, organizer):
    # Ann 350 (2 units) made: each opponent pays 2
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 350, (200, 50, 30), (160, 60, 30))))
    # Bo 300 (1 unit) thrown in: pays each opponent 1
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(1, 300, (0, 60, 0), None, kind="thrown_in")))
    # Cy 400 (3 units) played and set: pays each opponent 6
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(2, 400, (0, 0, 100), (100, 50, 100))))
    auction.refresh_from_db()
    assert [(n, s, d, t) for n, s, _m, _t, d, t in rows(auction)] == [
        (1, 0, 4, 4), (1, 1, -2, -2), (1, 2, -2, -2),
        (2, 0, 1, 5), (2, 1, -2, -4), (2, 2, 1, -1),
        (3, 0, 6, 11), (3, 1, 6, 2), (3, 2, -12, -13),
    ]
    assert totals(auction) == (11, 2, -13) and sum(totals(auction)) == 0
    assert auction.status == "in_progress" and auction.winner_side is None
    notes = [[str(n) for n in h.note_messages] for h in auction.hands.order_by("number")]
    assert notes[0][0] == "made: each opponent pays Ann 2"
    assert notes[1][0] == "thrown in: Bo pays each opponent 1 (single set)"
    assert notes[2][0] == "set: Cy pays each opponent 6 (double set)"
    assert game_sheet(auction.public_id).settlement == ["Cy pays Ann 11", "Cy pays Bo 2"]


def test_auction_edit_and_delete_rederive_the_balances(auction, organizer):
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 350, (200, 50, 30), (160, 60, 30))))
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(1, 300, (0, 60, 0), None, kind="thrown_in")))
    first = Hand.objects.get(game=auction, number=1)
    # Ann's hand was really a 400 (3 units): made, each opponent pays 3
    services.entry_update(hand=first, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 400, (200, 50, 30), (200, 20, 30))))
    assert totals(auction) == (7, -5, -2)
    services.entry_delete(hand=Hand.objects.get(game=auction, number=1), by=organizer)
    assert totals(auction) == (1, -2, 1)
    assert sum(totals(auction)) == 0


# --- pages --------------------------------------------------------------------------------------

def hand_post(bidder, bid, meld, tricks, kind="played", trump="H", dealer=0):
    data = {"kind": kind, "dealer": dealer, "bidder_seat": bidder, "bid": bid, "trump": trump}
    for side in range(3):
        data[f"meld_{side}"] = meld[side]
        if tricks is not None:
            data[f"tricks_{side}"] = tricks[side]
    return data


def test_new_three_handed_game_page_starts_a_game(client, club, organizer):
    client.force_login(organizer)
    url = reverse("league:game_new", args=[club.slug]) + "?type=three_handed"
    page = client.get(url).content.decode()
    assert "Player 1" in page and "Player 3" in page and 'name="west"' not in page
    response = client.post(url, {"north": "Ann", "east": "Bo", "south": "Cy", "first_dealer": 2})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("league:game", args=[game.public_id])
    assert game.game_type == "three_handed" and game.first_dealer == 2
    assert game.pinochle_rules().players == 3 and game.sides.count() == 3


def test_three_handed_page_enters_hands_and_shows_three_columns(client, cutthroat, organizer):
    client.force_login(organizer)
    url = reverse("league:game", args=[cutthroat.public_id])
    page = client.get(url).content.decode()
    for side in range(3):
        assert f'name="meld_{side}"' in page and f'name="tricks_{side}"' in page
        assert f'data-testid="total-{side}"' in page
    assert "Ann meld" in page and "Cy tricks" in page
    response = client.post(reverse("league:hand_add", args=[cutthroat.public_id]),
                           hand_post(0, 300, (200, 60, 0), (150, 70, 30)))
    assert response.status_code == 302
    assert totals(cutthroat) == (350, 130, 30)
    client.post(reverse("league:hand_add", args=[cutthroat.public_id]),
                hand_post(1, 300, (100, 200, 40), (80, 170, 0), dealer=1))
    html = client.get(url).content.decode()
    assert html.count('data-testid="row-total-2"') == 2
    assert "Game over: Bo wins." in html
    assert "Bo reached 500 and bid: Bo wins although another player has 530" in html
    assert "Cy took no counter: meld 40 lost" in html


def test_three_handed_page_refuses_tricks_that_do_not_total_250(client, cutthroat, organizer):
    client.force_login(organizer)
    response = client.post(reverse("league:hand_add", args=[cutthroat.public_id]),
                           hand_post(0, 300, (200, 60, 0), (150, 70, 20)))
    assert response.status_code == 400
    assert "trick points 150 + 70 + 20 must total 250" in response.content.decode()
    assert Hand.objects.filter(game=cutthroat).count() == 0


def test_auction_page_shows_units_balances_and_the_settle_up(client, auction, organizer):
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 350, (200, 50, 30), (160, 60, 30))))
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(1, 300, (0, 60, 0), None, kind="thrown_in")))
    services.entry_record(game=auction, by=organizer,
                          inputs=PinochleHandInput(**hand(2, 400, (0, 0, 100), (100, 50, 100))))
    html = client.get(reverse("league:game", args=[auction.public_id])).content.decode()
    assert 'data-testid="settle-up"' in html
    assert "Cy pays Ann 11" in html and "Cy pays Bo 2" in html
    assert "Units · balance" in html
    assert '<span class="delta">-12</span> <b data-testid="row-total-2">-13</b>' in html
    assert "three-handed auction: each hand paid in units" in html


def fill(game, organizer, n):
    """``n`` hands of set 250 bids, by each player in turn."""
    for i in range(n):
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(**hand(i % 3, 250, (0, 0, 0), (100, 100, 50))))


@pytest.mark.parametrize("hands", [5, 40])
def test_three_handed_page_query_count_is_fixed(client, django_assert_num_queries, club, players, organizer,
                                                hands):
    game = three_game(club, players, organizer, target=100000)
    fill(game, organizer, hands)
    client.force_login(organizer)
    with django_assert_num_queries(8):  # with the club's language and time zone
        assert client.get(reverse("league:game", args=[game.public_id])).status_code == 200


def test_three_handed_profile_form_saves_three_handed_options(club):
    from league.profile_forms import profile_form_for

    ThreeHandedProfileForm = kind_for("three_handed").profile_form()

    assert profile_form_for("three_handed") is ThreeHandedProfileForm
    data = {"club": club.pk, "name": "Auction", "settlement": "auction", "spades_double": "on"}
    form = ThreeHandedProfileForm(data={**{n: f.initial for n, f in ThreeHandedProfileForm.base_fields.items()
                                           if f.initial is not None}, **data})
    assert form.is_valid(), form.errors
    profile = form.save()
    assert profile.game_type == "three_handed"
    rules = profile.rules()
    assert (rules.players, rules.settlement, rules.spades_double) == (3, "auction", True)


def test_three_handed_game_sheet_pdf_prints_three_players(client, cutthroat, organizer):
    import io

    import pypdf

    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 300, (200, 60, 0), (150, 70, 30))))
    response = client.get(reverse("league:game_sheet_pdf", args=[cutthroat.public_id]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(pypdf.PdfReader(io.BytesIO(response.content)).pages[0].extract_text().split())
    assert "Three-handed Pinochle" in text
    assert "Totals so far: Ann 350 · Bo 130 · Cy 30" in text
    assert "1 Ann 1 Ann 300 ♥ 200 150 +350 350 60 70 +130 130 0 30 +30 30" in text


def test_hands_csv_labels_three_players(client, cutthroat, organizer):
    services.entry_record(game=cutthroat, by=organizer,
                          inputs=PinochleHandInput(**hand(0, 300, (200, 60, 0), (150, 70, 30))))
    client.force_login(organizer)
    lines = b"".join(client.get(reverse("league:hands_csv", args=["test"]) + "?header=codes")
                     .streaming_content).decode("utf-8-sig").splitlines()
    assert [line.split(",")[1:18] for line in lines[1:]] == [
        ["three_handed", "1", "played", "1", "confirmed", "P1", "Ann", "350", "350", "1", "300", "H", "1",
         "200", "150", "200", "150"],
        ["three_handed", "1", "played", "1", "confirmed", "P2", "Bo", "130", "130", "1", "300", "H", "1",
         "60", "70", "60", "70"],
        ["three_handed", "1", "played", "1", "confirmed", "P3", "Cy", "30", "30", "1", "300", "H", "1",
         "0", "30", "0", "30"],
    ]


def test_meld_counter_from_a_three_handed_game_counts_one_players_hand(client, cutthroat, organizer):
    client.force_login(organizer)
    page = client.get(reverse("league:game", args=[cutthroat.public_id])).content.decode()
    assert "side=2&amp;hands=1" in page
    # Cy's 15 cards: a run in hearts 150 + a spade marriage 20 + pinochle 40 + jacks around 40
    codes = ["AH", "10H", "KH", "QH", "JH", "KS", "QS", "JD", "9C", "9C", "10C", "JC", "10D", "AS", "JS"]
    response = client.get(reverse("league:meld"), [("game", cutthroat.public_id), ("side", "2"), ("hands", "1"),
                                                   ("trump", "H")] + [("a", c) for c in codes])
    html = response.content.decode()
    assert "The player's cards (the bidder's with the widow)" in html and 'name="b"' not in html
    assert 'data-testid="meld-total">250<' in html
    assert "meld_2=250" in html


# --- titles name all three players --------------------------------------------------------------

def test_the_game_page_title_and_heading_name_all_three_players(client, cutthroat):
    import html
    import re

    page = client.get(reverse("league:game", args=[cutthroat.public_id])).content.decode()
    title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1)).strip()
    heading = html.unescape(re.sub(r"<[^>]+>", "", re.search(
        r'<h1[^>]*data-testid="game-heading"[^>]*>(.*?)</h1>', page, re.S).group(1))).strip()
    assert title == "Ann vs Bo vs Cy · Three-handed Pinochle · Clubtally"
    assert heading == "Ann vs Bo vs Cy · Three-handed Pinochle"


def test_the_home_page_list_names_all_three_players(client, organizer, cutthroat):
    import html
    import re

    client.force_login(organizer)
    page = client.get(reverse("league:home")).content.decode()
    item = re.search(rf'<li><a href="/g/{cutthroat.public_id}/">(.*?)</a></li>', page, re.S)
    names = re.search(r'<span class="names">(.*?)</span>\s*<span class="score">', item.group(1), re.S).group(1)
    assert " ".join(html.unescape(re.sub(r"<[^>]+>", " ", names)).split()) == "Ann vs Bo vs Cy"
