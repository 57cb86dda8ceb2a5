"""Tables, the web face's authority, by their historical import path.

The table authority lives in `table`, the hall in `hall`, a connection and its messages in
`transport`, seats, names and refusals in `seats`; this module keeps
`from parlour.web.tables import Table, Hall, TableError, ...` working for callers and users.
"""

from __future__ import annotations

from parlour.web.hall import CREATE_BURST, CREATE_WINDOW, Hall
from parlour.web.seats import (
    MAX_NAME,
    MAX_TURN_TIMER,
    SeatSlot,
    TableError,
    clean_name,
    hash_token,
    web_rule_values,
)
from parlour.web.table import FORCED_DELAY, PRESENCE_TTL, TAKEOVER, Table
from parlour.web.transport import HISTORY_LINES, Client

__all__ = [
    "CREATE_BURST",
    "CREATE_WINDOW",
    "FORCED_DELAY",
    "HISTORY_LINES",
    "MAX_NAME",
    "MAX_TURN_TIMER",
    "PRESENCE_TTL",
    "TAKEOVER",
    "Client",
    "Hall",
    "SeatSlot",
    "Table",
    "TableError",
    "clean_name",
    "hash_token",
    "web_rule_values",
]
