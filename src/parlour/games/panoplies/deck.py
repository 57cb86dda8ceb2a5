"""The Panoplies deck (RULES.md §4): garment families × characters.

Card `garment * num_characters + character`; a character's outfit is one column of the grid.
Optional families (hats, scarves, belts) each add a garment family and two characters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from parlour.games.askdraw.engine import Grouping

STANDARD_GARMENTS = ("shoes", "socks", "trousers", "shirt", "jumper", "jacket", "coat")
STANDARD_CHARACTERS = ("grandfather", "grandmother", "father", "mother", "son", "daughter")
OPTIONAL = {  # optional family -> (garment, its two characters)
    "hats": ("hat", ("aunt", "uncle")),
    "scarves": ("scarf", ("cousin_f", "cousin_m")),
    "belts": ("belt", ("daughter_in_law", "son_in_law")),
}


@dataclass(frozen=True)
class Wardrobe:
    """The grid in play: garment ids (rows) and character ids (columns)."""

    garments: tuple[str, ...]
    characters: tuple[str, ...]

    @property
    def num_cards(self) -> int:
        return len(self.garments) * len(self.characters)

    def garment_of(self, card: int) -> int:
        return card // len(self.characters)

    def character_of(self, card: int) -> int:
        return card % len(self.characters)

    def card(self, garment: int | str, character: int | str) -> int:
        g = garment if isinstance(garment, int) else self.garments.index(garment)
        c = character if isinstance(character, int) else self.characters.index(character)
        return g * len(self.characters) + c

    def card_fields(self, card: int) -> dict[str, str]:
        """What narration needs to name a card: its garment and its character."""
        return {
            "garment": self.garments[self.garment_of(card)],
            "character": self.characters[self.character_of(card)],
        }

    def outfit(self, character: int) -> list[int]:
        return [g * len(self.characters) + character for g in range(len(self.garments))]

    @property
    def grouping(self) -> Grouping:
        return _grouping(len(self.garments), len(self.characters))


@cache
def _grouping(rows: int, cols: int) -> Grouping:
    return Grouping.grid(rows, cols, by="col")


@cache
def wardrobe(hats: bool = False, scarves: bool = False, belts: bool = False) -> Wardrobe:
    garments = list(STANDARD_GARMENTS)
    characters = list(STANDARD_CHARACTERS)
    for name, on in (("hats", hats), ("scarves", scarves), ("belts", belts)):
        if on:
            garment, pair = OPTIONAL[name]
            garments.append(garment)
            characters.extend(pair)
    return Wardrobe(tuple(garments), tuple(characters))
