"""Every URL pattern of the resolver (the admin's and the unnamed legacy
redirects included) with arguments that name real rows of a fixture world,
for the generated authorization and fuzz tests."""
from django.urls import URLPattern, URLResolver, get_resolver

ARG_OF = {
    "club_slug": lambda w: w["club"].slug, "league_slug": lambda w: w["league"].slug,
    "season_id": lambda w: w["season"].pk, "night_id": lambda w: w["night"].pk,
    "public_id": lambda w: w["game"].public_id, "token": lambda w: w["game"].access_token,
    "number": lambda w: 1, "player_id": lambda w: w["player"].pk, "team_id": lambda w: w["team"].pk,
    "family": lambda w: "partnership",
    "secret": lambda w: "forged-night-link",  # a made-up player night link opens nothing
    "profile_id": lambda w: w["league"].rule_profile_id,
    "key": lambda w: "MQ:made-up:key",  # a sign-up's email confirmation key (made up: confirms nothing)
    "event_slug": lambda w: w["event"].slug if "event" in w else "no-such-event",
    "token_id": lambda w: 1,  # a personal API token's id: the matrix's accounts own none
    "uidb64": lambda w: "MQ",  # a password reset link's account (its token is made up: the link is refused)
    # the admin's
    "object_id": lambda w: w["game"].pk, "id": lambda w: w["game"].pk, "content_type_id": lambda w: 1, "app_label": lambda w: "league",
    "url": lambda w: "no-such-admin-page/",
    # the legacy redirects' (/c/<id>/...)
    "tree": lambda w: "c", "key": lambda w: w["game"].public_id, "rest": lambda w: "",
}


def patterns(resolver=None, prefix="", namespace=""):
    """(key, route, converters) of every pattern the resolver holds. The key is
    the pattern's name (``namespace:name``), or its route for an unnamed one; a
    regular-expression route's converters are its named groups (``None``)."""
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        route = prefix + str(p.pattern).lstrip("^")
        if isinstance(p, URLResolver):
            ns = f"{namespace}:{p.namespace}" if namespace and p.namespace else (p.namespace or namespace)
            yield from patterns(p, route, ns)
        elif isinstance(p, URLPattern):
            converters = dict(p.pattern.converters) if hasattr(p.pattern, "converters") else {}
            converters = converters or dict.fromkeys(p.pattern.regex.groupindex)
            key = (f"{namespace}:{p.name}" if namespace else p.name) if p.name else route
            yield key, route, converters


def build(route, converters, world, override=None):
    """``route`` with each ``<conv:name>`` (or regular expression's ``(?P<name>...)``)
    filled from ``world`` (or ``override[name]``)."""
    import re

    def value(name):
        if override and name in override:
            return str(override[name])
        return str(ARG_OF[name](world))

    route = re.sub(r"\(\?P<(\w+)>[^()]*\)", lambda m: value(m.group(1)), route)
    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", lambda m: value(m.group(2)), route).replace("^", "").replace("$", "")
