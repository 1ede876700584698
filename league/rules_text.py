"""Plain-language summaries of rule choices, for profile lists, game pages and sheets."""
from django.utils.translation import gettext as _

from scoring.cribbage import CribbageRules
from scoring.pinochle import PinochleRules


def rules_summary(rules: PinochleRules) -> str:
    """E.g. ``"1500 · min 250 by 10 · defenders need a counter · bidders win ties"``."""
    if isinstance(rules, CribbageRules):
        return cribbage_rules_summary(rules)
    parts = [
        str(rules.target),
        _("min %(min)d by %(step)d") % {"min": rules.min_bid, "step": rules.bid_increment},
        _("defenders need a counter") if rules.meld_saved_by == "points" else _("defenders need a trick"),
        _("bidders win ties") if rules.tie == "bidder" else _("higher total wins ties"),
    ]
    if rules.trick_scheme != "A":
        parts.append(_("counters: scheme %(s)s") % {"s": rules.trick_scheme})
    if rules.bidder_needs_trick:
        parts.append(_("bidders need a trick too"))
    if rules.must_bid_out:
        parts.append(_("must bid out"))
    if rules.all_pass == "dealer_stuck":
        parts.append(_("dealer stuck"))
    if rules.passing:
        parts.append(_("pass %(n)d") % {"n": rules.passing})
    return " · ".join(parts)


def cribbage_rules_summary(rules: CribbageRules) -> str:
    """E.g. ``"121 · win 2 · skunk 3 · spread by margin"`` (RULES.md §4)."""
    points = {
        "acc": _("skunk 3"), "double_skunk": _("skunk 3, double skunk 4"), "no_skunks": _("skunks ignored"),
    }[rules.game_points]
    spread = _("spread by margin") if rules.spread == "margin" else _("a loss records %(target)d − score") % {
        "target": rules.target}
    return " · ".join([str(rules.target), _("win 2"), points, spread])
