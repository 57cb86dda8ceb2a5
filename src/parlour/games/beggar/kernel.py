"""The compiled Beggar kernel: many deals at once, with the exact rules and counting of RULES.md §1.

Arrays of deals go in, arrays of (status, cards, tricks, winner) come out. Card codes are those of
`fast.py`: 0 number card, 1..4 J Q K A, 5 joker, 6 beggar joker; the first hand leads.

Two engines live here, both compiled with Numba (cached on disk, so only the first run pays for
compilation):

- a two-player engine that jumps from penalty card to penalty card: number cards are all alike,
  so a hand is a bit mask of where its penalty cards are and their tributes packed in an integer;
  the cards laid between two penalty cards are a count of trailing zeros, and laying them or
  taking the pile is a shift. This is the engine of random search and statistics;
- a card-by-card engine for every case (2 to 6 players, both `exhausted_payer` conventions,
  jokers and the beggar joker). It is the twin of `fast.play_codes` and it decides loops exactly:
  Brent's cycle finding over trick-boundary states gives the first repeated state, so cards and
  tricks are reported at the first repeat, the initial deal included, as the reference does.

A game is deterministic, so a deal that finishes never repeats a state: the fast engines play
without loop bookkeeping, and only a deal that passes `TRICK_CAP` tricks is replayed by the exact
loop finder. Random deals are made inside the kernel from (seed, index) with a SplitMix64
generator, so deal `i` of a seed is the same whatever the batch, the worker or the engine, and any
deal of a run can be rebuilt later (`random_deal`).

Where Numba cannot run, every function falls back to the pure-Python engine (`fast.play_codes`)
with a warning; the results are identical, only slower.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.games.beggar.deals import GOLDEN as _GOLDEN
from parlour.games.beggar.deals import M64 as _M64
from parlour.games.beggar.deals import penalty_codes, random_deal
from parlour.games.beggar.fast import play_codes

FINISHED, LOOP = 0, 1
_CAPPED = 2  # internal: the fast engine gave up, the exact loop finder takes over
STATUS_NAMES = ("finished", "loop")
TRICK_CAP = 3000  # every published finite record ends before 1,200 tricks
_TRIBUTE = np.array([0, 1, 2, 3, 4, 5, 5], dtype=np.int64)
_CAP = 64  # ring buffer size of a hand in the card-by-card engine: at most 52 cards and 2 jokers
_MASK = _CAP - 1

try:  # Numba is a dependency, but a platform without a wheel must still work.
    if os.environ.get("PARLOUR_NO_NUMBA"):
        raise ImportError("PARLOUR_NO_NUMBA is set")
    import numba

    HAVE_NUMBA = True
except ImportError as exc:  # pragma: no cover - exercised on machines without Numba
    numba = None  # type: ignore[assignment]  # never called: HAVE_NUMBA guards every use
    HAVE_NUMBA = False
    _NUMBA_ERROR = str(exc)

_warned = False


def _warn_fallback() -> None:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            f"Numba is unavailable ({_NUMBA_ERROR}): the Beggar kernel falls back to the "
            "pure-Python engine, about a hundred times slower",
            RuntimeWarning,
            stacklevel=3,
        )


def _trailing_zeros_portable(x: Any) -> Any:
    """The index of the lowest set bit of x > 0, bit by bit: the fallback where Numba's
    one-instruction count is missing (plain Python, or a Numba that moved it)."""
    n = 0
    while (x & 1) == 0:
        x >>= 1
        n += 1
    return n


_trailing_zeros: Any = _trailing_zeros_portable
if HAVE_NUMBA:
    try:  # LLVM's count of trailing zeros: a private corner of Numba, hence the guard
        from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
    except ImportError:  # pragma: no cover - depends on the Numba release
        _trailing_zeros = numba.njit(cache=True, nogil=True)(_trailing_zeros_portable)


def _njit() -> Any:
    def wrap(fn: Any) -> Any:
        if not HAVE_NUMBA:
            return fn
        return numba.njit(cache=True, nogil=True)(fn)

    return wrap


# ----- the random deals -------------------------------------------------------------------------
_U_GOLDEN = np.uint64(_GOLDEN)
_U_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_U_MIX2 = np.uint64(0x94D049BB133111EB)
_U_LOW = np.uint64(0xFFFFFFFF)
_U30, _U27, _U31, _U32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)


@_njit()
def _mix(z: Any) -> Any:
    """SplitMix64's finaliser: a strong 64-bit mixer."""
    z = (z ^ (z >> _U30)) * _U_MIX1
    z = (z ^ (z >> _U27)) * _U_MIX2
    return z ^ (z >> _U31)


@_njit()
def _penalty_places(seed: Any, index: Any, count: int, slots: Any, size: int) -> None:
    """Deal `index` of `seed`: slots[i] for i < count becomes the deck position of the i-th
    penalty card, uniformly random and distinct.

    Only the penalty cards need places (number cards are all alike), so a partial Fisher-Yates
    shuffle of the positions takes 16 draws instead of 51 (two per SplitMix64 number).
    """
    for i in range(size):
        slots[i] = i
    state = _mix(np.uint64(seed) * _U_GOLDEN + np.uint64(index))
    draw = np.uint64(0)
    for i in range(count):
        if i % 2 == 0:
            state = state + _U_GOLDEN
            draw = _mix(state)
            bits = draw >> _U32
        else:
            bits = draw & _U_LOW
        j = i + np.int64((bits * np.uint64(size - i)) >> _U32)
        slots[i], slots[j] = slots[j], slots[i]


@_njit()
def _fill_deck(seed: Any, index: Any, penalties: Any, slots: Any, deck: Any) -> None:
    """Deal `index` of `seed` as a deck: `deck[p]` is the p-th card dealt."""
    size = deck.shape[0]
    _penalty_places(seed, index, penalties.shape[0], slots, size)
    for i in range(size):
        deck[i] = 0
    for i in range(penalties.shape[0]):
        deck[slots[i]] = penalties[i]


def deck_penalties(jokers: int = 0, beggar_joker: bool = False) -> np.ndarray:
    """The penalty cards of a deck variant as codes."""
    return np.array(penalty_codes(jokers, beggar_joker), dtype=np.int8)


def deck_size(jokers: int = 0, beggar_joker: bool = False) -> int:
    return 52 + jokers + int(beggar_joker)


# ----- the two-player engine ---------------------------------------------------------------------
# Number cards are all alike, so a hand is three integers: `mask` (bit i set when the i-th card
# from the top is a penalty card), `values` (the tributes of its penalty cards, top first, 3 bits
# each) and its length; `count` (how many penalty cards) says where the next tributes go. A hand
# and the pile together hold at most 54 cards, and `values` at most PACKED_PENALTIES tributes (3
# bits each in an int64): every deck variant has 18 at most, and `_play_one` sends an explicit
# deal with more to the exact engine.
PACKED_PENALTIES = 21


@_njit()
def _play2(am: Any, av: Any, an: Any, ak: Any, bm: Any, bv: Any, bn: Any, bk: Any, cap: int) -> Any:
    """Play a two-player deal without a beggar joker, hand a (first arguments) leading; returns
    (status, cards, tricks, winner), status _CAPPED after `cap` tricks.

    Between two penalty cards the play is fixed (the hands lay number cards in turn, or the payer
    lays them one after another), so the engine jumps from one penalty card to the next: the
    distance to a hand's next penalty card is one trailing-zero count of its mask, laying k number
    cards is a shift, and taking the pile is a shift and an or. A deal costs a few steps per
    penalty card laid (about 80 in a 254-card game) instead of one per card: about twice as
    fast as a card-by-card loop. `a` is always the hand that leads or is owed, `b` the other,
    and `who` says which of the deal's hands `a` is.
    """
    if an == 0 or bn == 0:
        if an > 0:
            return FINISHED, 0, 0, 0
        if bn > 0:
            return FINISHED, 0, 0, 1
        return FINISHED, 0, 0, -1
    one = np.int64(1)
    who = 0
    cards = 0
    tricks = 0
    while True:
        # `a` leads with an empty pile; the hands lay in turn, a first, until a penalty card.
        fa = _trailing_zeros(am | (one << an))  # a's next penalty card (an: none)
        fb = _trailing_zeros(bm | (one << bn))
        if fa <= fb:  # a's comes first, after fa number cards from each hand
            cards += 2 * fa
            if fa == an:  # a must lay from an empty hand: out
                return FINISHED, cards, tricks + (1 if fa > 0 else 0), who ^ 1
            am >>= fa + 1
            an -= fa + 1
            owed = av & 7
            av >>= 3
            ak -= 1
            bm >>= fa
            bn -= fa
            pn = 2 * fa
        else:  # b's comes first: a laid fb + 1 number cards, b fb
            cards += 2 * fb + 1
            if fb == bn:
                return FINISHED, cards, tricks + 1, who
            am >>= fb + 1
            an -= fb + 1
            bm >>= fb + 1
            bn -= fb + 1
            owed = bv & 7
            bv >>= 3
            bk -= 1
            pn = 2 * fb + 1
            am, av, an, ak, bm, bv, bn, bk = bm, bv, bn, bk, am, av, an, ak
            who ^= 1
        pm = one << pn  # the pile, as a hand: the penalty card just laid on the number cards
        pv = owed
        pk = 1
        pn += 1
        cards += 1
        while True:  # b owes `owed` cards to a
            fp = _trailing_zeros(bm | (one << bn))
            if fp < owed:  # a penalty card (or the end of b's hand) before the debt is paid
                cards += fp
                if fp == bn:
                    return FINISHED, cards, tricks + 1, who
                bm >>= fp + 1
                bn -= fp + 1
                tribute = bv & 7
                bv >>= 3
                bk -= 1
                pn += fp
                pm |= one << pn
                pv |= tribute << (3 * pk)
                pk += 1
                pn += 1
                cards += 1
                owed = tribute  # the debt passes: the roles swap
                am, av, an, ak, bm, bv, bn, bk = bm, bv, bn, bk, am, av, an, ak
                who ^= 1
                continue
            cards += owed  # b pays in number cards; a takes the pile under its hand and leads
            bm >>= owed
            bn -= owed
            pn += owed
            am |= pm << an
            av |= pv << (3 * ak)
            an += pn
            ak += pk
            tricks += 1
            if bn == 0:
                return FINISHED, cards, tricks, who
            if tricks >= cap:
                return _CAPPED, cards, tricks, -1
            break


@_njit()
def _hand_bits(codes: Any, start: int, step: int, length: int) -> Any:
    """(mask, values, count) of the hand codes[start], codes[start + step], ... (`length` cards)."""
    mask = np.int64(0)
    values = np.int64(0)
    count = 0
    for i in range(length):
        code = np.int64(codes[start + i * step])
        if code != 0:
            mask |= np.int64(1) << i
            values |= code << (3 * count)
            count += 1
    return mask, values, count


@_njit()
def _play2_deck(deck: Any, cap: int) -> Any:
    """`_play2` on a deck dealt one card at a time from hand 0 (hand 0 gets the odd card)."""
    size = deck.shape[0]
    half = (size + 1) // 2
    m0, v0, k0 = _hand_bits(deck, 0, 2, half)
    m1, v1, k1 = _hand_bits(deck, 1, 2, size - half)
    return _play2(m0, v0, np.int64(half), k0, m1, v1, np.int64(size - half), k1, cap)


@_njit()
def _random_play2(
    seed: Any, index: Any, penalties: Any, slots: Any, codes: Any, size: int, cap: int
) -> Any:
    """Random deal `index` of `seed` (as `_fill_deck`), dealt straight into two hands as bits,
    and played by `_play2`. `codes` is scratch space of at least `size` entries."""
    _penalty_places(seed, index, penalties.shape[0], slots, size)
    m0 = np.int64(0)
    m1 = np.int64(0)
    for i in range(penalties.shape[0]):
        pos = slots[i]
        codes[pos] = penalties[i]  # read back below only where a penalty card was put
        if pos & 1:
            m1 |= np.int64(1) << (pos >> 1)
        else:
            m0 |= np.int64(1) << (pos >> 1)
    v0, k0 = _tributes(codes, 0, m0)
    v1, k1 = _tributes(codes, 1, m1)
    half = (size + 1) // 2
    return _play2(m0, v0, np.int64(half), k0, m1, v1, np.int64(size - half), k1, cap)


@_njit()
def _tributes(codes: Any, hand: int, mask: Any) -> Any:
    """(values, count) of a dealt hand's penalty cards: the set bits of its mask, lowest first."""
    values = np.int64(0)
    count = 0
    rest = mask
    while rest != 0:
        i = _trailing_zeros(rest)
        values |= np.int64(codes[2 * i + hand]) << (3 * count)
        count += 1
        rest &= rest - 1
    return values, count


# ----- the card-by-card engine (any number of players, exact loops) -----------------------------
# A state is one int64 array: [turn, alive, cards, tricks, winner, n, next_pays, pad,
# head[n], size[n], active[n], ring[n * _CAP]].
_HDR = 8


@_njit()
def _nxt(st: Any, n: int, seat: int) -> int:
    """The next player still in after `seat`, clockwise (`seat` itself if nobody else)."""
    act = _HDR + 2 * n
    other = seat
    for _ in range(n):
        other += 1
        if other == n:  # no division in the hot loop
            other = 0
        if st[act + other] != 0:
            return other
    return seat


@_njit()
def _advance(st: Any, pile: Any) -> int:
    """Play from a trick boundary to the next one: 0 at a boundary, 1 when the round is over."""
    n = st[5]
    next_pays = st[6] != 0
    head = _HDR
    size = _HDR + n
    act = _HDR + 2 * n
    ring = _HDR + 3 * n
    turn = st[0]
    alive = st[1]
    cards = st[2]
    owed = 0
    claimant = -1
    unc = False
    ps = 0
    while True:
        collector = -1
        if st[size + turn] == 0:
            st[act + turn] = 0
            alive -= 1
            if alive == 1:
                st[4] = _nxt(st, n, turn)
                if ps > 0:
                    st[3] += 1
                st[1] = alive
                st[2] = cards
                return 1
            if owed > 0 and not next_pays:
                collector = claimant
            else:
                turn = _nxt(st, n, turn)
                continue
        else:
            h = st[head + turn]
            card = st[ring + turn * _CAP + h]
            st[head + turn] = (h + 1) & _MASK
            st[size + turn] -= 1
            pile[ps] = card
            ps += 1
            cards += 1
            value = _TRIBUTE[card]
            if value > 0 and not (owed > 0 and unc):
                claimant = turn
                owed = value
                unc = card == 6
                turn = _nxt(st, n, turn)
                continue
            if owed == 0:
                turn = _nxt(st, n, turn)
                continue
            owed -= 1
            if owed > 0:
                continue
            collector = claimant
        # The collector takes the pile: a trick boundary.
        base = st[head + collector] + st[size + collector]
        for i in range(ps):
            st[ring + collector * _CAP + ((base + i) & _MASK)] = pile[i]
        st[size + collector] += ps
        st[3] += 1
        st[0] = collector
        st[1] = alive
        st[2] = cards
        # The round ends when the collector holds every card: every other player still in
        # has an empty hand (with two players, the other hand is empty).
        for seat in range(n):
            if seat != collector and st[act + seat] != 0 and st[size + seat] != 0:
                return 0
        st[4] = collector
        return 1


@_njit()
def _same_boundary(a: Any, b: Any) -> bool:
    """Equal trick-boundary states: same leader, same players in, same hands (values only)."""
    n = a[5]
    if a[0] != b[0]:
        return False
    size = _HDR + n
    act = _HDR + 2 * n
    ring = _HDR + 3 * n
    for s in range(n):
        if a[act + s] != b[act + s] or a[size + s] != b[size + s]:
            return False
    for s in range(n):
        ha = a[_HDR + s]
        hb = b[_HDR + s]
        for i in range(a[size + s]):
            if a[ring + s * _CAP + ((ha + i) & _MASK)] != b[ring + s * _CAP + ((hb + i) & _MASK)]:
                return False
    return True


@_njit()
def _load_state(st: Any, codes: Any, lengths: Any, n: int, next_pays: bool) -> int:
    """Fill a state from hands codes[s, :lengths[s]]; returns -2 to play on, else the result
    winner of a deal decided before the first card (-1 when nobody holds a card)."""
    st[:] = 0
    st[5] = n
    st[6] = 1 if next_pays else 0
    alive = 0
    for s in range(n):
        st[_HDR + n + s] = lengths[s]
        for i in range(lengths[s]):
            st[_HDR + 3 * n + s * _CAP + i] = codes[s, i]
        if lengths[s] > 0:
            st[_HDR + 2 * n + s] = 1
            alive += 1
    st[1] = alive
    if alive <= 1:
        for s in range(n):
            if st[_HDR + 2 * n + s] != 0:
                return s
        return -1
    st[0] = 0 if st[_HDR + 2 * n] != 0 else _nxt(st, n, 0)
    return -2


@_njit()
def _play_exact(x0: Any, tort: Any, hare: Any, pile: Any, cap: int) -> Any:
    """Play state x0 to its end; loops found exactly. Returns (status, cards, tricks, winner)."""
    hare[:] = x0
    for _ in range(cap):
        if _advance(hare, pile) == 1:
            return FINISHED, hare[2], hare[3], hare[4]
    # Long enough to suspect a loop: Brent's algorithm on trick-boundary states.
    tort[:] = x0
    hare[:] = x0
    if _advance(hare, pile) == 1:
        return FINISHED, hare[2], hare[3], hare[4]
    power = 1
    lam = 1
    while not _same_boundary(tort, hare):
        if power == lam:
            tort[:] = hare
            power *= 2
            lam = 0
        if _advance(hare, pile) == 1:
            return FINISHED, hare[2], hare[3], hare[4]
        lam += 1
    # The first repeat is boundary mu + lam, equal to boundary mu.
    tort[:] = x0
    hare[:] = x0
    for _ in range(lam):
        _advance(hare, pile)
    while not _same_boundary(tort, hare):
        _advance(tort, pile)
        _advance(hare, pile)
    return LOOP, hare[2], hare[3], -1


@_njit()
def _play_one(codes: Any, lengths: Any, n: int, next_pays: bool, cap: int, work: Any) -> Any:
    """One deal, by the fastest engine that handles it exactly."""
    x0, tort, hare, pile = work
    fast = n == 2
    if fast:
        penalties = 0
        for s in range(2):
            for i in range(lengths[s]):
                if codes[s, i] == 6:  # the beggar joker's tribute cannot be countered
                    fast = False
                elif codes[s, i] != 0:
                    penalties += 1
        if penalties > PACKED_PENALTIES:  # more tributes than a hand's bits hold
            fast = False
    if fast:
        m0, v0, k0 = _hand_bits(codes[0], 0, 1, lengths[0])
        m1, v1, k1 = _hand_bits(codes[1], 0, 1, lengths[1])
        res = _play2(m0, v0, lengths[0], k0, m1, v1, lengths[1], k1, cap)
        if res[0] != _CAPPED:
            return res
    first = _load_state(x0, codes, lengths, n, next_pays)
    if first != -2:
        return FINISHED, 0, 0, first
    return _play_exact(x0, tort, hare, pile, cap)


@_njit()
def _work(n: int) -> Any:
    state = _HDR + 3 * n + n * _CAP
    return (
        np.zeros(state, np.int64),
        np.zeros(state, np.int64),
        np.zeros(state, np.int64),
        np.zeros(_CAP, np.int64),
    )


@_njit()
def _play_range(
    codes: Any, lengths: Any, next_pays: bool, cap: int, out: Any, lo: int, hi: int
) -> None:
    work = _work(codes.shape[1])
    for d in range(lo, hi):
        res = _play_one(codes[d], lengths[d], codes.shape[1], next_pays, cap, work)
        out[d, 0] = res[0]
        out[d, 1] = res[1]
        out[d, 2] = res[2]
        out[d, 3] = res[3]


@_njit()
def _exact_from_deck(deck: Any, players: int, next_pays: bool, cap: int, work: Any) -> Any:
    """Deal `deck` one card at a time from hand 0 and play it with the exact engine."""
    x0, tort, hare, pile = work
    size = deck.shape[0]
    hands = np.zeros((players, (size + players - 1) // players), np.int8)
    lengths = np.zeros(players, np.int64)
    for i in range(size):
        s = i % players
        hands[s, lengths[s]] = deck[i]
        lengths[s] += 1
    first = _load_state(x0, hands, lengths, players, next_pays)
    if first != -2:
        return FINISHED, 0, 0, first
    return _play_exact(x0, tort, hare, pile, cap)


@_njit()
def _random_range(
    players: int,
    seed: Any,
    first: int,
    penalties: Any,
    size: int,
    next_pays: bool,
    cap: int,
    out: Any,
    lo: int,
    hi: int,
) -> None:
    """Play random deals first+lo .. first+hi-1 of `seed` into out[lo:hi]."""
    work = _work(players)
    slots = np.zeros(size, np.int64)
    deck = np.zeros(size, np.int8)
    fast = players == 2
    for k in range(penalties.shape[0]):
        if penalties[k] == 6:
            fast = False
    for d in range(lo, hi):
        if fast:
            res = _random_play2(seed, first + d, penalties, slots, deck, size, cap)
            if res[0] == _CAPPED:  # rare: rebuild the deck for the exact loop finder
                _fill_deck(seed, first + d, penalties, slots, deck)
                res = _exact_from_deck(deck, players, next_pays, cap, work)
        else:
            _fill_deck(seed, first + d, penalties, slots, deck)
            res = _exact_from_deck(deck, players, next_pays, cap, work)
        out[d, 0] = res[0]
        out[d, 1] = res[1]
        out[d, 2] = res[2]
        out[d, 3] = res[3]


def _split(count: int, threads: int, run: Any) -> None:
    """Run `run(lo, hi)` over count items on `threads` threads (the kernels release the GIL)."""
    threads = max(1, min(threads, count // 1024 or 1))
    if threads == 1:
        run(0, count)
        return
    from concurrent.futures import ThreadPoolExecutor

    bounds = [count * i // threads for i in range(threads + 1)]
    with ThreadPoolExecutor(threads) as pool:
        for job in [pool.submit(run, bounds[i], bounds[i + 1]) for i in range(threads)]:
            job.result()


# ----- the public interface ---------------------------------------------------------------------
@dataclass
class Results:
    """Per-deal results: status (FINISHED/LOOP), cards laid, tricks, winner (-1 on a loop)."""

    status: np.ndarray
    cards: np.ndarray
    tricks: np.ndarray
    winner: np.ndarray

    @classmethod
    def from_table(cls, table: np.ndarray) -> Results:
        return cls(
            table[:, 0].astype(np.int8),
            table[:, 1].astype(np.int64),
            table[:, 2].astype(np.int64),
            table[:, 3].astype(np.int8),
        )

    def __len__(self) -> int:
        return len(self.status)

    def row(self, i: int) -> tuple[int, int, int, int]:
        return (int(self.status[i]), int(self.cards[i]), int(self.tricks[i]), int(self.winner[i]))


def pack_deals(deals: Sequence[Sequence[Sequence[int]]]) -> tuple[np.ndarray, np.ndarray]:
    """Deals (lists of hands of codes, same number of hands) as (codes, lengths) arrays."""
    if not deals:
        return np.zeros((0, 2, 1), np.int8), np.zeros((0, 2), np.int64)
    n = len(deals[0])
    longest = max(1, *(len(h) for deal in deals for h in deal))
    codes = np.zeros((len(deals), n, longest), np.int8)
    lengths = np.zeros((len(deals), n), np.int64)
    for d, deal in enumerate(deals):
        if len(deal) != n:
            raise ValueError("every deal of a batch needs the same number of hands")
        for s, hand in enumerate(deal):
            lengths[d, s] = len(hand)
            codes[d, s, : len(hand)] = hand
    return codes, lengths


def play_arrays(
    codes: np.ndarray,
    lengths: np.ndarray,
    next_pays: bool = False,
    threads: int = 1,
    trick_cap: int | None = None,
) -> Results:
    """Play deals given as codes[d, hand, i] with lengths[d, hand]; hand 0 leads.

    `trick_cap`: tricks after which the exact loop finder takes over (tests lower it to run
    every deal through it); it never changes a result.
    """
    cap = TRICK_CAP if trick_cap is None else trick_cap
    count = codes.shape[0]
    if codes.ndim != 3 or lengths.shape != codes.shape[:2]:
        raise ValueError("codes must be (deals, hands, cards) and lengths (deals, hands)")
    if codes.shape[2] > _CAP or int(lengths.sum(axis=1).max(initial=0)) > 54:
        raise ValueError("a deal holds at most 54 cards")
    out = np.zeros((count, 4), np.int64)
    if not HAVE_NUMBA:
        _warn_fallback()
        for d in range(count):
            hands = [list(codes[d, s, : lengths[d, s]]) for s in range(codes.shape[1])]
            out[d] = play_codes(hands, next_pays)
        return Results.from_table(out)
    codes = np.ascontiguousarray(codes, np.int8)
    lengths = np.ascontiguousarray(lengths, np.int64)
    _split(
        count,
        threads,
        lambda lo, hi: _play_range(codes, lengths, next_pays, cap, out, lo, hi),
    )
    return Results.from_table(out)


def play_deals(deals: Sequence[Sequence[Sequence[int]]], next_pays: bool = False) -> Results:
    """Play explicit deals (lists of hands of codes, the first hand leads)."""
    codes, lengths = pack_deals(deals)
    return play_arrays(codes, lengths, next_pays)


def play_random(
    players: int,
    count: int,
    seed: int,
    first: int = 0,
    jokers: int = 0,
    beggar_joker: bool = False,
    next_pays: bool = False,
    threads: int = 1,
) -> Results:
    """Play random deals first..first+count-1 of `seed` (see `random_deal`)."""
    if not 2 <= players <= 6:
        raise ValueError("2 to 6 players")
    penalties = deck_penalties(jokers, beggar_joker)
    size = deck_size(jokers, beggar_joker)
    out = np.zeros((count, 4), np.int64)
    if not HAVE_NUMBA:
        _warn_fallback()
        for d in range(count):
            hands = random_deal(players, seed, first + d, jokers, beggar_joker)
            out[d] = play_codes(hands, next_pays)
        return Results.from_table(out)
    useed = np.uint64(seed & _M64)
    _split(
        count,
        threads,
        lambda lo, hi: _random_range(
            players, useed, first, penalties, size, next_pays, TRICK_CAP, out, lo, hi
        ),
    )
    return Results.from_table(out)


def warm_up() -> None:
    """Compile (or load from the cache) every kernel entry point."""
    play_random(2, 4, 0)
    play_deals([[[0, 1], [0, 2]]])


class Histogram:
    """Counts of non-negative integers, grown as needed: a distribution in constant memory.

    Percentiles are those of `numpy.percentile` (linear interpolation) over the values counted,
    computed from the cumulative counts, so streaming changes no figure.
    """

    def __init__(self) -> None:
        self.counts = np.zeros(1024, np.int64)

    def add(self, values: np.ndarray) -> None:
        if values.size == 0:
            return
        counts = np.bincount(values)
        if counts.size > self.counts.size:
            grown = np.zeros(max(counts.size, 2 * self.counts.size), np.int64)
            grown[: self.counts.size] = self.counts
            self.counts = grown
        self.counts[: counts.size] += counts

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    def _kth(self, cumulative: np.ndarray, k: int) -> int:
        """The k-th smallest value counted (0-based)."""
        return int(np.searchsorted(cumulative, k, side="right"))

    def percentile(self, q: float) -> float:
        cumulative = np.cumsum(self.counts)
        n = int(cumulative[-1])
        pos = q / 100 * (n - 1)
        lo = int(np.floor(pos))
        low = self._kth(cumulative, lo)
        high = self._kth(cumulative, min(lo + 1, n - 1))
        return low + (high - low) * (pos - lo)

    def to_json(self) -> dict[str, float]:
        n = self.total
        if n == 0:
            return {}
        values = np.arange(self.counts.size, dtype=np.int64)
        return {
            "mean": int((values * self.counts).sum()) / n,
            "median": self.percentile(50),
            "q1": self.percentile(25),
            "q3": self.percentile(75),
            "p99": self.percentile(99),
            "max": int(np.flatnonzero(self.counts)[-1]),
        }


@dataclass
class Summary:
    """Statistics of many random deals, in the JSON shape of `bulk.Summary`: histograms of the
    finished games' lengths, so memory does not grow with the number of deals."""

    players: int
    deals: int
    cards: Histogram
    tricks: Histogram
    first_wins: int
    loops: list[list[str]]
    loop_count: int = 0
    capped: int = 0  # deals stopped by `max_turns` (neither finished nor loops)

    def to_json(self) -> dict[str, Any]:
        finished = self.cards.total
        return {
            "players": self.players,
            "deals": self.deals,
            "finished": finished,
            "cards": self.cards.to_json(),
            "tricks": self.tricks.to_json(),
            "first_player_win_share": self.first_wins / finished if finished else None,
            "loops": self.loop_count,
            "loop_deals": self.loops,
            "capped": self.capped,
        }


LOOPS_LISTED = 20  # loop deals listed in a summary; all are counted


def run_stats(
    players: int,
    deals: int,
    seed: int,
    rules: Any,
    progress: Any = None,
    threads: int = 1,
    chunk: int = 200_000,
) -> Summary:
    """Statistics of random deals 0..deals-1 of `seed` played by the kernel, chunk by chunk:
    each chunk's results are folded into histograms and dropped (constant memory).

    With `max_turns`, a deal that lays more cards than the cap (one flip, one card) is capped, as
    the reference engine stops it (`parlour beggar deal` reports it so): counted apart, neither
    finished nor a loop; a deal that ends, or loops, within the cap keeps its result.
    """
    from parlour.games.beggar.bulk import check_bulk_rules, codes_notation

    check_bulk_rules(rules)
    next_pays = rules.exhausted_payer == "next_pays"
    cap = rules.max_turns
    summary = Summary(players, deals, Histogram(), Histogram(), 0, [])
    for first in range(0, deals, chunk):
        count = min(chunk, deals - first)
        part = play_random(
            players, count, seed, first, rules.jokers, rules.beggar_joker, next_pays, threads
        )
        done = part.status == FINISHED
        looped = ~done
        if cap is not None:
            capped = part.cards > cap
            summary.capped += int(capped.sum())
            done &= ~capped
            looped &= ~capped
        summary.cards.add(part.cards[done])
        summary.tricks.add(part.tricks[done])
        summary.first_wins += int((part.winner[done] == 0).sum())
        loops = np.flatnonzero(looped)
        summary.loop_count += int(loops.size)
        for index in loops[: LOOPS_LISTED - len(summary.loops)]:  # rare: the first few listed
            hands = random_deal(players, seed, first + int(index), rules.jokers, rules.beggar_joker)
            summary.loops.append([codes_notation(h) for h in hands])
        if progress is not None:
            progress(count)
    return summary
