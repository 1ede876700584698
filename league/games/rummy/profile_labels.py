"""The labels of rummy's rule options on the profile form
(``league.profile_forms.make_profile_form``)."""
from django.utils.translation import gettext_lazy as _

LABELS = {
    "rounds_limit": _("Rounds to play (empty: play to the target)"),
    "barbele_at": _("Barbele from a total of"),
    "barbele_minimum": _("Barbele: points needed to open"),
    "barbele_penalty": _("Barbele: a failed opening costs"),
    "going_out_bonus": _("Going out (not by folding) earns"),
    "clean_run_bonus": _("Each clean run earns"),
    "semi_clean_run_bonus": _("Each semi-clean run earns"),
    "dirty_run_bonus": _("Each dirty run earns"),
    "jack_value": _("A jack counts"),
    "face_up_bonus": _("The face-up card of the deal earns"),
    "pinochle_set_value": _("A Pinochle set (eleven cards) is worth"),
    "full_straight_value": _("A full straight (twelve cards) is worth"),
    "barbele_penalty_each": _("Barbele: every failed opening costs the penalty (off: once a round)"),
}
