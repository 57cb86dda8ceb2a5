"""The bots of the ask-and-draw games that ask for one card (the 7 familles, Panoplies).

- `hit_chances`: each ask's chance of a hit, from the seat's tracker;
- `ReflexesBot` (`reflexes`): the seed's three reflexes, with a child's memory;
- `OpenFirstBot` (`first`): the first legal ask whose « Pioche ! » does not still stand;
- `make_playout`: the fast playouts of their searches, in which every player remembers the
  cards seen changing hands.

Each game adds its own memory bot and search candidates (`games/<game>/bots.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots.base import Bot, Decision
from parlour.core.events import Event
from parlour.games.askdraw.bots import grouping_of, pick_target
from parlour.games.askdraw.engine import PILE, Ask, AskDrawState
from parlour.games.askdraw.tracker import Tracker


def hit_chances(tracker: Tracker, asks: Sequence[Ask]) -> list[float]:
    """For each ask, the chance it succeeds: a gift, or else a Bonne pioche.

    The Bonne pioche needs the card in the pile, where it lies only if the target lacks it, so
    its chance is the card's chance to be in the pile over the pile's size, added whole:
    `p + in_pile / pile`, not scaled by the target's miss (`1 - p`) a second time."""
    where = {card: seat for seat, cards in enumerate(tracker.sure) for card in cards}
    probs = tracker.probabilities()
    pile = tracker.pile
    out = []
    for ask in asks:
        holder = where.get(ask.card)
        if holder is not None:
            out.append(1.0 if holder == ask.target else 0.0)
            continue
        spread = probs.get(ask.card)
        if spread is None:
            out.append(0.0)
            continue
        p = spread[ask.target]
        in_pile = max(0.0, 1.0 - sum(spread)) if pile else 0.0
        out.append(p + (in_pile / pile if pile else 0.0))
    return out


class ReflexesBot(Bot):
    """The seed's three reflexes, with a child's memory: who asked for which family, who said
    « Pioche ! » to which card, who received which card; no finer inference.

    A « Pioche ! » is remembered only while it can still be true: it is forgotten when that
    player draws (the card drawn could be the one) or receives the card. So the bot never
    repeats a question whose answer cannot have changed while another one is open to it, and
    with an empty pile (where a miss changes nothing) the game still moves on.
    """

    name = "reflexes"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self._cursor = 0
        self._first: Event | None = None
        self._reset()

    def _reset(self) -> None:
        self.asked_group: dict[int, set[int]] = {}
        self.said_pioche: set[tuple[int, int]] = set()
        self.received: dict[int, int] = {}

    def _forget_pioches(self, seat: int, card: int | None = None) -> None:
        """`seat` took a card (`card`, or an unknown one): its old answers may be stale."""
        self.said_pioche = {
            (s, c) for s, c in self.said_pioche if s != seat or (card is not None and c != card)
        }

    def _read(self, decision: Decision, group_of: Sequence[int]) -> None:
        events = decision.events
        if not events or events[0] is not self._first or len(events) < self._cursor:
            self._reset()
            self._cursor = 0
            self._first = events[0] if events else None
        for event in events[self._cursor :]:
            d = event.data
            if event.type == "ask":
                self.asked_group.setdefault(d["seat"], set()).add(group_of[d["card"]])
            elif event.type == "pioche":
                self.said_pioche.add((d["seat"], d["card"]))
            elif event.type == "give":
                self.received[d["card"]] = d["to"]
                self._forget_pioches(d["to"], d["card"])
            elif event.type == "bonne_pioche":
                self.received[d["card"]] = d["seat"]
                self._forget_pioches(d["seat"], d["card"])
            elif event.type == "draw":
                self._forget_pioches(d["seat"])
            elif event.type == "deal":
                self._reset()  # a new game of a match: nothing carries over
        self._cursor = len(events)

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        group_of = grouping_of(decision).group_of
        self._read(decision, group_of)
        sizes = decision.view["hand_sizes"]
        held: dict[int, int] = {}
        for card in decision.view["hand"]:
            held[group_of[card]] = held.get(group_of[card], 0) + 1
        # Questions still open: none whose « Pioche ! » still stands.
        open_asks = [a for a in legal if (a.target, a.card) not in self.said_pioche]
        # Concentrate: the one or two families with most cards in hand.
        focus = sorted(held, key=lambda g: (-held[g], self.rng.random()))[:2]
        options = [a for a in open_asks if group_of[a.card] in focus] or open_asks or list(legal)

        def score(ask: Ask) -> float:
            if self.received.get(ask.card) == ask.target:
                return 100.0
            bonus = 10.0 if group_of[ask.card] in self.asked_group.get(ask.target, ()) else 0.0
            return bonus + sizes[ask.target] + self.rng.random()

        return max(options, key=score)


class OpenFirstBot(ReflexesBot):
    """The generic `first` baseline for asking games: the first legal ask, skipping those
    whose « Pioche ! » still stands. The plain first legal ask would repeat one failed
    question for ever once the pile is empty (a miss then changes nothing)."""

    name = "first"

    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        self._read(decision, grouping_of(decision).group_of)
        return next((a for a in legal if (a.target, a.card) not in self.said_pioche), legal[0])


def playout_ask(
    state: AskDrawState, rng: random.Random, bonus: Sequence[float] | None = None
) -> Ask:
    """A fast playout move: a card everybody saw go into a hand, else a card of one's biggest
    group from a player chosen by hand size. `bonus` (per group) makes some groups count for
    more than their cards in hand (Panoplies: one's own character)."""
    p = state.turn
    grouping = state.grouping
    members = grouping.members
    counts = state.counts[p]
    holder = state.public_holder
    known: tuple[int, int] | None = None
    known_weight = 0.0
    top = 0.0
    top_groups: list[int] = []
    for g, k in enumerate(counts):
        if not k:
            continue
        weight = k + bonus[g] if bonus is not None else k
        if weight > top:
            top, top_groups = weight, [g]
        elif weight == top:
            top_groups.append(g)
        if weight > known_weight:
            for card in members[g]:
                h = holder[card]
                if h >= 0 and h != p:  # seen going into another hand, and still there
                    known, known_weight = (h, card), weight
                    break
    if known is not None:
        return Ask(known[0], known[1], grouping.num_cards)
    hand = state.hands[p]
    if not top_groups:  # ask_any with an empty match: any group still in play
        top_groups = [g for g in range(grouping.num_groups) if state.laid[g] == PILE]
    group = top_groups[0] if len(top_groups) == 1 else rng.choice(top_groups)
    missing = [c for c in members[group] if c not in hand]
    target = pick_target(state.hands, p, rng)
    return Ask(target, rng.choice(missing), grouping.num_cards)


def make_playout(
    value: Callable[[AskDrawState, int], float],
    max_steps: int = 400,
    bonus_of: Callable[[AskDrawState], Sequence[Sequence[float]]] | None = None,
) -> Callable[[Any, int, random.Random], float]:
    """A playout for the ask-and-draw games: fast moves to the end (or `max_steps`), then the
    seat's reward, or `value(state, seat)` as an estimate when cut short. `bonus_of(state)`
    gives each seat's per-group bonus for `playout_ask`."""

    def playout(state: Any, seat: int, rng: random.Random) -> float:
        state._quiet = True
        bonus = bonus_of(state) if bonus_of is not None else None
        steps = 0
        while not state.is_over and steps < max_steps:
            p = state.turn
            state._apply(playout_ask(state, rng, bonus[p] if bonus is not None else None))
            steps += 1
        return value(state, seat)

    return playout
