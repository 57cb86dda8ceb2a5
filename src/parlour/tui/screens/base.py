"""What the screens share: the human seat's marker, localised key bindings, size awareness
and a modal closed by a key.
"""

from __future__ import annotations

import dataclasses
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

    Only the descriptions change: the screen's map, already merged by Textual with the
    bindings it inherits (Tab and Shift+Tab between fields, Ctrl+C to copy), keeps every key;
    a binding with no text of ours keeps its own label. On a Textual without that attribute
    the footer simply stays in English.
    """
    from textual.binding import BindingsMap

    bindings = getattr(screen, "_bindings", None)
    if not isinstance(bindings, BindingsMap):
        return
    translated: dict[str, list[Binding]] = {}
    for key, key_bindings in bindings.key_to_bindings.items():
        translated[key] = []
        for binding in key_bindings:
            text = f"tui.key.{binding.action.removeprefix('app.')}"
            if has(text):
                binding = dataclasses.replace(binding, description=t(text, lang))
            translated[key].append(binding)
    screen._bindings = BindingsMap.from_keys(translated)


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
