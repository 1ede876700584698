"""Shared test configuration.

Playwright's sync API runs an event loop in the test thread; Django refuses
ORM calls from a thread with a running loop unless told it is safe.
"""
import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
