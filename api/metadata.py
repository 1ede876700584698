"""An ``OPTIONS`` request is answered with the route's name, description and
formats; the fields each write takes are in the schema (``/api/v1/schema/``) and
in a game's ``entry_fields``, not guessed from a serializer here."""
from rest_framework.metadata import SimpleMetadata


class Metadata(SimpleMetadata):
    def determine_metadata(self, request, view):
        metadata = super().determine_metadata(request, view)
        metadata.pop("actions", None)
        return metadata

    def determine_actions(self, request, view):
        return {}
