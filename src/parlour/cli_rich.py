"""Moved to `parlour.cli.lazy_rich`; this name stays for the commands of outside packages."""

from parlour.cli.lazy_rich import defer_rich_help, lazy_console

__all__ = ["defer_rich_help", "lazy_console"]
