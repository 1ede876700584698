"""A league's club nights as an iCalendar feed (the ``icalendar`` library), for
a phone's or a website's calendar: one all-day event a night, its link the
night's page, the calendar named in the club's time zone
(``X-WR-TIMEZONE``, so a calendar places the day as the club does). A public league's feed is read by anyone; a members-only
league's by its members, or by whoever holds its private link (``?key=``,
signed with the site's secret, shown to the members on the league page).
Calendars fetch the feed again from time to time, so a night added, moved or
removed shows there at their next fetch."""
import datetime

from django.core import signing
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar, Event

from league.access import can_read_league
from league.models import League, Night
from league.public_url import public_url
from league.views.club_locale import club_page


def _signer(league: League) -> signing.Signer:
    return signing.Signer(salt=f"league-calendar:{league.pk}")


def private_key(league: League) -> str:
    """The ``?key=`` of a league's private feed link."""
    return _signer(league).sign("nights").split(":", 1)[1]


def private_link(request, league: League) -> str:
    path = reverse("league:calendar", args=[league.club.slug, league.slug])
    return public_url(request, f"{path}?key={private_key(league)}")


def _may_read(request, league: League) -> bool:
    if can_read_league(request.user, league):
        return True
    key = request.GET.get("key", "")
    try:
        return _signer(league).unsign(f"nights:{key}") == "nights"
    except signing.BadSignature:
        return False


@club_page
def league_calendar(request, club_slug, league_slug):
    league = get_object_or_404(League.objects.select_related("club"), club__slug=club_slug, slug=league_slug)
    if not _may_read(request, league):
        raise Http404
    nights = (Night.objects.filter(season__league=league).select_related("season")
              .order_by("date", "pk").only("pk", "date", "rounds", "season__name", "season_id"))
    calendar = Calendar()
    calendar.add("prodid", "-//Clubtally//club nights//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{league.club.name} · {league.name}")
    calendar.add("x-wr-timezone", league.club.time_zone)
    stamp = timezone.now()
    for night in nights:
        args = [club_slug, league_slug, night.season_id, night.pk]
        event = Event()
        event.add("uid", f"night-{night.pk}@{request.get_host()}")
        event.add("dtstamp", stamp)
        event.add("dtstart", night.date)
        event.add("dtend", night.date + datetime.timedelta(days=1))
        event.add("summary", f"{league.name} · {night.season.name}")
        event.add("url", public_url(request, reverse("league:night", args=args)))
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{league.slug}-nights.ics"'
    return response
