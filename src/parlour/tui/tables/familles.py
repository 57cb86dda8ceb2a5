"""The Jeu des 7 familles at the terminal: your hand by family, the table, the asks, hints."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.i18n import has, register, t
from parlour.tui.tables import TableContext
from parlour.tui.tables.generic import seat_label
from parlour.tui.tables.knowledge import read_events

register(
    {
        "tui.familles.header": {
            "en": "Pile: {pile} cards · families laid: {laid} of {total}",
            "fr": "Pioche : {pile} cartes · familles posées : {laid} sur {total}",
        },
        "tui.familles.hand": {"en": "Your hand", "fr": "Votre jeu"},
        "tui.familles.no_hand": {"en": "(no card)", "fr": "(aucune carte)"},
        "tui.familles.cards": {"en": "{n} cards", "fr": "{n} cartes"},
        "tui.familles.laid": {"en": "laid: {families}", "fr": "posées : {families}"},
        "tui.familles.ask": {
            "en": "Ask {target} for {member} ({family})",
            "fr": "Demander à {target} : famille {family}, {member}",
        },
        "tui.familles.holds": {"en": "{name} holds {cards}.", "fr": "{name} a {cards}."},
        "tui.familles.asked_in": {
            "en": "{name} holds a card of each family he asked in: {groups}.",
            "fr": "{name} a une carte de chaque famille où il a demandé : {groups}.",
        },
        "tui.familles.lacks": {
            "en": "{name} does not hold {cards}.",
            "fr": "{name} n'a pas {cards}.",
        },
        "tui.familles.nothing_known": {
            "en": "Nothing is known yet of the other hands.",
            "fr": "On ne sait encore rien des autres jeux.",
        },
    }
)

ROLES = ("grandfather", "grandmother", "father", "mother", "son", "daughter")  # deck order


def family_of(card: int) -> int:
    return card // len(ROLES)


def member(ctx: TableContext, card: int) -> str:
    deck = ctx.view["deck"]
    role = card % len(ROLES)
    key = f"familles.role.{ROLES[role]}"
    if deck.get("lang") != ctx.lang and has(key):
        return t(key, ctx.lang)
    return str(deck["families"][family_of(card)]["members"][role])


def family_name(ctx: TableContext, family: int) -> str:
    return str(ctx.view["deck"]["families"][family]["name"])


def card_text(ctx: TableContext, card: int) -> str:
    return f"{member(ctx, card)} {family_name(ctx, family_of(card))}"


def render(ctx: TableContext) -> RenderableType:
    view, lang = ctx.view, ctx.lang
    families = view["deck"]["families"]
    laid_by = {entry["group"]: entry["seat"] for entry in view.get("laid", [])}
    header = Text(
        t(
            "tui.familles.header",
            lang,
            pile=view["pile_size"],
            laid=len(laid_by),
            total=len(families),
        ),
        style="italic",
    )
    players = Table.grid(padding=(0, 2))
    players.add_column()
    players.add_column(justify="right")
    players.add_column()
    for seat in range(len(ctx.names)):
        marker = "▶ " if seat == view.get("to_move") else "  "
        laid = [families[g]["name"] for g, owner in sorted(laid_by.items()) if owner == seat]
        players.add_row(
            Text(marker + seat_label(seat, ctx), style="bold"),
            t("tui.familles.cards", lang, n=view["hand_sizes"][seat]),
            t("tui.familles.laid", lang, families=", ".join(laid)) if laid else "",
        )
    parts: list[RenderableType] = [header, players]
    if "hand" in view:
        parts.append(Text(""))
        parts.append(Text(t("tui.familles.hand", lang), style="bold underline"))
        hand = sorted(view["hand"])
        if not hand:
            parts.append(Text(t("tui.familles.no_hand", lang), style="dim"))
        by_family: dict[int, list[int]] = {}
        for card in hand:
            by_family.setdefault(family_of(card), []).append(card)
        for family, cards in by_family.items():
            line = Text(f"{families[family]['name']}: ", style=f"bold {families[family]['colour']}")
            line.append(", ".join(member(ctx, c) for c in cards))
            parts.append(line)
    return Group(*parts)


def describe(action: dict[str, Any], ctx: TableContext) -> str:
    card = int(action["card"])
    return t(
        "tui.familles.ask",
        ctx.lang,
        target=ctx.name(action["target"]),
        member=member(ctx, card),
        family=family_name(ctx, family_of(card)),
    )


def sort_key(action: dict[str, Any], ctx: TableContext) -> Any:
    return (action.get("target", 0), action.get("card", 0))


def hints(ctx: TableContext) -> list[str]:
    lang = ctx.lang
    known = read_events(ctx.events, len(ctx.names), family_of, ctx.viewer is not None)
    lines = []
    for seat, facts in enumerate(known.seats):
        if seat == ctx.viewer:
            continue
        name = ctx.name(seat)
        if facts.holds:
            cards = ", ".join(card_text(ctx, c) for c in sorted(facts.holds))
            lines.append(t("tui.familles.holds", lang, name=name, cards=cards))
        unexplained = sorted(
            g for g in facts.groups if not any(family_of(c) == g for c in facts.holds)
        )
        if unexplained:
            groups = ", ".join(family_name(ctx, g) for g in unexplained)
            lines.append(t("tui.familles.asked_in", lang, name=name, groups=groups))
        if facts.lacks:
            cards = ", ".join(card_text(ctx, c) for c in sorted(facts.lacks))
            lines.append(t("tui.familles.lacks", lang, name=name, cards=cards))
    return lines or [t("tui.familles.nothing_known", lang)]
