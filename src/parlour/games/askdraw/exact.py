"""Exact inference over the hidden hands: where each unknown card is, counted over every deal.

The deal sampler (`deals.DealProblem.sample`) draws deals that keep every public fact, each
weighed by the odds of its recently lacked cards (`DealProblem._weight`). This module computes
the same distribution's marginals exactly, with no sampling noise: the chance of each unknown
card to be in each place is the weight of the consistent deals that put it there, over the
weight of them all.

Every fact is a count per place, per (seat, group) or per card, so the deals factor by group:
a group's cards are placed together (a few at most, each in a few places), and what ties the
groups is only how many cards each seat receives and, for the recent-draws fact, how many of
its recently lacked cards. A dynamic programme over the groups carries those counts and the
summed weight of the deals of the groups seen so far; the chance of a group's placement is its
own weight times the summed weight of the other groups' deals that complete it. Groups alike
in every fact share that work, every group is added to the others' deals about log2(groups)
times, and a state that can no longer fill every place is dropped. The cost grows with the
number of places to the power of a group's unknown cards and with the count vectors a table
can reach. Measured at the decisions of memory players (docs/familles.md): heads-up, a median
of 23 ms a decision in the 7 familles and 18 ms in Go Fish; at four players 57 ms and 0.17 s,
but up to 0.8 s and 14 s, where the sampler stays the tool.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parlour.games.askdraw.deals import DealProblem, NoConsistentDeal


class _Placements:
    """Every way to place one group's unknown cards that keeps that group's own facts, as
    arrays: `places` (a row a placement, a column a card), `row_weights`, and `inverse`, the
    row's index among the distinct count vectors `keys` (whose summed weights are `weights`)."""

    def __init__(self, problem: DealProblem, cards: Sequence[int], limits: list[list[int]]):
        n = problem.pile
        self.size = len(cards)
        group = problem.group_of[cards[0]]
        # Two groups with the same signature have the same placements up to their cards' names.
        self.signature = (
            tuple(sorted(_card_facts(problem, c) for c in cards)),
            tuple(problem.upper[s][group] for s in range(n)),
            tuple(group in problem.lower[s] for s in range(n)),
        )
        allowed = [[p for p in range(n + 1) if problem.allowed(c, p)] for c in cards]
        grid = np.stack(
            [
                g.reshape(-1)
                for g in np.meshgrid(*[np.arange(len(a)) for a in allowed], indexing="ij")
            ],
            axis=1,
        )
        places = np.stack(
            [np.asarray(a, dtype=np.int64)[grid[:, i]] for i, a in enumerate(allowed)], axis=1
        )
        weight = np.ones(len(places))
        for i, card in enumerate(cards):
            odds = np.asarray([problem._weight(card, p) for p in range(n + 1)])
            weight *= odds[places[:, i]]
        counts = np.stack([(places == seat).sum(axis=1) for seat in range(n)], axis=1)
        keep = weight > 0.0
        for seat in range(n):
            keep &= counts[:, seat] <= problem.upper[seat][group]
            if group in problem.lower[seat]:
                keep &= counts[:, seat] >= 1
        columns = [counts[keep].reshape(-1, n)]
        for seat, seat_limits in enumerate(limits):
            recent = problem.recent[seat] if problem.recent else {}
            for v in seat_limits:
                lacked = np.asarray([recent.get(c, v + 1) <= v for c in cards])
                columns.append(((places[keep] == seat) & lacked).sum(axis=1).reshape(-1, 1))
        self.places = places[keep]
        self.row_weights = weight[keep]
        keys = np.concatenate(columns, axis=1).astype(np.int64)
        # The same counts from several placements: the DP needs only their summed weight.
        self.keys, self.inverse = np.unique(keys, axis=0, return_inverse=True)
        self.inverse = self.inverse.reshape(-1)
        self.weights = np.bincount(self.inverse, weights=self.row_weights, minlength=len(self.keys))
        # The most cards this group can put in each place (the seats, then the pile).
        self.most = np.zeros(n + 1, dtype=np.int64)
        if len(self.keys):
            self.most[:n] = self.keys[:, :n].max(axis=0)
            self.most[n] = self.size - self.keys[:, :n].sum(axis=1).min()


def _card_facts(problem: DealProblem, card: int) -> tuple[tuple[bool, float, int], ...]:
    """Where a card may go and at what weight, with its recent lacks: what tells it apart."""
    n = problem.pile
    facts = []
    for place in range(n + 1):
        since = problem.recent[place].get(card, 0) if problem.recent and place < n else 0
        facts.append((problem.allowed(card, place), problem._weight(card, place), since))
    return tuple(facts)


def _binding_limits(problem: DealProblem, seat: int) -> list[int]:
    """The recent-draws limits v of `seat` that a deal could break: those with more than v
    unknown cards lacked within v draws, in a hand of more than v unknown cards. The others
    need no count."""
    recent = problem.recent[seat] if problem.recent else {}
    unknown = set(problem.cards)
    room = problem.capacity[seat]
    return [
        v
        for v in problem._limits(seat)
        if min(room, sum(1 for c, since in recent.items() if since <= v and c in unknown)) > v
    ]


class _Bounds:
    """What a state may hold: at most each seat's room, at most v cards lacked within v draws,
    at most the pile's room left to the others. A state is a row of digits (the unknown cards
    each seat has received, then, seat by seat, how many of them it lacked within its last v
    draws, for each of its limits v), keyed by one integer in the mixed radix of these bounds."""

    def __init__(self, problem: DealProblem, limits: list[list[int]]) -> None:
        self.n = problem.pile
        self.capacity = list(problem.capacity)
        self.target = np.asarray(self.capacity[: self.n], dtype=np.int64)
        caps = self.capacity[: self.n] + [v for seat_limits in limits for v in seat_limits]
        self.caps = np.asarray(caps, dtype=np.int64)
        span = 1
        for cap in caps:
            span *= cap + 1
        # One integer a state while the radix fits in 64 bits; else the rows are compared.
        self.radix: np.ndarray | None = None
        if span < 2**62:
            radix = [1]
            for cap in caps[:-1]:
                radix.append(radix[-1] * (cap + 1))
            self.radix = np.asarray(radix, dtype=np.int64)


@dataclass(frozen=True)
class _Partial:
    """The deals of some groups: their states (rows of digits) and summed weights, how many
    cards they placed, and the most cards the groups still out can bring to each place."""

    states: np.ndarray
    weights: np.ndarray
    placed: int
    rest: np.ndarray


def _step(partial: _Partial, group: _Placements, bounds: _Bounds) -> _Partial:
    """The deals of one more group: every state plus every placement of the group's cards,
    less those that break a bound or can no longer fill every place."""
    n = bounds.n
    placed, rest = partial.placed + group.size, partial.rest - group.most
    states = partial.states
    after = (states[:, None, :] + group.keys[None, :, :]).reshape(-1, states.shape[1])
    w = (partial.weights[:, None] * group.weights[None, :]).reshape(-1)
    keep = np.all(after <= bounds.caps, axis=1)
    keep &= np.all(after[:, :n] >= bounds.target - rest[:n], axis=1)
    pile = placed - after[:, :n].sum(axis=1)
    keep &= (pile <= bounds.capacity[n]) & (pile >= bounds.capacity[n] - rest[n])
    after, w = after[keep], w[keep]
    if bounds.radix is not None:
        _, first, inverse = np.unique(after @ bounds.radix, return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(after, axis=0, return_index=True, return_inverse=True)
    weights = np.bincount(inverse.reshape(-1), weights=w, minlength=len(first))
    return _Partial(after[first], weights, placed, rest)


def _leave_one_out(
    groups: list[_Placements],
    members: list[int],
    partial: _Partial,
    bounds: _Bounds,
    wanted: set[int],
    out: dict[int, _Partial],
) -> None:
    """For each wanted group among `members`, the deals of every group but that one (with
    `partial`, the deals of the groups outside `members`): each half is added to the deals
    that the other half is left out of, so every group is stepped in about log2(groups) times
    rather than once for each group left out."""
    if not wanted.intersection(members):
        return
    if len(members) == 1:
        out[members[0]] = partial
        return
    half = len(members) // 2
    for kept, added in ((members[:half], members[half:]), (members[half:], members[:half])):
        with_added = partial
        for i in added:
            with_added = _step(with_added, groups[i], bounds)
        _leave_one_out(groups, kept, with_added, bounds, wanted, out)


def _completes(others: _Partial, group: _Placements, bounds: _Bounds) -> np.ndarray:
    """For each count vector of `group`, the weight of the other groups' deals it completes."""
    states, weights = others.states, others.weights
    n = bounds.n
    out = np.zeros(len(group.keys))
    for i, key in enumerate(group.keys):
        fits = np.all(states[:, :n] == bounds.target - key[:n], axis=1)
        fits &= np.all(states[:, n:] <= bounds.caps[n:] - key[n:], axis=1)
        out[i] = weights[fits].sum()
    return out


@dataclass(frozen=True)
class _Weighed:
    """Every group's placements and what each weighs with the other groups' deals around it."""

    groups: list[_Placements]
    cards: list[list[int]]  # each group's unknown cards, in the order of its placements
    masses: list[np.ndarray]  # per group, per placement
    total: float


def _weigh(problem: DealProblem) -> _Weighed:
    n = problem.pile
    if sum(problem.capacity) != len(problem.cards) or min(problem.capacity, default=0) < 0:
        raise NoConsistentDeal(f"{len(problem.cards)} unknown cards for places {problem.capacity}")
    limits = [_binding_limits(problem, s) for s in range(n)]
    by_group: dict[int, list[int]] = defaultdict(list)
    for card in problem.cards:
        by_group[problem.group_of[card]].append(card)
    for seat in range(n):
        for held in problem.lower[seat]:
            if held not in by_group:
                raise NoConsistentDeal(f"seat {seat} must hold a card of group {held}: none left")
    cards = [by_group[g] for g in sorted(by_group)]
    groups = [_Placements(problem, group_cards, limits) for group_cards in cards]
    bounds = _Bounds(problem, limits)
    # What the other groups' deals weigh for each count vector of one group: the same for
    # two groups of one signature, so worked out once a signature.
    first_of: dict[object, int] = {}
    for g, group in enumerate(groups):
        first_of.setdefault(group.signature, g)
    start = _Partial(
        np.zeros((1, len(bounds.caps)), dtype=np.int64),
        np.ones(1),
        0,
        sum((group.most for group in groups), np.zeros(n + 1, dtype=np.int64)),
    )
    left_out: dict[int, _Partial] = {}
    members = list(range(len(groups)))
    _leave_one_out(groups, members, start, bounds, set(first_of.values()), left_out)
    completes_by = {
        signature: _completes(left_out[g], groups[g], bounds) for signature, g in first_of.items()
    }
    masses = [group.row_weights * completes_by[group.signature][group.inverse] for group in groups]
    total = float(masses[0].sum()) if groups else 1.0
    if total <= 0.0:
        raise NoConsistentDeal("no deal is consistent with what this seat knows")
    return _Weighed(groups, cards, masses, total)


def exact_chances(problem: DealProblem) -> tuple[list[list[float]], dict[int, list[float]]]:
    """`exact_marginals` and `exact_holdings` from one count, for a caller that needs both.

    Raises `NoConsistentDeal` when no deal keeps every fact."""
    weighed = _weigh(problem)
    n = problem.pile
    index = {card: i for i, card in enumerate(problem.cards)}
    marginals: list[list[float]] = [[] for _ in problem.cards]
    holdings: dict[int, list[float]] = {}
    for group, cards, mass in zip(weighed.groups, weighed.cards, weighed.masses, strict=True):
        for i, card in enumerate(cards):
            chances = np.bincount(group.places[:, i], weights=mass, minlength=n + 1)
            marginals[index[card]] = [float(x) / weighed.total for x in chances]
        counts = group.keys[group.inverse, :n]
        holdings[problem.group_of[cards[0]]] = [
            float(mass[counts[:, seat] > 0].sum()) / weighed.total for seat in range(n)
        ]
    return marginals, holdings


def exact_marginals(problem: DealProblem) -> list[list[float]]:
    """For each card of `problem.cards` (same order), its chance to be in each place (the
    seats, then the pile), over every consistent deal weighed as the sampler weighs them.

    Raises `NoConsistentDeal` when no deal keeps every fact."""
    return exact_chances(problem)[0]


def exact_holdings(problem: DealProblem) -> dict[int, list[float]]:
    """For each group with unknown cards, each seat's chance to hold at least one of them (what
    an ask for a rank in Go Fish needs: the cards of a group are not independent)."""
    return exact_chances(problem)[1]
