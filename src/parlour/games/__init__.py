"""The four games, one room each."""
