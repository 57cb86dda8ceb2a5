"""What the `parlour` command needs from the shell: its completion script, and usage lines
that read as Parlour's (`GAME`, not `{GAME}`; a usage error on one line).

Installed only by the `parlour` entry point, never by importing Parlour as a library.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "COMPLETE_VAR",
    "SHELLS",
    "completion_script",
    "enable_completion",
    "plain_usage_names",
    "usage_error_line",
]

SHELLS = ("bash", "zsh", "fish")
COMPLETE_VAR = "_PARLOUR_COMPLETE"


def enable_completion() -> None:
    """Let the command answer its completion script's questions (the `_PARLOUR_COMPLETE` call).

    Typer registers its shells' completion only for apps that add its own completion options;
    Parlour has a `completion` command instead, so it registers them itself.
    """
    try:
        from typer._completion_classes import completion_init
    except ImportError:  # an older Typer over Click, whose shells are built in
        return
    completion_init()


def completion_script(app: Any, shell: str) -> str:
    """The script that completes `parlour` in `shell`, as Typer writes it for its own apps."""
    from parlour.core.errors import ParlourError

    if shell not in SHELLS:
        raise ParlourError(f"unknown shell {shell!r}; shells are: {', '.join(SHELLS)}")
    enable_completion()
    try:
        from typer._completion_shared import get_completion_script
    except ImportError:
        import typer
        from click.shell_completion import get_completion_class

        command: Any = typer.main.get_command(app)
        completion_class: Any = get_completion_class(shell)
        return str(completion_class(command, {}, "parlour", COMPLETE_VAR).source())
    script = get_completion_script(prog_name="parlour", complete_var=COMPLETE_VAR, shell=shell)
    return script + "\n"


def plain_usage_names() -> None:
    """Typer 0.2x writes a required argument `{GAME}` in the usage line and a flag's type
    (`<bool>`) beside `--help`; Parlour's usage reads `GAME` and a flag shows no value."""
    try:
        from typer.core import TyperArgument, TyperOption
    except ImportError:  # a Typer without its own parameter classes: nothing to mend
        return

    def usage_name(self: Any) -> str:
        name = str(self.display_name_raw)
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    show_type = TyperOption.display_type_rich

    def flag_shows_no_type(self: Any, ctx: Any) -> str | None:
        return None if self.is_flag and self.metavar is None else show_type(self, ctx)

    if hasattr(TyperArgument, "_usage_display_name"):
        TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]
    TyperOption.display_type_rich = flag_shows_no_type  # type: ignore[method-assign]


def usage_error_line(err: Any, lang: str) -> str:
    """A usage error as one line: `parlour simulate: Missing option '--bots'. (-h: help)`."""
    context = getattr(err, "ctx", None)
    where = context.command_path if context is not None else "parlour"
    message = err.format_message()
    if lang == "fr":  # Typer's own suggestion, which no catalogue of Click's translates
        message = message.replace("(Possible options: ", "(options possibles\u00a0: ")
    return (
        f"{where}: {message} ({where} -h\u00a0: aide)"  # no line break before the colon
        if lang == "fr"
        else (f"{where}: {message} ({where} -h: help)")
    )
