"""`parlour familles decks list` and `parlour familles decks check FILE`: the decks of the Jeu des
7 familles, under the game's name as every game's own verbs are; `parlour decks ...` is the same
group, the short form the README and the docs use."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

import json
import sys
from typing import Annotated

import typer

from parlour.cli.lazy_rich import lazy_console
from parlour.core.errors import ParlourError

# Start-up: imported by every `parlour` command, so the decks (TOML) and Rich's tables load
# inside the commands.

decks_app = typer.Typer(
    help="Decks of the Jeu des 7 familles: the built-in ones, and checking your own TOML deck.",
    no_args_is_help=True,
)
console = lazy_console(soft_wrap=True)


@decks_app.command("list")
def list_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="fr or en.")] = None,
) -> None:
    """The built-in decks (use one with --rules deck=ID, or deck=PATH for your own)."""
    from rich.table import Table

    import parlour.games.familles.texts  # noqa: F401  (registers the texts)
    from parlour.games.familles.decks import BUILTIN_DECKS, get_deck
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
    decks = [get_deck(deck_id) for deck_id in BUILTIN_DECKS]
    if as_json:
        sys.stdout.write(json.dumps([d.to_json() for d in decks], ensure_ascii=False) + "\n")
        return
    table = Table(title=t("decks.title", language))
    for column in ("id", "name", "lang", "families"):
        table.add_column(t(f"decks.column.{column}", language))
    for deck in decks:
        table.add_row(deck.id, deck.name, deck.lang, ", ".join(f.title for f in deck.families))
    console.print(table)


@decks_app.command("check")
def check_command(
    file: Annotated[str, typer.Argument(help="A deck file (TOML).")],
    lang: Annotated[str | None, typer.Option("--lang", help="fr or en.")] = None,
) -> None:
    """Validate a deck file: a clear message for the first problem, or a summary."""
    import parlour.games.familles.texts  # noqa: F401  (registers the texts)
    from parlour.games.familles.decks import load_deck_file
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
    try:
        deck = load_deck_file(file)
    except ParlourError as err:
        # The check ran and found a fault: that is the command's answer (1), not a usage error.
        err.exit_code = 1
        raise
    console.print(
        t(
            "decks.check_ok",
            language,
            path=file,
            id=deck.id,
            name=deck.name,
            families=len(deck.families),
        ),
        highlight=False,
        markup=False,
    )


familles_app = typer.Typer(
    help="The Jeu des 7 familles' own commands: its decks.", no_args_is_help=True
)
familles_app.add_typer(decks_app, name="decks")


def register(app: typer.Typer) -> None:
    app.add_typer(familles_app, name="familles")
    app.add_typer(decks_app, name="decks")  # the short form
