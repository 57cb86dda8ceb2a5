"""What the ask-and-draw engine's events and views carry (docs/bots.md is generated from it).

Each game adds its own card fields (`card` and `deck` in the 7 familles, `garment` and
`character` in Panoplies, `rank` and `suit` in Go Fish) to the events that name a card.
"""

from __future__ import annotations

EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "deal": (
        "the cards are dealt",
        {
            "sizes": "cards dealt to each seat, by seat",
            "pile": "cards left in the draw pile",
            "first": "the seat that plays first",
            "ask_any": "whether a seat may ask for a card of a group it does not hold",
        },
    ),
    "hand": (
        "a seat's own hand (that seat only)",
        {"seat": "the seat", "cards": "its cards, as card ids, sorted"},
    ),
    "turn": ("a seat's turn begins", {"seat": "the seat to ask"}),
    "ask": (
        "a seat asks another for a card",
        {"seat": "the asker", "target": "the seat asked"},
    ),
    "give": (
        "the seat asked hands the card over",
        {"seat": "the giver (the seat asked)", "to": "the asker"},
    ),
    "pioche": (
        "the seat asked has no such card: the asker must draw",
        {"seat": "the seat asked", "asker": "the asker"},
    ),
    "draw": (
        "a seat draws from the pile (the card to that seat only; others see no card)",
        {
            "seat": "the drawer",
            "card": "the card drawn (absent for the others)",
            "reason": "why: 'miss' after a refused ask, 'empty_hand' when a seat's hand ran out",
            "pile": "cards left in the pile after the draw",
        },
    ),
    "bonne_pioche": (
        "the drawn card is the one asked for: the drawer shows it and plays again",
        {"seat": "the drawer", "card": "the card shown"},
    ),
    "lay": (
        "a seat lays a complete group down",
        {
            "seat": "the seat",
            "group": "the group's index (a family, a character, a rank)",
            "cards": "the group's cards",
        },
    ),
    "pass": ("a seat with no card and an empty pile passes", {"seat": "the seat"}),
}

VIEW: dict[str, str] = {
    "game": "the game's name",
    "players": "the seats' names, by seat",
    "seat": "the seat this view is for (None: a spectator)",
    "turn": "the seat whose turn it is",
    "first": "the seat that played first",
    "hand": "this seat's cards, as card ids (absent for a spectator)",
    "hand_sizes": "how many cards each seat holds, by seat",
    "pile_size": "cards left in the draw pile",
    "laid": "the groups laid so far, in order: {group, seat}",
}
