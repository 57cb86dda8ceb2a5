"""The commands that belong to no layer and no game: `replay`, `rules`, `about` and `games`.

No `from __future__ import annotations`: see parlour/cli/root.py (start-up).
"""

from typing import Annotated

import typer

from parlour.cli.args import GameArg, LangOption, out_json
from parlour.cli.lazy_rich import lazy_console

console = lazy_console(soft_wrap=True)


def replay_command(
    file: Annotated[str, typer.Argument(help="A game record (parlour-record/1 JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Replay a saved game: the narration, or the result with --json."""
    from parlour.core.records import load_record, replay
    from parlour.i18n import resolve_lang

    language = resolve_lang(lang)
    record = load_record(file)
    state, events = replay(record)
    if as_json:
        out_json(
            {
                "game": state.game.name,
                "turns": state.turns,
                "events": len(events),
                "result": state.outcome.to_json() if state.outcome else None,
            }
        )
        return
    names = [seat.name for seat in state.seats]
    for event in events:
        if not event.public:
            continue
        line = state.game.narrate(event, language, names)
        if line:
            console.print(line, highlight=False, markup=False)


def rules_command(
    game: GameArg,
    lang: LangOption = None,
) -> None:
    """Print the rules of a game and its options with their defaults."""
    from rich.table import Table

    from parlour.core.options import describe_options
    from parlour.core.registry import get_game
    from parlour.i18n import resolve_lang, t
    from parlour.i18n.options import option_help, option_label, typed_value

    language = resolve_lang(lang)
    the_game = get_game(game)
    console.print(f"[bold]{the_game.title[language]}[/bold]")
    # The hooks' defaults are "" (no rules text, a traditional game): nothing is printed then.
    text = the_game.rules_text(language)
    if text:
        console.print(text, highlight=False, markup=False)
    table = Table(title=t("options", language))
    table.add_column(t("option", language))
    table.add_column(t("default", language))
    table.add_column(t("meaning", language))
    for name, default, help_text, choices in describe_options(the_game.rules_class):
        # The option and its values as --rules takes them; the meaning in the reader's language.
        colon = " : " if language == "fr" else ": "
        meaning = option_label(the_game.name, name, language) + colon
        meaning += option_help(the_game.name, name, help_text, language)
        if choices:
            meaning += f" [{' | '.join(typed_value(c) for c in choices)}]"
        table.add_row(name, typed_value(default), meaning)
    console.print(table)
    credits = the_game.credits(language)
    if credits:
        console.print(credits, highlight=False, markup=False)


def about_command(lang: LangOption = None) -> None:
    """Credits and licence."""
    from parlour import __version__
    from parlour.i18n import resolve_lang
    from parlour.i18n.about import about_text

    language = resolve_lang(lang)
    console.print(f"Parlour {__version__}")
    console.print(about_text(language), highlight=False, markup=False)


def games_command() -> None:
    """List the games this installation offers."""
    from parlour.core.registry import game_names, get_game

    for name in game_names():
        console.print(f"{name}: {get_game(name).title['en']}", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
    app.command("rules")(rules_command)
    app.command("about")(about_command)
    app.command("games")(games_command)
