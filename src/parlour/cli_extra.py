"""Moved to `parlour.cli.french` and `parlour.cli.shell`; this name stays for the code that
imported it."""

from parlour.cli.french import (
    FRENCH,
    FRENCH_HELP,
    french_rich_texts,
    install_french_click,
    translate_help,
)
from parlour.cli.shell import (
    COMPLETE_VAR,
    SHELLS,
    completion_script,
    enable_completion,
    plain_usage_names,
    usage_error_line,
)

__all__ = [
    "COMPLETE_VAR",
    "FRENCH",
    "FRENCH_HELP",
    "SHELLS",
    "completion_script",
    "enable_completion",
    "french_rich_texts",
    "install_french_click",
    "plain_usage_names",
    "translate_help",
    "usage_error_line",
]
