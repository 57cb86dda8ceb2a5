"""The game table: the board, the moves as successive choices, bots' pace, and the summary at
the end of a game.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Container, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Footer,
    OptionList,
    RichLog,
    Static,
)

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.core.errors import IllegalAction
from parlour.i18n import t
from parlour.tui import tables
from parlour.tui.fitting import fit_hints, fit_table, rendered_height, status_line
from parlour.tui.screens.base import SizeAware, localise_bindings
from parlour.tui.screens.dialogs import (
    AboutScreen,
    HandoffScreen,
    QuitScreen,
    RulesScreen,
    SaveScreen,
)
from parlour.tui.screens.keys import KeysScreen
from parlour.tui.screens.moves import MovesList
from parlour.tui.session import Choice, PlaySession

_MIN_PACE_MS = 50
_MAX_PACE_MS = 5000
_INSTANT_BATCH = 500  # bot moves played between two screen refreshes in instant mode


class TableScreen(SizeAware, Screen[None]):
    """The table: the seat's view, the narration, the moves, hints, and the bots' pace."""

    BINDINGS = [
        Binding("space", "only_move", "Play", key_display="␣"),
        Binding("x", "every_move", "Moves"),
        Binding("h", "hints", "Hints"),
        Binding("r", "rules", "Rules"),
        Binding("s", "save", "Save"),
        # One footer entry for the pace, both keys named: the row must hold at 80 columns, so
        # `*` and `i` leave it for `?`, whose screen lists every key.
        Binding("plus", "faster", "Pace", key_display="+/-"),
        Binding("minus", "slower", "Slower", show=False),
        Binding("asterisk", "instant", "Instant", show=False),
        Binding("a", "auto", "Auto-play"),
        Binding("i", "about", "About", show=False),
        Binding("question_mark,f1", "keys", "Keys", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("escape,backspace", "back", "Back", show=False),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        localise_bindings(self, session.lang)
        self.every = False
        self.auto = bool(getattr(session.state.rules, "speed", False))
        self.paused = False  # a table of bots only, paused with `a`
        adopt_rules_pace(session)
        self.show_hints = session.config.hints
        self.shown: list[Choice] = []
        # The ask-and-draw picker: the labels chosen so far (a player, then a family).
        self.path: list[str] = []
        self.picks: list[tuple[str, Choice | None]] = []  # the lines of the moves pane
        self._scheduled = False
        self._summary_shown = False
        # A hand-over screen is up or coming (hot-seat): the moves below are the last person's,
        # and a selection still on its way (a second Enter) must not be played as the next's.
        self.handing_over = False
        self.ready = False  # set once mounted: tests and callers wait for it
        self.narration: list[str] = []  # the lines of the narration pane, as written

    # ----- layout ------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.session.lang

    def compose(self) -> ComposeResult:
        lang = self.session.lang
        yield Static("", id="status")
        yield Static("", id="too-small")
        with Container(id="main"):
            with VerticalScroll(id="table-box"):
                yield Static("", id="table")
                yield Static("", id="hints")
            with Container(id="side"):
                # The picker's question is the pane's first line, wrapped, never a border title
                # cut with "…" at 80 columns.
                with Vertical(id="moves-box") as box:
                    box.border_title = t("tui.moves", lang)
                    yield Static("", id="question")
                    yield MovesList(id="moves")
                log = RichLog(
                    id="narration", wrap=True, markup=False, auto_scroll=True, min_width=20
                )
                log.border_title = t("tui.narration", lang)
                yield log
        yield Static("", id="message")
        yield Footer(compact=True)

    def say(self, message: Text | str) -> None:
        """The message line under the table; it takes no row while it has nothing to say."""
        line = self.query_one("#message", Static)
        line.update(message)
        line.display = bool(str(message))
        self.call_after_refresh(self._refit)  # the line takes rows from the table's pane

    def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self.say("")
        self.query_one("#hints").display = self.show_hints
        self._write_history()
        self.ready = True
        self.advance()

    # ----- the loop ----------------------------------------------------------------------
    def advance(self) -> None:
        """Show the table, then let whoever must move do it (bots at their pace)."""
        session = self.session
        if session.over:
            self.refresh_table()
            self._finish()
            return
        if session.is_bot(session.mover):
            self.refresh_table()
            self._schedule(self._bot_pace())
            return
        if session.needs_handoff():
            self.refresh_table()
            mover = session.mover
            assert mover is not None
            self.handing_over = True
            self.app.push_screen(HandoffScreen(session, mover), self._after_handoff)
            return
        self.refresh_table()
        if self.auto and len(session.state.legal_actions()) == 1:
            self._schedule(self._bot_pace())

    def _bot_pace(self) -> float:
        """Seconds before a bot's or an automatic move: instant, or the table's pace (the one
        the status line shows and `+`/`-` change; see `adopt_rules_pace`)."""
        if self.session.config.instant:
            return 0
        return self.session.config.pace_ms / 1000

    def _schedule(self, delay: float) -> None:
        if not self._scheduled:
            self._scheduled = True
            if delay <= 0:
                self.call_later(self._tick)  # after the screen has taken the last change in
            else:
                self.set_timer(delay, self._tick)

    def _tick(self) -> None:
        self._scheduled = False
        session = self.session
        # Wait while a dialog is open, the bots are paused, or the terminal is too small to
        # show what they do (nothing may be played unseen).
        if self.app.screen is not self or self.paused or self.too_small:
            self._schedule(0.2)
            return
        if session.over:
            self.advance()
            return
        if session.is_bot(session.mover):
            batch = _INSTANT_BATCH if session.config.instant else 1
            events = []
            try:
                for _ in range(batch):
                    events += session.bot_move()
                    if session.over or not session.is_bot(session.mover):
                        break
            except Exception as err:  # a failing bot must not take the table down with it
                self._narrate(events)
                name = session.names[session.mover] if session.mover is not None else "?"
                self.say(Text(t("tui.bot_failed", session.lang, name=name, error=str(err))))
                return
            self._narrate(events)
            self.advance()
        elif self.auto and session.mover == session.viewer:
            legal = session.state.legal_actions()
            if len(legal) == 1:
                self.play(legal[0])

    def _after_handoff(self, _result: Any = None) -> None:
        self.handing_over = False
        self.say("")  # the last holder's message is not the new one's
        self._write_history()
        self.advance()

    def play(self, action: Any) -> None:
        """The person's move: played if allowed, explained if not (nothing changes then)."""
        session = self.session
        if self.handing_over:  # the turn is over: a move chosen from its list is late
            return
        try:
            events = session.play(action)
        except IllegalAction as err:
            reason = session.reason(err)
            self.say(Text(t("tui.not_allowed", session.lang, reason=reason)))
            return
        self.say("")
        self.path = []
        player = session.viewer
        self._narrate(events)
        if (
            player is not None
            and session.hot_seat
            and session.mover != player
            and session.hides_hands()
        ):
            private = session.narrate([e for e in events if not e.public])
            self.handing_over = True
            self.app.push_screen(HandoffScreen(session, player, private), self._after_hide)
            return
        self.advance()

    def _after_hide(self, _result: Any = None) -> None:
        self.handing_over = False  # until `advance` asks for the device to be passed
        self.say("")
        self.session.hide()
        self._write_history()
        self.advance()

    def _finish(self) -> None:
        if not self._summary_shown:
            self._summary_shown = True
            self.app.push_screen(SummaryScreen(self.session))

    # ----- what is shown -----------------------------------------------------------------
    def _write_history(self) -> None:
        log = self.query_one("#narration", RichLog)
        log.clear()
        self.narration = self.session.history()
        for line in self.narration:
            log.write(Text(line))

    def _narrate(self, events: list[Any]) -> None:
        log = self.query_one("#narration", RichLog)
        for line in self.session.narrate(events):
            self.narration.append(line)
            log.write(Text(line))

    @property
    def too_small(self) -> bool:
        """The terminal is below the minimum size: the panes are hidden (see `SizeAware`)."""
        return self.has_class("tiny")

    def refresh_table(self) -> None:
        session = self.session
        lang = session.lang
        self._show_table()
        mover = session.mover
        if mover is None:
            status = t("tui.game_over", lang)
        elif session.is_bot(mover):
            status = t("tui.waiting", lang, name=session.names[mover])
        elif mover == session.viewer:
            status = t("tui.your_turn", lang, name=session.names[mover])
        else:
            status = t("tui.hidden", lang)
        pace = t("tui.instant", lang) if session.config.instant else f"{session.config.pace_ms} ms"
        line = status_line(session.game.title[lang], status, t("tui.pace", lang, pace=pace),
                           self.app.size.width - 2)  # fmt: skip
        self.query_one("#status", Static).update(Text(line))
        self._refresh_moves()

    def _show_table(self) -> None:
        """The table, as compact as it must be for the pane to show it whole (the seat's hand
        above all), then the hints in the rows it leaves."""
        box = self.query_one("#table-box").content_region
        levels = int(getattr(tables.module_for(self.session.game.name), "COMPACT_LEVELS", 0))
        if not box.height:  # not laid out yet: as designed now, fitted once it is
            self.call_after_refresh(self._refit)
            table = self.session.render()
        else:
            table = fit_table(self.session.render, levels, self.app.console, box.width, box.height)
        self.query_one("#table", Static).update(table)
        if self.show_hints:
            self._refresh_hints(table)

    def _refresh_hints(self, table: RenderableType) -> None:
        """The hints under the table, fitted to the rows the table leaves in its pane, so that
        the pane never needs a scroll bar (a long list of facts is summarised)."""
        box = self.query_one("#table-box")
        region = box.content_region
        if not region.width or not region.height:
            # The first render comes before the layout gives the pane its size: a guess
            # now, and the real fit once the screen has been laid out.
            self.call_after_refresh(self._refit)
        width = max(20, region.width or self.app.size.width // 2)
        rows = (region.height or 8) - rendered_height(self.app.console, table, width)
        lang = self.session.lang
        lines = fit_hints(self.session.hints(), width, rows - 1, lang)
        self.query_one("#hints", Static).update(
            Group(Text(t("tui.hints", lang), style="bold"), *(Text(line) for line in lines))
        )

    def _refit(self) -> None:
        """The table and hints fitted again to the pane as it is now laid out (first render,
        resize, a message line shown or gone)."""
        if not self.query_one("#table-box").content_region.height:
            return  # still not laid out (a tiny terminal hides the panes): the next resize
        self._show_table()

    def on_resize(self, _event: Any) -> None:
        # Textual also calls SizeAware.on_resize (each class's handler runs): the table and
        # hints, fitted to the old pane, need the new one, once laid out.
        self.call_after_refresh(self._refit)

    def _refresh_moves(self) -> None:
        moves = self.query_one("#moves", MovesList)
        self.shown = self.session.choices(every=self.every)
        lang = self.session.lang
        module = tables.module_for(self.session.game.name)
        picker = getattr(module, "picker", None)
        title = ""  # the picker's question, if any
        if picker is not None and not self.every and self.shown:
            context = self.session.context()
            title, self.picks = pick_level(self.shown, self.path, picker, context)
            if not self.picks:  # the path no longer leads anywhere (a new turn): start over
                self.path = []
                title, self.picks = pick_level(self.shown, self.path, picker, context)
        else:
            self.path = []
            self.picks = [(choice.label, choice) for choice in self.shown]
        lines = [move_line(n, label, choice) for n, (label, choice) in enumerate(self.picks)]
        if self.path:
            lines.append(Text("0. " + t("tui.back", lang), style="dim"))
        moves.show(lines)
        box = self.query_one("#moves-box")
        box.border_title = t("tui.all_moves" if self.every else "tui.moves", lang)
        question = self.query_one("#question", Static)
        question.update(title)
        question.display = bool(title)
        if lines and self.app.screen is self:
            moves.focus()

    # ----- keys and clicks ---------------------------------------------------------------
    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option_list.id != "moves" or self._refused():
            return
        self.choose(message.option_index)

    def _refused(self) -> bool:
        """Whether a move key must do nothing now: a terminal too small to show the table
        (and the move played) refuses it, with the bell, until it is enlarged."""
        if self.too_small:
            self.app.bell()
        return self.too_small

    def choose(self, index: int) -> None:
        """The line `index` of the moves pane: a move is played, a picker step narrows."""
        if self.handing_over:  # a line of the last person's list, chosen after his turn
            return
        if self.path and index == len(self.picks):
            self.action_back()
            return
        if not 0 <= index < len(self.picks):
            return
        label, choice = self.picks[index]
        if choice is None:
            self.path.append(label)
            self._refresh_moves()
            return
        if not choice.legal:
            self.say(Text(t("tui.not_allowed", self.session.lang, reason=choice.reason)))
            return
        self.play(choice.action)

    def play_choice(self, index: int) -> None:
        """The move `self.shown[index]` at once, past the picker's steps (scripts, tests)."""
        if not 0 <= index < len(self.shown):
            return
        choice = self.shown[index]
        if not choice.legal:
            self.say(Text(t("tui.not_allowed", self.session.lang, reason=choice.reason)))
            return
        self.play(choice.action)

    def action_back(self) -> None:
        if self.path:
            self.path.pop()
            self._refresh_moves()

    def on_key(self, event: Any) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            if self._refused():
                return
            digit = int(event.character)
            if digit == 0:
                self.action_back()
            else:
                self.choose(digit - 1)

    def action_only_move(self) -> None:
        if self._refused():
            return
        legal = [c for c in self.shown if c.legal]
        if len(legal) == 1:
            self.play(legal[0].action)

    def action_every_move(self) -> None:
        self.every = not self.every
        self._refresh_moves()

    def action_hints(self) -> None:
        self.show_hints = not self.show_hints
        self.query_one("#hints").display = self.show_hints
        self.refresh_table()

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session))

    def action_about(self) -> None:
        self.app.push_screen(AboutScreen(self.session.lang))

    def action_keys(self) -> None:
        self.app.push_screen(KeysScreen(self.session.lang))

    def action_save(self) -> None:
        # The path stays on the message line (a toast goes in seconds), until the next move.
        self.app.push_screen(SaveScreen(self.session), self._saved)

    def _saved(self, said: str | None) -> None:
        if said:
            self.say(Text(said))

    def action_quit(self) -> None:
        if not self.session.unsaved:  # over, not started, or saved since the last move
            self.app.exit()
            return
        self.app.push_screen(QuitScreen(self.session))

    def action_faster(self) -> None:
        config = self.session.config
        config.pace_ms = max(_MIN_PACE_MS, int(config.pace_ms / 1.5))
        self.refresh_table()

    def action_slower(self) -> None:
        config = self.session.config
        config.pace_ms = min(_MAX_PACE_MS, int(config.pace_ms * 1.5))
        self.refresh_table()

    def action_instant(self) -> None:
        self.session.config.instant = not self.session.config.instant
        self.refresh_table()

    def action_auto(self) -> None:
        lang = self.session.lang
        if not self.session.humans:  # nobody's moves to automate: `a` pauses the bots instead
            self.paused = not self.paused
            self.say(Text(t("tui.bots_paused" if self.paused else "tui.bots_resumed", lang)))
            return
        self.auto = not self.auto
        self.say(Text(t("tui.auto_on" if self.auto else "tui.auto_off", lang)))
        self.advance()


def adopt_rules_pace(session: PlaySession) -> None:
    """A game whose rules set the pace of automatic moves (Beggar's speed variant: `pace_ms`
    in the view) starts the table at that pace: one pace, shown on the status line and
    changed by `+`/`-`, rather than a shown one and a used one."""
    pace = session.view().get("pace_ms")
    if isinstance(pace, int) and not isinstance(pace, bool):
        session.config.pace_ms = pace


def move_line(index: int, label: str, choice: Choice | None) -> Text:
    """A line of the moves pane: its digit (1 to 9), and ✗ on a move not allowed now."""
    key = f"{index + 1}. " if index < 9 else "   "
    if choice is not None and not choice.legal:
        return Text(key + "✗ " + label, style="dim")
    return Text(key + label)


Picker = Any  # (action JSON, TableContext) -> (titles, labels): a move as successive choices


def pick_level(
    choices: list[Choice], path: list[str], picker: Picker, context: tables.TableContext
) -> tuple[str, list[tuple[str, Choice | None]]]:
    """The lines of the picker below `path`: the next labels (None: a step), or the moves.

    The game's `picker` splits a move into steps, e.g. a player, a family, a member; the
    moves sharing the labels chosen so far are offered by their next label, in order.
    """
    lines: list[tuple[str, Choice | None]] = []
    seen: set[str] = set()
    title = ""
    for choice in choices:
        titles, labels = picker(choice.action.to_json(), context)
        depth = len(path)
        if labels[:depth] != path or depth >= len(labels):
            continue
        title = titles[depth]
        label = labels[depth]
        if depth == len(labels) - 1:
            lines.append((label, choice))
        elif label not in seen:
            seen.add(label)
            lines.append((label, None))
    return title, lines


def summary_renderable(session: PlaySession) -> RenderableType:
    lang = session.lang
    outcome = session.state.outcome
    assert outcome is not None
    table = Table(expand=True)
    table.add_column(t("tui.rank", lang), justify="right")
    table.add_column(t("tui.player", lang))
    table.add_column(t("tui.score", lang), justify="right")
    for rank, name, score in session.summary():
        table.add_row(str(rank), name, f"{score:g}")
    lines: list[RenderableType] = [Text(t("tui.game_over", lang), style="bold"), table]
    winners = [session.names[w] for w in outcome.winners]
    if len(winners) == 1:
        lines.append(Text(t("wins", lang, name=winners[0]), style="bold green"))
    elif winners:
        from parlour.i18n.common import join_names

        lines.append(Text(t("shared_win", lang, names=join_names(winners, lang))))
    else:
        lines.append(Text(t("draw", lang)))
    loser = outcome.detail.get("loser") if outcome.detail else None
    if isinstance(loser, int):
        lines.append(Text(t("tui.loser", lang, name=session.names[loser]), style="bold red"))
    lines.append(Text(t("tui.turns", lang, turns=session.state.turns), style="dim"))
    return Group(*lines)


class SummaryScreen(ModalScreen[None]):
    """The end of a game: ranks and scores, play again, save, or quit."""

    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("s", "save", "Save")]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        lang = self.session.lang
        with Center(classes="centre"), Vertical(classes="card", id="summary"):
            yield Static(summary_renderable(self.session), id="summary-text")
            yield Static("", id="summary-saved")
            with Horizontal():
                yield Button(t("tui.play_again", lang), variant="primary", id="again")
                yield Button(t("tui.save", lang), id="save")
                yield Button(t("tui.quit", lang), id="quit")

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "again":
            new = self.session.again()
            self.app.pop_screen()
            self.app.switch_screen(TableScreen(new))
        elif message.button.id == "save":
            self.action_save()
        else:
            self.app.exit()

    def action_save(self) -> None:
        self.app.push_screen(SaveScreen(self.session), self._saved)

    def _saved(self, said: str | None) -> None:
        if said:  # kept on the card, where the toast is gone in seconds
            self.query_one("#summary-saved", Static).update(Text(said, style="bold"))
