"""What the 7 familles' events and views carry (docs/bots.md is generated from it)."""

from __future__ import annotations

from parlour.games.askdraw import fields as askdraw

_CARD = {"card": "the card's id (its family is card // 6)", "deck": "the deck's id"}

EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "deal": (askdraw.EVENTS["deal"][0], {**askdraw.EVENTS["deal"][1], "deck": "the deck's id"}),
    "hand": askdraw.EVENTS["hand"],
    "turn": askdraw.EVENTS["turn"],
    "ask": ("a seat asks another for a card", {**askdraw.EVENTS["ask"][1], **_CARD}),
    "give": (askdraw.EVENTS["give"][0], {**askdraw.EVENTS["give"][1], **_CARD}),
    "pioche": (askdraw.EVENTS["pioche"][0], {**askdraw.EVENTS["pioche"][1], **_CARD}),
    "draw": (askdraw.EVENTS["draw"][0], {**askdraw.EVENTS["draw"][1], "deck": "the deck's id"}),
    "bonne_pioche": (
        askdraw.EVENTS["bonne_pioche"][0],
        {**askdraw.EVENTS["bonne_pioche"][1], **_CARD},
    ),
    "lay": (
        "a seat lays a complete family down",
        {
            "seat": "the seat",
            "group": "the family's index in the deck (the field is `group`, not `family`)",
            "cards": "the family's six cards",
            "deck": "the deck's id",
        },
    ),
    "pass": askdraw.EVENTS["pass"],
    "end": (
        "the game is over",
        {"families": "families laid, by seat", "winners": "the seats with the most families"},
    ),
}

VIEW: dict[str, str] = {
    **askdraw.VIEW,
    "families": "families laid, by seat",
    "deck": "the deck: its id, name, language and families (names, titles, members)",
}
