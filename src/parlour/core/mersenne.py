"""CPython's `random.Random`, transcribed for the compiled kernels (Flip 7, the 7 familles).

A kernel that draws exactly what `random.Random(seed)` draws plays exactly the reference
engine's game for the same seed, with no decks passed from Python. What is transcribed, from
Modules/_randommodule.c and Lib/random.py:

- seeding from an integer 0 <= seed < 2**64 (`init_by_array` on its 32-bit words);
- `genrand_uint32`, the Mersenne Twister's next word;
- `getrandbits(k)` for k <= 32 and for k = 63 (two words, the low one first);
- `_randbelow(n)` by rejection on `getrandbits(n.bit_length())`, `choice`, `shuffle`.

A generator is an int64 array of `MT_WORDS`: the 624 words, then the read position.

Every function is plain Python on NumPy arrays: compiled by Numba (cached on disk, no GIL) when
Numba is present and PARLOUR_NO_NUMBA is unset, run as it is otherwise (the same draws, much
slower). Kernels take `njit` and `HAVE_NUMBA` from here so that they and these helpers are
always compiled, or not, together.

Numba's disk cache of a kernel is keyed on the kernel's own file only: after a change here,
touch the kernels that call these helpers (or clear their `__pycache__`), or they keep running
the old code.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

try:  # Numba is a dependency, but a platform without a wheel must still work.
    if os.environ.get("PARLOUR_NO_NUMBA"):
        raise ImportError("PARLOUR_NO_NUMBA is set")
    import numba

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised on machines without Numba
    numba = None  # type: ignore[assignment]
    HAVE_NUMBA = False


def njit(fn: Any) -> Any:
    """Numba's `njit(cache=True, nogil=True)`, or the plain function without Numba."""
    if not HAVE_NUMBA:
        return fn
    return numba.njit(cache=True, nogil=True)(fn)


_N, _M = 624, 397
_MASK32 = 0xFFFFFFFF
MT_WORDS = _N + 1  # the 624 words and the read position


def _genrand_base() -> np.ndarray:
    """`init_genrand(19650218)`: the same for every seed, so computed once and copied."""
    mt = np.zeros(MT_WORDS, dtype=np.int64)
    word = 19650218
    mt[0] = word
    for i in range(1, _N):
        word = (1812433253 * (word ^ (word >> 30)) + i) & _MASK32
        mt[i] = word
    return mt


GENRAND_BASE = _genrand_base()


@njit
def mt_seed(mt: Any, key0: int, key1: int, nkey: int) -> None:
    """`random.Random(seed)` for 0 <= seed < 2**64: init_by_array on its 32-bit words (`nkey`
    is 1 when the seed fits in 32 bits, 0 included, else 2)."""
    for k in range(_N):
        mt[k] = GENRAND_BASE[k]
    i, j = 1, 0
    for _ in range(max(_N, nkey)):
        prev = mt[i - 1]
        word = key0 if j == 0 else key1
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK32)) + word + j) & _MASK32
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= nkey:
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK32)) - i) & _MASK32
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[_N] = _N  # the read position: the first draw regenerates the block


@njit
def mt_seed63(mt: Any, seed: int) -> None:
    """`random.Random(seed)` for 0 <= seed < 2**63 (an int64)."""
    high = seed >> 32
    mt_seed(mt, seed & _MASK32, high, 2 if high else 1)


@njit
def mt_next(mt: Any) -> int:
    """`genrand_uint32`: the next 32-bit word."""
    if mt[_N] >= _N:
        for kk in range(_N):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % _N] & 0x7FFFFFFF)
            value = mt[(kk + _M) % _N] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[kk] = value
        mt[_N] = 0
    y = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit
def getrandbits63(mt: Any) -> int:
    """`getrandbits(63)`: two words, the first the low 32 bits, the second cut to 31 bits."""
    low = mt_next(mt)
    high = mt_next(mt) >> 1
    return (high << 32) | low


@njit
def randbelow(mt: Any, n: int) -> int:
    """`_randbelow(n)` for n >= 1: `getrandbits(n.bit_length())` until below n."""
    k = 0
    while (1 << k) <= n:
        k += 1
    r = mt_next(mt) >> (32 - k)
    while r >= n:
        r = mt_next(mt) >> (32 - k)
    return r


@njit
def shuffle(mt: Any, cards: Any, count: int) -> None:
    """`shuffle` of `cards[:count]`, from the top index down."""
    for i in range(count - 1, 0, -1):
        j = randbelow(mt, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
