"""A lean pure-Python player of Beggar deals, for bulk runs without events.

It plays exactly the rules and counting of `rules.BeggarState` (the reference engine, which a
property test compares it with) on integer card codes: 0 number card, 1..4 J Q K A, 5 joker,
6 beggar joker. The compiled kernel (`kernel.py`) follows the same code path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

FINISHED, LOOP = 0, 1
_TRIBUTE = (0, 1, 2, 3, 4, 5, 5)


def _next_seated(active: list[bool], seat: int) -> int:
    """The next seat still in the round after `seat` (itself when it is alone)."""
    n = len(active)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if active[other]:
            return other
    return seat


def play_codes(
    hands: Sequence[Sequence[int]], next_pays: bool = False
) -> tuple[int, int, int, int]:
    """Play one round from `hands` (the first hand leads).

    Returns (status, cards, tricks, winner): status FINISHED or LOOP, winner -1 for a loop.
    """
    n = len(hands)
    stacks = [deque(h) for h in hands]
    active = [bool(stack) for stack in stacks]  # hands dealt empty are out at once
    alive = sum(active)
    pile: list[int] = []
    cards = tricks = 0
    turn = 0
    owed = 0
    claimant = -1
    uncounterable = False
    seen: set[tuple[object, ...]] = set()

    def nxt(seat: int) -> int:
        return _next_seated(active, seat)

    if alive <= 1:
        winner = next((s for s in range(n) if active[s]), -1)
        return FINISHED, 0, 0, winner
    if not active[turn]:
        turn = nxt(turn)
    seen.add((turn, tuple(active), *(bytes(s) for s in stacks)))

    while True:
        stack = stacks[turn]
        if not stack:
            # Must play with an empty hand: out.
            active[turn] = False
            alive -= 1
            if alive == 1:
                winner = nxt(turn)
                if pile:
                    tricks += 1
                return FINISHED, cards, tricks, winner
            if owed and not next_pays:
                collector = claimant
            else:
                turn = nxt(turn)
                continue
        else:
            card = stack.popleft()
            pile.append(card)
            cards += 1
            value = _TRIBUTE[card]
            if value and not (owed and uncounterable):
                claimant = turn
                owed = value
                uncounterable = card == 6
                turn = nxt(turn)
                continue
            if not owed:
                turn = nxt(turn)
                continue
            owed -= 1
            if owed:
                continue
            collector = claimant
        # The collector takes the pile: a trick boundary.
        stacks[collector].extend(pile)
        pile = []
        tricks += 1
        owed = 0
        uncounterable = False
        turn = collector
        # The round ends when the collector holds every card (the others still seated are
        # empty-handed and out): with two players, when the other hand is empty.
        if not any(stacks[s] for s in range(n) if active[s] and s != collector):
            return FINISHED, cards, tricks, collector
        key = (turn, tuple(active), *(bytes(s) for s in stacks))
        if key in seen:
            return LOOP, cards, tricks, -1
        seen.add(key)
