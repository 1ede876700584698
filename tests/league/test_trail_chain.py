"""Every write leaves its revision chained to the one before it (league/trail.py):
the game holds the digest of its last revision, so a trail rewritten or cut
anywhere no longer derives it."""
import datetime

import pytest
from django.urls import reverse

from league.models import Game, HandRevision
from league.trail import first_break, revision_digest

from .kind_cases import CHANGE, CODES, ENTRY, league_table
from .rendered_forms import open_form


@pytest.fixture(params=CODES)
def table_game(request, club, players, organizer):
    return league_table(request.param, club=club, players=players, organizer=organizer)


def test_entries_and_an_edit_from_the_rendered_forms_leave_a_whole_chain(client, table_game, organizer):
    client.force_login(organizer)
    code = str(table_game.kind.code)
    page = reverse("league:game", args=[table_game.public_id])
    assert open_form(client, page).form(has="expected_number").update(**ENTRY[code]).submit(client).status_code == 302
    edit = open_form(client, reverse("league:hand_edit", args=[table_game.public_id, 1])).form(has="version")
    assert edit.update(**CHANGE[code]).submit(client).status_code == 302
    game = Game.objects.get(pk=table_game.pk)
    revisions = list(HandRevision.objects.filter(game=game).order_by("id"))
    assert [r.action for r in revisions] == ["start", "create", "update"]
    assert first_break(revisions, game.trail_digest) is None
    assert game.trail_digest == revisions[-1].digest and len({r.digest for r in revisions}) == 3


def test_a_changed_revision_breaks_the_chain_where_it_was_changed(client, table_game, organizer):
    client.force_login(organizer)
    page = reverse("league:game", args=[table_game.public_id])
    open_form(client, page).form(has="expected_number").update(**ENTRY[str(table_game.kind.code)]).submit(client)
    game = Game.objects.get(pk=table_game.pk)
    revisions = list(HandRevision.objects.filter(game=game).order_by("id"))
    revisions[1].reason = "rewritten"
    assert first_break(revisions, game.trail_digest) == 2
    assert first_break(revisions[:1], game.trail_digest) == 2  # the last one cut: the game's digest is not derived


def test_the_digest_reads_the_time_in_utc_whatever_its_zone():
    at = datetime.datetime(2026, 10, 6, 19, 30, 0, 123456, tzinfo=datetime.timezone.utc)
    bangkok = at.astimezone(datetime.timezone(datetime.timedelta(hours=7)))
    common = dict(game_id=1, number=1, action="create", via="org", device="", before=None, after={"bid": 300},
                  reason="")
    assert revision_digest("", at=at, **common) == revision_digest("", at=bangkok, **common)
    assert revision_digest("", at=at, **common) != revision_digest("x", at=at, **common)
