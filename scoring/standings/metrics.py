"""Ranking metrics, registered by key; a season's precedence is a list of keys.

docs/rules.md §7: the metrics and their order are data on the season, chosen from
total points, games won, win percentage, points against, point differential,
game points, spread, skunks given and taken (cribbage, docs/rules.md §6), bids made %,
head-to-head, nights attended and best N of M nights; the rating and the
handicapped total (docs/ratings.md). A precedence entry is a key (``"wins"``) or, for a metric with a
parameter, ``key:value`` (``"best_n:6"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..messages import Message, gettext_noop as _
from .rows import StandingRow, StandingsError


@dataclass(frozen=True)
class Metric:
    """A way to compare rows.

    ``value(row)`` gives the row's number; with a ``parameter`` (best_n) it is
    ``value(row, n)``; an ``among_tied`` metric (head-to-head) is
    ``value(row, tied)`` where ``tied`` are the rows still level with it when
    the metric is applied. ``higher_is_better`` is False for points against
    and skunks taken.
    """

    key: str
    label: Message
    higher_is_better: bool
    value: Callable
    parameter: str | None = None
    among_tied: bool = False
    parameter_label: str | None = None


@dataclass(frozen=True)
class Criterion:
    """One parsed precedence entry: a metric and its argument, if any."""

    key: str
    metric: Metric
    arg: int | None = None

    @property
    def label(self) -> Message:
        """The metric's name for the page, with its argument (``best 6 nights``)."""
        if self.arg is not None and self.metric.parameter_label:
            return Message(self.metric.parameter_label, **{self.metric.parameter: self.arg})
        return self.metric.label

    def value(self, row: StandingRow, tied: Sequence[StandingRow] = ()):
        """The row's value, oriented so that a larger value ranks higher."""
        m = self.metric
        if m.among_tied:
            raw = m.value(row, tied)
        elif m.parameter:
            raw = m.value(row, self.arg)
        else:
            raw = m.value(row)
        return raw if m.higher_is_better else -raw

    def display_value(self, row: StandingRow, tied: Sequence[StandingRow] = ()):
        """The row's value as the page shows it (not negated)."""
        v = self.value(row, tied)
        return v if self.metric.higher_is_better else -v


def head_to_head(row: StandingRow, tied: Sequence[StandingRow]) -> int:
    """Wins in games between ``row`` and the other rows in ``tied``."""
    return sum(row.wins_against(o.entrant) for o in tied if o.entrant != row.entrant)


METRICS: dict[str, Metric] = {}


def register(metric: Metric) -> Metric:
    """Add ``metric`` to :data:`METRICS` under its key (replacing one of that key)."""
    METRICS[metric.key] = metric
    return metric


for _metric in (
    Metric("points", Message(_("total points")), True, lambda r: r.points_for),
    Metric("wins", Message(_("games won")), True, lambda r: r.wins),
    Metric("win_pct", Message(_("win %")), True, lambda r: r.win_pct),
    Metric("points_against", Message(_("points against")), False,
           lambda r: r.points_against),
    Metric("differential", Message(_("point differential")), True,
           lambda r: r.differential),
    Metric("game_points", Message(_("game points")), True, lambda r: r.game_points),
    Metric("spread", Message(_("spread")), True, lambda r: r.spread),
    Metric("skunks_given", Message(_("skunks given")), True, lambda r: r.skunks_given),
    Metric("skunks_taken", Message(_("skunks taken")), False, lambda r: r.skunks_taken),
    Metric("bids_made_pct", Message(_("bids made %")), True, lambda r: r.bids_made_pct),
    Metric("nights", Message(_("nights attended")), True, lambda r: r.nights),
    Metric("best_n", Message(_("best N of M nights")), True,
           lambda r, n: r.best_nights(n), parameter="n",
           parameter_label=_("best %(n)s nights")),
    Metric("head_to_head", Message(_("head-to-head")), True, head_to_head,
           among_tied=True),
    Metric("rating", Message(_("rating")), True, lambda r: r.rating),
    Metric("handicapped", Message(_("points with handicap")), True, lambda r: r.handicapped_points),
):
    register(_metric)


def valid_keys() -> str:
    """The precedence entries one may write, for error messages."""
    return ", ".join(
        f"{k}:{m.parameter.upper()}" if m.parameter else k for k, m in METRICS.items()
    )


def parse_precedence(precedence) -> tuple[Criterion, ...]:
    """Check a precedence (list of metric keys) and resolve each to a :class:`Criterion`.

    Raises :class:`StandingsError` on field ``precedence`` for anything but a
    non-empty list of known keys, each at most once, with a whole number ≥ 1
    after a colon exactly when the metric takes one (``best_n:6``).
    """
    if isinstance(precedence, str) or not isinstance(precedence, Sequence):
        raise StandingsError(
            "precedence",
            _("precedence must be a list of metric keys, e.g. ['points', 'wins']; "
              "valid metrics are %(valid)s"),
            valid=valid_keys(),
        )
    if not precedence:
        raise StandingsError(
            "precedence",
            _("precedence must list at least one metric; valid metrics are %(valid)s"),
            valid=valid_keys(),
        )
    criteria, seen = [], set()
    for entry in precedence:
        text = str(entry).strip()
        key, sep, raw_arg = text.partition(":")
        metric = METRICS.get(key)
        if metric is None:
            raise StandingsError(
                "precedence",
                _("unknown metric %(key)s; valid metrics are %(valid)s"),
                key=repr(text), valid=valid_keys(),
            )
        arg = None
        if metric.parameter:
            if not (sep and raw_arg.isdigit() and int(raw_arg) >= 1):
                raise StandingsError(
                    "precedence",
                    _("%(key)s needs a whole number of at least 1 after a colon, "
                      "e.g. %(key)s:6"),
                    key=key,
                )
            arg = int(raw_arg)
            text = f"{key}:{arg}"
        elif sep:
            raise StandingsError(
                "precedence", _("%(key)s takes no parameter; write %(key)s"), key=key
            )
        if text in seen:
            raise StandingsError(
                "precedence",
                _("%(key)s appears twice in the precedence; list each metric once"),
                key=text,
            )
        seen.add(text)
        criteria.append(Criterion(text, metric, arg))
    return tuple(criteria)
