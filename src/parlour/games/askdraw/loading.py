"""A reference state in the compiled ask-and-draw kernel, and back.

`load_state` writes a `State` of the 7 familles, Panoplies or Go Fish (any point of a game; for
a search, a determinized world) into one kernel state array (`kernel.py`'s rows), and
`read_state` makes a reference state of such an array. The kernel holds the table, not its
history: the hands, the pile in order, the groups laid, who saw which card go where, the player
to move, the asks made, Panoplies' mannequins, jokers and losses, the end. The rows the kernel's
`memory` and `first` bots read (what every seat knows of the others: the cards each surely
lacks and since which hidden draw, the groups each surely holds, the « Pioche ! » still
standing) are rebuilt from the state's public events, the ones every seat saw, so that a bot
in the kernel knows what it would know at the table and nothing more.

A state read back has the table of the state loaded (`table_of` compares them) but no event log
and no actions: what was said before cannot be rebuilt from the table.

Panoplies is loaded when each seat plays its own character (seat s, character s: the seats of a
table without chosen characters), the kernel's only layout; `loadable` says whether a state is.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import numpy as np

from parlour.core.events import Event
from parlour.core.game import Game, Outcome, State
from parlour.games.askdraw import kernel as k
from parlour.games.askdraw.engine import PILE, AskDrawState
from parlour.games.askdraw.tracker import Tracker


def rules_of(game: Game | str, rules: Any, num_players: int) -> tuple[int, ...]:
    """The kernel's rules tuple (`kernel.rules_tuple`) of a game's rules at `num_players`: its
    step kernel's, so that each game's rules are turned into the kernel's in one place."""
    found = _game(game) if isinstance(game, str) else game
    rules = rules if rules is not None else found.default_rules()
    from parlour.games.askdraw.step import AskDrawStepKernel

    stepper = found.step_kernel(rules, num_players)
    if not isinstance(stepper, AskDrawStepKernel):
        raise ValueError(f"{found.name} is not played by the ask-and-draw kernel")
    return stepper.table


def new_array(table: tuple[int, ...], *, track: bool = True, says: bool = True) -> np.ndarray:
    """A kernel state array prepared for a rules tuple: the rules row with the bots' flags
    (`track`: the public tracker is kept, for `memory` bots, Go Fish's `first` and the
    playouts; `says`: the « Pioche ! » answers, for the card games' `first`) and the cards'
    groups. As `kernel.run` sets them."""
    kind, cards = table[k._KIND], table[k._CARDS]
    bitmap = kind != k.BOOKS and table[k._BY_GROUP] and table[k._MEMBERS] <= k._SPAN and cards <= 62
    width = max(cards, k.MAX_SEATS, k._RULES, k._SCALARS)
    st = np.zeros((k._ROWS, width), dtype=np.int64)
    st[k._R, : k._RULES] = (*table, int(track), int(says and kind != k.BOOKS), int(bitmap))
    _group_row(st)
    return st


def _group_row(st: np.ndarray) -> None:
    r = st[k._R]
    cards = np.arange(r[k._CARDS])
    st[k._GROUP_OF, : r[k._CARDS]] = (
        cards // r[k._MEMBERS] if r[k._BY_GROUP] else cards % r[k._GROUPS]
    )


def _game(name: str) -> Game:
    from parlour.core.registry import get_game

    return get_game(name)


def loadable(state: State) -> bool:
    """Whether the kernel can hold this state (every ask-and-draw game; Panoplies when seat s
    plays character s)."""
    n = state.num_players
    if not isinstance(state, AskDrawState) or n > k.MAX_SEATS:
        return False
    characters = getattr(state, "characters", None)  # Panoplies: who defends which outfit
    return characters is None or list(characters) == list(range(n))


# ----- loading ----------------------------------------------------------------------------------
def load_state(st: np.ndarray, state: State, *, memory: bool = True) -> None:
    """Write `state` into `st`, a kernel state array prepared for its rules and players
    (`new_array(rules_of(...))`). With `memory`, the tracker rows are rebuilt from the state's
    public events (the kernel's bots read them); without it only the cards seen going into a
    hand are (all a playout reads), which costs no pass over the log."""
    if not loadable(state):
        raise ValueError(f"the kernel cannot hold this {state.game.name} state")
    r = st[k._R]
    n = state.num_players
    cards = int(r[k._CARDS])
    groups = int(r[k._GROUPS])
    grouping = state.grouping  # type: ignore[attr-defined]
    if grouping.num_cards != cards or grouping.num_groups != groups:
        raise ValueError("the array was prepared for other rules")
    rules_row = r[: k._RULES].copy()
    st[:] = 0
    st[k._R, : k._RULES] = rules_row
    _group_row(st)
    hands: list[set[int]] = state.hands  # type: ignore[attr-defined]
    pile: list[int] = state.pile  # type: ignore[attr-defined]
    laid: list[int] = state.laid  # type: ignore[attr-defined]
    kind = int(r[k._KIND])
    # The table: the pile's top (the end of `pile`) is the next card of the deck.
    ptr = cards - len(pile)
    in_pile = set(pile)
    st[k._DECK, :ptr] = [c for c in range(cards) if c not in in_pile]
    st[k._DECK, ptr:cards] = pile[::-1]
    hold = [k.NOBODY] * cards
    bits = [0] * n
    for seat, hand in enumerate(hands):
        for card in hand:
            hold[card] = seat
            bits[seat] |= 1 << card
        st[k._SIZE, seat] = len(hand)
        st[k._COUNTS + seat, :groups] = state.counts[seat]  # type: ignore[attr-defined]
    st[k._HOLD, :cards] = hold
    if r[k._BITMAP]:
        st[k._BITS, :n] = bits
    st[k._LAID, :groups] = laid
    for seat in range(n):
        st[k._WEARING + seat, : r[k._MEMBERS]] = 1
    g = st[k._G]
    g[k._TURN] = state.turn  # type: ignore[attr-defined]
    g[k._PTR] = ptr
    g[k._TURNS] = state.turns
    g[k._NLAID] = sum(1 for owner in laid if owner != PILE)
    g[k._FIRST] = state.first  # type: ignore[attr-defined]
    g[k._GAME] = 1
    g[k._LAST_LOSER] = g[k._LOSER] = g[k._LAYER] = g[k._OUT] = k.NOBODY
    if kind == k.OUTFITS:
        _load_outfits(st, state)
    if kind == k.BOOKS and state.first_out is not None:  # type: ignore[attr-defined]
        g[k._OUT] = state.first_out  # type: ignore[attr-defined]
    outcome = state.outcome
    if outcome is not None:
        g[k._OVER] = g[k._DONE] = 1
        g[k._STATUS] = k.STATUS_NAMES.index(outcome.status)
    # The cards seen going into a hand: the tracker's row, which playouts keep without it.
    st[k._SEEN, :cards] = state.public_holder  # type: ignore[attr-defined]
    if r[k._TRACK] or r[k._SAYS]:
        st[k._SINCE : k._SINCE + n, :cards] = -1
        if memory:
            _load_memory(st, state)


def _load_outfits(st: np.ndarray, state: Any) -> None:
    g = st[k._G]
    g[k._GAME] = state.game_no
    g[k._LAST_LOSER] = k.NOBODY if state.last_loser is None else state.last_loser
    for seat in range(state.num_players):
        st[k._SAFE, seat] = int(state.safe[seat])
        st[k._NJOKERS, seat] = len(state.jokers[seat])
        st[k._JOKERS + seat, : len(state.jokers[seat])] = state.jokers[seat]
        st[k._WEARING + seat, : len(state.wearing[seat])] = [int(w) for w in state.wearing[seat]]
        st[k._LOSSES, seat] = state.losses[seat]
    # The loser and layer of the game that ended the match; a match capped mid-game has
    # neither (its last result is an earlier game's, whose loser is dressed again since).
    if state.outcome is not None and state.results and state.results[-1]["game"] == state.game_no:
        last = state.results[-1]
        g[k._LOSER] = k.NOBODY if last["loser"] is None else last["loser"]
        g[k._LAYER] = k.NOBODY if last["layer"] is None else last["layer"]


def public_events(log: Iterable[Event]) -> list[Event]:
    """The events every seat saw, in order. A seat's world holds that seat's own events, in
    which its draws are private: each is read as its public twin (« draws a card »)."""
    events = list(log)
    out: list[Event] = []
    for index, event in enumerate(events):
        if event.visible_to(None):
            out.append(event)
        elif event.type == "draw" and event.audience is not None:
            twin = events[index + 1] if index + 1 < len(events) else None
            if twin is not None and twin.type == "draw" and twin.hidden_from == event.audience:
                continue  # the full log: the public twin comes next
            data = {key: value for key, value in event.data.items() if key != "card"}
            out.append(Event("draw", data))
    return out


def _load_memory(st: np.ndarray, state: Any) -> None:
    """The public tracker (`Tracker` of no seat) and `ReflexesBot`'s « Pioche ! » memory, from
    the public events."""
    r = st[k._R]
    n = state.num_players
    events = public_events(state.log)
    tracker = Tracker(state.grouping, n, None)
    said: set[tuple[int, int]] = set()
    for event in events:
        tracker.observe(event)
        _read_says(said, event)
    if r[k._TRACK]:
        st[k._DRAWS, :n] = tracker.draws
        for seat in range(n):
            for card in tracker.lacks[seat]:
                st[k._LACKS + seat, card] = 1
            for card, since in tracker.lack_since[seat].items():
                st[k._SINCE + seat, card] = since
            for group in tracker.holds_group[seat]:
                st[k._HOLDS + seat, group] = 1
    if r[k._SAYS]:
        for seat, card in said:
            st[k._SAID + seat, card] = 1


def _read_says(said: set[tuple[int, int]], event: Event) -> None:
    """`ReflexesBot._read`'s « Pioche ! » memory: an answer stands until that player draws or
    receives the card; a deal forgets everything."""
    d = event.data
    if event.type == "pioche" and "card" in d:
        said.add((d["seat"], d["card"]))
    elif event.type == "give" and "card" in d:
        said.discard((d["to"], d["card"]))
    elif event.type == "bonne_pioche":
        said.discard((d["seat"], d["card"]))
    elif event.type == "draw":
        said.difference_update({(s, c) for s, c in said if s == d["seat"]})
    elif event.type == "deal":
        said.clear()


# ----- reading ----------------------------------------------------------------------------------
def read_state(
    st: np.ndarray, game: Game, rules: Any, num_players: int, *, seen: bool | None = None
) -> State:
    """The reference state of a kernel state array: the table of the state loaded, no event
    log (see the module's note). Seats are numbered as the kernel numbers them. The cards
    seen going into a hand are read when the array keeps them (`seen`; by default when its
    tracker is on: the kernel's bulk games keep them only then, playouts always)."""
    rules = rules if rules is not None else game.rules_class()
    n = num_players
    state: Any = game.new_state(n, seed=0, rules=rules)
    r = st[k._R]
    g = st[k._G]
    cards, groups = int(r[k._CARDS]), int(r[k._GROUPS])
    group_of = state.grouping.group_of
    hold = st[k._HOLD, :cards].tolist()
    state.hands = [set() for _ in range(n)]
    state.counts = [[0] * groups for _ in range(n)]
    for card, seat in enumerate(hold):
        if seat != k.NOBODY:
            state.hands[seat].add(card)
            state.counts[seat][group_of[card]] += 1
    ptr = int(g[k._PTR])
    state.pile = st[k._DECK, ptr:cards].tolist()[::-1]
    state.laid = st[k._LAID, :groups].tolist()
    if seen is None:
        seen = bool(r[k._TRACK] or r[k._SAYS])
    if seen:
        state.public_holder = st[k._SEEN, :cards].tolist()
    else:
        state.public_holder = [PILE] * cards
    state.turn = int(g[k._TURN])
    state.first = int(g[k._FIRST])
    state.turns = int(g[k._TURNS])
    state.log = []
    state.actions = []
    state.seed = None
    state._rng = random.Random(0)
    state._trackers = {}
    state._outcome = None
    kind = int(r[k._KIND])
    if kind == k.OUTFITS:
        state.game_no = int(g[k._GAME])
        garments = int(r[k._MEMBERS])
        state.safe = [bool(st[k._SAFE, s]) for s in range(n)]
        state.jokers = [st[k._JOKERS + s, : st[k._NJOKERS, s]].tolist() for s in range(n)]
        state.wearing = [[bool(w) for w in st[k._WEARING + s, :garments]] for s in range(n)]
        state.losses = st[k._LOSSES, :n].tolist()
        last = int(g[k._LAST_LOSER])
        state.last_loser = None if last == k.NOBODY else last
        state.results = []
        state.outfits = []
    if kind == k.BOOKS:
        out = int(g[k._OUT])
        state.first_out = None if out == k.NOBODY else out
    if g[k._DONE]:
        _read_outcome(state, st, kind)
        state.log = []
    return state


def _read_outcome(state: Any, st: np.ndarray, kind: int) -> None:
    g = st[k._G]
    status = k.STATUS_NAMES[int(g[k._STATUS])]
    n = state.num_players
    if status == "capped":
        state.finish(Outcome.draw(n, "capped", {"turns": state.turns}))
    elif status == "stalled":
        state.finish(Outcome.draw(n, "stalled"))
    elif kind == k.FAMILIES:
        state.emit_end(state.families_count())
    elif kind == k.BOOKS:
        state._end()
    else:  # Panoplies: the last game's end, its loss counted once
        loser = None if g[k._LOSER] == k.NOBODY else int(g[k._LOSER])
        layer = None if g[k._LAYER] == k.NOBODY else int(g[k._LAYER])
        if loser is not None:
            state.losses[loser] -= 1
            # The engine undresses the loser's mannequin (`_on_lay`); the kernel, whose game
            # is over, does not bother.
            state.wearing[loser] = [False] * len(state.wearing[loser])
        state._end_game(loser, layer)


def table_of(state: State) -> dict[str, Any]:
    """What the kernel holds of a state, to compare a state with its loaded and read copy."""
    s: Any = state
    table: dict[str, Any] = {
        "hands": [sorted(h) for h in s.hands],
        "counts": [list(c) for c in s.counts],
        "pile": list(s.pile),
        "laid": list(s.laid),
        "public_holder": list(s.public_holder),
        "turn": s.turn,
        "first": s.first,
        "turns": s.turns,
        "outcome": _outcome_key(s.outcome),
    }
    kind = rules_of(state.game, state.rules, state.num_players)[k._KIND]
    if kind == k.OUTFITS:
        table |= {
            "game_no": s.game_no,
            "safe": list(s.safe),
            "jokers": [list(j) for j in s.jokers],
            "wearing": [list(w) for w in s.wearing],
            "losses": list(s.losses),
            "last_loser": s.last_loser,
        }
    if kind == k.BOOKS:
        table["first_out"] = s.first_out
    return table


def _outcome_key(outcome: Outcome | None) -> tuple[Any, ...] | None:
    """An outcome without its detail (a match's detail lists games the kernel does not keep)."""
    if outcome is None:
        return None
    return (outcome.status, outcome.scores, outcome.ranks, outcome.returns, outcome.winners)
