"""The labels of cribbage's rule options on the profile form
(``league.profile_forms.make_profile_form``)."""
from django.utils.translation import gettext_lazy as _

LABELS = {
    "game_points": _("League game points"),
    "spread": _("A loss records"),
    "past_hole": _("Count past the hole (the winner keeps the whole count past 121)"),
}
CHOICE_LABELS = {
    "game_points": {"acc": _("win 2, skunk 3 (ACC)"), "double_skunk": _("win 2, skunk 3, double skunk 4"),
                    "no_skunks": _("win 2, skunks ignored")},
    "spread": {"margin": _("minus the margin"), "loser_121": _("121 minus own score")},
}
