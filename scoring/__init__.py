"""The rules: pure Python, no Django import.

``scoring`` decides; ``league`` remembers. Every rule the site applies (docs/rules.md)
is a function over frozen dataclasses here, tested without a database.
"""
