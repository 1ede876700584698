"""Error pages answered by the site itself (not through Django's handlers).

Every refusal renders a template of ``templates/`` (autoescaped: text taken
from the request, such as a parameter's name, is shown as text, never as
HTML) and passes the outer middlewares, so it carries the
Content-Security-Policy like every page.
"""
from django.shortcuts import render


def bad_request(request, message: str):
    """400 with ``message`` (may quote the request: it is escaped by the template)."""
    return render(request, "400.html", {"message": message}, status=400)
