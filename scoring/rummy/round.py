"""Scoring one round of the rummy-style game (docs/rules.md, "Rummy-style
Pinochle"; the Thai text's "การให้คะแนนในเกม").

A team's round = its melds on the table (×2 or ×4 for the ways of going out
the text rewards) + its special melds (the eleven-card "Pinochle" set, the
twelve-card full straight) at their own value + bonuses (the face-up card
of the deal, going out, runs, rescued wilds) − the value of the cards left
in both partners' hands − penalties, including the barbele penalty for each
failed opening. A round may be negative. docs/rules.md records how each
unclear line of the text is read.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import HandError, MeldError
from ..messages import Message
from ..messages import gettext_noop as _
from .cards import NATURAL_RANKS, WILD, rank_value
from .rules import TEAM_NAMES, RummyRules

RUN_PAIR_BONUS = 15
"""The Thai rummy text: in a run, every two rescued wilds add 15 more."""


@dataclass(frozen=True)
class Rescue:
    """Wilds rescued from one meld: ``count`` wilds replaced by the naturals they
    stood for, in a ``kind`` "set" (same rank, ``rank`` of the set) or "run"."""

    kind: str
    count: int
    rank: str | None = None


@dataclass(frozen=True)
class RoundEntry:
    """What one team scored in a round, as the table counted it.

    ``melds_on_table``: points of the cards in the team's melds (wilds 30),
    not counting rescued wilds. ``going_out``: a player of the team went out;
    ``folded_hand``: by folding (the whole hand laid down in one turn);
    ``without_wilds``: no wild among the team's melds when it went out.
    ``clean_runs`` / ``semi_clean_runs`` / ``dirty_runs``: how many runs of
    each kind the team has on the table. ``rescued_wilds``: :class:`Rescue`
    items (or ``(kind, count, rank)`` tuples). ``cards_left``: points of the
    cards still in both partners' hands. ``penalties``: other penalties in
    points. ``first_meld``: points of the team's first meld this round, or
    ``None`` if it never melded. ``face_up_card``: a player of the team took
    the card laid face up at the deal. ``pinochle_sets`` / ``full_straights``:
    special melds the team laid (their cards are not in ``melds_on_table``).
    ``failed_openings``: how many times the team tried to open under barbele
    with less than the minimum (a ``first_meld`` under it is one at least).
    """

    team: int
    melds_on_table: int = 0
    going_out: bool = False
    folded_hand: bool = False
    clean_runs: int = 0
    semi_clean_runs: int = 0
    dirty_runs: int = 0
    rescued_wilds: tuple[Rescue, ...] = ()
    cards_left: int = 0
    penalties: int = 0
    first_meld: int | None = None
    without_wilds: bool = False
    face_up_card: bool = False
    pinochle_sets: int = 0
    full_straights: int = 0
    failed_openings: int = 0

    def __post_init__(self):
        rescues = self.rescued_wilds
        if isinstance(rescues, (list, tuple)):
            rescues = tuple(r if isinstance(r, Rescue) else Rescue(*r) for r in rescues)
            object.__setattr__(self, "rescued_wilds", rescues)
        else:
            raise HandError("rescued_wilds", _("rescued_wilds must be a list of (kind, count, rank), not %(value)r"),
                            value=rescues)


@dataclass(frozen=True)
class ScoreLine:
    """One line of a team's breakdown: what it is and its points (+ or −)."""

    label: Message
    points: int


@dataclass(frozen=True)
class RoundScore:
    """A scored round: ``points`` per team, ``totals_after`` (running totals),
    each team's ``breakdown`` lines, ``warnings`` for the entry form and which
    teams played the round with ``barbele``."""

    points: tuple[int, int]
    totals_after: tuple[int, int]
    breakdown: tuple[tuple[ScoreLine, ...], tuple[ScoreLine, ...]]
    warnings: tuple[Message, ...]
    barbele: tuple[bool, bool]


def meld_factor(entry: RoundEntry) -> int:
    """How the team's ordinary melds count for the way it went out (the Thai
    text's three combinations; special melds keep their own value).

    Folding the hand with wilds ×2; going out without wilds ×2; folding the
    hand without wilds ×4; otherwise ×1.
    """
    if not entry.going_out:
        return 1
    if entry.folded_hand:
        return 4 if entry.without_wilds else 2
    return 2 if entry.without_wilds else 1


def rescue_points(rescue: Rescue, rules: RummyRules = RummyRules()) -> int:
    """Points for wilds rescued from one meld (the Thai rummy text).

    Each rescued wild adds 30; every two rescued from a set add twice the
    value of the rank they stood for (two kings: 2×30 + 2×10 = 80); every two
    rescued from a run add 15 (two: 2×30 + 15 = 75).
    """
    pairs = rescue.count // 2
    extra = 2 * rank_value(rescue.rank, rules) if rescue.kind == "set" else RUN_PAIR_BONUS
    return WILD * rescue.count + pairs * extra


def has_barbele(rules: RummyRules, total: int) -> bool:
    """A team with ``total`` at the end of the last round has barbele (750 or more)."""
    return total >= rules.barbele_at


def score_round(
    rules: RummyRules,
    totals_before: Sequence[int],
    entries: Sequence[RoundEntry],
    names: Sequence[str] = TEAM_NAMES,
) -> RoundScore:
    """Score one round for both teams (docs/rules.md, "Rummy-style Pinochle").

    Each team: melds on the table × :func:`meld_factor` + pinochle sets ×
    ``pinochle_set_value`` + full straights × ``full_straight_value`` (never
    multiplied) + ``face_up_bonus`` for the team that took the face-up card +
    ``going_out_bonus`` (going out, not by folding) + runs × the profile's
    run bonuses + :func:`rescue_points` − cards left − penalties. Barbele: a
    team with ``barbele_at`` or more in ``totals_before`` that failed to open
    (``first_meld`` under ``barbele_minimum``, or ``failed_openings``) gets a
    warning and ``barbele_penalty`` off per failed opening (once a round when
    ``barbele_penalty_each`` is off). Raises ``HandError``/``MeldError``
    naming the field for an entry it cannot score.
    """
    totals = _check_totals(totals_before)
    by_team = _check_entries(entries)
    points, breakdown, warnings, barbele = [], [], [], []
    for team, entry in enumerate(by_team):
        lines, warning = _team_lines(rules, totals[team], entry, names[team])
        points.append(sum(line.points for line in lines))
        breakdown.append(tuple(lines))
        barbele.append(has_barbele(rules, totals[team]))
        if warning:
            warnings.append(warning)
    after = tuple(t + p for t, p in zip(totals, points))
    return RoundScore(tuple(points), after, tuple(breakdown), tuple(warnings), tuple(barbele))


def _team_lines(rules, total, entry, name):
    factor = meld_factor(entry)
    melds = entry.melds_on_table * factor
    lines = [ScoreLine(Message(_("melds on the table %(points)d ×%(factor)d"), points=entry.melds_on_table,
                               factor=factor) if factor > 1 else Message(_("melds on the table")), melds)]
    for count, value, label in (
        (entry.pinochle_sets, rules.pinochle_set_value, _("Pinochle sets (eleven cards): %(count)d × %(value)d")),
        (entry.full_straights, rules.full_straight_value, _("full straights (twelve cards): %(count)d × %(value)d")),
    ):
        if count:
            lines.append(ScoreLine(Message(label, count=count, value=value), count * value))
    if entry.face_up_card and rules.face_up_bonus:
        lines.append(ScoreLine(Message(_("the face-up card of the deal")), rules.face_up_bonus))
    if entry.going_out and not entry.folded_hand and rules.going_out_bonus:
        lines.append(ScoreLine(Message(_("going out")), rules.going_out_bonus))
    for count, bonus, label in (
        (entry.clean_runs, rules.clean_run_bonus, _("clean runs: %(count)d × %(bonus)d")),
        (entry.semi_clean_runs, rules.semi_clean_run_bonus, _("semi-clean runs: %(count)d × %(bonus)d")),
        (entry.dirty_runs, rules.dirty_run_bonus, _("dirty runs: %(count)d × %(bonus)d")),
    ):
        if count and bonus:
            lines.append(ScoreLine(Message(label, count=count, bonus=bonus), count * bonus))
    for rescue in entry.rescued_wilds:
        label = (_("wilds rescued from a set of %(rank)s: %(count)d") if rescue.kind == "set"
                 else _("wilds rescued from a run: %(count)d"))
        lines.append(ScoreLine(Message(label, count=rescue.count, rank=rescue.rank), rescue_points(rescue, rules)))
    if entry.cards_left:
        lines.append(ScoreLine(Message(_("cards left in hand")), -entry.cards_left))
    if entry.penalties:
        lines.append(ScoreLine(Message(_("penalties")), -entry.penalties))
    warning = None
    first = entry.first_meld
    short = first is not None and first < rules.barbele_minimum
    if entry.failed_openings and not has_barbele(rules, total):
        raise HandError("failed_openings", _("%(team)s has no barbele (%(total)d < %(at)d): any meld opens, so "
                                             "no opening can fail"), team=name, total=total, at=rules.barbele_at)
    failed = max(entry.failed_openings, 1 if short else 0) if has_barbele(rules, total) else 0
    charged = failed if rules.barbele_penalty_each else min(failed, 1)
    if failed and short and failed == 1:
        warning = Message(
            _("%(team)s has barbele (%(total)d ≥ %(at)d): a first meld of %(meld)d is under %(minimum)d, "
              "−%(penalty)d"),
            team=name, total=total, at=rules.barbele_at, meld=first, minimum=rules.barbele_minimum,
            penalty=rules.barbele_penalty,
        )
        lines.append(ScoreLine(
            Message(_("barbele: failed opening %(meld)d < %(minimum)d"), meld=first, minimum=rules.barbele_minimum),
            -rules.barbele_penalty,
        ))
    elif failed:
        warning = Message(
            _("%(team)s has barbele (%(total)d ≥ %(at)d): failed openings under %(minimum)d: %(count)d, "
              "−%(penalty)d"),
            team=name, total=total, at=rules.barbele_at, count=failed, minimum=rules.barbele_minimum,
            penalty=charged * rules.barbele_penalty,
        )
        lines.append(ScoreLine(
            Message(_("barbele: failed openings %(count)d × %(penalty)d"), count=charged,
                    penalty=rules.barbele_penalty),
            -charged * rules.barbele_penalty,
        ))
    return lines, warning


def _check_totals(totals_before) -> tuple[int, int]:
    if not isinstance(totals_before, (tuple, list)) or len(totals_before) != 2 or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in totals_before
    ):
        raise HandError(
            "totals_before", _("totals_before needs each team's whole-number total (2), not %(value)r"),
            value=totals_before,
        )
    return tuple(totals_before)


def _check_entries(entries) -> tuple[RoundEntry, RoundEntry]:
    teams = [getattr(entry, "team", None) for entry in entries] if isinstance(entries, (list, tuple)) else None
    if teams is None or sorted(t for t in teams if type(t) is int) != [0, 1] or len(teams) != 2:
        raise HandError(
            "team", _("a round needs one entry for each team, 0 and 1; got teams %(teams)s"),
            teams=teams if teams is not None else repr(entries),
        )
    by_team = tuple(sorted(entries, key=lambda entry: entry.team))
    for entry in by_team:
        _check_entry(entry)
    if all(entry.going_out for entry in by_team):
        raise HandError("going_out", _("only one team can go out in a round"))
    if all(entry.face_up_card for entry in by_team):
        raise HandError("face_up_card", _("only one player takes the face-up card of the deal"))
    return by_team


def _check_entry(entry: RoundEntry) -> None:
    for name in ("melds_on_table", "cards_left", "first_meld"):
        value = getattr(entry, name)
        if name == "first_meld" and value is None:
            continue
        _count(value, name, MeldError)
        if value % 5:
            raise MeldError(name, _("%(option)s %(value)d is not a multiple of 5: every card counts 5, 10, 15 or 30"),
                            option=name, value=value)
    for name in ("clean_runs", "semi_clean_runs", "dirty_runs", "penalties", "pinochle_sets", "full_straights",
                 "failed_openings"):
        _count(getattr(entry, name), name, HandError)
    for name in ("going_out", "folded_hand", "without_wilds", "face_up_card"):
        if not isinstance(getattr(entry, name), bool):
            raise HandError(name, _("%(option)s must be true or false, not %(value)r"),
                            option=name, value=getattr(entry, name))
    for name in ("folded_hand", "without_wilds"):
        if getattr(entry, name) and not entry.going_out:
            raise HandError(name, _("%(option)s describes how the team went out: tick going_out too"), option=name)
    for rescue in entry.rescued_wilds:
        _check_rescue(rescue)


def _check_rescue(rescue: Rescue) -> None:
    if rescue.kind not in ("set", "run"):
        raise HandError("rescued_wilds", _("a rescued wild comes from a set or a run, not %(value)r"),
                        value=rescue.kind)
    if not isinstance(rescue.count, int) or isinstance(rescue.count, bool) or rescue.count < 1:
        raise HandError("rescued_wilds", _("rescued wilds are counted 1 or more, not %(value)r"), value=rescue.count)
    if rescue.kind == "set" and rescue.rank not in NATURAL_RANKS:
        raise HandError(
            "rescued_wilds", _("a set's rank is one of %(ranks)s, not %(value)r"),
            ranks=" ".join(NATURAL_RANKS), value=rescue.rank,
        )


def _count(value, name, error) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise error(name, _("%(option)s must be a whole number, 0 or more, not %(value)r"), option=name, value=value)
