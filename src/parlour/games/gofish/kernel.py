"""The compiled Go Fish kernel: whole games between `random`, `memory` and `first` bots.

Seeds go in; each game's books per seat, asks (`State.turns`), status and first player out come
out. Game for game it gives what `GoFishState` played by `play_bots` with the simulate worker's
seeded bots gives for the same seed: the engine below transcribes `askdraw.groups.GroupAskState`
on `askdraw.engine.AskDrawState` with Go Fish's hooks (`rules.GoFishState`), and every random
draw is the one Python's `random.Random` makes (`parlour.core.mersenne`):

- the deal: `random.Random(seed).shuffle(range(ranks * suits))`, dealt as `openspiel_deal`
  deals it (seat by seat, a book dealt is dealt again, except on the last seat's last card),
  the books laid seat by seat and rank by rank, the pool drawn from the next card on;
- the bots: `master = random.Random(seed ^ 0x5EED)`, seat s's bot `random.Random(master.
  getrandbits(63))`; a `random` bot plays `choice(legal_actions)` (one draw even when a single
  ask is legal), the asks ordered as `_legal_actions` orders them: targets in seat order, then
  ranks;
- a `memory` bot (`bots.MemoryBot`) rules out the sure misses, ranks the others by `ranked_asks`
  on its tracker and plays `choice` among the best (no draw when a single ask is legal); a
  `first` bot (`bots.OpenFirstBot`) plays the first ask that is not a sure miss. Their tracker
  is transcribed as the public part every seat shares (hand sizes, the pool, the cards seen
  going into a hand, the cards each seat surely lacks with the hidden draws since, the ranks
  each surely holds), which is a seat's whole tracker once its own hand is added: the same
  float operations in the same order give the same chances to the last bit.

Every option of `GoFishRules` is transcribed. Every function is plain Python on NumPy arrays:
compiled by Numba (cached on disk) when Numba is present, run as it is otherwise (identical
results, much slower).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.mersenne import BLOCK, MT_WORDS, njit, njit_lean, randbelow, seed_tables
from parlour.core.mersenne import shuffle as mt_shuffle

NOBODY = -1
FINISHED, CAPPED, STALLED = 0, 1, 2
STATUS_NAMES = ("finished", "capped", "stalled")
RANDOM, MEMORY, FIRST = 0, 1, 2
BOT_CODES = {"random": RANDOM, "memory": MEMORY, "first": FIRST}

# The rules, a tuple (its fields stay in registers): ranks, suits, cards dealt each, an
# empty-hand draw then asks, the first player out ends the game, most books wins, the turn cap
# (0: none), the tracker is kept.
_RANKS, _SUITS, _DEALT, _ASK_AFTER, _FIRST_OUT, _MOST_BOOKS, _CAP, _TRACK = range(8)
# The scalars of a game: the player to move, the next card of the deck, over, asks, status,
# books laid, the first player out (NOBODY: none yet).
_TURN, _NEXT, _OVER, _ASKS, _STATUS, _BOOKS, _OUT = range(7)
# The table, one int64 array by rows: `deck[card]`, `hold[card]` (its seat, NOBODY: the pool or
# a book), `laid[rank]` (its layer), `size[seat]`, then per seat `counts[rank]`.
_DECK, _HOLD, _LAID, _SIZE, _COUNTS = range(5)
# The public tracker, one int64 array by rows: `seen[card]` (the seat a card was seen going to,
# until it leaves), `draws[seat]` (hidden draws), then per seat `lacks[card]` (1: surely
# lacked), per seat `since[card]` (its hidden draws when the lack was learnt, -1: none; kept
# through a hidden draw as `lack_since` is), per seat `holds[rank]` (it asked for the rank and
# kept some): rows _LACKS + seat, _LACKS + n + seat, _LACKS + 2n + seat.
_SEEN, _DRAWS, _LACKS = range(3)
# The memory bot's scratch of integers, by rows: the legal asks' targets and ranks, free slots
# per seat, the order of the best asks.
_TARGETS, _HELD, _FREE, _ORDER = range(4)
# These few arrays are handed down as arguments to helpers compiled without reference counts,
# never in a tuple: an array taken out of a tuple is reference-counted (two atomic operations)
# at every call of a helper, and with a tuple of seventeen arrays the kernel ran three times
# slower.


# ----- the table and the public tracker -------------------------------------------------------
@njit_lean
def _receive(t: Any, suits: int, seat: int, card: int) -> None:
    t[_HOLD, card] = seat
    t[_SIZE, seat] += 1
    t[_COUNTS + seat, card // suits] += 1


@njit_lean
def _lack(tr: Any, n: int, seat: int, card: int) -> None:
    tr[_LACKS + seat, card] = 1
    tr[_LACKS + n + seat, card] = tr[_DRAWS, seat]


@njit_lean
def _unlack(tr: Any, n: int, seat: int, card: int) -> None:
    tr[_LACKS + seat, card] = 0
    tr[_LACKS + n + seat, card] = -1


@njit_lean
def _hidden_draw(tr: Any, n: int, cards: int, suits: int, seat: int, asked: int) -> None:
    """A draw the others do not see (`Tracker._on_draw`): any card lacked could be the one,
    except those of the rank just asked for, which would have been shown (`asked` < 0: the
    draw of an empty hand)."""
    row = _LACKS + seat
    for card in range(cards):
        if tr[row, card] and card // suits != asked:
            tr[row, card] = 0
    tr[_DRAWS, seat] += 1
    if asked >= 0:
        for card in range(asked * suits, (asked + 1) * suits):
            if tr[row, card]:
                _lack(tr, n, seat, card)  # lacked anew: since the draw just counted


@njit_lean
def _lay(g: Any, r: Any, n: int, t: Any, tr: Any, seat: int, rank: int) -> None:
    """`_lay_if_complete` with the tracker's `_on_lay`, then Go Fish's `_on_lay` (the first
    player out) and `_check_end` (the last book)."""
    suits = r[_SUITS]
    if t[_COUNTS + seat, rank] != suits or t[_LAID, rank] != NOBODY:
        return
    first = rank * suits
    for card in range(first, first + suits):
        t[_HOLD, card] = NOBODY
    t[_COUNTS + seat, rank] = 0
    t[_SIZE, seat] -= suits
    t[_LAID, rank] = seat
    g[_BOOKS] += 1
    if r[_TRACK]:
        for card in range(first, first + suits):
            tr[_SEEN, card] = NOBODY
            for s in range(n):
                _unlack(tr, n, s, card)
        for s in range(n):
            tr[_LACKS + 2 * n + s, rank] = 0
    if r[_FIRST_OUT] and t[_SIZE, seat] == 0 and not g[_OVER]:
        g[_OUT] = seat
        g[_OVER] = 1
    if not g[_OVER] and g[_BOOKS] == r[_RANKS]:
        g[_OVER] = 1


@njit_lean
def _settle(g: Any, r: Any, n: int, t: Any, tr: Any) -> None:
    """`_settle`: an empty hand draws (then asks, or passes without `ask_after_empty_draw`); a
    player nobody can answer passes; a stalled table (never in a correct game) is STALLED."""
    suits = r[_SUITS]
    cards = r[_RANKS] * suits
    idle = 0
    while not g[_OVER]:
        p = g[_TURN]
        if t[_SIZE, p] > 0:
            for other in range(n):
                if other != p and t[_SIZE, other] > 0:
                    return
        if t[_SIZE, p] == 0 and g[_NEXT] < cards:
            card = t[_DECK, g[_NEXT]]
            g[_NEXT] += 1
            _receive(t, suits, p, card)
            if r[_TRACK]:
                _hidden_draw(tr, n, cards, suits, p, -1)
            _lay(g, r, n, t, tr, p, card // suits)
            idle = 0
            if not g[_OVER] and not r[_ASK_AFTER]:
                g[_TURN] = (p + 1) % n
            continue
        idle += 1
        if idle > n:
            g[_OVER] = 1
            g[_STATUS] = STALLED
            return
        g[_TURN] = (p + 1) % n


@njit_lean
def _ask(g: Any, r: Any, n: int, t: Any, tr: Any, p: int, target: int, rank: int) -> None:
    """`GroupAskState._apply` of `p` asking `target` for `rank`, with what the tracker learns."""
    suits, track = r[_SUITS], r[_TRACK]
    first = rank * suits
    holds = _LACKS + 2 * n
    if track:
        tr[holds + p, rank] = 1  # he holds the rank he asks for
    if t[_COUNTS + target, rank] > 0:  # every card of the rank changes hands, seen by all
        for card in range(first, first + suits):
            if t[_HOLD, card] == target:
                t[_COUNTS + target, rank] -= 1
                t[_SIZE, target] -= 1
                _receive(t, suits, p, card)
                if track:
                    tr[_SEEN, card] = p
                    _unlack(tr, n, p, card)
        if track:  # the giver has none of the rank left
            tr[holds + target, rank] = 0
            for card in range(first, first + suits):
                _lack(tr, n, target, card)
        _lay(g, r, n, t, tr, p, rank)
        _settle(g, r, n, t, tr)
        return
    if track:  # « Go fish! »: `target` has none of the rank
        tr[holds + target, rank] = 0
        for card in range(first, first + suits):
            _lack(tr, n, target, card)
    if g[_NEXT] < r[_RANKS] * suits:
        drawn = t[_DECK, g[_NEXT]]
        g[_NEXT] += 1
        _receive(t, suits, p, drawn)
        if drawn // suits == rank:  # the rank asked for: shown, and `p` asks again
            if track:
                tr[_SEEN, drawn] = p
                _unlack(tr, n, p, drawn)
            _lay(g, r, n, t, tr, p, rank)
            _settle(g, r, n, t, tr)
            return
        if track:
            _hidden_draw(tr, n, r[_RANKS] * suits, suits, p, rank)
        _lay(g, r, n, t, tr, p, drawn // suits)
        if g[_OVER]:
            return
    g[_TURN] = (p + 1) % n  # OpenSpiel: the asker's left-hand neighbour
    _settle(g, r, n, t, tr)


# ----- the memory and first bots (`bots.MemoryBot`, `bots.OpenFirstBot`) ----------------------
@njit_lean
def _sure_miss(tr: Any, suits: int, target: int, rank: int) -> bool:
    for card in range(rank * suits, (rank + 1) * suits):  # noqa: SIM110  (Numba: no generator)
        if not tr[_LACKS + target, card]:
            return False
    return True


@njit_lean
def _chances(g: Any, r: Any, n: int, t: Any, tr: Any, p: int, rank: int, probs: Any,
             free: Any) -> None:  # fmt: skip
    """`Tracker.probabilities` for the unknown cards of `rank` as seat `p` sees them (its own
    hand and the cards seen elsewhere are known), into `probs[card, seat]`."""
    suits = r[_SUITS]
    pile = r[_RANKS] * suits - g[_NEXT]
    total = pile
    for s in range(n):
        total += free[s]
    first = rank * suits
    for card in range(first, first + suits):
        if t[_HOLD, card] == p or tr[_SEEN, card] != NOBODY:
            continue
        weights = 0
        for s in range(n):
            room = free[s]
            since = tr[_LACKS + n + s, card]
            if since >= 0:
                room = min(room, tr[_DRAWS, s] - since)
            probs[card, s] = room
            weights += room
        denom = weights + pile
        if denom == 0:
            denom = total if total else 1
        for s in range(n):
            probs[card, s] = probs[card, s] / denom
    # Obligations: a rank a seat surely holds, none of its cards seen there, lifts the
    # candidates it may hold.
    for s in range(n):
        if not tr[_LACKS + 2 * n + s, rank]:
            continue
        known = False
        for card in range(first, first + suits):
            holder = t[_HOLD, card] if s == p else tr[_SEEN, card]
            if holder == s:
                known = True
        if known:
            continue
        k = 0
        for card in range(first, first + suits):
            if t[_HOLD, card] != p and tr[_SEEN, card] == NOBODY and not tr[_LACKS + s, card]:
                k += 1
        for card in range(first, first + suits):
            if t[_HOLD, card] != p and tr[_SEEN, card] == NOBODY and not tr[_LACKS + s, card]:
                probs[card, s] = 1 - (1 - probs[card, s]) * (1 - 1 / k)


@njit_lean
def _chance(g: Any, r: Any, n: int, t: Any, tr: Any, p: int, target: int, rank: int,
            probs: Any) -> float:  # fmt: skip
    """`rank_chances` of one ask: a sure gift, else a gift or the rank fished."""
    suits = r[_SUITS]
    first = rank * suits
    if tr[_LACKS + 2 * n + target, rank]:
        return 1.0
    for card in range(first, first + suits):
        if tr[_SEEN, card] == target:
            return 1.0
    pile = r[_RANKS] * suits - g[_NEXT]
    miss, fished = 1.0, 0.0
    for card in range(first, first + suits):
        if t[_HOLD, card] == p or tr[_SEEN, card] != NOBODY:
            continue
        miss *= 1.0 - probs[card, target]
        if pile:
            anywhere = 0.0
            for s in range(n):
                anywhere += probs[card, s]
            fished += max(0.0, 1.0 - anywhere) / pile
    return (1.0 - miss) + miss * min(1.0, fished)


@njit_lean
def _memory_pick(g: Any, r: Any, n: int, t: Any, tr: Any, p: int, ntargets: int, nheld: int,
                 mt: Any, ints: Any, probs: Any, score: Any) -> int:  # fmt: skip
    """The index in the legal asks of MemoryBot's choice: sure misses out (unless all are),
    `ranked_asks` (chance, focus per card held, hand size), then `choice` among those within
    1e-9 of the best, ordered by score then ask id (the legal order)."""
    suits = r[_SUITS]
    targets, held, free, order = ints[_TARGETS], ints[_HELD], ints[_FREE], ints[_ORDER]
    focus = 0.3 if n == 2 else 0.1  # `focus_for`
    for s in range(n):
        free[s] = 0 if s == p else t[_SIZE, s]
    for card in range(r[_RANKS] * suits):
        seen = tr[_SEEN, card]
        if seen != NOBODY and seen != p:
            free[seen] -= 1  # a card seen in that hand is no unknown one
    nopen = 0
    for k in range(ntargets * nheld):
        if not _sure_miss(tr, suits, targets[k // nheld], held[k % nheld]):
            nopen += 1
    for j in range(nheld):
        _chances(g, r, n, t, tr, p, held[j], probs, free)
    best = -1.0
    for k in range(ntargets * nheld):
        target, rank = targets[k // nheld], held[k % nheld]
        if nopen and _sure_miss(tr, suits, target, rank):
            score[k] = -1.0
            continue
        chance = _chance(g, r, n, t, tr, p, target, rank, probs)
        value = chance + focus * t[_COUNTS + p, rank] + 0.0001 * t[_SIZE, target]
        score[k] = value
        if value > best:
            best = value
    ntop = 0
    for k in range(ntargets * nheld):  # in ask id order, then a stable sort by score
        if score[k] >= 0.0 and score[k] >= best - 1e-9:
            j = ntop
            while j > 0 and score[order[j - 1]] < score[k]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
            ntop += 1
    return order[randbelow(mt, ntop)]


# ----- whole games ------------------------------------------------------------------------------
@njit_lean
def _deal(g: Any, r: Any, n: int, t: Any, tr: Any, mt: Any) -> None:
    """A fresh table, `openspiel_deal`, then `_start_deal`: the books dealt laid, the first
    player settled."""
    suits, hand = r[_SUITS], r[_DEALT]
    cards = r[_RANKS] * suits
    for k in range(g.shape[0]):
        g[k] = 0
    g[_OUT] = NOBODY
    for row in range(t.shape[0]):
        for c in range(t.shape[1]):
            t[row, c] = 0
    for c in range(cards):
        t[_DECK, c] = c
        t[_HOLD, c] = NOBODY
    for rank in range(r[_RANKS]):
        t[_LAID, rank] = NOBODY
    mt_shuffle(mt, t[_DECK], cards)
    if r[_TRACK]:
        for row in range(tr.shape[0]):
            for c in range(tr.shape[1]):
                tr[row, c] = 0
        for c in range(cards):
            tr[_SEEN, c] = NOBODY
            for s in range(n):
                tr[_LACKS + n + s, c] = -1
    stop = False
    for seat in range(n):
        if stop:
            break
        held = 0
        while held < hand and g[_NEXT] < cards:
            card = t[_DECK, g[_NEXT]]
            g[_NEXT] += 1
            _receive(t, suits, seat, card)
            held += 1
            if t[_COUNTS + seat, card // suits] < suits:
                continue
            if seat == n - 1 and held == hand:
                break  # OpenSpiel ends the deal on the card, before the book is counted
            held -= suits
            if held == 0 and r[_FIRST_OUT]:
                stop = True
                break
    for seat in range(n):
        for rank in range(r[_RANKS]):
            if not g[_OVER]:
                _lay(g, r, n, t, tr, seat, rank)
    _settle(g, r, n, t, tr)


@njit_lean
def _play_one(g: Any, r: Any, n: int, t: Any, tr: Any, mts: Any, bots: Any, ints: Any,
              probs: Any, score: Any) -> None:  # fmt: skip
    """One game, seat s played by bot `bots[s]`, its generators `mts[s]` (the deal's: mts[n])."""
    suits = r[_SUITS]
    targets, held = ints[_TARGETS], ints[_HELD]
    _deal(g, r, n, t, tr, mts[n])
    while not g[_OVER]:
        p = g[_TURN]
        ntargets = 0
        for other in range(n):
            if other != p and t[_SIZE, other] > 0:
                targets[ntargets] = other
                ntargets += 1
        nheld = 0
        for rank in range(r[_RANKS]):
            if t[_COUNTS + p, rank] > 0:
                held[nheld] = rank
                nheld += 1
        legal = ntargets * nheld
        if bots[p] == RANDOM:  # RandomBot: rng.choice(legal_actions), even of a single ask
            pick = randbelow(mts[p], legal)
        elif legal == 1:
            pick = 0
        elif bots[p] == FIRST:
            pick = 0
            for k in range(legal):
                if not _sure_miss(tr, suits, targets[k // nheld], held[k % nheld]):
                    pick = k
                    break
        else:
            pick = _memory_pick(g, r, n, t, tr, p, ntargets, nheld, mts[p], ints, probs, score)
        _ask(g, r, n, t, tr, p, targets[pick // nheld], held[pick % nheld])
        g[_ASKS] += 1
        if not g[_OVER] and r[_CAP] > 0 and g[_ASKS] >= r[_CAP]:
            g[_OVER] = 1
            g[_STATUS] = CAPPED


@njit
def play_many(seeds: Any, bots: Any, r: Any, books: Any, out: Any) -> None:
    """Game i: seed seeds[i] (0 <= seed < 2**63), seat s played by bots[i, s]; fills books[i]
    (by seat) and out[i] (asks, status, first player out)."""
    n = bots.shape[1]
    ranks, cards = r[_RANKS], r[_RANKS] * r[_SUITS]
    width = max(cards, n)
    g = np.zeros(7, dtype=np.int64)
    t = np.zeros((_COUNTS + n, width), dtype=np.int64)
    tr = np.zeros((_LACKS + 3 * n, width), dtype=np.int64)
    ints = np.zeros((4, max(n * ranks, width)), dtype=np.int64)
    probs = np.zeros((cards, n), dtype=np.float64)
    score = np.zeros(n * ranks, dtype=np.float64)
    gens = n + 2  # a game's generators: its bots', the deal's, the bots' master
    mts = np.zeros((BLOCK * gens, MT_WORDS), dtype=np.int64)
    rows = np.zeros(BLOCK * gens, dtype=np.int64)
    keys = np.zeros(BLOCK * gens, dtype=np.int64)
    for start in range(0, seeds.shape[0], BLOCK):
        count = min(BLOCK, seeds.shape[0] - start)
        seed_tables(mts, seeds, start, count, n, rows, keys)
        for b in range(count):
            i = start + b
            game = mts[b * gens : (b + 1) * gens]
            _play_one(g, r, n, t, tr, game, bots[i], ints, probs, score)
            out[i, 0], out[i, 1], out[i, 2] = g[_ASKS], g[_STATUS], g[_OUT]
            for rank in range(ranks):
                if g[_STATUS] == FINISHED and t[_LAID, rank] != NOBODY:
                    books[i, t[_LAID, rank]] += 1


def run(
    seeds: Any, players: Any, rules: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(books [games, players], asks [games], status [games]: an index of STATUS_NAMES, first
    player out [games], -1 for none), one game per seed. `players`: a number of `random` bots,
    or per game the bot of each seat ("random", "memory", "first", or their codes)."""
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
    rules.check_players(n)
    # A tuple, not an array: its fields stay in registers through the stores to the tables.
    table = (
        int(rules.ranks),
        int(rules.suits),
        int(rules.hand_size(n)),
        int(rules.ask_after_empty_draw),
        int(rules.end_on_first_out),
        int(rules.most_books_wins),
        int(rules.max_turns or 0),
        int((bots != RANDOM).any()),
    )
    books = np.zeros((games, n), dtype=np.int64)
    out = np.zeros((games, 3), dtype=np.int64)
    play_many(seed_array, bots, table, books, out)
    return books, out[:, 0], out[:, 1], out[:, 2]
