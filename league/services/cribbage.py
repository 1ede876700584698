"""Cribbage games: starting one, recording, correcting and deleting deals.

Each service locks the game row, turns the table's inputs into
``scoring.cribbage.Deal`` values, lets ``play_deal`` and ``game_outcome``
derive every number (his heels, the counting order, the end the moment the
target is reached, skunks) and writes inputs and derived values in one
transaction. Nothing is written when any input is invalid (RULES.md §4).
"""
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from league.i18n import render
from league.models import Club, Game, GameSeat, GameSide, GameType, Hand, HandKind, HandRevision, HandSide, RuleProfile
from scoring.cards import parse_card
from scoring.cribbage import CribbageRules, Deal, game_outcome, next_dealer, play_deal
from scoring.errors import ScoringError
from scoring.messages import Message
from scoring.messages import gettext_noop as N_

from .results import results_sync
from .trust import Actor, check_write, log_change, record_revision, snapshot

INPUTS = ("dealer", "starter", "pegging", "pone_hand", "dealer_hand", "crib", "pegged_out_first")
SHOWS = ("pone_hand", "dealer_hand", "crib")
DEFAULT_CRIBBAGE_PRECEDENCE = ["game_points", "wins", "spread"]

STAGE_PHRASES = {
    "heels": N_("his heels"),
    "pegging": N_("pegging"),
    "pone_hand": N_("the pone's hand"),
    "dealer_hand": N_("the dealer's hand"),
    "crib": N_("the crib"),
}
END_REASONS = {
    (False, False): N_("%(winner)s reached %(score)d with %(stage)s; %(loser)s %(loser_score)d"),
    (True, False): N_("%(winner)s reached %(score)d with %(stage)s; %(loser)s %(loser_score)d: skunk"),
    (True, True): N_("%(winner)s reached %(score)d with %(stage)s; %(loser)s %(loser_score)d: double skunk"),
}
HEELS_NOTE = N_("his heels: %(name)s pegs %(points)d")
NOT_PEGGED_OUT = N_("%(name)s did not peg out: %(score)d + %(points)d is short of %(target)d")


def _locked(game: Game) -> Game:
    return Game.objects.select_for_update().get(pk=game.pk)


def _player(value, field, message):
    if isinstance(value, bool) or value not in (0, 1):
        raise ValidationError({field: [message]})
    return value


@transaction.atomic
def cribbage_game_create(*, club: Club, players, rule_profile: RuleProfile | None = None,
                         rules: CribbageRules | None = None, first_dealer: int = 0, by=None) -> Game:
    """Start a cribbage game: ``players`` are seat 0 and seat 1 (each seat is a
    side). The rules are copied from ``rule_profile`` (or ``rules``, or the
    defaults: 121, ACC game points, spread by margin) onto the game."""
    errors = {}
    if len(players) != 2:
        errors["players"] = [_("A cribbage game needs exactly two players.")]
    elif players[0].pk == players[1].pk:
        errors["players"] = [_("A player cannot play against themself.")]
    elif any(p.club_id != club.pk for p in players):
        errors["players"] = [_("Every player must belong to %(club)s.") % {"club": club}]
    if rule_profile is not None and rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    elif rule_profile is not None and rule_profile.game_type != GameType.CRIBBAGE:
        errors["rule_profile"] = [_("That rule profile is not for cribbage.")]
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1):
        errors["first_dealer"] = [_("The first dealer is one of the two players.")]
    if errors:
        raise ValidationError(errors)
    try:
        chosen = rules or (rule_profile.rules() if rule_profile else CribbageRules())
    except ScoringError as e:
        raise ValidationError({"rule_profile": [render(e.message)]}) from e
    game = Game.objects.create(
        club=club, game_type=GameType.CRIBBAGE, rule_profile=rule_profile, rules=chosen.as_dict(),
        first_dealer=first_dealer, created_by=Actor.of(by).user,
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players))
    GameSide.objects.bulk_create(GameSide(game=game, side=s) for s in (0, 1))
    return game


def clean_deal(data: dict, *, default_dealer: int) -> dict:
    """Check what is not rule arithmetic (which player, which card) and
    normalise; ``play_deal`` checks the points."""
    unknown = set(data) - set(INPUTS)
    if unknown:
        raise TypeError(f"unknown deal inputs: {sorted(unknown)}")
    dealer = data.get("dealer")
    dealer = default_dealer if dealer is None else _player(dealer, "dealer", _("The dealer is one of the two players."))
    starter = data.get("starter") or ""
    if starter:
        try:
            starter = parse_card(starter, field="starter").code
        except ScoringError as e:
            raise ValidationError({"starter": [render(e.message)]}) from e
    pegging = data.get("pegging")
    if pegging is None:
        pegging = (0, 0)
    if not isinstance(pegging, (list, tuple)) or len(pegging) != 2:
        raise ValidationError({"pegging": [_("Give each player's pegging: two numbers.")]})
    first = data.get("pegged_out_first")
    if first is not None:
        first = _player(first, "pegged_out_first", _("Say which player pegged out first."))
    out = {"dealer": dealer, "starter": starter, "pegging": tuple(pegging), "pegged_out_first": first}
    for name in SHOWS:
        out[name] = 0 if data.get(name) is None else data[name]
    return out


def _deal(inputs: dict) -> Deal:
    return Deal(
        dealer=inputs["dealer"], starter=inputs["starter"] or None, pegging=inputs["pegging"],
        pone_hand=inputs["pone_hand"], dealer_hand=inputs["dealer_hand"], crib=inputs["crib"],
        pegged_out_first=inputs["pegged_out_first"],
    )


def _error(e: ScoringError, inputs: dict, names) -> ValidationError:
    """The engine's error keyed by input name; pegging errors carry the
    player in their ``code`` so a form can show them under that player's box."""
    params = e.message.params
    if e.field == "pegged_out_first" and "player" in params:
        text = render(Message(NOT_PEGGED_OUT, name=names[params["player"]], score=params["score"],
                              points=params["points"], target=params["target"]))
        return ValidationError({"pegged_out_first": [text]})
    if e.field == "pegging":
        dealer = inputs["dealer"]
        role = params.get("role")
        if role:
            player = dealer if role == "dealer" else 1 - dealer
        else:
            bad = [p for p, v in enumerate(inputs["pegging"]) if isinstance(v, bool) or not isinstance(v, int) or v < 0]
            player = bad[0] if bad else 1 - dealer
        return ValidationError({"pegging": [ValidationError(render(e.message), code=f"player_{player}")]})
    field = e.field if e.field in INPUTS else NON_FIELD_ERRORS
    return ValidationError({field: [render(e.message)]})


def _names(game: Game) -> list[str]:
    return [s.player.name for s in sorted(game.seats.select_related("player"), key=lambda s: s.seat)]


def _play(rules, scores, inputs, names):
    try:
        return play_deal(rules, scores, _deal(inputs))
    except ScoringError as e:
        raise _error(e, inputs, names) from e


def _side_rows(hand: Hand, inputs: dict, before, result) -> list[HandSide]:
    dealer = inputs["dealer"]
    return [
        HandSide(
            hand=hand, side=p, pegging=inputs["pegging"][p],
            show=inputs["dealer_hand"] if p == dealer else inputs["pone_hand"],
            crib=inputs["crib"] if p == dealer else None,
            delta=result.scores_after[p] - before[p], total=result.scores_after[p],
        )
        for p in (0, 1)
    ]


def _notes(inputs, result, names) -> list:
    if not result.heels:
        return []
    return [Message(HEELS_NOTE, name=names[inputs["dealer"]], points=result.heels).as_data()]


def _finish(game: Game, rules: CribbageRules, totals, ended_at, names) -> None:
    """Store totals and the winner with the reason (or reopen), and rewrite a
    league game's results when it is or was finished."""
    was_finished = game.is_finished
    outcome = game_outcome(rules, totals) if ended_at else None
    sides = list(game.sides.all())
    for side in sides:
        side.total = totals[side.side]
        side.won = outcome is not None and outcome.winner == side.side
    GameSide.objects.bulk_update(sides, ["total", "won"])
    if outcome is None:
        game.status, game.winner_side, game.end_reason, game.finished_at = Game.Status.IN_PROGRESS, None, None, None
    else:
        w, lo = outcome.winner, outcome.loser
        reason = Message(END_REASONS[(outcome.skunk, outcome.double_skunk)], winner=names[w], score=totals[w],
                         stage=STAGE_PHRASES[ended_at], loser=names[lo], loser_score=totals[lo])
        game.status, game.winner_side, game.end_reason = Game.Status.FINISHED, w, reason.as_data()
        game.finished_at = game.finished_at or timezone.now()
    game.save(update_fields=["status", "winner_side", "end_reason", "finished_at", "hand_count"])
    if game.table_id is not None and (game.is_finished or was_finished):
        results_sync(game)


def stored_inputs(hand: Hand) -> dict:
    """A stored deal's inputs (``side_rows`` prefetched), as ``clean_deal`` returns them."""
    rows = {r.side: r for r in hand.side_rows.all()}
    dealer, pone = rows[hand.dealer], rows[1 - hand.dealer]
    return {
        "dealer": hand.dealer, "starter": hand.starter, "pegging": (rows[0].pegging or 0, rows[1].pegging or 0),
        "pone_hand": pone.show or 0, "dealer_hand": dealer.show or 0, "crib": dealer.crib or 0,
        "pegged_out_first": hand.pegged_out_first,
    }


def _already_entered(number: int) -> ValidationError:
    return ValidationError({NON_FIELD_ERRORS: [
        _("Deal %(number)d was just entered from another device; here is the board with it.") % {"number": number}]})


@transaction.atomic
def deal_record(*, game: Game, by=None, expected_number: int | None = None, reason: str = "", **inputs) -> Hand:
    """Record the next deal of ``game``: the dealer alternates from the first
    dealer unless given; derive the deal's points in counting order, the
    running totals and, if someone reached the target, the result.

    ``expected_number`` is the deal number the form was showing (refused if
    another device entered it meanwhile); ``by`` is an account or an
    :class:`~league.services.trust.Actor`; a locked night needs an
    organizer's ``reason``."""
    actor = Actor.of(by)
    game = _locked(game)
    if game.game_type != GameType.CRIBBAGE:
        raise ValidationError(_("This is not a cribbage game."))
    if expected_number is not None and expected_number <= game.hand_count:
        raise _already_entered(expected_number)
    if game.is_finished:
        raise ValidationError(_("This game is over; edit a deal to change its result."))
    night = check_write(game, actor, reason)
    last = game.hands.order_by("-number").only("dealer", "number").first()
    data = clean_deal(inputs, default_dealer=next_dealer(last.dealer) if last else game.first_dealer)
    rules, names = CribbageRules.from_dict(game.rules), _names(game)
    before = tuple(s.total for s in game.sides.order_by("side"))
    result = _play(rules, before, data, names)
    hand = Hand.objects.create(
        game=game, number=game.hand_count + 1, kind=HandKind.DEAL, dealer=data["dealer"], starter=data["starter"],
        pegged_out_first=data["pegged_out_first"], ended_stage=result.ended_at or "",
        notes=_notes(data, result, names), entered_by=actor.user, entered_via=actor.via,
    )
    side_rows = HandSide.objects.bulk_create(_side_rows(hand, data, before, result))
    game.hand_count += 1
    _finish(game, rules, result.scores_after, result.ended_at, names)
    record_revision(game, hand, hand.number, HandRevision.Action.CREATE, actor, after=snapshot(hand, side_rows),
                    reason=reason)
    log_change(night, game, actor, reason, _("deal %(n)d entered") % {"n": hand.number})
    return hand


def _rederive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk=None) -> None:
    """Re-run every deal from 0–0 and rewrite every derived number. An error
    in a deal other than ``changed_pk`` is reported with its number."""
    rules, names = CribbageRules.from_dict(game.rules), _names(game)
    totals, ended_at, ended_number = (0, 0), None, None
    side_rows = []
    for position, hand in enumerate(hands, start=1):
        if ended_at is not None:
            raise ValidationError(_("The game would end at deal %(end)d; deal %(number)d cannot follow it. "
                                    "Delete the later deals first.") % {"end": ended_number, "number": position})
        inputs = inputs_by_pk[hand.pk]
        try:
            result = _play(rules, totals, inputs, names)
        except ValidationError as e:
            if hand.pk == changed_pk:
                raise
            raise ValidationError(_("Deal %(number)d: %(error)s") % {
                "number": position, "error": " ".join(e.messages)}) from e
        hand.ended_stage, hand.notes = result.ended_at or "", _notes(inputs, result, names)
        old = {r.side: r for r in hand.side_rows.all()}
        for new in _side_rows(hand, inputs, totals, result):
            row = old[new.side]
            row.pegging, row.show, row.crib, row.delta, row.total = new.pegging, new.show, new.crib, new.delta, new.total
            side_rows.append(row)
        totals, ended_at, ended_number = result.scores_after, result.ended_at, position
    Hand.objects.bulk_update(hands, ["ended_stage", "notes"])
    HandSide.objects.bulk_update(side_rows, ["pegging", "show", "crib", "delta", "total"])
    game.hand_count = len(hands)
    _finish(game, rules, totals, ended_at, names)


def _game_deals(game: Game, hand: Hand):
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    target = next((h for h in hands if h.pk == hand.pk), None)
    if target is None:
        raise ValidationError(_("That deal no longer exists."))
    return hands, target


@transaction.atomic
def deal_update(*, hand: Hand, by=None, expected_version: int | None = None, reason: str = "", **inputs) -> Hand:
    """Correct a deal: the inputs given replace the stored ones, then every
    later total and the result are re-derived (the game may end, end at
    another deal, or reopen)."""
    actor = Actor.of(by)
    game = _locked(hand.game)
    hands, target = _game_deals(game, hand)
    if expected_version is not None and expected_version != target.version:
        raise ValidationError(_("Deal %(number)d was changed by someone else meanwhile; here are the current "
                                "values.") % {"number": target.number})
    night = check_write(game, actor, reason)
    before = snapshot(target, list(target.side_rows.all()))
    data = clean_deal({**stored_inputs(target), **inputs}, default_dealer=target.dealer)
    inputs_by_pk = {h.pk: stored_inputs(h) for h in hands}
    inputs_by_pk[target.pk] = data
    _rederive(game, hands, inputs_by_pk, changed_pk=target.pk)
    target.dealer, target.starter, target.pegged_out_first = data["dealer"], data["starter"], data["pegged_out_first"]
    target.version += 1
    target.edited_by, target.edited_at = actor.user, timezone.now()
    target.save()
    record_revision(game, target, target.number, HandRevision.Action.UPDATE, actor, before=before,
                    after=snapshot(target), reason=reason)
    log_change(night, game, actor, reason, _("deal %(n)d edited") % {"n": target.number})
    return target


@transaction.atomic
def deal_delete(*, hand: Hand, by=None, reason: str = "") -> None:
    """Delete a deal, renumber the later ones and re-derive every total and
    the result. The audit trail keeps the deleted deal's values."""
    actor = Actor.of(by)
    game = _locked(hand.game)
    hands, target = _game_deals(game, hand)
    night = check_write(game, actor, reason)
    rest = [h for h in hands if h.pk != target.pk]
    _rederive(game, rest, {h.pk: stored_inputs(h) for h in rest})
    record_revision(game, None, target.number, HandRevision.Action.DELETE, actor,
                    before=snapshot(target, list(target.side_rows.all())), reason=reason)
    log_change(night, game, actor, reason, _("deal %(n)d deleted") % {"n": target.number})
    target.delete()
    game.hands.filter(number__gt=target.number).update(number=F("number") + 1_000_000)
    game.hands.filter(number__gt=1_000_000).update(number=F("number") - 1_000_001)
