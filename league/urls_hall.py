"""Site-root files for phones in the hall: the service worker."""
from django.urls import path

from league.views import offline

urlpatterns = [
    path("sw.js", offline.service_worker, name="service_worker"),
]
