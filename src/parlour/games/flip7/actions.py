"""Flip 7's actions: hit, stay, and give the card being assigned to a seat (RULES.md §2).

Each has a stable integer id and JSON form, shared by the rules, the bots, the kernel's
encoding and the records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class Hit:
    """Take one more card."""

    id: ClassVar[int] = 0

    def to_json(self) -> dict[str, Any]:
        return {"type": "hit"}


@dataclass(frozen=True)
class Stay:
    """Bank the cards in front of you and leave the round."""

    id: ClassVar[int] = 1

    def to_json(self) -> dict[str, Any]:
        return {"type": "stay"}


@dataclass(frozen=True)
class Target:
    """Give the action card being assigned (Freeze, Flip Three, a spare Second Chance) to a seat."""

    seat: int

    @property
    def id(self) -> int:
        return 2 + self.seat

    def to_json(self) -> dict[str, Any]:
        return {"type": "target", "seat": self.seat}


HIT = Hit()
STAY = Stay()
