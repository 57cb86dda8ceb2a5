"""The compiled loops of Flip 7's step kernel (`step.py`): over the N slots of a batch, the
deal, the masks, a decision, the seated bots, the observations and the outcome, and the fused
pass that does them all in one call. Kept apart from the kernel class so that each module stays
short; the rules themselves are kernel.py's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.mersenne import mt_seed63, mt_seed63_rows, njit, njit_inline, njit_lean
from parlour.core.prefetch import prefetch
from parlour.games.flip7 import kernel as k
from parlour.games.flip7.cards import FULL_COUNTS, KINDS
from parlour.rl.step_kernel import STATUS_CAPPED, STATUS_FINISHED, STATUS_PLAYING


def _discard_sums() -> np.ndarray:
    """`[kind, count]`: the encoder's share of a kind (1 / its copies) added `count` times,
    in float64 as the encoder adds it card by card (not `count * share`, which may round
    otherwise)."""
    table = np.zeros((KINDS, max(FULL_COUNTS) + 1))
    for kind in range(KINDS):
        share, total = 1.0 / FULL_COUNTS[kind], 0.0
        for count in range(1, FULL_COUNTS[kind] + 1):
            total += share
            table[kind, count] = total
    return table


_DISCARD_SUMS = _discard_sums()

_NUMBERS, _MODIFIERS = 13, 6


@njit
def _deal_all(where: Any, seeds: Any, n: int, give: bool, bonus: int, target: int, cap: int,
              nobody: Any, b: Any) -> None:  # fmt: skip
    mts, decks, discs, numbers, mods, stacks, small, totals, _bots, bot_mts, values, vsc = b
    util = np.zeros(0)
    rows = np.flatnonzero(where)
    mt_seed63_rows(mts, rows, seeds[rows], rows.shape[0])  # several generators at a time
    for i in rows:
        k.deal(mts[i], n, give, totals[i], decks[i], stacks[i], small[i])
        k.advance(mts[i], n, bonus, target, cap, totals[i], nobody, bot_mts[i], -1, decks[i],
                  discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                  util)  # fmt: skip


@njit
def _to_move(small: Any, stacks: Any, out: Any) -> None:
    for i in range(out.shape[0]):
        if small[i, 0, k._OVER] != 0:
            out[i] = -1
        else:  # the seat of the decision on top of the stack (`Flip7State._to_move`)
            out[i] = stacks[i, small[i, 0, k._SP] - 1, 1]


@njit_lean
def _is_candidate(kind: int, small: Any, i: int, seat: int) -> bool:
    return small[i, 4, seat] == k.ACTIVE and (kind != k.GIVE_SC or small[i, 3, seat] == 0)


@njit_inline
def _mask_one(n: int, small: Any, stacks: Any, i: int, out: Any) -> None:
    """`action_mask` of slot i into `out` (its row): the seat to move's legal ids."""
    for a in range(out.shape[0]):
        out[a] = 0
    if small[i, 0, k._OVER] != 0:
        return
    top = small[i, 0, k._SP] - 1
    kind = stacks[i, top, 0]
    if kind == k.TURN:
        seat = stacks[i, top, 1]
        out[0] = 1
        if small[i, 1, seat] + small[i, 2, seat] + small[i, 3, seat] > 0:  # a card in front
            out[1] = 1
    else:
        for s in range(n):
            if _is_candidate(kind, small, i, s):
                out[2 + s] = 1


@njit
def _masks(n: int, small: Any, stacks: Any, out: Any) -> None:
    for i in range(out.shape[0]):
        _mask_one(n, small, stacks, i, out[i])


@njit_inline
def _legal(n: int, small: Any, stacks: Any, i: int, a: int) -> bool:
    """Whether `a` is a legal id for slot i's seat to move (the game not over)."""
    top = small[i, 0, k._SP] - 1
    kind = stacks[i, top, 0]
    if kind == k.TURN:
        seat = stacks[i, top, 1]
        return a == 0 or (a == 1 and small[i, 1, seat] + small[i, 2, seat] + small[i, 3, seat] > 0)
    return 2 <= a < 2 + n and _is_candidate(kind, small, i, a - 2)


@njit
def _step_all(actions: Any, illegal: Any, n: int, bonus: int, target: int, cap: int,
              nobody: Any, b: Any) -> None:  # fmt: skip
    mts, decks, discs, numbers, mods, stacks, small, totals, _bots, bot_mts, values, vsc = b
    util = np.zeros(0)
    for i in range(actions.shape[0]):
        illegal[i] = False
        if small[i, 0, k._OVER] != 0:
            continue
        a = actions[i]
        if not _legal(n, small, stacks, i, a):
            illegal[i] = True
            continue
        k.advance(mts[i], n, bonus, target, cap, totals[i], nobody, bot_mts[i], a, decks[i],
                  discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                  util)  # fmt: skip


@njit
def _play_bots(n: int, bonus: int, target: int, cap: int, b: Any) -> None:
    mts, decks, discs, numbers, mods, stacks, small, totals, bots, bot_mts, values, vsc = b
    util = np.zeros(0)
    for i in range(mts.shape[0]):
        if small[i, 0, k._OVER] != 0:
            continue
        k.advance(mts[i], n, bonus, target, cap, totals[i], bots[i], bot_mts[i], -1, decks[i],
                  discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                  util)  # fmt: skip


@njit
def _seed_bots(where: Any, codes: Any, seeds: Any, bots: Any, bot_mts: Any) -> None:
    for i in range(where.shape[0]):
        if not where[i]:
            continue
        for s in range(codes.shape[0]):
            bots[i, s] = codes[s]
            if codes[s] == k.RANDOM:
                mt_seed63(bot_mts[i, s], seeds[i, s])


@njit_inline
def _rel(x: int, seat: int, n: int) -> int:
    """`(x - seat) % n` (Python's modulo), by a branch where the two are seats (a division
    costs tens of cycles, and an observation takes half a dozen)."""
    d = x - seat
    if d < 0:
        d += n
    if 0 <= d < n:
        return d
    return d % n


@njit_inline
def _observe_one(i: int, seat: int, out: Any, buf: Any, cands: Any, n: int, target: float,
                 starts: Any, low: Any, high: Any, share: Any, small: Any, stacks: Any,
                 discs: Any, numbers: Any, mods: Any, totals: Any) -> None:  # fmt: skip
    """`Flip7Encoder.encode(state.view(seat), seat)` of slot i into `out` (its row), float for
    float (`buf`: scratch of the row's size, `cands`: of n)."""
    size = out.shape[0]
    my, mover, dealer, tot, num, mod, chance, stat, pts = (
        starts[0],
        starts[1],
        starts[2],
        starts[3],
        starts[4],
        starts[5],
        starts[6],
        starts[7],
        starts[8],
    )
    pkind, ptargets, inplay, deckc, discc, dshare = (
        starts[9],
        starts[10],
        starts[11],
        starts[12],
        starts[13],
        starts[14],
    )
    for j in range(size):
        buf[j] = 0.0
    g = small[i, 0]
    sp = g[k._SP]
    if 0 <= seat < n:  # the encoder's `one_hot` leaves an index out of range unmarked
        buf[my + seat] = 1.0
    if g[k._OVER] == 0:
        buf[mover + _rel(stacks[i, sp - 1, 1], seat, n)] = 1.0
    buf[dealer + _rel(g[k._DEALER], seat, n)] = 1.0
    for r in range(n):
        s = _rel(seat + r, 0, n)
        buf[tot + r] = totals[i, s] / target
        for q in range(small[i, 1, s]):
            buf[num + r * _NUMBERS + numbers[i, s, q]] = 1.0
        for q in range(small[i, 2, s]):
            buf[mod + r * _MODIFIERS + mods[i, s, q] - _NUMBERS] = 1.0
        buf[chance + r] = 1.0 if small[i, 3, s] else 0.0
        buf[stat + r * 4 + small[i, 4, s]] = 1.0
        points = 0
        if small[i, 4, s] != k.BUST:
            points = k._points(numbers[i], small[i, 1], mods[i], small[i, 2], s)
        buf[pts + r] = points / 100.0
    if sp > 0 and stacks[i, sp - 1, 0] != k.TURN:  # a choice is pending (a capped game too)
        top = sp - 1
        kind = stacks[i, top, 0]
        card = k.pending_card(stacks[i], top)
        buf[pkind + (0 if card == k.FREEZE else (1 if card == k.FLIP_THREE else 2))] = 1.0
        ncand = k.candidates(kind, n, small[i, 4], small[i, 3], cands)
        for c in range(ncand):
            buf[ptargets + _rel(cands[c], seat, n)] = 1.0
    for row in range(sp):  # the cards in play, as `Flip7State._cards_in_play` lists them
        kind = stacks[i, row, 0]
        if kind == k.ASSIGN:
            buf[inplay + stacks[i, row, 2]] += share[stacks[i, row, 2]]
        elif kind == k.RESOLVE:
            buf[inplay + stacks[i, row, 1]] += share[stacks[i, row, 1]]
        elif kind == k.FLIP3:
            buf[inplay + k.FLIP_THREE] += share[k.FLIP_THREE]
            for q in range(stacks[i, row, 3]):
                buf[inplay + stacks[i, row, 4 + q]] += share[stacks[i, row, 4 + q]]
        elif kind == k.BATCH:
            for q in range(stacks[i, row, 3]):
                buf[inplay + stacks[i, row, 4 + q]] += share[stacks[i, row, 4 + q]]
        elif kind == k.GIVE_SC:
            buf[inplay + k.SECOND_CHANCE] += share[k.SECOND_CHANCE]
    for c in range(k._KINDS):
        count = g[k._DECK_COUNTS + c]
        if count:
            buf[deckc + c] = count * share[c]
    # The discard's cards by kind from its counts, kept as cards move: the sum that a pass
    # over the discard makes (each kind's share added once a card), read from a table of
    # those sums rather than added up here (a chain of up to 94 dependent additions a game).
    for c in range(k._KINDS):
        buf[discc + c] = _DISCARD_SUMS[c, g[k._DISC_COUNTS + c]]
    buf[dshare] = g[k._NDECK] / 94
    for j in range(size):  # np.array(buffer, float32), then np.clip to the bounds
        value = np.float32(buf[j])
        if value < low[j]:
            value = low[j]
        if value > high[j]:
            value = high[j]
        out[j] = value


@njit
def _observe(seats: Any, out: Any, n: int, target: float, starts: Any, low: Any, high: Any,
             share: Any, small: Any, stacks: Any, discs: Any, numbers: Any, mods: Any,
             totals: Any) -> None:  # fmt: skip
    """`_observe_one` of every slot, for `seats[i]`."""
    buf = np.zeros(out.shape[1])
    cands = np.zeros(n, dtype=np.int64)
    for i in range(seats.shape[0]):
        _observe_one(i, seats[i], out[i], buf, cands, n, target, starts, low, high, share, small,
                     stacks, discs, numbers, mods, totals)  # fmt: skip


@njit_inline
def _outcome_one(n: int, small: Any, totals: Any, i: int, row: Any) -> int:
    """Slot i's status and `Outcome.returns` into `row`, as `Outcome.from_scores` reckons them
    from the totals of a finished game: the best seats share +1, the others -1, all zero
    when every seat ties (a slot never dealt, in round 0, has none)."""
    for s in range(n):
        row[s] = 0.0
    over = small[i, 0, k._OVER]
    if over == 0:
        return STATUS_PLAYING
    if over == 2:
        return STATUS_CAPPED
    if small[i, 0, k._ROUND] > 0:
        best = totals[i, 0]
        for s in range(n):
            best = max(best, totals[i, s])
        winners = 0
        for s in range(n):
            if totals[i, s] == best:
                winners += 1
        if winners < n:
            share, loser = 1.0 / winners, -1.0 / (n - winners)
            for s in range(n):
                row[s] = share if totals[i, s] == best else loser
    return STATUS_FINISHED


@njit
def _outcome_all(n: int, small: Any, totals: Any, returns: Any, status: Any) -> None:
    for i in range(status.shape[0]):
        status[i] = _outcome_one(n, small, totals, i, returns[i])


# The pass asks for the rows of the game this far ahead while it plays the current one (the
# games lie kilobytes apart, a stride the hardware's prefetchers do not follow).
_PREFETCH_AHEAD = 2


@njit_inline
def _prefetch_game(n: int, small: Any, stacks: Any, numbers: Any, mods: Any, totals: Any,
                   obs: Any, j: int) -> None:  # fmt: skip
    """Hint the lines a step reads of game j into the cache: its scalars and counts, the
    seats' rows, the top of its stack, the seats' cards and totals, its observation's row."""
    for col in range(0, small.shape[1], 8):
        prefetch(small, 0, col)
    for row in range(1, small.shape[0]):
        prefetch(small, row, 0)
    for row in range(3):
        prefetch(stacks, row, 0)
    for s in range(n):
        prefetch(numbers, s, 0)
        prefetch(mods, s, 0)
    prefetch(totals, j, 0)
    for col in range(0, obs.shape[1], 16):
        prefetch(obs, j, col)


@njit_lean
def _advance_view_all(actions: Any, learner: Any, illegal: Any, movers: Any, returns: Any,
                      status: Any, to_move: Any, seats: Any, obs: Any, masks: Any, n: int,
                      bonus: int, target: int, cap: int, starts: Any, low: Any, high: Any,
                      share: Any, util: Any, buf: Any, cands: Any, b: Any) -> None:  # fmt: skip
    """`_step_all`, `_play_bots`, the outcome, the seats to move and the view of each slot in
    one pass, each game read once while in cache. The action and the seated bots run in one
    call of `advance`, which then stops where the two calls stop (a decision of a seat played
    from outside, the turn cap or the game's end). `seats[i]`: `learner[i]`, or where that is
    -1 (self-play) the seat to move, or at the game's end (or after an illegal action) the
    seat that moved. A slot over before the step (to be dealt again) is not viewed.

    Compiled without reference counts (`njit_lean`: the dozen slices of each game cost more
    than its step), so it allocates nothing: `util` (empty), `buf` (an observation's size, of
    float64) and `cands` (n) come from the caller."""
    mts, decks, discs, numbers, mods, stacks, small, totals, bots, bot_mts, values, vsc = b
    tf = float(target)
    for i in range(actions.shape[0]):
        j = i + _PREFETCH_AHEAD
        if j < actions.shape[0]:
            _prefetch_game(n, small[j], stacks[j], numbers[j], mods[j], totals, obs, j)
        illegal[i] = False
        g = small[i, 0]
        if g[k._OVER] != 0:
            movers[i] = -1
            to_move[i] = -1
            status[i] = _outcome_one(n, small, totals, i, returns[i])
            continue
        mover = stacks[i, g[k._SP] - 1, 1]
        movers[i] = mover
        a = actions[i]
        if _legal(n, small, stacks, i, a):
            k.advance(mts[i], n, bonus, target, cap, totals[i], bots[i], bot_mts[i], a, decks[i],
                      discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                      util)  # fmt: skip
        else:  # nothing moves; the seated bots are given their turn as `_play_bots` gives it
            illegal[i] = True
            k.advance(mts[i], n, bonus, target, cap, totals[i], bots[i], bot_mts[i], -1,
                      decks[i], discs[i], numbers[i], mods[i], stacks[i], small[i], values, vsc,
                      util)  # fmt: skip
        status[i] = _outcome_one(n, small, totals, i, returns[i])
        over = g[k._OVER] != 0
        to_move[i] = -1 if over else stacks[i, g[k._SP] - 1, 1]
        seat = learner[i]
        if seat < 0:
            seat = mover if over or illegal[i] else to_move[i]
        seats[i] = seat
        _observe_one(i, seat, obs[i], buf, cands, n, tf, starts, low, high, share, small, stacks,
                     discs, numbers, mods, totals)  # fmt: skip
        _mask_one(n, small, stacks, i, masks[i])


@njit
def _view_at(games: Any, seats: Any, obs: Any, masks: Any, n: int, target: float, starts: Any,
             low: Any, high: Any, share: Any, small: Any, stacks: Any, discs: Any, numbers: Any,
             mods: Any, totals: Any) -> None:  # fmt: skip
    """The observation of `seats[i]` and the mask of each slot i of `games`."""
    buf = np.zeros(obs.shape[1])
    cands = np.zeros(n, dtype=np.int64)
    for i in games:
        _observe_one(i, seats[i], obs[i], buf, cands, n, target, starts, low, high, share, small,
                     stacks, discs, numbers, mods, totals)  # fmt: skip
        _mask_one(n, small, stacks, i, masks[i])


# ----- CPython's generator state, both ways (`core.mersenne_state`) --------------------------
