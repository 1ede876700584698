"""Cursor pagination for every list of the API: a stable order (the view's
``ordering``), an opaque ``next`` / ``previous`` link, ``page_size`` up to 200."""
from rest_framework.pagination import CursorPagination


class Cursor(CursorPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
    ordering = "pk"  # the views say theirs (``ordering``)

    def get_ordering(self, request, queryset, view):
        """The view's own ``ordering`` (a field, or a tuple of them), else by id."""
        ordering = getattr(view, "ordering", None) or self.ordering
        return (ordering,) if isinstance(ordering, str) else tuple(ordering)
