"""The moves pane's list: the line that Enter plays carries a text marker, not only a colour.

Under NO_COLOR, on a monochrome terminal or through a screen reader the highlight's colour is
lost; the marker `▶` in front of the highlighted line (a space in front of the others) says in
plain text which move Enter plays.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARKER = "▶ "
NO_MARKER = "  "


class MovesList(OptionList):
    """An option list whose highlighted line starts with `MARKER`."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []  # the prompts without their marker

    def show(self, lines: list[Text]) -> None:
        """Replace the lines; the first is highlighted (and marked)."""
        self.lines = lines
        self.clear_options()
        self.add_options([Option(self._marked(index, 0)) for index in range(len(lines))])
        if lines:
            self.highlighted = 0

    def _marked(self, index: int, highlighted: int | None) -> Text:
        line = self.lines[index]
        marker = Text(MARKER if index == highlighted else NO_MARKER, style=line.style)
        return marker + line

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        for index in range(min(len(self.lines), self.option_count)):
            self.replace_option_prompt_at_index(index, self._marked(index, highlighted))
