"""The `parlour` entry point: runs the app, and makes every error one clear line."""

import sys
from collections.abc import Sequence

from parlour.core.errors import ParlourError

# The version alone is answered before Typer and the command tree are imported (about two
# thirds of the start-up): scripts and package managers ask it often, and expect it at once.
VERSION_FLAGS = (["--version"], ["-V"])


def _tolerate_narrow_terminals() -> None:
    """A terminal whose encoding cannot show « », é or ♠ (PYTHONIOENCODING=ascii, a Latin-1
    console) gets a ? for each such character instead of a traceback in mid-sentence."""
    import codecs

    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        try:
            unicode = codecs.lookup(getattr(stream, "encoding", None) or "").name.startswith("utf")
        except LookupError:  # no encoding, or one Python does not know: be tolerant
            unicode = False
        if reconfigure is not None and not unicode:
            reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> None:
    """Entry point: every ParlourError is one clear line; its exit status says whose fault it
    is (2: the arguments, 1: the command failed while running)."""
    _tolerate_narrow_terminals()
    if (sys.argv[1:] if argv is None else list(argv)) in VERSION_FLAGS:
        from parlour import __version__

        sys.stdout.write(f"parlour {__version__}\n")
        raise SystemExit(0)
    import os

    import typer

    from parlour.cli.coerce import install_quick_coercion
    from parlour.cli.french import french_rich_texts, install_french_click, translate_help
    from parlour.cli.lazy_rich import defer_rich_help
    from parlour.cli.root import app
    from parlour.cli.shell import (
        COMPLETE_VAR,
        enable_completion,
        plain_usage_names,
        usage_error_line,
    )
    from parlour.i18n import resolve_lang

    if COMPLETE_VAR in os.environ:
        enable_completion()
    install_quick_coercion()
    plain_usage_names()
    lang = _argv_lang(sys.argv[1:] if argv is None else argv) or resolve_lang(None)
    command = typer.main.get_command(app)
    if lang == "fr":
        from parlour.i18n.wrapping import keep_no_break_spaces

        install_french_click()
        translate_help(command)
        keep_no_break_spaces()  # Rich's tables and help keep « : » on its word's line
    defer_rich_help(french_rich_texts if lang == "fr" else None)
    try:  # Typer 0.2x carries its own Click; older releases use Click itself
        from typer._click import exceptions as click_errors
    except ImportError:
        from click import exceptions as click_errors  # type: ignore[no-redef]
    try:
        # Not standalone: Click's usage errors come here, to be one line like every other.
        status = command.main(args=argv, prog_name="parlour", standalone_mode=False)
    except click_errors.UsageError as err:
        if err.format_message().strip():  # else the help was the answer (no arguments given)
            _stderr_line(usage_error_line(err, lang))
        raise SystemExit(err.exit_code) from None
    except click_errors.ClickException as err:
        _stderr_line(f"parlour: {err.format_message()}")
        raise SystemExit(err.exit_code) from None
    except typer.Abort:  # Ctrl-C or end of input at a prompt
        _stderr_line("parlour: interrompu" if lang == "fr" else "parlour: interrupted")
        raise SystemExit(1) from None
    except ParlourError as err:
        from parlour.i18n.errors import localise_error

        _stderr_line(f"parlour: {localise_error(err, lang)}")
        raise SystemExit(err.exit_code) from None
    except OSError as err:  # a file or folder the command could not use (a folder for a file)
        from parlour.i18n.errors import os_reason

        # `parlour: FILE: reason`, or `parlour: reason` for an error of no file (a connection)
        colon = "\u00a0:" if lang == "fr" else ":"
        where = f" {err.filename}{colon}" if err.filename else ""
        _stderr_line(f"parlour:{where} {os_reason(err, lang)}")
        raise SystemExit(1) from None
    # As Click's standalone mode does: the command's own status (typer.Exit(code)), else 0.
    raise SystemExit(status if isinstance(status, int) else 0)


def _argv_lang(argv: Sequence[str]) -> str | None:
    """The language that `--lang fr` or `--lang=fr` names on the command line, if any.

    The errors and help are worded before the command parses its options, so the flag is read
    here: a person who typed `--lang fr` expects French even on an English system. An unknown
    value is left to the command, which refuses it in the system's language.
    """
    from parlour.i18n import LANGS

    chosen = None
    for index, arg in enumerate(argv):
        if arg == "--":  # what follows is operands, never options
            break
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        chosen = value.lower() if value.lower() in LANGS else chosen
    return chosen


def _stderr_line(line: str) -> None:
    from rich.console import Console

    Console(stderr=True, soft_wrap=True).print(line, highlight=False, markup=False)
