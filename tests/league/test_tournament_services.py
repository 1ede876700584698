"""An event through its services (docs/tournaments.md): exact numbers."""
import pytest
from django.core.exceptions import ValidationError

from league.models import Match, Tournament
from league.selectors.tournaments import event_view
from league.services import tournaments

from .tournament_helpers import crib_event, play_crib

pytestmark = pytest.mark.django_db
NAMES = ["P%02d" % i for i in range(1, 14)]


def test_13_entrants_qualify_4_and_the_bracket_gives_nothing_byes_but_full_round():
    pass
