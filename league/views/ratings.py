"""The club ratings page: one table per game family, CSV, JSON, TSV and XLSX
exports through django-tables2's ``TableExport`` (docs/ratings.md)."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from league.access import readable_league_ids
from league.models import Club, RatingFamily
from league.selectors.club_ratings import club_ratings, rated_families
from league.tables import url_pattern
from league.tables_ratings import RatingsTable
from league.views.exports import table_export, table_export_format
from league.views.club_locale import club_page


@club_page
def club_ratings_page(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    families = rated_families(club)
    family = request.GET.get("family") or (families[0] if families else RatingFamily.PARTNERSHIP)
    if family not in RatingFamily.values:
        raise Http404
    leagues = readable_league_ids(request.user, club)
    rows = club_ratings(club, family, leagues)
    export = table_export_format(request)
    if export:
        return table_export(request, RatingsTable(rows), export, f"ratings-{club.slug}-{family}.{export}", family)
    table = RatingsTable(rows, player_url=url_pattern("league:player", [club.slug]))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "league/club_ratings.html", {
        "club": club, "table": table, "family": family, "family_label": RatingFamily(family).label,
        "families": [(f, RatingFamily(f).label) for f in families],
    })
