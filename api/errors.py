"""Every refusal of the API as JSON: ``{"detail": ..., "errors": {field: [messages]},
"valid": {field: what it takes}}``, in the request's language; never an HTML page."""
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

NON_FIELD = "non_field_errors"


def field_errors(error_dict: dict) -> dict:
    """``{field: [message, ...]}`` from a form's or a ``ValidationError``'s error dict."""
    out = {}
    for field, errors in error_dict.items():
        messages = []
        for e in errors:
            messages.extend(e.messages if hasattr(e, "messages") else [str(e)])
        out[NON_FIELD if field == NON_FIELD_ERRORS else field] = [str(m) for m in messages]
    return out


def _type(field) -> str:
    if isinstance(field, forms.BooleanField):
        return "boolean"
    if isinstance(field, forms.ChoiceField):
        return "choice"
    if isinstance(field, forms.IntegerField):
        return "integer"
    return "text"


def valid_values(form, fields, required=()) -> dict:
    """What each of ``fields`` of ``form`` takes: its type, choices, range, whether it is
    required (``required``: fields the API asks for although the form does not, as
    ``expected_number`` on a new entry and ``version`` on a correction)."""
    out = {}
    for name in fields:
        field = form.fields.get(name)
        if field is None:
            continue
        what = {"type": _type(field), "required": field.required or name in required}
        choices = getattr(field, "choices", None)
        if choices is not None:
            what["choices"] = [str(value) for value, _label in choices if value not in ("", None)]
        for attr in ("min_value", "max_value", "max_length"):
            value = getattr(field, attr, None)
            if value is not None:
                what[attr.replace("_value", "")] = value
        out[name] = what
    return out


def refusal(errors: dict, *, form=None, required=(), status_code=status.HTTP_400_BAD_REQUEST, detail=None,
            **extra) -> Response:
    """A 400 (or ``status_code``) naming each field refused and what it would take."""
    body = {"detail": str(detail or _("The request was refused: see the errors of each field.")), "errors": errors}
    if form is not None:
        body["valid"] = valid_values(form, [f for f in errors if f != NON_FIELD], required)
    return Response(body | extra, status=status_code)


def exception_handler(exc, context):
    """DRF's handler, with Django's 404 and 403 and every body in one shape."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        data = exc.detail if isinstance(exc.detail, dict) else {NON_FIELD: exc.detail}
        response.data = {"detail": str(_("The request was refused: see the errors of each field.")),
                         "errors": {k: [str(m) for m in (v if isinstance(v, list) else [v])] for k, v in data.items()}}
    return response
