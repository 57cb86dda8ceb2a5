"""Parlour: family card games to play, simulate, search and learn."""

__version__ = "0.1.0"
