"""The registry of an event's stages, like the game kinds (``league.games``):
the only list of kinds of stage. ``stage_kind(code)`` returns the
:class:`StageKind` that says how a stage of that kind is checked, seated and
moved on; ``stage_kinds()`` lists them in the order the director's page
offers them (docs/tournaments.md).

This module is below the services: a kind's moves (how its rounds are seated
and moved on) are the services' functions, which ``league.services.tournaments``
hands to each kind when it is loaded (:func:`register_moves`), as the admin's
models register themselves. A kind without its moves refuses to move, loudly."""
from django.utils.translation import gettext, gettext_lazy as _

from league.selectors.tournaments import PLAYOFF, QUALIFYING, QUALIFYING_KINDS, SWISS


class StageKind:
    code = ""
    label = ""
    has_rounds = True  # the director chooses how many rounds (a bracket has as many as it needs)

    def errors(self, *, tournament, rounds, best_of, previous) -> dict:
        """What prevents starting this stage now (field -> messages)."""
        return {}

    seater = advancer = None  # the services' functions (register_moves)

    def seat(self, *, tournament, stage, by) -> None:
        if self.seater is None:
            raise NotImplementedError(f"stage kind {self.code!r}: no seating registered")
        self.seater(tournament=tournament, stage=stage, by=by)

    def advance(self, *, stage, by) -> str:
        if self.advancer is None:
            raise NotImplementedError(f"stage kind {self.code!r}: no advance registered")
        return self.advancer(stage=stage, by=by)


class Qualifying(StageKind):
    """Qualifying rounds: every round seated in advance (a fixed movement), one game a table."""

    code = QUALIFYING
    label = _("Qualifying rounds")

    def errors(self, *, tournament, rounds, best_of, previous):
        errors = {}
        if previous is not None:
            errors["kind"] = [gettext("Qualifying is the first stage.")]
        needed = tournament.kind.sides
        if tournament.entrants.count() < needed:
            errors["kind"] = [gettext("Register at least %(n)d entrants first.") % {"n": needed}]
        if not 1 <= rounds <= 20:
            errors["rounds"] = [gettext("A stage has 1 to 20 rounds.")]
        if best_of != 1:
            errors["best_of"] = [gettext("A qualifying table plays one game a round.")]
        return errors



class Swiss(Qualifying):
    """Swiss qualifying rounds: each round paired by the game points so far once the last
    is played (``scoring.seating.pair_swiss``), no repeat opponent while avoidable."""

    code = SWISS
    label = _("Swiss qualifying rounds")

    def errors(self, *, tournament, rounds, best_of, previous):
        errors = super().errors(tournament=tournament, rounds=rounds, best_of=best_of, previous=previous)
        if tournament.kind.sides != 2:
            errors["kind"] = [gettext("Swiss pairing is one against one: not for tables of three.")]
        return errors



class Playoff(StageKind):
    """Single elimination on the standard chart, byes to the highest qualifiers, best of N games a match."""

    code = PLAYOFF
    label = _("Playoff bracket")
    has_rounds = False

    def errors(self, *, tournament, rounds, best_of, previous):
        errors = {}
        if previous is None or previous.kind not in QUALIFYING_KINDS:
            errors["kind"] = [gettext("The playoffs follow the qualifying rounds.")]
        if tournament.kind.sides != 2:
            errors["kind"] = [gettext("A playoff match is one side against another: not for tables of three.")]
        if best_of < 1 or best_of > 9 or best_of % 2 == 0:
            errors["best_of"] = [gettext("A match is best of an odd number of games (1, 3, 5, ...).")]
        return errors



QUALIFYING_STAGE = Qualifying()
SWISS_STAGE = Swiss()
PLAYOFF_STAGE = Playoff()
_KINDS = (QUALIFYING_STAGE, SWISS_STAGE, PLAYOFF_STAGE)
_BY_CODE = {k.code: k for k in _KINDS}


def stage_kinds() -> tuple[StageKind, ...]:
    return _KINDS


def register_moves(code: str, *, seat, advance) -> None:
    """Give the kind ``code`` its moves: ``seat(tournament=, stage=, by=)`` and ``advance(stage=, by=) -> str``."""
    kind = _BY_CODE[code]
    kind.seater, kind.advancer = seat, advance


def stage_kind(code: str) -> StageKind:
    """The kind of stage with that code; ``KeyError`` if none."""
    return _BY_CODE[str(code)]
