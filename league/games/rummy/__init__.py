"""Rummy-style Pinochle: the kind (kind.py), its entries (entries.py, inputs.py), forms,
services and board (selectors.py)."""
