"""Every URL pattern of the site with arguments that name real rows of a
fixture world, for the generated authorization and fuzz tests."""
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
}


def patterns(resolver=None, prefix="", namespace=""):
    """(name, route, converters) of every named pattern outside the admin."""
    resolver = resolver or get_resolver()
    for p in resolver.url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if route.startswith("admin/"):
                continue
            ns = p.namespace or namespace
            yield from patterns(p, route, ns)
        elif isinstance(p, URLPattern) and p.name:
            yield (f"{namespace}:{p.name}" if namespace else p.name), route, dict(p.pattern.converters)


def build(route, converters, world, override=None):
    """``route`` with each ``<conv:name>`` filled from ``world`` (or ``override[name]``)."""
    import re

    def fill(m):
        name = m.group(2)
        if override and name in override:
            return str(override[name])
        return str(ARG_OF[name](world))

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", fill, route).replace("^", "").replace("$", "")
