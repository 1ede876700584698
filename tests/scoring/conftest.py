"""Engine tests: no database, no Django settings needed."""
