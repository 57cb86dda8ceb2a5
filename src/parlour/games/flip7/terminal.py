"""Flip 7 at the terminal: every row of cards, the totals, the pending action card, hints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.core.review import decimal, percent
from parlour.games.flip7.game import GAME
from parlour.i18n import has, register, t
from parlour.tui.tables import TableContext
from parlour.tui.tables.generic import seat_label

register(
    {
        "tui.flip7.header": {
            "en": "Round {round} · {dealer} deals · first to {target} · deck {deck} · "
            "discard {discard}",
            "fr": "Manche {round} · {dealer} distribue · objectif {target} · pioche {deck} · "
            "défausse {discard}",
        },
        "tui.flip7.label.freeze": {"en": "Freeze", "fr": "Stop"},
        "tui.flip7.label.flip_three": {"en": "Flip Three", "fr": "Trois à la suite"},
        "tui.flip7.label.second_chance": {"en": "Second Chance", "fr": "Seconde chance"},
        # An action card with its article, as a move to give it says it (« Donner le Stop »).
        "tui.flip7.the.freeze": {"en": "the Freeze", "fr": "le Stop"},
        "tui.flip7.the.flip_three": {"en": "the Flip Three", "fr": "le Trois à la suite"},
        "tui.flip7.the.second_chance": {"en": "the Second Chance", "fr": "la Seconde chance"},
        "tui.flip7.player": {"en": "Player", "fr": "Joueur"},
        "tui.flip7.cards": {"en": "Cards", "fr": "Cartes"},
        "tui.flip7.round": {"en": "Round", "fr": "Manche"},
        "tui.flip7.total": {"en": "Total", "fr": "Total"},
        "tui.flip7.status.active": {"en": "in play", "fr": "en jeu"},
        "tui.flip7.status.stayed": {"en": "stayed", "fr": "s'arrête"},
        "tui.flip7.status.frozen": {"en": "frozen", "fr": "stop"},
        "tui.flip7.status.bust": {"en": "BUST", "fr": "SAUTE"},
        "tui.flip7.pending": {
            "en": "{name} must give the {card} card to an active player.",
            "fr": "{name} doit donner la carte {card} à un joueur en jeu.",
        },
        "tui.flip7.hit": {"en": "Hit: take a card", "fr": "Tirer une carte"},
        "tui.flip7.stay": {
            "en": "Stay: bank {points} {points:#point|points}",
            "fr": "S'arrêter : garder {points} {points:#point|points}",
        },
        # {card}: the card with its article, "the Freeze", « le Stop » (`the_card`).
        "tui.flip7.give": {"en": "Give {card} to {name}", "fr": "Donner {card} à {name}"},
        "tui.flip7.give_self": {"en": "Keep {card} yourself", "fr": "Garder {card} pour vous"},
        # The `x` list shows the giving moves even when no action card waits to be given.
        "tui.flip7.give_any": {
            "en": "Give the action card to {name}",
            "fr": "Donner la carte action à {name}",
        },
        "tui.flip7.give_self_any": {"en": "Keep the action card", "fr": "Garder la carte action"},
        "tui.flip7.bust_risk": {
            "en": "Bust risk if you hit: {risk} ({bad} of {size} {size:#card|cards}).",
            "fr": "Risque de sauter si vous tirez : {risk} ({bad} {bad:#carte|cartes} sur {size}).",
        },
        "tui.flip7.safe": {
            "en": "Your Second Chance covers a duplicate: {bad} of {size} {size:#card|cards} "
            "would use it.",
            "fr": "Votre Seconde chance couvre un doublon : {bad} {bad:#carte|cartes} sur {size} "
            "{bad:#l'utiliserait|l'utiliseraient}.",
        },
        "tui.flip7.ev": {
            "en": "Expected points after one hit: {after} (stay now: {now}); {sign}{gain}."
            " Action cards are counted as no change.",
            "fr": "Points espérés après un tirage : {after} (en s'arrêtant : {now}) ; "
            "{sign}{gain}. Les cartes action comptent pour rien.",
        },
        "tui.flip7.not_you": {
            "en": "Hints appear when it is your turn to hit or stay.",
            "fr": "Les aides apparaissent quand c'est à vous de tirer ou de vous arrêter.",
        },
        "tui.flip7.last_round": {
            "en": "Last round: {points}",
            "fr": "Manche précédente : {points}",
        },
    }
)

_NUMBER_STYLE = "bold"
_MODIFIER_STYLE = "bold green"
_ACTION_STYLE = "bold magenta"
_STATUS_STYLE = {"active": "", "stayed": "cyan", "frozen": "blue", "bust": "bold red"}


def card_label(name: str, lang: str) -> str:
    """An action card's short name as the French and English editions print it."""
    key = f"tui.flip7.label.{name}"
    return t(key, lang) if has(key) else name


def the_card(name: str, lang: str) -> str:
    """An action card with its article: "the Freeze", « le Stop », « la Seconde chance »."""
    key = f"tui.flip7.the.{name}"
    return t(key, lang) if has(key) else card_label(name, lang)


def row_text(row: Mapping[str, Any], lang: str) -> Text:
    text = Text()
    for card in sorted(row.get("numbers", []), key=int):
        text.append(f"[{card}]", style=_NUMBER_STYLE)
        text.append(" ")
    for card in row.get("modifiers", []):
        text.append(f"[{card}]", style=_MODIFIER_STYLE)
        text.append(" ")
    if row.get("second_chance"):
        text.append(f"[{card_label('second_chance', lang)}]", style=_ACTION_STYLE)
    return text


def render(ctx: TableContext) -> RenderableType:
    view, lang = ctx.view, ctx.lang
    header = Text(
        t(
            "tui.flip7.header",
            lang,
            round=view.get("round", 1),
            dealer=ctx.name(view.get("dealer")),
            target=view.get("target"),
            deck=view.get("deck_size"),
            discard=len(view.get("discard", [])),
        ),
        style="italic",
    )
    # No rules between rows: at 80x24 every line is a player's (a row wraps, never hides).
    table = Table(expand=True, box=None, pad_edge=False, header_style="bold underline")
    table.add_column(t("tui.flip7.player", lang), no_wrap=True)
    table.add_column(t("tui.flip7.cards", lang), ratio=1)
    table.add_column("", justify="left")
    table.add_column(t("tui.flip7.round", lang), justify="right")
    table.add_column(t("tui.flip7.total", lang), justify="right")
    for seat, row in enumerate(view.get("table", [])):
        marker = "▶ " if seat == view.get("to_move") else "  "
        status = str(row.get("status", "active"))
        table.add_row(
            marker + seat_label(seat, ctx),
            row_text(row, lang),
            Text(t(f"tui.flip7.status.{status}", lang), style=_STATUS_STYLE.get(status, "")),
            str(row.get("points", 0)),
            str(view.get("totals", [0] * (seat + 1))[seat]),
        )
    parts: list[RenderableType] = [header, table]
    pending = view.get("pending")
    if pending:
        parts.append(
            Text(
                t(
                    "tui.flip7.pending",
                    lang,
                    name=ctx.name(pending["seat"]),
                    card=card_label(pending["kind"], lang),
                ),
                style=_ACTION_STYLE,
            )
        )
    last = view.get("last_round")
    if last:
        shown = " · ".join(f"{ctx.name(s)} {p}" for s, p in enumerate(last))
        parts.append(Text(t("tui.flip7.last_round", lang, points=shown), style="dim"))
    return Group(*parts)


def describe(action: dict[str, Any], ctx: TableContext) -> str:
    kind = action.get("type")
    if kind == "hit":
        return t("tui.flip7.hit", ctx.lang)
    if kind == "stay":
        me = ctx.viewer
        rows = ctx.view.get("table", [])
        points = rows[me]["points"] if me is not None and me < len(rows) else 0
        return t("tui.flip7.stay", ctx.lang, points=points)
    if kind == "target":
        pending = ctx.view.get("pending") or {}
        pending_kind = str(pending.get("kind", ""))
        own = action.get("seat") == ctx.viewer
        name = ctx.name(action.get("seat"))
        if not pending_kind:  # no card waits (a move listed by `x`): name the card generically
            return t(
                "tui.flip7.give_self_any" if own else "tui.flip7.give_any", ctx.lang, name=name
            )
        card = the_card(pending_kind, ctx.lang)
        if own:
            return t("tui.flip7.give_self", ctx.lang, card=card)
        return t("tui.flip7.give", ctx.lang, card=card, name=name)
    return str(action)


def sort_key(action: dict[str, Any], ctx: TableContext) -> Any:
    order = {"hit": 0, "stay": 1, "target": 2}
    return (order.get(str(action.get("type")), 3), action.get("seat", 0))


def hints(ctx: TableContext) -> list[str]:
    """The game's public score helper (`GAME.hint`), worded for the player to move."""
    lang = ctx.lang
    me = ctx.viewer
    if me is None or ctx.view.get("to_move") != me:
        return [t("tui.flip7.not_you", lang)]
    hint = GAME.hint(ctx.view, ctx.rules)
    if hint is None:  # an action card to give: no hit-or-stay choice yet
        return [t("tui.flip7.not_you", lang)]
    covered = bool(ctx.view["table"][me].get("second_chance"))
    key = "tui.flip7.safe" if covered else "tui.flip7.bust_risk"
    gain = hint["hit_gain"]
    return [
        t(
            key,
            lang,
            risk=percent(hint["bust_probability"], lang),
            bad=int(hint["bust_cards"]),
            size=int(hint["draw_size"]),
        ),
        t(
            "tui.flip7.ev",
            lang,
            after=decimal(hint["hit_ev"], lang),
            now=int(hint["points"]),
            sign="+" if gain >= 0 else "",
            gain=decimal(gain, lang),
        ),
    ]
