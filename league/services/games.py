"""Starting games."""
from typing import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.games import kind_for
from league.names import clean_name
from league.models import Club, Game, GameSeat, GameSide, HandRevision, Player, RuleProfile
from league.models.rules import DEFAULT_GAME_TYPE
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
    game_type: str = DEFAULT_GAME_TYPE,
) -> Game:
    """Start a Pinochle game. Partnership and double-deck: ``players`` in seat
    order N, E, S, W (N–S against E–W); three-handed: three players, each a
    side of their own (seat = side). The rules are copied from
    ``rule_profile`` (or ``rules``, or the game type's defaults) onto the game,
    so later profile edits never change it."""
    try:
        kind = kind_for(game_type)
    except KeyError:
        kind = None
    if kind is None or not kind.pinochle_sheet:
        raise ValidationError({"game_type": [_("Choose partnership, three-handed or double-deck Pinochle.")]})
    seats = kind.seats
    errors = seat_errors(club=club, kind=kind, players=players, rule_profile=rule_profile,
                         twice=_("Each player can take only one seat."),
                         other_game=_("That rule profile is for another game."))
    if first_dealer not in range(seats):
        errors["first_dealer"] = [
            _("The first dealer is a seat: N, E, S or W.") if kind.has_partners else _("The first dealer is player 1, 2 or 3.")
        ]
    if errors:
        raise ValidationError(errors)
    try:
        chosen = rules or (rule_profile.rules() if rule_profile else default_rules(game_type))
    except ScoringError as e:
        raise as_validation_error(e) from e
    if kind.individual and getattr(chosen, "sides", None) != kind.sides:
        raise ValidationError({"rule_profile": [_("A three-handed game needs three-handed rules.")]})
    return game_start(club=club, kind=kind, players=players, rules=chosen, rule_profile=rule_profile,
                      first_dealer=first_dealer, by=by, sides=chosen.sides)


def seat_errors(*, club: Club, kind, players, rule_profile, twice: str, other_game: str) -> dict:
    """What every new game checks first: ``kind.seats`` players (``kind.players_needed``),
    none twice (``twice``), all of the club; a rule profile of the club and of the kind
    (else ``other_game``). Field -> messages."""
    errors = {}
    if len(players) != kind.seats:
        errors["players"] = [str(kind.players_needed)]
    elif len({p.pk for p in players}) != kind.seats:
        errors["players"] = [twice]
    elif any(p.club_id != club.pk for p in players):
        errors["players"] = [_("Every player must belong to %(club)s.") % {"club": club}]
    if rule_profile is not None and rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    elif rule_profile is not None and rule_profile.kind is not kind:
        errors["rule_profile"] = [other_game]
    return errors


def game_start(*, club: Club, kind, players, rules, rule_profile, first_dealer: int, by, sides: int | None = None,
               hand_limit: int | None = None) -> Game:
    """Create a checked new game of any kind: its ``rules`` copied on it, its seats
    and sides (``kind.sides`` unless given), and the audit trail's first line."""
    game = Game.objects.create(
        club=club, game_type=kind.code, rule_profile=rule_profile, rules=rules.as_dict(), first_dealer=first_dealer,
        hand_limit=hand_limit, created_by=Actor.of(by).user,
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players))
    GameSide.objects.bulk_create(GameSide(game=game, side=s) for s in range(kind.sides if sides is None else sides))
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
