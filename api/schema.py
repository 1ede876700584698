"""The schema's word for a personal API token (drf-spectacular extension; loaded by ``ApiConfig.ready``)."""
from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "api.authentication.BearerTokenAuthentication"
    name = "personalToken"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer",
                "description": "A personal API token (ct_…), made while signed in at /api/v1/tokens/."}
