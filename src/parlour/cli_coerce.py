"""Moved to `parlour.cli.coerce`; this name stays for the code that imported it."""

from parlour.cli.coerce import install_quick_coercion, quick_value

__all__ = ["install_quick_coercion", "quick_value"]
