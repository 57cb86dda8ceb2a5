"""The Textual application of `parlour play`: it only chooses the first screen."""

from __future__ import annotations

from textual.app import App

from parlour.tui.config import PlayConfig
from parlour.tui.session import PlaySession

CSS = """
#status { height: auto; padding: 0 1; background: $boost; }
#message { height: auto; min-height: 1; padding: 0 1; color: $warning; }
#main { height: 1fr; }
#left { width: 3fr; }
#table-box { height: 1fr; border: round $primary; padding: 0 1; }
#hints { height: auto; max-height: 12; border: round $secondary; padding: 0 1; }
#right { width: 2fr; }
#narration { height: 1fr; border: round $accent; }
#moves { height: 10; border: round $success; }
.centre { width: 100%; height: 100%; align: center middle; }
.card { width: 72; height: auto; border: thick $primary; padding: 1 2; background: $panel; }
.card Button { margin: 1 1 0 0; }
.seat-row { height: auto; }
.seat-row Select { width: 28; }
.seat-row Input { width: 22; }
.seat-row Label { width: 10; padding: 1 1 0 0; }
.option-row { height: auto; }
.option-row Label { width: 28; padding: 1 1 0 0; }
.option-row Select, .option-row Input { width: 40; }
#setup { padding: 0 2; }
#setup-bar { height: auto; padding: 0 2; }
#setup-error { color: $error; height: auto; padding: 1 2; width: 1fr; }
"""


class ParlourApp(App[None]):
    """Opens on the game chooser, the setup screen or straight on the table."""

    CSS = CSS
    TITLE = "Parlour"

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
        self.lang = lang

    def on_mount(self) -> None:
        from parlour.tui.screens import GameChooser, SetupScreen, TableScreen

        if self.first_session is not None:
            self.push_screen(TableScreen(self.first_session))
        elif self.first_game is not None:
            self.push_screen(SetupScreen(self.first_game, self.lang, self.base))
        else:
            self.push_screen(GameChooser(self.lang, self.base))
