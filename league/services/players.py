"""A club's roster kept by its organizers: rename a player, merge two players
who are one person (a walk-in typed differently), import a list of players,
and the close matches of a typed name ("Bob Smyth" is close to "Bob Smith").

A merge moves everything of the second player to the first in one
transaction: seats, check-ins, teams, results (and the partners and
opponents every result names), sit-outs; then the figures of every season
it touched and the club's ratings of every game it was rated in are derived
again through :func:`league.services.figures.figures_rebuild` and
:func:`league.services.ratings.ratings_rebuild`, so standings and ratings are
those of the games entered under one name from the start. Two players who
sat in one game, were checked in on one night or form one team are refused.
The merge is a line in the change log of every league it touched, and is
kept (:class:`league.models.PlayerMerge`) with every row it moved, so that
:func:`player_merge_undo` brings the second player back under its own id,
moves those rows back and derives the figures and ratings again.
"""
from __future__ import annotations

import csv
import difflib
import io
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from django.utils import timezone

from league.models import (
    CheckIn, Club, GameSeat, League, Player, PlayerMerge, PlayerRating, RatingEvent, Result, Round, Team,
)
from league.names import clean_name
from league.services.figures import figures_rebuild
from league.services.league_settings import log_league_change
from league.services.ratings import ratings_rebuild

CLOSE = 0.8
"""How alike two names must be (``difflib`` ratio, case and spacing ignored) to be offered as the same person."""


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def close_matches(club: Club, names, exclude=()) -> dict[str, list[str]]:
    """For each typed name that is not on the club's roster (case ignored), the
    roster's names close to it, closest first; names with none are left out."""
    roster = [n for n in club.players.exclude(pk__in=list(exclude)).values_list("name", flat=True)]
    by_key = {_key(n): n for n in roster}
    out = {}
    for name in names:
        if _key(name) in by_key:
            continue
        found = difflib.get_close_matches(_key(name), list(by_key), n=3, cutoff=CLOSE)
        if found:
            out[name] = [by_key[k] for k in found]
    return out


def _name(club: Club, raw: str, field_name: str = "name", exclude=None) -> str:
    name = clean_name(raw, field_name)
    if not name:
        raise ValidationError({field_name: [_("Enter a player's name.")]})
    if len(name) > Player._meta.get_field("name").max_length:
        raise ValidationError({field_name: [_("A name has at most 80 characters.")]})
    others = club.players.filter(name__iexact=name)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if others.exists():
        raise ValidationError({field_name: [_("The club already has a player called %(name)s.") % {"name": name}]})
    return name


@transaction.atomic
def player_rename(*, club: Club, player_id: int, name: str, email=None, member=None, active=None) -> Player:
    """Give a player of the club another name (no other player of the club may
    hold it, case ignored) and, when given, another email, member flag or
    active flag (an inactive player is not offered at check-in)."""
    player = Player.objects.select_for_update().filter(club=club, pk=player_id).first()
    if player is None:
        raise ValidationError({"player": [_("That player is not on this club's roster.")]})
    player.name = _name(club, name, exclude=player.pk)
    for attr, value in (("email", email), ("member", member), ("active", active)):
        if value is not None:
            setattr(player, attr, value)
    player.full_clean()
    player.save(update_fields=["name", "email", "member", "active"])
    return player


def _swap(ids, gone: int, keep: int) -> list:
    return [keep if i == gone else i for i in ids]


def _account(by):
    return by if getattr(by, "is_authenticated", False) else None


def _derive_again(club: Club, seasons, families) -> None:
    for season_id in sorted(seasons):
        figures_rebuild(season_id)
    for family in sorted(families):
        ratings_rebuild(club.pk, family)


@transaction.atomic
def player_merge_undo(*, club: Club, merge_id: int, by) -> Player:
    """Undo a merge of the club: the merged player comes back under its own id
    and name, every row the merge moved goes back to it, and the figures and
    ratings are derived again. A name taken meanwhile is refused."""
    import datetime

    merge = PlayerMerge.objects.select_for_update().select_related("kept").filter(
        club=club, pk=merge_id, undone_at__isnull=True).first()
    if merge is None:
        raise ValidationError({"merge": [_("That merge is not in this club, or was undone already.")]})
    g, m, kept = merge.gone, merge.moved, merge.kept
    if Player.objects.filter(pk=merge.gone_id).exists() or club.players.filter(name__iexact=g["name"]).exists():
        raise ValidationError({"merge": [_("The club has a player called %(name)s again: rename them first.")
                                         % {"name": g["name"]}]})
    gone = Player(pk=merge.gone_id, club=club, name=g["name"], email=g["email"], member=g["member"],
                  active=g["active"])
    gone.save(force_insert=True)
    Player.objects.filter(pk=gone.pk).update(created_at=datetime.datetime.fromisoformat(g["created_at"]))
    GameSeat.objects.filter(pk__in=m["seats"], player=kept).update(player=gone)
    CheckIn.objects.filter(pk__in=m["checkins"], player=kept).update(player=gone)
    Team.objects.filter(pk__in=m["team_a"], player_a=kept).update(player_a=gone)
    Team.objects.filter(pk__in=m["team_b"], player_b=kept).update(player_b=gone)
    Result.objects.filter(pk__in=m["results"], player=kept).update(player=gone)
    rows = list(Result.objects.filter(pk__in=[int(k) for k in m["lists"]]))
    for r in rows:
        r.partners, r.opponents = m["lists"][str(r.pk)]
    Result.objects.bulk_update(rows, ["partners", "opponents"])
    rounds = list(Round.objects.filter(pk__in=[int(k) for k in m["rounds"]]))
    for r in rounds:
        r.sitting_out = m["rounds"][str(r.pk)]
    Round.objects.bulk_update(rounds, ["sitting_out"])
    merge.undone_at = timezone.now()
    merge.save(update_fields=["undone_at"])
    _derive_again(club, m["seasons"], m["families"])
    summary = _("The merge of %(gone)s into %(keep)s was undone.") % {"gone": gone.name, "keep": kept.name}
    for league in League.objects.filter(seasons__pk__in=m["seasons"]).distinct().order_by("pk"):
        log_league_change(league=league, by=by, summary=summary)
    return gone


@transaction.atomic
def player_merge(*, club: Club, keep_id: int, gone_id: int, by) -> Player:
    """Merge player ``gone_id`` into ``keep_id`` (both of ``club``): see the module's docstring."""
    found = {p.pk: p for p in Player.objects.select_for_update().filter(club=club, pk__in=[keep_id, gone_id])}
    errors = {}
    if keep_id not in found:
        errors["keep"] = [_("That player is not on this club's roster.")]
    if gone_id not in found:
        errors["gone"] = [_("That player is not on this club's roster.")]
    if not errors and keep_id == gone_id:
        errors["gone"] = [_("Choose two different players.")]
    if errors:
        raise ValidationError(errors)
    keep, gone = found[keep_id], found[gone_id]
    problem = None
    if GameSeat.objects.filter(player=gone, game__seats__player=keep).exists():
        problem = _("%(a)s and %(b)s played in the same game: they are two people.")
    elif CheckIn.objects.filter(player=gone, night__checkins__player=keep).exists():
        problem = _("%(a)s and %(b)s were both checked in on the same night: they are two people.")
    elif Team.objects.filter(Q(player_a=keep, player_b=gone) | Q(player_a=gone, player_b=keep)).exists():
        problem = _("%(a)s and %(b)s are partners in a team: they are two people.")
    if problem:
        raise ValidationError({"gone": [problem % {"a": keep.name, "b": gone.name}]})

    seasons = set(Result.objects.filter(player=gone).values_list("season_id", flat=True))
    seasons |= set(CheckIn.objects.filter(player=gone).values_list("night__season_id", flat=True))
    families = set(RatingEvent.objects.filter(player=gone).values_list("family", flat=True))
    families |= set(PlayerRating.objects.filter(player=gone).values_list("family", flat=True))
    games = GameSeat.objects.filter(player=gone).count()

    moved = {
        "seats": list(GameSeat.objects.filter(player=gone).values_list("pk", flat=True)),
        "checkins": list(CheckIn.objects.filter(player=gone).values_list("pk", flat=True)),
        "team_a": list(Team.objects.filter(player_a=gone).values_list("pk", flat=True)),
        "team_b": list(Team.objects.filter(player_b=gone).values_list("pk", flat=True)),
        "results": list(Result.objects.filter(player=gone).values_list("pk", flat=True)),
        "lists": {}, "rounds": {}, "seasons": sorted(seasons), "families": sorted(families),
    }
    GameSeat.objects.filter(player=gone).update(player=keep)
    CheckIn.objects.filter(player=gone).update(player=keep)
    Team.objects.filter(player_a=gone).update(player_a=keep)
    Team.objects.filter(player_b=gone).update(player_b=keep)
    Result.objects.filter(player=gone).update(player=keep)
    # the partners and opponents each player's result names, and who sat out, are player ids
    rows = [r for r in Result.objects.filter(season_id__in=seasons, team__isnull=True)
            if gone.pk in r.partners or gone.pk in r.opponents]
    for r in rows:
        moved["lists"][str(r.pk)] = [r.partners, r.opponents]
        r.partners, r.opponents = _swap(r.partners, gone.pk, keep.pk), _swap(r.opponents, gone.pk, keep.pk)
    Result.objects.bulk_update(rows, ["partners", "opponents"])
    rounds = [r for r in Round.objects.filter(night__season_id__in=seasons, night__season__league__format__in=[
        "progressive", "individual"]) if gone.pk in r.sitting_out]
    for r in rounds:
        moved["rounds"][str(r.pk)] = r.sitting_out
        r.sitting_out = _swap(r.sitting_out, gone.pk, keep.pk)
    Round.objects.bulk_update(rounds, ["sitting_out"])

    PlayerMerge.objects.create(club=club, kept=keep, gone_id=gone.pk, moved=moved, by=_account(by), gone={
        "name": gone.name, "email": gone.email, "member": gone.member, "active": gone.active,
        "created_at": gone.created_at.isoformat()})
    gone_name = gone.name
    gone.delete()  # its figures and ratings go with it; they are derived again below
    _derive_again(club, seasons, families)
    summary = _("%(gone)s merged into %(keep)s (%(n)s games).") % {"gone": gone_name, "keep": keep.name, "n": games}
    for league in League.objects.filter(seasons__pk__in=seasons).distinct().order_by("pk"):
        log_league_change(league=league, by=by, summary=summary)
    return keep


# -- import ------------------------------------------------------------------------------
NEW, CLOSE_MATCH, ON_ROSTER, REPEATED, INVALID = "new", "close", "on_roster", "repeated", "invalid"
TRUE = {"1", "y", "yes", "true", "x", "member", "✓"}


@dataclass
class ImportRow:
    line: int
    name: str
    email: str = ""
    member: bool = False
    status: str = NEW
    problem: str = ""
    matches: list = field(default_factory=list)

    @property
    def importable(self) -> bool:
        return self.status in (NEW, CLOSE_MATCH)


def _table(text: str) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(text)) if any(c.strip() for c in row)]


def rows_of_xlsx(data: bytes) -> str:
    """An XLSX sheet's rows as CSV text (the preview carries the text to the confirmation)."""
    import tablib

    sheet = tablib.Dataset().load(data, format="xlsx", headers=False)
    out = io.StringIO()
    writer = csv.writer(out)
    for row in sheet:
        writer.writerow(["" if c is None else str(c) for c in row])
    return out.getvalue()


def import_preview(club: Club, text: str) -> list[ImportRow]:
    """What importing ``text`` (CSV: name, then optional email and member
    flag; a first row naming the columns is read as the header) would do,
    row by row. Nothing is stored."""
    table = _table(text)
    columns = {"name": 0, "email": 1, "member": 2}
    start = 0
    if table and "name" in [c.strip().casefold() for c in table[0]]:
        header = [c.strip().casefold() for c in table[0]]
        columns = {k: header.index(k) if k in header else None for k in columns}
        start = 1
    roster = {_key(n): n for n in club.players.values_list("name", flat=True)}
    seen, rows = set(), []
    for i, cells in enumerate(table[start:], start=start + 1):
        def cell(k):
            j = columns[k]
            return cells[j].strip() if j is not None and j < len(cells) else ""
        row = ImportRow(line=i, name=cell("name"), email=cell("email"), member=cell("member").casefold() in TRUE)
        try:
            row.name = clean_name(row.name)
            if not row.name:
                raise ValidationError(_("No name."))
            if len(row.name) > Player._meta.get_field("name").max_length:
                raise ValidationError(_("A name has at most 80 characters."))
            if row.email:
                validate_email(row.email)
        except ValidationError as e:
            row.status, row.problem = INVALID, " ".join(e.messages)
        else:
            key = _key(row.name)
            if key in roster:
                row.status, row.matches = ON_ROSTER, [roster[key]]
            elif key in seen:
                row.status = REPEATED
            else:
                close = difflib.get_close_matches(key, list(roster), n=3, cutoff=CLOSE)
                if close:
                    row.status, row.matches = CLOSE_MATCH, [roster[k] for k in close]
            seen.add(key)
        rows.append(row)
    return rows


@transaction.atomic
def players_import(*, club: Club, text: str, lines) -> list[Player]:
    """Add the rows of ``text`` whose line numbers are in ``lines`` and which
    are still new (or close to a name, when chosen); the preview is made again
    first, so a player added meanwhile is not added twice."""
    wanted = set(lines)
    players = []
    for row in import_preview(club, text):
        if row.line in wanted and row.importable:
            player = Player(club=club, name=row.name, email=row.email, member=row.member)
            player.full_clean()
            player.save()
            players.append(player)
    return players
