"""The Jeu des 7 familles at the terminal: your hand by family, the table, the asks, hints."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.core.registry import get_game
from parlour.games.askdraw.tracker import Tracker
from parlour.i18n import has, register, t
from parlour.tui.tables import TableContext
from parlour.tui.tables.generic import seat_label

register(
    {
        "tui.familles.header": {
            "en": "Pile: {pile} {pile:#card|cards} · families laid: {laid} of {total}",
            "fr": "Pioche : {pile} {pile:#carte|cartes} · familles posées : {laid} sur {total}",
        },
        "tui.familles.hand": {"en": "Your hand", "fr": "Votre jeu"},
        "tui.familles.family_line": {"en": "{family}: ", "fr": "{family} : "},
        "tui.familles.no_hand": {"en": "(no card)", "fr": "(aucune carte)"},
        "tui.familles.cards": {"en": "{n} {n:#card|cards}", "fr": "{n} {n:#carte|cartes}"},
        "tui.familles.laid": {"en": "laid: {families}", "fr": "posées : {families}"},
        "tui.familles.ask": {
            "en": "Ask {target} for {member} ({family})",
            "fr": "Demander à {target} : famille {family}, {member}",
        },
        "tui.familles.holds": {"en": "{name} holds {cards}.", "fr": "{name} a {cards}."},
        "tui.familles.asked_in": {
            "en": "{name} asked in these families, so holds a card of each: {groups}.",
            "fr": "{name} a demandé dans ces familles, donc en a une carte de chacune : {groups}.",
        },
        "tui.familles.lacks": {
            "en": "{name} does not hold {cards}.",
            "fr": "{name} n'a pas {cards}.",
        },
        "tui.familles.likeliest": {
            "en": "Likeliest find: {card}, with {name} ({chance:.0%}).",
            "fr": "Meilleure piste : {card}, chez {name} ({chance:.0%}).",
        },
        "tui.familles.pick_family": {
            "en": "Ask {target}: which family?",
            "fr": "Demander à {target} : quelle famille ?",
        },
        "tui.familles.pick_member": {
            "en": "Ask {target}, {family} family: which card?",
            "fr": "Demander à {target}, famille {family} : quelle carte ?",
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
    """« la fille Boulanger », "Miss Bun": an English deck's members carry their family's name
    already ("Grandpa Bones"), which is not said twice."""
    who, family = member(ctx, card), family_name(ctx, family_of(card))
    return who if family in who.split() else f"{who} {family}"


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
        parts.append(Text(t("tui.familles.hand", lang), style="bold underline"))
        hand = sorted(view["hand"])
        if not hand:
            parts.append(Text(t("tui.familles.no_hand", lang), style="dim"))
        by_family: dict[int, list[int]] = {}
        for card in hand:
            by_family.setdefault(family_of(card), []).append(card)
        lines = []
        for family, cards in by_family.items():
            name = families[family]["name"]
            line = Text(t("tui.familles.family_line", lang, family=name), style="bold")
            line.stylize(families[family]["colour"])
            line.append(", ".join(member(ctx, c) for c in cards))
            lines.append(line)
        parts.append(side_by_side(lines))
    return Group(*parts)


def side_by_side(lines: list[Text]) -> RenderableType:
    """A hand's lines in two columns from four lines on: at 80x24 the whole hand stays above
    the fold (a long line wraps in its column, it is never cut)."""
    if len(lines) < 4:
        return Group(*lines)
    grid = Table.grid(expand=True, padding=(0, 2))
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    half = (len(lines) + 1) // 2
    for left, right in zip(lines[:half], [*lines[half:], Text("")], strict=False):
        grid.add_row(left, right)
    return grid


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


def table_tracker(ctx: TableContext) -> Tracker:
    """The game's public-knowledge tracker, fed only the events the viewer may see.

    A spectator (viewer None) reads the public events alone: no hand, and draws without
    their card. Shared with Panoplies, whose groups are characters.
    """
    grouping = get_game(ctx.game).grouping(ctx.rules)  # type: ignore[attr-defined]
    tracker = Tracker(grouping, len(ctx.names), ctx.viewer)
    for event in ctx.events:
        tracker.observe(event)
    return tracker


@dataclass(frozen=True)
class HintWords:
    """How one game words the tracker's facts: its catalogue keys and card and group names."""

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
        lines.append(
            t(f"{key}.likeliest", lang, card=words.card(card), name=ctx.name(seat), chance=chance)
        )
    for seat in range(len(ctx.names)):
        if seat == ctx.viewer:
            continue
        name = ctx.name(seat)
        if tracker.sure[seat]:
            cards = ", ".join(words.card(c) for c in sorted(tracker.sure[seat]))
            lines.append(t(f"{key}.holds", lang, name=name, cards=cards))
        groups = tracker.obligations(seat)  # only those no known card accounts for
        if groups:
            named = ", ".join(words.group(g) for g in groups)
            lines.append(t(f"{key}.asked_in", lang, name=name, groups=named))
        if tracker.lacks[seat]:
            cards = ", ".join(words.card(c) for c in sorted(tracker.lacks[seat]))
            lines.append(t(f"{key}.lacks", lang, name=name, cards=cards))
    return lines or [t(f"{key}.nothing_known", lang)]


def hints(ctx: TableContext) -> list[str]:
    words = HintWords("tui.familles", lambda c: card_text(ctx, c), lambda g: family_name(ctx, g))
    return tracker_hints(ctx, words)
