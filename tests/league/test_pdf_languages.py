"""Printed sheets in the reader's language (or, for a night's packet, the
club's default), with the Chinese font embedded and every label in its cell."""
import io
import re
import shutil
import subprocess

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from league import services
from league.management.commands.translations import catalog_path
from league.models import Club

from .conftest import played
from .test_pdf_fonts import dark_share, page_image, pdf_text
from .test_pdf_game_sheet import new_game, render
from .test_pdf_league import assert_inside_cells, night, night_args, sheets  # noqa: F401 (fixture)
from league.games.pinochle.hand_inputs import PinochleHandInput

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")


def get_pdf(client, name, night, language=None) -> bytes:
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse(f"league:{name}", args=night_args(night)))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


def test_module_level_column_labels_follow_the_active_language():
    from league.games.pinochle.sheets import THREE_PLAYER_COLUMNS

    labels = {c.key: c.label for c in THREE_PLAYER_COLUMNS if c.key in ("dealer", "bidder", "trump")}
    with translation.override("zh-hant"):
        assert [str(labels[k]) for k in ("dealer", "bidder", "trump")] == ["莊家", "叫分者", "將牌"]
    with translation.override("en"):
        assert [str(labels[k]) for k in ("dealer", "bidder", "trump")] == ["Dealer", "Bidder", "Trump"]


@needs_poppler
def test_pdffonts_lists_the_chinese_font_embedded_as_a_subset(club, organizer, tmp_path):
    game = new_game(club, organizer, ["王小明", "สมชาย", "陳美玲", "Dana"])
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    with translation.override("zh-hant"):
        data = render(game)
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    han = [line.split() for line in out.splitlines() if "DroidSansFallback" in line]
    assert han, out
    # columns: name type [encoding words...] emb sub uni object ID
    assert all(row[-5:-2] == ["yes", "yes", "yes"] for row in han), out
    assert re.match(r"[A-Z]{6}\+", han[0][0])  # a subset tag
    assert len(data) < 200_000
    text = pdf_text(data)
    assert "王小明" in text and "陳美玲" in text and "牌局記分表" in text and "首位莊家" in text


@needs_poppler
def test_zh_hant_club_night_packet_prints_in_traditional_chinese(client, organizer, night, tmp_path):
    Club.objects.filter(pk=night.season.league.club_id).update(language="zh-hant")
    client.force_login(organizer)
    data = get_pdf(client, "night_sheets_pdf", night)  # no choice made: the club's default
    text = pdf_text(data)
    for label in ("第 1 輪 · 第 1 桌", "叫分者", "將牌", "組牌", "吃墩", "得分", "總分", "首位莊家", "規則"):
        assert label in text, label
    assert not re.search(r"\b(Round|Table|Bidder|Trump|Meld|Tricks|Score|Total|Dealer|Rules)\b", text)
    image = page_image(data, tmp_path)
    assert 0.01 < dark_share(image) < 0.5
    page1 = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "叫分者" in page1


def test_the_readers_choice_beats_the_clubs_default_for_the_packet(client, organizer, night):
    Club.objects.filter(pk=night.season.league.club_id).update(language="zh-hant")
    client.force_login(organizer)
    text = pdf_text(get_pdf(client, "night_sheets_pdf", night, language="en"))
    assert "Round 1 · Table 1" in text and "叫分者" not in text


def test_zh_hans_labels_fit_their_cells(night):
    with translation.override("zh-hans"):
        document = sheets(night)
        data = document.render()
    assert "叫分者" in pdf_text(data)
    assert len(assert_inside_cells(data, document)) > 100


@needs_poppler
@pytest.mark.parametrize("language", ["th", "zh-hant"])
def test_night_recap_in_the_readers_language(client, organizer, night, language, tmp_path):
    po_path = catalog_path(translation.to_locale(language))
    if not po_path.exists():
        pytest.skip(f"locale/{po_path.parts[-3]} is not merged yet")
    po = {e.msgid: e.msgstr for e in polib.pofile(str(po_path))}
    client.force_login(organizer)
    data = get_pdf(client, "night_recap_pdf", night, language=language)
    text = pdf_text(data)
    for msgid in ("Night recap", "Highlights", "Results"):
        assert " ".join(po[msgid].split()) in text, msgid
    assert "Night recap" not in text
    assert 0.005 < dark_share(page_image(data, tmp_path)) < 0.5
