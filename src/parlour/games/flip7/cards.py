"""The Flip 7 deck: card codes, names and the 94-card composition.

Cards are small integers so the engine, the bots and the solver share one cheap encoding:
0..12 are the number cards, 13..17 the modifiers +2..+10, 18 the x2, then the three actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour.core.errors import RulesError

NUMBERS = range(13)
LAST_NUMBER = 12  # `card <= LAST_NUMBER`: a number card (is_number without a call)
PLUS_CARDS = range(13, 18)  # +2, +4, +6, +8, +10
X2 = 18
FREEZE = 19
FLIP_THREE = 20
SECOND_CHANCE = 21
KINDS = 22
ACTIONS = (FREEZE, FLIP_THREE, SECOND_CHANCE)
MAX_POINTS = 1_000_000  # the largest target or bonus: past it no game, and sums stay in 64 bits
MODIFIERS = (*PLUS_CARDS, X2)

_ACTION_NAMES = {FREEZE: "freeze", FLIP_THREE: "flip_three", SECOND_CHANCE: "second_chance"}
_BY_NAME = {name: code for code, name in _ACTION_NAMES.items()}
_BY_NAME.update({"flip3": FLIP_THREE, "sc": SECOND_CHANCE, "x2": X2})


def copies(card: int) -> int:
    """How many copies of `card` the 94-card deck holds."""
    if card <= 1:
        return 1
    if card <= 12:
        return card
    if card in ACTIONS:
        return 3
    return 1


FULL_COUNTS: tuple[int, ...] = tuple(copies(c) for c in range(KINDS))
DECK_SIZE = sum(FULL_COUNTS)
assert DECK_SIZE == 94


def is_number(card: int) -> bool:
    return card <= 12


def plus_value(card: int) -> int:
    """The points of a + card (0 for any other card)."""
    return 2 * (card - 12) if 13 <= card <= 17 else 0


_PLUS_VALUES: tuple[int, ...] = tuple(plus_value(c) for c in range(32))


def card_name(card: int) -> str:
    """The stable JSON name of a card: "7", "+4", "x2", "freeze", "flip_three", "second_chance"."""
    if card <= 12:
        return str(card)
    if card <= 17:
        return f"+{plus_value(card)}"
    if card == X2:
        return "x2"
    return _ACTION_NAMES[card]


def parse_card(text: str | int) -> int:
    """A card from its name (or a number); RulesError for anything else."""
    code = _CODES.get(text)  # type: ignore[arg-type]
    if code is not None:
        return code
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text <= 12:
            return text
        raise RulesError(f"no Flip 7 number card {text} (numbers go from 0 to 12)")
    word = str(text).strip().lower().replace(" ", "_").replace("-", "_")
    if word in _BY_NAME:
        return _BY_NAME[word]
    if word.isdigit() and 0 <= int(word) <= 12:
        return int(word)
    if word.startswith("+") and word[1:].isdigit() and int(word[1:]) in (2, 4, 6, 8, 10):
        return 12 + int(word[1:]) // 2
    raise RulesError(
        f"unknown Flip 7 card {text!r}; cards are 0..12, +2, +4, +6, +8, +10, x2, "
        "freeze, flip_three, second_chance"
    )


_CODES: dict[str | int, int] = {card_name(c): c for c in range(KINDS)}
# Every card's name by code: the views of a game name hundreds of cards per decision.
NAMES: tuple[str, ...] = tuple(card_name(c) for c in range(KINDS))
CODES: dict[str, int] = {name: c for c, name in enumerate(NAMES)}


def full_deck() -> list[int]:
    return [card for card in range(KINDS) for _ in range(FULL_COUNTS[card])]


def counts_of(cards: Iterable[int]) -> list[int]:
    out = [0] * KINDS
    for card in cards:
        out[card] += 1
    return out


def check_counts(cards: Sequence[int], what: str) -> None:
    """Refuse more copies of a card than the deck holds."""
    for card, n in enumerate(counts_of(cards)):
        if n > FULL_COUNTS[card]:
            raise RulesError(
                f"{what} holds {n} copies of {card_name(card)}, the deck has {FULL_COUNTS[card]}"
            )


def round_score(numbers: Iterable[int], modifiers: Iterable[int], flip7_bonus: int) -> int:
    """(numbers, doubled by x2) + the + cards + the Flip 7 bonus when `flip7_bonus` is given."""
    total = sum(numbers)
    mods = modifiers if isinstance(modifiers, (list, tuple)) else list(modifiers)
    if not mods:  # most hands: every view scores every seat, so the common case is short
        return total + flip7_bonus
    if X2 in mods:
        total *= 2
    return total + sum(map(_PLUS_VALUES.__getitem__, mods)) + flip7_bonus
