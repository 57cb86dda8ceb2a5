"""What Go Fish's events and views carry (docs/bots.md is generated from it)."""

from __future__ import annotations

from parlour.games.askdraw import fields as askdraw

_RANK = {
    "rank": "the rank's index (0 the ace, 1 the two, ...)",
    "group": "the rank's index, as rank",
}
_CARD = {"card": "the card's id (rank x suits + suit)", **_RANK, "suit": "the card's suit index"}


def _with(
    kind: str, extra: dict[str, str], meaning: str | None = None
) -> tuple[str, dict[str, str]]:
    text, fields = askdraw.EVENTS[kind]
    return meaning or text, {**fields, **extra}


EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "deal": _with(
        "deal", {"ranks": "ranks in the deck (13)", "suits": "cards of each rank, a book (4)"}
    ),
    "hand": askdraw.EVENTS["hand"],
    "turn": askdraw.EVENTS["turn"],
    "ask": _with("ask", _RANK, "a seat asks another for every card of a rank"),
    "give": _with("give", {**_RANK, "cards": "the cards handed over"}),
    "pioche": _with("pioche", _RANK, "the seat asked has none of that rank: go fish"),
    "draw": _with(
        "draw",
        {
            "rank": "the drawn card's rank index (drawer only)",
            "suit": "the drawn card's suit index (drawer only)",
        },
    ),
    "bonne_pioche": _with("bonne_pioche", _CARD),
    "lay": _with(
        "lay",
        {"rank": "the book's rank index", "cards": "the book's cards"},
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
    "ranks": "ranks in the deck (13 in the standard deck)",
    "suits": "cards of each rank, the size of a book (4 in the standard deck)",
}
