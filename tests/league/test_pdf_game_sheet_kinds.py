"""One game-sheet PDF class for every kind: ``GameSheet`` prints the layout
the game's kind gives (``kind.game_sheet_layout(board)``), and the kind
registry is the only place that chooses it."""
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from league import services
from league.games import kind_for, kind_of, kinds
from league.games.base import GameKind

PARTNERSHIP, THREE_HANDED, CRIBBAGE, DOUBLE_DECK, RUMMY = (
    kind_for(code) for code in ("partnership", "three_handed", "cribbage", "double_deck", "rummy"))
from league.pdf import GameSheet
from league.pdf.game_sheet import SheetLayout, SheetRow
from league.pdf.grid import Column, Group
from league.selectors.boards import load_board
from league.games.cribbage.services import cribbage_game_create
from league.games.rummy.services import rummy_game_create

from .test_pdf_fonts import pdf_text

LEAGUE = Path(__file__).resolve().parents[2] / "league"
PINOCHLE_HEAD = "# Dealer Bidder Bid Trump"
SIDE = "Meld Tricks Score Total"


def start(club, organizer, kind, names):
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    if kind is CRIBBAGE:
        return cribbage_game_create(club=club, players=players, by=organizer)
    if kind is RUMMY:
        return rummy_game_create(club=club, players=players, by=organizer)
    return services.game_create(club=club, players=players, by=organizer, game_type=kind.code)


def sheet(game) -> tuple[GameSheet, str]:
    """The sheet as the view prints it: the board of any kind, the one class."""
    document = GameSheet(load_board(game.public_id), url="http://testserver/g/x/")
    return document, " ".join(pdf_text(document.render()).split())


@pytest.mark.parametrize("kind, names, heading, header, empty", [
    pytest.param(PARTNERSHIP, ("Ann", "Bo", "Cy", "Di"), "Partnership Pinochle",
                 f"{PINOCHLE_HEAD} N–S · Ann & Cy E–W · Bo & Di Marks {SIDE} {SIDE}", "No hands yet.",
                 id="partnership"),
    pytest.param(DOUBLE_DECK, ("Ann", "Bo", "Cy", "Di"), "Double-deck Pinochle",
                 f"{PINOCHLE_HEAD} N–S · Ann & Cy E–W · Bo & Di Marks {SIDE} {SIDE}", "No hands yet.",
                 id="double-deck"),
    pytest.param(THREE_HANDED, ("Ann", "Bo", "Cy"), "Three-handed Pinochle",
                 f"{PINOCHLE_HEAD} 1 · Ann 2 · Bo 3 · Cy {SIDE} {SIDE} {SIDE}",
                 "No hands…", id="three-handed"),  # fitted to its narrow dealer column, as it always was
    pytest.param(CRIBBAGE, ("Ann", "Bo"), "Ann vs Bo",
                 "Deal Dealer Cut Ann Bo Game over Pegging Hand Crib Total Pegging Hand Crib Total", "No deals yet.",
                 id="cribbage"),
    pytest.param(RUMMY, ("Ann", "Bo", "Cy", "Di"), "Ann & Cy vs Bo & Di",
                 "# Dealer N–S · Ann & Cy E–W · Bo & Di Melds Bonuses Cards left Penalties Round Total "
                 "Melds Bonuses Cards left Penalties Round Total", "No rounds yet.", id="rummy"),
])
def test_the_one_sheet_class_prints_each_kinds_heading_columns_and_empty_grid(club, organizer, kind, names,
                                                                             heading, header, empty):
    game = start(club, organizer, kind, names)
    assert kind_of(game) is kind
    document, text = sheet(game)
    assert type(document) is GameSheet
    assert text.startswith(heading + " ")
    assert header in text
    assert f"{header} {empty}" in text
    assert document.document_title() in text  # the page header: the kind's own title
    assert len(document.cell_intervals()) == len(document.layout.columns) + len(document.layout.groups)


def test_the_sheet_prints_whatever_layout_the_kind_gives(club, organizer, monkeypatch):
    """GameSheet has no layout of its own: the kind's answer is the whole sheet."""
    game = start(club, organizer, CRIBBAGE, ("Ann", "Bo"))
    layout = SheetLayout(
        title="Odd sheet", columns=(Column("number", "No.", 10 * mm), Column("dealer", "Who", 30 * mm, "left"),
                                    Column("pips", "Pips", 20 * mm)),
        groups=(Group("Pipped", "pips", "pips"),), heading="A heading", count="7 pips", rules="none",
        result=(("Nobody won", True),), rows=(SheetRow({"number": "1", "dealer": "Ann", "pips": "42"}),),
        empty_label="-", players=("Players: two",), notes=("A note",),
    )
    monkeypatch.setattr(type(CRIBBAGE), "game_sheet_layout", lambda self, board: layout)
    document, text = sheet(game)
    assert document.layout is layout
    for expected in ("A heading", "7 pips", "Players: two", "Rules: none", "Nobody won",
                     "No. Who Pipped Pips 1 Ann 42", "Notes A note", "Odd sheet"):
        assert expected in text, expected
    assert "Pegging" not in text


def test_the_kind_registry_is_the_only_place_choosing_the_layout():
    for kind in kinds():
        # every kind prints through the one sheet_pdf (GameSheet); only its layout and file name differ
        assert type(kind).sheet_pdf is GameKind.sheet_pdf, kind
        assert type(kind).game_sheet_layout is not None and kind.sheet_file.endswith("sheet"), kind
    builders = ("pinochle_layout", "cribbage_layout", "rummy_layout", "game_sheet_layout")
    for path in LEAGUE.rglob("*.py"):
        relative = path.relative_to(LEAGUE).as_posix()
        if relative.startswith("games/"):
            continue
        source = path.read_text()
        for name in builders:
            if (relative, name) != ("pdf/game_sheet.py", "game_sheet_layout"):
                assert f"{name}(" not in source, (relative, name)
    one = (LEAGUE / "pdf/game_sheet.py").read_text()
    assert "board.game.kind.game_sheet_layout(board)" in one
    for path in (LEAGUE / "pdf/game_sheet.py", LEAGUE / "pdf/sheet_layouts.py"):
        assert "game_type" not in path.read_text() and "GameType" not in path.read_text(), path
