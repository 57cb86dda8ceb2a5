"""The Jeu des 7 familles at the terminal: your hand by family, the table, the asks, hints."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from parlour.games.askdraw.terminal import COMPACT_LEVELS as COMPACT_LEVELS  # read by the screen
from parlour.games.askdraw.terminal import (
    HintWords,
    hand_part,
    laid_groups,
    seat_rows,
    tracker_hints,
    with_hand,
)
from parlour.i18n import has, register, t
from parlour.tui.tables import TableContext

register(
    {
        "tui.familles.header": {
            "en": "Pile: {pile} {pile:#card|cards} · families laid: {laid} of {total}",
            "fr": "Pioche : {pile} {pile:#carte|cartes} · familles posées : {laid} sur {total}",
        },
        "tui.familles.family_line": {"en": "{family}: ", "fr": "{family} : "},
        "tui.familles.laid": {"en": "laid: {families}", "fr": "posées : {families}"},
        "tui.familles.ask": {
            "en": "Ask {target} for {member} ({family})",
            "fr": "Demander à {target} : famille {family}, {member}",
        },
        "tui.familles.asked_in": {
            "en": "{name} asked in these families, so holds a card of each: {groups}.",
            "fr": "{name} a demandé dans ces familles, donc en a une carte de chacune : {groups}.",
        },
        "tui.familles.pick_family": {
            "en": "Ask {target}: which family?",
            "fr": "Demander à {target} : quelle famille ?",
        },
        "tui.familles.pick_member": {
            "en": "Ask {target}, {family} family: which card?",
            "fr": "Demander à {target}, famille {family} : quelle carte ?",
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
    """« la fille Boulanger », "Miss Bun": an English deck's members carry their family's name
    already ("Grandpa Bones"), which is not said twice."""
    who, family = member(ctx, card), family_name(ctx, family_of(card))
    return who if family in who.split() else f"{who} {family}"


def render(ctx: TableContext) -> RenderableType:
    view, lang = ctx.view, ctx.lang
    families = view["deck"]["families"]
    header = Text(
        t(
            "tui.familles.header",
            lang,
            pile=view["pile_size"],
            laid=len(laid_groups(view)),
            total=len(families),
        ),
        style="italic",
    )

    def laid(groups: list[int]) -> str:
        named = ", ".join(families[g]["name"] for g in groups)
        return t("tui.familles.laid", lang, families=named)

    parts: list[RenderableType] = [header, seat_rows(ctx, laid)]
    hand: list[RenderableType] = []
    if "hand" in view:
        by_family: dict[int, list[int]] = {}
        for card in sorted(view["hand"]):
            by_family.setdefault(family_of(card), []).append(card)
        lines = []
        for family, cards in by_family.items():
            name = families[family]["name"]
            line = Text(t("tui.familles.family_line", lang, family=name), style="bold")
            line.stylize(families[family]["colour"])
            line.append(", ".join(member(ctx, c) for c in cards))
            lines.append(line)
        hand = hand_part(ctx, lines)
    return with_hand(ctx, parts, hand)


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


def picker(action: dict[str, Any], ctx: TableContext) -> tuple[list[str], list[str]]:
    """An ask as three choices: whom, which family, which member (titles, labels)."""
    lang, card = ctx.lang, int(action["card"])
    target, family = ctx.name(action["target"]), family_name(ctx, family_of(card))
    titles = [
        t("tui.pick.target", lang),
        t("tui.familles.pick_family", lang, target=target),
        t("tui.familles.pick_member", lang, target=target, family=family),
    ]
    return titles, [target, family, member(ctx, card)]


def hints(ctx: TableContext) -> list[str]:
    words = HintWords("tui.familles", lambda c: card_text(ctx, c), lambda g: family_name(ctx, g))
    return tracker_hints(ctx, words)
