"""CPython's `random.Random`, transcribed for the compiled kernels (Flip 7, the ask-and-draw games).

A kernel that draws exactly what `random.Random(seed)` draws plays exactly the reference
engine's game for the same seed, with no decks passed from Python. What is transcribed, from
Modules/_randommodule.c and Lib/random.py:

- seeding from an integer 0 <= seed < 2**64 (`init_by_array` on its 32-bit words);
- `genrand_uint32`, the Mersenne Twister's next word;
- `getrandbits(k)` for k <= 32 and for k = 63 (two words, the low one first);
- `_randbelow(n)` by rejection on `getrandbits(n.bit_length())`, `choice`, `shuffle`.

A generator is an int64 array of `MT_WORDS`: the 624 words and the read position. The block is
regenerated lazily, in the in-place order of CPython's `genrand`: each of its first 227 words is
regenerated when it is drawn (it reads only words not regenerated yet), the other 397 at once
when the 228th is, so that a generator that draws a few words (a master drawing the bots' seeds,
a bot making forty choices) skips most of the twist; the words are the same. Draws only ever
move the read position on by one, which is what makes this exact.

Seeding is a chain of 1,247 dependent steps; `mt_seed63_rows` seeds generators LANES at a time
so that the processor works on their chains at once, and `seed_tables` seeds the generators
of a block of games as `runner.play_game` does (the state's, the bots' master, the bots').

Every function is plain Python on NumPy arrays: compiled by Numba (cached on disk, no GIL) when
Numba is present and PARLOUR_NO_NUMBA is unset, run as it is otherwise (the same draws, much
slower). Kernels take `njit` and `HAVE_NUMBA` from here so that they and these helpers are
always compiled, or not, together. The helpers called per draw are `njit_lean`: compiled without
Numba's reference counts, which cost more than the draws.

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


def njit_inline(fn: Any) -> Any:
    """`njit`, inlined into its callers by Numba: a helper taking many arrays, which a call
    would pass as dozens of separate arguments."""
    if not HAVE_NUMBA:
        return fn
    return numba.njit(cache=True, nogil=True, inline="always")(fn)


def njit_lean(fn: Any) -> Any:
    """`njit` without Numba's reference counting, for a helper that allocates no array and
    returns none. Numba counts the references to every array a function is passed, slices or
    copies, with an atomic add and subtract on each: in a kernel's loop of small calls that is
    most of the time. Such a helper only reads and writes arrays its caller keeps alive, so it
    needs no counts; one that allocated or returned an array would not compile or would free
    it early."""
    if not HAVE_NUMBA:
        return fn
    # `_nrt` is a private option of Numba's CPU target: a release without it compiles the
    # helper with reference counts (slower, the same results).
    from numba.core.cpu import CPUTargetOptions

    if not hasattr(CPUTargetOptions, "_nrt"):
        return njit(fn)
    return numba.njit(cache=True, nogil=True, _nrt=False)(fn)  # type: ignore[call-overload]


_N, _M = 624, 397
_MASK32 = 0xFFFFFFFF
_POS = _N  # the read position
MT_WORDS = _N + 1
BIT_LENGTH = np.array([n.bit_length() for n in range(256)], dtype=np.int64)


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


@njit_lean
def _first(prev: int, word: int, add: int) -> int:
    """A step of init_by_array's first loop."""
    return ((word ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK32)) + add) & _MASK32


@njit_lean
def _second(prev: int, word: int, i: int) -> int:
    """A step of init_by_array's second loop."""
    return ((word ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK32)) - i) & _MASK32


@njit_lean
def mt_seed(mt: Any, key0: int, key1: int, nkey: int) -> None:
    """`random.Random(seed)` for 0 <= seed < 2**64: init_by_array on its 32-bit words (`nkey`
    is 1 when the seed fits in 32 bits, 0 included, else 2)."""
    for k in range(_N):
        mt[k] = GENRAND_BASE[k]
    i, j = 1, 0
    for _ in range(max(_N, nkey)):
        mt[i] = _first(mt[i - 1], mt[i], (key0 if j == 0 else key1) + j)
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= nkey:
            j = 0
    for _ in range(_N - 1):
        mt[i] = _second(mt[i - 1], mt[i], i)
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[_POS] = _N  # the first draw starts a new block


@njit_lean
def mt_seed63(mt: Any, seed: int) -> None:
    """`random.Random(seed)` for 0 <= seed < 2**63 (an int64)."""
    high = seed >> 32
    mt_seed(mt, seed & _MASK32, high, 2 if high else 1)


LANES = 4  # generators seeded side by side (more would spill the registers)


@njit
def _seed_lanes(mts: Any, rows: Any, seeds: Any, first: int, count: int) -> None:
    """`mt_seed63(mts[rows[k]], seeds[k])` for first <= k < first + count (count <= LANES).

    init_by_array unrolled (a seed of two words adds `key0`, then `key1 + 1`, alternately; a
    seed of one word always `key0`) on LANES generators at once, each lane's last word in a
    register: the lanes' chains of dependent multiplies overlap instead of waiting on each
    other. Lanes past `count` work on a spare array.
    """
    spare = np.empty(MT_WORDS, dtype=np.int64)
    m0 = mts[rows[first]]
    m1 = mts[rows[first + 1]] if count > 1 else spare
    m2 = mts[rows[first + 2]] if count > 2 else spare
    m3 = mts[rows[first + 3]] if count > 3 else spare
    keys = np.zeros(2 * LANES, dtype=np.int64)  # per lane: the add of even steps, of odd ones
    for k in range(count):
        seed = seeds[first + k]
        keys[2 * k] = seed & _MASK32
        keys[2 * k + 1] = (seed >> 32) + 1 if seed >> 32 else keys[2 * k]
    e0, o0, e1, o1, e2, o2, e3, o3 = (
        keys[0],
        keys[1],
        keys[2],
        keys[3],
        keys[4],
        keys[5],
        keys[6],
        keys[7],
    )
    p0 = p1 = p2 = p3 = GENRAND_BASE[0]
    for i in range(1, _N):  # steps 0 to 622 of the first loop: step i - 1, at word i
        w = GENRAND_BASE[i]  # each word is still init_genrand's when its step comes
        if i & 1:
            p0, p1 = _first(p0, w, e0), _first(p1, w, e1)
            p2, p3 = _first(p2, w, e2), _first(p3, w, e3)
        else:
            p0, p1 = _first(p0, w, o0), _first(p1, w, o1)
            p2, p3 = _first(p2, w, o2), _first(p3, w, o3)
        m0[i], m1[i], m2[i], m3[i] = p0, p1, p2, p3
    # Step 623 wraps round to word 1, after word 0 became word 623 (the prev of every lane).
    p0, p1 = _first(p0, m0[1], o0), _first(p1, m1[1], o1)
    p2, p3 = _first(p2, m2[1], o2), _first(p3, m3[1], o3)
    m0[1], m1[1], m2[1], m3[1] = p0, p1, p2, p3
    for i in range(2, _N):
        p0, p1 = _second(p0, m0[i], i), _second(p1, m1[i], i)
        p2, p3 = _second(p2, m2[i], i), _second(p3, m3[i], i)
        m0[i], m1[i], m2[i], m3[i] = p0, p1, p2, p3
    # The second loop wraps round too: its last step is at word 1.
    m0[1], m1[1] = _second(p0, m0[1], 1), _second(p1, m1[1], 1)
    m2[1], m3[1] = _second(p2, m2[1], 1), _second(p3, m3[1], 1)
    for lane in (m0, m1, m2, m3):
        lane[0] = 0x80000000
        lane[_POS] = _N


@njit
def mt_seed63_rows(mts: Any, rows: Any, seeds: Any, count: int) -> None:
    """`mt_seed63(mts[rows[k]], seeds[k])` for k < count, LANES generators at a time."""
    for first in range(0, count, LANES):
        _seed_lanes(mts, rows, seeds, first, min(LANES, count - first))


@njit_lean
def _twist_word(mt: Any, kk: int) -> None:
    """Word `kk` of the next block, in place (the in-place order of CPython's `genrand`)."""
    y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % _N] & 0x7FFFFFFF)
    value = mt[(kk + _M) % _N] ^ (y >> 1)
    if y & 1:
        value ^= 0x9908B0DF
    mt[kk] = value


@njit_lean
def mt_next(mt: Any) -> int:
    """`genrand_uint32`: the next 32-bit word."""
    pos = mt[_POS]
    if pos >= _N:
        pos = 0
    if pos < _N - _M:  # in-place order: words pos + 1 and pos + M are still the old block's
        y = (mt[pos] & 0x80000000) | (mt[pos + 1] & 0x7FFFFFFF)
        # The odd words' constant by a mask, not a branch that half the words mispredict.
        mt[pos] = mt[pos + _M] ^ (y >> 1) ^ (-(y & 1) & 0x9908B0DF)
    elif pos == _N - _M:  # a generator that came this far draws many: the rest in one go
        for kk in range(pos, _N):
            _twist_word(mt, kk)
    y = mt[pos]
    mt[_POS] = pos + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit_lean
def getrandbits63(mt: Any) -> int:
    """`getrandbits(63)`: two words, the first the low 32 bits, the second cut to 31 bits."""
    low = mt_next(mt)
    high = mt_next(mt) >> 1
    return (high << 32) | low


@njit_lean
def randbelow(mt: Any, n: int) -> int:
    """`_randbelow(n)` for n >= 1: `getrandbits(n.bit_length())` until below n."""
    if n < 256:  # the bit length from a table: a loop's exit branch mispredicts
        k = BIT_LENGTH[n]
    else:
        k = 8
        while (1 << k) <= n:
            k += 1
    r = mt_next(mt) >> (32 - k)
    while r >= n:
        r = mt_next(mt) >> (32 - k)
    return r


@njit_lean
def shuffle(mt: Any, cards: Any, count: int) -> None:
    """`shuffle` of `cards[:count]`, from the top index down."""
    for i in range(count - 1, 0, -1):
        j = randbelow(mt, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


BLOCK = 8  # the games whose generators a kernel has `seed_tables` seed at once


@njit
def seed_tables(mts: Any, seeds: Any, start: int, count: int, n: int, rows: Any,
                keys: Any) -> None:  # fmt: skip
    """The generators of games start to start + count - 1 as `runner.play_game` seeds them
    (the state `Random(seed)`, the bots' master `Random(seed ^ 0x5EED)`, seat s's bot
    `Random(master.getrandbits(63))`): game b's rows of `mts` start at b * (n + 2), seat s's
    bot's at + s, the state's at + n, the master's at + n + 1. `rows` and `keys` are scratch
    of at least count * n entries."""
    width = n + 2
    for b in range(count):
        rows[2 * b], keys[2 * b] = b * width + n, seeds[start + b]
        rows[2 * b + 1], keys[2 * b + 1] = b * width + n + 1, seeds[start + b] ^ 0x5EED
    mt_seed63_rows(mts, rows, keys, 2 * count)
    for b in range(count):
        master = mts[b * width + n + 1]
        for s in range(n):
            rows[b * n + s], keys[b * n + s] = b * width + s, getrandbits63(master)
    mt_seed63_rows(mts, rows, keys, n * count)
