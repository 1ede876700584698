"""The API is versioned and documented: its OpenAPI 3 schema is served and
documents every route of ``/api/v1/``; its reference page runs under the
site's Content-Security-Policy (no inline script, files from our own static)."""
import re
from html.parser import HTMLParser

import yaml
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from tests.league.urlmatrix import patterns


def api_routes():
    return {"/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route) for name, route, _c in patterns()
            if name.startswith("api:") and name not in ("api:schema", "api:docs")}


def test_the_schema_is_valid_openapi_3_and_documents_every_api_route(db):
    response = APIClient().get("/api/v1/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    validate_schema(schema)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["version"] == "1"
    assert set(schema["paths"]) == api_routes()
    assert len(api_routes()) == 29


def test_the_schema_is_served_as_json_when_asked(db):
    response = APIClient().get("/api/v1/schema/?format=json")
    assert response.status_code == 200
    assert response.json()["openapi"].startswith("3.")


class Scripts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts = []

    def handle_starttag(self, tag, attrs):
        if tag == "script":
            self.scripts.append(dict(attrs).get("src"))


def test_the_reference_page_loads_only_scripts_of_our_own(db):
    response = APIClient().get("/api/v1/docs/")
    assert response.status_code == 200
    assert "Content-Security-Policy" in response
    parser = Scripts()
    parser.feed(response.content.decode())
    assert parser.scripts and all(src and (src.startswith("/static/") or src.startswith("/api/v1/docs/"))
                                  for src in parser.scripts), parser.scripts
    for src in parser.scripts:
        assert APIClient().get(src).status_code == 200, src
