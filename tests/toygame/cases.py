"""Toy Tally's cases for the conformance suite (tests/league/kind_cases.py reads them)."""

ENTRY = {"score_0": 12, "score_1": 7}
"""A valid first hand, as typed into the rendered form."""
CHANGE = {"score_1": 20}
"""A correction of it."""
NEW_GAME = {"player_0": "Ann", "player_1": "Bo", "player_2": "Cy", "player_3": "Di"}
"""The new-game page's players, as typed into its rendered form."""
