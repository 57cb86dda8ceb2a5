"""The compiled 7 familles kernel: whole games between `random`, `memory` and `first` bots.

Seeds go in; each game's families per seat, asks (`State.turns`) and status come out. Game for
game it gives what `FamillesState` played by `play_bots` with `seeded_bots` gives for the same
seed (the simulate worker's games): the engine below transcribes `askdraw.AskDrawState` (the
deal, the lays of a hand dealt complete, `_settle`'s forced draws and passes, the ask, the
« Bonne pioche » that keeps the turn, the end when the seventh family is laid) and every random
draw is the one Python's `random.Random` makes (`parlour.core.mersenne`):

- the deal: `random.Random(seed).shuffle(range(42))`, hands cut in seat order, the pile drawn
  from the card after the last hand onwards;
- the bots: `master = random.Random(seed ^ 0x5EED)`, seat s's bot `random.Random(master.
  getrandbits(63))`, and a `random` bot plays `choice(legal_actions)` (one draw even when a
  single ask is legal), the legal asks ordered as `_legal_actions` orders them: targets in seat
  order, then cards by id;
- a `memory` bot (`bots.MemoryBot`) ranks the asks by `ranked_asks` on its tracker and plays
  `choice` among the best (no draw when a single ask is legal). Its tracker is transcribed as
  the public part every seat shares (hand sizes, the pile, the cards seen going into a hand,
  the lacks and their draw counts, the families surely held), which is the whole tracker of a
  seat once its own hand is added: the same float operations in the same order give the same
  chances to the last bit;
- a `first` bot (`bots.OpenFirstBot`) plays the first legal ask whose « Pioche ! » still stands
  in `ReflexesBot`'s memory (public too), else the first legal ask.

Every variant of `FamillesRules` is transcribed: the hand size, who plays after a miss, a family
completed by a draw that replays, asking for any family, the turn cap (a draw, "capped"). The
deck only names the cards. The table has no ages (the simulate worker's seats): seat 0 starts.

Every function is plain Python on NumPy arrays: compiled by Numba (cached on disk) when Numba
is present, run as it is otherwise (identical results, much slower).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.mersenne import (
    BLOCK,
    MT_WORDS,
    njit,
    njit_inline,
    njit_lean,
    randbelow,
    seed_tables,
    shuffle,
)

NUM_CARDS, FAMILIES, MEMBERS = 42, 7, 6
NOBODY = -1  # `hold[card]` of a card in the pile or laid down
# Status of a game, as `Outcome.status` names them; STALLED is the reference engine's
# AssertionError (a table where nobody can ask), which a correct game never reaches.
FINISHED, CAPPED, STALLED = 0, 1, 2
STATUS_NAMES = ("finished", "capped", "stalled")
# Scalars of a game, in one array so that the helpers can change them.
_TURN, _PTR, _NLAID, _OVER, _TURNS, _STATUS = 0, 1, 2, 3, 4, 5
_SCALARS = 6
RANDOM, MEMORY, FIRST = 0, 1, 2  # the bots, by seat
# `counts[seat]`: the cards of each family in that hand, then at _HAND the hand as a bit per
# card, which gives a family's cards not in the hand without looking at the six.
_HAND = FAMILIES
# _SELECT[bits * MEMBERS + k]: the k-th set bit of a family's six bits, from the lowest.
_SELECT = np.array(
    [[b for b in range(MEMBERS) if bits >> b & 1][k] if k < bin(bits).count("1") else -1
     for bits in range(1 << MEMBERS) for k in range(MEMBERS)],
    dtype=np.int64,
)  # fmt: skip
FOCUS = 0.01  # MemoryBot's `ranked_asks(..., focus=0.01)`


@njit_lean
def _receive(hold: Any, size: Any, counts: Any, seat: int, card: int) -> None:
    hold[card] = seat
    size[seat] += 1
    counts[seat, card // MEMBERS] += 1
    counts[seat, _HAND] |= 1 << card


# ----- the public tracker (`tracker.Tracker`, the part every seat shares) -------------------
# One array, rows: `known[card]`, the seat a card was seen going to (a give, a Bonne pioche),
# until laid; `lacks[seat]`, a bit per card it surely lacks; `draws[seat]`, its hidden draws;
# `holds[seat]`, a bit per family it surely holds; `said[seat]`, a bit per card it said
# « Pioche ! » to, forgotten when it draws or receives that card (`ReflexesBot`'s memory, which
# `first` reads); then per seat `since[card]`, its hidden draws when that lack was learnt (-1:
# none).
_KNOWN, _LACKS, _DRAWS, _HOLDS, _SAID, _SINCE = 0, 1, 2, 3, 4, 5


@njit_lean
def _lack(tr: Any, seat: int, card: int) -> None:
    tr[_LACKS, seat] |= 1 << card
    tr[_SINCE + seat, card] = tr[_DRAWS, seat]


@njit_lean
def _unlack(tr: Any, seat: int, card: int) -> None:
    tr[_LACKS, seat] &= ~(1 << card)
    tr[_SINCE + seat, card] = -1


@njit_lean
def _hidden_draw(tr: Any, seat: int) -> None:
    """A draw the others do not see: any lacked card could be the one drawn."""
    tr[_LACKS, seat] = 0
    tr[_DRAWS, seat] += 1
    tr[_SAID, seat] = 0


@njit_lean
def _reset_tracker(tr: Any, n: int) -> None:
    for c in range(NUM_CARDS):
        tr[_KNOWN, c] = NOBODY
    for s in range(n):
        tr[_LACKS, s] = 0
        tr[_DRAWS, s] = 0
        tr[_HOLDS, s] = 0
        tr[_SAID, s] = 0
        for c in range(NUM_CARDS):
            tr[_SINCE + s, c] = -1


# ----- the engine (`askdraw.AskDrawState`) ---------------------------------------------------
@njit_inline
def _lay_if_complete(g: Any, n: int, hold: Any, size: Any, counts: Any, laid: Any, tr: Any,
                     track: bool, seat: int, family: int) -> bool:  # fmt: skip
    """`_lay_if_complete`, and `_check_end` after it: the seventh family ends the game."""
    if counts[seat, family] != MEMBERS or laid[family] != NOBODY:
        return False
    first = family * MEMBERS
    for card in range(first, first + MEMBERS):
        hold[card] = NOBODY
    size[seat] -= MEMBERS
    counts[seat, family] = 0
    counts[seat, _HAND] &= ~(((1 << MEMBERS) - 1) << first)
    laid[family] = seat
    if track:
        mask = ((1 << MEMBERS) - 1) << first
        for card in range(first, first + MEMBERS):
            tr[_KNOWN, card] = NOBODY
        for s in range(n):
            tr[_LACKS, s] &= ~mask
            tr[_HOLDS, s] &= ~(1 << family)
            for card in range(first, first + MEMBERS):
                tr[_SINCE + s, card] = -1
    g[_NLAID] += 1
    if g[_NLAID] == FAMILIES:
        g[_OVER] = 1
        g[_STATUS] = FINISHED
    return True


@njit_inline
def _settle(g: Any, n: int, deck: Any, hold: Any, size: Any, counts: Any, laid: Any, tr: Any,
            track: bool) -> None:  # fmt: skip
    """`_settle`: an empty hand draws and goes on; a player nobody can answer passes."""
    idle = 0
    while g[_OVER] == 0:
        p = g[_TURN]
        others = False
        for t in range(n):
            if t != p and size[t] > 0:
                others = True
                break
        if size[p] > 0 and others:
            return
        if size[p] == 0 and g[_PTR] < NUM_CARDS:
            card = deck[g[_PTR]]
            g[_PTR] += 1
            _receive(hold, size, counts, p, card)
            if track:
                _hidden_draw(tr, p)
            _lay_if_complete(g, n, hold, size, counts, laid, tr, track, p, card // MEMBERS)
            idle = 0
            continue
        idle += 1
        if idle > n:
            g[_OVER] = 1
            g[_STATUS] = STALLED
            return
        g[_TURN] = (p + 1) % n


@njit_inline
def _ask(g: Any, n: int, p: int, t: int, c: int, next_left: bool, replays: bool, ask_any: bool,
         deck: Any, hold: Any, size: Any, counts: Any, laid: Any, tr: Any,
         track: bool) -> None:  # fmt: skip
    """`_apply` of an ask by `p` to `t` for `c`, with what the tracker learns from its events."""
    family = c // MEMBERS
    if track:  # the ask: `p` lacks `c` and holds its family
        _lack(tr, p, c)
        if not ask_any:
            tr[_HOLDS, p] |= 1 << family
    if hold[c] == t:  # a hit: the card changes hands and `p` goes on
        size[t] -= 1
        counts[t, family] -= 1
        counts[t, _HAND] &= ~(1 << c)
        _receive(hold, size, counts, p, c)
        if track:
            tr[_KNOWN, c] = p
            _unlack(tr, p, c)
            tr[_HOLDS, t] &= ~(1 << family)  # it may have been the giver's last of the family
            tr[_SAID, p] &= ~(1 << c)
        _lay_if_complete(g, n, hold, size, counts, laid, tr, track, p, family)
        _settle(g, n, deck, hold, size, counts, laid, tr, track)
        return
    if track:  # « Pioche ! »: `t` lacks `c`
        _lack(tr, t, c)
        tr[_SAID, t] |= 1 << c
    if g[_PTR] < NUM_CARDS:
        drawn = deck[g[_PTR]]
        g[_PTR] += 1
        _receive(hold, size, counts, p, drawn)
        if track:
            if drawn == c:  # the Bonne pioche is shown to everybody
                tr[_KNOWN, c] = p
                _unlack(tr, p, c)
                tr[_SAID, p] &= ~(1 << c)
            else:  # a hidden draw, but not the card asked for (that would have been shown)
                _hidden_draw(tr, p)
                _lack(tr, p, c)
        done = _lay_if_complete(g, n, hold, size, counts, laid, tr, track, p, drawn // MEMBERS)
        if g[_OVER]:
            return
        if drawn == c or (done and replays):  # a Bonne pioche, or a family that replays
            _settle(g, n, deck, hold, size, counts, laid, tr, track)
            return
    g[_TURN] = (p + 1) % n if next_left else t
    _settle(g, n, deck, hold, size, counts, laid, tr, track)


# ----- the memory bot (`bots.MemoryBot`) ----------------------------------------------------
@njit_lean
def _memory_pick(mt: Any, p: int, n: int, ncards: int, cards: Any, ntargets: int, targets: Any,
                 pile: int, hold: Any, size: Any, counts: Any, laid: Any, tr: Any,
                 probs: Any, free: Any, score: Any, top: Any) -> int:  # fmt: skip
    """The index in the legal asks of MemoryBot's choice: `ranked_asks` (chances from
    `Tracker.probabilities` and `hit_chances`, plus focus and hand size), then `choice` among
    those within 1e-9 of the best, ordered by score then ask id."""
    known, lacks, draws, holds = tr[_KNOWN], tr[_LACKS], tr[_DRAWS], tr[_HOLDS]
    for s in range(n):
        free[s] = 0 if s == p else size[s]
    for c in range(NUM_CARDS):
        if known[c] != NOBODY and known[c] != p:
            free[known[c]] -= 1  # `Tracker.free`: a card seen in that hand is no unknown one
    total_slots = pile
    for s in range(n):
        total_slots += free[s]
    # `probabilities`: slots weighted by each hand's unknown cards and the pile.
    for c in range(NUM_CARDS):
        if laid[c // MEMBERS] != NOBODY or hold[c] == p or known[c] != NOBODY:
            continue
        weights = 0
        for s in range(n):
            if s == p:
                room = 0
            elif tr[_SINCE + s, c] < 0:
                room = free[s]
            else:
                room = min(free[s], draws[s] - tr[_SINCE + s, c])
            probs[c, s] = room
            weights += room
        denom = weights + pile
        if denom == 0:
            denom = total_slots if total_slots else 1
        for s in range(n):
            probs[c, s] = probs[c, s] / denom
    # Obligations: a family surely held with none of its cards seen in that hand lifts its
    # candidates (the observer's own hand has none: it holds every family it asked for).
    for s in range(n):
        if s == p:
            continue
        for f in range(FAMILIES):
            if not holds[s] & (1 << f):
                continue
            seen = False
            for c in range(f * MEMBERS, (f + 1) * MEMBERS):
                if known[c] == s:
                    seen = True
            if seen:
                continue
            k = 0
            for c in range(f * MEMBERS, (f + 1) * MEMBERS):
                if hold[c] != p and known[c] == NOBODY and not lacks[s] & (1 << c):
                    k += 1
            for c in range(f * MEMBERS, (f + 1) * MEMBERS):
                if hold[c] != p and known[c] == NOBODY and not lacks[s] & (1 << c):
                    probs[c, s] = 1 - (1 - probs[c, s]) * (1 - 1 / k)
    best = -1.0
    for ti in range(ntargets):
        t = targets[ti]
        for ci in range(ncards):
            c = cards[ci]
            if known[c] != NOBODY:
                chance = 1.0 if known[c] == t else 0.0
            else:
                q = probs[c, t]
                in_pile = 0.0
                if pile:
                    spread = 0.0
                    for s in range(n):
                        spread += probs[c, s]
                    in_pile = max(0.0, 1.0 - spread)
                chance = q + (1 - q) * (in_pile / pile if pile else 0.0)
            value = chance + FOCUS * counts[p, c // MEMBERS] + 0.0001 * size[t]
            score[ti * ncards + ci] = value
            if value > best:
                best = value
    ntop = 0
    for k in range(ntargets * ncards):  # in ask id order, then a stable sort by score
        if score[k] >= best - 1e-9:
            j = ntop
            while j > 0 and score[top[j - 1]] < score[k]:
                top[j] = top[j - 1]
                j -= 1
            top[j] = k
            ntop += 1
    return top[randbelow(mt, ntop)]


@njit_inline
def _askable(p: int, k: int, ask_any: bool, counts: Any, laid: Any) -> int:
    """The k-th card (by id) that `p` may ask for."""
    for f in range(FAMILIES):
        if laid[f] == NOBODY and (ask_any or counts[p, f] > 0):
            left = MEMBERS - counts[p, f]
            if k >= left:
                k -= left
                continue
            free = ~(counts[p, _HAND] >> (f * MEMBERS)) & ((1 << MEMBERS) - 1)
            return f * MEMBERS + _SELECT[free * MEMBERS + k]
    return -1  # not reached: k is below the number of askable cards


@njit_lean
def play_one(mts: Any, n: int, hand_size: int, next_left: bool, replays: bool, ask_any: bool,
             max_turns: int, bots: Any, scores: Any, work: Any) -> None:  # fmt: skip
    """One game, seat s played by bot `bots[s]` (RANDOM, MEMORY or FIRST), its generators
    seeded by `seed_tables` (mts[s]: seat s's bot's, mts[n]: the deal's); fills `scores`
    (families by seat), returns the scalars (turn, pile position, families laid, over, turns,
    status)."""
    g, deck, hold, size, counts, laid, cards, targets, tr, probs, free, score, top = work
    track = False
    for s in range(n):
        if bots[s] != RANDOM:
            track = True
    for k in range(_SCALARS):
        g[k] = 0
    for c in range(NUM_CARDS):
        deck[c] = c
        hold[c] = NOBODY
    shuffle(mts[n], deck, NUM_CARDS)
    for s in range(n):
        size[s] = 0
        for f in range(FAMILIES + 1):
            counts[s, f] = 0
    for f in range(FAMILIES):
        laid[f] = NOBODY
    if track:
        _reset_tracker(tr, n)
    for s in range(n):
        for k in range(s * hand_size, (s + 1) * hand_size):
            _receive(hold, size, counts, s, deck[k])
    g[_PTR] = n * hand_size
    for s in range(n):  # a hand dealt complete is laid at once
        for f in range(FAMILIES):
            if g[_OVER] == 0:
                _lay_if_complete(g, n, hold, size, counts, laid, tr, track, s, f)
    _settle(g, n, deck, hold, size, counts, laid, tr, track)
    while g[_OVER] == 0:
        p = g[_TURN]
        # `_legal_actions`: the cards of the families one may ask for, by id, for each target
        # in seat order that holds cards.
        ntargets = 0
        for t in range(n):
            if t != p and size[t] > 0:
                targets[ntargets] = t
                ntargets += 1
        if bots[p] == RANDOM:  # RandomBot: rng.choice(legal_actions), even of a single ask
            # The asks are not listed: their number, then the one picked, from the counts.
            ncards = 0
            for f in range(FAMILIES):
                if laid[f] == NOBODY and (ask_any or counts[p, f] > 0):
                    ncards += MEMBERS - counts[p, f]  # the family's cards not in p's hand
            pick = randbelow(mts[p], ntargets * ncards)
            target = targets[pick // ncards]
            card = _askable(p, pick % ncards, ask_any, counts, laid)
        else:
            ncards = 0
            for f in range(FAMILIES):
                if laid[f] == NOBODY and (ask_any or counts[p, f] > 0):
                    for c in range(f * MEMBERS, (f + 1) * MEMBERS):
                        if hold[c] != p:
                            cards[ncards] = c
                            ncards += 1
            if ntargets * ncards == 1:  # MemoryBot plays a single legal ask without a draw
                pick = 0
            elif bots[p] == FIRST:  # OpenFirstBot: the first ask whose « Pioche ! » is not standing
                pick = 0
                for k in range(ntargets * ncards):
                    if not tr[_SAID, targets[k // ncards]] & (1 << cards[k % ncards]):
                        pick = k
                        break
            else:
                pick = _memory_pick(mts[p], p, n, ncards, cards, ntargets, targets,
                                    NUM_CARDS - g[_PTR], hold, size, counts, laid, tr, probs,
                                    free, score, top)  # fmt: skip
            target, card = targets[pick // ncards], cards[pick % ncards]
        _ask(g, n, p, target, card, next_left, replays, ask_any, deck, hold, size, counts, laid,
             tr, track)  # fmt: skip
        g[_TURNS] += 1
        if g[_OVER] == 0 and max_turns > 0 and g[_TURNS] >= max_turns:
            g[_OVER] = 1
            g[_STATUS] = CAPPED
    for s in range(n):
        scores[s] = 0
    if g[_STATUS] == FINISHED:
        for f in range(FAMILIES):
            scores[laid[f]] += 1


@njit
def _make_work(n: int) -> Any:
    most = NUM_CARDS * n  # more than the legal asks
    return (
        np.zeros(_SCALARS, dtype=np.int64),
        np.zeros(NUM_CARDS, dtype=np.int64),
        np.zeros(NUM_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, FAMILIES + 1), dtype=np.int64),
        np.zeros(FAMILIES, dtype=np.int64),
        np.zeros(NUM_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((_SINCE + n, NUM_CARDS), dtype=np.int64),  # the public tracker
        np.zeros((NUM_CARDS, n), dtype=np.float64),
        np.zeros(n, dtype=np.int64),
        np.zeros(most, dtype=np.float64),
        np.zeros(most, dtype=np.int64),
    )


@njit
def play_many(seeds: Any, bots: Any, hand_size: int, next_left: bool, replays: bool,
              ask_any: bool, max_turns: int, scores: Any, turns: Any,
              status: Any) -> None:  # fmt: skip
    """Game i: seed seeds[i] (0 <= seed < 2**63), seat s played by bots[i, s]."""
    n = bots.shape[1]
    work = _make_work(n)
    width = n + 2  # the generators of a game: its bots', the deal's, the bots' master
    mts = np.zeros((BLOCK * width, MT_WORDS), dtype=np.int64)
    rows = np.zeros(BLOCK * width, dtype=np.int64)
    keys = np.zeros(BLOCK * width, dtype=np.int64)
    for start in range(0, seeds.shape[0], BLOCK):
        count = min(BLOCK, seeds.shape[0] - start)
        seed_tables(mts, seeds, start, count, n, rows, keys)  # a block of games at once
        for b in range(count):
            i = start + b
            play_one(mts[b * width : (b + 1) * width], n, hand_size, next_left, replays, ask_any,
                     max_turns, bots[i], scores[i], work)  # fmt: skip
            g = work[0]
            turns[i] = g[_TURNS]
            status[i] = g[_STATUS]


BOT_CODES = {"random": RANDOM, "memory": MEMORY, "first": FIRST}


def run(
    seeds: Any,
    players: Any,
    hand_size: int = 6,
    next_after_miss: str = "asked",
    family_replays: bool = False,
    ask_any_family: bool = False,
    max_turns: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(families [games, players], turns [games], status [games]: an index of STATUS_NAMES),
    one game per seed. `players`: a number of `random` bots, or per game the bot of each seat
    ("random", "memory", "first", or their codes)."""
    seed_array = np.ascontiguousarray(seeds, dtype=np.int64)
    if seed_array.ndim != 1:
        raise ValueError("seeds must be a flat sequence")
    if seed_array.size and int(seed_array.min()) < 0:
        raise ValueError("the kernel takes seeds from 0 to 2**63 - 1")
    games = seed_array.shape[0]
    if isinstance(players, int):
        bots = np.full((games, players), RANDOM, dtype=np.int64)
    else:
        rows = [[BOT_CODES.get(b, b) for b in row] for row in players]
        bots = np.array(rows, dtype=np.int64).reshape(games, -1)
    n = bots.shape[1]
    if not 2 <= n <= 6 or n * hand_size > NUM_CARDS or hand_size < 1:
        raise ValueError(f"{n} hands of {hand_size} cards do not fit the deck")
    scores = np.zeros((games, n), dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    status = np.zeros(games, dtype=np.int64)
    play_many(seed_array, bots, hand_size, next_after_miss == "left", bool(family_replays),
              bool(ask_any_family), int(max_turns or 0), scores, turns, status)  # fmt: skip
    return scores, turns, status
