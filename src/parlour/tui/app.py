"""The Textual application of `parlour play`: it chooses the first screen and owns quitting."""

from __future__ import annotations

from typing import Any

from textual.app import App

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.i18n import t
from parlour.i18n.wrapping import keep_no_break_spaces
from parlour.tui.config import PlayConfig
from parlour.tui.session import PlaySession

keep_no_break_spaces()  # the French texts' « : » and « 8 344 » stay on their word's line

# Laid out for 80x24 first: the table takes the full width and what height is left, the moves
# and the narration share a strip below it. From 120 columns (the `wide` class) the moves and
# narration move to a column at the right and every pane grows with the terminal.
CSS = """
#status { height: 1; padding: 0 1; background: $boost; }
#message { height: auto; max-height: 2; padding: 0 1; color: $warning; }
#too-small { display: none; width: 100%; height: 1fr; content-align: center middle;
             padding: 1 2; color: $error; text-style: bold; }
#main { height: 1fr; layout: vertical; }
#table-box { height: 1fr; border: none; padding: 0 1; }
#hints { height: auto; padding: 0 0 0 0; color: $text-muted; }
#side { height: 9; layout: horizontal; }
#moves-box { width: 1fr; height: 100%; border: round $success; }
#question { height: auto; padding: 0 1; text-style: bold; }
#moves { height: 1fr; border: none; }
#narration { width: 1fr; height: 100%; border: round $accent; }
.wide #main { layout: horizontal; }
.wide #table-box { width: 3fr; height: 100%; border: round $primary; }
.wide #side { width: 2fr; height: 100%; layout: vertical; }
.wide #moves-box { width: 100%; height: 1fr; }
.wide #narration { width: 100%; height: 1fr; }
.tall #side { height: 1fr; }
.tall #table-box { height: 2fr; }
.tiny #main, .tiny #message { display: none; }
.tiny #too-small { display: block; }
.centre { width: 100%; height: 100%; align: center middle; }
.card { width: 72; max-width: 100%; height: auto; max-height: 100%; border: thick $primary;
        padding: 0 1; background: $panel; }
.card Button { margin: 1 1 0 0; }
.seat-row { height: auto; }
.seat-row Label { width: 8; padding: 1 1 0 0; }
.seat-row Select { width: 17; }
.seat-row .name { width: 14; }
.seat-row .level { width: 12; }
.seat-row .age { width: 9; }
.seat-row .data { width: 18; }
.option-row { height: auto; }
.option-row Label { width: 26; padding: 1 1 0 0; }
.option-row Select, .option-row Input { width: 1fr; max-width: 48; }
.option-help { color: $text-muted; padding: 0 0 0 27; }
#setup { padding: 0 0 0 1; scrollbar-size-vertical: 1; }
#setup-bar { height: auto; padding: 0 1; }
#setup-error { color: $error; height: auto; padding: 1 1; width: 1fr; }
"""

# Below this the table cannot be read whole: the screen says so instead of hiding panes.
MIN_SIZE = (80, 24)
WIDE_FROM = 120  # columns from which the moves and the narration move to the right
TALL_FROM = 40  # rows from which the moves pane grows with the table


class ParlourApp(App[None]):
    """Opens on the game chooser, the setup screen or straight on the table."""

    CSS = CSS
    TITLE = "Parlour"
    # Textual's command palette only speaks English (Quit, Keys, Theme...): the footer's keys
    # already do all a player needs, in the table's language.
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        session: PlaySession | None = None,
        game: str | None = None,
        base: PlayConfig | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.first_session = session
        self.first_game = game
        self.base = base
        self.lang = session.lang if session is not None else lang

    def on_mount(self) -> None:
        from parlour.tui.screens import GameChooser, SetupScreen, TableScreen

        if self.first_session is not None:
            self.push_screen(TableScreen(self.first_session))
        elif self.first_game is not None:
            self.push_screen(SetupScreen(self.first_game, self.lang, self.base))
        else:
            self.push_screen(GameChooser(self.lang, self.base))

    def _handle_exception(self, error: Exception) -> None:
        """An unhandled error: Textual keeps it (`_exception`, re-raised by tests), exits with
        return code 1 and would print its traceback; `parlour play` says it in one line instead
        (see `tui/cli.py`), and the traceback is printed only with TEXTUAL=debug."""
        super()._handle_exception(error)
        kept = getattr(self, "_exit_renderables", None)  # private: absent in some Textual
        if "debug" not in self.features and isinstance(kept, list):
            kept.clear()

    def _table(self) -> Any:
        from parlour.tui.screens import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def current_lang(self) -> str:
        table = self._table()
        return str(table.session.lang) if table is not None else self.lang

    async def action_quit(self) -> None:
        """Ctrl+Q: a game with unsaved moves asks first (save, leave, or stay)."""
        from parlour.tui.screens import QuitScreen

        table = self._table()
        if table is not None and table.session.unsaved and not isinstance(self.screen, QuitScreen):
            self.push_screen(QuitScreen(table.session))
            return
        self.exit()

    def action_help_quit(self) -> None:
        """Ctrl+C: Textual's own hint that it does not quit, in the table's language."""
        lang = self.current_lang()
        self.notify(t("tui.quit_hint", lang), title=t("tui.quit_hint_title", lang))
        table = self._table()
        if table is not None and table.is_current:  # the toast goes; the message line stays
            table.say(t("tui.quit_hint", lang))
