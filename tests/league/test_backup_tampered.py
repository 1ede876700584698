"""import_club trusts nothing in its file: each tampered export is refused
with a message and saves nothing; an honest one restores exactly, also into
a database where other accounts exist."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command

from league.backup import club_export, club_import
from league.management.commands.load_demo import load_demo
from league.models import Club, Game, GameSide, HandRevision, Membership

pytestmark = pytest.mark.django_db(transaction=True)


_EXPORT = {}
"""The demo club's export file and its revision stamps, made by the first test of a run (or worker)
that asks: loading the demo was most of each test's time, and every test reads the same file."""


@pytest.fixture
def exported():
    """A fresh copy of the demo's export and an empty database (flushed, as after a move to a new server)."""
    if not _EXPORT:
        club = load_demo()
        _EXPORT["stamps"] = sorted(HandRevision.objects.values_list("pk", "at"))
        _EXPORT["text"] = club_export(club)
    call_command("flush", "--noinput")
    return json.loads(_EXPORT["text"]), list(_EXPORT["stamps"])


def refused(data):
    users, clubs = get_user_model().objects.count(), Club.objects.count()
    with pytest.raises(ValidationError) as e:
        club_import(json.dumps(data))
    assert (get_user_model().objects.count(), Club.objects.count()) == (users, clubs)
    assert not Game.objects.exists()
    return e.value.messages[0]


def test_an_export_carries_no_password_hashes_unless_asked(exported):
    data, _ = exported
    assert data["accounts"] and all("password" not in a for a in data["accounts"])
    assert "pbkdf2" not in json.dumps(data) and "md5$" not in json.dumps(data)


def test_an_added_superuser_row_is_refused(exported):
    data, _ = exported
    data["objects"].insert(0, {"model": "auth.user", "pk": 999, "fields": {
        "username": "evil", "password": "md5$x$y", "is_superuser": True, "is_staff": True}})
    assert refused(data) == "Row 1 is not part of a club export (auth.user)."


def test_an_added_session_row_is_refused(exported):
    data, _ = exported
    data["objects"].append({"model": "sessions.session", "pk": "k", "fields": {
        "session_data": "x", "expire_date": "2099-01-01T00:00:00Z"}})
    assert refused(data).startswith("Row ") and refused(data).endswith("(sessions.session).")


def test_an_account_with_chosen_rights_is_refused(exported):
    data, _ = exported
    data["accounts"][0]["is_superuser"] = True
    assert "carries fields an export does not have: is_superuser" in refused(data)


def test_a_chosen_password_hash_is_not_imported_unless_asked(exported):
    data, _ = exported
    data["accounts"][0]["password"] = "md5$salt$chosen"
    club_import(json.dumps(data))
    user = get_user_model().objects.get(username=data["accounts"][0]["username"])
    assert not user.has_usable_password() and not user.is_superuser and not user.is_staff


def test_an_organizer_membership_in_another_club_is_refused(exported):
    data, _ = exported
    # a number the exported club does not have: after the flush the first new club may get the same one,
    # and the import would refuse that first (a parallel worker's fresh database does so)
    exported_club = next(r["pk"] for r in data["objects"] if r["model"] == "league.club")
    other = Club.objects.create(pk=exported_club + 1, name="Other", slug="other")
    member = next(r for r in data["objects"] if r["model"] == "league.membership")
    data["objects"].append({"model": "league.membership", "pk": 9999, "fields": {
        **member["fields"], "club": other.pk, "role": "organizer"}})
    assert refused(data) == "1 row of memberships does not belong to the club."
    assert not Membership.objects.exists()


def test_totals_raised_by_5000_are_refused(exported):
    data, _ = exported
    side = next(r for r in data["objects"] if r["model"] == "league.gameside" and r["fields"]["total"])
    side["fields"]["total"] += 5000
    message = refused(data)
    assert message.startswith("The file's stored numbers differ from what its inputs score (")
    assert f"side {side['fields']['side']}: total " in message


def test_a_standings_result_raised_by_5000_is_refused(exported):
    data, _ = exported
    row = next(r for r in data["objects"] if r["model"] == "league.result" and r["fields"]["game"] is not None)
    row["fields"]["points_for"] += 5000
    message = refused(data)
    assert message.startswith("The file's stored numbers differ from what its inputs score (")
    assert ": points_for " in message


def test_a_row_of_another_kind_of_file_is_refused(exported):
    data, _ = exported
    data["objects"].append("not a row")
    assert refused(data).endswith("is not part of a club export (str).")


def test_restoring_where_other_accounts_exist_works_and_keeps_microseconds(exported):
    data, stamps = exported
    User = get_user_model()
    for name in ("someone", "else", "third"):
        User.objects.create_user(name, password="pw-someone-1")
    club_import(json.dumps(data))
    assert sorted(HandRevision.objects.values_list("pk", "at")) == stamps
    assert any(at.microsecond % 1000 for _, at in stamps)
    assert User.objects.filter(username="someone").exists()
    call_command("rescore", "--check")


def test_a_restore_matches_existing_accounts_by_username_when_asked(exported):
    data, _ = exported
    name = data["accounts"][0]["username"]
    kept = get_user_model().objects.create_user(name, password="pw-kept-12345")
    club_import(json.dumps(data), existing_accounts=True)
    kept.refresh_from_db()
    assert kept.check_password("pw-kept-12345")
    assert Membership.objects.filter(user=kept).exists() or HandRevision.objects.filter(by=kept).exists() or \
        Game.objects.filter(created_by=kept).exists()
    assert GameSide.objects.exists()


def test_an_account_that_exists_here_is_refused_unless_asked(exported):
    data, _ = exported
    name = data["accounts"][0]["username"]
    get_user_model().objects.create_user(name, password="pw-kept-12345")
    assert refused(data) == (f"Account {name} already exists here: import with --existing-accounts to give it the "
                             "file's rights in this club.")


def test_organizer_rights_for_an_account_the_file_does_not_list_are_refused(exported):
    data, _ = exported
    get_user_model().objects.create_superuser("admin", password="pw-admin-12345")  # exists only on this site
    member = next(r for r in data["objects"] if r["model"] == "league.membership")
    data["objects"].append({"model": "league.membership", "pk": 9999, "fields": {
        **member["fields"], "user": ["admin"], "role": "organizer"}})
    assert refused(data) == (f"Row {len(data['objects'])} names the account admin, which the file's accounts "
                             "do not list.")
    assert not Membership.objects.exists()


def test_every_game_gets_a_new_table_link_so_a_chosen_token_opens_nothing(exported, client):
    data, _ = exported
    game = next(r for r in data["objects"] if r["model"] == "league.game")
    game["fields"]["access_token"] = "chosen-by-whoever-made-the-file"
    tokens = {r["fields"]["access_token"] for r in data["objects"] if r["model"] == "league.game"}
    club_import(json.dumps(data))
    assert set(Game.objects.values_list("access_token", flat=True)) & tokens == set()
    assert Game.objects.values("access_token").distinct().count() == Game.objects.count() == len(tokens)
    assert client.get("/t/chosen-by-whoever-made-the-file/").status_code == 404
    call_command("rescore", "--check")


def _trail(data):
    """The revision rows of the game with the longest trail, in id order."""
    rows = [r for r in data["objects"] if r["model"] == "league.handrevision"]
    game = max({r["fields"]["game"] for r in rows}, key=lambda g: sum(r["fields"]["game"] == g for r in rows))
    return sorted((r for r in rows if r["fields"]["game"] == game), key=lambda r: r["pk"])


def _public_id(data, trail):
    return next(r["fields"]["public_id"] for r in data["objects"]
                if r["model"] == "league.game" and r["pk"] == trail[0]["fields"]["game"])


def test_a_rewritten_revision_is_refused(exported):
    data, _ = exported
    trail = _trail(data)
    trail[1]["fields"]["reason"] = "nothing happened here"
    assert refused(data) == (f"The audit trail of game {_public_id(data, trail)} was rewritten or cut "
                             f"(at revision 2 of {len(trail)}).")


def test_a_revision_cut_from_the_middle_is_refused(exported):
    data, _ = exported
    trail = _trail(data)
    data["objects"].remove(trail[2])
    assert refused(data) == (f"The audit trail of game {_public_id(data, trail)} was rewritten or cut "
                             f"(at revision 3 of {len(trail) - 1}).")


def test_the_last_revision_cut_is_refused(exported):
    data, _ = exported
    trail = _trail(data)
    data["objects"].remove(trail[-1])
    assert refused(data) == (f"The audit trail of game {_public_id(data, trail)} was rewritten or cut "
                             f"(at revision {len(trail)} of {len(trail) - 1}).")


def test_an_export_of_version_2_is_refused(exported):
    data, _ = exported
    data["version"] = 2
    assert refused(data) == "This is not a Clubtally club export (version 3)."
