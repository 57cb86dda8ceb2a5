"""What the screens share: the human seat's marker, localised key bindings, size awareness
and a modal closed by a key.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
)

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.i18n import has, t

HUMAN = "__human__"


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
        translated.append(
            Binding(
                binding.key,
                binding.action,
                description,
                show=binding.show,
                key_display=binding.key_display,
            )
        )
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


class ClosableModal(ModalScreen[None]):
    """A modal that any button or its close key dismisses (rules, About)."""

    def on_button_pressed(self, _message: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
