"""The compiled 7 familles kernel: whole games between `random` bots, many at once.

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
  order, then cards by id.

Every variant of `FamillesRules` is transcribed: the hand size, who plays after a miss, a family
completed by a draw that replays, asking for any family, the turn cap (a draw, "capped"). The
deck only names the cards. The table has no ages (the simulate worker's seats): seat 0 starts.

Every function is plain Python on NumPy arrays: compiled by Numba (cached on disk) when Numba
is present, run as it is otherwise (identical results, much slower).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.mersenne import MT_WORDS, getrandbits63, mt_seed63, njit, randbelow, shuffle

NUM_CARDS, FAMILIES, MEMBERS = 42, 7, 6
NOBODY = -1  # `hold[card]` of a card in the pile or laid down
# Status of a game, as `Outcome.status` names them; STALLED is the reference engine's
# AssertionError (a table where nobody can ask), which a correct game never reaches.
FINISHED, CAPPED, STALLED = 0, 1, 2
STATUS_NAMES = ("finished", "capped", "stalled")
# Scalars of a game, in one array so that the helpers can change them.
_TURN, _PTR, _NLAID, _OVER, _TURNS, _STATUS = 0, 1, 2, 3, 4, 5
_SCALARS = 6


@njit
def _receive(hold: Any, size: Any, counts: Any, seat: int, card: int) -> None:
    hold[card] = seat
    size[seat] += 1
    counts[seat, card // MEMBERS] += 1


@njit
def _lay_if_complete(g: Any, hold: Any, size: Any, counts: Any, laid: Any, seat: int,
                     family: int) -> bool:  # fmt: skip
    """`_lay_if_complete`, and `_check_end` after it: the seventh family ends the game."""
    if counts[seat, family] != MEMBERS or laid[family] != NOBODY:
        return False
    for card in range(family * MEMBERS, (family + 1) * MEMBERS):
        hold[card] = NOBODY
    size[seat] -= MEMBERS
    counts[seat, family] = 0
    laid[family] = seat
    g[_NLAID] += 1
    if g[_NLAID] == FAMILIES:
        g[_OVER] = 1
        g[_STATUS] = FINISHED
    return True


@njit
def _settle(g: Any, n: int, deck: Any, hold: Any, size: Any, counts: Any, laid: Any) -> None:
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
            _lay_if_complete(g, hold, size, counts, laid, p, card // MEMBERS)
            idle = 0
            continue
        idle += 1
        if idle > n:
            g[_OVER] = 1
            g[_STATUS] = STALLED
            return
        g[_TURN] = (p + 1) % n


@njit
def _ask(g: Any, n: int, p: int, t: int, c: int, next_left: bool, replays: bool, deck: Any,
         hold: Any, size: Any, counts: Any, laid: Any) -> None:  # fmt: skip
    """`_apply` of an ask by `p` to `t` for `c`."""
    if hold[c] == t:  # a hit: the card changes hands and `p` goes on
        size[t] -= 1
        counts[t, c // MEMBERS] -= 1
        _receive(hold, size, counts, p, c)
        _lay_if_complete(g, hold, size, counts, laid, p, c // MEMBERS)
        _settle(g, n, deck, hold, size, counts, laid)
        return
    if g[_PTR] < NUM_CARDS:  # « Pioche ! »
        drawn = deck[g[_PTR]]
        g[_PTR] += 1
        _receive(hold, size, counts, p, drawn)
        done = _lay_if_complete(g, hold, size, counts, laid, p, drawn // MEMBERS)
        if g[_OVER]:
            return
        if drawn == c or (done and replays):  # a Bonne pioche, or a family that replays
            _settle(g, n, deck, hold, size, counts, laid)
            return
    g[_TURN] = (p + 1) % n if next_left else t
    _settle(g, n, deck, hold, size, counts, laid)


@njit
def play_one(seed: int, n: int, hand_size: int, next_left: bool, replays: bool, ask_any: bool,
             max_turns: int, scores: Any, work: Any) -> Any:  # fmt: skip
    """One game between `random` bots; fills `scores` (families by seat), returns the scalars
    (turn, pile position, families laid, over, turns, status)."""
    g, deck, hold, size, counts, laid, mts, cards, targets = work
    mt = mts[n]  # the deal's generator; mts[s] is seat s's bot's
    for k in range(_SCALARS):
        g[k] = 0
    mt_seed63(mt, seed)
    for c in range(NUM_CARDS):
        deck[c] = c
        hold[c] = NOBODY
    shuffle(mt, deck, NUM_CARDS)
    mt_seed63(mt, seed ^ 0x5EED)  # the bots' master generator, in the same array
    for s in range(n):
        mt_seed63(mts[s], getrandbits63(mt))
    for s in range(n):
        size[s] = 0
        for f in range(FAMILIES):
            counts[s, f] = 0
    for f in range(FAMILIES):
        laid[f] = NOBODY
    for s in range(n):
        for k in range(s * hand_size, (s + 1) * hand_size):
            _receive(hold, size, counts, s, deck[k])
    g[_PTR] = n * hand_size
    for s in range(n):  # a hand dealt complete is laid at once
        for f in range(FAMILIES):
            if g[_OVER] == 0:
                _lay_if_complete(g, hold, size, counts, laid, s, f)
    _settle(g, n, deck, hold, size, counts, laid)
    while g[_OVER] == 0:
        p = g[_TURN]
        # `_legal_actions`: the cards of the families one may ask for, by id, for each target
        # in seat order that holds cards.
        ncards = 0
        for f in range(FAMILIES):
            if laid[f] == NOBODY and (ask_any or counts[p, f] > 0):
                for c in range(f * MEMBERS, (f + 1) * MEMBERS):
                    if hold[c] != p:
                        cards[ncards] = c
                        ncards += 1
        ntargets = 0
        for t in range(n):
            if t != p and size[t] > 0:
                targets[ntargets] = t
                ntargets += 1
        pick = randbelow(mts[p], ntargets * ncards)  # RandomBot: rng.choice(legal_actions)
        _ask(g, n, p, targets[pick // ncards], cards[pick % ncards], next_left, replays, deck,
             hold, size, counts, laid)  # fmt: skip
        g[_TURNS] += 1
        if g[_OVER] == 0 and max_turns > 0 and g[_TURNS] >= max_turns:
            g[_OVER] = 1
            g[_STATUS] = CAPPED
    for s in range(n):
        scores[s] = 0
    if g[_STATUS] == FINISHED:
        for f in range(FAMILIES):
            scores[laid[f]] += 1
    return g


@njit
def _make_work(n: int) -> Any:
    return (
        np.zeros(_SCALARS, dtype=np.int64),
        np.zeros(NUM_CARDS, dtype=np.int64),
        np.zeros(NUM_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, FAMILIES), dtype=np.int64),
        np.zeros(FAMILIES, dtype=np.int64),
        np.zeros((n + 1, MT_WORDS), dtype=np.int64),
        np.zeros(NUM_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
    )


@njit
def play_many(seeds: Any, n: int, hand_size: int, next_left: bool, replays: bool,
              ask_any: bool, max_turns: int, scores: Any, turns: Any,
              status: Any) -> None:  # fmt: skip
    """Game i: seed seeds[i] (0 <= seed < 2**63)."""
    work = _make_work(n)
    for i in range(seeds.shape[0]):
        g = play_one(seeds[i], n, hand_size, next_left, replays, ask_any, max_turns, scores[i],
                     work)  # fmt: skip
        turns[i] = g[_TURNS]
        status[i] = g[_STATUS]


def run(
    seeds: Any,
    players: int,
    hand_size: int = 6,
    next_after_miss: str = "asked",
    family_replays: bool = False,
    ask_any_family: bool = False,
    max_turns: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(families [games, players], turns [games], status [games]: an index of STATUS_NAMES)
    of games between `random` bots, one per seed."""
    seed_array = np.ascontiguousarray(seeds, dtype=np.int64)
    if seed_array.ndim != 1:
        raise ValueError("seeds must be a flat sequence")
    if seed_array.size and int(seed_array.min()) < 0:
        raise ValueError("the kernel takes seeds from 0 to 2**63 - 1")
    if not 2 <= players <= 6 or players * hand_size > NUM_CARDS or hand_size < 1:
        raise ValueError(f"{players} hands of {hand_size} cards do not fit the deck")
    games = seed_array.shape[0]
    scores = np.zeros((games, players), dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    status = np.zeros(games, dtype=np.int64)
    play_many(seed_array, players, hand_size, next_after_miss == "left", bool(family_replays),
              bool(ask_any_family), int(max_turns or 0), scores, turns, status)  # fmt: skip
    return scores, turns, status
