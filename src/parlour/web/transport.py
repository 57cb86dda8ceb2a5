"""The transport: one open connection (`Client`) and the state message each one receives.

A message holds only what the client's seat may see: its view, its legal moves and the events
filtered for it (spectators get the public ones), with the narration in the client's language.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.events import SeatFeed
from parlour.core.options import rules_diff
from parlour.web.hints import SeatHints

if TYPE_CHECKING:
    from parlour.web.table import Table

HISTORY_LINES = 80  # narration lines sent to a client that (re)connects
# Messages a page may leave unread. A page that stops reading (a stalled network, a script
# that never reads) had every state queued for it, the whole view each time: 35 MB in 30 s
# at a fast table of bots. Past this, its connection is closed; a page that comes back
# reconnects and is sent the whole state again.
OUTBOX_LIMIT = 256


@dataclass
class Client:
    """One open connection: a seat (None for a spectator), its language and its outbox."""

    seat: int | None
    lang: str
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    feed: SeatFeed | None = None
    number: int = 0  # the game the feed is reading
    hints: SeatHints | None = None  # a seat's hints, fed by the same filtered events
    # What closes the connection when the page leaves OUTBOX_LIMIT messages unread (set by
    # the route that serves it), and whether that happened.
    on_overflow: Callable[[], None] | None = None
    overflowed: bool = False
    limit: int = OUTBOX_LIMIT  # unread messages it may hold

    def send(self, message: dict[str, Any]) -> None:
        if self.overflowed:
            return  # its connection is being closed
        if self.outbox.qsize() >= self.limit:
            self.overflowed = True
            while not self.outbox.empty():  # what it will never read goes now
                self.outbox.get_nowait()
            if self.on_overflow is not None:
                self.on_overflow()
            return
        self.outbox.put_nowait(message)


def state_message(
    table: Table,
    client: Client,
    *,
    initial: bool = False,
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """The state message for one client: its view, legal moves and new filtered events.

    `shared`: what a broadcast computes once for all its clients (the table's public info, each
    seat's view; read-only once made). Made again for each client, the public info alone, which
    counts the table's clients, cost O(clients^2) a move: 1.4 s of the server's time for a move
    watched by 4,000 spectators."""
    state = table.state
    if shared is None:
        shared = {}
    if "table" not in shared:
        shared["table"] = table.public()
    message: dict[str, Any] = {
        "type": "state",
        "table": shared["table"],
        "you": client.seat,
        "number": table.number,
        "view": None,
        "legal": [],
        "events": [],
        "narration": [],
        "initial": initial,
    }
    if state is None:
        return message
    if client.feed is None or client.number != table.number:
        client.feed = SeatFeed(client.seat)
        client.number = table.number
        if client.seat is not None:
            client.hints = SeatHints(table.game, table.rules, client.seat, len(state.seats))
        initial = True
        message["initial"] = True
    fresh = client.feed.update(state.log)
    names = [s.name for s in state.seats]
    shown = fresh[-HISTORY_LINES:] if initial else fresh
    narration = []
    for event in shown:
        # In the table's language, whatever the page's: the deck and the names are the
        # table's, and one table tells one story (the page's FR/EN button is the page's own).
        line = table.game.narrate(event, table.lang, names)
        if line:
            narration.append(line)
    message["step"] = len(state.actions)
    key = ("view", client.seat)
    if key not in shared:
        shared[key] = state.view(client.seat)
    view = shared[key]
    message["view"] = view
    if client.hints is not None:
        # Only from the seat's own view and filtered events: spectators get no hint.
        message["hints"] = client.hints.update(fresh, view)
    if client.seat is not None and state.to_move == client.seat:
        message["legal"] = [a.to_json() for a in state.legal_actions()]
    message["events"] = [] if initial else [e.to_json() for e in fresh]
    message["narration"] = narration
    return message


def chosen_deal_on(table: Table) -> bool:
    """Whether the game being played (or about to be) is the one the host chose the deal of:
    the table's first, until it is over."""
    if table.seed is None or table.number > 1:
        return False
    return table.state is None or not table.state.is_over


def public_info(table: Table) -> dict[str, Any]:
    """What anyone may know of a table: seats, settings, who is connected; never a secret."""
    state = table.state
    return {
        "id": table.id,
        "game": table.game.name,
        "title": dict(table.game.title),
        "rules": rules_diff(table.rules),
        "lang": table.lang,
        "status": table.status,
        "number": table.number,
        "turn_timer": table.turn_timer,
        "created": table.created,
        "seats": [
            {
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot if s.kind == "bot" else None,
                "taken": s.kind == "bot" or s.token is not None,
                "reserved": s.invite is not None,
                "connected": s.kind == "bot" or table.connected(i),
                # A stand-in has played for this gone player (the turn timer ran out).
                "stand_in": i in table.stood_in,
            }
            for i, s in enumerate(table.seats)
        ],
        # A host who chose the deal number can know every hand of the game it deals (the
        # table's first): every seat is told, before it sits and while that game lasts. Not the
        # number: it would tell every hand to everybody (the record has it once the game ends).
        "deal_chosen": chosen_deal_on(table),
        "to_move": state.to_move if state is not None else None,
        "spectators": sum(1 for c in table.clients if c.seat is None),
        "private": table.private,
    }
