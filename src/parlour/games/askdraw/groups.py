"""Asking for a whole group: the ask-and-draw moves when a player names a group, not a card.

In Go Fish a player asks another for a *rank* he holds, and the player asked hands over every
card of that rank he has; on a miss the asker draws, and a card of the rank he asked for is shown
and lets him ask again. The draws, the laying of complete groups, the empty hands and the end are
the engine's (`engine.AskDrawState`); this module changes only what an ask is and what it does.

An ask's id is `target * num_groups + group`, the numbering OpenSpiel's `go_fish` uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from parlour.core.action_json import check_move_keys
from parlour.core.errors import IllegalAction
from parlour.core.events import Event
from parlour.games.askdraw.engine import AskDrawState, json_int


@dataclass(frozen=True)
class GroupAsk:
    """Ask seat `target` for every card of `group`. Id: `target * num_groups + group`."""

    target: int
    group: int
    num_groups: int = field(default=13, compare=False, repr=False)
    # The word a record uses for the group ("rank" in Go Fish).
    json_key: ClassVar[str] = "group"

    @property
    def id(self) -> int:
        return self.target * self.num_groups + self.group

    def to_json(self) -> dict[str, Any]:
        return {"type": "ask", "target": self.target, self.json_key: self.group}


A = TypeVar("A", bound=GroupAsk)


def group_ask_from_json(
    obj: Mapping[str, Any], num_groups: int, cls: type[A], sizing: tuple[str, ...] = ()
) -> A:
    """An ask from its JSON; `sizing` as in `ask_from_json`."""
    key = cls.json_key
    if obj.get("type") != "ask":
        raise ValueError(f"unknown action {dict(obj)!r}; the only move is an ask")
    check_move_keys(obj, ("type", "target", key), sizing)
    target, group = json_int(obj.get("target")), json_int(obj.get(key))
    if target is None or group is None:
        raise ValueError(f"an ask needs an integer target and {key}, got {dict(obj)!r}")
    return cls(target, group, num_groups)


def group_ask_from_id(action_id: int, num_groups: int, num_players: int, cls: type[A]) -> A:
    if not 0 <= action_id < num_groups * num_players:
        raise ValueError(
            f"action ids run from 0 to {num_groups * num_players - 1}, not {action_id}"
        )
    return cls(action_id // num_groups, action_id % num_groups, num_groups)


_TABLES: dict[tuple[type[GroupAsk], int, int], tuple[tuple[GroupAsk, ...], ...]] = {}


def _ask_table(
    cls: type[GroupAsk], num_groups: int, num_players: int
) -> tuple[tuple[GroupAsk, ...], ...]:
    """Every ask of a table, built once: asks are frozen, so legal actions can share them."""
    key = (cls, num_groups, num_players)
    table = _TABLES.get(key)
    if table is None:
        table = tuple(
            tuple(cls(t, g, num_groups) for g in range(num_groups)) for t in range(num_players)
        )
        _TABLES[key] = table
    return table


class GroupAskState(AskDrawState):
    """A game of asking for whole groups. Subclasses set `ask_class` and fill the hooks."""

    ask_class: ClassVar[type[GroupAsk]] = GroupAsk
    ask_rule = "group_not_held"
    group_word = "group"

    def _legal_actions(self) -> list[Any]:
        """Every other player who holds cards, for every group the mover holds: target first,
        then group (OpenSpiel's order, so seeded random bots pick alike)."""
        p, hands = self.turn, self.hands
        groups = [g for g, k in enumerate(self.counts[p]) if k]
        n = len(hands)
        asks = _ask_table(self.ask_class, self.grouping.num_groups, n)
        return [asks[t][g] for t in range(n) if t != p and hands[t] for g in groups]

    def _check(self, action: Any) -> None:
        if not isinstance(action, GroupAsk):
            raise IllegalAction(
                "not_an_ask", f"the only move is to ask a player for a {self.group_word}"
            )
        p, t, group = self.turn, action.target, action.group
        word = self.group_word
        if not 0 <= t < len(self.seats):
            raise IllegalAction("no_such_seat", f"there is no seat {t} at this table")
        if not 0 <= group < self.grouping.num_groups:
            raise IllegalAction("no_such_group", f"there is no {word} {group} in this deck")
        if t == p:
            raise IllegalAction("ask_self", "you must ask another player, not yourself")
        if not self.hands[t]:
            raise IllegalAction("target_empty", "you may only ask a player who holds cards")
        if not self.counts[p][group]:
            raise IllegalAction(self.ask_rule, f"you may only ask for a {word} you hold")

    def _apply(self, action: Any) -> None:
        p, t, group = self.turn, action.target, action.group
        quiet = self._quiet  # playouts skip building events
        fields = {} if quiet else self._group_fields(group)  # merged into events, never changed
        if not quiet:
            self.emit(Event("ask", {"seat": p, "target": t, "group": group, **fields}))
        if self.counts[t][group]:
            hand = self.hands[t]
            cards = [c for c in self.grouping.members[group] if c in hand]
            for card in cards:
                self._move(card, t, p)
            if not quiet:
                self.emit(
                    Event("give", {"seat": t, "to": p, "group": group, "cards": cards, **fields})
                )
            for card in cards:
                self._on_won(card, p, t)
            self._after_gain(p, group)
            return
        if not quiet:
            self.emit(Event("pioche", {"seat": t, "asker": p, "group": group, **fields}))
        if not self.pile:  # nothing to draw: the miss simply passes the turn
            self._pass_after_miss(p, t)
            return
        drawn = self.pile.pop()
        if self.grouping.group_of[drawn] != group:
            self._plain_draw(p, t, drawn)
            return
        # A card of the group asked for: shown, and the asker goes on.
        self._receive(p, drawn)
        self.public_holder[drawn] = p
        if not quiet:
            shown = {"seat": p, "card": drawn, "group": group, **fields, **self._card_fields(drawn)}
            self.emit(Event("bonne_pioche", shown))
        self._won(drawn, p, None)
