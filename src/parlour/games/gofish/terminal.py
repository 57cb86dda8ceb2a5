"""Go Fish at the terminal: your hand by rank, the books, the asks, and what the table knows.

The hints are the seat's own memory of the public asks and answers (the ask-and-draw tracker
fed only the events the viewer saw): who surely holds which rank, who surely has none, and the
ask the `memory` bot would find likeliest to hit.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from parlour.core.review import percent
from parlour.games.askdraw.terminal import COMPACT_LEVELS as COMPACT_LEVELS  # read by the screen
from parlour.games.askdraw.terminal import (
    hand_part,
    laid_groups,
    say,
    seat_rows,
    table_tracker,
    with_hand,
)
from parlour.games.askdraw.tracker import Tracker
from parlour.games.gofish.bots import rank_chances, sure_miss
from parlour.games.gofish.rules import RankAsk
from parlour.games.gofish.texts import card_label, rank_label, rank_word
from parlour.i18n import register, t
from parlour.tui.tables import TableContext

register(
    {
        "tui.gofish.header": {
            "en": "Pool: {pile} {pile:#card|cards} · books: {laid} of {total}",
            "fr": "Pioche : {pile} {pile:#carte|cartes} · livres : {laid} sur {total}",
        },
        "tui.gofish.books": {"en": "books: {ranks}", "fr": "livres : {ranks}"},
        "tui.gofish.ask": {"en": "Ask {target} for {rank}", "fr": "Demander des {rank} à {target}"},
        "tui.gofish.pick_rank": {
            "en": "Ask {target}: which rank?",
            "fr": "Demander à {target} : quelle valeur ?",
        },
        "tui.gofish.asked_for": {
            "en": "{name} asked for these, so holds some: {ranks}.",
            "fr": "{name} en a demandé, donc en a : {ranks}.",
        },
        "tui.gofish.has_none": {
            # {ranks}: "aces or nines"; « d'as ni de neuf » (`lacked_ranks`)
            "en": "{name} has no {ranks}.",
            "fr": "{name} n'a pas {ranks}.",
        },
        "tui.gofish.likeliest": {
            "en": "Likeliest ask: {rank} from {name} ({chance}).",
            "fr": "Meilleure demande : des {rank} à {name} ({chance}).",
        },
    }
)


def render(ctx: TableContext) -> RenderableType:
    view, lang = ctx.view, ctx.lang
    suits = int(view["suits"])
    header = Text(
        t(
            "tui.gofish.header",
            lang,
            pile=view["pile_size"],
            laid=len(laid_groups(view)),
            total=view["ranks"],
        ),
        style="italic",
    )

    def books(ranks: list[int]) -> str:
        return t("tui.gofish.books", lang, ranks=" ".join(rank_label(r) for r in ranks))

    parts: list[RenderableType] = [header, seat_rows(ctx, books)]
    hand: list[RenderableType] = []
    if "hand" in view:
        by_rank: dict[int, list[int]] = {}
        for card in sorted(view["hand"]):
            by_rank.setdefault(card // suits, []).append(card)
        line = Text()
        for rank, cards in by_rank.items():
            if line:
                line.append("  │  ", style="dim")
            for k, card in enumerate(cards):
                style = "red" if card % suits in (1, 2) else ""  # hearts and diamonds
                line.append((" " if k else "") + card_label(rank, card % suits), style=style)
        hand = hand_part(ctx, [line] if by_rank else [])
    return with_hand(ctx, parts, hand)


def describe(action: dict[str, Any], ctx: TableContext) -> str:
    rank = rank_word(int(action["rank"]), ctx.lang)
    return t("tui.gofish.ask", ctx.lang, target=ctx.name(action["target"]), rank=rank)


def sort_key(action: dict[str, Any], ctx: TableContext) -> Any:
    return (action.get("target", 0), action.get("rank", 0))


def picker(action: dict[str, Any], ctx: TableContext) -> tuple[list[str], list[str]]:
    """An ask as two choices: whom, then which rank (titles, labels)."""
    lang, target = ctx.lang, ctx.name(action["target"])
    titles = [t("tui.pick.target", lang), t("tui.gofish.pick_rank", lang, target=target)]
    return titles, [target, rank_word(int(action["rank"]), lang)]


def hints(ctx: TableContext) -> list[str]:
    """Who surely holds which cards and ranks, who surely has none of a rank, and the ask
    likeliest to hit for the seat to move."""
    lang, tracker = ctx.lang, table_tracker(ctx)
    suits = ctx.rules.suits
    members = tracker.grouping.members
    lines = []
    for seat in range(len(ctx.names)):
        if seat == ctx.viewer:
            continue
        name = ctx.name(seat)
        if tracker.sure[seat]:
            cards = " ".join(card_label(c // suits, c % suits) for c in sorted(tracker.sure[seat]))
            lines.append(say("tui.gofish", "holds", lang, name=name, cards=cards))
        asked = tracker.obligations(seat)
        if asked:
            ranks = ", ".join(rank_word(r, lang) for r in asked)
            lines.append(t("tui.gofish.asked_for", lang, name=name, ranks=ranks))
        none = [
            r
            for r, cards in enumerate(members)
            if tracker.laid[r] == -1 and sure_miss(tracker, RankAsk(seat, r))
        ]
        if none and tracker.sizes[seat]:
            ranks = lacked_ranks([rank_word(r, lang) for r in none], lang)
            lines.append(t("tui.gofish.has_none", lang, name=name, ranks=ranks))
    best = likeliest_ask(ctx, tracker)
    if best is not None:
        ask, chance = best
        rank = rank_word(ask.group, lang)
        lines.append(
            t(
                "tui.gofish.likeliest",
                lang,
                rank=rank,
                name=ctx.name(ask.target),
                chance=percent(chance, lang),
            )
        )
    return lines or [say("tui.gofish", "nothing_known", lang)]


def lacked_ranks(words: list[str], lang: str) -> str:
    """The ranks a seat surely lacks, as the web's `lacksText` says them: "sevens, eights or
    kings"; « d'as ni de huit » (de elided before a vowel; « huit » starts with an aspirated h,
    which keeps it)."""
    if lang == "fr":
        return " ni ".join(
            f"d'{w}" if w[:1].lower() in "aeiouyàâéèêëîïôûü" else f"de {w}" for w in words
        )
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def likeliest_ask(ctx: TableContext, tracker: Tracker) -> tuple[RankAsk, float] | None:
    """The viewer's ask likeliest to hit, when he is the one to move."""
    viewer = ctx.viewer
    if viewer is None or ctx.view.get("to_move") != viewer:
        return None
    held = sorted({c // ctx.rules.suits for c in ctx.view.get("hand", [])})
    asks = [
        RankAsk(target, rank, ctx.rules.ranks)
        for target in range(len(ctx.names))
        if target != viewer and ctx.view["hand_sizes"][target]
        for rank in held
    ]
    if not asks:
        return None
    chances = rank_chances(tracker, asks)
    best = max(range(len(asks)), key=lambda i: (chances[i], -i))
    return asks[best], chances[best]
