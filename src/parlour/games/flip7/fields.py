"""What Flip 7's events and views carry (docs/bots.md is generated from it). Every Flip 7
event is public; cards are named as strings: '0'..'12', '+2'..'+10', 'x2', 'freeze',
'flip_three', 'second_chance'."""

from __future__ import annotations

EVENTS: dict[str, tuple[str, dict[str, str]]] = {
    "round_start": (
        "a round begins",
        {
            "round": "the round's number, from 1",
            "dealer": "the dealer",
            "deck": "cards in the deck",
            "totals": "the scores so far, by seat",
        },
    ),
    "draw": (
        "a card is turned for a seat",
        {
            "seat": "the seat that gets it",
            "card": "the card",
            "during": "'deal' (opening card), 'hit', or 'flip_three' (forced by Flip Three)",
            "index": "for 'flip_three', which of the three cards it is (1..3)",
        },
    ),
    "stay": ("a seat stays", {"seat": "the seat", "points": "the points it banks"}),
    "bust": ("a seat turns a number it already has", {"seat": "the seat", "card": "the card"}),
    "flip7": ("a seat has seven different numbers: the round ends", {"seat": "the seat"}),
    "second_chance_used": (
        "a Second Chance cancels a duplicate",
        {"seat": "the seat", "card": "the duplicate, discarded with the Second Chance"},
    ),
    "second_chance_kept": ("a seat keeps a Second Chance", {"seat": "the seat"}),
    "second_chance_given": (
        "a seat that already holds one gives a Second Chance away",
        {"seat": "the giver", "target": "the seat that receives it"},
    ),
    "target": (
        "a seat plays an action card on a seat",
        {"seat": "the chooser", "card": "the action card", "target": "the seat it hits"},
    ),
    "freeze": ("a seat is frozen: it banks its points", {"seat": "the seat", "points": "points"}),
    "flip_three": ("a seat must take three cards", {"seat": "the seat"}),
    "flip_three_done": ("a seat's Flip Three is over", {"seat": "the seat"}),
    "set_aside": (
        "an action card turned during Flip Three waits until the three cards are turned",
        {"seat": "the seat", "card": "the action card"},
    ),
    "action_discarded": (
        "an action card with no seat to take it is discarded",
        {"card": "the card", "seat": "the seat that turned it"},
    ),
    "reshuffle": ("the discard pile becomes the deck", {"cards": "cards in the new deck"}),
    "deck_exhausted": ("no card is left to draw anywhere: the round ends", {}),
    "round_end": (
        "a round is over",
        {
            "round": "the round's number",
            "points": "the points each seat banked this round, by seat",
            "totals": "the scores, by seat",
            "flip7": "the seat that made a Flip 7 (None: nobody)",
        },
    ),
    "tie": (
        "the target is reached with a tie at the top: another round",
        {"seats": "the tied seats", "total": "their score"},
    ),
    "game_over": ("the game is over", {"winner": "the winner", "totals": "the scores, by seat"}),
}

VIEW: dict[str, str] = {
    "game": "the game's name",
    "seat": "the seat this view is for (None: a spectator)",
    "players": "the seats' names, by seat",
    "target": "the score that ends the game",
    "round": "the round's number",
    "dealer": "the round's dealer",
    "totals": "the scores so far, by seat",
    "table": "each seat's row: {numbers, modifiers, second_chance, status, points}",
    "in_play": "the action cards waiting to be resolved",
    "deck_size": "cards in the deck",
    "deck_counts": "how many of each card are left in the deck (everything not seen)",
    "discard": "the discard pile",
    "pending": "the choice the seat to move must make (a target for an action card), or None",
    "last_round": "the points each seat banked last round",
}

# Events random games of the default rules may never reach: a deck and discard both used up,
# a tie for the lead past the target, an action card left with nobody to take it.
RARE_EVENTS = ("deck_exhausted", "tie", "action_discarded")
