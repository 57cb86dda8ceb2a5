"""The compiled Panoplies kernel: whole one-game matches between `random` and `first` bots.

Seeds go in; each game's scores (+1 for the player who laid another's outfit, -1 for its
owner), asks and status come out. Game for game it gives what `PanopliesState` played by
`play_bots` with `seeded_bots` gives for the same seed: the ask-and-draw engine is the 7
familles kernel's transcription of `askdraw.AskDrawState`, with Panoplies' hooks (`rules.py`):

- seat s plays character s (seats without chosen characters); the other characters' outfits
  belong to nobody;
- a garment won from its owner's mannequin (given by him, or a Bonne pioche) is lost unless
  a joker saves it: `random.Random.sample` of the holder's joker outfits' cards, transcribed
  with its two methods (a pool, or rejection on a set) and the same threshold between them;
  a garment won by its owner goes back on;
- laying one's own outfit makes one safe, nobody's gives a joker (under 6 players), another's
  ends the game; everybody safe, or a stalled table, ends it with no loser.

A `first` bot (`OpenFirstBot`) plays the first legal ask whose « Pioche ! » no longer stands
(the answers it remembers are public), else the first legal ask.

The random draws are those of Python's `random.Random` (`parlour.core.mersenne`): the state's
generator deals and then draws the joker samples; the bots' come from `seed ^ 0x5EED`.
Every option is transcribed but matches (`games` above 1), which the reference engine plays.

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
    randbelow,
    seed_tables,
    shuffle,
)

NOBODY = -1
FINISHED, CAPPED = 0, 1
RANDOM, FIRST = 0, 2  # the bots, by seat (the familles kernel's codes)
BOT_CODES = {"random": RANDOM, "first": FIRST}
STATUS_NAMES = ("finished", "capped")
MAX_CARDS = 10 * 12  # every optional family: 10 garments, 12 characters
# Scalars of a game, in one array so that the helpers can change them.
_TURN, _PTR, _OVER, _TURNS, _STATUS, _LOSER, _LAYER, _CARDS, _CHARS = range(9)
_SCALARS = 9


@njit
def _receive(g: Any, hold: Any, size: Any, counts: Any, seat: int, card: int) -> None:
    hold[card] = seat
    size[seat] += 1
    counts[seat, card % g[_CHARS]] += 1


@njit
def _forget(g: Any, said: Any, seat: int) -> None:
    """A draw: every « Pioche ! » of `seat` may be stale (`ReflexesBot._forget_pioches`)."""
    for c in range(g[_CARDS]):
        said[seat, c] = 0


@njit
def _end(g: Any, loser: int, layer: int) -> None:
    g[_OVER] = 1
    g[_STATUS] = FINISHED
    g[_LOSER] = loser
    g[_LAYER] = layer


@njit_inline
def _lay_if_complete(g: Any, n: int, hold: Any, size: Any, counts: Any, laid: Any, safe: Any,
                     jokers: Any, njokers: Any, seat: int, group: int) -> bool:  # fmt: skip
    """`_lay_if_complete` and `_on_lay`: safe, a joker, or the end of the game."""
    chars = g[_CHARS]
    garments = g[_CARDS] // chars
    if counts[seat, group] != garments or laid[group] != NOBODY:
        return False
    for k in range(garments):
        hold[k * chars + group] = NOBODY
    size[seat] -= garments
    counts[seat, group] = 0
    laid[group] = seat
    owner = group if group < n else NOBODY
    if owner == seat:
        safe[seat] = 1
    elif owner == NOBODY:
        if n < 6:
            jokers[seat, njokers[seat]] = group
            njokers[seat] += 1
    else:
        _end(g, owner, seat)
    return True


@njit
def _check_end(g: Any, n: int, safe: Any) -> None:
    if g[_OVER]:
        return
    for s in range(n):
        if not safe[s]:
            return
    _end(g, NOBODY, NOBODY)


@njit
def _sample_saves(mt: Any, g: Any, jokers: Any, k: int, player: int, garment: int,
                  pool: Any, picked: Any) -> bool:  # fmt: skip
    """`rng.sample(cards of the k joker outfits, k)` holds a card of `garment`."""
    chars = g[_CHARS]
    garments = g[_CARDS] // chars
    size = 0
    for j in range(k):
        for r in range(garments):
            pool[size] = r * chars + jokers[player, j]
            size += 1
    setsize = 21
    if k > 5:
        setsize += 4 ** int(np.ceil(np.log(k * 3) / np.log(4)))
    saved = False
    if size <= setsize:
        for i in range(k):
            j = randbelow(mt, size - i)
            if pool[j] // chars == garment:
                saved = True
            pool[j] = pool[size - i - 1]
    else:
        for i in range(size):
            picked[i] = 0
        for _ in range(k):
            j = randbelow(mt, size)
            while picked[j]:
                j = randbelow(mt, size)
            picked[j] = 1
            if pool[j] // chars == garment:
                saved = True
    return saved


@njit_inline
def _on_won(mt: Any, g: Any, n: int, wearing: Any, jokers: Any, njokers: Any, card: int,
            winner: int, giver: int, pool: Any, picked: Any) -> None:  # fmt: skip
    """`_on_won`: the garment's owner wins it back, or loses it (a joker may save it)."""
    chars = g[_CHARS]
    character, garment = card % chars, card // chars
    if character >= n:
        return  # nobody's garment
    player = character
    if winner == player:
        wearing[player, garment] = 1
        return
    if giver != NOBODY and giver != player:
        return  # taken from someone else: the mannequin keeps it
    if not wearing[player, garment]:
        return
    if njokers[player] and _sample_saves(mt, g, jokers, njokers[player], player, garment, pool,
                                         picked):  # fmt: skip
        return
    wearing[player, garment] = 0


@njit_inline
def _settle(g: Any, n: int, deck: Any, hold: Any, size: Any, counts: Any, laid: Any, safe: Any,
            jokers: Any, njokers: Any, said: Any) -> None:  # fmt: skip
    """`_settle`: an empty hand draws and goes on; a player nobody can answer passes; a
    stalled table ends the game with no loser (`_stalled`)."""
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
        if size[p] == 0 and g[_PTR] < g[_CARDS]:
            card = deck[g[_PTR]]
            g[_PTR] += 1
            _receive(g, hold, size, counts, p, card)
            _forget(g, said, p)
            _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, p,
                             card % g[_CHARS])  # fmt: skip
            _check_end(g, n, safe)
            idle = 0
            continue
        idle += 1
        if idle > n:
            _end(g, NOBODY, NOBODY)
            return
        g[_TURN] = (p + 1) % n


@njit_inline
def _won(mt: Any, g: Any, n: int, card: int, winner: int, giver: int, deck: Any, hold: Any,
         size: Any, counts: Any, laid: Any, safe: Any, wearing: Any, jokers: Any, njokers: Any,
         pool: Any, picked: Any, said: Any) -> None:  # fmt: skip
    """`_won`: after a hit or a Bonne pioche, the mannequins, laying, and the turn goes on."""
    _on_won(mt, g, n, wearing, jokers, njokers, card, winner, giver, pool, picked)
    _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, winner,
                     card % g[_CHARS])  # fmt: skip
    _check_end(g, n, safe)
    _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said)


@njit
def play_one(mts: Any, n: int, hand_size: int, garments: int, chars: int, next_left: bool,
             replays: bool, max_turns: int, bots: Any, scores: Any,
             work: Any) -> Any:  # fmt: skip
    """One game, seat s played by `bots[s]` (RANDOM or FIRST), its generators seeded by
    `seed_tables` (mts[s]: seat s's bot's, mts[n]: the state's); fills `scores` (by seat),
    returns the scalars."""
    g, deck, hold, size, counts, laid, safe, wearing = work[:8]
    jokers, njokers, cards, targets, pool, picked, said = work[8:]
    mt = mts[n]  # the state's generator (the deal, then the joker samples)
    num_cards = garments * chars
    for k in range(_SCALARS):
        g[k] = 0
    g[_CARDS], g[_CHARS] = num_cards, chars
    g[_LOSER] = g[_LAYER] = NOBODY
    for c in range(num_cards):
        deck[c] = c
        hold[c] = NOBODY
    shuffle(mt, deck, num_cards)
    for s in range(n):
        size[s] = 0
        safe[s] = 0
        njokers[s] = 0
        for ch in range(chars):
            counts[s, ch] = 0
        for r in range(garments):
            wearing[s, r] = 1
        for c in range(num_cards):
            said[s, c] = 0
    for ch in range(chars):
        laid[ch] = NOBODY
    for s in range(n):
        for k in range(s * hand_size, (s + 1) * hand_size):
            _receive(g, hold, size, counts, s, deck[k])
    g[_PTR] = n * hand_size
    for s in range(n):  # a hand dealt complete is laid at once
        for ch in range(chars):
            if g[_OVER] == 0:
                _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, s, ch)
    _check_end(g, n, safe)
    _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said)
    while g[_OVER] == 0:
        p = g[_TURN]
        ncards = 0  # `_legal_actions`: cards of the outfits one holds, by id, for each target
        for c in range(num_cards):
            ch = c % chars
            if laid[ch] == NOBODY and counts[p, ch] > 0 and hold[c] != p:
                cards[ncards] = c
                ncards += 1
        ntargets = 0
        for t in range(n):
            if t != p and size[t] > 0:
                targets[ntargets] = t
                ntargets += 1
        if bots[p] == RANDOM:  # RandomBot: rng.choice(legal_actions)
            pick = randbelow(mts[p], ntargets * ncards)
        else:  # OpenFirstBot: the first ask whose « Pioche ! » no longer stands, else the first
            pick = 0
            for k in range(ntargets * ncards):
                if not said[targets[k // ncards], cards[k % ncards]]:
                    pick = k
                    break
        t, c = targets[pick // ncards], cards[pick % ncards]
        if hold[c] == t:  # a hit
            size[t] -= 1
            counts[t, c % chars] -= 1
            _receive(g, hold, size, counts, p, c)
            said[p, c] = 0
            _won(mt, g, n, c, p, t, deck, hold, size, counts, laid, safe, wearing, jokers,
                 njokers, pool, picked, said)  # fmt: skip
        elif g[_PTR] < num_cards:  # « Pioche ! »
            said[t, c] = 1
            drawn = deck[g[_PTR]]
            g[_PTR] += 1
            _receive(g, hold, size, counts, p, drawn)
            if drawn == c:  # Bonne pioche
                said[p, c] = 0
                _won(mt, g, n, c, p, NOBODY, deck, hold, size, counts, laid, safe, wearing,
                     jokers, njokers, pool, picked, said)  # fmt: skip
            else:
                _forget(g, said, p)
                done = _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, p,
                                        drawn % chars)  # fmt: skip
                _check_end(g, n, safe)
                if g[_OVER] == 0:
                    if not (done and replays):
                        g[_TURN] = (p + 1) % n if next_left else t
                    _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said)
        else:  # nothing to draw: the miss passes the turn
            said[t, c] = 1
            g[_TURN] = (p + 1) % n if next_left else t
            _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said)
        g[_TURNS] += 1
        if g[_OVER] == 0 and max_turns > 0 and g[_TURNS] >= max_turns:
            g[_OVER] = 1
            g[_STATUS] = CAPPED
    for s in range(n):
        scores[s] = 0
    if g[_STATUS] == FINISHED and g[_LOSER] != NOBODY:
        scores[g[_LOSER]] = -1
        scores[g[_LAYER]] = 1
    return g


@njit
def _make_work(n: int) -> Any:
    return (
        np.zeros(_SCALARS, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, 12), dtype=np.int64),
        np.zeros(12, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, 10), dtype=np.int64),
        np.zeros((n, 12), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros((n, MAX_CARDS), dtype=np.int64),
    )


@njit
def play_many(seeds: Any, bots: Any, hand_size: int, garments: int, chars: int,
              next_left: bool, replays: bool, max_turns: int, scores: Any, turns: Any,
              status: Any) -> None:  # fmt: skip
    """Game i: seed seeds[i] (0 <= seed < 2**63), seat s played by bots[i, s]."""
    n = bots.shape[1]
    work = _make_work(n)
    width = n + 2  # the generators of a game: its bots', the state's, the bots' master
    mts = np.zeros((BLOCK * width, MT_WORDS), dtype=np.int64)
    rows = np.zeros(BLOCK * width, dtype=np.int64)
    keys = np.zeros(BLOCK * width, dtype=np.int64)
    for start in range(0, seeds.shape[0], BLOCK):
        count = min(BLOCK, seeds.shape[0] - start)
        seed_tables(mts, seeds, start, count, n, rows, keys)  # a block of games at once
        for b in range(count):
            i = start + b
            g = play_one(mts[b * width : (b + 1) * width], n, hand_size, garments, chars,
                         next_left, replays, max_turns, bots[i], scores[i], work)  # fmt: skip
            turns[i] = g[_TURNS]
            status[i] = g[_STATUS]


def run(
    seeds: Any,
    players: Any,
    hand_size: int,
    garments: int = 7,
    characters: int = 6,
    next_after_miss: str = "asked",
    outfit_replays: bool = False,
    max_turns: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores [games, players], turns [games], status [games]: an index of STATUS_NAMES) of
    one-game matches, one per seed. `players`: a number of `random` bots, or per game the bot
    of each seat ("random" or "first", or their codes)."""
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
    if not 2 <= n <= characters or n * hand_size > garments * characters:
        raise ValueError(f"{n} hands of {hand_size} cards do not fit the deck")
    if garments * characters > MAX_CARDS or characters > 12 or garments > 10:
        raise ValueError("the wardrobe is larger than every optional family gives")
    scores = np.zeros((games, n), dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    status = np.zeros(games, dtype=np.int64)
    play_many(seed_array, bots, hand_size, garments, characters, next_after_miss == "left",
              bool(outfit_replays), int(max_turns or 0), scores, turns, status)  # fmt: skip
    return scores, turns, status
