"""What Go Fish's events and views carry (docs/bots.md is generated from it)."""

from __future__ import annotations

from parlour.games.askdraw import fields as askdraw

_RANK = {"rank": "the rank's name", "group": "the rank's index"}
_CARD = {"card": "the card's id", **_RANK, "suit": "the card's suit"}


def _with(
    kind: str, extra: dict[str, str], meaning: str | None = None
) -> tuple[str, dict[str, str]]:
    text, fields = askdraw.EVENTS[kind]
    return meaning or text, {**fields, **extra}


EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "deal": _with("deal", {"ranks": "the ranks' names", "suits": "the suits' names"}),
    "hand": askdraw.EVENTS["hand"],
    "turn": askdraw.EVENTS["turn"],
    "ask": _with("ask", _RANK, "a seat asks another for every card of a rank"),
    "give": _with("give", {**_RANK, "cards": "the cards handed over"}),
    "pioche": _with("pioche", _RANK, "the seat asked has none of that rank: go fish"),
    "draw": _with(
        "draw",
        {
            "rank": "the drawn card's rank (drawer only)",
            "suit": "the drawn card's suit (drawer only)",
        },
    ),
    "bonne_pioche": _with("bonne_pioche", _CARD),
    "lay": _with(
        "lay",
        {"rank": "the book's rank", "cards": "the book's four cards"},
        "a seat lays a book (four of a rank)",
    ),
    "pass": askdraw.EVENTS["pass"],
    "end": (
        "the game is over",
        {
            "books": "books laid, by seat",
            "first_out": "the seat that ran out of cards first",
            "winners": "the seats with the most books",
        },
    ),
}

VIEW: dict[str, str] = {
    **askdraw.VIEW,
    "books": "books laid, by seat",
    "ranks": "the ranks' names, by rank index",
    "suits": "the suits' names",
}
