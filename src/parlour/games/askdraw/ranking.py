"""What the experts' rankings weigh besides the chance of a hit (7 familles, Go Fish, Panoplies).

Every player hears an ask. A hit that completes a group lays it for good; a hit takes cards
from the collection of the player asked; a miss in a group nobody knew the asker held tells
everybody he holds some of it, and a player who holds some too may now ask him for his. Each
game weighs these by an `AskWeights`, tuned against its `memory` bot (the games' docs).
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.games.askdraw.tracker import Tracker


@dataclass(frozen=True)
class AskWeights:
    """The weights of an expert's ranking. `focus` None: the game's memory focus."""

    focus: float | None = None  # per card already held of the group
    complete: float = 0.0  # a hit that completes the group, times its chance
    deny: float = 0.0  # per card of the group the player asked is expected to hold
    leak: float = 0.0  # a miss that tells everybody the asker holds the group
    threat: float = 0.0  # ... times the chance that another player holds some of it


def expected_cards(tracker: Tracker, probs: dict[int, list[float]], seat: int, group: int) -> float:
    """How many cards of `group` `seat` is expected to hold: the sure ones, plus each unknown
    card's chance (the tracker's estimate)."""
    return sum(
        1.0 if card in tracker.sure[seat] else probs[card][seat] if card in probs else 0.0
        for card in tracker.grouping.members[group]
    )


def others_hold_some(
    tracker: Tracker,
    probs: dict[int, list[float]],
    seat: int,
    group: int,
    besides: int | None = None,
) -> float:
    """The chance that a player other than `seat` holds a card of `group` (other than
    `besides`): 1 when one surely does, else from the tracker's estimate, each card taken as
    independent."""
    members = tracker.grouping.members[group]
    none = 1.0
    for other in range(tracker.num_players):
        if other == seat:
            continue
        if group in tracker.holds_group[other] or any(c in tracker.sure[other] for c in members):
            return 1.0
        for card in members:
            if card != besides and card in probs:
                none *= 1.0 - probs[card][other]
    return 1.0 - none


def miss_cost(
    tracker: Tracker,
    probs: dict[int, list[float]],
    seat: int,
    group: int,
    chance: float,
    weights: AskWeights,
    besides: int | None = None,
) -> float:
    """What an ask's miss may cost by what it tells: nothing in a group everybody knows the
    asker holds, else (1 - chance) times `leak` plus `threat` times the chance that another
    player holds some of the group."""
    if chance >= 1.0 or group in tracker.revealed_groups(seat):
        return 0.0
    threat = weights.threat * others_hold_some(tracker, probs, seat, group, besides)
    return (1.0 - chance) * (weights.leak + threat)
