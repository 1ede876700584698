"""The printed night links: a card per checked-in player with a QR code of the
player's own link for the night (it opens their table in every round), alone
or at the end of the whole night's packet; organizers only, as the links open
tables. Text read back with pypdf."""
import io

from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from league.models import CheckIn, Membership
from league.night_links import night_cards, night_secret
from league.pdf.fonts import register_fonts
from league.pdf.night_cards import NightLinkCards

from .test_pdf_fonts import page_count, pdf_text
from .test_pdf_league import NAMES, night, night_args, qr_codes  # noqa: F401 (fixture)


def link_of(night, name) -> str:  # noqa: F811
    checkin = CheckIn.objects.get(night=night, player__name=name)
    return "http://testserver" + reverse("league:player_night", args=[night_secret(checkin.pk)])


def test_a_card_per_player_in_name_order_whose_qr_holds_their_night_link(night):  # noqa: F811
    cards = night_cards(night, lambda path: "http://testserver" + path)
    assert [name for name, _ in cards] == sorted(NAMES)
    register_fonts()
    document = NightLinkCards(night, cards=cards)
    assert [q.value for q in qr_codes(document.story())] == [link_of(night, n) for n in sorted(NAMES)]


def test_the_cards_pdf_prints_each_name_and_link_for_organizers(client, organizer, night):  # noqa: F811
    client.force_login(organizer)
    response = client.get(reverse("league:night_cards_pdf", args=night_args(night)))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="links-thursday-league-2026-10-01.pdf"'
    assert page_count(response.content) == 1
    text = pdf_text(response.content)
    assert "Players' own links for tonight" in text
    for name in NAMES:
        assert name in text and link_of(night, name) in text
    assert text.count("opens the table you sit at in every round of tonight") == 8


def test_the_whole_night_packet_ends_with_the_cards_and_a_round_packet_has_none(client, organizer, night):  # noqa: F811
    client.force_login(organizer)
    url = reverse("league:night_sheets_pdf", args=night_args(night))
    whole = client.get(url).content
    last = " ".join(PdfReader(io.BytesIO(whole)).pages[-1].extract_text().split())
    assert "Players' own links for tonight" in last
    assert all(link_of(night, name) in last for name in NAMES)
    assert "/n/" not in pdf_text(client.get(url, {"round": 1}).content)


def test_only_organizers_get_the_cards(client, night):  # noqa: F811
    url = reverse("league:night_cards_pdf", args=night_args(night))
    assert client.get(url).status_code == 403
    member = get_user_model().objects.create_user("member", password="pw-member-123")
    Membership.objects.create(club=night.season.league.club, user=member, role=Membership.Role.MEMBER)
    client.force_login(member)
    assert client.get(url).status_code == 403


def test_the_night_page_links_the_cards(client, organizer, night):  # noqa: F811
    client.force_login(organizer)
    html = client.get(reverse("league:night", args=night_args(night))).content.decode()
    assert f'href="{reverse("league:night_cards_pdf", args=night_args(night))}"' in html
