"""The privacy check shared by the server and browser tests.

Every state message a client received must be exactly its seat's view at that step, and the
events it received must be exactly the events filtered for its seat, in order, nothing more.
A seat's hints must be what the game's helpers make of that view and those events alone (so
they tell nothing else); a spectator gets no hint.

The filtering itself is not trusted: `SeatKnowledge` is a model of its own, kept from the
game's internals (the hands as the rules deal and move them, never `view` nor `visible_to`),
of what each seat has seen: the cards dealt to it and drawn by it, and the cards shown at the
table. A frame that names, for another seat, a card that seat holds unseen fails the check,
whatever the engine's filters say.
"""

from __future__ import annotations

import json
from typing import Any

from parlour.core.game import State
from parlour.core.records import start_from_record
from parlour.core.registry import get_game
from parlour.web.hints import seat_hint


def _plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


class SeatKnowledge:
    """Which cards each seat holds unseen by the others, for the games with hidden hands.

    A card is secret to its holder from the deal or a draw from the pile until it leaves his
    hand; a card that passes from one player to another is named at the table (an ask), and a
    card drawn that is the very card asked for is shown (« Bonne pioche ! »).
    """

    def __init__(self, state: State) -> None:
        hands = getattr(state, "hands", None)
        self.active = isinstance(hands, list) and all(isinstance(h, set) for h in hands)
        self.secret: list[set[int]] = [set(h) for h in hands] if self.active else []
        grouping = state.game.grouping(state.rules)
        self.group_of = grouping.group_of if grouping is not None else ()

    def hand(self, state: State, seat: int) -> list[int]:
        return sorted(state.hands[seat])  # type: ignore[attr-defined]

    def step(self, state: State, before: list[set[int]], action: dict[str, Any]) -> None:
        if not self.active:
            return
        held_before = set().union(*before)
        for seat, hand in enumerate(state.hands):  # type: ignore[attr-defined]
            from_pile = {c for c in hand - before[seat] if c not in held_before}
            # A card drawn that is the card just asked for is shown to the table; in a game that
            # asks for a whole rank (Go Fish), any card drawn of that rank is.
            shown = {action.get("card")} if action.get("type") == "ask" else set()
            if action.get("type") == "ask" and "rank" in action:
                shown |= {c for c in from_pile if self.group_of[c] == action["rank"]}
            self.secret[seat] = (self.secret[seat] & hand) | (from_pile - shown)

    def leaks(self, event: dict[str, Any], reader: int | None) -> set[int]:
        """The cards of another seat's unseen hand that this event names for `reader`."""
        owner = event.get("seat")
        if not self.active or not isinstance(owner, int) or owner == reader:
            return set()
        named = set(event.get("cards") or []) | {event.get("card")}
        return named & self.secret[owner]


def check_frames(record: dict[str, Any], frames: list[dict[str, Any]], seat: int | None) -> int:
    """Check the state frames of one game against its record; returns how many were checked."""
    state = start_from_record(record)
    game = get_game(record["game"])
    actions = record["actions"]
    frames = [f for f in frames if f.get("type") == "state" and f.get("view") is not None]
    knowledge = SeatKnowledge(state)
    secrets_at = [[set(s) for s in knowledge.secret]]  # after each action (the deal first)
    made_by = [0] * len(state.log)  # which entry of secrets_at each log entry belongs to
    cursor = 0  # into the log: frames' events arrive in log order
    seen_events: list[dict[str, Any]] = []
    expected_from = 0
    for frame in frames:
        while len(state.actions) < frame["step"]:
            before = [set(h) for h in getattr(state, "hands", [])]
            state.apply(state.action_from_json(actions[len(state.actions)]))
            knowledge.step(state, before, actions[len(state.actions) - 1])
            secrets_at.append([set(s) for s in knowledge.secret])
            made_by += [len(secrets_at) - 1] * (len(state.log) - len(made_by))
        assert frame["you"] == seat
        # The independent model: one's own hand as dealt and moved, no other seat's secret.
        if knowledge.active:
            if seat is None:
                assert "hand" not in frame["view"], f"a spectator saw a hand at {frame['step']}"
            else:
                assert frame["view"]["hand"] == knowledge.hand(state, seat)
        log_json = [_plain(e.to_json()) for e in state.log]
        for event in frame["events"]:
            while cursor < len(log_json) and log_json[cursor] != event:
                cursor += 1
            assert cursor < len(log_json), f"an event the game never made: {event}"
            knowledge.secret = secrets_at[made_by[cursor]]
            leaked = knowledge.leaks(event, seat)
            assert not leaked, f"seat {seat} was sent seat {event['seat']}'s cards {leaked}"
            cursor += 1
        knowledge.secret = secrets_at[-1]
        # Completeness (nothing missing, nothing out of order), through the engine's filters.
        visible = [e for e in state.log if e.visible_to(seat)]
        filtered = [e.to_json() for e in visible]
        view = state.view(seat)
        assert frame["view"] == _plain(view), f"step {frame['step']}"
        if seat is None:
            assert "hints" not in frame
        else:
            hint = seat_hint(game, state.rules, seat, len(state.seats), view, visible)
            assert frame["hints"] == _plain(hint), f"step {frame['step']}"
        if frame["initial"]:
            seen_events, expected_from = [], len(filtered)
            cursor = len(log_json)
        else:
            seen_events.extend(frame["events"])
            assert seen_events == _plain(filtered[expected_from:]), f"step {frame['step']}"
    return len(frames)
