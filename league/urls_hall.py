"""Site-root files for phones in the hall: the service worker and the favicon."""
from django.urls import path

from league.views import offline

urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
    path("favicon.ico", offline.favicon, name="favicon"),
]
