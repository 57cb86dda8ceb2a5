"""Beggar-My-Neighbour (RULES.md §1)."""
