"""The plain-language summary of a rummy profile's rules (``GameKind.rules_summary``)."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.rummy import RummyRules


def rummy_rules_summary(rules: RummyRules) -> str:
    """E.g. ``"rummy · 1500 · barbele at 750: 70 to open, −50 · going out 20"``,
    or ``"rummy · highest after 8 rounds (or 1500) · …"`` (docs/rules.md, "Rummy-style Pinochle")."""
    if rules.rounds_limit is None:
        length = str(rules.target)
    else:
        length = ngettext("highest after %(rounds)d round (or %(target)d)",
                          "highest after %(rounds)d rounds (or %(target)d)", rules.rounds_limit) % {
            "rounds": rules.rounds_limit, "target": rules.target}
    parts = [
        _("rummy"),
        length,
        _("barbele at %(at)d: %(minimum)d to open, −%(penalty)d") % {
            "at": rules.barbele_at, "minimum": rules.barbele_minimum, "penalty": rules.barbele_penalty},
        _("going out %(bonus)d") % {"bonus": rules.going_out_bonus},
    ]
    runs = (rules.clean_run_bonus, rules.semi_clean_run_bonus, rules.dirty_run_bonus)
    if any(runs):
        parts.append(_("runs: clean %(clean)d, semi-clean %(semi)d, dirty %(dirty)d") % dict(
            zip(("clean", "semi", "dirty"), runs)))
    if rules.jack_value != 10:
        parts.append(_("jacks %(value)d") % {"value": rules.jack_value})
    default = RummyRules()
    if (rules.face_up_bonus, rules.pinochle_set_value, rules.full_straight_value) != (
            default.face_up_bonus, default.pinochle_set_value, default.full_straight_value):
        parts.append(_("face-up %(face_up)d, Pinochle set %(pinochle)d, full straight %(straight)d") % {
            "face_up": rules.face_up_bonus, "pinochle": rules.pinochle_set_value,
            "straight": rules.full_straight_value})
    if not rules.barbele_penalty_each:
        parts.append(_("one barbele penalty a round"))
    return " · ".join(parts)
