"""Toy Tally: a test-only sixth game kind, the proof of docs/adding-a-game.md.

Everything that differs for this game is in this folder, laid out as the
built-in games' folders under ``league/games/``: its rules (``engine.py``), its
kind (``kind.py``), its entries' hooks (``entries.py``), forms (``forms.py``),
board (``selectors.py``), new games (``services.py``), printed sheets
(``sheets.py``), templates (``templates/toygame/``) and catalog (``locale/``).
The test settings register it with one line (and add its templates and
catalog with two more).
"""
CODE = "toy"  # the game type stored on its games and rule profiles
