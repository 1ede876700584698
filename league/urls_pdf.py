"""URL patterns of the printable PDFs (namespaced under ``league:`` by ``league.urls``)."""
urlpatterns = []
