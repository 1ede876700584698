"""From a table's rummy round inputs to ``scoring.rummy`` and back.

Each team's inputs are a dict of ``RoundEntry`` fields (``INPUTS``); what is
checked here is only their shape. :func:`score_checked` hands both entries to
``score_round``, which checks the points, and turns its errors into a
``ValidationError`` keyed ``t<team>_<field>`` with the engine's message, so a
form shows it under the box of the team it concerns (docs/rules.md,
"Rummy-style Pinochle").
"""
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _

from league.games.inputs import UNSET, EntryInput, Unset
from league.i18n import render
from league.models import Game, Hand, HandSide
from league.models.game import SIDE_LABELS
from scoring.errors import ScoringError
from scoring.rummy import Rescue, RoundEntry, RummyRules, meld_factor, score_round

NUMBERS = ("melds_on_table", "clean_runs", "semi_clean_runs", "dirty_runs", "cards_left", "penalties",
           "pinochle_sets", "full_straights", "failed_openings")
FLAGS = ("going_out", "folded_hand", "without_wilds", "face_up_card")
INPUTS = NUMBERS + FLAGS + ("rescued_wilds", "first_meld")


@dataclass(frozen=True, kw_only=True)
class RummyRoundInput(EntryInput):
    """A rummy round: ``teams`` holds N–S's inputs, then E–W's, each a dict
    of ``INPUTS`` (as :func:`clean_team` takes it)."""

    teams: Sequence[dict | None] | Unset = UNSET

    def as_data(self):
        return self.teams  # a round is cleaned as its two teams


def rules_of(game: Game) -> RummyRules:
    """The rules copied onto ``game`` (``RummyRules.as_dict`` form)."""
    return RummyRules.from_dict(game.rules)


def team_names() -> list[str]:
    """The two partnerships as the sheet names them: N–S (seats 0, 2) and E–W (1, 3)."""
    return list(SIDE_LABELS)


def clean_team(data: dict | None) -> dict:
    """One team's inputs, normalised: blanks become 0 (``first_meld``: None,
    it never melded), rescues ``[kind, count, rank]`` lists. Types are left to
    the engine, which names the field it refuses."""
    data = dict(data or {})
    unknown = set(data) - set(INPUTS)
    if unknown:
        raise TypeError(f"unknown rummy round inputs: {sorted(unknown)}")
    out = {}
    for name in NUMBERS:
        out[name] = 0 if data.get(name) in (None, "") else data[name]
    for name in FLAGS:
        out[name] = bool(data.get(name) or False)
    first = data.get("first_meld")
    out["first_meld"] = None if first in (None, "") else first
    rescues = data.get("rescued_wilds") or []
    out["rescued_wilds"] = [list(r) if isinstance(r, (list, tuple)) else r for r in rescues]
    return out


def clean_teams(teams) -> list[dict]:
    if not isinstance(teams, (list, tuple)) or len(teams) != 2:
        raise ValidationError({NON_FIELD_ERRORS: [_("A round needs the entries of both teams.")]})
    return [clean_team(t) for t in teams]


def _entry(team: int, inputs: dict) -> RoundEntry:
    rescues = []
    for r in inputs["rescued_wilds"]:
        if not isinstance(r, (list, tuple)) or len(r) not in (2, 3):
            raise ValidationError({f"t{team}_rescued_wilds": [
                _("A rescue is a set or a run, how many wilds and, for a set, its rank.")]})
        rescues.append(Rescue(*r))
    return RoundEntry(team=team, rescued_wilds=tuple(rescues),
                      **{k: inputs[k] for k in NUMBERS + FLAGS + ("first_meld",)})


def _engine_error(team, e: ScoringError) -> ValidationError:
    if team is None:
        return ValidationError({NON_FIELD_ERRORS: [render(e.message)]})
    key = f"t{team}_{e.field}" if e.field in INPUTS else NON_FIELD_ERRORS
    return ValidationError({key: [render(e.message)]})


def score_checked(rules: RummyRules, totals_before, teams: list[dict]):
    """``score_round`` of both teams' inputs; each team is checked alone
    first so that an error names the team whose box it belongs under."""
    names = team_names()
    entries = []
    for team, inputs in enumerate(teams):
        try:
            entry = _entry(team, inputs)
            score_round(rules, tuple(totals_before), [entry, RoundEntry(team=1 - team)], names)
        except ScoringError as e:
            raise _engine_error(team, e) from e
        entries.append(entry)
    try:
        return score_round(rules, tuple(totals_before), entries, names)
    except ScoringError as e:
        if e.field == "going_out":  # both teams went out: shown under the second team's box
            raise ValidationError({"t1_going_out": [render(e.message)]}) from e
        raise _engine_error(None, e) from e


def round_notes(score) -> list:
    """The barbele warnings of a scored round, as stored in ``Hand.notes``."""
    return [w.as_data() for w in score.warnings]


def round_side_rows(hand: Hand, teams: list[dict], before, score) -> list[HandSide]:
    rows = []
    for team in (0, 1):
        inputs = teams[team]
        rows.append(HandSide(
            hand=hand, side=team, meld=inputs["melds_on_table"], detail=inputs,
            counted_meld=inputs["melds_on_table"] * meld_factor(_entry(team, inputs)),
            delta=score.points[team], total=score.totals_after[team],
        ))
    return rows


def stored_teams(hand: Hand) -> list[dict]:
    """A stored round's inputs per team (``side_rows`` prefetched), as ``clean_teams`` returns them."""
    rows = {r.side: r for r in hand.side_rows.all()}
    return [clean_team(rows[t].detail) for t in (0, 1)]


def snapshot(hand: Hand, side_rows=None) -> dict:
    """A round's inputs and derived numbers as plain data, for the audit trail."""
    rows = side_rows if side_rows is not None else list(HandSide.objects.filter(hand=hand))
    return {
        "number": hand.number, "kind": hand.kind, "dealer": hand.dealer, "notes": hand.notes,
        "sides": [{"detail": r.detail, "counted_meld": r.counted_meld, "delta": r.delta, "total": r.total}
                  for r in sorted(rows, key=lambda r: r.side)],
    }
