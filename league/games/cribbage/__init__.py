"""Cribbage: the kind (kind.py), its entries (entries.py, inputs.py), forms, services,
results, board (selectors.py) and the public calculators (tools.py, urls.py)."""
