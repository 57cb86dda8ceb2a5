"""Alembic migrations of the web table's database, run by `Storage` at start-up."""
