"""The site's URLs and the load test's floor (``load_settings.py``)."""
from django.http import HttpResponse
from django.urls import include, path

from league.models import Game


def floor(request, pk):
    """One row read, nothing rendered: what every request costs at least."""
    return HttpResponse(Game.objects.only("pk").get(pk=pk).pk)


urlpatterns = [path("_floor/<int:pk>/", floor), path("", include("config.urls"))]
