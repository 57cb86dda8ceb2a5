"""Cards and the hand notation of RULES.md §1.

A card is a short token: a rank (`2`..`10` or `T`, `J`, `Q`, `K`, `A`, or `-` for a number card
of no particular rank) with an optional suit (`♠♥♦♣`, or the letters `S H D C`, stored as the
symbol), or `X` for a joker (tribute 5) and `B` for the beggar joker (tribute 5, cannot be
countered). Only the first character decides the tribute, which keeps the engine's inner loop
cheap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from parlour.core.errors import RulesError

SUITS = "♠♥♦♣"
_SUIT_LETTERS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "X"
BEGGAR_JOKER = "B"
TRIBUTE = {"J": 1, "Q": 2, "K": 3, "A": 4, JOKER: 5, BEGGAR_JOKER: 5}
# Integer codes used by the fast paths: 0 number card, 1..4 J..A, 5 joker, 6 beggar joker.
CODE = {"J": 1, "Q": 2, "K": 3, "A": 4, JOKER: 5, BEGGAR_JOKER: 6}
NOTATION = {0: "-", 1: "J", 2: "Q", 3: "K", 4: "A", 5: "X", 6: "B"}


def tribute(card: str) -> int:
    """Cards owed for this card (0 for a number card)."""
    return TRIBUTE.get(card[0], 0)


def code(card: str) -> int:
    return CODE.get(card[0], 0)


def notation(cards: Iterable[str]) -> str:
    """`AKQJ-` notation of a hand, top card first."""
    return "".join(NOTATION[code(c)] for c in cards)


def full_deck(jokers: int = 0, beggar_joker: bool = False) -> list[str]:
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    deck += [JOKER] * jokers
    if beggar_joker:
        deck.append(BEGGAR_JOKER)
    return deck


CARD_FORMS = (
    "ranks 2..10 or T and J Q K A (the penalty cards), each with an optional suit ♠♥♦♣ or "
    "S H D C; - for any number card, X a joker, B the beggar joker"
)


def _suit(ch: str) -> str | None:
    """The suit symbol that `ch` writes (a symbol, or a letter S H D C in either case), or None."""
    if ch in SUITS:
        return ch
    return _SUIT_LETTERS.get(ch.upper())


def _token(raw: str, hand_text: str) -> str:
    text = raw.strip().upper()
    suit = ""
    # A suit letter is a suit only after a rank: a bare S, H, D or C is never a card.
    if len(text) > 1 and (symbol := _suit(text[-1])) is not None:
        suit, text = symbol, text[:-1]
    if text == "T":
        text = "10"
    if text in ("-", JOKER, BEGGAR_JOKER) and suit:
        raise RulesError(f"card {raw!r} in hand {hand_text!r} cannot have a suit: use {CARD_FORMS}")
    if text in RANKS or text in ("-", JOKER, BEGGAR_JOKER):
        return text + suit
    raise RulesError(f"bad card {raw!r} in hand {hand_text!r}: use {CARD_FORMS}")


def parse_hand(text: str) -> list[str]:
    """A hand from its notation, top card first: `-K--QA`, `10H2SKD` (letter suits after a rank),
    `K♠A♥`, `2 K 10 Q`, `2,K,10`.

    Without spaces or commas a card is one character (`10`: two), followed by its suit when the
    next character is one (`♠♥♦♣` or `S H D C`: no rank is one of these letters, so `KS` is the
    king of spades and `-S` a number card with a suit, refused).
    """
    stripped = text.strip()
    if any(sep in stripped for sep in " ,"):
        return [_token(part, text) for part in stripped.replace(",", " ").split()]
    cards: list[str] = []
    i = 0
    while i < len(stripped):
        ch = stripped[i]
        if ch == "1" and stripped[i + 1 : i + 2] == "0":
            ch, i = "10", i + 1
        i += 1
        if i < len(stripped) and _suit(stripped[i]) is not None:
            ch, i = ch + stripped[i], i + 1
        cards.append(_token(ch, text))
    return cards


def check_deal(hands: Sequence[Sequence[str]], jokers: int = 0, beggar_joker: bool = False) -> None:
    """Refuse a deal that cannot be played under these rules.

    An explicit deal may hold any cards, as the published problem sets do (say 26 number cards
    each, or five aces): only the penalty ranks decide the play, so no deck is imposed. The check
    stays where a variant gives cards a meaning the deck defines: jokers (`X`) exist only with
    option `jokers`, at most that many, and the beggar joker (`B`) only with `beggar_joker`, once.
    """
    if len(hands) < 2:
        raise RulesError("a deal needs at least two hands")
    if len(hands) > 6:
        raise RulesError(f"Beggar-My-Neighbour is played by 2 to 6 players, not {len(hands)}")
    cards = [card for hand in hands for card in hand]
    if not cards:
        raise RulesError("the deal has no cards")
    ranks = Counter(card[0] for card in cards if card[0] in (JOKER, BEGGAR_JOKER))
    if ranks[JOKER] > jokers:
        raise RulesError(
            f"the deal has {ranks[JOKER]} joker(s) but the rules allow {jokers} (option jokers)"
        )
    if ranks[BEGGAR_JOKER] > (1 if beggar_joker else 0):
        raise RulesError("the deal has a beggar joker B but option beggar_joker is off (or two)")
