"""Beggar-My-Neighbour at the terminal: stacks, the pile, the debt and the match score."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.i18n import register, t
from parlour.tui.tables import TableContext
from parlour.tui.tables.generic import seat_label

register(
    {
        "tui.beggar.flip": {"en": "Turn up your top card", "fr": "Retourner votre carte"},
        "tui.beggar.stack": {"en": "{n} {n:#card|cards}", "fr": "{n} {n:#carte|cartes}"},
        "tui.beggar.out": {"en": "out", "fr": "hors jeu"},
        "tui.beggar.pile": {"en": "Pile ({n}):", "fr": "Pile ({n}) :"},
        "tui.beggar.empty": {"en": "empty", "fr": "vide"},
        "tui.beggar.owes": {
            "en": "{payer} owes {owed} to {claimant}.",
            "fr": "{payer} doit encore {owed} à {claimant}.",
        },
        "tui.beggar.counts": {
            "en": "Round {round} · {cards:,} {cards:#card|cards} laid · {tricks:,} "
            "{tricks:#trick|tricks}",
            "fr": "Manche {round} · {cards:,} {cards:#carte posée|cartes posées} · {tricks:,} "
            "{tricks:#pli|plis}",
        },
        "tui.beggar.match": {"en": "Match: {score}", "fr": "Match : {score}"},
        "tui.beggar.your_stack": {"en": "Your stack: {cards}", "fr": "Votre tas : {cards}"},
        "tui.beggar.hint": {
            "en": "Nothing to decide in this game: every flip is forced. {n} {n:#card|cards} in "
            "your stack.",
            "fr": "Rien à décider dans ce jeu : chaque carte est forcée. "
            "{n} {n:#carte|cartes} dans votre tas.",
        },
    }
)

_PENALTY_STYLE = "bold red"
_SHOWN_PILE = 12  # the top of the pile is what the table looks at


def card_text(card: str) -> Text:
    style = _PENALTY_STYLE if card[0] in "JQKAXB" else ""
    shown = card if card[0] != "-" else "·"
    return Text(f"[{shown}]", style=style)


def render(ctx: TableContext) -> RenderableType:
    view = ctx.view
    lang = ctx.lang
    seats = Table.grid(padding=(0, 2))
    seats.add_column()
    seats.add_column(justify="right")
    seats.add_column()
    for seat in range(len(ctx.names)):
        size = view["stack_sizes"][seat]
        marker = "▶ " if seat == view.get("to_move") else "  "
        if not view["active"][seat]:
            stack = Text(t("tui.beggar.out", lang), style="dim")
        else:
            stack = Text(t("tui.beggar.stack", lang, n=size))
        bar = Text("▮" * min(size, 52), style="blue")
        seats.add_row(Text(marker + seat_label(seat, ctx), style="bold"), stack, bar)
    pile = view["pile"]
    pile_line = Text(t("tui.beggar.pile", lang, n=len(pile)) + " ", style="bold")
    if not pile:
        pile_line.append(t("tui.beggar.empty", lang), style="dim")
    else:
        if len(pile) > _SHOWN_PILE:
            pile_line.append("… ")
        for card in pile[-_SHOWN_PILE:]:
            pile_line.append_text(card_text(card))
            pile_line.append(" ")
    parts: list[RenderableType] = [
        Text(
            t(
                "tui.beggar.counts",
                lang,
                round=view["round"],
                cards=view["cards"],
                tricks=view["tricks"],
            ),
            style="italic",
        ),
        seats,
        Text(""),
        pile_line,
    ]
    if view.get("owed") and view.get("claimant") is not None:
        parts.append(
            Text(
                t(
                    "tui.beggar.owes",
                    lang,
                    payer=ctx.name(view["turn"]),
                    owed=view["owed"],
                    claimant=ctx.name(view["claimant"]),
                ),
                style=_PENALTY_STYLE,
            )
        )
    if len(view.get("rounds", [])) or getattr(ctx.rules, "match", "single") != "single":
        score = " · ".join(f"{ctx.name(s)} {w}" for s, w in enumerate(view["wins"]))
        parts.append(Text(t("tui.beggar.match", lang, score=score), style="bold green"))
    if "my_stack" in view:
        mine = Text(t("tui.beggar.your_stack", lang, cards=""))
        # A space between cards, as on the pile line: a long stack wraps between two cards,
        # never inside one.
        for index, card in enumerate(view["my_stack"]):
            if index:
                mine.append(" ")
            mine.append_text(card_text(card))
        parts.append(mine)
    return Group(*parts)


def describe(action: dict[str, Any], ctx: TableContext) -> str:
    return t("tui.beggar.flip", ctx.lang)


def sort_key(action: dict[str, Any], ctx: TableContext) -> Any:
    return 0


def hints(ctx: TableContext) -> list[str]:
    seat = ctx.viewer
    size = ctx.view["stack_sizes"][seat] if seat is not None else 0
    return [t("tui.beggar.hint", ctx.lang, n=size)]
