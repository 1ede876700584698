"""From a table's deal inputs to ``scoring.cribbage`` and back.

What is checked here is not rule arithmetic (which player, which card, the
shape of the inputs); :func:`play_checked` hands the deal to ``play_deal``,
which checks the points, and turns its errors into ``ValidationError`` keyed
by input name with the engine's message (docs/rules.md, "Cribbage").
"""
from dataclasses import dataclass, fields

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _

from league.games.inputs import UNSET, EntryInput, Unset
from league.i18n import render
from league.models import Game, Hand, HandSide
from scoring.cards import parse_card
from scoring.cribbage import Deal, play_deal
from scoring.errors import ScoringError
from scoring.messages import Message
from scoring.messages import gettext_noop as N_



@dataclass(frozen=True, kw_only=True)
class CribbageDealInput(EntryInput):
    """A cribbage deal: ``dealer`` and ``pegged_out_first`` are players (0 or 1),
    ``starter`` a card code (``""`` for none), ``pegging`` holds each player's pegging points."""

    dealer: int | None | Unset = UNSET
    starter: str | Unset = UNSET
    pegging: tuple[int, int] | None | Unset = UNSET
    pone_hand: int | None | Unset = UNSET
    dealer_hand: int | None | Unset = UNSET
    crib: int | None | Unset = UNSET
    pegged_out_first: int | None | Unset = UNSET


INPUTS = tuple(f.name for f in fields(CribbageDealInput))  # the fields of the typed input
SHOWS = ("pone_hand", "dealer_hand", "crib")
HEELS_NOTE = N_("his heels: %(name)s pegs %(points)d")
NOT_PEGGED_OUT = N_("%(name)s did not peg out: %(score)d + %(points)d is short of %(target)d")


def check_player(value, field, message):
    if isinstance(value, bool) or value not in (0, 1):
        raise ValidationError({field: [message]})
    return value


def clean_deal(data: dict, *, default_dealer: int) -> dict:
    """Check what is not rule arithmetic (which player, which card) and
    normalise; ``play_deal`` checks the points."""
    unknown = set(data) - set(INPUTS)
    if unknown:
        raise TypeError(f"unknown deal inputs: {sorted(unknown)}")
    dealer = data.get("dealer")
    dealer = default_dealer if dealer is None else check_player(dealer, "dealer", _("The dealer is one of the two players."))
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
        first = check_player(first, "pegged_out_first", _("Say which player pegged out first."))
    out = {"dealer": dealer, "starter": starter, "pegging": tuple(pegging), "pegged_out_first": first}
    for name in SHOWS:
        out[name] = 0 if data.get(name) is None else data[name]
    return out


def engine_deal(inputs: dict) -> Deal:
    return Deal(
        dealer=inputs["dealer"], starter=inputs["starter"] or None, pegging=inputs["pegging"],
        pone_hand=inputs["pone_hand"], dealer_hand=inputs["dealer_hand"], crib=inputs["crib"],
        pegged_out_first=inputs["pegged_out_first"],
    )


def engine_error(e: ScoringError, inputs: dict, names) -> ValidationError:
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


def game_names(game: Game) -> list[str]:
    return [s.player.name for s in sorted(game.seats.select_related("player"), key=lambda s: s.seat)]


def play_checked(rules, scores, inputs, names):
    try:
        return play_deal(rules, scores, engine_deal(inputs))
    except ScoringError as e:
        raise engine_error(e, inputs, names) from e


def deal_side_rows(hand: Hand, inputs: dict, before, result) -> list[HandSide]:
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


def deal_notes(inputs, result, names) -> list:
    if not result.heels:
        return []
    return [Message(HEELS_NOTE, name=names[inputs["dealer"]], points=result.heels).as_data()]


def stored_inputs(hand: Hand) -> dict:
    """A stored deal's inputs (``side_rows`` prefetched), as ``clean_deal`` returns them."""
    rows = {r.side: r for r in hand.side_rows.all()}
    dealer, pone = rows[hand.dealer], rows[1 - hand.dealer]
    return {
        "dealer": hand.dealer, "starter": hand.starter, "pegging": (rows[0].pegging or 0, rows[1].pegging or 0),
        "pone_hand": pone.show or 0, "dealer_hand": dealer.show or 0, "crib": dealer.crib or 0,
        "pegged_out_first": hand.pegged_out_first,
    }
