"""Panoplies at the terminal: mannequins, your hand by character, outfits laid, hints."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from parlour.games.askdraw.terminal import COMPACT_LEVELS as COMPACT_LEVELS  # read by the screen
from parlour.games.askdraw.terminal import (
    HintWords,
    hand_part,
    tracker_hints,
    with_hand,
)
from parlour.i18n import has, register, t
from parlour.tui.tables import TableContext
from parlour.tui.tables.generic import seat_label

register(
    {
        "tui.panoplies.header": {
            "en": "Game {game} of {games} · pile: {pile} {pile:#card|cards} · outfits laid: {laid}",
            "fr": "Partie {game} sur {games} · pioche : {pile} {pile:#carte|cartes} · tenues "
            "posées : {laid}",
        },
        "tui.panoplies.mannequin": {"en": "Mannequin", "fr": "Mannequin"},
        "tui.panoplies.player": {"en": "Player", "fr": "Joueur"},
        "tui.panoplies.cards": {"en": "Cards", "fr": "Cartes"},
        "tui.panoplies.safe": {"en": "safe", "fr": "à l'abri"},
        "tui.panoplies.jokers": {"en": "jokers: {n}", "fr": "jokers : {n}"},
        "tui.panoplies.wardrobe": {
            "en": "In the wardrobe: {cards}",
            "fr": "Dans l'armoire : {cards}",
        },
        "tui.panoplies.outfits": {
            "en": "Outfits laid: {outfits}",
            "fr": "Tenues posées : {outfits}",
        },
        "tui.panoplies.outfit_by": {"en": "{character} by {name}", "fr": "{character} par {name}"},
        "tui.panoplies.character_line": {"en": "{character}: ", "fr": "{character} : "},
        "tui.panoplies.ask": {
            "en": "Ask {target} for {card}",
            "fr": "Demander à {target} : {card}",
        },
        "tui.panoplies.losses": {"en": "Games lost: {tally}", "fr": "Parties perdues : {tally}"},
        "tui.panoplies.pick_character": {
            "en": "Ask {target}: which character?",
            "fr": "Demander à {target} : quel personnage ?",
        },
        "tui.panoplies.pick_garment": {
            "en": "Ask {target}, {character}: which garment?",
            "fr": "Demander à {target}, pour {character} : quel vêtement ?",
        },
        "tui.panoplies.asked_in": {
            "en": "{name} asked for these characters, so holds a card of each: {groups}.",
            "fr": "{name} a une carte de chaque personnage demandé : {groups}.",
        },
    }
)

_WORN = "green"
_LOST = "red"


def garment(ctx: TableContext, name: str) -> str:
    key = f"panoplies.garment.{name}"
    return t(key, ctx.lang) if has(key) else name


def character(ctx: TableContext, name: str) -> str:
    key = f"panoplies.character.{name}"
    return t(key, ctx.lang) if has(key) else name


_ARTICLES = ("the ", "les ", "le ", "la ", "l'")


def _bare(text: str) -> str:
    for article in _ARTICLES:
        if text.startswith(article):
            return text[len(article) :]
    return text


def short_garment(ctx: TableContext, name: str) -> str:
    """A garment without its articles, for the compact mannequin rows and the hand: each
    alternative loses its own (« pantalon ou jupe », not « pantalon ou la jupe »)."""
    text = garment(ctx, name)
    for word in (" ou ", " or "):
        if word in text:
            return word.join(_bare(part) for part in text.split(word))
    return _bare(text)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def split(ctx: TableContext, card: int) -> tuple[str, str]:
    """(garment, character) of a card: the grid is garment rows × character columns."""
    characters = ctx.view["characters"]
    return ctx.view["garments"][card // len(characters)], characters[card % len(characters)]


def character_of(ctx: TableContext, card: int) -> int:
    return card % len(ctx.view["characters"])


def card_text(ctx: TableContext, card: int) -> str:
    g, c = split(ctx, card)
    if ctx.lang == "fr":
        return f"{garment(ctx, g)} de {character(ctx, c)}".replace(" de le ", " du ")
    return f"{character(ctx, c)}'s {garment(ctx, g).removeprefix('the ')}"


def lost_garments(ctx: TableContext, lost: list[str]) -> str:
    """The garments a mannequin lost, each marked ✗, or at `ctx.compact` one ✗ for them all
    (a short pane: the row must not wrap)."""
    names = [short_garment(ctx, name) for name in lost]
    if ctx.compact and names:
        return " ✗ " + ", ".join(names)
    return "".join(" ✗ " + name for name in names)


def render(ctx: TableContext) -> RenderableType:
    view, lang = ctx.view, ctx.lang
    match = view.get("match", {})
    header = Text(
        t(
            "tui.panoplies.header",
            lang,
            game=match.get("game", 1),
            games=match.get("games", 1),
            pile=view["pile_size"],
            laid=len(view.get("outfits", [])),
        ),
        style="italic",
    )
    table = Table(expand=True, box=None, pad_edge=False, header_style="bold underline")
    table.add_column(t("tui.panoplies.player", lang))
    table.add_column(t("tui.panoplies.cards", lang), justify="right")
    table.add_column(t("tui.panoplies.mannequin", lang), ratio=3)
    for entry in view["mannequins"]:
        seat = entry["seat"]
        marker = "▶ " if seat == view.get("to_move") else "  "
        dummy = Text(capital(character(ctx, entry["character"])), style="bold")
        worn = len(entry["wearing"])
        dummy.append(f"  {worn}/{len(view['garments'])} ", style=_WORN if worn else _LOST)
        dummy.append(lost_garments(ctx, entry["lost"]), style=_LOST)
        dummy.append("  ")
        if not entry.get("can_lose", True):
            dummy.append(f"[{t('tui.panoplies.safe', lang)}] ", style="bold cyan")
        if entry.get("jokers"):
            dummy.append(t("tui.panoplies.jokers", lang, n=len(entry["jokers"])), style="magenta")
        # A short pane: the bare name leaves the mannequin the width to hold on one row.
        who = ctx.name(seat) if ctx.compact else seat_label(seat, ctx)
        table.add_row(marker + who, str(view["hand_sizes"][seat]), dummy)
    parts: list[RenderableType] = [header, table]
    outfits = view.get("outfits", [])
    if outfits:
        shown = ", ".join(
            t(
                "tui.panoplies.outfit_by",
                lang,
                character=character(ctx, o["character"]),
                name=ctx.name(o["seat"]),
            )
            for o in outfits
        )
        parts.append(Text(t("tui.panoplies.outfits", lang, outfits=shown)))
    if match.get("games", 1) > 1:
        tally = " · ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(match.get("losses", [])))
        parts.append(Text(t("tui.panoplies.losses", lang, tally=tally), style="bold"))
    hand: list[RenderableType] = []
    if "hand" in view:
        by_character: dict[int, list[int]] = {}
        for card in sorted(view["hand"], key=lambda c: (character_of(ctx, c), c)):
            by_character.setdefault(character_of(ctx, card), []).append(card)
        lines = []
        for index, cards in by_character.items():
            who = character(ctx, view["characters"][index])
            who = capital(_bare(who) if ctx.compact else who)  # a short pane: no article
            line = Text(t("tui.panoplies.character_line", lang, character=who), style="bold")
            line.append(", ".join(short_garment(ctx, split(ctx, c)[0]) for c in cards))
            lines.append(line)
        hand = hand_part(ctx, lines)
    return with_hand(ctx, parts, hand)


def describe(action: dict[str, Any], ctx: TableContext) -> str:
    return t(
        "tui.panoplies.ask",
        ctx.lang,
        target=ctx.name(action["target"]),
        card=card_text(ctx, int(action["card"])),
    )


def sort_key(action: dict[str, Any], ctx: TableContext) -> Any:
    card = int(action.get("card", 0))
    return (action.get("target", 0), character_of(ctx, card), card)


def picker(action: dict[str, Any], ctx: TableContext) -> tuple[list[str], list[str]]:
    """An ask as three choices: whom, which character, which garment (titles, labels)."""
    lang, card = ctx.lang, int(action["card"])
    g, c = split(ctx, card)
    target, who = ctx.name(action["target"]), capital(character(ctx, c))
    titles = [
        t("tui.pick.target", lang),
        t("tui.panoplies.pick_character", lang, target=target),
        t("tui.panoplies.pick_garment", lang, target=target, character=character(ctx, c)),
    ]
    return titles, [target, who, capital(short_garment(ctx, g))]


def hints(ctx: TableContext) -> list[str]:
    words = HintWords(
        "tui.panoplies",
        lambda c: card_text(ctx, c),
        lambda g: character(ctx, ctx.view["characters"][g]),
    )
    return tracker_hints(ctx, words)
