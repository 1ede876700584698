"""Every refusal under ``/api/`` is JSON, also those answered before any API
view runs: the site's ``CraftedInputMiddleware`` (a control character, an
oversized page number), an address no API route matches (Django's 404 page).
Placed outside them (settings: before ``CraftedInputMiddleware``)."""
from django.http import JsonResponse
from django.utils.translation import gettext as _

PREFIX = "/api/"


class JsonRefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (request.path.startswith(PREFIX) and response.status_code >= 400 and not response.streaming
                and not response.get("Content-Type", "").startswith("application/json")):
            if response.status_code == 404:
                detail = _("Not found.")
            else:
                detail = response.content.decode(response.charset or "utf-8", "replace").strip()[:500] or \
                    response.reason_phrase
            refused = JsonResponse({"detail": detail}, status=response.status_code)
            for header in ("Retry-After", "Allow", "Vary"):
                if response.has_header(header):
                    refused[header] = response[header]
            return refused
        return response
