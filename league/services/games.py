"""Starting games."""
from typing import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.games import PARTNERSHIP, kind_for
from league.names import clean_name
from league.models import Club, Game, GameSeat, GameSide, HandRevision, Player, RuleProfile
from scoring.errors import ScoringError

from .errors import as_validation_error
from .trust import Actor, record_revision


def player_get_or_create(*, club: Club, name: str) -> Player:
    """The club's player called ``name`` (case-insensitive), created if new."""
    name = clean_name(name)  # NFC; no bidi controls or zero-width characters (league.names)
    if not name:
        raise ValidationError({"name": [_("Enter a player's name.")]})
    if len(name) > Player._meta.get_field("name").max_length:
        raise ValidationError({"name": [_("A name has at most 80 characters.")]})
    player = club.players.filter(name__iexact=name).first()
    if player is None:
        player = Player(club=club, name=name)
        player.full_clean()
        player.save()
    return player


def default_rules(game_type: str):
    """The standard rules of a game type (docs/rules.md)."""
    return kind_for(game_type).default_rules()


@transaction.atomic
def game_create(
    *,
    club: Club,
    players: Sequence[Player],
    rule_profile: RuleProfile | None = None,
    rules=None,
    first_dealer: int = 0,
    by=None,
    game_type: str = PARTNERSHIP.code,
) -> Game:
    """Start a Pinochle game. Partnership and double-deck: ``players`` in seat
    order N, E, S, W (N–S against E–W); three-handed: three players, each a
    side of their own (seat = side). The rules are copied from
    ``rule_profile`` (or ``rules``, or the game type's defaults) onto the game,
    so later profile edits never change it."""
    errors = {}
    try:
        kind = kind_for(game_type)
    except KeyError:
        kind = None
    if kind is None or not kind.pinochle_sheet:
        raise ValidationError({"game_type": [_("Choose partnership, three-handed or double-deck Pinochle.")]})
    seats = kind.seats
    if len(players) != seats:
        errors["players"] = [str(kind.players_needed)]
    elif len({p.pk for p in players}) != seats:
        errors["players"] = [_("Each player can take only one seat.")]
    elif any(p.club_id != club.pk for p in players):
        errors["players"] = [_("Every player must belong to %(club)s.") % {"club": club}]
    if rule_profile is not None and rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    elif rule_profile is not None and rule_profile.kind is not kind:
        errors["rule_profile"] = [_("That rule profile is for another game.")]
    if first_dealer not in range(seats):
        errors["first_dealer"] = [
            _("The first dealer is a seat: N, E, S or W.") if seats == 4 else _("The first dealer is player 1, 2 or 3.")
        ]
    if errors:
        raise ValidationError(errors)
    try:
        chosen = rules or (rule_profile.rules() if rule_profile else default_rules(game_type))
    except ScoringError as e:
        raise as_validation_error(e) from e
    if kind.individual and getattr(chosen, "sides", None) != kind.sides:
        raise ValidationError({"rule_profile": [_("A three-handed game needs three-handed rules.")]})
    game = Game.objects.create(
        club=club,
        game_type=game_type,
        rule_profile=rule_profile,
        rules=chosen.as_dict(),
        first_dealer=first_dealer,
        created_by=by if by is not None and by.is_authenticated else None,
    )
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players)
    )
    GameSide.objects.bulk_create(GameSide(game=game, side=s) for s in range(chosen.sides))
    record_game_start(game, players, by)
    return game


def seat_list(players) -> list[dict]:
    """Seats as the audit trail keeps them: ``[{"seat": 0, "player": "Ann"}, ...]``."""
    return [{"seat": i, "player": p.name} for i, p in enumerate(players)]


def record_game_start(game: Game, players, by) -> None:
    """The audit trail's first line of a game (any kind): who started it,
    how, with which players in which seats and which rules."""
    record_revision(game, None, 0, HandRevision.Action.START, Actor.of(by),
                    after={"seats": seat_list(players), "game_type": game.game_type, "rules": game.rules})
