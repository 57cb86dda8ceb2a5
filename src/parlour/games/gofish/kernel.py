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

from parlour.core.mersenne import BLOCK, MT_WORDS, njit, njit_inline, randbelow, seed_tables
from parlour.core.mersenne import shuffle as mt_shuffle

NOBODY = -1
FINISHED, CAPPED, STALLED = 0, 1, 2
STATUS_NAMES = ("finished", "capped", "stalled")
RANDOM, MEMORY, FIRST = 0, 1, 2
BOT_CODES = {"random": RANDOM, "memory": MEMORY, "first": FIRST}

# The rules, an int64 array: ranks, suits, cards dealt each, an empty-hand draw then asks, the
# first player out ends the game, most books wins, the turn cap (0: none), the tracker is kept.
_RANKS, _SUITS, _DEALT, _ASK_AFTER, _FIRST_OUT, _MOST_BOOKS, _CAP, _TRACK = range(8)
# The scalars of a game: the player to move, the next card of the deck, over, asks, status,
# books laid, the first player out (NOBODY: none yet).
_TURN, _NEXT, _OVER, _ASKS, _STATUS, _BOOKS, _OUT = range(7)
# The work arrays, by index in the tuple `_work` makes. The table: `deck[card]`, `hold[card]`
# (its seat, NOBODY: the pool or a book), `size[seat]`, `counts[seat, rank]`, `laid[rank]`
# (its layer). The public tracker: `seen[card]` (the seat a card was seen going to, until it
# leaves), `lacks[seat, card]`, `since[seat, card]` (that seat's hidden draws when the lack was
# learnt, -1: none; kept through a hidden draw as `lack_since` is), `draws[seat]` (hidden
# draws), `holds[seat, rank]` (it asked for the rank and kept some). Scratch: the legal asks'
# targets and ranks, the memory bot's chances per card and seat, free slots, scores, order.
(_G, _DECK, _HOLD, _SIZE, _COUNTS, _LAID) = range(6)
(_SEEN, _LACKS, _SINCE, _DRAWS, _HOLDS) = range(6, 11)
(_TARGETS, _HELD, _PROBS, _FREE, _SCORE, _ORDER) = range(11, 17)


# ----- the table and the public tracker -------------------------------------------------------
@njit_inline
def _lack(w: Any, seat: int, card: int) -> None:
    w[_LACKS][seat, card] = 1
    w[_SINCE][seat, card] = w[_DRAWS][seat]


@njit_inline
def _hidden_draw(w: Any, r: Any, seat: int, asked: int) -> None:
    """A draw the others do not see (`Tracker._on_draw`): any card lacked could be the one,
    except those of the rank just asked for, which would have been shown (`asked` < 0: the
    draw of an empty hand)."""
    suits, lacks = r[_SUITS], w[_LACKS]
    for card in range(r[_RANKS] * suits):
        if lacks[seat, card] and card // suits != asked:
            lacks[seat, card] = 0
    w[_DRAWS][seat] += 1
    if asked >= 0:
        for card in range(asked * suits, (asked + 1) * suits):
            if lacks[seat, card]:
                _lack(w, seat, card)  # lacked anew: since the draw just counted


@njit_inline
def _receive(w: Any, r: Any, seat: int, card: int) -> None:
    w[_HOLD][card] = seat
    w[_SIZE][seat] += 1
    w[_COUNTS][seat, card // r[_SUITS]] += 1


@njit_inline
def _end(g: Any) -> None:
    g[_OVER] = 1
    g[_STATUS] = FINISHED


@njit_inline
def _lay(w: Any, r: Any, n: int, seat: int, rank: int) -> None:
    """`_lay_if_complete` with the tracker's `_on_lay`, then Go Fish's `_on_lay` (the first
    player out) and `_check_end` (the last book)."""
    g, suits, counts, laid = w[_G], r[_SUITS], w[_COUNTS], w[_LAID]
    if counts[seat, rank] != suits or laid[rank] != NOBODY:
        return
    first = rank * suits
    for card in range(first, first + suits):
        w[_HOLD][card] = NOBODY
    counts[seat, rank] = 0
    w[_SIZE][seat] -= suits
    laid[rank] = seat
    g[_BOOKS] += 1
    if r[_TRACK]:
        for card in range(first, first + suits):
            w[_SEEN][card] = NOBODY
            for s in range(n):
                w[_LACKS][s, card] = 0
                w[_SINCE][s, card] = -1
        for s in range(n):
            w[_HOLDS][s, rank] = 0
    if r[_FIRST_OUT] and w[_SIZE][seat] == 0 and not g[_OVER]:
        g[_OUT] = seat
        _end(g)
    if not g[_OVER] and g[_BOOKS] == r[_RANKS]:
        _end(g)


@njit_inline
def _settle(w: Any, r: Any, n: int) -> None:
    """`_settle`: an empty hand draws (then asks, or passes without `ask_after_empty_draw`); a
    player nobody can answer passes; a stalled table (never in a correct game) is STALLED."""
    g, size, cards = w[_G], w[_SIZE], r[_RANKS] * r[_SUITS]
    idle = 0
    while not g[_OVER]:
        p = g[_TURN]
        if size[p] > 0:
            for t in range(n):
                if t != p and size[t] > 0:
                    return
        if size[p] == 0 and g[_NEXT] < cards:
            card = w[_DECK][g[_NEXT]]
            g[_NEXT] += 1
            _receive(w, r, p, card)
            if r[_TRACK]:
                _hidden_draw(w, r, p, -1)
            _lay(w, r, n, p, card // r[_SUITS])
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


@njit_inline
def _ask(w: Any, r: Any, n: int, p: int, t: int, rank: int) -> None:
    """`GroupAskState._apply` of `p` asking `t` for `rank`, with what the tracker learns."""
    g, suits, hold = w[_G], r[_SUITS], w[_HOLD]
    first, track = rank * suits, r[_TRACK]
    if track:
        w[_HOLDS][p, rank] = 1  # he holds the rank he asks for
    if w[_COUNTS][t, rank] > 0:  # every card of the rank changes hands, seen by all
        for card in range(first, first + suits):
            if hold[card] == t:
                w[_COUNTS][t, rank] -= 1
                w[_SIZE][t] -= 1
                _receive(w, r, p, card)
                if track:
                    w[_SEEN][card] = p
                    w[_LACKS][p, card] = 0
                    w[_SINCE][p, card] = -1
        if track:  # the giver has none of the rank left
            w[_HOLDS][t, rank] = 0
            for card in range(first, first + suits):
                _lack(w, t, card)
        _lay(w, r, n, p, rank)
        _settle(w, r, n)
        return
    if track:  # « Go fish! »: `t` has none of the rank
        w[_HOLDS][t, rank] = 0
        for card in range(first, first + suits):
            _lack(w, t, card)
    if g[_NEXT] < r[_RANKS] * suits:
        drawn = w[_DECK][g[_NEXT]]
        g[_NEXT] += 1
        _receive(w, r, p, drawn)
        if drawn // suits == rank:  # the rank asked for: shown, and `p` asks again
            if track:
                w[_SEEN][drawn] = p
                w[_LACKS][p, drawn] = 0
                w[_SINCE][p, drawn] = -1
            _lay(w, r, n, p, rank)
            _settle(w, r, n)
            return
        if track:
            _hidden_draw(w, r, p, rank)
        _lay(w, r, n, p, drawn // suits)
        if g[_OVER]:
            return
    g[_TURN] = (p + 1) % n  # OpenSpiel: the asker's left-hand neighbour
    _settle(w, r, n)


# ----- the memory and first bots (`bots.MemoryBot`, `bots.OpenFirstBot`) ----------------------
@njit_inline
def _sure_miss(w: Any, r: Any, t: int, rank: int) -> bool:
    suits = r[_SUITS]
    for card in range(rank * suits, (rank + 1) * suits):  # noqa: SIM110  (Numba: no generator)
        if not w[_LACKS][t, card]:
            return False
    return True


@njit_inline
def _chances(w: Any, r: Any, n: int, p: int, rank: int) -> None:
    """`Tracker.probabilities` for the unknown cards of `rank` as seat `p` sees them (its own
    hand and the cards seen elsewhere are known), into `probs[card, seat]`."""
    suits, seen, hold = r[_SUITS], w[_SEEN], w[_HOLD]
    lacks, since, draws, probs, free = w[_LACKS], w[_SINCE], w[_DRAWS], w[_PROBS], w[_FREE]
    pile = r[_RANKS] * suits - w[_G][_NEXT]
    total = pile
    for s in range(n):
        total += free[s]
    first = rank * suits
    for card in range(first, first + suits):
        if hold[card] == p or seen[card] != NOBODY:
            continue
        weights = 0
        for s in range(n):
            room = free[s]
            if since[s, card] >= 0:
                room = min(room, draws[s] - since[s, card])
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
        if not w[_HOLDS][s, rank]:
            continue
        known = False
        for card in range(first, first + suits):
            if (s == p and hold[card] == p) or (s != p and seen[card] == s):
                known = True
        if known:
            continue
        k = 0
        for card in range(first, first + suits):
            if hold[card] != p and seen[card] == NOBODY and not lacks[s, card]:
                k += 1
        for card in range(first, first + suits):
            if hold[card] != p and seen[card] == NOBODY and not lacks[s, card]:
                probs[card, s] = 1 - (1 - probs[card, s]) * (1 - 1 / k)


@njit_inline
def _chance(w: Any, r: Any, n: int, p: int, t: int, rank: int) -> float:
    """`rank_chances` of one ask: a sure gift, else a gift or the rank fished."""
    suits, seen, hold, probs = r[_SUITS], w[_SEEN], w[_HOLD], w[_PROBS]
    first = rank * suits
    if w[_HOLDS][t, rank]:
        return 1.0
    for card in range(first, first + suits):
        if seen[card] == t:
            return 1.0
    pile = r[_RANKS] * suits - w[_G][_NEXT]
    miss, fished = 1.0, 0.0
    for card in range(first, first + suits):
        if hold[card] == p or seen[card] != NOBODY:
            continue
        miss *= 1.0 - probs[card, t]
        if pile:
            anywhere = 0.0
            for s in range(n):
                anywhere += probs[card, s]
            fished += max(0.0, 1.0 - anywhere) / pile
    return (1.0 - miss) + miss * min(1.0, fished)


@njit_inline
def _memory_pick(w: Any, r: Any, n: int, p: int, ntargets: int, nheld: int, mt: Any) -> int:
    """The index in the legal asks of MemoryBot's choice: sure misses out (unless all are),
    `ranked_asks` (chance, focus per card held, hand size), then `choice` among those within
    1e-9 of the best, ordered by score then ask id (the legal order)."""
    targets, held, score, order = w[_TARGETS], w[_HELD], w[_SCORE], w[_ORDER]
    free, size, seen = w[_FREE], w[_SIZE], w[_SEEN]
    focus = 0.3 if n == 2 else 0.1  # `focus_for`
    for s in range(n):
        free[s] = 0 if s == p else size[s]
    for card in range(r[_RANKS] * r[_SUITS]):
        if seen[card] != NOBODY and seen[card] != p:
            free[seen[card]] -= 1  # a card seen in that hand is no unknown one
    nopen = 0
    for k in range(ntargets * nheld):
        if not _sure_miss(w, r, targets[k // nheld], held[k % nheld]):
            nopen += 1
    for j in range(nheld):
        _chances(w, r, n, p, held[j])
    best = -1.0
    for k in range(ntargets * nheld):
        t, rank = targets[k // nheld], held[k % nheld]
        if nopen and _sure_miss(w, r, t, rank):
            score[k] = -1.0
            continue
        value = _chance(w, r, n, p, t, rank) + focus * w[_COUNTS][p, rank] + 0.0001 * size[t]
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
@njit_inline
def _deal(w: Any, r: Any, n: int) -> None:
    """`openspiel_deal` then `_start_deal`: the books dealt laid, the first player settled."""
    g, deck, suits, hand = w[_G], w[_DECK], r[_SUITS], r[_DEALT]
    cards = r[_RANKS] * suits
    stop = False
    for seat in range(n):
        if stop:
            break
        held = 0
        while held < hand and g[_NEXT] < cards:
            card = deck[g[_NEXT]]
            g[_NEXT] += 1
            _receive(w, r, seat, card)
            held += 1
            if w[_COUNTS][seat, card // suits] < suits:
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
                _lay(w, r, n, seat, rank)
    _settle(w, r, n)


@njit
def _work(n: int, ranks: int, suits: int) -> Any:
    cards = ranks * suits
    return (
        np.zeros(7, dtype=np.int64),
        np.zeros(cards, dtype=np.int64),
        np.zeros(cards, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, ranks), dtype=np.int64),
        np.zeros(ranks, dtype=np.int64),
        np.zeros(cards, dtype=np.int64),
        np.zeros((n, cards), dtype=np.int8),
        np.zeros((n, cards), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, ranks), dtype=np.int8),
        np.zeros(n, dtype=np.int64),
        np.zeros(ranks, dtype=np.int64),
        np.zeros((cards, n), dtype=np.float64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n * ranks, dtype=np.float64),
        np.zeros(n * ranks, dtype=np.int64),
    )


@njit_inline
def _reset(w: Any, r: Any, n: int, mt: Any) -> None:
    cards = r[_RANKS] * r[_SUITS]
    w[_G][:] = 0
    w[_G][_OUT] = NOBODY
    for c in range(cards):
        w[_DECK][c] = c
        w[_HOLD][c] = NOBODY
        w[_SEEN][c] = NOBODY
    mt_shuffle(mt, w[_DECK], cards)
    w[_SIZE][:] = 0
    w[_COUNTS][:] = 0
    w[_LAID][:] = NOBODY
    w[_LACKS][:] = 0
    w[_SINCE][:] = -1
    w[_DRAWS][:] = 0
    w[_HOLDS][:] = 0


@njit_inline
def _play_one(w: Any, r: Any, n: int, mts: Any, bots: Any) -> None:
    """One game, seat s played by bot `bots[s]`, its generators `mts[s]` (the deal's: mts[n])."""
    g, size, targets, held = w[_G], w[_SIZE], w[_TARGETS], w[_HELD]
    _reset(w, r, n, mts[n])
    _deal(w, r, n)
    while not g[_OVER]:
        p = g[_TURN]
        ntargets = 0
        for t in range(n):
            if t != p and size[t] > 0:
                targets[ntargets] = t
                ntargets += 1
        nheld = 0
        for rank in range(r[_RANKS]):
            if w[_COUNTS][p, rank] > 0:
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
                if not _sure_miss(w, r, targets[k // nheld], held[k % nheld]):
                    pick = k
                    break
        else:
            pick = _memory_pick(w, r, n, p, ntargets, nheld, mts[p])
        _ask(w, r, n, p, targets[pick // nheld], held[pick % nheld])
        g[_ASKS] += 1
        if not g[_OVER] and r[_CAP] > 0 and g[_ASKS] >= r[_CAP]:
            g[_OVER] = 1
            g[_STATUS] = CAPPED


@njit
def play_many(seeds: Any, bots: Any, r: Any, books: Any, out: Any) -> None:
    """Game i: seed seeds[i] (0 <= seed < 2**63), seat s played by bots[i, s]; fills books[i]
    (by seat) and out[i] (asks, status, first player out)."""
    n = bots.shape[1]
    w = _work(n, r[_RANKS], r[_SUITS])
    width = n + 2  # a game's generators: its bots', the deal's, the bots' master
    mts = np.zeros((BLOCK * width, MT_WORDS), dtype=np.int64)
    rows = np.zeros(BLOCK * width, dtype=np.int64)
    keys = np.zeros(BLOCK * width, dtype=np.int64)
    for start in range(0, seeds.shape[0], BLOCK):
        count = min(BLOCK, seeds.shape[0] - start)
        seed_tables(mts, seeds, start, count, n, rows, keys)
        for b in range(count):
            i = start + b
            _play_one(w, r, n, mts[b * width : (b + 1) * width], bots[i])
            g = w[_G]
            out[i, 0], out[i, 1], out[i, 2] = g[_ASKS], g[_STATUS], g[_OUT]
            for rank in range(r[_RANKS]):
                if g[_STATUS] == FINISHED and w[_LAID][rank] != NOBODY:
                    books[i, w[_LAID][rank]] += 1


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
    table = np.array(
        [
            rules.ranks,
            rules.suits,
            rules.hand_size(n),
            rules.ask_after_empty_draw,
            rules.end_on_first_out,
            rules.most_books_wins,
            rules.max_turns or 0,
            bool((bots != RANDOM).any()),
        ],
        dtype=np.int64,
    )
    books = np.zeros((games, n), dtype=np.int64)
    out = np.zeros((games, 3), dtype=np.int64)
    play_many(seed_array, bots, table, books, out)
    return books, out[:, 0], out[:, 1], out[:, 2]
