"""Pages: what they show, who may post, errors in the form, and query counts
that do not grow with the game."""
import re

import pytest
from django.urls import reverse

from league import services
from league.models import Game, Hand

from .conftest import played, snapshot, totals
from league.games.pinochle.hand_inputs import PinochleHandInput


def fill(game, organizer, n):
    """``n`` hands that never end the game: alternating set bids of 250."""
    for i in range(n):
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(**played(i % 4, 250, (0, 0), (100, 150) if i % 2 == 0 else (150, 100))))


def hand_post(bidder=0, bid=300, trump="H", meld=(150, 60), tricks=(170, 80), kind="played", dealer=0):
    return {
        "kind": kind, "dealer": dealer, "bidder_seat": bidder, "bid": bid, "trump": trump,
        "meld_0": meld[0], "meld_1": meld[1], "tricks_0": tricks[0], "tricks_1": tricks[1],
    }


def test_game_page_shows_the_sheet_to_anyone_with_the_link(client, game, organizer):
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 310, (100, 200), (150, 100))))
    page = client.get(reverse("league:game", args=[game.public_id]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="total-0"' in html and ">250<" in html and ">-310<" in html
    assert "set: 300 &lt; 310" in html
    assert "Organizers log in, or scan the table's QR code, to enter hands." in html
    assert 'id="hand-form"' not in html


@pytest.mark.parametrize("hands", [5, 60])
def test_game_page_query_count_is_fixed(client, django_assert_num_queries, game, organizer, hands):
    fill(game, organizer, hands)
    client.force_login(organizer)
    with django_assert_num_queries(8):  # session, user, the club's language and time zone, organizer check; the game with its sides, seats, hands, their rows
        assert client.get(reverse("league:game", args=[game.public_id])).status_code == 200


@pytest.mark.parametrize("hands", [5, 60])
def test_hand_entry_query_count_is_fixed(client, django_assert_max_num_queries, game, organizer, hands):
    fill(game, organizer, hands)
    client.force_login(organizer)
    with django_assert_max_num_queries(24):
        response = client.post(reverse("league:hand_add", args=[game.public_id]), hand_post(dealer=hands % 4))
    assert response.status_code == 302
    assert Hand.objects.filter(game=game).count() == hands + 1


def test_hand_entry_query_count_is_the_same_at_5_and_60_hands(client, game, make_game, organizer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for n, g in ((5, game), (60, make_game(target=100000))):
        fill(g, organizer, n)
        client.force_login(organizer)
        with CaptureQueriesContext(connection) as ctx:
            client.post(reverse("league:hand_add", args=[g.public_id]), hand_post(dealer=n % 4))
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_posting_a_hand_records_it_and_redirects_to_the_sheet(client, game, organizer):
    client.force_login(organizer)
    response = client.post(reverse("league:hand_add", args=[game.public_id]), hand_post())
    assert response.status_code == 302
    assert totals(game) == (320, 140)


def test_htmx_post_returns_the_updated_pad(client, game, organizer):
    client.force_login(organizer)
    response = client.post(reverse("league:hand_add", args=[game.public_id]), hand_post(), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'data-testid="row-total-0">320<' in html


@pytest.mark.parametrize("data, field_error", [
    pytest.param(hand_post(bid=245), "bid 245 is below the minimum 250", id="bid below minimum"),
    pytest.param(hand_post(tricks=(240, 0)), "trick points 240 + 0 must total 250", id="tricks not totalling 250"),
    pytest.param(hand_post(meld=(155, 0)), "meld 155 is not a multiple of 10", id="meld off tens"),
    pytest.param({**hand_post(), "bid": "lots"}, "Enter a whole number.", id="text for a number"),
    pytest.param({**hand_post(), "trump": ""}, "Required unless all passed.", id="missing trump"),
    pytest.param({**hand_post(), "bidder_seat": "9"}, "Select a valid choice. 9 is not one of the available choices.", id="bidder not a seat"),
    pytest.param({**hand_post(), "tricks_1": ""}, "Enter the trick points (0 if none).", id="missing tricks"),
])
def test_invalid_hand_shows_the_error_in_the_form_and_saves_nothing(client, game, organizer, data, field_error):
    client.force_login(organizer)
    before = snapshot(game)
    response = client.post(reverse("league:hand_add", args=[game.public_id]), data)
    assert response.status_code == 400
    assert field_error in response.content.decode()
    assert snapshot(game) == before


def test_anonymous_cannot_post_a_hand(client, game):
    before = snapshot(game)
    response = client.post(reverse("league:hand_add", args=[game.public_id]), hand_post())
    assert response.status_code == 403
    assert snapshot(game) == before


def test_organizer_of_another_club_cannot_post_or_edit(client, game, organizer):
    from django.contrib.auth import get_user_model
    from league.models import Club, Membership

    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    other = Club.objects.create(name="Other", slug="other")
    stranger = get_user_model().objects.create_user("stranger", password="pw-x-12345")
    Membership.objects.create(club=other, user=stranger, role=Membership.Role.ORGANIZER)
    client.force_login(stranger)
    before = snapshot(game)
    assert client.post(reverse("league:hand_add", args=[game.public_id]), hand_post()).status_code == 403
    assert client.post(reverse("league:hand_edit", args=[game.public_id, 1]), hand_post(bid=250)).status_code == 403
    assert client.post(reverse("league:hand_delete", args=[game.public_id, 1])).status_code == 403
    assert snapshot(game) == before


def test_edit_page_changes_a_hand_and_later_totals(client, game, organizer):
    for h in (played(0, 300, (150, 60), (170, 80)), played(1, 350, (60, 220), (90, 160))):
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    client.force_login(organizer)
    url = reverse("league:hand_edit", args=[game.public_id, 1])
    assert 'value="300"' in client.get(url).content.decode()
    response = client.post(url, {**hand_post(tricks=(160, 90)), "version": 1})
    assert response.status_code == 302
    assert totals(game) == (460, 530)  # 310 : 150, then +150 : +380
    assert "edited" in client.get(reverse("league:game", args=[game.public_id])).content.decode()


def test_delete_page_removes_the_hand(client, game, organizer):
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    client.force_login(organizer)
    response = client.post(reverse("league:hand_delete", args=[game.public_id, 1]))
    assert response.status_code == 302
    assert totals(game) == (0, 0) and not Hand.objects.filter(game=game).exists()


def test_new_game_form_seats_players_and_creates_new_names(client, club, organizer, players):
    client.force_login(organizer)
    response = client.post(reverse("league:game_new", args=[club.slug]), {
        "north": "ann", "east": "Eve New", "south": "Cy", "west": "Di", "first_dealer": 2,
    })
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("league:game", args=[game.public_id])
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Eve New", "Cy", "Di"]
    assert game.first_dealer == 2 and game.rules["target"] == 1500


def test_new_game_form_refuses_a_player_twice(client, club, organizer, players):
    client.force_login(organizer)
    response = client.post(reverse("league:game_new", args=[club.slug]), {
        "north": "Ann", "east": "Bo", "south": "ANN", "west": "Di", "first_dealer": 0,
    })
    assert response.status_code == 400
    assert "This player already sits at North." in response.content.decode()
    assert not Game.objects.exists()


def test_new_game_needs_an_organizer(client, club, players):
    response = client.get(reverse("league:game_new", args=[club.slug]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_game_keeps_its_rules_when_the_profile_changes(make_game):
    game = make_game(target=1000)
    profile = game.rule_profile
    profile.options = {**profile.options, "target": 2500}
    profile.save()
    game.refresh_from_db()
    assert game.pinochle_rules().target == 1000


def test_meld_counter_counts_the_seed_example(client):
    cards = ["AD", "10D", "KD", "QD", "JD", "QS", "JS", "JH", "JC"]
    response = client.get(reverse("league:meld"), {"trump": "D", "a": cards})
    html = response.content.decode()
    assert 'data-testid="meld-a">230<' in html
    assert 'data-testid="meld-total">230<' in html


def test_meld_counter_adds_partners_and_links_back_to_the_game(client, game):
    response = client.get(reverse("league:meld"), {
        "trump": "C", "a": ["AC", "10C", "KC", "KC", "QC", "JC"], "b": ["QS", "JD"],
        "game": game.public_id, "side": "1",
    })
    html = response.content.decode()
    assert 'data-testid="meld-a">150<' in html  # the run's K cannot also marry (docs/rules.md, "Partnership Pinochle")
    assert 'data-testid="meld-b">40<' in html
    assert 'data-testid="meld-total">190<' in html
    assert f'href="/g/{game.public_id}/?meld_1=190&amp;trump=C#pad"' in html


def test_meld_counter_reports_a_third_copy(client):
    response = client.get(reverse("league:meld"), {"trump": "S", "a": ["QS", "QS", "QS"]})
    assert "QS appears 3 times; a pinochle deck has 2" in response.content.decode()


def test_meld_counter_carries_the_typed_hand_back_to_the_form(client, game, organizer):
    client.force_login(organizer)
    response = client.get(reverse("league:meld"), {
        "trump": "S", "a": ["QS", "JD"], "game": game.public_id, "side": "0",
        "keep_bid": "320", "keep_bidder_seat": "2", "keep_meld_1": "60", "keep_evil": "x",
    })
    html = response.content.decode()
    assert f'href="/g/{game.public_id}/?bidder_seat=2&amp;bid=320&amp;meld_1=60&amp;meld_0=40&amp;trump=S#pad"' in html
    page = client.get(reverse("league:game", args=[game.public_id]), {
        "bid": "320", "bidder_seat": "2", "meld_1": "60", "meld_0": "40", "trump": "S"}).content.decode()
    assert 'name="bid" value="320"' in page and 'name="meld_0" value="40"' in page
    assert 'name="meld_1" value="60"' in page
    assert 'type="radio" name="bidder_seat" value="2" id="id_bidder_seat_2" checked' in page


@pytest.mark.parametrize("games", [2, 12])
def test_home_page_query_count_is_fixed(client, django_assert_num_queries, make_game, organizer, games):
    for _ in range(games):
        make_game()
    client.force_login(organizer)
    with django_assert_num_queries(11):  # + the public events
        assert client.get(reverse("league:home")).status_code == 200


def test_home_page_lists_games_only_to_their_club(client, game, organizer):
    assert game.public_id not in client.get(reverse("league:home")).content.decode()
    client.force_login(organizer)
    assert game.public_id in client.get(reverse("league:home")).content.decode()


def test_rules_help_page_is_the_players_rules_one_section_per_game(client):
    html = client.get(reverse("league:rules_help")).content.decode()
    sections = re.findall(r'<section id="([a-z-]+)">\s*<h2>([^<]+)</h2>', html)
    assert sections == [("partnership", "Partnership Pinochle"), ("three-handed", "Three-handed Pinochle"),
                        ("double-deck", "Double-deck Pinochle"), ("cribbage", "Cribbage"),
                        ("rummy", "Rummy-style Pinochle")]
    assert all(f'href="#{anchor}"' in html for anchor, _ in sections)  # the contents links
    # how a hand is scored, what a set is, how a game ends, in the players' words
    assert "it is set: it loses the whole bid, not the difference (bid 310, made 300: −310)" in html
    assert "The first team to reach 1500 wins." in html and "The game is to 121 (or 61)." in html
    assert "<table" not in html and "docs/rules.md" not in html and "scoring." not in html  # not the developers' text


def test_hand_entry_post_takes_fifteen_queries(client, game, organizer):
    """Session, account, the club's language and time zone, game, seats, organizer check; then the transaction:
    the locked game (with its night and last dealer), its sides, the hand, its
    side rows, the two sides' totals (an UPDATE each), the game, the audit revision and the game's
    trail digest (league/trail.py)."""
    fill(game, organizer, 3)
    client.force_login(organizer)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        response = client.post(reverse("league:hand_add", args=[game.public_id]), hand_post(dealer=3))
    assert response.status_code == 302
    sql = [q["sql"] for q in ctx.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    assert len(sql) == 15, sql
    assert Hand.objects.filter(game=game).count() == 4


def test_a_hand_number_already_stored_is_refused_after_the_rollback(game, organizer):
    """The unique (game, number) refuses a hand whose number is taken, though the
    game row said otherwise; nothing of the refused hand is kept."""
    from django.core.exceptions import ValidationError

    from league.models import HandRevision

    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    Game.objects.filter(pk=game.pk).update(hand_count=0)  # as if the count had not moved
    revisions = HandRevision.objects.count()
    with pytest.raises(ValidationError) as refused:
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(**played(1, 300, (60, 150), (80, 170))))
    assert refused.value.messages == [
        "Hand 1 was just entered from another device: N–S +320 (320), E–W +140 (140)."]
    assert HandRevision.objects.count() == revisions and Hand.objects.filter(game=game).count() == 1
    assert totals(game) == (320, 140)


def test_htmx_entry_after_the_first_answers_only_the_new_row_the_totals_and_a_fresh_form(client, game, organizer):
    client.force_login(organizer)
    url = reverse("league:hand_add", args=[game.public_id])
    client.post(url, hand_post(), HTTP_HX_REQUEST="true")
    response = client.post(url, {**hand_post(), "dealer": 1, "expected_number": 2}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#hand-form", "outerHTML")
    assert html.count('data-testid="hand-row"') == 1 and 'id="hand-2"' in html and 'id="hand-1"' not in html
    assert '<template><tbody data-hx-swap-oob="beforeend:#sheet-body">' in html
    assert re.search(r'id="scoreboard" data-hx-swap-oob="true".*?data-testid="total-0">.*?'
                     r'<span class="total">640</span>.*?<span class="total">280</span>', html, re.S)
    assert re.search(r'<option value="2" selected>', html)  # the next dealer follows hand 2's
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert page.count('data-testid="hand-row"') == 2 and 'id="sheet-body"' in page


def test_htmx_entry_that_ends_the_game_answers_the_whole_pad(client, make_game, organizer):
    game = make_game(target=500)
    client.force_login(organizer)
    url = reverse("league:hand_add", args=[game.public_id])
    client.post(url, hand_post(), HTTP_HX_REQUEST="true")
    response = client.post(url, {**hand_post(), "dealer": 1, "expected_number": 2}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "HX-Retarget" not in response and 'data-testid="game-over"' in html
    assert html.count('data-testid="hand-row"') == 2


def _count_link(html, side):
    import re

    links = re.findall(r'<a class="small count-link" href="([^"]+)"', html)
    return links[side].replace("&amp;", "&")


def test_the_meld_counter_from_a_table_link_returns_to_the_table_link(client, game):
    from .rendered_forms import open_form

    table = reverse("league:table", args=[game.access_token])
    link = _count_link(client.get(table).content.decode(), 1)
    assert link == f"/meld/?back={table}&side=1"
    response = client.get(link + "&keep_bid=320&keep_bidder_seat=2&trump=C&a=QS&a=JD")
    html = response.content.decode()
    assert f'href="{table}?bidder_seat=2&amp;bid=320&amp;meld_1=40&amp;trump=C#pad"' in html
    assert f'href="{table}?bidder_seat=2&amp;bid=320#pad" data-testid="meld-back"' in html
    form = open_form(client, f"{table}?bidder_seat=2&bid=320&meld_1=40&trump=C").form("hand-form")
    assert (form.value("bidder_seat"), form.value("bid"), form.value("meld_1"), form.value("trump")) == (
        "2", "320", "40", "C")


def test_the_meld_counter_from_an_edit_page_returns_to_it_with_the_hand(client, game, organizer):
    from league import services
    from league.games.pinochle.hand_inputs import PinochleHandInput

    from .conftest import played
    from .rendered_forms import open_form

    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 300, (20, 60), (40, 210))))
    edit = reverse("league:table_hand_edit", args=[game.access_token, 1])
    link = _count_link(client.get(edit).content.decode(), 0)
    assert link == f"/meld/?back={edit}&side=0"
    html = client.get(link + "&trump=S&a=QS&a=JD").content.decode()
    assert f'href="{edit}?meld_0=40&amp;trump=S#hand-form"' in html
    form = open_form(client, f"{edit}?meld_0=40&trump=S").form("hand-form")
    assert (form.value("meld_0"), form.value("trump"), form.value("bid"), form.value("meld_1")) == ("40", "S", "300", "60")


@pytest.mark.parametrize("back", ["https://evil.example/", "//evil.example/", "/accounts/login/", "/t/x/?a=1"])
def test_the_meld_counter_returns_only_to_a_game_page(client, db, back):
    html = client.get(reverse("league:meld"), {"back": back, "side": "0", "trump": "S", "a": ["QS", "JD"]}).content.decode()
    assert "Use this meld" not in html and 'data-testid="meld-back"' not in html
