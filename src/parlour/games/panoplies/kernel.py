"""The compiled Panoplies kernel: whole matches between `random`, `memory` and `first` bots.

Seeds go in; each match's scores, asks and status come out: one game (the default), +1 for
the player who laid another's outfit and -1 for its owner; a match of several games, minus
each seat's losses. Game for game it gives what `PanopliesState` played by `play_bots` with
`seeded_bots` gives for the same seed: the ask-and-draw engine is the 7 familles kernel's
transcription of `askdraw.AskDrawState`, with Panoplies' hooks (`rules.py`):

- seat s plays character s (seats without chosen characters); the other characters' outfits
  belong to nobody;
- a garment won from its owner's mannequin (given by him, or a Bonne pioche) is lost unless
  a joker saves it: `random.Random.sample` of the holder's joker outfits' cards, transcribed
  with its two methods (a pool, or rejection on a set) and the same threshold between them;
  a garment won by its owner goes back on;
- laying one's own outfit makes one safe, nobody's gives a joker (under 6 players), another's
  ends the game; everybody safe, or a stalled table, ends it with no loser;
- a match (`games` above 1): the game's loser starts the next one, or with no loser the player
  after the last starter; the next deal is shuffled by the same generator as the jokers. The
  engine deals it at once, from inside the step that ended the game, and the steps still
  pending there then run on the new game: only one of them changes anything, the turn passed
  after a plain draw whose own outfit made everybody safe, which the kernel passes too once
  the next game is dealt (`_advance`). The turn cap counts the asks of the whole match.

The bots, by seat, in any mix:

- `random` (`RandomBot`): `choice(legal_actions)`, even of a single ask;
- `memory` (`bots.OutfitMemoryBot`): `ranked_outfit_asks` on its tracker, then `choice` among
  the asks within 1e-9 of the best (no draw when a single ask is legal). The tracker is the 7
  familles kernel's public tracker grouped by character (hand sizes, the pile, the cards seen
  going into a hand, the lacks and their draw counts, the characters surely held), which is
  the whole tracker of a seat once its own hand is added; the chances and the worth terms
  (own character, progress, one's own lost garments, nobody's outfits under 6 players, focus,
  hand size) are the same float operations in the same order, so scores, ties and choices are
  the reference's to the last bit;
- `first` (`OpenFirstBot`): the first legal ask whose « Pioche ! » no longer stands (the
  answers it remembers are public), else the first legal ask.

The random draws are those of Python's `random.Random` (`parlour.core.mersenne`): the state's
generator deals and then draws the joker samples; the bots' come from `seed ^ 0x5EED`.
Every option of `PanopliesRules` is transcribed.

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
RANDOM, MEMORY, FIRST = 0, 1, 2  # the bots, by seat (the familles kernel's codes)
BOT_CODES = {"random": RANDOM, "memory": MEMORY, "first": FIRST}
STATUS_NAMES = ("finished", "capped")
MAX_GARMENTS, MAX_CHARS = 10, 12  # every optional family
MAX_CARDS = MAX_GARMENTS * MAX_CHARS
# OutfitMemoryBot's `ranked_outfit_asks` defaults: own, attack, focus.
OWN, ATTACK, FOCUS = 0.6, 0.4, 0.01
# Scalars of a match, in one array so that the helpers can change them: the turn, the pile
# position, the game over, asks, status, the game's loser and layer, cards and characters,
# the game's number and first player, whether a memory bot plays (the tracker is kept), the
# turn still to pass once the next game is dealt, the match over.
_TURN, _PTR, _OVER, _TURNS, _STATUS, _LOSER, _LAYER, _CARDS, _CHARS = range(9)
_GAME, _FIRST, _TRACK, _PENDING, _DONE = range(9, 14)
_SCALARS = 14

# ----- the public tracker (`tracker.Tracker` grouped by character, the part every seat
# shares) --------------------------------------------------------------------------------------
# One array of MAX_CARDS columns, rows: `known[card]`, the seat a card was seen going to (a
# give, a Bonne pioche), until laid; `draws[seat]`, its hidden draws; then per seat its lacks
# (1 per card it surely lacks), per seat `since[card]`, its hidden draws when that lack was
# learnt (-1: none; kept through a hidden draw, as `lack_since` is), and per seat `holds[ch]`,
# 1 for a character it surely holds. Cards do not fit a bit mask here (up to 120).
_KNOWN, _DRAWS, _LACKS = 0, 1, 2
_SINCE = _LACKS + MAX_CHARS
_HOLDS = _SINCE + MAX_CHARS
_TRACK_ROWS = _HOLDS + MAX_CHARS


@njit
def _lack(tr: Any, seat: int, card: int) -> None:
    tr[_LACKS + seat, card] = 1
    tr[_SINCE + seat, card] = tr[_DRAWS, seat]


@njit
def _unlack(tr: Any, seat: int, card: int) -> None:
    tr[_LACKS + seat, card] = 0
    tr[_SINCE + seat, card] = -1


@njit
def _hidden_draw(g: Any, tr: Any, said: Any, seat: int) -> None:
    """A draw the others do not see: every « Pioche ! » of `seat` may be stale
    (`ReflexesBot._forget_pioches`) and any lacked card could be the one drawn."""
    for c in range(g[_CARDS]):
        said[seat, c] = 0
    if g[_TRACK]:
        for c in range(g[_CARDS]):
            tr[_LACKS + seat, c] = 0
        tr[_DRAWS, seat] += 1


@njit
def _reset_tracker(g: Any, tr: Any, n: int) -> None:
    for c in range(g[_CARDS]):
        tr[_KNOWN, c] = NOBODY
    for s in range(n):
        tr[_DRAWS, s] = 0
        for c in range(g[_CARDS]):
            tr[_LACKS + s, c] = 0
            tr[_SINCE + s, c] = -1
        for ch in range(g[_CHARS]):
            tr[_HOLDS + s, ch] = 0


# ----- the engine (`askdraw.AskDrawState` with `rules.PanopliesState`'s hooks) ---------------
@njit
def _receive(g: Any, hold: Any, size: Any, counts: Any, seat: int, card: int) -> None:
    hold[card] = seat
    size[seat] += 1
    counts[seat, card % g[_CHARS]] += 1


@njit
def _end(g: Any, loser: int, layer: int) -> None:
    g[_OVER] = 1
    g[_STATUS] = FINISHED
    g[_LOSER] = loser
    g[_LAYER] = layer


@njit_inline
def _lay_if_complete(g: Any, n: int, hold: Any, size: Any, counts: Any, laid: Any, safe: Any,
                     jokers: Any, njokers: Any, tr: Any, seat: int,
                     group: int) -> bool:  # fmt: skip
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
    if g[_TRACK]:  # the lay event: its cards are in no hand, its character in none
        for s in range(n):
            tr[_HOLDS + s, group] = 0
            for k in range(garments):
                tr[_LACKS + s, k * chars + group] = 0
                tr[_SINCE + s, k * chars + group] = -1
        for k in range(garments):
            tr[_KNOWN, k * chars + group] = NOBODY
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
            jokers: Any, njokers: Any, said: Any, tr: Any) -> None:  # fmt: skip
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
            _hidden_draw(g, tr, said, p)
            _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, tr, p,
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
         pool: Any, picked: Any, said: Any, tr: Any) -> None:  # fmt: skip
    """`_won`: after a hit or a Bonne pioche, the mannequins, laying, and the turn goes on."""
    _on_won(mt, g, n, wearing, jokers, njokers, card, winner, giver, pool, picked)
    _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, tr, winner,
                     card % g[_CHARS])  # fmt: skip
    _check_end(g, n, safe)
    _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said, tr)


@njit
def _new_game(mt: Any, g: Any, n: int, hand_size: int, first: int, deck: Any, hold: Any,
              size: Any, counts: Any, laid: Any, safe: Any, wearing: Any, jokers: Any,
              njokers: Any, said: Any, tr: Any) -> None:  # fmt: skip
    """`_next_game`: a fresh table (`_reset_table`), `_random_deal` by the state's generator,
    and `_start_deal` (a hand dealt complete is laid at once, then `_check_end`, `_settle`)."""
    num_cards, chars = g[_CARDS], g[_CHARS]
    garments = num_cards // chars
    g[_GAME] += 1
    g[_FIRST] = g[_TURN] = first
    g[_OVER] = 0
    g[_STATUS] = FINISHED
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
            said[s, c] = 0  # a deal: ReflexesBot forgets everything
    for ch in range(chars):
        laid[ch] = NOBODY
    if g[_TRACK]:
        _reset_tracker(g, tr, n)
    for s in range(n):
        for k in range(s * hand_size, (s + 1) * hand_size):
            _receive(g, hold, size, counts, s, deck[k])
    g[_PTR] = n * hand_size
    for s in range(n):
        for ch in range(chars):
            if g[_OVER] == 0:
                _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers, njokers, tr, s,
                                 ch)  # fmt: skip
    _check_end(g, n, safe)
    _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said, tr)


@njit
def _advance(mt: Any, g: Any, n: int, hand_size: int, games: int, losses: Any, deck: Any,
             hold: Any, size: Any, counts: Any, laid: Any, safe: Any, wearing: Any,
             jokers: Any, njokers: Any, said: Any, tr: Any) -> None:  # fmt: skip
    """What the engine has done by the time an ask (or the first deal) returns: each game that
    ended (`_end_game`) counts its loss and deals the next one, whose first player is its
    loser, else the player after the last starter, until a game is under way or the match is
    over; a turn still to pass (the plain draw that made everybody safe) is passed then."""
    while True:
        if g[_OVER]:
            if g[_LOSER] != NOBODY:
                losses[g[_LOSER]] += 1
            if g[_GAME] >= games:
                g[_DONE] = 1
                return
            first = g[_LOSER] if g[_LOSER] != NOBODY else (g[_FIRST] + 1) % n
            _new_game(mt, g, n, hand_size, first, deck, hold, size, counts, laid, safe, wearing,
                      jokers, njokers, said, tr)  # fmt: skip
            continue
        if g[_PENDING] != NOBODY:  # `_pass_after_miss` after the next game was dealt
            g[_TURN] = g[_PENDING]
            g[_PENDING] = NOBODY
            _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said, tr)
            continue
        return


# ----- the memory bot (`bots.OutfitMemoryBot`) ----------------------------------------------
@njit
def _memory_pick(mt: Any, g: Any, p: int, n: int, ncards: int, cards: Any, ntargets: int,
                 targets: Any, hold: Any, size: Any, counts: Any, laid: Any, wearing: Any,
                 tr: Any, probs: Any, free: Any, score: Any, top: Any) -> int:  # fmt: skip
    """The index in the legal asks of OutfitMemoryBot's choice: `ranked_outfit_asks` (chances
    from `Tracker.probabilities` and `hit_chances`, times 1 + the ask's worth, plus focus and
    hand size), then `choice` among those within 1e-9 of the best, ordered by score then ask
    id. Every float is computed as there, operation for operation."""
    num_cards, chars = g[_CARDS], g[_CHARS]
    garments = num_cards // chars
    pile = num_cards - g[_PTR]
    known, draws = tr[_KNOWN], tr[_DRAWS]
    for s in range(n):
        free[s] = 0 if s == p else size[s]
    for c in range(num_cards):
        if known[c] != NOBODY and known[c] != p:
            free[known[c]] -= 1  # `Tracker.free`: a card seen in that hand is no unknown one
    total_slots = pile
    for s in range(n):
        total_slots += free[s]
    # `probabilities`: slots weighted by each hand's unknown cards and the pile.
    for c in range(num_cards):
        if laid[c % chars] != NOBODY or hold[c] == p or known[c] != NOBODY:
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
    # Obligations: a character surely held with none of its cards seen in that hand lifts its
    # candidates (the observer's own hand has none: it holds every character it asked for).
    for s in range(n):
        if s == p:
            continue
        for ch in range(chars):
            if not tr[_HOLDS + s, ch]:
                continue
            seen = False
            for r in range(garments):
                if known[r * chars + ch] == s:
                    seen = True
            if seen:
                continue
            k = 0
            for r in range(garments):
                c = r * chars + ch
                if hold[c] != p and known[c] == NOBODY and not tr[_LACKS + s, c]:
                    k += 1
            for r in range(garments):
                c = r * chars + ch
                if hold[c] != p and known[c] == NOBODY and not tr[_LACKS + s, c]:
                    probs[c, s] = 1 - (1 - probs[c, s]) * (1 - 1 / k)
    few_players = n < 6
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
            character = c % chars
            held = counts[p, character]  # the tracker's sure cards of the observer: its hand
            progress = held / garments
            if character == p:  # one's own character (seat s plays character s)
                worth = OWN + 0.2 * progress
                if not wearing[p, c // chars]:
                    worth += 0.05
            elif character >= n:  # nobody's
                worth = 0.2 * progress + (0.1 if few_players else 0.0)
            else:
                worth = ATTACK * progress
            value = chance * (1 + worth) + FOCUS * held + 0.0001 * size[t]
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


@njit
def play_one(mts: Any, n: int, hand_size: int, garments: int, chars: int, next_left: bool,
             replays: bool, games: int, max_turns: int, bots: Any, scores: Any,
             work: Any) -> Any:  # fmt: skip
    """One match, seat s played by `bots[s]` (RANDOM, MEMORY or FIRST), its generators seeded
    by `seed_tables` (mts[s]: seat s's bot's, mts[n]: the state's); fills `scores` (by seat:
    one game, +1 layer and -1 loser; a match, minus the losses), returns the scalars."""
    g, deck, hold, size, counts, laid, safe, wearing = work[:8]
    jokers, njokers, cards, targets, pool, picked, said = work[8:15]
    tr, probs, free, score, top, losses = work[15:]
    mt = mts[n]  # the state's generator (the deals, then the joker samples)
    num_cards = garments * chars
    for k in range(_SCALARS):
        g[k] = 0
    g[_CARDS], g[_CHARS] = num_cards, chars
    g[_PENDING] = NOBODY
    for s in range(n):
        losses[s] = 0
        if bots[s] == MEMORY:
            g[_TRACK] = 1
    # The youngest player starts the first game; seats without ages: seat 0.
    _new_game(mt, g, n, hand_size, 0, deck, hold, size, counts, laid, safe, wearing, jokers,
              njokers, said, tr)  # fmt: skip
    _advance(mt, g, n, hand_size, games, losses, deck, hold, size, counts, laid, safe, wearing,
             jokers, njokers, said, tr)  # fmt: skip
    while g[_DONE] == 0:
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
        if bots[p] == RANDOM:  # RandomBot: rng.choice(legal_actions), even of a single ask
            pick = randbelow(mts[p], ntargets * ncards)
        elif ntargets * ncards == 1:  # the other bots play a single legal ask without a draw
            pick = 0
        elif bots[p] == FIRST:  # the first ask whose « Pioche ! » no longer stands, else the first
            pick = 0
            for k in range(ntargets * ncards):
                if not said[targets[k // ncards], cards[k % ncards]]:
                    pick = k
                    break
        else:
            pick = _memory_pick(mts[p], g, p, n, ncards, cards, ntargets, targets, hold, size,
                                counts, laid, wearing, tr, probs, free, score, top)  # fmt: skip
        t, c = targets[pick // ncards], cards[pick % ncards]
        character = c % chars
        nxt = (p + 1) % n if next_left else t  # `_pass_after_miss`
        if g[_TRACK]:  # the ask: `p` lacks `c` and holds its character
            _lack(tr, p, c)
            tr[_HOLDS + p, character] = 1
        if hold[c] == t:  # a hit
            size[t] -= 1
            counts[t, character] -= 1
            _receive(g, hold, size, counts, p, c)
            said[p, c] = 0
            if g[_TRACK]:
                tr[_KNOWN, c] = p
                _unlack(tr, p, c)
                tr[_HOLDS + t, character] = 0  # it may have been the giver's last of them
            _won(mt, g, n, c, p, t, deck, hold, size, counts, laid, safe, wearing, jokers,
                 njokers, pool, picked, said, tr)  # fmt: skip
        else:  # « Pioche ! »: `t` lacks `c`
            said[t, c] = 1
            if g[_TRACK]:
                _lack(tr, t, c)
            if g[_PTR] < num_cards:
                drawn = deck[g[_PTR]]
                g[_PTR] += 1
                _receive(g, hold, size, counts, p, drawn)
                if drawn == c:  # Bonne pioche, shown to everybody
                    said[p, c] = 0
                    if g[_TRACK]:
                        tr[_KNOWN, c] = p
                        _unlack(tr, p, c)
                    _won(mt, g, n, c, p, NOBODY, deck, hold, size, counts, laid, safe, wearing,
                         jokers, njokers, pool, picked, said, tr)  # fmt: skip
                else:  # a hidden draw, but not the card asked for (that would have been shown)
                    _hidden_draw(g, tr, said, p)
                    if g[_TRACK]:
                        _lack(tr, p, c)
                    done = _lay_if_complete(g, n, hold, size, counts, laid, safe, jokers,
                                            njokers, tr, p, drawn % chars)  # fmt: skip
                    ended_by_lay = g[_OVER]
                    _check_end(g, n, safe)
                    if g[_OVER] == 0:
                        if not (done and replays):
                            g[_TURN] = nxt
                        _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers,
                                said, tr)  # fmt: skip
                    elif not ended_by_lay and not (done and replays):
                        # Everybody safe: the engine deals the next game of a match from
                        # `_check_end`, and `_apply` goes on to pass the turn in that game.
                        g[_PENDING] = nxt
            else:  # nothing to draw: the miss passes the turn
                g[_TURN] = nxt
                _settle(g, n, deck, hold, size, counts, laid, safe, jokers, njokers, said, tr)
        _advance(mt, g, n, hand_size, games, losses, deck, hold, size, counts, laid, safe,
                 wearing, jokers, njokers, said, tr)  # fmt: skip
        g[_TURNS] += 1
        if g[_DONE] == 0 and max_turns > 0 and g[_TURNS] >= max_turns:
            g[_DONE] = 1
            g[_STATUS] = CAPPED
    for s in range(n):
        scores[s] = 0
    if g[_STATUS] == FINISHED:
        if games > 1:
            for s in range(n):
                scores[s] = -losses[s]
        elif g[_LOSER] != NOBODY:
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
        np.zeros((n, MAX_CHARS), dtype=np.int64),
        np.zeros(MAX_CHARS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros((n, MAX_GARMENTS), dtype=np.int64),
        np.zeros((n, MAX_CHARS), dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros((n, MAX_CARDS), dtype=np.int64),
        np.zeros((_TRACK_ROWS, MAX_CARDS), dtype=np.int64),  # the public tracker
        np.zeros((MAX_CARDS, n), dtype=np.float64),
        np.zeros(n, dtype=np.int64),
        np.zeros(MAX_CARDS * n, dtype=np.float64),  # more than the legal asks
        np.zeros(MAX_CARDS * n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
    )


@njit
def play_many(seeds: Any, bots: Any, hand_size: int, garments: int, chars: int,
              next_left: bool, replays: bool, games: int, max_turns: int, scores: Any,
              turns: Any, status: Any) -> None:  # fmt: skip
    """Match i: seed seeds[i] (0 <= seed < 2**63), seat s played by bots[i, s]."""
    n = bots.shape[1]
    work = _make_work(n)
    width = n + 2  # the generators of a match: its bots', the state's, the bots' master
    mts = np.zeros((BLOCK * width, MT_WORDS), dtype=np.int64)
    rows = np.zeros(BLOCK * width, dtype=np.int64)
    keys = np.zeros(BLOCK * width, dtype=np.int64)
    for start in range(0, seeds.shape[0], BLOCK):
        count = min(BLOCK, seeds.shape[0] - start)
        seed_tables(mts, seeds, start, count, n, rows, keys)  # a block of matches at once
        for b in range(count):
            i = start + b
            g = play_one(mts[b * width : (b + 1) * width], n, hand_size, garments, chars,
                         next_left, replays, games, max_turns, bots[i], scores[i],
                         work)  # fmt: skip
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
    games: int = 1,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores [matches, players], turns [matches], status [matches]: an index of
    STATUS_NAMES), one match of `games` games per seed. Scores: one game, +1 for the player
    who laid another's outfit and -1 for its owner; several, minus each seat's losses; none
    when capped. `players`: a number of `random` bots, or per match the bot of each seat
    ("random", "memory" or "first", or their codes)."""
    seed_array = np.ascontiguousarray(seeds, dtype=np.int64)
    if seed_array.ndim != 1:
        raise ValueError("seeds must be a flat sequence")
    if seed_array.size and int(seed_array.min()) < 0:
        raise ValueError("the kernel takes seeds from 0 to 2**63 - 1")
    if games < 1:
        raise ValueError("a match has at least one game")
    matches = seed_array.shape[0]
    if isinstance(players, int):
        bots = np.full((matches, players), RANDOM, dtype=np.int64)
    else:
        rows = [[BOT_CODES.get(b, b) for b in row] for row in players]
        bots = np.array(rows, dtype=np.int64).reshape(matches, -1)
    n = bots.shape[1]
    if not 2 <= n <= characters or n * hand_size > garments * characters:
        raise ValueError(f"{n} hands of {hand_size} cards do not fit the deck")
    if characters > MAX_CHARS or garments > MAX_GARMENTS:
        raise ValueError("the wardrobe is larger than every optional family gives")
    scores = np.zeros((matches, n), dtype=np.int64)
    turns = np.zeros(matches, dtype=np.int64)
    status = np.zeros(matches, dtype=np.int64)
    play_many(seed_array, bots, hand_size, garments, characters, next_after_miss == "left",
              bool(outfit_replays), int(games), int(max_turns or 0), scores, turns,
              status)  # fmt: skip
    return scores, turns, status
