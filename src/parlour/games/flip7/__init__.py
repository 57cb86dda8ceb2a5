"""Flip 7 (RULES.md §2): rules, bots and an exact single-round solver."""
