"""The dialogs over a game: hand-over between hot-seat players, rules, about, save and quit."""

from __future__ import annotations

from datetime import datetime

from rich.table import Table
from rich.text import Text
from textual import events

try:  # the clock of Textual's events (`event.time`), a private module
    from textual._time import get_time
except ImportError:  # a later Textual: its events' clock has been `monotonic` on Linux and macOS
    from time import monotonic as get_time
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Input,
    Label,
    Static,
)

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.core.errors import ParlourError
from parlour.core.options import describe_options
from parlour.i18n import t
from parlour.i18n.about import about_text
from parlour.i18n.errors import localise_error
from parlour.i18n.options import option_help, option_label, value_label
from parlour.tui.screens.base import ClosableModal
from parlour.tui.session import PlaySession


class HandoffScreen(Screen[None]):
    """Covers the whole table between two people at a hot-seat table.

    With `private` (the end of a person's turn) it shows that person what only he may read of
    his last move, then hides his hand; without it, it asks for the device to be passed.

    It must be seen before it is passed: a key pressed before it was drawn, or within `GUARD_S`
    after, does nothing. Otherwise Enter pressed twice (a double press, a repeating key, keys
    queued while the table was busy) ended a turn and went on past "Pass the device to Tom",
    showing Tom's hand to the person who just played. Enter still confirms it, as every dialog
    of the table: a key of its own would be one more thing to learn at each hand-over, and a
    slip of the finger is caught by the guard, which nobody reading the screen notices. A key
    counts only after a quiet moment (`QUIET_S` with no key at all): a key held down repeats
    every few hundredths of a second and so never passes the screen, however long it is held.
    """

    BINDINGS = [Binding("enter", "done", "Continue")]
    GUARD_S = 0.6  # about twice a keyboard's repeat delay; under the time to read the card
    QUIET_S = 0.25  # several times a key's repeat interval; far under a deliberate press's gap

    def __init__(self, session: PlaySession, seat: int, private: list[str] | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.private = private
        self.shown_at: float | None = None  # when it was first drawn (Textual's event clock)
        self.last_key: float | None = None  # when the last key reached this screen
        self.closing = False

    def compose(self) -> ComposeResult:
        lang, name = self.session.lang, self.session.names[self.seat]
        with Center(classes="centre"), Vertical(classes="card"):
            if self.private is None:
                yield Static(Text(t("tui.pass_to", lang, name=name), style="bold"))
                yield Static(t("tui.pass_hint", lang, name=name))
                yield Button(t("tui.ready", lang, name=name), variant="primary", id="done")
            else:
                yield Static(Text(t("tui.turn_over", lang, name=name), style="bold"))
                for line in self.private:
                    yield Static(line)
                yield Button(t("tui.hide_hand", lang), variant="primary", id="done")

    def on_mount(self) -> None:
        # Closed before it was mounted (the app quitting), its button is gone: nothing to focus.
        for button in self.query("#done").results(Button):
            button.focus()
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        if self.shown_at is None:
            self.shown_at = get_time()

    def open_at(self, when: float) -> bool:
        """Whether a press made at `when` may pass the screen: it had been seen by then."""
        return self.shown_at is not None and when >= self.shown_at + self.GUARD_S

    def on_key(self, event: events.Key) -> None:
        # Keys reach the screen before its bindings (and the button's) run: one pressed too
        # early goes no further. Its own time counts, not when it is handled: a key queued
        # while the app was busy arrives late but was pressed before the screen was seen.
        quiet = self.last_key is None or event.time - self.last_key >= self.QUIET_S
        self.last_key = event.time
        if not (quiet and self.open_at(event.time)):
            event.stop()
            event.prevent_default()

    def on_button_pressed(self, _message: Button.Pressed) -> None:
        self.action_done()

    def action_done(self) -> None:
        # Also reached by an Enter sent to the table below that bubbled up to the app once this
        # screen was on top, before it was even mounted: refused too, by the time.
        if self.closing or not self.open_at(get_time()):
            return
        self.closing = True
        if self.private is None:
            self.session.take_device(self.seat)
        self.dismiss(None)


class RulesScreen(ClosableModal):
    BINDINGS = [Binding("escape,r,q", "close", "Close")]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session, lang = self.session, self.session.lang
        game = session.game
        body = game.rules_text(lang)
        table = Table(title=t("options", lang), expand=True)
        table.add_column(t("option", lang))
        table.add_column(t("tui.current", lang))
        table.add_column(t("default", lang))
        table.add_column(t("meaning", lang))
        for name, default, help_text, _choices in describe_options(game.rules_class):
            current = getattr(session.state.rules, name)
            table.add_row(
                option_label(game.name, name, lang),
                value_label(game.name, name, current, lang),
                value_label(game.name, name, default, lang),
                option_help(game.name, name, help_text, lang),
            )
        with Center(classes="centre"), VerticalScroll(classes="card", id="rules"):
            yield Static(Text(t("tui.rules_title", lang, title=game.title[lang]), style="bold"))
            yield Static(Text(body))
            yield Static(table)
            yield Button(t("tui.close", lang), id="close")


class AboutScreen(ClosableModal):
    BINDINGS = [Binding("escape,i,q", "close", "Close")]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        from parlour import __version__

        with Center(classes="centre"), Vertical(classes="card", id="about"):
            yield Static(Text(t("tui.about_title", self.lang), style="bold"))
            about = t("tui.about", self.lang, version=__version__)
            yield Static(Text(f"{about}\n\n{about_text(self.lang)}"))
            yield Button(t("tui.close", self.lang), id="close")


class SaveScreen(ModalScreen[str | None]):
    """Where to save; dismissed with the sentence that says where it went (None: cancelled),
    for the screen below to keep in sight: the toast alone is gone in seconds."""

    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, session: PlaySession, then_quit: bool = False) -> None:
        super().__init__()
        self.session = session
        self.then_quit = then_quit  # the quit dialog's "Save": leave once saved

    def compose(self) -> ComposeResult:
        lang = self.session.lang
        state = self.session.state
        # Named by the time, never by the seed: the seed rebuilds every hand and the pile, and
        # whoever sees the dialog (or the path printed on leaving) would read them.
        default = f"parlour-{state.game.name}-{datetime.now():%Y%m%d-%H%M%S}"
        with Center(classes="centre"), Vertical(classes="card"):
            yield Label(t("tui.save_as", lang))
            yield Input(f"{default}-{state.turns}.json", id="path")
            yield Static("", id="save-error")
            with Horizontal():
                yield Button(t("tui.save", lang), variant="primary", id="save")
                yield Button(t("tui.cancel", lang), id="cancel")

    def on_input_submitted(self, _message: Input.Submitted) -> None:
        self._save()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "save":
            self._save()
        else:
            self.dismiss(None)

    def _save(self) -> None:
        lang = self.session.lang
        path = self.query_one("#path", Input).value.strip()
        try:
            target = self.session.save(path)
        except ParlourError as err:
            self.query_one("#save-error", Static).update(
                Text(t("tui.cannot_save", lang, error=localise_error(err, lang)))
            )
            return
        if self.then_quit:
            self.app.exit(message=t("tui.saved", lang, path=str(target)))
            return
        said = t("tui.saved", lang, path=str(target))
        self.app.notify(said)
        self.dismiss(said)

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[None]):
    """Quitting a game in progress: save it first, or leave it."""

    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        lang = self.session.lang
        with Center(classes="centre"), Vertical(classes="card"):
            yield Static(Text(t("tui.quit_question", lang), style="bold"))
            with Horizontal():
                yield Button(t("tui.save", lang), variant="primary", id="save")
                yield Button(t("tui.quit", lang), variant="error", id="quit")
                yield Button(t("tui.cancel", lang), id="cancel")

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "save":
            self.app.switch_screen(SaveScreen(self.session, then_quit=True))
        elif message.button.id == "quit":
            self.app.exit()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
