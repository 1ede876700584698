"""The plain-language summary of a cribbage profile's rules (``GameKind.rules_summary``)."""
from django.utils.translation import gettext as _

from scoring.cribbage import CribbageRules


def cribbage_rules_summary(rules: CribbageRules) -> str:
    """E.g. ``"121 · win 2 · skunk 3 · spread by margin"`` (docs/rules.md, "Cribbage")."""
    points = {
        "acc": _("skunk 3"), "double_skunk": _("skunk 3, double skunk 4"), "no_skunks": _("skunks ignored"),
    }[rules.game_points]
    spread = _("spread by margin") if rules.spread == "margin" else _("a loss records %(target)d − score") % {
        "target": rules.target}
    parts = [str(rules.target), _("win 2"), points, spread]
    if rules.past_hole:
        parts.append(_("count past the hole"))
    return " · ".join(parts)
