"""The club ratings page: one table per game family, CSV, JSON, TSV and XLSX
exports through django-tables2's ``TableExport`` (docs/ratings.md)."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from league.access import readable_league_ids
from league.games.registry import rating_family_choices
from league.models import Club
from league.selectors.club_ratings import club_ratings, rated_families
from league.tables import url_pattern
from league.tables_ratings import RatingsTable
from league.views.exports import table_export, table_export_format
from league.views.club_locale import club_page


@club_page
def club_ratings_page(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    families = rated_families(club)
    labels = dict(rating_family_choices())
    family = request.GET.get("family") or (families[0] if families else next(iter(labels)))
    if family not in labels:
        raise Http404
    leagues = readable_league_ids(request.user, club)
    rows = club_ratings(club, family, leagues)
    export = table_export_format(request)
    if export:
        return table_export(request, RatingsTable(rows), export, f"ratings-{club.slug}-{family}.{export}", family)
    table = RatingsTable(rows, player_url=url_pattern("league:player", [club.slug]))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "league/club_ratings.html", {
        "club": club, "table": table, "family": family, "family_label": labels[family],
        "families": [(f, labels[f]) for f in families],
    })
