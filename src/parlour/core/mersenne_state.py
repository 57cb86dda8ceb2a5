"""A `random.Random`'s state moved into a compiled kernel's generator and back.

`parlour.core.mersenne` keeps a generator as its 624 words and a read position, and regenerates
the block lazily: while the first 227 words of a new block are drawn, the words from the read
position on are still the *previous* block's (each is regenerated when drawn, from words not
regenerated yet). CPython regenerates the whole block at once, so its state (`getstate()`)
holds the new block's words from its first draw on. The two agree once 227 words or more of the
block are drawn, or before its first draw; in between, the kernel's form needs the previous
block's words, which are found by inverting the twist (`_untwist`): each word of the new block
tells the top bit of one previous word and the low 31 bits of the next. The only bits it cannot
tell, the low 31 of the previous block's word 0, are read by no later draw.

A kernel that loads a reference state (search playouts from a determinized state) and the
reference state read back from a kernel both go through here, so that the games they play on
draw exactly what the reference engine draws.
"""

from __future__ import annotations

from typing import Any

import numpy as np

N, M = 624, 397
LAZY = N - M  # the words of a block regenerated one by one as they are drawn
UPPER, LOWER, MATRIX = 0x80000000, 0x7FFFFFFF, 0x9908B0DF
VERSION = 3  # `random.Random.getstate()`'s format


def _mix(y: int) -> int:
    """The twist's `(y >> 1) ^ mag01[y & 1]`."""
    return (y >> 1) ^ (MATRIX if y & 1 else 0)


def _unmix(value: int) -> int:
    """`y` from `_mix(y)`: `y >> 1` has a clear top bit and MATRIX a set one, so the top bit
    of the result says whether y was odd."""
    odd = value >> 31
    return ((value ^ MATRIX) << 1 | 1) if odd else value << 1


def _twist(words: list[int], start: int) -> None:
    """CPython's `genrand` block regeneration, in place, from word `start` on (the words
    before it already regenerated, as the lazy kernel leaves them)."""
    for kk in range(start, N):
        y = (words[kk] & UPPER) | (words[(kk + 1) % N] & LOWER)
        words[kk] = words[(kk + M) % N] ^ _mix(y)


def _untwist(new: list[int]) -> list[int]:
    """The previous block's words from a regenerated block (word 0's low bits left at 0)."""
    old = [0] * N
    y = _unmix(new[N - 1] ^ new[M - 1])  # the last word mixes old 623 with the new word 0
    old[N - 1] |= y & UPPER
    for kk in range(N - 2, LAZY - 1, -1):  # new[kk] = new[kk - LAZY] ^ mix(old kk, kk + 1)
        y = _unmix(new[kk] ^ new[kk - LAZY])
        old[kk] |= y & UPPER
        old[kk + 1] |= y & LOWER
    for kk in range(LAZY - 1, -1, -1):  # new[kk] = old[kk + M] ^ mix(old kk, kk + 1)
        y = _unmix(new[kk] ^ old[kk + M])
        old[kk] |= y & UPPER
        old[kk + 1] |= y & LOWER
    return old


def to_kernel(state: tuple[Any, ...], out: np.ndarray) -> None:
    """Write `random.Random.getstate()`'s generator into a kernel generator (`MT_WORDS`
    int64). A pending `gauss` value is not carried (the kernels never draw one)."""
    version, internal, _ = state
    if version != VERSION or len(internal) != N + 1:
        raise ValueError("not a Mersenne Twister state of random.Random")
    words, pos = list(internal[:N]), int(internal[N])
    if 0 < pos <= LAZY:  # the words from `pos` on are still the previous block's there
        words = words[:pos] + _untwist(words)[pos:]
    elif pos == 0:  # no draw from the block yet: all of it is still to come
        words = _untwist(words)
    out[:N] = words
    out[N] = pos


def from_kernel(mt: np.ndarray) -> tuple[Any, ...]:
    """`random.Random.getstate()` of a kernel generator: `Random().setstate(...)` of it draws
    what the kernel's generator draws."""
    words, pos = [int(w) for w in mt[:N]], int(mt[N])
    if pos <= LAZY:
        _twist(words, pos)  # finish the block the kernel regenerates word by word
    return (VERSION, (*words, pos), None)
