"""Blank score sheets: one page per family on A4 and Letter, the grid ruled in
the entry order, the cribbage skunk lines, the club's name when asked, and
the view's answers."""
import pytest
from django.urls import reverse

from league.pdf import BlankSheet

from .test_pdf_fonts import dark_share, fragments, page_count, page_image, page_size, pdf_text, ruled_lines

FAMILIES = ("partnership", "three-handed", "cribbage", "double_deck", "rummy")
PAPERS = {"a4": ((595.28, 841.89), (414, 585)), "letter": ((612, 792), (425, 550))}


@pytest.mark.parametrize("family, title, labels, rows", [
    pytest.param("partnership", "Partnership Pinochle",
                 "# Dealer Bidder Bid Trump N–S E–W Marks Meld Tricks Score Total Meld Tricks Score Total",
                 24, id="partnership: 24 hands, N–S and E–W"),
    pytest.param("three-handed", "Three-handed Pinochle",
                 "# Dealer Bidder Bid Trump Player A Player B Player C Meld Tricks Score Total "
                 "Meld Tricks Score Total Meld Tricks Score Total",
                 24, id="three-handed: three players' columns"),
    pytest.param("cribbage", "Cribbage",
                 "Deal Dealer Player A Player B Pegging Hand Crib Total Pegging Hand Crib Total",
                 18, id="cribbage: pegging, hand and crib per player"),
    pytest.param("double_deck", "Double-deck Pinochle",
                 "# Dealer Bidder Bid Trump N–S E–W Marks Meld Tricks Score Total Meld Tricks Score Total",
                 24, id="double deck: the partnership grid, 24 hands"),
    pytest.param("rummy", "Rummy-style Pinochle",
                 "# N–S E–W Melds Bonuses Cards left Penalties Round total Running total "
                 "Melds Bonuses Cards left Penalties Round total Running total",
                 12, id="rummy: six columns per team, 12 rounds"),
])
def test_blank_sheet_text(family, title, labels, rows):
    data = BlankSheet(family, club_name="Riverside Card Club").render()
    text = pdf_text(data)
    assert f"Blank score sheet · {title}" in text and "Riverside Card Club" in text
    assert labels in text
    assert " ".join(str(n) for n in range(1, rows + 1)) in text
    assert "Page 1 of 1" in text


def test_cribbage_sheet_draws_the_121_track_with_the_skunk_lines():
    text = pdf_text(BlankSheet("cribbage").render())
    for label in ("61 double skunk", "91 skunk", "121 game", "Skunk (loser under 91)",
                  "Double skunk (under 61)", "Spread", "Game to 121 / 61"):
        assert label in text
    assert "0 10 20 30 40 50 70 80 100 110" in text


def test_double_deck_sheet_states_its_trick_points_and_minimum_bid():
    text = pdf_text(BlankSheet("double_deck").render())
    assert "50 trick points · bids from 50" in text
    assert "Target 500" in text and "Minimum bid 50" in text


def test_rummy_sheet_reminds_of_the_bonuses_barbele_and_game_end():
    text = pdf_text(BlankSheet("rummy").render())
    assert "barbele (750+): first meld ≥ 70, else −50" in text
    assert "Bonuses: going out, folded, clean / semi-clean / dirty runs, rescued wilds" in text
    assert "Game to 1500 or 8 rounds" in text
    assert "Winner" in text and "Final score" in text


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("family", FAMILIES)
def test_blank_sheet_is_one_ruled_page_of_the_paper_size(tmp_path, family, paper):
    document = BlankSheet(family, paper=paper)
    data = document.render()
    size, pixels = PAPERS[paper]
    assert page_count(data) == 1
    assert page_size(data) == pytest.approx(size, abs=0.01)
    image = page_image(data, tmp_path)
    assert image.size == pixels
    assert 0.01 < dark_share(image) < 0.3
    assert ruled_lines(image) >= document.spec.rows + 2  # every row ruled, plus the header and the box


@pytest.mark.parametrize("family", FAMILIES)
def test_blank_grid_text_stays_inside_the_column_boundaries(family):
    document = BlankSheet(family, club_name="สโมสรไพ่ 王小明 " * 6)
    data = document.render()
    [box] = document.grid_boxes
    cells = document.cell_intervals(box.x)
    inside = [f for f in fragments(data) if box.y <= f.y <= box.y + box.height]
    assert len(inside) >= document.spec.rows + len(document.COLUMNS)
    for f in inside:
        assert any(left + 1.9 <= f.x and f.x + f.width <= right - 1.9 for left, right in cells), f


def test_unknown_family_is_refused():
    with pytest.raises(ValueError, match="unknown family 'canasta'"):
        BlankSheet("canasta")
    with pytest.raises(ValueError, match="paper must be one of"):
        BlankSheet("cribbage", paper="a5")


@pytest.mark.parametrize("family", FAMILIES)
def test_view_returns_the_blank_sheet_without_a_query(client, db, django_assert_num_queries, family):
    with django_assert_num_queries(0):
        response = client.get(reverse("league:blank_sheet_pdf", args=[family]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="blank-{family}-a4.pdf"'
    assert page_size(response.content) == pytest.approx(PAPERS["a4"][0], abs=0.01)


def test_view_prints_the_club_on_letter(client, django_assert_num_queries, club):
    with django_assert_num_queries(1):
        response = client.get(reverse("league:blank_sheet_pdf", args=["partnership"]),
                              {"paper": "letter", "club": club.slug})
    assert page_size(response.content) == (612, 792)
    assert "Club Test Club" in pdf_text(response.content)
    assert response["Content-Disposition"] == 'inline; filename="blank-partnership-letter.pdf"'


def test_view_refuses_unknown_families_clubs_and_paper(client, db):
    assert client.get(reverse("league:blank_sheet_pdf", args=["canasta"])).status_code == 404
    assert client.get(reverse("league:blank_sheet_pdf", args=["cribbage"]), {"club": "nope"}).status_code == 404
    assert client.get(reverse("league:blank_sheet_pdf", args=["cribbage"]), {"paper": "a3"}).status_code == 400


def test_home_page_links_to_the_blank_sheets(client, db):
    html = client.get(reverse("league:home")).content.decode()
    for family in FAMILIES:
        assert f'href="/sheets/blank/{family}.pdf"' in html
        assert f'href="/sheets/blank/{family}.pdf?paper=letter"' in html


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("family", FAMILIES)
def test_blank_grid_spans_the_space_between_the_margins_exactly(family, paper):
    document = BlankSheet(family, paper=paper)
    document.render()
    width = document.pagesize[0]
    for box in document.grid_boxes:
        assert box.x == pytest.approx(document.margin_left + 6, abs=0.01)  # reportlab's frame padding
        assert box.x + box.width == pytest.approx(width - document.margin_right - 6, abs=0.01)
