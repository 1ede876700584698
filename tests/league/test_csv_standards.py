"""Every CSV download as Excel opens it: UTF-8 with a byte order mark (Excel
reads a CSV without one in the machine's code page, Thai and Chinese names as
mojibake), the Thai and Chinese names intact; the header row in the reader's
language (the language cookie), and the columns' stable codes with
``?header=codes`` in any language."""
import codecs
import csv
import io

import pytest
from django.conf import settings
from django.utils import translation
from openpyxl import load_workbook

from league.exports_columns import LABELS, game_common, hand_common, header_label, row_writer
from league.games import kinds
from league.models import Player

from .test_club_ratings import two_leagues  # noqa: F401 (fixture)
from .test_league_play import profile  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db
THAI, CHINESE = "สมชาย ใจดี", "陳美玲"


@pytest.fixture
def roster(club):
    """The ratings fixture's twelve players, two of them with Thai and Chinese names."""
    from league import services

    players = [services.player_get_or_create(club=club, name=f"P{i:02d}") for i in range(12)]
    Player.objects.filter(pk=players[0].pk).update(name=THAI)
    Player.objects.filter(pk=players[1].pk).update(name=CHINESE)
    return list(Player.objects.filter(pk__in=[p.pk for p in players]).order_by("pk"))


@pytest.fixture
def exports(client, organizer, two_leagues):  # noqa: F811
    public, _private = two_leagues
    client.force_login(organizer)
    return {
        "games": "/clubs/test/export/games.csv",
        "hands": "/clubs/test/export/hands.csv",
        "standings": f"/clubs/test/l/{public.league.slug}/s/{public.pk}/?_export=csv",
        "ratings": "/clubs/test/ratings/?family=partnership&_export=csv",
    }


def download(client, url, language="en", codes=False) -> bytes:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if codes:
        url += ("&" if "?" in url else "?") + "header=codes"
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8", url
    return b"".join(response.streaming_content) if response.streaming else response.content


def excel_rows(data: bytes) -> list[list[str]]:
    """The cells as Excel reads them: a file starting with the UTF-8 byte order mark is UTF-8."""
    assert data[:3] == codecs.BOM_UTF8 == b"\xef\xbb\xbf"
    return list(csv.reader(io.StringIO(data[3:].decode("utf-8"), newline="")))


@pytest.mark.parametrize("language", ["th", "zh-hant"])
def test_every_csv_starts_with_the_bom_and_keeps_thai_and_chinese_names(client, exports, language):
    for name, url in exports.items():
        cells = {c for row in excel_rows(download(client, url, language)) for c in row}
        assert any(THAI in c for c in cells) and any(CHINESE in c for c in cells), name


def test_the_headers_follow_the_language_cookie(client, exports):
    th = {name: excel_rows(download(client, url, "th"))[0] for name, url in exports.items()}
    zh = {name: excel_rows(download(client, url, "zh-hant"))[0] for name, url in exports.items()}
    assert th["standings"][:3] == ["อันดับ", "เสมอ", "ชื่อ"]
    assert zh["standings"][:3] == ["名次", "並列", "名稱"]
    assert th["games"][:3] == ["เกม", "ประเภทเกม", "สร้างเมื่อ"]
    assert zh["hands"][:4] == ["牌局", "牌局類型", "手", "類型"]  # "game" as docs/glossary.md
    assert zh["games"][10] == "N-S 總分" and th["games"][6] == "ผู้เล่น 1"
    assert zh["ratings"][1] == "玩家" and th["ratings"][1] == "ผู้เล่น"
    en = excel_rows(download(client, exports["standings"], "en"))[0]
    assert en[:3] == ["Rank", "Tied", "Name"]


@pytest.mark.parametrize("language", ["en", "th", "zh-hans"])
def test_header_codes_give_the_same_machine_header_in_every_language(client, exports, language):
    codes = {name: excel_rows(download(client, url, language, codes=True))[0] for name, url in exports.items()}
    assert codes["standings"] == ["rank", "tied", "name", "games", "won", "points", "against", "differential",
                                  "bids made", "bids taken", "nights", "split by"]
    assert codes["games"][:7] == ["game", "game type", "created", "status", "hands", "winner", "player 1"]
    assert codes["hands"][:10] == ["game", "game type", "hand", "kind", "dealer", "status", "side", "players",
                                   "score", "total"]
    assert codes["ratings"] == ["rank", "player", "rating", "mu", "sigma", "games", "last_change", "last_played"]


def test_the_standings_xlsx_header_follows_the_language_too(client, exports):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "th"
    response = client.get(exports["standings"].replace("csv", "xlsx"))
    header = next(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert header[:3] == ("อันดับ", "เสมอ", "ชื่อ")


def test_every_column_code_of_every_export_has_a_translated_header():
    players = max(k.seats for k in kinds())
    codes = {*row_writer(lambda kind: game_common(kind, players), lambda kind: kind.export_game_columns(), kinds())[0],
             *row_writer(hand_common, lambda kind: kind.export_hand_columns(), kinds())[0],
             *(code for k in kinds() for code, _ in k.export_standings_columns())}
    with translation.override("th"):
        untranslated = sorted(c for c in codes if header_label(c) == c or header_label(c).isascii())
    assert len(codes) > len(LABELS) and untranslated == []  # the N-S / P1 columns are labels with a side
