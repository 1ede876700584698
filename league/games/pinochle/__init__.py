"""Partnership, three-handed and double-deck Pinochle: the kinds (kind.py), their entries
(entries.py, hand_inputs.py) and the hand form (forms.py)."""
