"""The table of a game that has no dedicated face yet: its view and moves shown as they are.

It is enough to play any game that honours the contract: the view is printed key by key, seat
numbers are turned into names, and a move reads as its JSON form ("ask: target=Bruno ...").
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

import parlour.tui.texts  # noqa: F401  (registers the texts)
from parlour.i18n import has, t
from parlour.tui.tables import TableContext

# Keys whose values are seat numbers, shown as names.
SEAT_KEYS = frozenset({"seat", "target", "player", "to", "from", "turn", "to_move", "dealer"})
_SKIP = frozenset({"game", "players", "turns", "over", "outcome"})


def seat_label(seat: int, ctx: TableContext) -> str:
    name = ctx.name(seat)
    if seat == ctx.viewer:
        return f"{name} ({t('tui.you', ctx.lang)})"
    if seat in ctx.bots:
        return f"{name} ({t('tui.bot', ctx.lang, spec=bot_label(ctx.bots[seat], ctx.lang))})"
    return name


def bot_label(spec: str, lang: str) -> str:
    """A bot spec in words ("strong" reads "fort" in French); its parameters stay as given."""
    name, _, params = spec.partition(":")
    key = f"tui.botname.{name}"
    word = t(key, lang) if has(key) else name
    return f"{word}:{params}" if params else word


def show_value(key: str, value: Any, ctx: TableContext) -> str:
    if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return ctx.name(value)
    if isinstance(value, list):
        if value and all(isinstance(v, (str, int, float)) for v in value):
            return " ".join(str(v) for v in value)
        return ", ".join(show_value(key, v, ctx) for v in value) if value else "-"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {show_value(k, v, ctx)}" for k, v in value.items())
    return str(value)


def render(ctx: TableContext) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for key, value in ctx.view.items():
        if key in _SKIP:
            continue
        table.add_row(key.replace("_", " "), show_value(key, value, ctx))
    players = Text(" · ".join(seat_label(i, ctx) for i in range(len(ctx.names))), style="italic")
    return Group(players, table)


def describe(action: dict[str, Any], ctx: TableContext) -> str:
    kind = str(action.get("type", "move"))
    rest = [f"{k}={show_value(k, v, ctx)}" for k, v in action.items() if k != "type"]
    return kind + (": " + ", ".join(rest) if rest else "")


def sort_key(action: dict[str, Any], ctx: TableContext) -> Any:
    return 0  # keep the game's own order


def hints(ctx: TableContext) -> list[str]:
    return [t("tui.no_hints", ctx.lang)]
