"""Turning engine errors into Django validation errors keyed by input name."""
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from league.i18n import render
from scoring.errors import ScoringError

# engine field -> service argument
FIELD_MAP = {
    "bidder": "bidder_seat",
    "renege_by": "renege_side",
    "number": NON_FIELD_ERRORS,
}


def as_validation_error(error: ScoringError) -> ValidationError:
    field = FIELD_MAP.get(error.field, error.field)
    return ValidationError({field: [render(error.message)]})


def as_validation_errors(errors) -> ValidationError:
    """Several engine errors (one per field) as one ``ValidationError``, each under its input."""
    fields: dict = {}
    for error in errors:
        fields.setdefault(FIELD_MAP.get(error.field, error.field), []).append(render(error.message))
    return ValidationError(fields)
