"""Starting games."""
from typing import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Club, Game, GameSeat, GameSide, Player, RuleProfile
from scoring.errors import ScoringError
from scoring.pinochle import PinochleRules

from .errors import as_validation_error


def player_get_or_create(*, club: Club, name: str) -> Player:
    """The club's player called ``name`` (case-insensitive), created if new."""
    name = " ".join((name or "").split())
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


@transaction.atomic
def game_create(
    *,
    club: Club,
    players: Sequence[Player],
    rule_profile: RuleProfile | None = None,
    rules: PinochleRules | None = None,
    first_dealer: int = 0,
    by=None,
) -> Game:
    """Start a partnership game: ``players`` in seat order N, E, S, W (N–S
    against E–W). The rules are copied from ``rule_profile`` (or ``rules``,
    or the defaults) onto the game, so later profile edits never change it."""
    errors = {}
    if len(players) != 4:
        errors["players"] = [_("A partnership game needs exactly four players.")]
    elif len({p.pk for p in players}) != 4:
        errors["players"] = [_("Each player can take only one seat.")]
    elif any(p.club_id != club.pk for p in players):
        errors["players"] = [_("Every player must belong to %(club)s.") % {"club": club}]
    if rule_profile is not None and rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    if first_dealer not in (0, 1, 2, 3):
        errors["first_dealer"] = [_("The first dealer is a seat: N, E, S or W.")]
    if errors:
        raise ValidationError(errors)
    try:
        chosen = rules or (rule_profile.rules() if rule_profile else PinochleRules())
    except ScoringError as e:
        raise as_validation_error(e) from e
    game = Game.objects.create(
        club=club,
        rule_profile=rule_profile,
        rules=chosen.as_dict(),
        first_dealer=first_dealer,
        created_by=by if by is not None and by.is_authenticated else None,
    )
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players)
    )
    GameSide.objects.bulk_create(GameSide(game=game, side=s) for s in (0, 1))
    return game
