"""Errors raised by the rule engines.

Each error names the offending ``field`` (the name a form uses for it) and says
what would be valid, e.g. ``bid 245 is below the minimum 250``. Forms turn them
into field errors; services save nothing when one is raised.
"""
from __future__ import annotations

from .messages import Message


class ScoringError(ValueError):
    """An input that the rules cannot score.

    ``field`` is the input's name (``"bid"``, ``"tricks"``, ``"meld"``,
    ``"cards"``, ...); ``message`` is a :class:`~scoring.messages.Message`
    (English text, translatable template and parameters).
    """

    def __init__(self, field: str, template: str, **params):
        self.field = field
        self.message = Message(template, **params)
        super().__init__(str(self.message))


class CardError(ScoringError):
    """A card code that does not exist, or more copies of a card than the deck has."""


class BidError(ScoringError):
    """A bid below the minimum, off the increment, or a bidder out of range."""


class MeldError(ScoringError):
    """A meld value that the rules cannot produce."""


class TrickError(ScoringError):
    """Trick points that do not total the deck's count, or are impossible."""


class TrumpError(ScoringError):
    """An unknown trump suit."""


class HandError(ScoringError):
    """An inconsistent combination of hand inputs (throw-in with tricks, ...)."""


class RulesError(ScoringError):
    """A rule profile option outside its allowed values."""
