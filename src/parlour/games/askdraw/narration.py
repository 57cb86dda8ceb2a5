"""The narration that the ask-and-draw games asking for one card share (the 7 familles,
Panoplies): the deal, the cards given and drawn, « Pioche ! », passes and turns.

Each game narrates its asks, its laid groups and its end in its own words, and hands every
other event to `narrate_ask_draw`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from parlour.core.events import Event
from parlour.i18n import register, t

register(
    {
        "askdraw.deal": {
            "en": "{size} {most:#card|cards} each; {pile} left in the pile. {first} starts.",
            "fr": "{size} {most:#carte|cartes} chacun ; {pile} dans la pioche. {first} commence.",
        },
        "askdraw.give": {
            "en": "{name} gives {card} to {to}.",
            "fr": "{name} donne {card} à {to}.",
        },
        "askdraw.pioche": {"en": "{name}: “Draw!”", "fr": "{name} : « Pioche ! »"},
        "askdraw.bonne_pioche": {
            "en": "{name} draws {card}: “Lucky draw!”",
            "fr": "{name} pioche {card} : « Bonne pioche ! »",
        },
        "askdraw.draw": {"en": "{name} draws a card.", "fr": "{name} pioche une carte."},
        "askdraw.draw_own": {"en": "{name} draws {card}.", "fr": "{name} pioche {card}."},
        "askdraw.pass": {
            "en": "{name} cannot play and passes.",
            "fr": "{name} ne peut pas jouer et passe.",
        },
        "askdraw.turn": {"en": "{name} plays.", "fr": "À {name} de jouer."},
    }
)


def narrate_ask_draw(
    event: Event,
    lang: str,
    names: Sequence[str],
    card_name: Callable[[Mapping[str, Any], str], str],
) -> str | None:
    """The line of an event that the games asking for one card narrate alike (the deal, a card
    given, « Pioche ! », a draw, a pass, a turn), or None for the others (the ask and the group
    laid, which each game words its own way). `card_name(data, lang)` names the event's card."""
    d = event.data
    kind = event.type
    if kind == "deal":
        sizes = d["sizes"]
        # Uneven hands ("8/7") take the word that agrees with the largest: a text for the
        # plural rule wants a number.
        size = sizes[0] if len(set(sizes)) == 1 else "/".join(map(str, sizes))
        return t(
            "askdraw.deal", lang, size=size, most=max(sizes), pile=d["pile"],
            first=names[d["first"]],
        )  # fmt: skip
    if kind == "give":
        card = card_name(d, lang)
        return t("askdraw.give", lang, name=names[d["seat"]], card=card, to=names[d["to"]])
    if kind == "bonne_pioche":
        return t("askdraw.bonne_pioche", lang, name=names[d["seat"]], card=card_name(d, lang))
    if kind == "draw" and "card" in d:
        return t("askdraw.draw_own", lang, name=names[d["seat"]], card=card_name(d, lang))
    if kind in ("pioche", "draw", "pass", "turn"):
        return t(f"askdraw.{kind}", lang, name=names[d["seat"]])
    return None
