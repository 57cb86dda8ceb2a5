"""`shuffle(rng, x)`: what `rng.shuffle(x)` does, a Python call fewer per card.

`random.Random.shuffle` calls the Python method `_randbelow` once per card: for a 94-card
Flip 7 deck that is 93 calls, about a tenth of a bulk game's time. The loop below draws the
same `getrandbits` words in the same order, so a seed deals exactly the cards it always dealt
(records, the kernels and golden tests depend on it). At import it is checked against the
running interpreter's own `shuffle` (whose `_randbelow` could change between versions); if
they ever differ, `shuffle` is `rng.shuffle` itself.
"""

from __future__ import annotations

import random
from typing import Any


def _shuffle_inline(rng: random.Random, x: list[Any]) -> None:
    # CPython's `shuffle` with `_randbelow_with_getrandbits` written into the loop.
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        x[i], x[r] = x[r], x[i]


def _inline_is_exact() -> bool:
    for seed in (0, 1, 2**40 + 7):
        for size in (0, 1, 2, 3, 42, 94, 200):
            ours, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            _shuffle_inline(a, ours)
            b.shuffle(theirs)
            if ours != theirs or a.getstate() != b.getstate():
                return False
    return True


_INLINE_EXACT = _inline_is_exact()


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle `x` in place exactly as `rng.shuffle(x)` would."""
    if _INLINE_EXACT and type(rng) is random.Random:
        _shuffle_inline(rng, x)
    else:  # a subclass may draw differently: let it
        rng.shuffle(x)
