"""Settings: ``base`` plus one small module per environment (local, test, production)."""
