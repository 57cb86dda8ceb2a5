"""The compiled Flip 7 kernel: whole games between `threshold:T`, `counter` and `solver` bots.

Arrays of seeds and seat bots go in, final totals and turns come out. Game for game it gives
what `Flip7State` and the bots of bots.py give for the same seed: the engine below is a
transcription of `rules.Flip7State` (its stack of steps, the order in which cards reach the
discard) and the random draws are those of Python's `random.Random(seed)`, from
`parlour.core.mersenne`: a Mersenne Twister seeded as CPython seeds it, `_randbelow` by
rejection on `getrandbits`, `shuffle` from the top index down. That is what makes "same seed,
same game" hold without passing decks from Python.

A seat's bot is one integer: T >= 1 for `threshold:T`, COUNTER or SOLVER. The counter and the
solver read the composition the next card comes from (the deck, or the discard once the deck is
empty), counted here from the kernel's own deck: the 94 cards less those in sight, as
`public.read_table` reckons it. Their sums are taken in the order and the float64 arithmetic of
bots.py, and the solver calls the very functions of solver.py (its exact sweep), so that every
comparison comes out as it does there.

Bulk play (`run`) plays the default variant only (a spare Second Chance is not given away by
choice, no turn cap); `bulk.py` declines the others and the reference engine plays them. The
step kernel (step.py) drives the same `deal` and `advance` for every variant, with decisions
from outside and the generic `random` and `first` bots besides: one copy of the rules.

Every function is plain Python on NumPy arrays: compiled by Numba (cached on disk) when Numba
is present, run as it is otherwise (identical results, much slower).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.mersenne import MT_WORDS, njit, njit_lean
from parlour.core.mersenne import mt_seed as _mt_seed
from parlour.core.mersenne import randbelow as _randbelow
from parlour.core.mersenne import shuffle as _shuffle

# The solver bot's sweep, called from the compiled code below. Numba's disk cache does not see
# edits to another file: after changing solver.py's `_sweep` or `_hit_value`, touch this file
# (or clear __pycache__) so the kernel is compiled again with them.
from parlour.games.flip7 import solver

_njit = njit
# The small helpers of the turn loop take no reference counts (`njit_lean`): counting the
# dozen arrays of each call cost more than most of them do.
_lean = njit_lean

_MASK32 = 0xFFFFFFFF
__all__ = ["MT_WORDS", "play_many", "run"]


# ----- the engine ---------------------------------------------------------------------------
FREEZE, FLIP_THREE, SECOND_CHANCE, X2 = 19, 20, 21, 18
ACTIVE, STAYED, FROZEN, BUST = 0, 1, 2, 3
# Steps of the stack, as in rules.py; a row: kind, then
#   DEAL i | NEXT seat | TURN seat | ASSIGN seat card | GIVE_SC seat
#   FLIP3 target left naside a0 a1 a2 | BATCH seat - ncards c0 c1 c2 ntargets t0 t1 t2
#   RESOLVE card target
DEAL, NEXT, TURN, ASSIGN, GIVE_SC, FLIP3, BATCH, RESOLVE = 0, 1, 2, 3, 4, 5, 6, 7
_COLS = 11
_DEPTH = 64
# Scalars of a game, in one array so that helper functions can change them. `_OVER` is 1 once
# the game is finished (the step kernel writes 2 for a game its turn cap ended); `_GIVE` is the
# rules' `second_chance_may_be_given`; `_HAS_LAST` whether a round has ended (its points by seat
# are at `_LAST`, the view's `last_round`).
_NDECK, _NDISC, _SP, _DEALER, _OVER, _ROUND, _TURNS, _GIVE, _HAS_LAST = 0, 1, 2, 3, 4, 5, 6, 7, 8
_KINDS = 22
_MODEL_KINDS = 19  # the solver's scoring kinds: numbers, + cards, x2
# Then the deck's and the discard's counts by card, kept as cards move, for the bots that count.
_DECK_COUNTS, _DISC_COUNTS = 9, 9 + _KINDS
MAX_PLAYERS = 18  # Flip 7's `max_players`: the last round's points have room for every seat
_LAST = 9 + 2 * _KINDS
_SCALARS = _LAST + MAX_PLAYERS

# Seat bots other than `threshold:T` (T >= 1); 0 is a seat the step kernel plays from outside.
# Bulk play seats COUNTER and SOLVER; the step kernel also RANDOM and FIRST (the generic bots).
COUNTER, SOLVER, RANDOM, FIRST = -1, -2, -3, -4

FULL_DECK = np.array(
    [c for c in range(22) for _ in range(1 if c <= 1 else c if c <= 12 else 3 if c >= 19 else 1)],
    dtype=np.int64,
)


@_lean
def _push(stack: Any, g: Any, kind: int, a: int, b: int) -> int:
    row = g[_SP]
    g[_SP] += 1
    for col in range(_COLS):
        stack[row, col] = 0
    stack[row, 0] = kind
    stack[row, 1] = a
    stack[row, 2] = b
    return row


@_lean
def _discard(disc: Any, g: Any, card: int) -> None:
    disc[g[_NDISC]] = card
    g[_NDISC] += 1
    g[_DISC_COUNTS + card] += 1


@_lean
def _points(numbers: Any, nnum: Any, mods: Any, nmod: Any, seat: int) -> int:
    total = 0
    for k in range(nnum[seat]):
        total += numbers[seat, k]
    double = False
    plus = 0
    for k in range(nmod[seat]):
        card = mods[seat, k]
        if card == X2:
            double = True
        else:
            plus += 2 * (card - 12)
    return (2 * total if double else total) + plus


@_lean
def _draw(mt: Any, deck: Any, disc: Any, g: Any) -> int:
    if g[_NDECK] == 0:
        if g[_NDISC] == 0:
            return -1
        for k in range(g[_NDISC]):
            deck[k] = disc[k]
        g[_NDECK] = g[_NDISC]
        g[_NDISC] = 0
        for c in range(_KINDS):
            g[_DECK_COUNTS + c] = g[_DISC_COUNTS + c]
            g[_DISC_COUNTS + c] = 0
        _shuffle(mt, deck, g[_NDECK])
    g[_NDECK] -= 1
    card = deck[g[_NDECK]]
    g[_DECK_COUNTS + card] -= 1
    return card


@_lean
def _start_round(g: Any, n: int, nnum: Any, nmod: Any, sc: Any, status: Any, opened: Any,
                 stack: Any) -> None:  # fmt: skip
    g[_ROUND] += 1
    for s in range(n):
        nnum[s] = 0
        nmod[s] = 0
        sc[s] = 0
        status[s] = ACTIVE
        opened[s] = 0
    g[_SP] = 0
    _push(stack, g, DEAL, 0, 0)


@_lean
def _end_round(g: Any, n: int, flip7_seat: int, bonus: int, target: int, totals: Any,
               numbers: Any, nnum: Any, mods: Any, nmod: Any, sc: Any, status: Any,
               opened: Any, stack: Any, disc: Any) -> None:  # fmt: skip
    # The cards in play (set aside, pending), bottom of the stack first, as `_cards_in_play`.
    for row in range(g[_SP]):
        kind = stack[row, 0]
        if kind == ASSIGN:
            _discard(disc, g, stack[row, 2])
        elif kind == RESOLVE:
            _discard(disc, g, stack[row, 1])
        elif kind == FLIP3:
            _discard(disc, g, FLIP_THREE)
            for k in range(stack[row, 3]):
                _discard(disc, g, stack[row, 4 + k])
        elif kind == BATCH:
            for k in range(stack[row, 3]):
                _discard(disc, g, stack[row, 4 + k])
        elif kind == GIVE_SC:
            _discard(disc, g, SECOND_CHANCE)
    g[_SP] = 0
    g[_HAS_LAST] = 1
    for s in range(n):
        points = 0
        if status[s] != BUST:
            points = _points(numbers, nnum, mods, nmod, s) + (bonus if s == flip7_seat else 0)
        totals[s] += points
        g[_LAST + s] = points
        for k in range(nnum[s]):
            _discard(disc, g, numbers[s, k])
        for k in range(nmod[s]):
            _discard(disc, g, mods[s, k])
        if sc[s]:
            _discard(disc, g, SECOND_CHANCE)
        nnum[s] = 0
        nmod[s] = 0
        sc[s] = 0
    best = totals[0]
    for s in range(1, n):
        best = max(best, totals[s])
    if best >= target:
        leaders = 0
        for s in range(n):
            if totals[s] == best:
                leaders += 1
        if leaders == 1:
            g[_OVER] = 1
            return
    g[_DEALER] = (g[_DEALER] + 1) % n
    _start_round(g, n, nnum, nmod, sc, status, opened, stack)


@_lean
def _take(g: Any, n: int, seat: int, card: int, bonus: int, target: int, totals: Any,
          numbers: Any, nnum: Any, mods: Any, nmod: Any, sc: Any, status: Any, opened: Any,
          stack: Any, disc: Any) -> None:  # fmt: skip
    if card <= 12:
        for k in range(nnum[seat]):
            if numbers[seat, k] == card:
                if sc[seat]:
                    sc[seat] = 0
                    _discard(disc, g, card)
                    _discard(disc, g, SECOND_CHANCE)
                    return
                status[seat] = BUST
                for q in range(nnum[seat]):
                    _discard(disc, g, numbers[seat, q])
                for q in range(nmod[seat]):
                    _discard(disc, g, mods[seat, q])
                _discard(disc, g, card)
                nnum[seat] = 0
                nmod[seat] = 0
                return
        numbers[seat, nnum[seat]] = card
        nnum[seat] += 1
        if nnum[seat] >= 7:
            _end_round(g, n, seat, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                       status, opened, stack, disc)  # fmt: skip
        return
    if card == SECOND_CHANCE:
        if not sc[seat]:
            if g[_GIVE]:  # the variant: he may give it away when another seat could take it
                takers = 0
                for s in range(n):
                    if status[s] == ACTIVE and not sc[s]:
                        takers += 1
                if takers > 1:
                    _push(stack, g, GIVE_SC, seat, 1)  # 1: he may keep it
                    return
            sc[seat] = 1
        else:
            _push(stack, g, GIVE_SC, seat, 0)
        return
    if card in (FREEZE, FLIP_THREE):
        _push(stack, g, ASSIGN, seat, card)
        return
    mods[seat, nmod[seat]] = card
    nmod[seat] += 1


@_lean
def _bot_target(n: int, me: int, card: int, cands: Any, ncand: int, totals: Any,
                numbers: Any, nnum: Any, mods: Any, nmod: Any) -> int:  # fmt: skip
    """`bots.basic_target`: freeze the fewest points, flip three on the most numbers, keep a
    Second Chance when allowed (the variant), else give it to the one furthest behind."""
    if card == SECOND_CHANCE:
        for k in range(ncand):
            if cands[k] == me:
                return me
    best = -1
    for k in range(ncand):
        s = cands[k]
        if s == me:
            continue
        if best < 0:
            best = s
            continue
        if card == FREEZE:  # min (points, -total, seat)
            ps, pb = (
                _points(numbers, nnum, mods, nmod, s),
                _points(numbers, nnum, mods, nmod, best),
            )
            if ps < pb or (ps == pb and -totals[s] < -totals[best]):
                best = s
        elif card == FLIP_THREE:  # max (numbers, points, -seat)
            if nnum[s] > nnum[best]:
                best = s
            elif nnum[s] == nnum[best]:
                ps, pb = (
                    _points(numbers, nnum, mods, nmod, s),
                    _points(numbers, nnum, mods, nmod, best),
                )
                if ps > pb:
                    best = s
        else:  # min (total, seat)
            if totals[s] < totals[best]:
                best = s
    if best < 0:
        return cands[0]
    return best


@_njit
def _counter_stays(counts: Any, numbers: Any, nnum: Any, mods: Any, nmod: Any, sc: Any,
                   seat: int, bonus: int) -> bool:  # fmt: skip
    """`CounterBot.stays`: `public.one_card`'s expectation after one more card, against the
    points now, summed card by card in its order (exact integers in a float, one division)."""
    now = _points(numbers, nnum, mods, nmod, seat)
    size = 0
    for c in range(_KINDS):
        size += counts[c]
    if size == 0:
        return True  # one_card gives the points now: no gain
    number_sum = 0
    nmask = 0
    for k in range(nnum[seat]):
        number_sum += numbers[seat, k]
        nmask |= 1 << numbers[seat, k]
    doubled = False
    for k in range(nmod[seat]):
        if mods[seat, k] == X2:
            doubled = True
    mult = 2 if doubled else 1
    plus = now - number_sum * mult
    acc = 0.0
    for card in range(_KINDS):
        left = counts[card]
        if left == 0:
            continue
        if card <= 12:
            if nmask >> card & 1:
                acc += left * (now if sc[seat] else 0)
            else:
                extra = bonus if nnum[seat] == 6 else 0
                acc += left * ((number_sum + card) * mult + plus + extra)
        elif card == X2 and not doubled:
            acc += left * (number_sum * 2 + plus)
        elif 13 <= card < X2:
            acc += left * (now + 2 * (card - 12))
        else:
            acc += left * now
    return acc / size <= now


@_njit
def _sweep_plain(counts: Any, n0: int, m0: int, bonus: int, values: Any) -> None:
    """`solver._sweep` for the optimal policy in points, its `values` table alone: without a
    Second Chance the hit value reads no other (`values_sc` is computed from `values`, never
    the other way), and that table is half the sweep's work. The statements that make `values`
    are the solver's own, in its order: the same floats come out."""
    bust_value = 0.0
    total = 0
    for i in range(_MODEL_KINDS):
        total += counts[i]
    k0 = solver._popcount(n0)
    j0 = solver._popcount(m0)
    free_n, free_m = solver.free_masks(counts, n0, m0)
    sub_n = free_n
    while True:
        nmask = n0 | sub_n
        k = solver._popcount(nmask)
        if k <= 6:
            number_sum = 0
            for v in range(13):
                if nmask >> v & 1:
                    number_sum += v
            sub_m = free_m
            while True:
                mmask = m0 | sub_m
                drawn = (k - k0) + (solver._popcount(mmask) - j0)
                deck = total - drawn
                mult = 2 if mmask >> 5 & 1 else 1
                plus = 0
                for j in range(5):
                    if mmask >> j & 1:
                        plus += 2 * (j + 1)
                stay = float(number_sum * mult + plus)
                if deck <= 0:
                    values[nmask, mmask] = stay
                else:
                    safe = 0.0
                    bust_mass = 0.0
                    for v in range(13):
                        left = counts[v]
                        if sub_n >> v & 1:
                            left -= 1
                        if left <= 0:
                            continue
                        if nmask >> v & 1:
                            bust_mass += left
                        else:
                            child = nmask | (1 << v)
                            if k == 6:
                                value = float((number_sum + v) * mult + plus + bonus)
                                safe += left * value
                            else:
                                safe += left * values[child, mmask]
                    for j in range(6):
                        if mmask >> j & 1:
                            continue
                        left = counts[13 + j]
                        if left > 0:
                            safe += left * values[nmask, mmask | (1 << j)]
                    hit = (safe + bust_mass * bust_value) / deck
                    values[nmask, mmask] = stay if stay > hit else hit
                if sub_m == 0:
                    break
                sub_m = (sub_m - 1) & free_m
        if sub_n == 0:
            break
        sub_n = (sub_n - 1) & free_n


@_njit
def _solver_stays(counts: Any, numbers: Any, nnum: Any, mods: Any, nmod: Any, sc: Any, seat: int,
                  bonus: int, values: Any, values_sc: Any, util: Any) -> bool:  # fmt: skip
    """`bots.optimal_stays` without a utility: the one-step shortcut, then solver.py's sweep."""
    size = 0
    for c in range(_MODEL_KINDS):
        size += counts[c]
    if size == 0:
        return True
    now = _points(numbers, nnum, mods, nmod, seat)
    stay = float(now)
    number_sum = 0
    nmask = 0
    for k in range(nnum[seat]):
        number_sum += numbers[seat, k]
        nmask |= 1 << numbers[seat, k]
    doubled = False
    mmask = 0
    for k in range(nmod[seat]):
        if mods[seat, k] == X2:
            doubled = True
        mmask |= 1 << (mods[seat, k] - 13)
    mult = 2 if doubled else 1
    plus = now - number_sum * mult
    # `one_step_worth`: take exactly one more scoring card and stay. The bot takes this
    # shortcut without a Second Chance; with one (a repeat then keeps the points now) it always
    # sweeps, but the sweep's hit value is then at least this worth, float for float: every
    # value it sums is a max() with the integer points of staying there, and float products,
    # sums and quotients are monotone. So "hit" when the worth beats staying is its answer too,
    # and the costly sweeps from a small hand holding a Second Chance are spared.
    total = 0.0
    for card in range(_MODEL_KINDS):
        left = counts[card]
        if left == 0:
            continue
        if card <= 12:
            if nmask >> card & 1:
                points = now if sc[seat] else 0
            else:
                points = (number_sum + card) * mult + plus
                points += bonus if nnum[seat] == 6 else 0
        elif card == X2:
            points = number_sum * 2 + plus
        else:
            points = now + 2 * (card - 12)
        total += left * points
    if total / size > stay:
        return False
    if sc[seat]:
        solver._sweep(counts, nmask, mmask, 0, bonus, values, values_sc, util)
    else:
        _sweep_plain(counts, nmask, mmask, bonus, values)
    hit = solver._hit_value(counts, nmask, mmask, bonus, values, values_sc, sc[seat] != 0, util)
    return stay >= hit


@_njit
def _stays(code: int, seat: int, bonus: int, g: Any, numbers: Any, nnum: Any, mods: Any,
           nmod: Any, sc: Any, values: Any, values_sc: Any, util: Any) -> bool:  # fmt: skip
    """The seat's bot on its turn: True to stay. With no card in front it must hit; with a lone
    Second Chance it may stay, and the bots decide as with any hand (they stay only when no
    number is left to draw)."""
    if nnum[seat] + nmod[seat] + sc[seat] == 0:
        return False
    if code > 0:
        held = 0
        for k in range(nnum[seat]):
            held += numbers[seat, k]
        return held >= code
    # `Table.next_draw_counts`: the deck, or the discard once the deck is empty.
    first = _DECK_COUNTS if g[_NDECK] > 0 else _DISC_COUNTS
    counts = g[first : first + _KINDS]
    if code == COUNTER:
        return _counter_stays(counts, numbers, nnum, mods, nmod, sc, seat, bonus)
    return _solver_stays(counts, numbers, nnum, mods, nmod, sc, seat, bonus, values, values_sc,
                         util)  # fmt: skip


@_lean
def candidates(kind: int, n: int, status: Any, sc: Any, cands: Any) -> int:
    """The seats a choice may go to (`Flip7State._candidates`), into `cands`; their number."""
    ncand = 0
    for s in range(n):
        if status[s] == ACTIVE and (kind != GIVE_SC or not sc[s]):
            cands[ncand] = s
            ncand += 1
    return ncand


@_lean
def pending_card(stack: Any, row: int) -> int:
    """The card a choice step gives away (`Flip7State._pending_card`)."""
    kind = stack[row, 0]
    if kind == ASSIGN:
        return stack[row, 2]
    if kind == BATCH:
        return stack[row, 4 + stack[row, 7]]
    return SECOND_CHANCE


@_lean
def assign(g: Any, sc: Any, stack: Any, who: int) -> None:
    """The choice on top of the stack goes to seat `who` (`Flip7State._choose`)."""
    top = g[_SP] - 1
    kind = stack[top, 0]
    card = pending_card(stack, top)
    g[_SP] -= 1
    if kind == GIVE_SC:
        sc[who] = 1
    elif kind == ASSIGN:
        _push(stack, g, RESOLVE, card, who)
    else:
        # The popped row is still there, just above the top: copy it back, one more target.
        row = g[_SP]
        done = stack[row, 7]
        stack[row, 8 + done] = who
        stack[row, 7] = done + 1
        if done + 1 < stack[row, 3]:
            g[_SP] += 1
        else:
            ncards = stack[row, 3]
            c0, c1, c2 = stack[row, 4], stack[row, 5], stack[row, 6]
            t0, t1, t2 = stack[row, 8], stack[row, 9], stack[row, 10]
            # Resolve in the order flipped: the first on top.
            if ncards >= 3:
                _push(stack, g, RESOLVE, c2, t2)
            if ncards >= 2:
                _push(stack, g, RESOLVE, c1, t1)
            _push(stack, g, RESOLVE, c0, t0)


@_njit
def deal(mt: Any, n: int, give: bool, totals: Any, deck: Any, stack: Any, small: Any) -> None:
    """A new game from a seeded generator, as `Flip7State.__init__` deals it: the deck
    shuffled, the dealer drawn, the first round started (`advance` then plays on)."""
    g, nnum, nmod, sc, status, opened = small[0], small[1], small[2], small[3], small[4], small[5]
    for k in range(g.shape[0]):
        g[k] = 0
    g[_GIVE] = 1 if give else 0
    for s in range(n):
        totals[s] = 0
    for k in range(94):
        deck[k] = FULL_DECK[k]
        g[_DECK_COUNTS + FULL_DECK[k]] += 1
    g[_NDECK] = 94
    _shuffle(mt, deck, 94)
    g[_DEALER] = _randbelow(mt, n)
    _start_round(g, n, nnum, nmod, sc, status, opened, stack)


@_lean
def advance(mt: Any, n: int, bonus: int, target: int, cap: int, totals: Any, bots: Any,
            bot_mts: Any, action: int, deck: Any, disc: Any, numbers: Any, mods: Any,
            stack: Any, small: Any, values: Any, values_sc: Any, util: Any) -> None:  # fmt: skip
    """Play on (`Flip7State._run`, then its bots): chance and forced steps run at once; a
    decision (a TURN, or a choice with two candidates or more) takes `action` first when it is
    not -1 (0 hit, 1 stay, 2 + seat a target: the step kernel checks it is legal), else the
    seat's bot `bots[seat]` (T, COUNTER, SOLVER, RANDOM with its generator `bot_mts[seat]`,
    or FIRST). The loop stops at a decision of a seat without a bot (0), or when the game is
    over: finished, or at its turn cap `cap` (when not 0: `_OVER` is then 2), reckoned at a
    decision as `State.apply` reckons it after a move.

    One loop plays every decision of a bulk game: a call per decision, with its dozen arrays,
    would cost more than the decision itself."""
    g, nnum, nmod, sc, status, opened, cands = (
        small[0],
        small[1],
        small[2],
        small[3],
        small[4],
        small[5],
        small[6],
    )
    while g[_SP] > 0 and g[_OVER] == 0:
        top = g[_SP] - 1
        kind = stack[top, 0]
        if kind == TURN:
            seat = stack[top, 1]
            if action >= 0:
                stays = action == 1
                action = -1
            else:
                if cap > 0 and g[_TURNS] >= cap:
                    g[_OVER] = 2
                    return
                code = bots[seat]
                if code == 0:
                    return
                if code == RANDOM:  # `rng.choice([HIT, STAY])`, or of [HIT] alone
                    options = 1 if nnum[seat] + nmod[seat] + sc[seat] == 0 else 2
                    stays = _randbelow(bot_mts[seat], options) == 1
                elif code == FIRST:
                    stays = False
                else:
                    stays = _stays(code, seat, bonus, g, numbers, nnum, mods, nmod, sc, values,
                                   values_sc, util)  # fmt: skip
            g[_TURNS] += 1
            g[_SP] -= 1
            _push(stack, g, NEXT, seat, 0)
            if stays:
                status[seat] = STAYED
                continue
            card = _draw(mt, deck, disc, g)
            if card < 0:
                _end_round(g, n, -1, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                           status, opened, stack, disc)  # fmt: skip
            else:
                _take(g, n, seat, card, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                      status, opened, stack, disc)  # fmt: skip
        elif kind in (ASSIGN, GIVE_SC, BATCH):
            ncand = candidates(kind, n, status, sc, cands)
            if ncand == 0:
                g[_SP] -= 1
                _discard(disc, g, pending_card(stack, top))
                continue
            if ncand == 1:
                assign(g, sc, stack, cands[0])
                continue
            if action >= 0:
                who = action - 2
                action = -1
            else:
                if cap > 0 and g[_TURNS] >= cap:
                    g[_OVER] = 2
                    return
                chooser = stack[top, 1]
                code = bots[chooser]
                if code == 0:
                    return
                if code == RANDOM:
                    who = cands[_randbelow(bot_mts[chooser], ncand)]
                elif code == FIRST:
                    who = cands[0]
                else:
                    who = _bot_target(n, chooser, pending_card(stack, top), cands, ncand, totals,
                                      numbers, nnum, mods, nmod)  # fmt: skip
            g[_TURNS] += 1
            assign(g, sc, stack, who)
        elif kind == DEAL:
            index = stack[top, 1]
            g[_SP] -= 1
            if index >= n:
                _push(stack, g, NEXT, g[_DEALER], 0)
                continue
            _push(stack, g, DEAL, index + 1, 0)
            seat = (g[_DEALER] + 1 + index) % n
            if status[seat] != ACTIVE or opened[seat]:
                continue
            opened[seat] = 1
            card = _draw(mt, deck, disc, g)
            if card < 0:
                _end_round(g, n, -1, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                           status, opened, stack, disc)  # fmt: skip
            else:
                _take(g, n, seat, card, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                      status, opened, stack, disc)  # fmt: skip
        elif kind == NEXT:
            seat = stack[top, 1]
            g[_SP] -= 1
            found = False
            for step in range(1, n + 1):
                other = (seat + step) % n
                if status[other] == ACTIVE:
                    _push(stack, g, TURN, other, 0)
                    found = True
                    break
            if not found:
                _end_round(g, n, -1, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                           status, opened, stack, disc)  # fmt: skip
        elif kind == FLIP3:
            who, left, naside = stack[top, 1], stack[top, 2], stack[top, 3]
            a0, a1, a2 = stack[top, 4], stack[top, 5], stack[top, 6]
            g[_SP] -= 1
            if status[who] != ACTIVE:
                _discard(disc, g, FLIP_THREE)
                for k in range(naside):
                    _discard(disc, g, a0 if k == 0 else (a1 if k == 1 else a2))
                continue
            if left == 0:
                _discard(disc, g, FLIP_THREE)
                if naside:
                    row = _push(stack, g, BATCH, who, 0)
                    stack[row, 3] = naside
                    stack[row, 4], stack[row, 5], stack[row, 6] = a0, a1, a2
                continue
            card = _draw(mt, deck, disc, g)
            if card < 0:
                _discard(disc, g, FLIP_THREE)
                for k in range(naside):
                    _discard(disc, g, a0 if k == 0 else (a1 if k == 1 else a2))
                _end_round(g, n, -1, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                           status, opened, stack, disc)  # fmt: skip
                continue
            row = _push(stack, g, FLIP3, who, left - 1)
            stack[row, 4], stack[row, 5], stack[row, 6] = a0, a1, a2
            if card in (FREEZE, FLIP_THREE):
                stack[row, 4 + naside] = card
                stack[row, 3] = naside + 1
                continue
            stack[row, 3] = naside
            _take(g, n, who, card, bonus, target, totals, numbers, nnum, mods, nmod, sc,
                  status, opened, stack, disc)  # fmt: skip
        else:  # RESOLVE
            card, who = stack[top, 1], stack[top, 2]
            g[_SP] -= 1
            if status[who] != ACTIVE:
                _discard(disc, g, card)
            elif card == FREEZE:
                status[who] = FROZEN
                _discard(disc, g, FREEZE)
            else:
                opened[who] = 1
                _push(stack, g, FLIP3, who, 3)


@_njit
def play_one(mt: Any, n: int, bots: Any, bonus: int, target: int, totals: Any,
             work: Any) -> int:  # fmt: skip
    """Play one game from a seeded generator; fills `totals` (by seat), returns the turns."""
    deck, disc, numbers, mods, stack, small, values, values_sc, util = work
    deal(mt, n, False, totals, deck, stack, small)
    # Bulk play seats no RANDOM bot (`run` refuses one): `small` stands in for the generators
    # of the random bots, never read.
    advance(mt, n, bonus, target, 0, totals, bots, small, -1, deck, disc, numbers, mods, stack,
            small, values, values_sc, util)  # fmt: skip
    return small[0, _TURNS]


@_njit
def _make_work(n: int, solver_tables: bool) -> Any:
    small = np.zeros((7, max(n, _SCALARS)), dtype=np.int64)
    # The solver's value tables (only when a solver is seated): a sweep writes, then reads, the
    # supersets of the hand alone, so what other decisions left there is never read.
    masks = (solver.NUMBER_MASKS, solver.MODIFIER_MASKS) if solver_tables else (1, 1)
    return (
        np.zeros(94, dtype=np.int64),
        np.zeros(94, dtype=np.int64),
        np.zeros((n, 8), dtype=np.int64),
        np.zeros((n, 8), dtype=np.int64),
        np.zeros((_DEPTH, _COLS), dtype=np.int64),
        small,
        np.empty(masks),
        np.empty(masks),
        np.zeros(0),  # no utility: points are what the solver bot maximises
    )


@_njit
def play_many(seeds: Any, bots: Any, bonus: int, target: int, totals: Any,
              turns: Any) -> None:  # fmt: skip
    """Game i: seed seeds[i] (0 <= seed < 2**63), seat bots bots[i] (T, COUNTER or SOLVER)."""
    n = bots.shape[1]
    solver_seated = False
    for i in range(bots.shape[0]):
        for s in range(n):
            if bots[i, s] == SOLVER:
                solver_seated = True
    work = _make_work(n, solver_seated)
    mt = np.zeros(MT_WORDS, dtype=np.int64)
    for i in range(seeds.shape[0]):
        seed = seeds[i]
        high = seed >> 32
        _mt_seed(mt, seed & _MASK32, high, 2 if high else 1)
        turns[i] = play_one(mt, n, bots[i], bonus, target, totals[i], work)


def run(seeds: Any, bots: Any, bonus: int = 15, target: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """(totals [games, players], turns [games]) for these seeds and per-game seat bots: a
    threshold T >= 1, COUNTER or SOLVER."""
    seed_array = np.ascontiguousarray(seeds, dtype=np.int64)
    table = np.ascontiguousarray(bots, dtype=np.int64)
    if table.ndim != 2 or table.shape[0] != seed_array.shape[0]:
        raise ValueError("bots must be one row of seat bots per seed")
    if table.size and not np.all((table >= 1) | (table == COUNTER) | (table == SOLVER)):
        raise ValueError("a seat bot is a threshold from 1 up, COUNTER or SOLVER")
    if seed_array.size and int(seed_array.min()) < 0:
        raise ValueError("the kernel takes seeds from 0 to 2**63 - 1")
    totals = np.zeros(table.shape, dtype=np.int64)
    turns = np.zeros(seed_array.shape[0], dtype=np.int64)
    play_many(seed_array, table, int(bonus), int(target), totals, turns)
    return totals, turns
