"""Consistent deals: the unknown cards re-dealt so that every fact a seat knows holds.

Every fact the tracker keeps is a count, per place, per (seat, group) or per card:

- each seat receives exactly its number of unknown cards, the pile exactly its size;
- a card a seat surely lacks never goes to that seat;
- a group a seat surely holds, none of its cards known: at least one of its cards goes there;
- no group is complete in a hand (it would have been laid): at most `upper` of its cards there;
- a card a seat lacked `d` draws ago can only be one of those `d` draws: at most `v` of the
  cards it lacked within its last `v` draws are in its hand, for every `v` (`recent`).

The first four make a flow network (card -> (seat, group) -> seat -> sink), so whether a deal
keeping them exists is a max-flow question, answered exactly; the last one (which crosses the
groups) is kept by the random deals and the swaps, and by the network's deal only as far as
the swaps can bring it back. `sample` deals greedily at
random first (fast, and it nearly always fits); when that breaks a fact it builds a deal on the
network instead, which succeeds whenever a consistent deal exists, and then mixes it with random
swaps that keep every fact, so that the deal found is not one the network's search favours.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parlour.core.errors import ParlourError

GREEDY_TRIES = 3  # cheap random deals tried before the exact construction
MIX_SWEEPS = 12  # swap attempts per unknown card after an exact construction
MEND_ROUNDS = 10  # more sweeps while the recent-draws fact is broken, at most
GREEDY_MIX_SWEEPS = 6  # and after a random deal (whose cards were placed in a random order)


class NoConsistentDeal(ParlourError):
    """What a seat knows admits no deal: its knowledge is wrong (a bug, never a game state)."""


@dataclass
class DealProblem:
    """The unknown cards and the places they may go.

    Places are the seats `0..n-1` and the pile `n`. `recent[seat]` maps each card the seat
    lacked before its last draws (and may have drawn since) to the number of draws since.
    Without that fact the deals put such cards back in the hand far too often: over 40 heads-up
    7 familles games they gave them a mean chance of 0.394 to be there, where 0.271 truly were;
    with it, 0.339 (benchmarks/askdraw_calibration.py, docs/familles.md).
    """

    cards: Sequence[int]
    group_of: Sequence[int]
    capacity: Sequence[int]  # per place, the pile last
    lacks: Sequence[set[int]]  # per seat
    lower: Sequence[set[int]]  # per seat: groups of which at least one card must go there
    upper: Sequence[Sequence[int]]  # per seat and group: at most this many cards there
    recent: Sequence[Mapping[int, int]] = ()  # per seat: card -> draws since it lacked it

    @property
    def pile(self) -> int:
        return len(self.capacity) - 1

    def allowed(self, card: int, place: int) -> bool:
        return place == self.pile or card not in self.lacks[place]

    # ----- sampling -----------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> list[int]:
        """A place for each card of `cards` (same order), every fact kept."""
        if sum(self.capacity) != len(self.cards) or min(self.capacity, default=0) < 0:
            raise NoConsistentDeal(
                f"{len(self.cards)} unknown cards for places {list(self.capacity)}"
            )
        for seat, groups in enumerate(self.lower):
            if len(groups) > self.capacity[seat]:
                raise NoConsistentDeal(
                    f"seat {seat} must hold {len(groups)} groups in {self.capacity[seat]} cards"
                )
        for _ in range(GREEDY_TRIES):
            places = self._greedy(rng)
            if places is not None:
                self._mix(places, rng, GREEDY_MIX_SWEEPS)
                return places
        places = self._construct(rng)
        self._mix(places, rng, MIX_SWEEPS)
        for _ in range(MEND_ROUNDS):  # the network's deal may break the recent-draws fact
            if not any(self._excess(u) for u in self._recent_counts(places)):
                break
            self._mix(places, rng, MIX_SWEEPS)
        return places

    # ----- the recent-draws fact -----------------------------------------------------------------
    def _limits(self, seat: int) -> list[int]:
        """The distinct draw counts of `seat`'s recent lacks: one limit each."""
        if not self.recent:
            return []
        return sorted(set(self.recent[seat].values()))

    @staticmethod
    def _excess(used: dict[int, int]) -> int:
        """How far `used[v]` (the hand's cards lacked within the last v draws) passes v."""
        return sum(max(0, count - v) for v, count in used.items())

    def _recent_counts(self, places: Sequence[int]) -> list[dict[int, int]]:
        n = self.pile
        used: list[dict[int, int]] = [dict.fromkeys(self._limits(s), 0) for s in range(n)]
        for card, place in zip(self.cards, places, strict=True):
            if place != n:
                self._count_recent(place, card, used[place], 1)
        return used

    def _count_recent(self, seat: int, card: int, used: dict[int, int], step: int) -> None:
        since = self.recent[seat].get(card) if self.recent else None
        if since is not None:
            for v in used:
                if since <= v:
                    used[v] += step

    def _greedy(self, rng: random.Random) -> list[int] | None:
        """A random deal, each card weighted by room left; None when it breaks a fact."""
        n, pile, group_of = self.pile, self.pile, self.group_of
        left = list(self.capacity)
        count = [[0] * len(self.upper[0]) for _ in range(n)] if n else []
        used = self._recent_counts([pile] * len(self.cards))
        place_of: dict[int, int] = {}
        by_group: dict[int, list[int]] = {}
        for card in self.cards:
            by_group.setdefault(group_of[card], []).append(card)
        for seat in range(n):  # obligations first, each with a random card that fits
            for group in sorted(self.lower[seat]):
                fits = [
                    c
                    for c in by_group.get(group, ())
                    if c not in place_of
                    and c not in self.lacks[seat]
                    and self._recent_fits(seat, c, used[seat])
                ]
                if not fits or not left[seat] or not self.upper[seat][group]:
                    return None
                card = rng.choice(fits)
                place_of[card] = seat
                left[seat] -= 1
                count[seat][group] += 1
                self._count_recent(seat, card, used[seat], 1)
        order = [c for c in self.cards if c not in place_of]
        rng.shuffle(order)
        for card in order:
            group = group_of[card]
            options: list[int] = []
            weights: list[int] = []
            for place in range(n + 1):
                if not left[place]:
                    continue
                if place != pile:
                    if card in self.lacks[place] or count[place][group] >= self.upper[place][group]:
                        continue
                    if not self._recent_fits(place, card, used[place]):
                        continue
                options.append(place)
                weights.append(left[place])
            if not options:
                return None
            place = rng.choices(options, weights)[0]
            place_of[card] = place
            left[place] -= 1
            if place != pile:
                count[place][group] += 1
                self._count_recent(place, card, used[place], 1)
        return [place_of[c] for c in self.cards]

    def _weight(self, card: int, place: int) -> float:
        """The odds of `card` being in `place` against a card with no history there: a card
        the seat lacked d draws ago is there only as one of those d draws, d / (the seat's
        unknown cards)."""
        since = self.recent[place].get(card) if self.recent and place != self.pile else None
        if since is None or not self.capacity[place]:  # no history, or no room for any card
            return 1.0
        return min(1.0, since / self.capacity[place])

    def _recent_fits(self, seat: int, card: int, used: dict[int, int]) -> bool:
        since = self.recent[seat].get(card) if self.recent else None
        return since is None or all(used[v] < v for v in used if since <= v)

    def _construct(self, rng: random.Random) -> list[int]:
        """A consistent deal by max flow, explored in random order; raises if none exists.

        Nodes: source, sink, one per card, (seat, group) in and out (the edge between them
        carries `upper`), one "must" node per obligation (capacity 1: the card that keeps it),
        one node per seat for its other cards, and the pile. A flow that fills every place is
        a consistent deal, and every consistent deal gives such a flow.
        """
        n, pile, group_of = self.pile, self.pile, self.group_of
        groups = len(self.upper[0]) if n else 0
        flow = _Flow()
        source, sink = flow.node(), flow.node()
        pile_node = flow.node()
        flow.add(pile_node, sink, self.capacity[pile])
        plain = [flow.node() for _ in range(n)]
        pair_in: dict[tuple[int, int], int] = {}
        for seat in range(n):
            flow.add(plain[seat], sink, self.capacity[seat] - len(self.lower[seat]))
            for group in range(groups):
                a, b = flow.node(), flow.node()
                flow.add(a, b, self.upper[seat][group])
                if group in self.lower[seat]:
                    must = flow.node()
                    flow.add(b, must, 1)
                    flow.add(must, sink, 1)
                flow.add(b, plain[seat], len(self.cards))
                pair_in[seat, group] = a
        order = list(range(len(self.cards)))
        rng.shuffle(order)
        card_edges: dict[int, list[tuple[int, int]]] = {}
        for index in order:
            card = self.cards[index]
            node = flow.node()
            flow.add(source, node, 1)
            targets = [p for p in range(n + 1) if self.allowed(card, p)]
            rng.shuffle(targets)
            edges = []
            for place in targets:
                head = pile_node if place == pile else pair_in[place, group_of[card]]
                edges.append((flow.add(node, head, 1), place))
            card_edges[index] = edges
        if flow.max_flow(source, sink) != len(self.cards):
            raise NoConsistentDeal("no deal is consistent with what this seat knows")
        places = [pile] * len(self.cards)
        for index, edges in card_edges.items():
            places[index] = next(place for edge, place in edges if flow.cap[edge] == 0)
        return places

    def _mix(self, places: list[int], rng: random.Random, sweeps: int) -> None:
        """Random swaps of two cards between places that keep every fact: a Metropolis chain
        that spreads the deal over the consistent ones instead of the first found, each deal
        weighed by the odds of its recent cards (`_weight`). A swap never takes the
        recent-draws fact further from holding (the network's deal may break it; the swaps
        then mend it)."""
        n, group_of, cards = self.pile, self.group_of, self.cards
        if len(cards) < 2:
            return
        count = [[0] * len(self.upper[0]) for _ in range(n)] if n else []
        for card, place in zip(cards, places, strict=True):
            if place != n:
                count[place][group_of[card]] += 1
        used = self._recent_counts(places)
        recent = self.recent or [{} for _ in range(n)]
        weight = [[self._weight(card, place) for place in range(n + 1)] for card in cards]

        def recent_keeps(place: int, out: int, into: int) -> bool:
            """Whether `place` giving card `out` for card `into` keeps the recent-draws fact
            (or brings it no further from holding); counts the swap in when it does."""
            if place == n or (out not in recent[place] and into not in recent[place]):
                return True
            counts = used[place]
            trial = dict(counts)
            self._count_recent(place, out, trial, -1)
            self._count_recent(place, into, trial, 1)
            if self._excess(trial) > self._excess(counts):
                return False
            used[place] = trial
            return True

        def keeps(place: int, out: int, into: int) -> bool:
            """Whether `place` may give a card of group `out` for one of group `into`."""
            if place == n or out == into:
                return True
            floor = 1 if out in self.lower[place] else 0
            return (
                count[place][out] - 1 >= floor and count[place][into] + 1 <= self.upper[place][into]
            )

        for _ in range(sweeps * len(cards)):
            i, j = rng.randrange(len(cards)), rng.randrange(len(cards))
            p, q = places[i], places[j]
            if p == q:
                continue
            a, b = cards[i], cards[j]
            ga, gb = group_of[a], group_of[b]
            if not (self.allowed(a, q) and self.allowed(b, p)):
                continue
            if not (keeps(p, ga, gb) and keeps(q, gb, ga)):
                continue
            before = weight[i][p] * weight[j][q]
            after = weight[i][q] * weight[j][p]
            if after < before and rng.random() * before >= after:
                continue
            saved_p = used[p] if p != n else None
            if not recent_keeps(p, a, b):
                continue
            if not recent_keeps(q, b, a):
                if saved_p is not None:
                    used[p] = saved_p
                continue
            if ga != gb:
                if p != n:
                    count[p][ga] -= 1
                    count[p][gb] += 1
                if q != n:
                    count[q][gb] -= 1
                    count[q][ga] += 1
            places[i], places[j] = q, p


class _Flow:
    """A small max-flow (Edmonds-Karp): edges in pairs, `e ^ 1` is the reverse of `e`."""

    def __init__(self) -> None:
        self.adj: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []

    def node(self) -> int:
        self.adj.append([])
        return len(self.adj) - 1

    def add(self, u: int, v: int, cap: int) -> int:
        edge = len(self.to)
        self.adj[u].append(edge)
        self.to.append(v)
        self.cap.append(max(0, cap))
        self.adj[v].append(edge + 1)
        self.to.append(u)
        self.cap.append(0)
        return edge

    def max_flow(self, source: int, sink: int) -> int:
        total = 0
        to, cap, adj = self.to, self.cap, self.adj
        while True:
            prev = [-1] * len(adj)
            prev[source] = -2
            queue = [source]
            for u in queue:
                if prev[sink] != -1:
                    break
                for e in adj[u]:
                    v = to[e]
                    if cap[e] and prev[v] == -1:
                        prev[v] = e
                        queue.append(v)
            if prev[sink] == -1:
                return total
            push, v = 1 << 30, sink
            while v != source:
                e = prev[v]
                push = min(push, cap[e])
                v = to[e ^ 1]
            v = sink
            while v != source:
                e = prev[v]
                cap[e] -= push
                cap[e ^ 1] += push
                v = to[e ^ 1]
            total += push


def check_deal(problem: DealProblem, places: Sequence[int]) -> list[str]:
    """The facts a deal breaks (empty: consistent)."""
    n, group_of = problem.pile, problem.group_of
    broken: list[str] = []
    used = [0] * (n + 1)
    count: dict[tuple[int, int], int] = {}
    for card, place in zip(problem.cards, places, strict=True):
        used[place] += 1
        if not problem.allowed(card, place):
            broken.append(f"seat {place} surely lacks card {card}")
        if place != n:
            key = (place, group_of[card])
            count[key] = count.get(key, 0) + 1
    if used != list(problem.capacity):
        broken.append(f"places filled {used}, expected {list(problem.capacity)}")
    for seat in range(n):
        for group in problem.lower[seat]:
            if not count.get((seat, group)):
                broken.append(f"seat {seat} must hold a card of group {group}")
        for group, most in enumerate(problem.upper[seat]):
            if count.get((seat, group), 0) > most:
                broken.append(f"group {group} would be complete in seat {seat}'s hand")
    for seat, recent_used in enumerate(problem._recent_counts(places)):
        for v, within in recent_used.items():
            if within > v:
                broken.append(f"seat {seat} holds {within} cards it lacked within {v} draws")
    return broken
