"""PostgreSQL LISTEN in a thread: the changes other server processes commit, as they commit.

Each committed change of a table sends `pg_notify` (see `parlour.web.storage`), and every
process listening hears it and catches the table up, then tells its own pages. The listener has
its own connection; when the database goes away it reconnects with back-off and, once back,
asks the hall to compare every table with the database, since notifications sent meanwhile are
lost. PostgreSQL's own LISTEN/NOTIFY needs no other service (no Redis), and a notification
is sent only if its transaction commits, so a page never hears of a move that did not happen.

PostgreSQL also delivers a process's own notifications to its listener: those are dropped
here, in the listener's thread, by their first characters (`skip`), neither parsed nor handed
to the event loop, whose wake-up would cost more than the notification is worth.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from parlour.web.schema import CHANNEL

log = logging.getLogger("parlour.web")


def conninfo(url: str) -> str:
    """The libpq form of a SQLAlchemy PostgreSQL URL (its password kept)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener(threading.Thread):
    """Calls `on_notice(payload)` for each notification; `on_reconnect()` after an outage."""

    def __init__(
        self,
        url: str,
        on_notice: Callable[[str], object],
        on_reconnect: Callable[[], object],
        skip: str | None = None,
    ) -> None:
        super().__init__(name="parlour-listen", daemon=True)
        self.dsn = conninfo(url)
        self.on_notice = on_notice
        self.skip = skip  # how this process's own notifications begin
        self.on_reconnect = on_reconnect
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        import psycopg

        delay = 0.0
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        log.warning("listening to the other processes again")
                        self.on_reconnect()
                    first, delay = False, 0.0
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            if self.skip is None or not notice.payload.startswith(self.skip):
                                self.on_notice(notice.payload)
            except RuntimeError:
                return  # the event loop is closed: the server is stopping
            except psycopg.Error as err:
                delay = min(30.0, max(0.5, 2 * delay))
                reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
                log.warning("cannot listen to the database (%s); again in %.1f s", reason, delay)
                first = False
                self._stop.wait(delay)
