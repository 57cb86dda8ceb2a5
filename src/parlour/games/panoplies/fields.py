"""What Panoplies' events and views carry (docs/bots.md is generated from it)."""

from __future__ import annotations

from parlour.games.askdraw import fields as askdraw

_NAMES = {"garment": "the card's garment", "character": "the card's character"}
_CARD = {"card": "the card's id", **_NAMES}
_GARMENT = {"seat": "the mannequin's seat", **_NAMES}


def _with(
    kind: str, extra: dict[str, str], meaning: str | None = None
) -> tuple[str, dict[str, str]]:
    text, fields = askdraw.EVENTS[kind]
    return meaning or text, {**fields, **extra}


EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "characters": (
        "each seat's character for the match",
        {"characters": "the characters' names, by seat"},
    ),
    "deal": _with(
        "deal",
        {
            "game": "the game's number in the match, from 1",
            "garments": "the garments' names, by garment index",
            "characters": "the characters' names, by character index",
        },
    ),
    "hand": askdraw.EVENTS["hand"],
    "turn": askdraw.EVENTS["turn"],
    "ask": _with("ask", _CARD),
    "give": _with("give", _CARD),
    "pioche": _with("pioche", _CARD),
    "draw": _with(
        "draw",
        {
            "garment": "the drawn card's garment (drawer only)",
            "character": "the drawn card's character (drawer only)",
        },
    ),
    "bonne_pioche": _with("bonne_pioche", _CARD),
    "lay": _with(
        "lay",
        {"character": "the outfit's character", "cards": "the outfit's cards"},
        "a seat lays a character's complete outfit",
    ),
    "pass": askdraw.EVENTS["pass"],
    "garment_back": ("a seat wins back a garment of its own mannequin", _GARMENT),
    "garment_lost": (
        "a seat's mannequin loses a garment to another seat",
        {**_GARMENT, "by": "the seat that won the card"},
    ),
    "joker_draw": (
        "the loser of a garment draws among its jokers' cards to save it",
        {
            **_GARMENT,
            "by": "the seat that won the card",
            "drawn": "the drawn cards' garments",
            "drawn_from": "the drawn cards' characters",
            "saved": "whether a drawn card saves the garment",
        },
    ),
    "outfit": (
        "whose outfit a laid group is",
        {
            "seat": "the seat that laid it",
            "character": "the outfit's character",
            "kind": "'own' (the layer's), 'other' (another seat's) or 'nobody' (no seat's)",
            "owner": "the seat whose character it is (absent for 'nobody')",
        },
    ),
    "joker": (
        "a seat keeps an outfit of nobody's as a joker",
        {"seat": "the seat", "character": "the outfit's character"},
    ),
    "game_end": (
        "a game of the match is over",
        {
            "game": "the game's number, from 1",
            "loser": "the seat that lost (None: nobody)",
            "layer": "the seat whose laid outfit ended it (None: none)",
            "losses": "losses so far, by seat",
        },
    ),
    "end": (
        "the match is over",
        {"losses": "losses, by seat", "results": "each game's {game, loser, layer}"},
    ),
}

VIEW: dict[str, str] = {
    **askdraw.VIEW,
    "garments": "the garments' names, by garment index",
    "characters": "the characters' names, by character index",
    "mannequins": "each seat's mannequin: {seat, character, wearing (garment names)}",
    "wardrobe": "the garments off every mannequin: {character, garment}",
    "outfits": "the outfits laid: {seat, character, kind, owner}",
    "match": "the match: {game, games, losses, results}",
}

# Events random games may never reach: a joker is won by laying nobody's outfit, and drawn only
# when its holder is about to lose a garment.
RARE_EVENTS = ("joker_draw",)
