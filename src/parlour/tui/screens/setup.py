"""Choosing a game and setting up its seats, rules and pace."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    OptionList,
    Select,
    Static,
    Switch,
)
from textual.widgets.option_list import Option

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.bots.base import available_bots, make_bot
from parlour.core.capabilities import seat_choices_for
from parlour.core.errors import ParlourError
from parlour.core.options import describe_options, parse_options
from parlour.core.registry import game_names, get_game
from parlour.i18n import LANGS, has, t
from parlour.i18n.errors import localise_error
from parlour.i18n.options import option_help, option_label, value_label
from parlour.tui.config import PlayConfig, SeatPlan, check_names, human_name, plan_seats
from parlour.tui.screens.base import HUMAN, SizeAware, localise_bindings
from parlour.tui.screens.table import TableScreen
from parlour.tui.session import PlaySession
from parlour.tui.tables.generic import bot_label


class GameChooser(Screen[None]):
    """When `parlour play` is called without a game."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def __init__(self, lang: str, base: PlayConfig | None) -> None:
        super().__init__()
        self.lang = lang
        self.base = base
        localise_bindings(self, lang)

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

    def _seat_fields(self, rules: Any = None) -> dict[str, list[tuple[str, str]]]:
        """Seat data the game lets a player choose (a Panoplies character) under `rules`."""
        return dict(seat_choices_for(self.game, self.lang, rules))

    def _switched_rules(self) -> Any:
        """The default rules with the switches as they stand (the hats add two characters),
        or None while they make no valid rules."""
        flags = {
            name: self.query_one(f"#opt-{name}", Switch).value
            for name, default, _help, _choices in self.options
            if isinstance(default, bool)
        }
        try:
            return replace(self.game.rules_class(), **flags)
        except (ParlourError, TypeError, ValueError):
            return None

    def _offer_seat_choices(self) -> None:
        """Each seat's choices follow the switches: a character whose family is switched off
        goes, and a seat that had chosen it leaves the choice to the game."""
        rules = self._switched_rules()
        if rules is None:
            return
        self.seat_fields = self._seat_fields(rules)
        for key, options in self.seat_fields.items():
            offered = {value for _label, value in options}
            for index in range(self.game.max_players):
                select = self.query_one(f"#data-{key}-{index}", Select)
                kept = select.value
                select.set_options(options)
                if isinstance(kept, str) and kept in offered:
                    select.value = kept

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
                    age = Input(
                        "", placeholder=t("tui.age", lang), id=f"age-{index}", classes="age"
                    )
                    age.display = game.uses_ages()  # asked only where the youngest starts
                    yield age
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
        if _follows_the_language(name, default):
            default = self.lang  # an English table plays the English deck unless one is chosen
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

    def on_switch_changed(self, message: Switch.Changed) -> None:
        if (message.switch.id or "").startswith("opt-") and self.seat_fields:
            self._offer_seat_choices()

    def on_select_changed(self, message: Select.Changed) -> None:
        if message.select.id == "players":
            self._show_seats(message.value)
        elif message.select.id == "lang":
            self._deck_follows(str(message.value))

    def _deck_follows(self, lang: str) -> None:
        """A deck left as one language's deck becomes the new language's; a deck file stays."""
        for name, default, _help, _choices in self.options:
            if _follows_the_language(name, default):
                deck = self.query_one(f"#opt-{name}", Input)
                if deck.value.strip() in LANGS:
                    deck.value = lang

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


def _follows_the_language(name: str, default: Any) -> bool:
    """Whether an option is a deck whose default is a language's: it starts as the table's."""
    return name == "deck" and default in LANGS
