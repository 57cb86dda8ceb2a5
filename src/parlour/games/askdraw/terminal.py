"""What the terminal tables of the ask-and-draw games share (the 7 familles, Panoplies, Go Fish).

Each game keeps its own table (`games/<game>/terminal.py`: how its cards and groups are named,
what its header says); the pieces below are the same in all of them: the seats' rows, the
seat's hand under its heading, the seat's memory of the public asks and answers (the tracker,
fed only the events the viewer may see) and the hints read from it.

A hint's words come from the game's catalogue when it has its own (`tui.<game>.holds`), else
from the shared one below (`tui.askdraw.holds`), so a game words only what differs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from parlour.core.registry import get_game
from parlour.core.review import percent
from parlour.games.askdraw.tracker import Tracker
from parlour.i18n import has, register, t
from parlour.tui.tables import TableContext
from parlour.tui.tables.generic import seat_label

register(
    {
        "tui.askdraw.hand": {"en": "Your hand", "fr": "Votre jeu"},
        "tui.askdraw.no_hand": {"en": "(no card)", "fr": "(aucune carte)"},
        "tui.askdraw.cards": {"en": "{n} {n:#card|cards}", "fr": "{n} {n:#carte|cartes}"},
        "tui.askdraw.holds": {"en": "{name} holds {cards}.", "fr": "{name} a {cards}."},
        "tui.askdraw.lacks": {
            "en": "{name} does not hold {cards}.",
            "fr": "{name} n'a pas {cards}.",
        },
        "tui.askdraw.likeliest": {
            "en": "Likeliest find: {card}, with {name} ({chance}).",
            "fr": "Meilleure piste : {card}, chez {name} ({chance}).",
        },
        "tui.askdraw.nothing_known": {
            "en": "Nothing is known yet of the other hands.",
            "fr": "On ne sait encore rien des autres jeux.",
        },
    }
)


def say(prefix: str, text: str, lang: str, /, **values: Any) -> str:
    """The text `text` in the game's words (`prefix.text`) if it has them, else the shared."""
    key = f"{prefix}.{text}"
    return t(key if has(key) else f"tui.askdraw.{text}", lang, **values)


def laid_groups(view: dict[str, Any]) -> dict[int, int]:
    """The groups laid down so far (families, outfits, books), each with the seat that laid it."""
    return {entry["group"]: entry["seat"] for entry in view.get("laid", [])}


def seat_rows(ctx: TableContext, laid_text: Callable[[list[int]], str]) -> Table:
    """One row a seat: a marker on the seat to move, its name, its number of cards, and the
    groups it laid as the game words them (`laid_text`; nothing when it laid none)."""
    view = ctx.view
    laid_by = laid_groups(view)
    players = Table.grid(padding=(0, 2))
    players.add_column()
    players.add_column(justify="right")
    players.add_column()
    for seat in range(len(ctx.names)):
        marker = "▶ " if seat == view.get("to_move") else "  "
        laid = [group for group, owner in sorted(laid_by.items()) if owner == seat]
        players.add_row(
            Text(marker + seat_label(seat, ctx), style="bold"),
            t("tui.askdraw.cards", ctx.lang, n=view["hand_sizes"][seat]),
            laid_text(laid) if laid else "",
        )
    return players


# How a table shrinks when its pane is short (`TableContext.compact`, tried in turn by the
# screen): 1 puts the hand's heading beside its lines, a row saved; 2 also puts the hand
# first. The seat to move must see every card it holds at 80x24 with six players, whatever
# rows the mannequins or the laid groups take.
COMPACT_LEVELS = 2


def hand_part(ctx: TableContext, lines: list[Text]) -> list[RenderableType]:
    """The seat's own hand under its heading, one line a group (see `HandLines`), or at
    `ctx.compact` 1 and more the heading beside the lines when that takes fewer rows."""
    heading = Text(t("tui.askdraw.hand", ctx.lang), style="bold underline")
    if not lines:
        body: RenderableType = Text(t("tui.askdraw.no_hand", ctx.lang), style="dim")
    else:
        body = HandLines(lines)
    if ctx.compact < 1:
        return [heading, body]
    beside = Table.grid(expand=True, padding=(0, 2))
    beside.add_column(no_wrap=True)
    beside.add_column(ratio=1)
    beside.add_row(heading, body)
    return [Shortest([Group(heading, body), beside])]


def with_hand(ctx: TableContext, parts: list[RenderableType], hand: list[RenderableType]) -> Group:
    """The table's parts then the hand; at `ctx.compact` 2 the hand first, so that a pane too
    short for the whole table still shows every card of the seat."""
    return Group(*hand, *parts) if ctx.compact >= 2 else Group(*parts, *hand)


class Shortest:
    """The first of `layouts` that takes the fewest rows at the width it is given."""

    def __init__(self, layouts: list[RenderableType]) -> None:
        self.layouts = layouts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        rows = [len(console.render_lines(r, options, pad=False)) for r in self.layouts]
        yield self.layouts[rows.index(min(rows))]


class HandLines(Shortest):
    """A hand's lines in one column or two, whichever takes fewer rows (two on a tie, from
    four lines on): long lines read best one a row, many short ones side by side, and at
    80x24 the whole hand stays above the fold. A long line wraps, it is never cut."""

    def __init__(self, lines: list[Text]) -> None:
        one, two = Group(*lines), side_by_side(lines)
        if len(lines) < 2:
            super().__init__([one])
        else:
            super().__init__([two, one] if len(lines) >= 4 else [one, two])


def side_by_side(lines: list[Text]) -> RenderableType:
    """A hand's lines in two columns, the first half on the left."""
    grid = Table.grid(expand=True, padding=(0, 2))
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    half = (len(lines) + 1) // 2
    for left, right in zip(lines[:half], [*lines[half:], Text("")], strict=False):
        grid.add_row(left, right)
    return grid


def table_tracker(ctx: TableContext) -> Tracker:
    """The seat's memory: the game's public-knowledge tracker, fed only the events the viewer
    may see. A spectator (viewer None) reads the public events alone: no hand, and draws
    without their card."""
    tracker = Tracker(get_game(ctx.game).grouping(ctx.rules), len(ctx.names), ctx.viewer)
    for event in ctx.events:
        tracker.observe(event)
    return tracker


@dataclass(frozen=True)
class HintWords:
    """How one game words the tracker's facts: its catalogue prefix, and card and group names."""

    prefix: str
    card: Callable[[int], str]
    group: Callable[[int], str]


def tracker_hints(ctx: TableContext, words: HintWords) -> list[str]:
    """Who surely holds which card, who surely holds a card of a group, who surely lacks what,
    and, for a seated player, the card of his groups most likely found in another hand."""
    lang, key = ctx.lang, words.prefix
    tracker = table_tracker(ctx)
    lines = []
    # The likeliest find first: the one fact that says what to ask, kept when a small
    # terminal has room for only a few.
    best = tracker.likeliest_find()
    if best is not None:
        card, seat, chance = best
        found = {"card": words.card(card), "name": ctx.name(seat), "chance": percent(chance, lang)}
        lines.append(say(key, "likeliest", lang, **found))
    for seat in range(len(ctx.names)):
        if seat == ctx.viewer:
            continue
        name = ctx.name(seat)
        if tracker.sure[seat]:
            cards = ", ".join(words.card(c) for c in sorted(tracker.sure[seat]))
            lines.append(say(key, "holds", lang, name=name, cards=cards))
        groups = tracker.obligations(seat)  # only those no known card accounts for
        if groups:
            named = ", ".join(words.group(g) for g in groups)
            lines.append(t(f"{key}.asked_in", lang, name=name, groups=named))
        if tracker.lacks[seat]:
            cards = ", ".join(words.card(c) for c in sorted(tracker.lacks[seat]))
            lines.append(say(key, "lacks", lang, name=name, cards=cards))
    return lines or [say(key, "nothing_known", lang)]
