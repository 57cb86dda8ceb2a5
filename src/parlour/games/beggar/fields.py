"""What Beggar-My-Neighbour's events and views carry (docs/bots.md is generated from it)."""

from __future__ import annotations

EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "dealer_draw": (
        "each seat draws a card to choose the first dealer",
        {"cards": "the card drawn, by seat (keys are seat numbers as strings)"},
    ),
    "deal": (
        "a round's cards are dealt",
        {
            "round": "the round's number, from 1",
            "dealer": "the dealer",
            "leader": "the seat that flips first",
            "sizes": "cards dealt, by seat",
        },
    ),
    "flip": (
        "a seat turns its top card onto the pile",
        {
            "seat": "the seat",
            "card": "the card, such as '7♠' (rank then suit; V, D, R, A are the face cards)",
            "tribute": "what the card demands: 4 for an ace down to 1 for a jack, else 0",
            "paying": "whether the seat was paying a tribute when it flipped",
            "owed": "cards still owed to the claimant after this flip",
        },
    ),
    "capture": (
        "the claimant takes the pile",
        {
            "seat": "the seat that takes it",
            "size": "the pile's size",
            "tricks": "tricks taken so far this round",
            "cards": "cards flipped so far this round",
        },
    ),
    "out": (
        "a seat has no card left and is out of the round",
        {"seat": "the seat", "cards": "cards flipped so far this round"},
    ),
    "round_end": (
        "the round is over",
        {
            "round": "the round's number",
            "status": "'finished', or how the round stopped (a cap or a cycle)",
            "cards": "cards flipped in the round",
            "tricks": "tricks in the round",
            "winner": "the seat holding every card (None: no winner)",
            "dealer": "the round's dealer",
        },
    ),
}

VIEW: dict[str, str] = {
    "game": "the game's name",
    "players": "the seats' names, by seat",
    "seat": "the seat this view is for (None: a spectator)",
    "stack_sizes": "cards in each seat's hand, by seat",
    "active": "whether each seat is still in the round, by seat",
    "pile": "the cards on the pile, bottom first",
    "turn": "the seat to flip",
    "owed": "cards still owed to the claimant (0: no tribute pending)",
    "claimant": "the seat that will take the pile if the tribute is not answered (None: none)",
    "cards": "cards flipped so far this round",
    "tricks": "tricks taken so far this round",
    "round": "the round's number",
    "dealer": "the round's dealer",
    "wins": "rounds won, by seat",
    "rounds": "the rounds played: {status, cards, tricks, winner, dealer}",
}

# View keys that only some rules add: {key: (meaning, the rules that bring them)}.
RULES_VIEW: dict[str, tuple[str, dict[str, object]]] = {
    "my_stack": (
        "this seat's own stack, the next card to flip first (absent for a spectator)",
        {"face_up": True},
    ),
    "pace_ms": ("milliseconds between automatic flips", {"speed": True}),
}
