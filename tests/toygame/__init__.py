"""Toy Tally: a test-only sixth game kind, the proof of docs/adding-a-game.md.

Everything that differs for this game is in this folder: its rules
(``engine.py``), its kind (``kind.py``), its entries' hooks (``entries.py``),
forms (``forms.py``), board (``board.py``), printed sheets (``sheets.py``) and
templates (``templates/toygame/``). The test settings register it with one line.
"""
CODE = "toy"  # the game type stored on its games and rule profiles
