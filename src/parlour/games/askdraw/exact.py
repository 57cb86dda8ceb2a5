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
own weight times the summed weight of the other groups' deals that complete it; groups alike
in every fact share that work. The cost grows with the number of places to the power of a
group's unknown cards and with the count vectors a table can reach. Measured at the decisions
of memory players (docs/familles.md): heads-up, a median of 19 ms a decision in the 7 familles
(90% under 48 ms) and 8 ms in Go Fish; at four players 69 ms and 0.16 s in the median, but
up to 1 s and 19 s, where the sampler stays the tool.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence

import numpy as np

from parlour.games.askdraw.deals import DealProblem, NoConsistentDeal

# A state: the unknown cards each seat has received, then, seat by seat, how many of them the
# seat lacked within its last v draws, for each of its limits v.
State = tuple[int, ...]


class _Placements:
    """Every way to place one group's unknown cards that keeps that group's own facts."""

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
        options = [
            [(p, problem._weight(c, p)) for p in range(n + 1) if problem.allowed(c, p)]
            for c in cards
        ]
        self.rows: list[tuple[State, float, tuple[int, ...]]] = []
        for choice in itertools.product(*options):
            places = tuple(p for p, _ in choice)
            counts = [0] * n
            for p in places:
                if p != n:
                    counts[p] += 1
            if any(counts[s] > problem.upper[s][group] for s in range(n)):
                continue
            if any(counts[s] == 0 for s in range(n) if group in problem.lower[s]):
                continue
            weight = 1.0
            for _, w in choice:
                weight *= w
            if weight == 0.0:
                continue
            key = tuple(counts + _recent_used(problem, cards, places, limits))
            self.rows.append((key, weight, places))
        # The same counts from several placements: the DP needs only their summed weight.
        merged: dict[State, float] = defaultdict(float)
        for row_key, row_weight, _ in self.rows:
            merged[row_key] += row_weight
        width = n + sum(len(v) for v in limits)
        self.keys = np.asarray(list(merged), dtype=np.int64).reshape(-1, width)
        self.weights = np.asarray(list(merged.values()), dtype=np.float64)


def _card_facts(problem: DealProblem, card: int) -> tuple[tuple[bool, float, int], ...]:
    """Where a card may go and at what weight, with its recent lacks: what tells it apart."""
    n = problem.pile
    facts = []
    for place in range(n + 1):
        since = problem.recent[place].get(card, 0) if problem.recent and place < n else 0
        facts.append((problem.allowed(card, place), problem._weight(card, place), since))
    return tuple(facts)


def _recent_used(
    problem: DealProblem, cards: Sequence[int], places: Sequence[int], limits: list[list[int]]
) -> list[int]:
    out: list[int] = []
    for seat, seat_limits in enumerate(limits):
        recent = problem.recent[seat] if problem.recent else {}
        for v in seat_limits:
            out.append(
                sum(
                    1
                    for c, p in zip(cards, places, strict=True)
                    if p == seat and recent.get(c, v + 1) <= v
                )
            )
    return out


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
    at most the pile's room left to the others. States are kept as rows of digits, and keyed
    by one integer in the mixed radix of these bounds."""

    def __init__(self, problem: DealProblem, limits: list[list[int]]) -> None:
        self.n = problem.pile
        self.capacity = list(problem.capacity)
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


Table = tuple[np.ndarray, np.ndarray]  # states (rows of digits) and their summed weights


def _step(table: Table, group: _Placements, bounds: _Bounds, placed: int) -> Table:
    """The deals of one more group: every state plus every placement of the group's cards."""
    states, weights = table
    after = (states[:, None, :] + group.keys[None, :, :]).reshape(-1, states.shape[1])
    w = (weights[:, None] * group.weights[None, :]).reshape(-1)
    n = bounds.n
    keep = np.all(after <= bounds.caps, axis=1)
    keep &= placed - after[:, :n].sum(axis=1) <= bounds.capacity[n]
    after, w = after[keep], w[keep]
    if bounds.radix is not None:
        _, first, inverse = np.unique(after @ bounds.radix, return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(after, axis=0, return_index=True, return_inverse=True)
    return after[first], np.bincount(inverse.reshape(-1), weights=w, minlength=len(first))


def _completes(
    others: Table, group: _Placements, bounds: _Bounds, target: np.ndarray
) -> dict[State, float]:
    """For each count vector of `group`, the weight of the other groups' deals it completes."""
    states, weights = others
    n = bounds.n
    out: dict[State, float] = {}
    for key in map(tuple, group.keys.tolist()):
        need = target - np.asarray(key[:n], dtype=np.int64)
        fits = np.all(states[:, :n] == need, axis=1)
        room = bounds.caps[n:] - np.asarray(key[n:], dtype=np.int64)
        fits &= np.all(states[:, n:] <= room, axis=1)
        out[key] = float(weights[fits].sum())
    return out


def exact_marginals(problem: DealProblem) -> list[list[float]]:
    """For each card of `problem.cards` (same order), its chance to be in each place (the
    seats, then the pile), over every consistent deal weighed as the sampler weighs them.

    Raises `NoConsistentDeal` when no deal keeps every fact."""
    n = problem.pile
    limits = [_binding_limits(problem, s) for s in range(n)]
    by_group: dict[int, list[int]] = defaultdict(list)
    for card in problem.cards:
        by_group[problem.group_of[card]].append(card)
    for seat in range(n):
        for held in problem.lower[seat]:
            if held not in by_group:
                raise NoConsistentDeal(f"seat {seat} must hold a card of group {held}: none left")
    order = sorted(by_group)
    groups = [_Placements(problem, by_group[g], limits) for g in order]
    bounds = _Bounds(problem, limits)
    width = len(bounds.caps)
    target = np.asarray(problem.capacity[:n], dtype=np.int64)
    index = {card: i for i, card in enumerate(problem.cards)}
    out = [[0.0] * (n + 1) for _ in problem.cards]
    total = 0.0
    # What the other groups' deals weigh for each count vector of one group: the same for
    # two groups of one signature, so worked out once a signature.
    completes_by: dict[object, dict[State, float]] = {}
    for g, group in enumerate(groups):
        if group.signature in completes_by:
            continue
        others: Table = (np.zeros((1, width), dtype=np.int64), np.ones(1))
        placed = 0
        for h, other in enumerate(groups):
            if h != g:
                placed += other.size
                others = _step(others, other, bounds, placed)
        completes_by[group.signature] = _completes(others, group, bounds, target)
    for g, group in enumerate(groups):
        completes = completes_by[group.signature]
        total_here = 0.0
        for key, weight, places in group.rows:
            mass = weight * completes[key]
            if mass:
                total_here += mass
                for card, place in zip(by_group[order[g]], places, strict=True):
                    out[index[card]][place] += mass
        total = total_here
    if not groups:
        return out
    if total <= 0.0:
        raise NoConsistentDeal("no deal is consistent with what this seat knows")
    return [[x / total for x in row] for row in out]
