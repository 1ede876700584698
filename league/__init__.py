"""The Django app: stores the table's inputs, calls ``scoring`` and shows what it returned."""
