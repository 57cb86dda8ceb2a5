"""Random deals by index, in pure Python (no NumPy), bit for bit those of the compiled kernel.

Deal `index` of `seed` places the penalty cards at distinct random positions of the deck with a
partial Fisher-Yates shuffle driven by SplitMix64; `deck[p]` is the p-th card dealt, one card at a
time from the first hand (the leader). The kernel's `_fill_deck` is the compiled twin; keeping
this one free of NumPy lets the long agreement check replay deals under PyPy.
"""

from __future__ import annotations

from collections.abc import Sequence

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
PENALTY_CODES = (1, 2, 3, 4) * 4  # J Q K A, four of each


def mix(z: int) -> int:
    """SplitMix64's finaliser."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def penalty_codes(jokers: int = 0, beggar_joker: bool = False) -> tuple[int, ...]:
    return PENALTY_CODES + (5,) * jokers + ((6,) if beggar_joker else ())


def fill_deck(seed: int, index: int, penalties: Sequence[int], size: int) -> list[int]:
    slots = list(range(size))
    deck = [0] * size
    state = mix((seed * GOLDEN + index) & M64)
    draw = 0
    for i, code in enumerate(penalties):
        if i % 2 == 0:
            state = (state + GOLDEN) & M64
            draw = mix(state)
            bits = draw >> 32
        else:
            bits = draw & 0xFFFFFFFF
        j = i + ((bits * (size - i)) >> 32)
        slots[i], slots[j] = slots[j], slots[i]
        deck[slots[i]] = code
    return deck


def random_deal(
    players: int, seed: int, index: int, jokers: int = 0, beggar_joker: bool = False
) -> list[list[int]]:
    """Hands (codes, first hand leads) of random deal `index` of `seed`."""
    pens = penalty_codes(jokers, beggar_joker)
    deck = fill_deck(seed & M64, index & M64, pens, 52 + len(pens) - 16)
    return [deck[i::players] for i in range(players)]
