"""Site-root files for phones in the hall: the service worker, the web app manifest, the favicon, a player's own link for the night."""
from django.urls import path

from league.views import casual, night_link, offline

urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.web_manifest, name="web_manifest"),
    path("favicon.ico", offline.favicon, name="favicon"),
    path("n/<str:secret>/", night_link.player_night, name="player_night"),
    path("casual/new/", casual.casual_new, name="casual_new"),
]
