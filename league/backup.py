"""A club's whole data as one JSON document, and back.

``club_export(club)`` lists every row that belongs to the club in dependency
order with their primary keys, microsecond-exact timestamps, and the accounts
that touched it by username only (``with_passwords=True`` adds their password
hashes). ``club_import(text)`` restores them in one transaction into a
database that does not hold the club yet (other clubs and accounts may be
there) and trusts nothing in the file:

- only the club's own models (:data:`MODELS`) are accepted;
- every row must belong to the club (checked once saved, before commit);
- every account a row names must be listed in the file's accounts; a listed
  account whose username exists here is refused unless ``existing_accounts``
  is asked for (``--existing-accounts``: the file's memberships and trail
  then go to that account); a new one is created without staff or
  superuser rights and, unless the file carries a hash and ``passwords`` is
  asked for, without a usable password;
- every game gets a new table link (a token chosen in the file opens nothing);
- each game's audit trail must hold its chain (``league/trail.py``): a
  revision rewritten, or cut from anywhere in it, refuses the file (a hash
  chain, not a signature: it shows the trail was kept whole, not who wrote it);
- every derived number is re-derived from the stored inputs and must equal
  the file's (``rescore --check``), else nothing is saved.
"""
import datetime
import json

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from league.dbstats import analyze
from league.models.game import new_access_token
from league.trail import first_break
from league.models import (
    ChangeLog, CheckIn, Club, Entrant, Game, GameSeat, GameSide, Hand, HandRevision, HandSide, League, LeagueRole,
    Match, MatchGame, MatchSide, Membership, Night, Player, PlayerMerge, PlayerRating, RatingEvent, Result, Round,
    RuleProfile, Season, SidePool, Stage, StageRound, Table, Team, Tournament,
)

FORMAT = "clubtally-club-export"
VERSION = 3
"""3: the audit trail is chained (``league/trail.py``); a file of version 2 cannot show its trail is whole."""
ACCOUNT_FIELDS = ("username", "first_name", "last_name", "email", "is_active")

MODELS = (Club, Membership, Player, PlayerMerge, RuleProfile, League, LeagueRole, Season, Team, Night, CheckIn, Round,
          Table, Game, GameSeat, GameSide, Hand, HandSide, HandRevision, Result, PlayerRating, RatingEvent, ChangeLog,
          Tournament, Entrant, Stage, StageRound, Match, MatchSide, MatchGame, SidePool)
"""The club's models, in dependency order: nothing else is exported or imported."""


def _club_rows(club) -> dict:
    """Each model's rows that belong to ``club``."""
    return {
        Club: Club.objects.filter(pk=club.pk),
        Membership: Membership.objects.filter(club=club),
        Player: Player.objects.filter(club=club),
        PlayerMerge: PlayerMerge.objects.filter(club=club, kept__club=club),
        RuleProfile: RuleProfile.objects.filter(club=club),
        League: League.objects.filter(club=club),
        LeagueRole: LeagueRole.objects.filter(league__club=club),
        Season: Season.objects.filter(league__club=club),
        Team: Team.objects.filter(season__league__club=club, player_a__club=club, player_b__club=club),
        Night: Night.objects.filter(season__league__club=club),
        CheckIn: CheckIn.objects.filter(night__season__league__club=club).filter(
            Q(player__isnull=True) | Q(player__club=club)),
        Round: Round.objects.filter(night__season__league__club=club),
        Table: Table.objects.filter(round__night__season__league__club=club),
        Game: Game.objects.filter(club=club).filter(Q(table__isnull=True) | Q(table__round__night__season__league__club=club)),
        GameSeat: GameSeat.objects.filter(game__club=club, player__club=club),
        GameSide: GameSide.objects.filter(game__club=club),
        Hand: Hand.objects.filter(game__club=club),
        HandSide: HandSide.objects.filter(hand__game__club=club),
        HandRevision: HandRevision.objects.filter(game__club=club).filter(Q(hand__isnull=True) | Q(hand__game__club=club)),
        Result: Result.objects.filter(season__league__club=club, night__season__league__club=club).filter(
            Q(game__isnull=True) | Q(game__club=club)),
        PlayerRating: PlayerRating.objects.filter(club=club, player__club=club),  # docs/ratings.md
        RatingEvent: RatingEvent.objects.filter(club=club, player__club=club),
        ChangeLog: ChangeLog.objects.filter(league__club=club).filter(
            Q(night__isnull=True) | Q(night__season__league__club=club)),
        # events (docs/tournaments.md)
        Tournament: Tournament.objects.filter(club=club, rule_profile__club=club),
        Entrant: Entrant.objects.filter(tournament__club=club, player__club=club).filter(
            Q(partner__isnull=True) | Q(partner__club=club)),
        Stage: Stage.objects.filter(tournament__club=club),
        StageRound: StageRound.objects.filter(stage__tournament__club=club),
        Match: Match.objects.filter(round__stage__tournament__club=club),
        MatchSide: MatchSide.objects.filter(match__round__stage__tournament__club=club, entrant__tournament__club=club),
        MatchGame: MatchGame.objects.filter(match__round__stage__tournament__club=club, game__club=club),
        SidePool: SidePool.objects.filter(tournament__club=club).exclude(winners__in=Entrant.objects.exclude(
            tournament__club=club)),
    }


def _user_fields(model):
    return [f.name for f in model._meta.concrete_fields if f.is_relation and f.related_model is get_user_model()]


def _accounts(club, rows) -> list:
    User = get_user_model()
    ids = set()
    for model, qs in rows.items():
        for name in _user_fields(model):
            ids.update(qs.exclude(**{f"{name}__isnull": True}).values_list(f"{name}_id", flat=True))
    return list(User.objects.filter(pk__in=ids).order_by("username"))


def _json(value):
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()  # microseconds kept (DjangoJSONEncoder cuts them to milliseconds)
    return str(value)


def club_export(club: Club, with_passwords: bool = False) -> str:
    """The club's data as a JSON document (UTF-8 text); accounts by username,
    their password hashes only when ``with_passwords``."""
    rows = _club_rows(club)
    accounts = []
    for user in _accounts(club, rows):
        account = {f: getattr(user, f) for f in ACCOUNT_FIELDS}
        if with_passwords:
            account["password"] = user.password
        accounts.append(account)
    objects = []
    for model in MODELS:
        objects.extend(serializers.serialize("python", rows[model].order_by("pk"), use_natural_foreign_keys=True))
    return json.dumps({"format": FORMAT, "version": VERSION, "club": club.slug, "accounts": accounts,
                       "objects": objects}, ensure_ascii=False, indent=1, default=_json)


def _refuse(message, **params):
    raise ValidationError(message % params if params else message)


def _match_accounts(accounts, passwords: bool, existing_accounts: bool) -> None:
    User = get_user_model()
    if not isinstance(accounts, list):
        _refuse(_("The file's accounts are not a list."))
    for i, account in enumerate(accounts, start=1):
        if not isinstance(account, dict) or not isinstance(account.get("username"), str) or not account["username"]:
            _refuse(_("Account %(n)d of the file has no username."), n=i)
        if set(account) - set(ACCOUNT_FIELDS) - {"password"}:
            _refuse(_("Account %(name)s carries fields an export does not have: %(fields)s."),
                    name=account["username"], fields=", ".join(sorted(set(account) - set(ACCOUNT_FIELDS) - {"password"})))
        if User.objects.filter(username=account["username"]).exists():
            if not existing_accounts:
                _refuse(_("Account %(name)s already exists here: import with --existing-accounts to give it the "
                          "file's rights in this club."), name=account["username"])
            continue  # matched by username, as asked: the account here is kept as it is
        user = User(**{f: account[f] for f in ACCOUNT_FIELDS if f in account and isinstance(account[f], (str, bool))})
        if passwords and isinstance(account.get("password"), str):
            user.password = account["password"]
        else:
            user.set_unusable_password()
        user.is_staff = user.is_superuser = False
        user.full_clean(exclude=["password"])
        user.save()


def _named_accounts(objects) -> list[tuple[int, str]]:
    """(row number, username) of every account the rows name (by natural key)."""
    fields = {m._meta.label_lower: _user_fields(m) for m in MODELS}
    named = []
    for n, row in enumerate(objects, start=1):
        values = row.get("fields") if isinstance(row.get("fields"), dict) else {}
        for name in fields[row["model"]]:
            key = values.get(name)
            if key is not None:
                named.append((n, key[0] if isinstance(key, list) and len(key) == 1 else repr(key)))
    return named


@transaction.atomic
def club_import(text: str, passwords: bool = False, existing_accounts: bool = False) -> Club:
    """Restore an export into this database (which must not hold the club);
    refuses, saving nothing, any file that is not exactly a club's own data."""
    from league.management.commands.rescore import game_differences
    from league.services.figures import figures_rebuild

    try:
        data = json.loads(text)
    except ValueError as e:
        raise ValidationError(_("The file is not JSON: %(error)s") % {"error": e}) from e
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        _refuse(_("This is not a Clubtally club export (version %(v)s)."), v=VERSION)
    slug, objects = data.get("club"), data.get("objects")
    if not isinstance(slug, str) or not isinstance(objects, list):
        _refuse(_("The file names no club or lists no rows."))
    if Club.objects.filter(slug=slug).exists():
        _refuse(_("Club %(slug)s already exists here; import into a database without it."), slug=slug)
    allowed = {m._meta.label_lower: m for m in MODELS}
    for i, row in enumerate(objects, start=1):
        if not isinstance(row, dict) or row.get("model") not in allowed:
            _refuse(_("Row %(n)d is not part of a club export (%(model)s)."), n=i,
                    model=row.get("model") if isinstance(row, dict) else type(row).__name__)
    clubs = [r for r in objects if r["model"] == "league.club"]
    if len(clubs) != 1 or not isinstance(clubs[0].get("fields"), dict) or clubs[0]["fields"].get("slug") != slug:
        _refuse(_("The file must hold exactly one club, %(slug)s."), slug=slug)
    listed = {a.get("username") for a in data.get("accounts", []) if isinstance(a, dict)} \
        if isinstance(data.get("accounts", []), list) else set()
    for n, username in _named_accounts(objects):
        if username not in listed:
            _refuse(_("Row %(n)d names the account %(name)s, which the file's accounts do not list."),
                    n=n, name=username)
    _match_accounts(data.get("accounts", []), passwords, existing_accounts)
    saved = {}
    try:
        for n, obj in enumerate(serializers.deserialize("python", objects, handle_forward_references=False), 1):
            model = type(obj.object)
            if obj.object.pk is None or model.objects.filter(pk=obj.object.pk).exists():
                _refuse(_("Row %(n)d: %(model)s %(pk)s already exists here (another club's row)."), n=n,
                        model=model._meta.verbose_name, pk=obj.object.pk)
            obj.save()
            saved.setdefault(model, set()).add(obj.object.pk)
    except (DeserializationError, ObjectDoesNotExist, IntegrityError, DatabaseError, TypeError, ValueError) as e:
        raise ValidationError(_("The file's rows do not load: %(error)s") % {"error": e}) from e
    club = Club.objects.get(slug=slug)
    for model, pks in saved.items():
        theirs = _club_rows(club)[model].filter(pk__in=pks).count()
        if theirs != len(pks):
            _refuse(ngettext_rows(len(pks) - theirs), n=len(pks) - theirs, model=model._meta.verbose_name_plural)
    for game in Game.objects.filter(club=club).only("pk", "public_id", "trail_digest").order_by("pk"):
        revisions = list(HandRevision.objects.filter(game=game).order_by("id"))
        broken = first_break(revisions, game.trail_digest)
        if broken is not None:
            _refuse(_("The audit trail of game %(game)s was rewritten or cut (at revision %(n)d of %(count)d)."),
                    game=game.public_id, n=broken, count=len(revisions))
        Game.objects.filter(pk=game.pk).update(access_token=new_access_token())  # the file's links open nothing
    diffs = [d for game in Game.objects.filter(club=club).order_by("pk") for d in game_differences(game)]
    if diffs:
        _refuse(_("The file's stored numbers differ from what its inputs score (%(n)d difference(s)), e.g. %(first)s."),
                n=len(diffs), first=diffs[0])
    for season_id in Season.objects.filter(league__club=club).values_list("pk", flat=True):
        figures_rebuild(season_id)  # derived, not exported: the sums standings read
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(saved)):
            cursor.execute(sql)
    analyze(*saved)
    return club


def ngettext_rows(n):
    from django.utils.translation import ngettext

    return ngettext("%(n)d row of %(model)s does not belong to the club.",
                    "%(n)d rows of %(model)s do not belong to the club.", n)
