"""Home page."""
from django.shortcuts import render

from league.models import Club, Game, League
from league.permissions import member_club_ids, organizer_club_ids
from league.selectors.recent import recent_games


def home(request):
    """The user's clubs and their recent games (a game's link is private to its
    club: strangers see only the public leagues)."""
    user = request.user
    clubs = Club.objects.all() if user.is_superuser else Club.objects.filter(
        pk__in=organizer_club_ids(user)
    )
    seen = None if user.is_superuser else member_club_ids(user)
    return render(request, "league/home.html", {
        "clubs": list(clubs),
        "in_progress": recent_games(status=Game.Status.IN_PROGRESS, club_ids=seen) if seen != set() else [],
        "finished": recent_games(status=Game.Status.FINISHED, club_ids=seen) if seen != set() else [],
        "public_leagues": list(League.objects.filter(is_public=True).select_related("club")[:20]),
    })


def rules_path(language: str):
    """``docs/rules.<language>.md`` (e.g. ``rules.zh-Hant.md``) when that
    translation exists, else ``None``."""
    from django.conf import settings
    from django.utils.translation import to_locale

    code = to_locale(language).replace("_", "-")  # zh-hant -> zh-Hant
    path = settings.BASE_DIR / "docs" / f"rules.{code}.md"
    return path if path.exists() else None


def rules_help(request):
    """The project's rules documentation (docs/rules.md): the decisions the
    engines implement, in the reader's language when docs/ has that
    translation; otherwise the English text under a translated notice."""
    import markdown
    from django.conf import settings
    from django.utils.safestring import mark_safe
    from django.utils.translation import get_language

    language = get_language() or "en"
    path = rules_path(language) if not language.startswith("en") else None
    text = (path or settings.BASE_DIR / "docs" / "rules.md").read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables"], output_format="html")
    return render(request, "league/rules_help.html", {
        "content": mark_safe(html),
        "content_lang": language if path else "en",
        "untranslated": path is None and not language.startswith("en"),
    })
