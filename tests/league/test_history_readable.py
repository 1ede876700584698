"""A hand's history reads as a before/after table in the game's own words
("Tricks · N–S 170 → 160"), for members and anonymous readers alike, and no
page shows the stored snapshot as raw data. Every entry is made and corrected
through the forms as rendered."""
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from league.games import kinds
from league.models import Hand, League

from .kind_cases import CHANGE, CODES, ENTRY, league_table
from .rendered_forms import open_form


class _Tables(HTMLParser):
    """Each revision table of the page: its rows as (label, before, after, changed)."""

    def __init__(self):
        super().__init__()
        self.tables, self._row, self._cell, self._changed = [], None, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("data-testid") == "revision":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self._row, self._changed = [], "changed" in (attrs.get("class") or "")
        elif tag in ("th", "td") and self._row is not None:
            self._cell = ""
        elif tag == "span" and "visually-hidden" in (attrs.get("class") or ""):
            self._cell_hidden = self._cell
        if tag == "span":
            self._in_hidden = "visually-hidden" in (attrs.get("class") or "")

    def handle_endtag(self, tag):
        if tag in ("th", "td") and self._cell is not None:
            self._row.append(self._cell.strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if len(self._row) == 3 and self._row[0] != "What":
                self.tables[-1].append((*self._row, self._changed))
            self._row = None
        elif tag == "span":
            self._in_hidden = False

    def handle_data(self, data):
        if self._cell is not None and not getattr(self, "_in_hidden", False):
            self._cell += data


def revision_tables(html):
    parser = _Tables()
    parser.feed(html)
    return parser.tables


@pytest.fixture(params=CODES)
def table_game(request, club, players, organizer):
    return league_table(request.param, club=club, players=players, organizer=organizer)


def enter_and_correct(game, organizer):
    phone = Client()
    pad = open_form(phone, reverse(game.kind.table_url, args=[game.access_token])).form(has="expected_number")
    assert pad.update(**ENTRY[str(game.kind.code)]).submit(phone).status_code == 302
    desk = Client()
    desk.force_login(organizer)
    edit = reverse(game.kind.game_url, args=[game.public_id]) + f"{game.kind.entry_path}/1/"
    form = open_form(desk, edit).form(has="version")
    assert form.update(**CHANGE[str(game.kind.code)]).submit(desk).status_code == 302


def history(client, game, reader=None):
    if reader is not None:
        client.force_login(reader)
    response = client.get(reverse("league:hand_history", args=[game.public_id, 1]))
    assert response.status_code == 200
    return response.content.decode()


def changed(table):
    return [(label, before, after) for label, before, after, is_changed in table if is_changed]


def test_a_corrected_partnership_hand_reads_field_by_field_before_and_after(client, club, players, organizer):
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    enter_and_correct(game, organizer)
    created, corrected = revision_tables(history(client, game, organizer))
    assert changed(corrected) == [
        ("Tricks · N–S", "170", "160"), ("Points · N–S", "320", "310"), ("Total · N–S", "320", "310"),
        ("Tricks · E–W", "80", "90"), ("Points · E–W", "140", "150"), ("Total · E–W", "140", "150"),
    ]
    rows = {label: (before, after) for label, before, after, _ in corrected}
    assert rows["Bid"] == ("300", "300")
    assert rows["Trump"] == ("♥", "♥")
    assert rows["Bidder"][1] == game.seats.get(seat=0).player.name
    assert rows["Meld · N–S"] == ("150", "150")
    # the entry itself: nothing before, every value after
    assert ("Meld · E–W", "–", "60", True) in created


def test_a_corrected_cribbage_deal_names_the_players_and_the_crib(client, club, players, organizer):
    game = league_table("cribbage", club=club, players=players, organizer=organizer)
    enter_and_correct(game, organizer)
    dealer = Hand.objects.get(game=game).dealer
    name = game.seats.get(seat=dealer).player.name
    _created, corrected = revision_tables(history(client, game, organizer))
    assert ("Crib · " + name, "2", "4") in changed(corrected)
    assert ("Points · " + name, "10", "12") in changed(corrected)


def test_a_corrected_rummy_round_reads_in_the_round_forms_words(client, club, players, organizer):
    game = league_table("rummy", club=club, players=players, organizer=organizer)
    enter_and_correct(game, organizer)
    _created, corrected = revision_tables(history(client, game, organizer))
    assert ("Cards left in hand · N–S", "85", "80") in changed(corrected)
    assert ("Went out · E–W", "yes", "yes", False) in corrected


def test_no_history_shows_raw_data_for_any_kind(client, table_game, organizer):
    enter_and_correct(table_game, organizer)
    League.objects.filter(pk=table_game.table.round.night.season.league_id).update(is_public=True)
    html = history(client, table_game)  # an anonymous reader of a public league
    tables = revision_tables(html)
    assert len(tables) == 2 and all(tables)
    assert changed(tables[1]), "the correction changed something the table shows"
    for raw in ("{'", "'sides'", "'delta'", "None", "True", "False"):
        assert raw not in html


def test_every_kind_declares_its_history_fields():
    for kind in kinds():
        assert kind.history_side_fields, f"{kind.code} declares no history fields for its sides"
        assert kind.history_fields, f"{kind.code} declares no history fields for its entries"
