"""``login_next``: the page to come back to after logging in, never a table
link (its secret token must not travel in the "Log in" link's ``?next=``)."""
from django import template

register = template.Library()

TABLE_LINK_PREFIXES = ("/t/", "/ct/", "/rt/")


@register.filter
def login_next(path: str) -> str:
    path = path or ""
    if path.startswith(TABLE_LINK_PREFIXES):
        return ""
    return path
