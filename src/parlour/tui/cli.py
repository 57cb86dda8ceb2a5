"""`parlour play`: the terminal table. Textual is imported only when a game starts."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from parlour.cli.args import OptionalGameArg
from parlour.core.errors import ParlourError
from parlour.tui import DEFAULT_PACE_MS

if TYPE_CHECKING:
    from parlour.tui.app import ParlourApp
    from parlour.tui.config import PlayConfig
    from parlour.tui.session import PlaySession

# Start-up: every `parlour` command imports this module; the session and Textual load inside
# `play`.


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)


def play_command(
    game: OptionalGameArg = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Number of players (skips the setup screen).")
    ] = None,
    humans: Annotated[
        str | None,
        typer.Option(
            "--humans",
            help="People at the keyboard: a count or names (Léa,Tom); two or more play hot-seat.",
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Bots of the other seats, e.g. strong,strong,counter, or an import path "
            "such as mypkg.mybots:MyBot.",
        ),
    ] = None,
    rules: Annotated[
        list[str] | None, typer.Option("--rules", help="A rules option key=value (repeatable).")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal.")] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="fr or en (default: the system's).")
    ] = None,
    pace: Annotated[
        int, typer.Option("--pace", help="Milliseconds between two bot moves.", min=0)
    ] = DEFAULT_PACE_MS,
    instant: Annotated[
        bool, typer.Option("--instant", help="Bots play at once, without pauses.")
    ] = False,
    hints: Annotated[bool, typer.Option("--hints", help="Show hints from the start.")] = False,
    resume: Annotated[
        str | None, typer.Option("--resume", help="Go on with a saved game (a record file).")
    ] = None,
) -> None:
    """Play in the terminal against bots or hot-seat; flags skip the setup screen.

    Keys at the table: Enter or a digit plays, x lists every move (and why one is not allowed),
    h hints, r rules, s save, + and - the bots' pace, * instant, a auto-play, i about, q quit,
    ? or F1 every key.
    """
    from parlour.i18n import resolve_lang
    from parlour.tui.config import PlayConfig

    language = resolve_lang(lang)

    base = PlayConfig(
        game=game or "", seats=[], lang=language, pace_ms=pace, instant=instant, hints=hints
    )
    session = _first_session(base, game, resume, rules, players, humans, bots, seed)
    _refuse_a_dumb_terminal(language)
    from parlour.tui.app import ParlourApp

    app = ParlourApp(session=session, game=game, base=base, lang=language)
    app.run()
    if app.return_code:  # ended on an unhandled error (Textual's status 1), not by quitting
        _report_a_crash(app, language)


def _report_a_crash(app: "ParlourApp", lang: str) -> None:
    """One line and status 1 for an app that stopped on an unhandled error: Textual kept the
    exception and set the return code to 1, but `run` returns as after a quit, and the status
    was 0 under the traceback. `ParlourApp` leaves the traceback out unless TEXTUAL=debug asks
    for it. Nothing is saved on the way out: a game is saved only when someone asks."""
    from rich.console import Console

    from parlour.i18n import register, t

    register(
        {
            "tui.crashed": {
                "en": "the table stopped on an internal error ({error}); "
                "TEXTUAL=debug shows where.",
                "fr": "la table s'est arrêtée sur une erreur interne ({error}) ; "
                "TEXTUAL=debug montre où.",
            }
        }
    )
    err = getattr(app, "_exception", None)  # private; the line says the status without it
    error = f"{type(err).__name__}: {err}" if err is not None else f"status {app.return_code}"
    Console(stderr=True, soft_wrap=True, no_color=True).print(
        "parlour: " + t("tui.crashed", lang, error=error), highlight=False, markup=False
    )
    raise typer.Exit(app.return_code or 1)


def _refuse_a_dumb_terminal(lang: str) -> None:
    """One clear line and status 2 on a terminal that declares it cannot move the cursor
    (TERM=dumb: Emacs' shell, some CI logs): Textual would draw its full screen, colours
    included, into it regardless, and nothing of the table could be read."""
    import os

    term = os.environ.get("TERM", "")
    if term != "dumb":
        return
    from rich.console import Console

    import parlour.tui.texts  # noqa: F401  (registers the texts)
    from parlour.i18n import t

    Console(stderr=True, soft_wrap=True, no_color=True).print(
        "parlour: " + t("tui.dumb_terminal", lang, term=term), highlight=False, markup=False
    )
    raise typer.Exit(2)


def _first_session(
    base: "PlayConfig",
    game: str | None,
    resume: str | None,
    rules: list[str] | None,
    players: int | None,
    humans: str | None,
    bots: str | None,
    seed: int | None,
) -> Optional["PlaySession"]:
    """The session to open at once (a resumed record, or a game fully set by the options), or
    None for the setup screen. Built before the screen opens, so a bad option is one clear line."""
    from parlour.core.options import parse_options
    from parlour.core.registry import get_game
    from parlour.tui.config import PlayConfig, plan_seats
    from parlour.tui.session import PlaySession

    session: PlaySession | None = None
    if resume is not None:
        # The record fixes the table: a flag that would change it is refused, not ignored.
        fixed: dict[str, object] = {"--players": players, "--humans": humans, "--bots": bots}
        fixed |= {"--rules": rules, "--seed": seed}
        clash = [flag for flag, value in fixed.items() if value is not None and value != []]
        if clash:
            raise ParlourError(
                f"--resume goes on with the saved table; {', '.join(clash)} cannot change it"
            )
        from parlour.core.records import load_record

        record = load_record(resume)
        session = PlaySession.resume(record, base)
        if game is not None and get_game(game).name != session.game.name:
            raise ParlourError(f"{resume} is a game of {session.game.name}, not {game}")
    elif game is not None:
        the_game = get_game(game)
        if rules:
            parse_options(the_game.rules_class, rules)  # a bad option is one clear line
        quick = players is not None or humans is not None or bots is not None or bool(rules)
        if quick or seed is not None:
            config = PlayConfig(
                game=the_game.name,
                # bots typed here may be import paths: the person at the keyboard chose them
                seats=plan_seats(the_game, base.lang, players, humans, bots, import_paths=True),
                rules=parse_options(the_game.rules_class, rules or []),
                lang=base.lang,
                seed=seed,
                pace_ms=base.pace_ms,
                instant=base.instant,
                hints=base.hints,
                import_paths=True,
            )
            session = PlaySession(config)  # errors before the screen opens
    elif players is not None or humans is not None or bots is not None:
        raise ParlourError("name the game to play, e.g. parlour play flip7 --players 3")
    return session
