"""When a table may leave the server's memory: a waiting table its host abandoned (`deserted`),
a live table nobody is at and nothing touched for a while (`is_idle`), a stored table that would
be idle at once at start-up, or a game in play stalled for a day (`dormant_at_start`). `Hall`
(`hall.py`) acts on them."""

from __future__ import annotations

import time

from parlour.web.storage import TableIndex
from parlour.web.table import Table

# A table waiting for players counts toward its owner's limit for this long (seconds) after
# its creation: nothing closes an abandoned table, and a restart reloads it, so counting
# every one would lock its address out for good.
WAITING_WINDOW = 3600.0
# A finished table, or a deserted waiting one, that nobody has open and nothing has touched
# for this long (seconds) leaves memory: its players have had time to read the result and ask
# for another game, and a busy server holds only the tables of the last quarter of an hour,
# not every table of its history. It stays listed in the lobby until then; its link works
# ever after (it is loaded again from storage).
IDLE_SECONDS = 900.0
# A game in play whose last move is older than this (seconds) is not replayed at start-up: it
# waits for a player who left with no turn timer (or the server was down that long), and is
# woken, and goes on, when somebody opens it. Replayed, every game ever abandoned mid-way came
# back into memory at every restart.
STALLED_SECONDS = 86400.0


def deserted(table: Table) -> bool:
    """A table still waiting for players an hour after its creation, with nobody at it: its
    host has gone, so the lobby no longer offers it (a "Join" that leads to an empty room).
    It is not closed: its link still opens it, and once somebody sits at it again it is
    listed again. Private tables are never listed anyway."""
    if table.status != "open" or table.created > time.time() - WAITING_WINDOW:
        return False
    if table.clients:  # somebody has the page open here, seated or watching (a host who
        return False  # does not sit watches his table)
    return not any(table.connected(seat) for seat in range(len(table.seats)))


def is_idle(table: Table, now: float) -> bool:
    """Whether a live table may go dormant: finished (or closed elsewhere), deserted, or in
    play but waiting for a human with no turn timer, with nobody at it, untouched for
    IDLE_SECONDS (`now`: `time.monotonic()`). A game whose bots, stand-ins or own moves are
    on their way stays: they run here. Woken, a game in play goes on where it stopped."""
    if table.touched > now - IDLE_SECONDS:
        return False
    if table.clients or any(table.connected(seat) for seat in range(len(table.seats))):
        return False
    if table.status == "playing":
        return not table.moves_by_itself()
    return table.status in ("over", "closed") or deserted(table)


def dormant_at_start(row: TableIndex, now: float) -> bool:
    """Whether a stored table would be dormant at once (`now`: wall-clock time): at start-up
    nobody is at any table. A finished table counts from its last move, which finished it
    (its creation where its moves have no time: those stored before the move log); a waiting
    table from its creation, as `deserted` does (a seat taken leaves no time in storage, and
    the lobby leaves out a table waiting an hour with nobody at it anyway)."""
    if row.status == "over":
        changed = row.last_move if row.last_move is not None else row.created
        return changed <= now - IDLE_SECONDS
    if row.status == "open":
        return row.created <= now - max(WAITING_WINDOW, IDLE_SECONDS)
    if row.status == "playing":  # its last move, where it has one with a time
        return row.last_move is not None and row.last_move <= now - STALLED_SECONDS
    return False
