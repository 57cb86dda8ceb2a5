"""The compiled ask-and-draw kernel: whole games (or Panoplies matches) between `random`,
`memory` and `first` bots, for every game played on `engine.AskDrawState`: the 7 familles,
Panoplies and Go Fish.

Seeds go in; each game's scores, asks (`State.turns`), status and first player out come out.
Game for game it gives what the game's state played by `play_bots` with `seeded_bots` gives for
the same seed (the simulate worker's games): the engine below transcribes `AskDrawState` (the
deal, the lays of a hand dealt complete, `_settle`'s forced draws and passes, the ask, the
« Bonne pioche » that keeps the turn, the plain draw that may replay) with each game's hooks,
and every random draw is the one Python's `random.Random` makes (`parlour.core.mersenne`):

- the deal: `random.Random(seed).shuffle(range(cards))`; the 7 familles and Panoplies cut the
  hands in seat order, Go Fish deals as `openspiel_deal` does (a book dealt is dealt again,
  except on the last seat's last card); the pile is drawn from the next card on. The same
  generator deals the next game of a Panoplies match and draws its jokers;
- the bots: `master = random.Random(seed ^ 0x5EED)`, seat s's bot `random.Random(master.
  getrandbits(63))`; a `random` bot plays `choice(legal_actions)` (one draw even when a single
  ask is legal), the asks ordered as `_legal_actions` orders them: targets in seat order, then
  cards (or Go Fish's ranks) by id;
- a `memory` bot (`familles.bots.MemoryBot`, `panoplies.bots.OutfitMemoryBot`,
  `gofish.bots.MemoryBot`) ranks the asks on its tracker and plays `choice` among the best (no
  draw when a single ask is legal). The tracker is transcribed as the public part every seat
  shares (hand sizes, the pile, the cards seen going into a hand, the cards each seat surely
  lacks with the hidden draws since, the groups each surely holds), which is a seat's whole
  tracker once its own hand is added: the same float operations in the same order give the same
  chances to the last bit;
- a `first` bot (`OpenFirstBot`) plays the first legal ask whose « Pioche ! » no longer stands
  in `ReflexesBot`'s memory (public too), or in Go Fish the first that is not a sure miss.

What differs between the games comes in as data, one tuple of rules (`rules_tuple`): the
grouping (group by group card ids, or Panoplies' character = card % characters), the options,
and the kind of game, which chooses the hooks:

- FAMILIES (`FamillesState`): one asks for a card; the game ends when the last group is laid,
  each seat scoring the groups it laid;
- OUTFITS (`PanopliesState`): seat s plays group s (seats without chosen characters), the other
  groups belong to nobody. Laying one's own group makes one safe, nobody's gives a joker (under
  6 players), another's ends the game (+1 for the layer, -1 for its owner); everybody safe, or
  a stalled table, ends it with no loser. A card won from its owner's mannequin (given by him,
  or a Bonne pioche) is lost unless a joker saves it: `random.Random.sample` of the holder's
  joker groups' cards, transcribed with its two methods (a pool, or rejection on a set) and the
  same threshold between them; a card won by its owner goes back on. A match (`games` above 1):
  the match's last loser starts the next game (an earlier game's after a game with no loser),
  and before anybody has lost, the player after the last starter; scores are minus each seat's
  losses. The engine deals the next game from inside the step that ended the game, and that
  step then stops (`_advance` deals it here once the ask returns);
- BOOKS (`GoFishState` on `groups.GroupAskState`): one asks for a rank and gets every card of
  it; an empty hand draws and then asks, or passes; the first player out may end the game.

A table where nobody can ask is the reference engine's AssertionError in the 7 familles and Go
Fish (STALLED, which a correct game never reaches) and a game with no loser in Panoplies.

Every compiled function lives in this one file because Numba's disk cache of a function is keyed
on its own file: compiled code calling another file's hooks would keep running their old
version after an edit there. A game's state is one int64 array (scalars, rules, table and
tracker by rows, below), handed down as an argument to helpers compiled without reference
counts, never in a tuple of arrays: an array taken out of a tuple is reference-counted at every
call of a helper, which made the Go Fish kernel three times slower. The ask and the bots' picks
are inlined into the turn loop; the rest are calls.

Every function is plain Python on NumPy arrays: compiled by Numba (cached on disk) when Numba is
present, run as it is otherwise (identical results, much slower).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core.mersenne import (
    BIT_LENGTH,
    BLOCK,
    MT_WORDS,
    mt_next,
    mt_seed63,
    mt_seed63_rows,
    njit,
    njit_inline,
    njit_lean,
    randbelow,
    seed_tables,
)
from parlour.core.mersenne import shuffle as mt_shuffle
from parlour.core.prefetch import prefetch

NOBODY = -1  # `hold[card]` of a card in the pile or laid down; a group nobody owns
FINISHED, CAPPED, STALLED = 0, 1, 2  # a game's status, as `Outcome.status` names them
STATUS_NAMES = ("finished", "capped", "stalled")
RANDOM, MEMORY, FIRST = 0, 1, 2  # the bots, by seat
BOT_CODES = {"random": RANDOM, "memory": MEMORY, "first": FIRST}
FAMILIES, OUTFITS, BOOKS = 0, 1, 2  # the kinds of game (their hooks)
MAX_SEATS = 12  # Panoplies' twelve characters; the rows of per-seat tables are this far apart
FOCUS = 0.01  # the card games' memory bots: `focus=0.01`
OWN, ATTACK = 0.6, 0.4  # OutfitMemoryBot's `ranked_outfit_asks` defaults

# The state of a game is one int64 array (`st`), so that the helpers, compiled without
# reference counts and mostly not inlined, are handed a few arguments: an array is nine values
# in a call, and separate arrays for the scalars, rules, table and tracker made every call cost
# more than its work. Its rows:
# - _G, the scalars of a match: the player to move, the next card of the deck, the game over,
#   asks, status, groups laid, the game's loser and layer, the game's number and first player,
#   the turn still to pass once the next game is dealt, the match over, the first player out;
# - _R, the rules: the kind, cards, groups, members per group, whether card ids run group by
#   group (else a card's group is card % groups), cards dealt each, who plays after a miss (1:
#   the left-hand neighbour), a lay by a plain draw replays, asks for any group, an empty-hand
#   draw then asks, the first player out ends the game, games in a match, the turn cap (0:
#   none), the tracker is kept (a memory bot, or Go Fish's first bot), the « Pioche ! » answers
#   are kept (the card games' first bot), each hand is also kept as a bit per card (card asks
#   by groups of at most _SPAN cards, 62 cards at most: a random bot's k-th card is found from
#   the bits, where looking at the group's cards took 15% of a 7 familles game);
_G, _R = 0, 1
_TURN, _PTR, _OVER, _TURNS, _STATUS, _NLAID, _LOSER, _LAYER = range(8)
_GAME, _FIRST, _LAST_LOSER, _DONE, _OUT = range(8, 13)
_SCALARS = 13
_KIND, _CARDS, _GROUPS, _MEMBERS, _BY_GROUP, _HAND, _NEXT_LEFT, _REPLAYS = range(8)
_ASK_ANY, _ASK_AFTER, _FIRST_OUT, _GAMES, _CAP, _TRACK, _SAYS, _BITMAP = range(8, 16)
_RULES = 16
# - the table: `deck[card]`, `hold[card]` (its seat, NOBODY: the pile or laid), `laid[group]`
#   (its layer), `size[seat]`, `safe[seat]`, `njokers[seat]`, `losses[seat]`,
#   `group_of[card]`, `bits[seat]` (its hand, a bit per card), then per seat `counts[group]`,
#   `jokers[k]` (the groups of its jokers) and `wearing[member]` (1: still on its mannequin);
_DECK, _HOLD, _LAID, _SIZE, _SAFE, _NJOKERS, _LOSSES, _GROUP_OF, _BITS, _COUNTS = range(2, 12)
_JOKERS = _COUNTS + MAX_SEATS
_WEARING = _JOKERS + MAX_SEATS
# - the public tracker: `seen[card]` (the seat a card was seen going to, until it leaves),
#   `draws[seat]` (hidden draws), then per seat `lacks[card]` (1: surely lacked), `since[card]`
#   (its hidden draws when the lack was learnt, -1: none; kept through a hidden draw, as
#   `lack_since` is), `holds[group]` (it asked for the group and kept some) and `said[card]` (it
#   said « Pioche ! » to the card and has not drawn or received it since).
_SEEN = _WEARING + MAX_SEATS
_DRAWS, _LACKS = _SEEN + 1, _SEEN + 2
_SINCE = _LACKS + MAX_SEATS
_HOLDS = _SINCE + MAX_SEATS
_SAID = _HOLDS + MAX_SEATS
_ROWS = _SAID + MAX_SEATS
# Scratch integers, by rows: the legal asks' targets and cards (or ranks), free slots per seat,
# the order of the best asks, Panoplies' joker sample pool and its picks.
_TARGETS, _ASKS, _FREE, _ORDER, _POOL, _PICKED = range(6)
_SCRATCH_ROWS = 6


# _SELECT[bits * _SPAN + k]: the k-th set bit of a group's member bits, from the lowest.
_SPAN = 8
_SELECT = np.array(
    [[b for b in range(_SPAN) if bits >> b & 1][k] if k < bin(bits).count("1") else -1
     for bits in range(1 << _SPAN) for k in range(_SPAN)],
    dtype=np.int64,
)  # fmt: skip


# ----- cards and groups -----------------------------------------------------------------------
@njit_lean
def _group(st: Any, card: int) -> int:
    return st[_GROUP_OF, card]  # a load: a division by a number only known at run time is slow


@njit_lean
def _member(st: Any, group: int, k: int) -> int:
    """The k-th card of a group, by id."""
    return group * st[_R, _MEMBERS] + k if st[_R, _BY_GROUP] else k * st[_R, _GROUPS] + group


@njit_lean
def _receive(st: Any, seat: int, card: int) -> None:
    st[_HOLD, card] = seat
    st[_SIZE, seat] += 1
    st[_COUNTS + seat, _group(st, card)] += 1
    if st[_R, _BITMAP]:
        st[_BITS, seat] |= 1 << card


@njit_inline
def _give(st: Any, giver: int, taker: int, card: int) -> None:
    """A card handed over in front of everybody."""
    st[_COUNTS + giver, _group(st, card)] -= 1
    st[_SIZE, giver] -= 1
    if st[_R, _BITMAP]:
        st[_BITS, giver] &= ~(1 << card)
    _receive(st, taker, card)
    _shown(st, taker, card)


# ----- the public tracker ---------------------------------------------------------------------
@njit_lean
def _lack(st: Any, seat: int, card: int) -> None:
    st[_LACKS + seat, card] = 1
    st[_SINCE + seat, card] = st[_DRAWS, seat]


@njit_lean
def _unlack(st: Any, seat: int, card: int) -> None:
    st[_LACKS + seat, card] = 0
    st[_SINCE + seat, card] = -1


@njit_lean
def _shown(st: Any, seat: int, card: int) -> None:
    """A card seen going into `seat`'s hand: no longer lacked, no « Pioche ! » standing."""
    if st[_R, _TRACK]:
        st[_SEEN, card] = seat
        _unlack(st, seat, card)
    if st[_R, _SAYS]:
        st[_SAID + seat, card] = 0


@njit_lean
def _hidden_draw(st: Any, seat: int, asked: int) -> None:
    """A draw the others do not see (`Tracker._on_draw`): any card lacked could be the one,
    except those of the group `asked` in a game of group asks (a card of it would have been
    shown; -1: none), and every « Pioche ! » of `seat` may be stale (`_forget_pioches`)."""
    if st[_R, _SAYS]:
        for card in range(st[_R, _CARDS]):
            st[_SAID + seat, card] = 0
    if not st[_R, _TRACK]:
        return
    row = _LACKS + seat
    for card in range(st[_R, _CARDS]):
        if st[row, card] and (asked < 0 or _group(st, card) != asked):
            st[row, card] = 0
    st[_DRAWS, seat] += 1
    if asked >= 0:
        for k in range(st[_R, _MEMBERS]):
            card = _member(st, asked, k)
            if st[row, card]:
                _lack(st, seat, card)  # lacked anew: since the draw just counted


@njit_lean
def _reset_tracker(st: Any, n: int) -> None:
    for row in range(_SEEN, _ROWS):
        for card in range(st[_R, _CARDS]):
            st[row, card] = 0
    for card in range(st[_R, _CARDS]):
        st[_SEEN, card] = NOBODY
        for s in range(n):
            st[_SINCE + s, card] = -1


# ----- the engine (`AskDrawState` and each game's hooks) --------------------------------------
@njit_lean
def _end(st: Any, loser: int, layer: int) -> None:
    st[_G, _OVER] = 1
    st[_G, _STATUS] = FINISHED
    st[_G, _LOSER] = loser
    st[_G, _LAYER] = layer


@njit_lean
def _on_lay(st: Any, n: int, seat: int, group: int) -> None:
    """Each game's `_on_lay` and `_check_end` after a lay."""
    kind = st[_R, _KIND]
    if kind == OUTFITS:  # safe, a joker, or the end of the game
        owner = group if group < n else NOBODY
        if owner == seat:
            st[_SAFE, seat] = 1
        elif owner == NOBODY:
            if n < 6:
                st[_JOKERS + seat, st[_NJOKERS, seat]] = group
                st[_NJOKERS, seat] += 1
        else:
            _end(st, owner, seat)
        return
    if kind == BOOKS and st[_R, _FIRST_OUT] and st[_SIZE, seat] == 0 and not st[_G, _OVER]:
        st[_G, _OUT] = seat
        st[_G, _OVER] = 1
    if not st[_G, _OVER] and st[_G, _NLAID] == st[_R, _GROUPS]:
        st[_G, _OVER] = 1


@njit_lean
def _lay(st: Any, n: int, seat: int, group: int) -> bool:
    """`_lay_if_complete` with the tracker's `_on_lay` (its cards are in no hand, its group in
    none), then the game's hooks."""
    members = st[_R, _MEMBERS]
    if st[_COUNTS + seat, group] != members or st[_LAID, group] != NOBODY:
        return False
    for k in range(members):
        card = _member(st, group, k)
        st[_HOLD, card] = NOBODY
        if st[_R, _TRACK]:
            st[_SEEN, card] = NOBODY
            for s in range(n):
                _unlack(st, s, card)
    if st[_R, _TRACK]:
        for s in range(n):
            st[_HOLDS + s, group] = 0
    st[_SIZE, seat] -= members
    st[_COUNTS + seat, group] = 0
    if st[_R, _BITMAP]:
        st[_BITS, seat] &= ~(((1 << members) - 1) << (group * members))
    st[_LAID, group] = seat
    st[_G, _NLAID] += 1
    _on_lay(st, n, seat, group)
    return True


@njit_lean
def _check_end(st: Any, n: int) -> None:
    """Panoplies' `_check_end`: everybody safe ends the game with no loser."""
    if st[_R, _KIND] != OUTFITS or st[_G, _OVER]:
        return
    for s in range(n):
        if not st[_SAFE, s]:
            return
    _end(st, NOBODY, NOBODY)


@njit_lean
def _settle(st: Any, n: int) -> None:
    """`_settle`: an empty hand draws and goes on (Go Fish: asks, or passes); a player nobody
    can answer passes; a stalled table is STALLED, or a Panoplies game with no loser."""
    idle = 0
    while not st[_G, _OVER]:
        p = st[_G, _TURN]
        if st[_SIZE, p] > 0:
            for other in range(n):
                if other != p and st[_SIZE, other] > 0:
                    return
        if st[_SIZE, p] == 0 and st[_G, _PTR] < st[_R, _CARDS]:
            card = st[_DECK, st[_G, _PTR]]
            st[_G, _PTR] += 1
            _receive(st, p, card)
            _hidden_draw(st, p, -1)
            _lay(st, n, p, _group(st, card))
            _check_end(st, n)
            idle = 0
            if st[_R, _KIND] == BOOKS and not st[_G, _OVER] and not st[_R, _ASK_AFTER]:
                st[_G, _TURN] = (p + 1) % n
            continue
        idle += 1
        if idle > n:
            if st[_R, _KIND] == OUTFITS:
                _end(st, NOBODY, NOBODY)
            else:
                st[_G, _OVER] = 1
                st[_G, _STATUS] = STALLED
            return
        st[_G, _TURN] = (p + 1) % n


@njit_lean
def _sample_saves(mt: Any, st: Any, ints: Any, player: int, garment: int) -> bool:
    """`rng.sample(cards of the player's joker outfits, k)`, k its jokers, holds a card of
    `garment` (a member index)."""
    k = st[_NJOKERS, player]
    chars, garments = st[_R, _GROUPS], st[_R, _MEMBERS]
    pool, picked = ints[_POOL], ints[_PICKED]
    size = 0
    for j in range(k):
        for m in range(garments):
            pool[size] = m * chars + st[_JOKERS + player, j]
            size += 1
    setsize = 21  # Lib/random.py's `sample`: a pool below this size, else rejection on a set
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


@njit_lean
def _on_won(mt: Any, st: Any, n: int, ints: Any, card: int, winner: int,
            giver: int) -> None:  # fmt: skip
    """Panoplies' `_on_won`: the garment's owner wins it back, or loses it (a joker may save
    it)."""
    character, garment = card % st[_R, _GROUPS], card // st[_R, _GROUPS]
    if character >= n:
        return  # nobody's garment
    player = character
    if winner == player:
        st[_WEARING + player, garment] = 1
        return
    if giver != NOBODY and giver != player:
        return  # taken from someone else: the mannequin keeps it
    if not st[_WEARING + player, garment]:
        return
    if st[_NJOKERS, player] and _sample_saves(mt, st, ints, player, garment):
        return
    st[_WEARING + player, garment] = 0


@njit_inline
def _won(st: Any, n: int, mt: Any, ints: Any, card: int, winner: int,
         giver: int) -> None:  # fmt: skip
    """A card won in the open (a gift, or the card asked for drawn): the mannequins and laying;
    the turn goes on (`_settle` follows every ask, from the turn loop)."""
    if st[_R, _KIND] == OUTFITS:
        _on_won(mt, st, n, ints, card, winner, giver)
    _lay(st, n, winner, _group(st, card))
    _check_end(st, n)


@njit_inline
def _miss(st: Any, n: int, mt: Any, ints: Any, p: int, target: int,
          ask: int) -> None:  # fmt: skip
    """« Pioche ! » (« Go fish! »): `target` lacks what was asked; `p` draws, and plays on if
    he drew it (or, where outfits replay, laid a group), else the turn passes."""
    books = st[_R, _KIND] == BOOKS
    group = ask if books else _group(st, ask)
    if st[_R, _TRACK]:
        if books:
            st[_HOLDS + target, group] = 0
            for k in range(st[_R, _MEMBERS]):
                _lack(st, target, _member(st, group, k))
        else:
            _lack(st, target, ask)
    if st[_R, _SAYS]:
        st[_SAID + target, ask] = 1
    nxt = (p + 1) % n if st[_R, _NEXT_LEFT] else target  # `_pass_after_miss`
    if st[_G, _PTR] >= st[_R, _CARDS]:  # nothing to draw: the miss passes the turn
        st[_G, _TURN] = nxt
        return
    drawn = st[_DECK, st[_G, _PTR]]
    st[_G, _PTR] += 1
    _receive(st, p, drawn)
    asked_for = _group(st, drawn) == group if books else drawn == ask
    if asked_for:  # shown to everybody
        _shown(st, p, drawn)
        _won(st, n, mt, ints, drawn, p, NOBODY)
        return
    _hidden_draw(st, p, group if books else -1)
    if st[_R, _TRACK] and not books:
        _lack(st, p, ask)  # a hidden draw, but not the card asked for (it would be shown)
    done = _lay(st, n, p, _group(st, drawn))
    replays = done and st[_R, _REPLAYS] != 0
    _check_end(st, n)
    if not st[_G, _OVER] and not replays:
        st[_G, _TURN] = nxt


@njit_inline
def _ask(st: Any, n: int, mt: Any, ints: Any, p: int, target: int,
         ask: int) -> None:  # fmt: skip
    """`_apply` of `p` asking `target` for the card (Go Fish: the rank) `ask`, with what the
    tracker learns from its events; the turn loop then settles the table (`_settle` ends
    every way through `_apply`, and does nothing once the game is over). Inlined with its
    parts into the loop: a call hands on a dozen values."""
    books = st[_R, _KIND] == BOOKS
    group = ask if books else _group(st, ask)
    if st[_R, _TRACK]:  # the ask: `p` lacks the card and holds its group
        if not books:
            _lack(st, p, ask)
        if not st[_R, _ASK_ANY]:
            st[_HOLDS + p, group] = 1
    if books and st[_COUNTS + target, group] > 0:  # every card of the rank changes hands
        for k in range(st[_R, _MEMBERS]):
            card = _member(st, group, k)
            if st[_HOLD, card] == target:
                _give(st, target, p, card)
        if st[_R, _TRACK]:  # the giver has none of the rank left
            st[_HOLDS + target, group] = 0
            for k in range(st[_R, _MEMBERS]):
                _lack(st, target, _member(st, group, k))
        _won(st, n, mt, ints, _member(st, group, 0), p, target)
    elif not books and st[_HOLD, ask] == target:  # a hit: the card changes hands
        _give(st, target, p, ask)
        if st[_R, _TRACK]:
            st[_HOLDS + target, group] = 0  # it may have been the giver's last of the group
        _won(st, n, mt, ints, ask, p, target)
    else:
        _miss(st, n, mt, ints, p, target, ask)


@njit_lean
def _deal_cut(st: Any, n: int) -> None:
    """The card games' deal: hands cut in seat order."""
    for s in range(n):
        for k in range(s * st[_R, _HAND], (s + 1) * st[_R, _HAND]):
            _receive(st, s, st[_DECK, k])
    st[_G, _PTR] = n * st[_R, _HAND]


@njit_lean
def _deal_openspiel(st: Any, n: int) -> None:
    """Go Fish's `openspiel_deal`: seat by seat, a book dealt is dealt again, except on the last
    seat's last card; a hand emptied so with the first out ending the game stops the deal."""
    suits, hand = st[_R, _MEMBERS], st[_R, _HAND]
    for seat in range(n):
        held = 0
        while held < hand and st[_G, _PTR] < st[_R, _CARDS]:
            card = st[_DECK, st[_G, _PTR]]
            st[_G, _PTR] += 1
            _receive(st, seat, card)
            held += 1
            if st[_COUNTS + seat, card // suits] < suits:
                continue
            if seat == n - 1 and held == hand:
                break  # OpenSpiel ends the deal on the card, before the book is counted
            held -= suits
            if held == 0 and st[_R, _FIRST_OUT]:
                return


@njit_lean
def _new_game(st: Any, n: int, mt: Any, first: int) -> None:
    """`_next_game` (or the first): a fresh table, the deal by the state's generator, and
    `_start_deal` (a group dealt complete is laid at once, then `_check_end`, `_settle`)."""
    cards = st[_R, _CARDS]
    st[_G, _GAME] += 1
    st[_G, _FIRST] = st[_G, _TURN] = first
    st[_G, _OVER] = st[_G, _PTR] = st[_G, _NLAID] = 0
    st[_G, _STATUS] = FINISHED
    st[_G, _LOSER] = st[_G, _LAYER] = st[_G, _OUT] = NOBODY
    for card in range(cards):
        st[_DECK, card] = card
        st[_HOLD, card] = NOBODY
    for group in range(st[_R, _GROUPS]):
        st[_LAID, group] = NOBODY
    for s in range(n):
        st[_SIZE, s] = st[_SAFE, s] = st[_NJOKERS, s] = st[_BITS, s] = 0
        for group in range(st[_R, _GROUPS]):
            st[_COUNTS + s, group] = 0
        for k in range(st[_R, _MEMBERS]):
            st[_WEARING + s, k] = 1
    mt_shuffle(mt, st[_DECK], cards)
    if st[_R, _TRACK] or st[_R, _SAYS]:  # a deal: the bots forget everything
        _reset_tracker(st, n)
    if st[_R, _KIND] == BOOKS:
        _deal_openspiel(st, n)
    else:
        _deal_cut(st, n)
    for s in range(n):
        for group in range(st[_R, _GROUPS]):
            if not st[_G, _OVER]:
                _lay(st, n, s, group)
    _check_end(st, n)
    _settle(st, n)


@njit_lean
def _advance(st: Any, n: int, mt: Any) -> None:
    """What the engine has done by the time an ask (or the first deal) returns: each game that
    ended counts its loss and deals the next one of a match, whose first player is the match's
    last loser (this game's, or an earlier game's when this one had none), else the player
    after the last starter, until a game is under way or the match is over."""
    while st[_G, _OVER]:
        if st[_G, _LOSER] != NOBODY:
            st[_LOSSES, st[_G, _LOSER]] += 1
            st[_G, _LAST_LOSER] = st[_G, _LOSER]
        if st[_G, _GAME] >= st[_R, _GAMES]:
            st[_G, _DONE] = 1
            return
        last = st[_G, _LAST_LOSER]
        _new_game(st, n, mt, last if last != NOBODY else (st[_G, _FIRST] + 1) % n)


# ----- the bots -------------------------------------------------------------------------------
@njit_inline
def _askable(st: Any, p: int, group: int) -> bool:
    """Whether `p` may ask for the cards of `group` (Go Fish: for the rank)."""
    if st[_R, _KIND] == BOOKS:
        return st[_COUNTS + p, group] > 0
    return st[_LAID, group] == NOBODY and (st[_R, _ASK_ANY] or st[_COUNTS + p, group] > 0)


@njit_lean
def _list_asks(st: Any, p: int, asks: Any) -> int:
    """`_legal_actions`' cards (Go Fish: ranks) for any target, by id; their number."""
    count = 0
    if st[_R, _KIND] == BOOKS:
        for group in range(st[_R, _GROUPS]):
            if st[_COUNTS + p, group] > 0:
                asks[count] = group
                count += 1
        return count
    for card in range(st[_R, _CARDS]):
        if st[_HOLD, card] != p and _askable(st, p, _group(st, card)):
            asks[count] = card
            count += 1
    return count


@njit_inline
def _count_asks(st: Any, p: int) -> int:
    """The number of cards `p` may ask for, without listing them: a random bot's draw."""
    count = 0
    for group in range(st[_R, _GROUPS]):
        if _askable(st, p, group):
            count += st[_R, _MEMBERS] - st[_COUNTS + p, group]  # the group's cards not in p's hand
    return count


@njit_inline
def _kth_ask(st: Any, p: int, k: int) -> int:
    """The k-th card (by id) that `p` may ask for."""
    if st[_R, _BY_GROUP]:  # whole groups skipped by their counts
        for group in range(st[_R, _GROUPS]):
            if not _askable(st, p, group):
                continue
            left = st[_R, _MEMBERS] - st[_COUNTS + p, group]
            if k >= left:
                k -= left
                continue
            members = st[_R, _MEMBERS]
            if st[_R, _BITMAP]:
                free = ~(st[_BITS, p] >> (group * members)) & ((1 << members) - 1)
                return group * members + _SELECT[free * _SPAN + k]
            for m in range(members):
                card = group * members + m
                if st[_HOLD, card] != p:
                    if k == 0:
                        return card
                    k -= 1
    for card in range(st[_R, _CARDS]):
        if st[_HOLD, card] != p and _askable(st, p, _group(st, card)):
            if k == 0:
                return card
            k -= 1
    return -1  # not reached: k is below the number of askable cards


@njit_inline
def _sure_miss(st: Any, target: int, rank: int) -> bool:
    """Go Fish: `target` surely lacks every card of the rank."""
    for k in range(st[_R, _MEMBERS]):  # noqa: SIM110  (Numba: no generator)
        if not st[_LACKS + target, _member(st, rank, k)]:
            return False
    return True


@njit_lean
def _chances(st: Any, n: int, p: int, group: int, probs: Any,
             free: Any) -> None:  # fmt: skip
    """`Tracker.probabilities` for the unknown cards of `group` as seat `p` sees them (its own
    hand and the cards seen elsewhere are known), into `probs[card, seat]`: slots weighted by
    each hand's unknown cards and the pile, then the obligations."""
    pile = st[_R, _CARDS] - st[_G, _PTR]
    total = pile
    for s in range(n):
        total += free[s]
    for k in range(st[_R, _MEMBERS]):
        card = _member(st, group, k)
        if st[_HOLD, card] == p or st[_SEEN, card] != NOBODY:
            continue
        weights = 0
        for s in range(n):
            room = free[s]
            since = st[_SINCE + s, card]
            if since >= 0:
                room = min(room, st[_DRAWS, s] - since)
            probs[card, s] = room
            weights += room
        denom = weights + pile
        if denom == 0:
            denom = total if total else 1
        for s in range(n):
            probs[card, s] = probs[card, s] / denom
    # Obligations: a group a seat surely holds, none of its cards seen there, lifts the
    # candidates it may hold (the observer's own hand has none: it holds what it asked for).
    for s in range(n):
        if s == p or not st[_HOLDS + s, group]:
            continue
        known = False
        for k in range(st[_R, _MEMBERS]):
            if st[_SEEN, _member(st, group, k)] == s:
                known = True
        if known:
            continue
        count = 0
        for k in range(st[_R, _MEMBERS]):
            card = _member(st, group, k)
            if st[_HOLD, card] != p and st[_SEEN, card] == NOBODY and not st[_LACKS + s, card]:
                count += 1
        for k in range(st[_R, _MEMBERS]):
            card = _member(st, group, k)
            if st[_HOLD, card] != p and st[_SEEN, card] == NOBODY and not st[_LACKS + s, card]:
                probs[card, s] = 1 - (1 - probs[card, s]) * (1 - 1 / count)


@njit_inline
def _card_chance(st: Any, n: int, target: int, card: int, probs: Any) -> float:
    """`hit_chances` of a card ask: the target holds it, or it is drawn."""
    seen = st[_SEEN, card]
    if seen != NOBODY:
        return 1.0 if seen == target else 0.0
    pile = st[_R, _CARDS] - st[_G, _PTR]
    q = probs[card, target]
    in_pile = 0.0
    if pile:
        spread = 0.0
        for s in range(n):
            spread += probs[card, s]
        in_pile = max(0.0, 1.0 - spread)
    return q + (in_pile / pile if pile else 0.0)  # the card is in the pile only on a miss


@njit_lean
def _rank_chance(st: Any, n: int, p: int, target: int, rank: int,
                 probs: Any) -> float:  # fmt: skip
    """Go Fish's `rank_chances` of one ask: a sure gift, else a gift or the rank fished."""
    if st[_HOLDS + target, rank]:
        return 1.0
    for k in range(st[_R, _MEMBERS]):
        if st[_SEEN, _member(st, rank, k)] == target:
            return 1.0
    pile = st[_R, _CARDS] - st[_G, _PTR]
    miss, fished = 1.0, 0.0
    for k in range(st[_R, _MEMBERS]):
        card = _member(st, rank, k)
        if st[_HOLD, card] == p or st[_SEEN, card] != NOBODY:
            continue
        miss *= 1.0 - probs[card, target]
        if pile:
            anywhere = 0.0
            for s in range(n):
                anywhere += probs[card, s]
            fished += max(0.0, 1.0 - anywhere) / pile
    return (1.0 - miss) + miss * min(1.0, fished)


@njit_inline
def _worth(st: Any, n: int, p: int, card: int) -> float:
    """OutfitMemoryBot's worth of winning a card: one's own outfit, another player's, or
    nobody's (a joker under 6 players); 0 in the other games."""
    if st[_R, _KIND] != OUTFITS:
        return 0.0
    character = card % st[_R, _GROUPS]
    progress = st[_COUNTS + p, character] / st[_R, _MEMBERS]
    if character == p:  # seat s plays character s
        worth = OWN + 0.2 * progress
        if not st[_WEARING + p, card // st[_R, _GROUPS]]:
            worth += 0.05
        return worth
    if character >= n:
        return 0.2 * progress + (0.1 if n < 6 else 0.0)
    return ATTACK * progress


@njit_lean
def _memory_pick(st: Any, n: int, p: int, ntargets: int, nasks: int,
                 mt: Any, ints: Any, probs: Any, score: Any) -> int:  # fmt: skip
    """The index in the legal asks of the memory bot's choice: Go Fish's sure misses out
    (unless all are), the asks ranked (chance, times 1 + Panoplies' worth, plus focus per card
    held and the target's hand size), then `choice` among those within 1e-9 of the best,
    ordered by score then ask id. Every float is computed as there, operation for operation."""
    books = st[_R, _KIND] == BOOKS
    targets, asks, free, order = ints[_TARGETS], ints[_ASKS], ints[_FREE], ints[_ORDER]
    focus = (0.3 if n == 2 else 0.1) if books else FOCUS  # Go Fish's `focus_for`
    for s in range(n):
        free[s] = 0 if s == p else st[_SIZE, s]
    for card in range(st[_R, _CARDS]):
        seen = st[_SEEN, card]
        if seen != NOBODY and seen != p:
            free[seen] -= 1  # `Tracker.free`: a card seen in that hand is no unknown one
    for group in range(st[_R, _GROUPS]):
        if _askable(st, p, group):
            _chances(st, n, p, group, probs, free)
    nopen = 0
    if books:
        for k in range(ntargets * nasks):
            if not _sure_miss(st, targets[k // nasks], asks[k % nasks]):
                nopen += 1
    best = -1.0
    for k in range(ntargets * nasks):
        target, ask = targets[k // nasks], asks[k % nasks]
        if books:
            if nopen and _sure_miss(st, target, ask):
                score[k] = -1.0
                continue
            chance = _rank_chance(st, n, p, target, ask, probs)
            held = st[_COUNTS + p, ask]
        else:
            chance = _card_chance(st, n, target, ask, probs)
            chance = chance * (1 + _worth(st, n, p, ask))
            held = st[_COUNTS + p, _group(st, ask)]
        value = chance + focus * held + 0.0001 * st[_SIZE, target]
        score[k] = value
        if value > best:
            best = value
    ntop = 0
    for k in range(ntargets * nasks):  # in ask id order, then a stable sort by score
        if score[k] >= 0.0 and score[k] >= best - 1e-9:
            j = ntop
            while j > 0 and score[order[j - 1]] < score[k]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
            ntop += 1
    return order[randbelow(mt, ntop)]


@njit_lean
def _first_pick(st: Any, ntargets: int, nasks: int, ints: Any) -> int:
    """OpenFirstBot: the first ask whose « Pioche ! » no longer stands (Go Fish: that is not a
    sure miss), else the first."""
    targets, asks = ints[_TARGETS], ints[_ASKS]
    for k in range(ntargets * nasks):
        target, ask = targets[k // nasks], asks[k % nasks]
        if st[_R, _KIND] == BOOKS:
            if not _sure_miss(st, target, ask):
                return k
        elif not st[_SAID + target, ask]:
            return k
    return 0


@njit_inline
def _bot_ask(st: Any, n: int, p: int, bot: int, mt: Any, ints: Any, probs: Any,
             score: Any) -> tuple[int, int]:  # fmt: skip
    """The ask (target, card or rank) of seat `p`'s kernel bot `bot`, drawing from its
    generator `mt`. Inlined into the loops that play bots: a call hands on a dozen values."""
    targets, asks = ints[_TARGETS], ints[_ASKS]
    ntargets = 0
    for other in range(n):
        if other != p and st[_SIZE, other] > 0:
            targets[ntargets] = other
            ntargets += 1
    if bot == RANDOM and st[_R, _KIND] != BOOKS:  # asks counted, not listed
        nasks = _count_asks(st, p)
        pick = randbelow(mt, ntargets * nasks)
        return targets[pick // nasks], _kth_ask(st, p, pick % nasks)
    nasks = _list_asks(st, p, asks)
    if bot == RANDOM:  # RandomBot: rng.choice(legal_actions), even of a single ask
        pick = randbelow(mt, ntargets * nasks)
    elif ntargets * nasks == 1:  # the other bots play a single ask without a draw
        pick = 0
    elif bot == FIRST:
        pick = _first_pick(st, ntargets, nasks, ints)
    else:
        pick = _memory_pick(st, n, p, ntargets, nasks, mt, ints, probs, score)
    return targets[pick // nasks], asks[pick % nasks]


@njit_inline
def _turn(st: Any, n: int, mt: Any, ints: Any, p: int, target: int, ask: int) -> None:
    """`State.apply` of a legal ask: the ask, the table settled, the next game of a match
    dealt, the ask counted and the turn cap. `mt` is the state's generator."""
    _ask(st, n, mt, ints, p, target, ask)
    _settle(st, n)  # after every ask: one call site, which the inlined ask does not copy
    if st[_G, _OVER]:
        _advance(st, n, mt)
    st[_G, _TURNS] += 1
    if not st[_G, _DONE] and st[_R, _CAP] > 0 and st[_G, _TURNS] >= st[_R, _CAP]:
        st[_G, _DONE] = 1
        st[_G, _STATUS] = CAPPED


@njit_lean
def _turn_call(st: Any, n: int, mt: Any, ints: Any, p: int, target: int, ask: int) -> None:
    """`_turn` called, not inlined: the step loops share one compiled copy of the ask (each
    inlined copy costs seconds of compiling), for the price of a call per ask."""
    _turn(st, n, mt, ints, p, target, ask)


@njit_lean
def _start(st: Any, n: int, mt: Any) -> None:
    """A new match on the table, dealt by the state's generator `mt` (already seeded); the
    seats have no ages, so seat 0 starts."""
    for k in range(_SCALARS):
        st[_G, k] = 0
    st[_G, _LAST_LOSER] = NOBODY
    for s in range(n):
        st[_LOSSES, s] = 0
    _new_game(st, n, mt, 0)
    _advance(st, n, mt)


@njit_lean
def _play_one(st: Any, n: int, mts: Any, bots: Any, ints: Any,
              probs: Any, score: Any) -> None:  # fmt: skip
    """One game (a match), seat s played by bot `bots[s]`, its generators `mts[s]` (the
    state's: mts[n])."""
    _start(st, n, mts[n])
    while not st[_G, _DONE]:
        p = st[_G, _TURN]
        target, ask = _bot_ask(st, n, p, bots[p], mts[p], ints, probs, score)
        _turn(st, n, mts[n], ints, p, target, ask)


@njit_lean
def _score(st: Any, n: int, scores: Any) -> None:
    """A finished game's scores by seat: groups laid (the 7 familles, Go Fish), or Panoplies'
    +1 for the layer and -1 for the loser (a match: minus each seat's losses)."""
    if st[_G, _STATUS] != FINISHED:
        return
    if st[_R, _KIND] != OUTFITS:
        for group in range(st[_R, _GROUPS]):
            if st[_LAID, group] != NOBODY:
                scores[st[_LAID, group]] += 1
    elif st[_R, _GAMES] > 1:
        for s in range(n):
            scores[s] = -st[_LOSSES, s]
    elif st[_G, _LOSER] != NOBODY:
        scores[st[_G, _LOSER]] = -1
        scores[st[_G, _LAYER]] = 1


@njit
def play_many(seeds: Any, bots: Any, r: Any, scores: Any, out: Any) -> None:
    """Game i: seed seeds[i] (0 <= seed < 2**63), seat s played by bots[i, s]; fills scores[i]
    (by seat) and out[i] (asks, status, first player out). `r`: the rules, `rules_tuple` and
    the bots' flags."""
    n = bots.shape[1]
    width = max(r[_CARDS], MAX_SEATS, _RULES, _SCALARS)
    st = np.zeros((_ROWS, width), dtype=np.int64)
    for k in range(_RULES):
        st[_R, k] = r[k]
    for card in range(r[_CARDS]):
        st[_GROUP_OF, card] = card // r[_MEMBERS] if r[_BY_GROUP] else card % r[_GROUPS]
    ints = np.zeros((_SCRATCH_ROWS, width * MAX_SEATS), dtype=np.int64)
    probs = np.zeros((width, MAX_SEATS), dtype=np.float64)
    score = np.zeros(width * MAX_SEATS, dtype=np.float64)
    gens = n + 2  # a game's generators: its bots', the state's, the bots' master
    mts = np.zeros((BLOCK * gens, MT_WORDS), dtype=np.int64)
    rows = np.zeros(BLOCK * gens, dtype=np.int64)
    keys = np.zeros(BLOCK * gens, dtype=np.int64)
    for start in range(0, seeds.shape[0], BLOCK):
        count = min(BLOCK, seeds.shape[0] - start)
        seed_tables(mts, seeds, start, count, n, rows, keys)  # a block of games at once
        for b in range(count):
            i = start + b
            game = mts[b * gens : (b + 1) * gens]
            _play_one(st, n, game, bots[i], ints, probs, score)
            _score(st, n, scores[i])
            out[i, 0], out[i, 1], out[i, 2] = st[_G, _TURNS], st[_G, _STATUS], st[_G, _OUT]


# ----- search playouts -------------------------------------------------------------------------
# A search's playouts (`askdraw.playouts`): a loaded state (`askdraw.loading`) played to the end
# by the fast playout policy of `card_bots.playout_ask` (the 7 familles, Panoplies with its
# bonuses) or `gofish.bots.playout_ask` (with the ranks claimed during the playout), each draw
# the one its `random.Random` makes, then valued as `laid_share` or `panoplies_value` value it.
LAID_SHARE, FIRST_OUT_WINS, RETURNS = 0, 1, 2  # how a playout's end is valued
STATE_SALT = 0x5A17  # a playout's state generator (Panoplies' jokers, a match's next deals)


_FAST = MT_WORDS - 1  # the read position's slot: -1 marks a generator of the fast kind
_MASK32 = 0xFFFFFFFF


@njit_inline
def _word(mt: Any) -> int:
    """The next 32-bit word of a playout's generator: `random.Random`'s (the reference seed's
    playout) or, for the batch's other playouts, Marsaglia's xorshift128 in `mt[0:4]` (no
    seeding of 624 words and no twist, for playouts nobody replays on the engine)."""
    if mt[_FAST] >= 0:
        return mt_next(mt)
    t = mt[0] ^ ((mt[0] << 11) & _MASK32)
    mt[0], mt[1], mt[2] = mt[1], mt[2], mt[3]
    w = mt[3]
    w = (w ^ (w >> 19)) ^ (t ^ (t >> 8))
    mt[3] = w
    return w


@njit_inline
def _below(mt: Any, n: int) -> int:
    """`_randbelow(n)` (`mersenne.randbelow`) on `_word`."""
    k = BIT_LENGTH[n] if n < 256 else 64 - _leading_zeros(n)
    r = _word(mt) >> (32 - k)
    while r >= n:
        r = _word(mt) >> (32 - k)
    return r


@njit_inline
def _leading_zeros(n: int) -> int:
    bits = 0
    while n:
        n >>= 1
        bits += 1
    return 64 - bits


@njit_inline
def _random(mt: Any) -> float:
    """`random.random()`: 53 bits from two words."""
    a = _word(mt) >> 5
    b = _word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit_inline
def _pick_target(st: Any, n: int, p: int, mt: Any) -> int:
    """`bots.pick_target`: another player, by hand size (one `random()`)."""
    total = 0
    for other in range(n):
        if other != p:
            total += st[_SIZE, other]
    pick = _random(mt) * total
    target = p
    for other in range(n):
        if other != p and st[_SIZE, other]:
            target = other
            pick -= st[_SIZE, other]
            if pick < 0:
                break
    return target


@njit_inline
def _playout_card(st: Any, n: int, p: int, mt: Any, tops: Any) -> int:
    """`card_bots.playout_ask` as `target * cards + card`: a card seen going into another hand
    (of the heaviest group that has one), else a missing card of a heaviest group from a
    player picked by hand size; Panoplies weighs one's own character 3 more, the other
    players' 1 more (`outfit_bonus`)."""
    outfits = st[_R, _KIND] == OUTFITS
    step_g, step_m = _steps(st)  # a member's card, without a call per card
    known = -1
    known_weight = 0.0
    top = 0.0
    ntop = 0
    for group in range(st[_R, _GROUPS]):
        k = st[_COUNTS + p, group]
        if not k:
            continue
        weight = k + ((3.0 if group == p else (1.0 if group < n else 0.0)) if outfits else 0.0)
        if weight > top:
            top = weight
            tops[0] = group
            ntop = 1
        elif weight == top:
            tops[ntop] = group
            ntop += 1
        if weight > known_weight:
            for m in range(st[_R, _MEMBERS]):
                card = group * step_g + m * step_m
                h = st[_SEEN, card]
                if h != NOBODY and h != p:
                    known = h * st[_R, _CARDS] + card
                    known_weight = weight
                    break
    if known >= 0:
        return known
    if ntop == 0:  # asking for any group with nothing in hand: a group still in play
        for group in range(st[_R, _GROUPS]):
            if st[_LAID, group] == NOBODY:
                tops[ntop] = group
                ntop += 1
    group = tops[0] if ntop == 1 else tops[_below(mt, ntop)]
    target = _pick_target(st, n, p, mt)
    # The group's cards not in p's hand: none is laid (the group is in play).
    k = _below(mt, st[_R, _MEMBERS] - st[_COUNTS + p, group])
    for m in range(st[_R, _MEMBERS]):
        card = group * step_g + m * step_m
        if st[_HOLD, card] != p:
            if k == 0:
                return target * st[_R, _CARDS] + card
            k -= 1
    return -1  # not reached: a group in play is never whole in one hand


@njit_inline
def _playout_rank(st: Any, n: int, p: int, mt: Any, tops: Any, claims: Any) -> int:
    """`gofish.bots.playout_ask` as `target * groups + rank`: a rank held that another player
    claimed (asked for) in this playout or was seen to receive, else one of one's biggest
    ranks from a player picked by hand size."""
    groups = st[_R, _GROUPS]
    step_g, step_m = _steps(st)
    top = 0
    ntop = 0
    for group in range(groups):
        k = st[_COUNTS + p, group]
        if not k:
            continue
        for t in range(n):
            if t != p and claims[t, group] and st[_COUNTS + t, group]:
                return t * groups + group
        for m in range(st[_R, _MEMBERS]):
            card = group * step_g + m * step_m
            h = st[_SEEN, card]
            if h != NOBODY and h != p and st[_HOLD, card] == h:
                return h * groups + group
        if k > top:
            top = k
            tops[0] = group
            ntop = 1
        elif k == top:
            tops[ntop] = group
            ntop += 1
    group = tops[0] if ntop == 1 else tops[_below(mt, ntop)]
    return _pick_target(st, n, p, mt) * groups + group


@njit_inline
def _steps(st: Any) -> tuple[int, int]:
    """A group's m-th card is `group * step_g + m * step_m` (`_member` as two strides)."""
    if st[_R, _BY_GROUP]:
        return st[_R, _MEMBERS], 1
    return 1, st[_R, _GROUPS]


@njit_inline
def _rank_in_group(st: Any, card: int) -> int:
    """The index of a card among its group's members (`_member`'s k)."""
    return card % st[_R, _MEMBERS] if st[_R, _BY_GROUP] else card // st[_R, _GROUPS]


@njit_inline
def _seen_after(st: Any, p: int, group: int, shown: int, game: int) -> None:
    """The cards seen going into a hand (`public_holder`) after an ask, kept by the playout
    itself so that its states need no tracker: the cards `shown` (a bit per member of
    `group`: given, or the Bonne pioche) are seen in `p`'s hand unless laid at once; a group
    laid is seen nowhere; a new deal (the next game of a match) forgets everything."""
    if st[_G, _GAME] != game:
        for card in range(st[_R, _CARDS]):
            st[_SEEN, card] = NOBODY
        return
    step_g, step_m = _steps(st)
    for m in range(st[_R, _MEMBERS]):
        card = group * step_g + m * step_m
        if st[_HOLD, card] == NOBODY:
            st[_SEEN, card] = NOBODY
        elif shown >> m & 1:
            st[_SEEN, card] = p


@njit_lean
def _playout(st: Any, n: int, mt: Any, state_mt: Any, ints: Any, tops: Any, claims: Any,
             max_steps: int) -> None:  # fmt: skip
    """`make_playout`'s (or Go Fish's `playout`'s) loop: fast asks until the match is over
    or `max_steps` asks were made; `mt` the playout's generator, `state_mt` the state's."""
    books = st[_R, _KIND] == BOOKS
    cards, members = st[_R, _CARDS], st[_R, _MEMBERS]
    step_g, step_m = _steps(st)
    if books:
        for s in range(n):
            for group in range(st[_R, _GROUPS]):
                claims[s, group] = 0
    steps = 0
    while not st[_G, _DONE] and steps < max_steps:
        p = st[_G, _TURN]
        if books:
            code = _playout_rank(st, n, p, mt, tops, claims)
            target, ask = code // st[_R, _GROUPS], code % st[_R, _GROUPS]
            claims[p, ask] = 1
            if st[_COUNTS + target, ask]:
                claims[target, ask] = 0  # he gives them all
            group = ask
        else:
            code = _playout_card(st, n, p, mt, tops)
            target, ask = code // cards, code % cards
            group = st[_GROUP_OF, ask]
        # What the ask will show: the cards the target gives, else a card drawn that was
        # asked for (a Bonne pioche); a plain draw shows nothing but may lay its group.
        shown = 0
        if books:
            if st[_COUNTS + target, group]:
                for m in range(members):
                    if st[_HOLD, group * step_g + m * step_m] == target:
                        shown |= 1 << m
        elif st[_HOLD, ask] == target:
            shown = 1 << _rank_in_group(st, ask)
        ptr = st[_G, _PTR]
        drawn = st[_DECK, ptr] if ptr < cards else -1
        drawn_group = st[_GROUP_OF, drawn] if drawn >= 0 else -1
        if not shown and drawn_group == group and (books or drawn == ask):
            shown = 1 << _rank_in_group(st, drawn)
        game = st[_G, _GAME]
        _ask(st, n, state_mt, ints, p, target, ask)
        _settle(st, n)
        if st[_G, _OVER]:
            _advance(st, n, state_mt)
        _seen_after(st, p, group, shown, game)
        if drawn >= 0 and not shown and drawn_group != group:
            _seen_after(st, p, drawn_group, 0, game)  # a plain draw may lay its group
        steps += 1


@njit_lean
def _playout_value(st: Any, n: int, seat: int, mode: int) -> float:
    """The seat's value at the end of a playout: `laid_share` (the win share, or on a cut-off
    its share among the leaders by groups laid; Go Fish's first player out wins alone under
    FIRST_OUT_WINS) or `panoplies_value` (its return: 0 when cut off)."""
    done = st[_G, _DONE]
    if done and st[_G, _STATUS] == CAPPED:
        return 0.0  # a draw: nobody wins, every return is 0
    if mode == RETURNS:
        if not done:
            return 0.0
        if st[_R, _GAMES] == 1:
            if seat == st[_G, _LAYER]:
                return 1.0
            return -1.0 if seat == st[_G, _LOSER] else 0.0
        best = -st[_LOSSES, 0]  # `Outcome.from_scores` of minus the losses
        for s in range(n):
            best = max(best, -st[_LOSSES, s])
        winners = 0
        for s in range(n):
            if -st[_LOSSES, s] == best:
                winners += 1
        if winners == n:
            return 0.0
        return 1.0 / winners if -st[_LOSSES, seat] == best else -1.0 / (n - winners)
    if mode == FIRST_OUT_WINS and done and st[_G, _OUT] != NOBODY:
        return 1.0 if seat == st[_G, _OUT] else 0.0
    best = 0
    mine = 0
    for s in range(n):
        count = 0
        for group in range(st[_R, _GROUPS]):
            if st[_LAID, group] == s:
                count += 1
        best = max(best, count)
        if s == seat:
            mine = count
    if mine < best:
        return 0.0
    leaders = 0
    for s in range(n):
        count = 0
        for group in range(st[_R, _GROUPS]):
            if st[_LAID, group] == s:
                count += 1
        if count == best:
            leaders += 1
    return 1.0 / leaders


@njit
def playout_many(worlds: Any, n: int, seat: int, seeds: Any, mode: int, max_steps: int,
                 values: Any) -> None:  # fmt: skip
    """values[w] = the sum over the seeds of `seat`'s value after world w (a loaded state,
    `worlds[w]`) is played out, each with `random.Random(seed)` as the playout's generator and
    `random.Random(seed ^ STATE_SALT)` as the state's; every world gets the same seeds (common
    random numbers, as the search compares the worlds' moves). `seeds[k, 0]` is the seed; a
    row whose next four words are not all 0 plays with xorshift128 from them instead (the
    same draws' kind, far cheaper to start)."""
    count = seeds.shape[0]
    rows, width = worlds.shape[1], worlds.shape[2]
    st = np.zeros((rows, width), dtype=np.int64)
    ints = np.zeros((_SCRATCH_ROWS, width * MAX_SEATS), dtype=np.int64)
    tops = np.zeros(width, dtype=np.int64)
    claims = np.zeros((MAX_SEATS, width), dtype=np.int64)
    base = np.zeros((2, MT_WORDS), dtype=np.int64)
    mt = np.zeros(MT_WORDS, dtype=np.int64)
    state_mt = np.zeros(MT_WORDS, dtype=np.int64)
    for w in range(worlds.shape[0]):
        values[w] = 0.0
    # Only the rows a playout reads are copied: the table's, the seats' counts, Panoplies'
    # mannequins and jokers, the cards seen (the playouts keep them without the tracker, whose
    # rows are copied only when it is on). Only Panoplies draws from the state's generator
    # (jokers, a match's next deals).
    outfits = worlds[0, _R, _KIND] == OUTFITS
    tracked = worlds[0, _R, _TRACK] or worlds[0, _R, _SAYS]
    flat = st.reshape(-1)
    flat[:] = worlds[0].reshape(-1)  # the rows never copied below are never read
    spans = np.zeros((4, 2), dtype=np.int64)
    spans[0, 0], spans[0, 1] = 0, (_COUNTS + n) * width
    spans[1, 0], spans[1, 1] = _JOKERS * width, (_SEEN if outfits else _JOKERS) * width
    spans[2, 0], spans[2, 1] = _SEEN * width, (rows if tracked else _SEEN + 1) * width
    for k in range(count):
        fast = seeds[k, 1] | seeds[k, 2] | seeds[k, 3] | seeds[k, 4]
        if fast:
            base[0, _FAST] = -1
            for j in range(4):
                base[0, j] = seeds[k, 1 + j]
        else:
            mt_seed63(base[0], seeds[k, 0])
        if outfits:
            mt_seed63(base[1], seeds[k, 0] ^ STATE_SALT)
        for w in range(worlds.shape[0]):
            source = worlds[w].reshape(-1)
            for span in range(3):
                a, b = spans[span, 0], spans[span, 1]
                flat[a:b] = source[a:b]
            if fast:
                for j in range(4):
                    mt[j] = base[0, j]
                mt[_FAST] = -1
            else:
                mt[:] = base[0]
            if outfits:
                state_mt[:] = base[1]
            _playout(st, n, mt, state_mt, ints, tops, claims, max_steps)
            values[w] += _playout_value(st, n, seat, mode)


@njit
def memory_playouts(worlds: Any, n: int, seat: int, moves: Any, seeds: Any, mode: int,
                    max_steps: int, values: Any) -> None:  # fmt: skip
    """values[w, m] = the sum over the seeds of `seat`'s value after move m (`moves[m]`:
    target, card or rank) is played in world w (a loaded state with the public tracker,
    `worlds[w]`) and every seat, the mover included, then plays as the kernel's
    `memory` bot to the end (or `max_steps` asks). Playout k seeds each seat's generator and
    the state's from `seeds[k]`, the same for every world and move (common random numbers).
    The expert's playouts (`askdraw.expert`): players who remember every public ask and answer,
    so that what a move reveals (the group it asks for) is used against the mover."""
    width = worlds.shape[2]
    st = np.zeros((worlds.shape[1], width), dtype=np.int64)
    ints, probs, score = _scratch(width)
    base = np.zeros((n + 1, MT_WORDS), dtype=np.int64)
    mts = np.zeros((n + 1, MT_WORDS), dtype=np.int64)
    values[:] = 0.0
    for k in range(seeds.shape[0]):
        for s in range(n + 1):
            mt_seed63(base[s], seeds[k] ^ (s * 1000003))
        for w in range(worlds.shape[0]):
            for m in range(moves.shape[0]):
                st[:] = worlds[w]
                mts[:] = base
                p = st[_G, _TURN]
                _turn_call(st, n, mts[n], ints, p, moves[m, 0], moves[m, 1])
                steps = 1
                while not st[_G, _DONE] and steps < max_steps:
                    p = st[_G, _TURN]
                    target, ask = _bot_ask(st, n, p, MEMORY, mts[p], ints, probs, score)
                    _turn_call(st, n, mts[n], ints, p, target, ask)
                    steps += 1
                values[w, m] += _playout_value(st, n, seat, mode)


@njit
def playout_state(st: Any, n: int, seed: int, max_steps: int) -> None:
    """One playout of a loaded state, in place (`playout_many`'s, for its seed)."""
    width = st.shape[1]
    ints = np.zeros((_SCRATCH_ROWS, width * MAX_SEATS), dtype=np.int64)
    tops = np.zeros(width, dtype=np.int64)
    claims = np.zeros((MAX_SEATS, width), dtype=np.int64)
    mt = np.zeros(MT_WORDS, dtype=np.int64)
    state_mt = np.zeros(MT_WORDS, dtype=np.int64)
    mt_seed63(mt, seed)
    mt_seed63(state_mt, seed ^ STATE_SALT)
    _playout(st, n, mt, state_mt, ints, tops, claims, max_steps)


# ----- the step API: N games at once (`askdraw.step`) ----------------------------------------
# A batch is `st` (N games' state arrays, N x _ROWS x width), `mts` (per game its seats' bots'
# generators, then the state's: N x (n + 1) x MT_WORDS) and `bots` (N x n: each seat's bot code,
# EXTERNAL for a seat played from outside). These loops are here, not in `step.py`, for the
# disk cache: they inline the ask and the bots' picks (see the module's docstring).
EXTERNAL = -1
RULES_ROW = _R  # a state's rules and bots' flags: the kernel's, not a loaded game's
# The observation's segments (`askdraw.encoder`), in the order of the `starts` handed to
# `batch_observe` (-1: a segment the game does not have).
OBS_SEGMENTS = (
    "my_seat", "to_move", "hand", "hand_groups", "hand_sizes", "pile_size", "laid_by",
    "groups_laid", "character", "wearing", "can_lose", "joker_outfits", "losses",
    "match_progress",
)  # fmt: skip
# `batch_outcome`'s codes: the `parlour.rl.step_kernel` STATUS_* ones.
PLAYING, ENDED, STOPPED = 0, 1, 2


@njit
def _scratch(width: int) -> tuple[Any, Any, Any]:
    """The scratch arrays of `_ask` and the bots (`play_many`'s)."""
    ints = np.zeros((_SCRATCH_ROWS, width * MAX_SEATS), dtype=np.int64)
    probs = np.zeros((width, MAX_SEATS), dtype=np.float64)
    score = np.zeros(width * MAX_SEATS, dtype=np.float64)
    return ints, probs, score


@njit
def batch_deal(st: Any, mts: Any, where: Any, seeds: Any) -> None:
    """Game i where `where[i]`: a new match dealt from `seeds[i]` (the state's generator
    `Random(seed)`), then what the engine does before the first ask."""
    n = mts.shape[1] - 1
    games = np.flatnonzero(where)
    # The states' generators, several at a time: rows of the batch's generators taken flat.
    mt_seed63_rows(mts.reshape(-1, mts.shape[2]), games * (n + 1) + n, seeds[games], games.size)
    for i in games:
        _start(st[i], n, mts[i, n])


@njit
def batch_seed_bots(mts: Any, where: Any, bots: Any, seeds: Any) -> None:
    """Seat s's bot of game i where `where[i]`: its generator `Random(seeds[i, s])`."""
    for i in range(mts.shape[0]):
        if where[i]:
            for s in range(bots.shape[1]):
                if bots[i, s] != EXTERNAL:
                    mt_seed63(mts[i, s], seeds[i, s])


@njit_lean
def _rel(seat: int, observer: int, n: int) -> int:
    """`seat` counted from `observer` (a branch, not a modulo: observations count many)."""
    k = seat - observer
    return k + n if k < 0 else k


@njit_lean
def _mask_by_groups(g: Any, n: int, p: int, out: Any) -> None:
    """`_mask_one`'s asks where card ids run group by group and hands are kept as bits: each
    askable group's cards not in `p`'s hand, written without a branch per card (a card's
    test was a mispredicted branch, most of a 7 familles mask)."""
    members, held = g[_R, _MEMBERS], g[_BITS, p]
    width = g[_R, _CARDS]
    for target in range(n):
        if target != p and g[_SIZE, target] > 0:
            for group in range(g[_R, _GROUPS]):
                if _askable(g, p, group):
                    first = group * members
                    for card in range(first, first + members):
                        out[target * width + card] = 1 - ((held >> card) & 1)


@njit_lean
def _mask_one(g: Any, n: int, asks: Any, out: Any) -> None:
    """`action_mask` of one game: 1 at each legal ask's id, `target * width + card` (Go Fish:
    `+ rank`), of the seat to move; zeros where the match is over."""
    out[:] = 0
    if g[_G, _DONE]:
        return
    width = g[_R, _GROUPS] if g[_R, _KIND] == BOOKS else g[_R, _CARDS]
    p = g[_G, _TURN]
    if g[_R, _KIND] != BOOKS and g[_R, _BY_GROUP] and g[_R, _BITMAP]:
        _mask_by_groups(g, n, p, out)
        return
    nasks = _list_asks(g, p, asks)
    for target in range(n):
        if target != p and g[_SIZE, target] > 0:
            for k in range(nasks):
                out[target * width + asks[k]] = 1


@njit_lean
def _observe_one(g: Any, n: int, seat: int, starts: Any, o: Any) -> None:
    """`encoder.encode(state.view(seat), seat)` of one game: only that seat's hand and the
    public table (seats counted from the observer, as the encoder does)."""
    o[:] = 0.0
    o[starts[0] + seat] = 1.0
    if not g[_G, _DONE]:
        o[starts[1] + _rel(g[_G, _TURN], seat, n)] = 1.0
    hand = starts[2]
    if g[_R, _BITMAP] and seat >= 0:  # the hand's bits, without a branch per card
        bits = g[_BITS, seat]
        for card in range(g[_R, _CARDS]):
            o[hand + card] = (bits >> card) & 1
    else:
        for card in range(g[_R, _CARDS]):
            if g[_HOLD, card] == seat:
                o[hand + card] = 1.0
    for group in range(g[_R, _GROUPS]):
        o[starts[3] + group] = g[_COUNTS + seat, group]
        owner = g[_LAID, group]
        if owner != NOBODY:
            k = _rel(owner, seat, n)
            o[starts[6] + group * n + k] = 1.0
            o[starts[7] + k] += 1.0
    for k in range(n):
        other = seat + k
        o[starts[4] + k] = g[_SIZE, other - n if other >= n else other]
    o[starts[5]] = g[_R, _CARDS] - g[_G, _PTR]
    if g[_R, _KIND] == OUTFITS:
        _observe_outfits(g, n, seat, starts, o)


@njit
def batch_masks(st: Any, n: int, out: Any) -> None:
    """`_mask_one` of every game."""
    asks = np.zeros(st.shape[2], dtype=np.int64)
    for i in range(st.shape[0]):
        _mask_one(st[i], n, asks, out[i])


@njit
def batch_observe(st: Any, n: int, seats: Any, starts: Any, out: Any) -> None:
    """`_observe_one` of game i for seat `seats[i]`."""
    for i in range(st.shape[0]):
        _observe_one(st[i], n, seats[i], starts, out[i])


@njit
def batch_view(st: Any, n: int, seats: Any, starts: Any, obs: Any, masks: Any) -> None:
    """`batch_observe` and `batch_masks` in one pass: each game read once, while in cache."""
    asks = np.zeros(st.shape[2], dtype=np.int64)
    for i in range(st.shape[0]):
        g = st[i]
        _observe_one(g, n, seats[i], starts, obs[i])
        _mask_one(g, n, asks, masks[i])


@njit_lean
def _observe_outfits(g: Any, n: int, seat: int, starts: Any, o: Any) -> None:
    """Panoplies' mannequins (seat s plays character s) and the match."""
    chars, garments = g[_R, _GROUPS], g[_R, _MEMBERS]
    # The game's loser's mannequin is stripped when it ends (`_on_lay`); a next game dresses
    # it again, so only a finished match shows it.
    stripped = g[_G, _LOSER] if g[_G, _DONE] else NOBODY
    for s in range(n):
        k = _rel(s, seat, n)
        o[starts[8] + k * chars + s] = 1.0
        if s != stripped:
            for m in range(garments):
                o[starts[9] + k * garments + m] = g[_WEARING + s, m]
        o[starts[10] + k] = 1 - g[_SAFE, s]
        for j in range(g[_NJOKERS, s]):
            o[starts[11] + k * chars + g[_JOKERS + s, j]] = 1.0
        o[starts[12] + k] = g[_LOSSES, s]
    o[starts[13]] = (g[_G, _GAME] - 1) / max(1, g[_R, _GAMES])


@njit_lean
def _legal(g: Any, n: int, p: int, action: int) -> bool:
    """Whether seat `p` may play the ask of id `action` (`State._check`)."""
    books = g[_R, _KIND] == BOOKS
    width = g[_R, _GROUPS] if books else g[_R, _CARDS]
    target, ask = action // width, action % width
    if not (0 <= action < n * width and target != p and g[_SIZE, target] > 0):
        return False
    if books:
        return g[_COUNTS + p, ask] > 0
    return g[_HOLD, ask] != p and _askable(g, p, _group(g, ask))


@njit_inline
def _play_action(g: Any, n: int, mt: Any, ints: Any, action: int) -> bool:
    """The seat to move plays action id `action` (`target * width + ask`) if it is legal;
    whether it was (an illegal one changes nothing)."""
    p = g[_G, _TURN]
    if not _legal(g, n, p, action):
        return False
    width = g[_R, _GROUPS] if g[_R, _KIND] == BOOKS else g[_R, _CARDS]
    _turn_call(g, n, mt, ints, p, action // width, action % width)
    return True


@njit_inline
def _bots_move(g: Any, n: int, mts: Any, bots: Any, ints: Any, probs: Any, score: Any) -> None:
    """The seated bots of one game (`bots`, their generators then the state's in `mts`) move
    until a seat played from outside is to move or the match is over."""
    while not g[_G, _DONE] and bots[g[_G, _TURN]] != EXTERNAL:
        p = g[_G, _TURN]
        target, ask = _bot_ask(g, n, p, bots[p], mts[p], ints, probs, score)
        _turn_call(g, n, mts[n], ints, p, target, ask)


@njit
def batch_step(st: Any, mts: Any, actions: Any, illegal: Any) -> None:
    """The seat to move in game i plays `actions[i]`, unless the match is over; an illegal
    action (`illegal[i]` set) leaves the game as it was."""
    n = mts.shape[1] - 1
    ints, _, _ = _scratch(st.shape[2])
    for i in range(st.shape[0]):
        g = st[i]
        illegal[i] = not g[_G, _DONE] and not _play_action(g, n, mts[i, n], ints, actions[i])


@njit
def batch_bots(st: Any, mts: Any, bots: Any) -> None:
    """The seated bots move until, in every game, a seat played from outside is to move or
    the match is over."""
    n = mts.shape[1] - 1
    ints, probs, score = _scratch(st.shape[2])
    for i in range(st.shape[0]):
        _bots_move(st[i], n, mts[i], bots[i], ints, probs, score)


@njit
def batch_advance(st: Any, mts: Any, bots: Any, actions: Any, first_out_wins: bool,
                  illegal: Any, movers: Any, returns: Any, status: Any,
                  to_move: Any) -> None:  # fmt: skip
    """`batch_step`, `batch_bots` and `batch_outcome` in one pass, each game read once while
    in cache; `movers[i]` is the seat that was to move (-1: over), `to_move[i]` the seat to
    move after (-1: over)."""
    n = mts.shape[1] - 1
    ints, probs, score = _scratch(st.shape[2])
    scores = np.zeros(n, dtype=np.int64)
    for i in range(st.shape[0]):
        g = st[i]
        movers[i] = -1 if g[_G, _DONE] else g[_G, _TURN]
        illegal[i] = False
        if not g[_G, _DONE]:
            illegal[i] = not _play_action(g, n, mts[i, n], ints, actions[i])
            _bots_move(g, n, mts[i], bots[i], ints, probs, score)
        status[i] = _outcome_one(g, n, first_out_wins, returns[i], scores)
        to_move[i] = -1 if g[_G, _DONE] else g[_G, _TURN]


@njit
def batch_advance_view(st: Any, mts: Any, bots: Any, actions: Any, first_out_wins: bool,
                       learner: Any, starts: Any, illegal: Any, movers: Any, returns: Any,
                       status: Any, to_move: Any, seats: Any, obs: Any,
                       masks: Any) -> None:  # fmt: skip
    """`batch_advance`, then `batch_view` of each game while it is in cache: seat
    `learner[i]`'s observation, or where `learner[i]` is -1 (self-play) the seat to move's, or
    at the game's end (or after an illegal action) the seat that moved; `seats[i]` says whose.
    A game over before the step (to be dealt again) is left as it is."""
    n = mts.shape[1] - 1
    ints, probs, score = _scratch(st.shape[2])
    asks = np.zeros(st.shape[2], dtype=np.int64)
    scores = np.zeros(n, dtype=np.int64)
    _advance_view_rows(st, mts, bots, actions, first_out_wins, learner, starts, illegal, movers,
                       returns, status, to_move, seats, obs, masks, ints, probs, score, asks,
                       scores)  # fmt: skip


# The pass asks for the rows of the game this far ahead while it plays the current one.
_PREFETCH_AHEAD = 2


@njit_inline
def _prefetch_game(g: Any, n: int, obs: Any, i: int) -> None:
    """Hint the lines a step reads of a game (`g`, game i) into the cache: its scalars and
    rules, the table's rows and each seat's counts, and its observation's row."""
    for row in (_G, _R, _LAID):
        prefetch(g, row, 0)
        prefetch(g, row, 8)
    prefetch(g, _SIZE, 0)
    prefetch(g, _BITS, 0)
    for s in range(n):
        prefetch(g, _COUNTS + s, 0)
        prefetch(g, _COUNTS + s, 8)
    for col in range(0, obs.shape[1], 16):
        prefetch(obs, i, col)


@njit_lean
def _advance_view_rows(st: Any, mts: Any, bots: Any, actions: Any, first_out_wins: bool,
                       learner: Any, starts: Any, illegal: Any, movers: Any, returns: Any,
                       status: Any, to_move: Any, seats: Any, obs: Any, masks: Any, ints: Any,
                       probs: Any, score: Any, asks: Any, scores: Any) -> None:  # fmt: skip
    """`batch_advance_view`'s loop, compiled without reference counts: the rows of each game
    (its state, generators, outputs) are taken as slices, whose counts cost more than a step
    of the 7 familles. It allocates nothing: the scratch comes from the caller."""
    n = mts.shape[1] - 1
    ahead = _PREFETCH_AHEAD
    for i in range(st.shape[0]):
        if i + ahead < st.shape[0]:
            _prefetch_game(st[i + ahead], n, obs, i + ahead)
        g = st[i]
        illegal[i] = False
        movers[i] = -1 if g[_G, _DONE] else g[_G, _TURN]
        if g[_G, _DONE]:
            status[i] = _outcome_one(g, n, first_out_wins, returns[i], scores)
            to_move[i] = -1
            continue
        illegal[i] = not _play_action(g, n, mts[i, n], ints, actions[i])
        _bots_move(g, n, mts[i], bots[i], ints, probs, score)
        status[i] = _outcome_one(g, n, first_out_wins, returns[i], scores)
        to_move[i] = -1 if g[_G, _DONE] else g[_G, _TURN]
        seat = learner[i]
        if seat < 0:
            seat = movers[i] if g[_G, _DONE] or illegal[i] else to_move[i]
        seats[i] = seat
        _observe_one(g, n, seat, starts, obs[i])
        _mask_one(g, n, asks, masks[i])


@njit
def batch_view_at(st: Any, n: int, games: Any, seats: Any, starts: Any, obs: Any,
                  masks: Any) -> None:  # fmt: skip
    """`batch_view` of the games `games` only (those just dealt), for `seats[games[j]]`."""
    asks = np.zeros(st.shape[2], dtype=np.int64)
    for i in games:
        g = st[i]
        _observe_one(g, n, seats[i], starts, obs[i])
        _mask_one(g, n, asks, masks[i])


@njit
def batch_outcome(st: Any, n: int, first_out_wins: bool, returns: Any, status: Any) -> None:
    """Each game's `Outcome.returns` and status (PLAYING, ENDED, STOPPED: capped, or the
    stalled table a correct game never reaches, with no winner)."""
    scores = np.zeros(n, dtype=np.int64)
    for i in range(st.shape[0]):
        status[i] = _outcome_one(st[i], n, first_out_wins, returns[i], scores)


@njit_lean
def _outcome_one(g: Any, n: int, first_out_wins: bool, row: Any, scores: Any) -> int:
    """One game's returns into `row` and its status code (`scores`: scratch of n)."""
    row[:] = 0.0
    if not g[_G, _DONE]:
        return PLAYING
    if g[_G, _STATUS] != FINISHED:
        return STOPPED
    scores[:] = 0
    if g[_R, _KIND] == OUTFITS and g[_R, _GAMES] == 1:
        _score(g, n, scores)  # +1 for the layer, -1 for the loser: the returns
        for s in range(n):
            row[s] = scores[s]
    elif g[_R, _KIND] == BOOKS and first_out_wins:  # Go Fish's first player out wins
        for s in range(n):
            row[s] = 1.0 if s == g[_G, _OUT] else -1.0 / (n - 1)
    else:
        _score(g, n, scores)  # groups laid, or minus a match's losses
        _from_scores(scores, n, row)
    return ENDED


@njit_lean
def _from_scores(scores: Any, n: int, out: Any) -> None:
    """`Outcome.from_scores(...).returns`: the best seats share +1, the others -1."""
    best = scores[0]
    for s in range(n):
        best = max(best, scores[s])
    winners = 0
    for s in range(n):
        if scores[s] == best:
            winners += 1
    if winners == n:
        return
    share, loser = 1.0 / winners, -1.0 / (n - winners)
    for s in range(n):
        out[s] = share if scores[s] == best else loser


# ----- the Python side ------------------------------------------------------------------------
def rules_tuple(
    kind: int,
    groups: int,
    members: int,
    hand_size: int,
    *,
    by_group: bool = True,
    next_left: bool = False,
    replays: bool = False,
    ask_any: bool = False,
    ask_after_empty_draw: bool = True,
    first_out: bool = False,
    games: int = 1,
    max_turns: int | None = None,
) -> tuple[int, ...]:
    """A game's rules as the kernel reads them (the bots' flags are added by `run`)."""
    return (
        kind,
        groups * members,
        groups,
        members,
        int(by_group),
        hand_size,
        int(next_left),
        int(replays),
        int(ask_any),
        int(ask_after_empty_draw),
        int(first_out),
        games,
        int(max_turns or 0),
    )


def run(
    seeds: Any, players: Any, rules: tuple[int, ...], max_seats: int = MAX_SEATS
) -> tuple[np.ndarray, np.ndarray]:
    """(scores [games, players], out [games, 3]: asks, status (an index of STATUS_NAMES), first
    player out or -1), one game (match) per seed. `players`: a number of `random` bots, or per
    game the bot of each seat ("random", "memory", "first", or their codes); at most
    `max_seats` of them (the game's own limit), checked before any game is played."""
    seed_array = np.ascontiguousarray(seeds, dtype=np.int64)
    if seed_array.ndim != 1:
        raise ValueError("seeds must be a flat sequence")
    if seed_array.size and int(seed_array.min()) < 0:
        raise ValueError("the kernel takes seeds from 0 to 2**63 - 1")
    games = seed_array.shape[0]
    if isinstance(players, int):
        bots = np.full((games, players), RANDOM, dtype=np.int64)
    else:
        codes = [[BOT_CODES.get(b, b) for b in row] for row in players]
        bots = np.array(codes, dtype=np.int64).reshape(games, -1)
    n = bots.shape[1]
    if n > max_seats:
        raise ValueError(f"{n} hands of {rules[_HAND]} cards do not fit the deck")
    track, says = bot_flags(rules[_KIND], bots)
    table = kernel_table(rules, n, track, says)
    scores = np.zeros((games, n), dtype=np.int64)
    out = np.zeros((games, 3), dtype=np.int64)
    play_many(seed_array, bots, table, scores, out)
    return scores, out


def kernel_table(
    rules: tuple[int, ...], n: int, track: bool, says: bool, rank_bits: bool = False
) -> tuple[int, ...]:
    """The rules row of a game's state: `rules_tuple`, then the bots' flags (the tracker, the
    « Pioche ! » answers) and the hands kept as bits where the card asks allow it, and in
    Go Fish (rank asks) with `rank_bits`."""
    kind, cards = rules[_KIND], rules[_CARDS]
    # Go Fish's deal may run out of cards (its rules say how many players fit).
    fits = kind == BOOKS or n * rules[_HAND] <= cards
    if not 2 <= n <= MAX_SEATS or not fits or rules[_HAND] < 1:
        raise ValueError(f"{n} hands of {rules[_HAND]} cards do not fit the deck")
    # Hands as bits: card ids by groups of at most _SPAN, every card a bit of an int64. Go
    # Fish asks by rank: its bulk games do not read the bits (keeping them cost 4-8% of a
    # random table), but the step kernel's observations read the hand from them (one word,
    # where the hand's row is seven cache lines: 10-20% of a vector env's step).
    asks_read_them = kind != BOOKS or rank_bits
    bitmap = asks_read_them and rules[_BY_GROUP] and rules[_MEMBERS] <= _SPAN and cards <= 62
    return (*rules, int(track), int(says), int(bitmap))


def new_batch(table: tuple[int, ...], n: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """The state arrays (count x rows x width, the rules row `table` written) and generators
    (count x (n + 1) x MT_WORDS: the seats' bots', then the state's) of `count` games."""
    cards = table[_CARDS]
    width = max(cards, MAX_SEATS, _RULES, _SCALARS)
    st = np.zeros((count, _ROWS, width), dtype=np.int64)
    st[:, _R, :_RULES] = table
    group_of = np.arange(cards) // table[_MEMBERS] if table[_BY_GROUP] else np.arange(cards)
    st[:, _GROUP_OF, :cards] = group_of if table[_BY_GROUP] else group_of % table[_GROUPS]
    st[:, _G, _DONE] = 1  # no game dealt yet
    return st, np.zeros((count, n + 1, MT_WORDS), dtype=np.int64)


def set_bot_flags(st: np.ndarray, where: np.ndarray, track: bool, says: bool) -> None:
    """Whether the games where `where` is true keep the tracker and the « Pioche ! » answers
    (set before a deal: a deal resets what they keep)."""
    st[where, _R, _TRACK] = int(track)
    st[where, _R, _SAYS] = int(says)


def bot_flags(kind: int, codes: Any) -> tuple[bool, bool]:
    """(track, says): what a table of bots (their codes) needs the kernel to keep."""
    memory = bool((codes == MEMORY).any())
    first = bool((codes == FIRST).any())
    return memory or (first and kind == BOOKS), first and kind != BOOKS


def to_move(st: np.ndarray) -> np.ndarray:
    """The seat to move in each game, -1 where the match is over."""
    return np.where(st[:, _G, _DONE] != 0, -1, st[:, _G, _TURN])


def to_move_at(st: np.ndarray, games: np.ndarray) -> np.ndarray:
    """`to_move` of the games `games` only (a few rows read, not every game's)."""
    return np.where(st[games, _G, _DONE] != 0, -1, st[games, _G, _TURN])


def kind_of(table: tuple[int, ...]) -> int:
    return table[_KIND]
