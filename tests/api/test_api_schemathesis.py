"""Schemathesis against the served schema: every operation, bounded examples
(hypothesis: derandomized under CI, tests/conftest.py), run in-process through
the WSGI application on the test database (SQLite, or PostgreSQL with
``DATABASE_URL``). No answer is a 5xx, none breaks the schema or its content
type, and a write answered 4xx leaves every table as it was."""
import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import content_type_conformance, not_a_server_error, response_schema_conformance

from tests.league.test_authorization_matrix import dump

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", get_wsgi_application())
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance]


@pytest.fixture
def in_test_transaction():
    """Keep the test's connection open across the WSGI requests, as Django's test client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_by_its_schema_and_a_refusal_writes_nothing(case, private, in_test_transaction):
    writes = case.method.upper() not in ("GET", "HEAD", "OPTIONS")
    before = dump() if writes else None
    response = case.call()
    case.validate_response(response, checks=CHECKS)
    if writes and 400 <= response.status_code < 500:
        assert dump() == before, (case.method, case.formatted_path, response.status_code)
