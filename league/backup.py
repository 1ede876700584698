"""A club's whole data as one JSON document, and back.

``club_export(club)`` lists every row that belongs to the club (and the
accounts that touched it) in dependency order with their primary keys;
``club_import(text)`` restores them into a database that does not hold the
club yet, so every stored number, link and id comes back identical.
"""
import json

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from league.dbstats import analyze
from league.models import (
    ChangeLog, CheckIn, Club, Game, GameSeat, GameSide, Hand, HandRevision, HandSide, League, Membership,
    Night, Player, PlayerRating, RatingEvent, Result, Round, RuleProfile, Season, Table, Team,
)

FORMAT = "clubtally-club-export"
VERSION = 1


def _querysets(club):
    User = get_user_model()
    games = Game.objects.filter(club=club)
    hands = Hand.objects.filter(game__club=club)
    user_ids = set(Membership.objects.filter(club=club).values_list("user_id", flat=True))
    for qs, fields in (
        (games, ("created_by",)), (hands, ("entered_by", "edited_by", "confirmed_by")),
        (Night.objects.filter(season__league__club=club), ("locked_by",)),
        (HandRevision.objects.filter(game__club=club), ("by",)),
        (ChangeLog.objects.filter(league__club=club), ("by",)),
    ):
        for f in fields:
            user_ids.update(qs.exclude(**{f"{f}__isnull": True}).values_list(f"{f}_id", flat=True))
    return [
        User.objects.filter(pk__in=user_ids),
        Club.objects.filter(pk=club.pk),
        Membership.objects.filter(club=club),
        Player.objects.filter(club=club),
        RuleProfile.objects.filter(club=club),
        League.objects.filter(club=club),
        Season.objects.filter(league__club=club),
        Team.objects.filter(season__league__club=club),
        Night.objects.filter(season__league__club=club),
        CheckIn.objects.filter(night__season__league__club=club),
        Round.objects.filter(night__season__league__club=club),
        Table.objects.filter(round__night__season__league__club=club),
        games,
        GameSeat.objects.filter(game__club=club),
        GameSide.objects.filter(game__club=club),
        hands,
        HandSide.objects.filter(hand__game__club=club),
        HandRevision.objects.filter(game__club=club),
        Result.objects.filter(Q(season__league__club=club)),
        PlayerRating.objects.filter(club=club), RatingEvent.objects.filter(club=club),  # docs/ratings.md
        ChangeLog.objects.filter(league__club=club),
    ]


def club_export(club: Club) -> str:
    """The club's data as a JSON document (UTF-8 text)."""
    rows = []
    for qs in _querysets(club):
        rows.extend(json.loads(serializers.serialize("json", qs.order_by("pk"))))
    return json.dumps({"format": FORMAT, "version": VERSION, "club": club.slug, "objects": rows},
                      ensure_ascii=False, indent=1)


@transaction.atomic
def club_import(text: str) -> Club:
    """Restore an export into a database that does not have this club; refuses
    (saving nothing) a document of another kind or a club or id already present."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ValidationError(_("The file is not JSON: %(error)s") % {"error": e}) from e
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValidationError(_("This is not a Clubtally club export (version %(v)s).") % {"v": VERSION})
    if Club.objects.filter(slug=data.get("club")).exists():
        raise ValidationError(_("Club %(slug)s already exists here; import into an empty database.") % {
            "slug": data.get("club")})
    models = set()
    for obj in serializers.deserialize("json", json.dumps(data["objects"])):
        model = type(obj.object)
        if model.objects.filter(pk=obj.object.pk).exists():
            raise ValidationError(_("%(model)s %(pk)s already exists here; import into an empty database.") % {
                "model": model._meta.verbose_name, "pk": obj.object.pk})
        obj.save()
        models.add(model)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(models)):
            cursor.execute(sql)
    analyze(*models)
    return Club.objects.get(slug=data["club"])
