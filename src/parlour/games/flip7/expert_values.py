"""The game-value tables of the Flip 7 `expert` bot, and what an active player is likely to bank.

`values[i, a, b]` is the chance that a player on total a beats one opponent on total b, both
below the target, at the start of a round, for PLAYER_COUNTS[i] players at the table: each
player's round result is drawn from the round distribution measured in play (`rounds`), the
two independently, and the game ends after the round in which one of them reaches the target
(the higher total wins; a tie for the lead plays another round, worth one half). A dynamic
programme over rounds solves it exactly for that model, from the totals nearest the target
down. `end_values` extends it to the totals after a round, where the end-of-game rule applies.

The data file (expert_data.npz) is built by benchmarks/flip7_expert_table.py; it holds counts,
and the smoothing below turns them into probabilities.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np

try:
    from numba import njit
except ImportError:  # the table is built offline; without Numba it is only slower

    def njit(*args: Any, **kwargs: Any) -> Any:  # type: ignore[no-redef]
        if len(args) == 1 and callable(args[0]) and not kwargs:
            return args[0]
        return lambda function: function


from parlour.games.flip7.solver import _popcount, clear_supersets, free_masks

TARGET = 200  # the tables are made for this target; another one is met by shifting totals
MAX_ROUND = 180  # more than any round can bank (a Flip 7 of 6..12 doubled, the + cards: 171)
TOP = TARGET + MAX_ROUND  # the highest total a round can end on, in table coordinates
PLAYER_COUNTS = (2, 3, 4)  # tables measured; a larger table uses the last one's
BUCKET = 4  # an active player's points are looked up by bucket of 4 points
BUCKETS = 40
PRIOR = 20.0  # weight (in games) of the pooled figures behind a thin cell
DATA_PATH = Path(__file__).with_name("expert_data.npz")


@njit(cache=True)
def _solve(p: np.ndarray, target: int) -> np.ndarray:
    values = np.zeros((target, target))
    support = np.nonzero(p)[0]
    stay_both = p[0] * p[0]  # both bank nothing: the same state again
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            acc = 0.0
            for x in support:
                big_a = a + x
                for y in support:
                    if x == 0 and y == 0:
                        continue
                    big_b = b + y
                    if big_a >= target or big_b >= target:
                        if big_a > big_b:
                            w = 1.0
                        elif big_a == big_b:
                            w = 0.5
                        else:
                            w = 0.0
                    else:
                        w = values[big_a, big_b]
                    acc += p[x] * p[y] * w
            values[a, b] = acc / (1.0 - stay_both)
    return values


def game_values(rounds: np.ndarray, target: int = TARGET) -> np.ndarray:
    """The start-of-round table of every player count from its round counts."""
    out = np.zeros((len(rounds), target, target))
    for i, counts in enumerate(rounds):
        p = counts.astype(np.float64) / counts.sum()
        out[i] = _solve(p, target)
    return out


@functools.cache
def _data() -> dict[str, np.ndarray]:
    with np.load(DATA_PATH) as data:
        return {key: data[key] for key in data.files}


def table_index(players: int) -> int:
    return min(max(players, PLAYER_COUNTS[0]), PLAYER_COUNTS[-1]) - PLAYER_COUNTS[0]


@functools.cache
def end_values(players: int) -> np.ndarray:
    """W[A, B], A and B in 0..TOP + MAX_ROUND: my chance against one opponent once a round has
    ended on totals A and B (the end-of-game rule at or past the target, else the round-start
    table). The margin past TOP lets a caller take a round's worth of totals as a slice."""
    return end_table(_data()["values"][table_index(players)].astype(np.float64))


def end_table(start: np.ndarray) -> np.ndarray:
    """`end_values` for a round-start table `start` (TARGET x TARGET)."""
    totals = np.arange(TOP + MAX_ROUND + 1)
    mine, theirs = np.meshgrid(totals, totals, indexing="ij")
    out = np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
    out[:TARGET, :TARGET] = start
    return out


@functools.cache
def _outcome_tables(players: int) -> tuple[np.ndarray, np.ndarray]:
    """(bust[k, b], gain[k, b, d]) smoothed: each cell leans on its bucket's pooled figures."""
    data = _data()
    i = table_index(players)
    busts = data["busts"][i].astype(np.float64)  # [k, b, (kept, bust)]
    gains = data["gains"][i].astype(np.float64)  # [k, b, d]
    pooled_busts = busts.sum(axis=0)
    pooled_gains = gains.sum(axis=0)
    bust = np.zeros(busts.shape[:2])
    gain = np.zeros(gains.shape)
    for b in range(busts.shape[1]):
        n_pool = pooled_busts[b].sum()
        if n_pool > 0:
            prior_bust = pooled_busts[b, 1] / n_pool
            kept = pooled_gains[b].sum()
            prior_gain = pooled_gains[b] / kept if kept > 0 else _stays()
        else:  # never seen: such points are banked
            prior_bust, prior_gain = 0.0, _stays()
        for k in range(busts.shape[0]):
            n = busts[k, b].sum()
            bust[k, b] = (busts[k, b, 1] + PRIOR * prior_bust) / (n + PRIOR)
            g = gains[k, b] + PRIOR * prior_gain
            gain[k, b] = g / g.sum()
    return bust, gain


def _stays() -> np.ndarray:
    out = np.zeros(MAX_ROUND + 1)
    out[0] = 1.0
    return out


@functools.lru_cache(maxsize=4096)
def _active_outcome(players: int, held: int, points: int, second_chance: bool) -> np.ndarray:
    bust, gain = _outcome_tables(players)
    k = min(held, 6)
    b = min(points // BUCKET, BUCKETS - 1)
    risk = bust[k, b] * (0.5 if second_chance else 1.0)  # a Second Chance saves most busts
    out = np.zeros(MAX_ROUND + 1)
    out[0] += risk
    room = MAX_ROUND + 1 - points
    if room > 0:
        out[points:] += (1.0 - risk) * gain[k, b, :room]
        out[MAX_ROUND] += (1.0 - risk) * gain[k, b, room:].sum()
    else:
        out[MAX_ROUND] += 1.0 - risk
    out.setflags(write=False)
    return out


def active_outcome(players: int, held: int, points: int, second_chance: bool) -> np.ndarray:
    """P(an active player banks x points this round), x = 0..MAX_ROUND, from his numbers held
    and points in front (the play measured far from the target)."""
    return _active_outcome(players, held, max(0, min(points, MAX_ROUND)), second_chance)


def point_mass(points: int) -> np.ndarray:
    out = np.zeros(MAX_ROUND + 1)
    out[max(0, min(points, MAX_ROUND))] = 1.0
    return out


# ----- a chaser: how far a player who never stays gets before he busts ----------------------
@njit(cache=True)
def _peak(
    counts: np.ndarray, n0: int, m0: int, bonus: int, top: int, reach: np.ndarray
) -> np.ndarray:
    """P(M = m), M the points in front of a player who hits until he busts (M: the points he
    had before the duplicate), makes a Flip 7 (the bonus included), draws a Freeze (alone in
    the round, he must freeze himself: counts[19] is the Freezes left) or empties the deck.

    A forward sweep of the probability of reaching each hand, in the solver's model (numbers and
    modifiers from the cards left, action cards only delaying the next one); a child hand always
    has a larger bit mask, so ascending masks see every parent before its children. Only the
    hands that hold the current one are visited; `reach` is scratch space.
    """
    plus_values = np.array([2, 4, 6, 8, 10, 0])
    out = np.zeros(top + 1)
    freezes = counts[19]
    total = freezes  # the other action cards only delay the next card that matters
    for i in range(19):
        total += counts[i]
    free_n, free_m = free_masks(counts, n0, m0)
    k0 = _popcount(n0)
    j0 = _popcount(m0)
    clear_supersets(reach, n0, m0, free_n, free_m)  # the hands this sweep can reach
    reach[n0, m0] = 1.0
    sub_n = 0
    while True:
        nmask = n0 | sub_n
        k = 0
        number_sum = 0
        for v in range(13):
            if nmask >> v & 1:
                k += 1
                number_sum += v
        sub_m = 0
        while k <= 6:
            mmask = m0 | sub_m
            p = reach[nmask, mmask]
            if p != 0.0:
                j = 0
                plus = 0
                for b in range(6):
                    if mmask >> b & 1:
                        j += 1
                        plus += plus_values[b]
                mult = 2 if mmask >> 5 & 1 else 1
                score = min(number_sum * mult + plus, top)
                deck = total - (k - k0) - (j - j0)
                if deck <= freezes:
                    out[score] += p
                else:
                    out[score] += p * freezes / deck
                    for v in range(13):
                        left = counts[v]
                        if sub_n >> v & 1:
                            left -= 1  # the copy drawn on the way here
                        if left <= 0:
                            continue
                        q = p * left / deck
                        if nmask >> v & 1:
                            out[score] += q  # a duplicate: busts holding `score`
                        elif k == 6:
                            out[min((number_sum + v) * mult + plus + bonus, top)] += q
                        else:
                            reach[nmask | 1 << v, mmask] += q
                    for b in range(6):
                        if sub_m >> b & 1 or m0 >> b & 1:
                            continue
                        if counts[13 + b] > 0:
                            reach[nmask, mmask | 1 << b] += p * counts[13 + b] / deck
            sub_m = (sub_m - free_m) & free_m
            if sub_m == 0:
                break
        sub_n = (sub_n - free_n) & free_n
        if sub_n == 0:
            break
    return out


_REACH = np.zeros((1 << 13, 1 << 6))  # the peak sweep's scratch table


def peak_distribution(
    counts: np.ndarray, numbers: list[int], modifiers: list[int], bonus: int
) -> np.ndarray:
    """P(M = m), m = 0..MAX_ROUND: see `_peak`. `counts`: the deck by card code (Freeze
    included: a lone chaser who draws one stops there)."""
    n0 = 0
    for v in numbers:
        n0 |= 1 << v
    m0 = 0
    for c in modifiers:
        m0 |= 1 << (c - 13)
    deck = np.asarray(counts[:20], dtype=np.int64)  # numbers, modifiers, Freeze
    return _peak(deck, n0, m0, bonus, MAX_ROUND, _REACH)


# ----- three or more players: the whole table's race, sampled ---------------------------------
RACE_SAMPLES = 256  # sampled futures a decision; the same ones for every x (common numbers)
RACE_ROUNDS = 40  # rounds sampled ahead: far more than a game from 0 lasts


@functools.cache
def round_cdf(players: int) -> np.ndarray:
    """The cumulative round distribution measured at that many players (`rounds`)."""
    counts = _data()["rounds"][table_index(players)].astype(np.float64)
    return np.cumsum(counts / counts.sum())


@njit(cache=True)
def _draw(cdf: np.ndarray) -> int:
    return min(int(np.searchsorted(cdf, np.random.random(), side="right")), len(cdf) - 1)


@njit(cache=True)
def _race(
    mine: int,
    theirs: np.ndarray,
    outcome_cdfs: np.ndarray,
    cdf: np.ndarray,
    target: int,
    samples: int,
    seed: int,
) -> np.ndarray:
    """u[x]: the chance I win the game if I end this round on `mine` + x, the others on
    `theirs[j]` plus a draw from their outcome (`outcome_cdfs[j]`), every later round of every
    player drawn from the measured round distribution (`cdf`). The game ends after the round in
    which someone reaches `target`; the highest total wins, a tie for the lead plays on."""
    np.random.seed(seed)
    top = cdf.shape[0]
    others = theirs.shape[0]
    u = np.zeros(top)
    start = np.zeros(others, dtype=np.int64)
    future = np.zeros((RACE_ROUNDS, others + 1), dtype=np.int64)
    # The others' best total and how many share it, after this round (row 0) and after each
    # later round: the same for every x, so counted once a sample.
    lead = np.zeros(RACE_ROUNDS + 1, dtype=np.int64)
    tied = np.zeros(RACE_ROUNDS + 1, dtype=np.int64)
    for _ in range(samples):
        for j in range(others):
            start[j] = theirs[j] + _draw(outcome_cdfs[j])
        for r in range(RACE_ROUNDS):
            for j in range(others + 1):
                future[r, j] = future[r - 1, j] + _draw(cdf) if r else _draw(cdf)
        for r in range(RACE_ROUNDS + 1):
            best = -1
            count = 0
            for j in range(others):
                t = start[j] + (future[r - 1, j] if r else 0)
                if t > best:
                    best = t
                    count = 1
                elif t == best:
                    count += 1
            lead[r] = best
            tied[r] = count
        for x in range(top):
            me = mine + x
            for r in range(RACE_ROUNDS + 1):
                me_now = me + (future[r - 1, others] if r else 0)
                if me_now > lead[r]:
                    best, leaders = me_now, 1
                elif me_now == lead[r]:
                    best, leaders = me_now, tied[r] + 1
                else:
                    best, leaders = lead[r], tied[r]
                if best >= target and (leaders == 1 or r == RACE_ROUNDS):
                    if me_now == best:
                        u[x] += 1.0 / leaders
                    break
    return u / samples


def race_utility(
    players: int, mine: int, theirs: list[int], outcomes: list[np.ndarray], target: int, seed: int
) -> np.ndarray:
    """`_race` for a table of `players` (its measured round distribution)."""
    cdfs = np.cumsum(np.asarray(outcomes, dtype=np.float64), axis=1)
    return _race(
        mine,
        np.asarray(theirs, dtype=np.int64),
        cdfs,
        round_cdf(players),
        target,
        RACE_SAMPLES,
        seed,
    )
