"""Toy Tally: a test-only sixth game kind, the proof of docs/adding-a-game.md."""
