"""Who is writing, whether they may, and the trail they leave.

An :class:`Actor` is an organizer's account or a table link (with the side
whose phone it is). Services refuse writes to a locked night except by an
organizer with a reason, which goes to the league's public change log; every
hand written, edited, confirmed, disputed or deleted leaves a
:class:`~league.models.HandRevision` with the values before and after.
"""
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from league.access import related_read
from league.models import ChangeLog, Game, Hand, HandRevision, HandSide, Night
from league.trail import digest_of


@dataclass(frozen=True)
class Actor:
    """``user`` (an account) or ``link`` (the game's table link), and the
    ``side`` whose device it is when known: 0 N–S, 1 E–W, or at a
    three-handed table (``players=3``) player 1, 2 or 3 as 0, 1, 2."""

    user: object = None
    link: bool = False
    side: int | None = None
    players: int = 4
    device: str = ""  # a table link's phone: its session's key (league.devices), kept with each entry
    scorer: bool = False  # a league's scorer (league.access): enters while the night is open, never after the lock

    @classmethod
    def of(cls, by) -> "Actor":
        if isinstance(by, Actor):
            return by
        return cls(user=by if by is not None and getattr(by, "is_authenticated", False) else None)

    @property
    def via(self) -> str:
        return "link" if self.link else "account"

    @property
    def label(self) -> str:
        if self.link:
            if self.side is None:
                return _("table link")
            if self.players == 3:
                return _("table link (player %(n)d)") % {"n": self.side + 1}
            return _("table link (%(side)s)") % {"side": ("N–S", "E–W")[self.side]}
        return str(self.user) if self.user else _("system")


def game_night(game: Game) -> Night | None:
    """The club night a league game belongs to, or None for a casual game: one
    query, none when the game was read with its night."""
    if game.table_id is None:
        return None
    night = _night_read_with(game)
    if night is not None:
        return night
    return Night.objects.select_related("season__league").get(round_set__tables__pk=game.table_id)


def _night_read_with(game: Game) -> Night | None:
    """The night when ``game`` was read with ``select_related("table__round__night__season__league")``
    (in the query that locked it), else None."""
    cached = game
    for name in ("table", "round", "night", "season", "league"):
        cached = related_read(cached, name)
        if cached is None:
            return None
    return game.table.round.night


def check_write(game: Game, actor: Actor, reason: str = "") -> Night | None:
    """Refuse a write to a locked night unless an organizer gives a reason.
    Returns the locked night when the write must be logged, else None."""
    night = game_night(game)
    if night is None:
        return None
    # Under the night's row lock, as night_lock takes it: a lock committed
    # meanwhile is seen here, and a lock that comes later sees this write.
    night.status = Night.objects.select_for_update().filter(pk=night.pk).values_list("status", flat=True).get()
    if night.status != Night.Status.LOCKED:
        return None
    if actor.link or actor.user is None or actor.scorer:
        raise ValidationError(_("This night is locked: only an organizer can change it now."))
    if not (reason or "").strip():
        raise ValidationError({"reason": [_("The night is locked: give a reason for this change.")]})
    return night


def log_change(night: Night | None, game: Game, actor: Actor, reason: str, summary: str) -> None:
    if night is not None:
        ChangeLog.objects.create(league=night.season.league, night=night, game=game, by=actor.user,
                                 reason=reason.strip(), summary=summary)


def snapshot(hand: Hand, side_rows=None) -> dict:
    """A hand's inputs and derived numbers as plain data, for the audit trail."""
    rows = side_rows if side_rows is not None else list(HandSide.objects.filter(hand=hand).order_by("side"))
    rows = sorted(rows, key=lambda r: r.side)
    return {
        "number": hand.number, "kind": hand.kind, "dealer": hand.dealer, "bidder_seat": hand.bidder_seat,
        "bid": hand.bid, "trump": hand.trump, "renege_side": hand.renege_side, "starter": hand.starter,
        "made": hand.made, "status": hand.status,
        "sides": [{"meld": r.meld, "tricks": r.tricks, "took_trick": r.took_trick, "pegging": r.pegging,
                   "show": r.show, "crib": r.crib, "delta": r.delta, "total": r.total} for r in rows],
    }


VIA_LENGTH = HandRevision._meta.get_field("via").max_length


def record_revision(game: Game, hand: Hand | None, number: int, action: str, actor: Actor,
                    before=None, after=None, reason: str = "") -> HandRevision:
    """The account is kept as a foreign key; ``via`` is a label for reading,
    cut to fit whatever the username's length."""
    revision = HandRevision(
        game=game, hand=hand, number=number, action=action, by=actor.user, via=str(actor.label)[:VIA_LENGTH],
        device=(actor.device or "")[:32] if actor.link else "", before=before, after=after,
        reason=(reason or "").strip(), at=timezone.now(),
    )
    # the chain (league/trail.py): every write holds the game's row lock and passes the game it
    # read under it, whose trail_digest is the last revision's (no query for it)
    revision.digest = digest_of(revision, game.trail_digest or "")
    revision.save()
    Game.objects.filter(pk=game.pk).update(trail_digest=revision.digest)
    game.trail_digest = revision.digest
    return revision


ENTERING = (HandRevision.Action.CREATE, HandRevision.Action.UPDATE)


def entered_by_device(hand: Hand, actor: Actor) -> bool:
    """Did this table link's phone write the version of ``hand`` now waiting?
    The side a phone declares can change; the phone that entered cannot
    confirm its own entry, whatever side it says it is now."""
    if not (actor.link and actor.device):
        return False
    last = (HandRevision.objects.filter(hand=hand, action__in=ENTERING).order_by("-at", "-id")
            .values_list("device", flat=True).first())
    return last == actor.device


def confirmation_needed(game: Game, night: Night | None = None) -> bool:
    """Does this game's league ask the other side to confirm each hand?"""
    if game.table_id is None:
        return False
    night = night or game_night(game)
    return night.season.league.confirmation


def delete_with_trace(game: Game, target: Hand, actor: Actor, night: Night | None, reason: str,
                      summary: str) -> None:
    """Delete ``target`` (a hand, deal or round) leaving its values in the audit
    trail (and the change log of a locked night), then renumber the later ones.
    The caller re-derives the rest of the game in the same transaction."""
    record_revision(game, None, target.number, HandRevision.Action.DELETE, actor,
                    before=snapshot(target, list(target.side_rows.all())), reason=reason)
    log_change(night, game, actor, reason, summary)
    target.delete()
    game.hands.filter(number__gt=target.number).update(number=F("number") + 1_000_000)
    game.hands.filter(number__gt=1_000_000).update(number=F("number") - 1_000_001)
