"""Every kind of PDF the site prints, in each of the four languages: the
document's ``/Lang`` is the reader's (read with pypdf), its title is set and
shown as the window's title, its outline starts with that title (reportlab
writes no structure tree: the outline is the nearest it offers, see
league/pdf/base.py), and ``pdffonts`` lists every font embedded."""
import io
import shutil
import subprocess
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from league.models import Club, Membership
from league.pdf.blank import families
from tests.e2e.main_pages import build_world

pytestmark = pytest.mark.django_db
LANG = {"en": "en", "zh-hans": "zh-Hans", "zh-hant": "zh-Hant", "th": "th"}


@pytest.fixture
def pdfs(client):
    """{name: url} of one PDF of every kind."""
    club = Club.objects.create(name="Harbour Pinochle Club", slug="harbour")
    user = get_user_model().objects.create_user("keeper", password="pw-keeper-12345")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    w = build_world(SimpleNamespace(club=club, user=user))
    client.force_login(user)
    night = [club.slug, w["league"].slug, w["season"].pk, w["night"].pk]
    urls = {f"game sheet: {k}": reverse("league:game_sheet_pdf", args=[w[k].public_id])
            for k in ("game", "three", "double", "crib", "rummy")}
    urls |= {f"blank: {f}": reverse("league:blank_sheet_pdf", args=[f]) for f in families()}
    urls |= {
        "night packet": reverse("league:night_sheets_pdf", args=night),
        "round sheets": reverse("league:night_sheets_pdf", args=night) + "?round=1",
        "night link cards": reverse("league:night_cards_pdf", args=night),
        "night recap": reverse("league:night_recap_pdf", args=night),
        "season standings": reverse("league:season_standings_pdf", args=night[:3]),
    }
    assert len(urls) == 10 + len(families())  # a blank sheet for every registered kind (the test settings add one)
    assert len(families()) >= 5
    return urls


def fetch(client, url, language) -> bytes:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf"), url
    return response.content


@pytest.mark.parametrize("language", LANG)
def test_every_pdf_states_the_readers_language_and_its_title(client, pdfs, language):
    for name, url in pdfs.items():
        reader = PdfReader(io.BytesIO(fetch(client, url, language)))
        catalog = reader.trailer["/Root"]
        assert catalog["/Lang"] == LANG[language], name
        title = reader.metadata.title
        assert title and title != "untitled", name
        assert catalog["/ViewerPreferences"] == {"/DisplayDocTitle": True}, name
        assert reader.outline[0].title == title, name
        assert reader.get_destination_page_number(reader.outline[0]) == 0, name


def test_the_outline_lists_the_headings_where_they_are_printed(client, pdfs):
    reader = PdfReader(io.BytesIO(fetch(client, pdfs["season standings"], "en")))
    top, children = reader.outline[0], reader.outline[1]
    assert top.title == reader.metadata.title
    assert "Tie-breaks" in [c.title for c in children]
    (tie_breaks,) = [c for c in children if c.title == "Tie-breaks"]
    page = reader.get_destination_page_number(tie_breaks)
    assert "Tie-breaks" in reader.pages[page].extract_text()
    assert 0 < float(tie_breaks.top) < float(reader.pages[page].mediabox.height)


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="needs poppler-utils")
@pytest.mark.parametrize("language", ["en", "th", "zh-hant"])
def test_pdffonts_lists_every_font_of_every_pdf_embedded(client, pdfs, language, tmp_path):
    for name, url in pdfs.items():
        path = tmp_path / "doc.pdf"
        path.write_bytes(fetch(client, url, language))
        out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
        rows = [line.split() for line in out.splitlines()[2:]]
        assert rows, (name, out)
        # columns: name type [encoding words...] emb sub uni object ID
        assert [r[0] for r in rows if r[-5] != "yes"] == [], (name, out)
