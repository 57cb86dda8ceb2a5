"""Fitting the table's texts to 80x24: the status row and the hints pane."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from rich.console import Console, RenderableType

from parlour.i18n import t

BULLET = "• "


def status_line(title: str, status: str, pace: str, width: int) -> str:
    """Title, whose turn, the bots' pace, in one row: a long title loses its parenthesis
    ("Beggar-My-Neighbour (Ruine-ton-voisin)"), then goes, before the pace is cut."""
    short = title.split(" (")[0]
    for candidate in (title, short):
        line = f"{candidate} · {status} · {pace}"
        if len(line) <= width:
            return line
    return f"{status} · {pace}"


def rendered_height(console: Console, renderable: RenderableType, width: int) -> int:
    """How many rows `renderable` takes at `width`."""
    options = console.options.update_width(max(1, width))
    return len(console.render_lines(renderable, options, pad=False))


def fit_table(
    render: Callable[[int], RenderableType], levels: int, console: Console, width: int, rows: int
) -> RenderableType:
    """The table at the first level of compactness (0: as designed, up to `levels`) whose rows
    fit `rows`, else at the most compact: a game's `COMPACT_LEVELS` say how it can shrink
    (see `parlour.games.askdraw.terminal`), so that a short pane never hides the seat's hand."""
    table = render(0)
    for level in range(1, levels + 1):
        if rendered_height(console, table, width) <= rows:
            break
        table = render(level)
    return table


def fit_hints(facts: list[str], width: int, rows: int, lang: str) -> list[str]:
    """The facts as bulleted rows that fit `rows` rows of `width` columns.

    Whole when they fit; else each fact on one row, its end replaced by "…"; else the first
    facts and one row that says how many more there are (`x` lists every move, `h` hides).
    """
    rows = max(rows, 2)
    wrapped = [
        textwrap.wrap(fact, width, initial_indent=BULLET, subsequent_indent="  ") or [BULLET]
        for fact in facts
    ]
    if sum(len(lines) for lines in wrapped) <= rows:
        return [line for lines in wrapped for line in lines]
    single = [_one_row(fact, width) for fact in facts]
    if len(single) <= rows:
        return single
    kept = single[: rows - 1]
    more = t("tui.hints_more", lang, n=len(single) - len(kept))
    return [*kept, _one_row(more, width)]


def _one_row(fact: str, width: int) -> str:
    line = BULLET + fact
    return line if len(line) <= width else line[: width - 1].rstrip() + "…"
