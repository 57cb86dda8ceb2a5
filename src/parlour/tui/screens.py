"""The screens of `parlour play`: choose, set up, play, hand over, read the rules, finish."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Container, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    OptionList,
    RichLog,
    Select,
    Static,
    Switch,
)
from textual.widgets.option_list import Option

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.bots.base import available_bots, make_bot
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.options import describe_options, parse_options
from parlour.core.registry import game_names, get_game
from parlour.i18n import LANGS, has, t
from parlour.i18n.about import about_text
from parlour.i18n.errors import localise_error
from parlour.i18n.options import option_help, option_label, value_label
from parlour.tui import tables
from parlour.tui.config import PlayConfig, SeatPlan, check_names, human_name, plan_seats
from parlour.tui.session import Choice, PlaySession
from parlour.tui.tables.generic import bot_label

HUMAN = "__human__"
_MIN_PACE_MS = 50
_MAX_PACE_MS = 5000
_INSTANT_BATCH = 500  # bot moves played between two screen refreshes in instant mode


def localise_bindings(screen: Screen[Any], lang: str) -> None:
    """Footer labels in the table's language (Textual reads them from the class's BINDINGS).

    The bindings map is rebuilt for this screen only; on a Textual without that attribute the
    footer simply stays in English.
    """
    from textual.binding import BindingsMap

    if not hasattr(screen, "_bindings"):
        return
    translated = []
    for binding in type(screen).BINDINGS:
        assert isinstance(binding, Binding)
        key = f"tui.key.{binding.action.removeprefix('app.')}"
        description = t(key, lang) if has(key) else binding.description
        translated.append(Binding(binding.key, binding.action, description, show=binding.show))
    screen._bindings = BindingsMap(translated)


class SizeAware:
    """A screen laid out for 80x24 first: below it a message replaces the panes, and from
    `WIDE_FROM` columns or `TALL_FROM` rows the panes take the room (CSS classes)."""

    def fit(self: Any, width: int, height: int) -> None:
        from parlour.tui.app import MIN_SIZE, TALL_FROM, WIDE_FROM

        tiny = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(tiny, "tiny")
        self.set_class(not tiny and width >= WIDE_FROM, "wide")
        self.set_class(not tiny and height >= TALL_FROM, "tall")
        for message in self.query("#too-small"):
            text = t(
                "tui.too_small",
                self.lang,
                width=width,
                height=height,
                min_width=MIN_SIZE[0],
                min_height=MIN_SIZE[1],
            )
            message.update(text if tiny else "")

    def on_resize(self: Any, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def on_screen_resume(self: Any) -> None:
        self.fit(self.app.size.width, self.app.size.height)


class GameChooser(Screen[None]):
    """When `parlour play` is called without a game."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def __init__(self, lang: str, base: PlayConfig | None) -> None:
        super().__init__()
        self.lang = lang
        self.base = base

    def compose(self) -> ComposeResult:
        options = [Option(get_game(name).title[self.lang], id=name) for name in game_names()]
        yield Static("Parlour", id="status")
        yield OptionList(*options, id="games")
        yield Footer()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        assert message.option.id is not None
        self.app.switch_screen(SetupScreen(message.option.id, self.lang, self.base))


class SetupScreen(SizeAware, Screen[None]):
    """Players, who is human and which bots, the rules options, language, seed."""

    BINDINGS = [Binding("q", "app.quit", "Quit"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, game_name: str, lang: str, base: PlayConfig | None = None) -> None:
        super().__init__()
        self.game = get_game(game_name)
        self.lang = lang
        self.base = base
        localise_bindings(self, lang)
        self.options = describe_options(self.game.rules_class)
        self.bot_names = sorted(available_bots(self.game))
        self.seat_fields = self._seat_fields()

    def _seat_fields(self) -> dict[str, list[tuple[str, str]]]:
        """Seat data the game lets a player choose (a Panoplies character), from its table."""
        module = tables.module_for(self.game.name)
        choose = getattr(module, "seat_choices", None)
        if choose is None:
            return {}
        state = self.game.new_state(self.game.min_players, seed=0)
        fields: dict[str, list[tuple[str, str]]] = choose(state.view(None), self.lang)
        return fields

    def compose(self) -> ComposeResult:
        lang, game = self.lang, self.game
        seats = plan_seats(game, lang, players=min(game.max_players, max(game.min_players, 3)))
        yield Static(t("tui.setup_title", lang, title=game.title[lang]), id="status")
        yield Static("", id="too-small")
        with Horizontal(id="setup-bar"):
            yield Button(t("tui.start", lang), variant="primary", id="start")
            yield Static("", id="setup-error")
        with VerticalScroll(id="setup"):
            counts = range(game.min_players, game.max_players + 1)
            with Horizontal(classes="option-row"):
                yield Label(t("tui.players", lang))
                yield Select(
                    [(str(n), n) for n in counts],
                    value=len(seats),
                    allow_blank=False,
                    id="players",
                )
            kinds = [(t("tui.human", lang), HUMAN)] + [
                (bot_label(name, lang), name) for name in self.bot_names
            ]
            default = seats[-1].bot or "random"
            for index in range(game.max_players):
                plan = seats[index] if index < len(seats) else None
                kind = HUMAN if plan is not None and plan.human else default
                name = plan.name if plan is not None else self._bot_name(index)
                with Horizontal(classes="seat-row", id=f"seat-{index}"):
                    yield Label(t("tui.seat", lang, n=index + 1))
                    yield Select(kinds, value=kind, allow_blank=False, id=f"kind-{index}")
                    yield Input(name, id=f"name-{index}", classes="name")
                    yield Input(
                        "", placeholder=t("tui.level", lang), id=f"level-{index}", classes="level"
                    )
                    yield Input(
                        "", placeholder=t("tui.age", lang), id=f"age-{index}", classes="age"
                    )
                    for key, options in self.seat_fields.items():
                        field = t(f"tui.field.{key}", lang) if has(f"tui.field.{key}") else key
                        yield Select(
                            options,
                            prompt=t("tui.seat_field", lang, field=field),
                            allow_blank=True,
                            id=f"data-{key}-{index}",
                            classes="data",
                        )
            yield Label(t("tui.rules_options", lang))
            for name, default_value, help_text, choices in self.options:
                with Horizontal(classes="option-row"):
                    yield Label(option_label(game.name, name, lang))
                    yield self._option_widget(name, default_value, choices)
                yield Static(
                    Text(option_help(game.name, name, help_text, lang)), classes="option-help"
                )
            with Horizontal(classes="option-row"):
                yield Label(t("tui.language", lang))
                yield Select(
                    [(t(f"tui.lang.{code}", lang), code) for code in LANGS],
                    value=lang,
                    allow_blank=False,
                    id="lang",
                )
            with Horizontal(classes="option-row"):
                yield Label(t("tui.seed", lang))
                yield Input("", id="seed")
            with Horizontal(classes="option-row"):
                yield Label(t("tui.hints_option", lang))
                yield Switch(bool(self.base and self.base.hints), id="hints")
        yield Footer()

    def _bot_name(self, index: int) -> str:
        from parlour.tui.config import BOT_NAMES

        return BOT_NAMES[index % len(BOT_NAMES)]

    def _option_widget(self, name: str, default: Any, choices: Any) -> Any:
        if isinstance(default, bool):
            return Switch(default, id=f"opt-{name}")
        game, lang = self.game.name, self.lang
        if choices:
            return Select(
                [(value_label(game, name, c, lang), c) for c in choices],
                value=default,
                allow_blank=False,
                id=f"opt-{name}",
            )
        if isinstance(default, tuple):
            return Input(",".join(map(str, default)), id=f"opt-{name}")
        if default is None:  # empty means "none" or "automatic": the placeholder says which
            return Input("", placeholder=value_label(game, name, None, lang), id=f"opt-{name}")
        return Input(str(default), id=f"opt-{name}")

    def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self._show_seats(self.query_one("#players", Select).value)
        self.query_one("#start", Button).focus()  # Enter starts with the defaults

    def on_select_changed(self, message: Select.Changed) -> None:
        if message.select.id == "players":
            self._show_seats(message.value)

    def _show_seats(self, count: Any) -> None:
        for index in range(self.game.max_players):
            self.query_one(f"#seat-{index}").display = index < int(count)

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "start":
            self.action_start()

    def config(self) -> PlayConfig:
        count = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        lang = str(self.query_one("#lang", Select).value)
        seats = []
        for index in range(count):
            kind = self.query_one(f"#kind-{index}", Select).value
            name = self.query_one(f"#name-{index}", Input).value.strip()
            level = self.query_one(f"#level-{index}", Input).value.strip()
            age_text = self.query_one(f"#age-{index}", Input).value.strip()
            if age_text and not age_text.isdigit():
                raise ParlourError(f"an age is a whole number, not {age_text!r}")
            age = int(age_text) if age_text else None
            data = {}
            for key in self.seat_fields:
                value = self.query_one(f"#data-{key}-{index}", Select).value
                if isinstance(value, str):  # nothing chosen: the game decides
                    data[key] = value
            if kind == HUMAN:
                seats.append(SeatPlan(name or human_name(index, lang), age=age, data=data))
            else:
                spec = f"{kind}:{level}" if level else str(kind)  # threshold:23, search:200
                make_bot(self.game, spec)  # a bad level is refused here, with the bot's message
                seats.append(SeatPlan(name or self._bot_name(index), spec, age, data))
        check_names(seats)
        pairs = []
        for name, _default, _help, _choices in self.options:
            widget = self.query_one(f"#opt-{name}")
            value = getattr(widget, "value")  # noqa: B009  (a Switch, Select or Input)
            pairs.append(f"{name}={value}")
        rules = parse_options(self.game.rules_class, pairs)
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise ParlourError(f"the seed is a whole number, not {seed_text!r}") from None
        base = self.base
        return PlayConfig(
            game=self.game.name,
            seats=seats,
            rules=rules,
            lang=lang,
            seed=seed,
            pace_ms=base.pace_ms if base else PlayConfig.pace_ms,
            instant=base.instant if base else False,
            hints=self.query_one("#hints", Switch).value,
        )

    def action_start(self) -> None:
        try:
            session = PlaySession(self.config())
        except ParlourError as err:
            self.query_one("#setup-error", Static).update(
                Text(t("tui.bad_setup", self.lang, error=localise_error(err, self.lang)))
            )
            return
        self.app.switch_screen(TableScreen(session))


class TableScreen(SizeAware, Screen[None]):
    """The table: the seat's view, the narration, the moves, hints, and the bots' pace."""

    BINDINGS = [
        Binding("space", "only_move", "Play"),
        Binding("x", "every_move", "Every move"),
        Binding("h", "hints", "Hints"),
        Binding("r", "rules", "Rules"),
        Binding("s", "save", "Save"),
        Binding("plus", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
        Binding("asterisk", "instant", "Instant"),
        Binding("a", "auto", "Auto-play"),
        Binding("i", "about", "About"),
        Binding("q", "quit", "Quit"),
        Binding("escape,backspace", "back", "Back", show=False),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        localise_bindings(self, session.lang)
        self.every = False
        self.auto = bool(getattr(session.state.rules, "speed", False))
        self.show_hints = session.config.hints
        self.shown: list[Choice] = []
        # The ask-and-draw picker: the labels chosen so far (a player, then a family).
        self.path: list[str] = []
        self.picks: list[tuple[str, Choice | None]] = []  # the lines of the moves pane
        self._scheduled = False
        self._summary_shown = False
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
                moves = OptionList(id="moves")
                moves.border_title = t("tui.moves", lang)
                yield moves
                log = RichLog(
                    id="narration", wrap=True, markup=False, auto_scroll=True, min_width=20
                )
                log.border_title = t("tui.narration", lang)
                yield log
        yield Static("", id="message")
        yield Footer()

    def say(self, message: Text | str) -> None:
        """The message line under the table; it takes no row while it has nothing to say."""
        line = self.query_one("#message", Static)
        line.update(message)
        line.display = bool(str(message))

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
            self.app.push_screen(HandoffScreen(session, mover), self._after_handoff)
            return
        self.refresh_table()
        if self.auto and len(session.state.legal_actions()) == 1:
            self._schedule(self._bot_pace())

    def _bot_pace(self) -> float:
        """Seconds before a bot's or an automatic move: instant, the rules' own pace (Beggar's
        speed variant), or the table's adjustable pace."""
        if self.session.config.instant:
            return 0
        pace = self.session.view().get("pace_ms", self.session.config.pace_ms)
        return float(pace) / 1000

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
        if self.app.screen is not self:  # a rules or save dialog is open: wait for it
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
        self._write_history()
        self.advance()

    def play(self, action: Any) -> None:
        """The person's move: played if allowed, explained if not (nothing changes then)."""
        session = self.session
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
            self.app.push_screen(HandoffScreen(session, player, private), self._after_hide)
            return
        self.advance()

    def _after_hide(self, _result: Any = None) -> None:
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

    def refresh_table(self) -> None:
        session = self.session
        lang = session.lang
        self.query_one("#table", Static).update(session.render())
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
        title = session.game.title[lang]
        self.query_one("#status", Static).update(
            Text(f"{title} · {status} · {t('tui.pace', lang, pace=pace)}")
        )
        if self.show_hints:
            self.query_one("#hints", Static).update(
                Group(
                    Text(t("tui.hints", lang), style="bold"),
                    *(Text("• " + line) for line in session.hints()),
                )
            )
        self._refresh_moves()

    def _refresh_moves(self) -> None:
        moves = self.query_one("#moves", OptionList)
        self.shown = self.session.choices(every=self.every)
        lang = self.session.lang
        module = tables.module_for(self.session.game.name)
        picker = getattr(module, "picker", None)
        title = t("tui.all_moves" if self.every else "tui.moves", lang)
        if picker is not None and not self.every and self.shown:
            context = self.session.context()
            title, self.picks = pick_level(self.shown, self.path, picker, context)
            if not self.picks:  # the path no longer leads anywhere (a new turn): start over
                self.path = []
                title, self.picks = pick_level(self.shown, self.path, picker, context)
        else:
            self.path = []
            self.picks = [(choice.label, choice) for choice in self.shown]
        moves.clear_options()
        options = []
        for index, (label, choice) in enumerate(self.picks):
            key = f"{index + 1}. " if index < 9 else "   "
            prompt = Text(key + label)
            if choice is not None and not choice.legal:
                prompt = Text(key + "✗ " + label, style="dim")
            options.append(Option(prompt))
        if self.path:
            options.append(Option(Text("0. " + t("tui.back", lang), style="dim")))
        moves.add_options(options)
        moves.border_title = title
        if options:
            moves.highlighted = 0
            if self.app.screen is self:
                moves.focus()

    # ----- keys and clicks ---------------------------------------------------------------
    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        if message.option_list.id != "moves":
            return
        self.choose(message.option_index)

    def choose(self, index: int) -> None:
        """The line `index` of the moves pane: a move is played, a picker step narrows."""
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
            digit = int(event.character)
            if digit == 0:
                self.action_back()
            else:
                self.choose(digit - 1)
            event.stop()

    def action_only_move(self) -> None:
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

    def action_save(self) -> None:
        self.app.push_screen(SaveScreen(self.session))

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
        self.auto = not self.auto
        lang = self.session.lang
        self.say(Text(t("tui.auto_on" if self.auto else "tui.auto_off", lang)))
        self.advance()


class HandoffScreen(Screen[None]):
    """Covers the whole table between two people at a hot-seat table.

    With `private` (the end of a person's turn) it shows that person what only he may read of
    his last move, then hides his hand; without it, it asks for the device to be passed.
    """

    BINDINGS = [Binding("enter", "done", "Continue")]

    def __init__(self, session: PlaySession, seat: int, private: list[str] | None = None) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.private = private

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
        self.query_one("#done", Button).focus()

    def on_button_pressed(self, _message: Button.Pressed) -> None:
        self.action_done()

    def action_done(self) -> None:
        if self.private is None:
            self.session.take_device(self.seat)
        self.dismiss(None)


class ClosableModal(ModalScreen[None]):
    """A modal that any button or its close key dismisses (rules, About)."""

    def on_button_pressed(self, _message: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
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


class SaveScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, session: PlaySession, then_quit: bool = False) -> None:
        super().__init__()
        self.session = session
        self.then_quit = then_quit  # the quit dialog's "Save": leave once saved

    def compose(self) -> ComposeResult:
        lang = self.session.lang
        state = self.session.state
        default = f"parlour-{state.game.name}-{state.seed if state.seed is not None else 'deal'}"
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
        self.app.notify(t("tui.saved", lang, path=str(target)))
        self.dismiss(None)

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
        self.app.push_screen(SaveScreen(self.session))
