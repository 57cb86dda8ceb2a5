"""The migrations, oldest first: 0001 is the schema before the move log."""
