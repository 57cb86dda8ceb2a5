"""The commands that belong to no layer and no game: `replay`, `rules`, `about` and `games`.

No `from __future__ import annotations`: see parlour/cli/root.py (start-up).
"""

from typing import Annotated, Any

import typer

from parlour.cli.args import GameArg, LangOption, out_json
from parlour.cli.lazy_rich import lazy_console

console = lazy_console(soft_wrap=True)


def replay_command(
    file: Annotated[str, typer.Argument(help="A game record (parlour-record/1 JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    lang: LangOption = None,
    review: Annotated[
        int | None,
        typer.Option(
            "--review",
            metavar="SEAT",
            help="Print the review of that seat's decisions (0 is the first seat) instead.",
        ),
    ] = None,
) -> None:
    """Replay a saved game: the narration, or the result with --json."""
    from parlour.core.records import load_record, replay
    from parlour.i18n import resolve_lang

    language = resolve_lang(lang)
    record = load_record(file)
    state, events = replay(record)
    if review is not None:
        print_review(record, review, language, as_json)
        return
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


def print_review(record: dict[str, Any], seat: int, lang: str, as_json: bool) -> None:
    """A seat's review: its graded decisions (the mistakes marked), the summary, the note."""
    from parlour.core.errors import ParlourError
    from parlour.core.review import review_record

    found = review_record(record, seat)
    if found is None:
        raise ParlourError(f"{record['game']} offers no review of a seat's decisions")
    body = found.to_json()
    if as_json:
        out_json(body)
        return
    for graded in body["decisions"]:
        mark = "!" if graded["mistake"] else " "
        console.print(f"{mark} {graded['index'] + 1:>4}  {graded['text'][lang]}",
                      highlight=False, markup=False)  # fmt: skip
    console.print(body["summary"]["text"][lang], highlight=False, markup=False)
    console.print(body["note"][lang], highlight=False, markup=False, style="dim")


def rules_command(
    game: GameArg,
    lang: LangOption = None,
) -> None:
    """Print the rules of a game and its options with their defaults."""
    from rich.table import Table

    from parlour.core.options import describe_options
    from parlour.core.registry import get_game
    from parlour.i18n import resolve_lang, t
    from parlour.i18n.common import after_colon, colon
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
        meaning = option_label(the_game.name, name, language) + colon(language)
        help_line = option_help(the_game.name, name, help_text, language)
        # French goes on in lower case after a colon (a proper noun keeps its capital).
        meaning += after_colon(help_line) if language == "fr" else help_line
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


def games_command(lang: LangOption = None) -> None:
    """List the games this installation offers."""
    from parlour.core.registry import game_names, get_game
    from parlour.i18n import resolve_lang
    from parlour.i18n.common import colon

    language = resolve_lang(lang)
    for name in game_names():
        title = get_game(name).title
        # The name is what commands take; the title is for the reader, in the reader's language.
        line = f"{name}{colon(language)}{title.get(language, title['en'])}"
        console.print(line, highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
    app.command("rules")(rules_command)
    app.command("about")(about_command)
    app.command("games")(games_command)
