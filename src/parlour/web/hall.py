"""The hall: the tables of the server, restored from storage at start-up, the tables other
processes create or change on a shared database, presence between processes, and the creation
of tables with its limits.

Only live tables are held in memory: a finished table, or a deserted waiting one, that nobody
has open and nothing has changed for IDLE_SECONDS goes dormant (its id and revision are kept,
nothing else), and is loaded again from storage, exactly as it was, when it is asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
import weakref
from collections.abc import Mapping
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from parlour.core.errors import ParlourError
from parlour.core.game import Game
from parlour.core.options import make_rules, rules_diff
from parlour.core.registry import get_game
from parlour.i18n import LANGS
from parlour.web.botpool import BotPool
from parlour.web.changes import own_prefix
from parlour.web.idle import WAITING_WINDOW, deserted, dormant_at_start, is_idle
from parlour.web.listen import Listener
from parlour.web.seats import (
    TableError,
    checked_seed,
    checked_timer,
    hash_token,
    seat_slots,
    web_rule_values,
)
from parlour.web.secret import server_secret
from parlour.web.storage import Storage, StorageDown
from parlour.web.table import PRESENCE_TTL, Table, log_failure

log = logging.getLogger("parlour.web")

CREATE_BURST = 10  # new tables per client per CREATE_WINDOW seconds
CREATE_WINDOW = 60.0
# The lobby looks for tables it missed (a lost notification) at most this often (seconds): the
# look reads every stored table's revision, and each open lobby page polls every 2.5 s.
DISCOVER_EVERY = 2.0
SWEEP_EVERY = 60.0  # seconds between two looks for idle tables: a cheap pass over the live ones


class Hall:
    """The tables of the server: the live ones in `tables`, the dormant ones by id in `dormant`.

    On a database that several processes share, a table created or changed by another process
    is loaded or caught up when its notification arrives (or, at the latest, when this process
    is asked about it); `origin` tells this process's own notifications apart.
    """

    def __init__(
        self, storage: Storage, bot_delay: float = 0.9, create_burst: int = CREATE_BURST
    ) -> None:
        self.storage = storage
        self.create_burst = create_burst
        self.max_open = 2 * create_burst  # tables one client keeps waiting for players
        self.secret = server_secret(storage.engine)
        self.bots = BotPool()
        self._created: dict[str, list[float]] = {}
        self.last_invites: dict[int, str] = {}
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        # Tables out of memory, by id: the revision they had, which tells whether another
        # process changed them since. Only these (and, on a shared database, ids another
        # process may have made) are looked up in storage: an unknown id costs no read.
        self.dormant: dict[str, int] = {}
        # A dormant table still held by somebody (a connection that has not said hello yet):
        # woken, it is that very object, never a second copy of the table.
        self._asleep: weakref.WeakValueDictionary[str, Table] = weakref.WeakValueDictionary()
        self.closed: set[str] = set()  # closed for good: never read again
        self.revision = 0
        self.unavailable: list[str] = []
        self.origin = secrets.token_hex(8)
        self._resync_needed = False
        self._discovered = -math.inf  # when the lobby last looked for missed tables
        self._listener: Listener | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._restore_all()

    def _restore_all(self) -> None:
        """At start-up: replay the tables in play or recently changed; only remember the
        others (finished or deserted long ago), which are replayed when asked for."""
        now = time.time()
        for row in self.storage.table_index():
            if row.status == "closed":
                self.closed.add(row.id)
            elif dormant_at_start(row, now):
                self.dormant[row.id] = row.revision
            else:
                found = self.storage.load_table(row.id)
                if found is not None:
                    self._load(row.id, *found)

    def _load(
        self, table_id: str, created: float, revision: int, data: dict[str, Any]
    ) -> Table | None:
        """The table of a stored row, replayed and live; None if closed or unreplayable.

        A database error while its game is read (SQLAlchemyError) passes through, and a
        dormant table stays dormant: it is forgotten as such only once it has an answer
        (live, closed or unavailable), else `find` would never look for it again."""
        if data.get("status") == "closed":
            self.dormant.pop(table_id, None)
            self.closed.add(table_id)
            return None  # closed by its host or an admin: kept in storage, never reopened
        try:
            table = Table(self, table_id, created, data, revision)
            table.restore_game()
        except StorageDown:
            raise  # the database, not the record: asked for again once it is back
        except ParlourError as err:
            # A game no longer installed, or a record this version cannot replay: the
            # table stays stored, untouched, and the others open as usual.
            log.warning("table %s is not restored: %s", table_id, err)
            self.dormant.pop(table_id, None)
            if table_id not in self.unavailable:
                self.unavailable.append(table_id)
            return None
        self.dormant.pop(table_id, None)
        self.tables[table_id] = table
        return table

    def changed(self) -> None:
        self.revision += 1

    def resume(self) -> None:
        """Set the bots of restored tables moving again (once the event loop runs), start
        putting idle tables to sleep, and on a shared database start listening to the other
        processes."""
        for table in self.tables.values():
            table.schedule()
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_often())
            self._sweeper.add_done_callback(log_failure)
        if self.storage.shared and self._listener is None:
            loop = asyncio.get_running_loop()
            self._listener = Listener(
                self.storage.url,
                lambda payload: loop.call_soon_threadsafe(self.on_notice, payload),
                lambda: loop.call_soon_threadsafe(self.resync),
                skip=own_prefix(self.origin),
            )
            self._listener.start()
            self._heartbeat = loop.create_task(self._beat())
            self._heartbeat.add_done_callback(log_failure)

    # ----- dormant tables ------------------------------------------------------------------
    async def _sweep_often(self) -> None:
        """Put idle tables to sleep every SWEEP_EVERY seconds, whatever the database."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                self.sweep()
            except Exception:  # a fault of ours: logged, and the next pass tries again
                log.exception("idle tables could not be put to sleep")

    def sweep(self) -> list[str]:
        """Put the tables idle for IDLE_SECONDS to sleep (see `idle.is_idle`); their ids."""
        now = time.monotonic()
        idle = [table for table in self.tables.values() if is_idle(table, now)]
        for table in idle:
            self._put_to_sleep(table)
        self._forget_quiet_clients(now)
        if idle:
            self.changed()  # they leave the lobby
        return [table.id for table in idle]

    def _forget_quiet_clients(self, now: float) -> None:
        """Drop the creation times of the addresses that made no table for CREATE_WINDOW: an
        address was forgotten only when it came back, so every address that ever asked for a
        table (or a refused one) stayed in memory for good."""
        quiet = [c for c, times in self._created.items() if now - times[-1] >= CREATE_WINDOW]
        for client in quiet:
            del self._created[client]

    def _put_to_sleep(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        table.halt()
        self.bots.forget(table.id)
        if table.status == "closed":  # closed by another process: nothing to wake
            self.closed.add(table.id)
            return
        self.dormant[table.id] = table.revision
        self._asleep[table.id] = table

    def retire(self, table: Table) -> None:
        """A table closed here: out of memory for good (its games stay stored)."""
        self.tables.pop(table.id, None)
        self.dormant.pop(table.id, None)
        self._asleep.pop(table.id, None)
        self.closed.add(table.id)
        self.bots.forget(table.id)

    def keep(self, table: Table) -> None:
        """A table somebody is at again: live, if it went to sleep while he held it (a page
        whose connection was opened before and said hello after)."""
        if table.id in self.tables or table.status == "closed":
            return  # live already (the same object: a woken table is the one held)
        self._adopt(table)

    def _adopt(self, table: Table) -> None:
        self.tables[table.id] = table
        self.dormant.pop(table.id, None)
        self._asleep.pop(table.id, None)
        table.touch()
        self.changed()

    def _wake(self, table_id: str) -> Table | None:
        """A dormant table (or, on a shared database, one another process made) back in
        memory: the object somebody still holds, caught up, or else loaded from storage.

        Raises StorageDown if the database cannot be read: the table stays dormant, and is
        woken when it is asked for again (None would tell the caller there is no such table).
        """
        held = self._asleep.get(table_id)
        if held is not None:
            self._adopt(held)
            if self.storage.shared:
                held.refresh()  # another process may have changed it meanwhile
            held.schedule()
            return held
        try:
            found = self.storage.load_table(table_id)
            if found is None:
                self.dormant.pop(table_id, None)
                return None
            table = self._load(table_id, *found)
        except SQLAlchemyError as err:
            # As a request on a live table logs its outage (routes.unavailable), one line.
            log.warning("table %s cannot be woken: the database is unavailable (%s)",
                        table_id, type(err).__name__)  # fmt: skip
            raise StorageDown(f"the database is unavailable ({type(err).__name__})") from err
        if table is not None:
            # Loaded as storage has it, not from a change of this process: whoever made its
            # last change plays its next automatic move, and this process steps in only after
            # TAKEOVER, as a table that had followed the notices would (see `schedule`).
            table.lead = False
            self.changed()
            table.schedule()
        return table

    # ----- other processes ------------------------------------------------------------------
    def find(self, table_id: Any) -> Table | None:
        """A table by id: a live one, else a dormant one woken, else on a shared database one
        another process created is loaded. None: there is no such table; StorageDown: the
        database could not tell (a dormant or unknown id while it is down)."""
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        table = self.tables.get(table_id)
        if table is not None:
            table.touch()  # asked for: a request or a connection is about to use it
            return table
        if table_id in self.closed or table_id in self.unavailable:
            return None
        if table_id not in self.dormant and not self.storage.shared:
            return None  # nobody else writes this database: an unknown id is no table
        return self._wake(table_id)

    def _behind(self, known: dict[str, int]) -> list[str]:
        """The ids of `known` (id -> stored revision) not in memory that this process has not
        heard of, or holds dormant at another revision (another process changed them)."""
        unavailable = set(self.unavailable)
        return [
            table_id
            for table_id, revision in known.items()
            if table_id not in self.tables
            and self.dormant.get(table_id) != revision
            and table_id not in self.closed
            and table_id not in unavailable
        ]

    def discover_now_and_then(self) -> None:
        """`discover` for the lobby's requests: at most once per DISCOVER_EVERY seconds, since
        it reads a row per stored table and every open lobby page asks every few seconds (the
        notifications bring other processes' tables at once; this only catches one that was
        missed, a moment later)."""
        now = time.monotonic()
        if now - self._discovered < DISCOVER_EVERY:
            return
        self._discovered = now
        self.discover()

    def discover(self) -> None:
        """Load the tables that other processes created and this one has not heard of, and
        the dormant ones they changed (not every dormant one: most never change again)."""
        if not self.storage.shared and not self._resync_needed:
            return
        if self._resync_needed:
            self.resync()
            return
        try:
            known = self.storage.revisions()
        except SQLAlchemyError:
            return
        self._wake_behind(known)

    def _wake_behind(self, known: dict[str, int]) -> None:
        """Load the tables of `known` this process is behind on (see `_behind`); if the
        database fails meanwhile, the rest wait for the next resync."""
        for table_id in self._behind(known):
            try:
                self.find(table_id)
            except StorageDown:
                self._resync_needed = True
                return

    def missed(self) -> None:
        """A catch-up failed: compare every table with the database at the next occasion."""
        self._resync_needed = True

    def resync(self) -> None:
        """After notifications may have been lost (the listener reconnected): catch up."""
        try:
            known = self.storage.revisions()
        except SQLAlchemyError:
            self._resync_needed = True
            return
        self._resync_needed = False
        for table_id, revision in known.items():
            table = self.tables.get(table_id)
            if table is not None and revision != table.revision:
                table.refresh(revision)
        self._wake_behind(known)

    def on_notice(self, payload: str) -> None:
        """A notification from a process (this one's own are ignored)."""
        try:
            self._notice(payload)
        except Exception:  # one table's fault (a log this version cannot replay) stays its own
            log.exception("a notification could not be handled: %s", payload[:200])

    def _notice(self, payload: str) -> None:
        try:
            notice = json.loads(payload)
            origin, table_id = str(notice["origin"]), str(notice["table"])
        except (ValueError, KeyError, TypeError):
            return
        if origin == self.origin:
            return
        if table_id == "*":  # a process started: it wants to know who is connected where
            self.tell_all_presence()
            return
        seats = [int(s) for s in notice["seats"]] if "seats" in notice else None
        if seats == [] and table_id in self.dormant:
            return  # nobody connected there: nothing to remember of a table nobody is at
        # A seat connected on another process wakes a dormant table here, as a change does:
        # somebody is at it, so it is not idle, and this process must know it before its turn
        # timer plays a stand-in for that seat or its lobby leaves the table out as deserted
        # (every process tells its connected seats every PRESENCE_TTL / 3 s, so a dormant
        # table would otherwise learn them only then).
        try:
            table = self.find(table_id)
        except StorageDown:
            self.missed()  # a change is caught up by the next resync, presence by the next beat
            return
        if table is None:
            return
        if seats is not None:
            # Before any automatic move of a table just woken: `_wake` only schedules it (the
            # event loop runs it later), and a stand-in planned here for a seat connected
            # there is called off.
            table.presence_heard(origin, seats)
        elif isinstance(notice.get("moves"), list):
            table.take_in(
                int(notice["revision"]), int(notice["game"]), int(notice["step"]), notice["moves"]
            )
        else:
            table.refresh(int(notice.get("revision") or 0))

    def tell_presence(self, table: Table) -> None:
        """Tell the other processes which of the table's seats are connected here."""
        if self.storage.shared:
            try:
                self.storage.notify_presence(table.id, table.present(), self.origin)
            except SQLAlchemyError:
                self._resync_needed = True  # an outage: the heartbeat says it again

    def tell_all_presence(self) -> None:
        for table in self.tables.values():
            if table.present():
                self.tell_presence(table)

    async def _beat(self) -> None:
        """Presence heartbeats: the seats of a process that died are forgotten in time."""
        self.storage.notify_presence("*", [], self.origin)
        while True:
            await asyncio.sleep(PRESENCE_TTL / 3)
            with contextlib.suppress(SQLAlchemyError):  # an outage: caught up on reconnection
                self.tell_all_presence()
            horizon = time.monotonic() - PRESENCE_TTL
            for table in list(self.tables.values()):
                table.forget_stale_presence(horizon)
            if self._resync_needed:
                self.resync()

    def lobby(self) -> list[dict[str, Any]]:
        """The public live tables, newest first: dormant ones are not listed (their link still
        opens them), nor a table closed by another process that this one still holds."""
        listed = [
            t
            for t in self.tables.values()
            if not t.private and not deserted(t) and t.status != "closed"
        ]
        tables = sorted(listed, key=lambda t: t.created, reverse=True)
        return [t.public() for t in tables[:100]]

    def get(self, table_id: Any) -> Table:
        """A table by id for a request; TableError `no_table` if there is none, `unavailable`
        (503) if the database is down and the table is not in memory (a dormant one)."""
        try:
            table = self.find(table_id)
        except StorageDown:
            raise TableError(
                "unavailable", "the database is unavailable; try again shortly"
            ) from None
        if table is None:
            raise TableError("no_table", "no such table")
        return table

    def _check_limits(self, client: str | None) -> None:
        """A client (an address) sends at most `create_burst` creation requests per
        CREATE_WINDOW seconds and keeps at most `max_open` tables waiting for players created
        in the last WAITING_WINDOW seconds: a flood of tables can neither exhaust the server nor
        push every real table out of the lobby, and tables abandoned long ago lock nobody out.
        Every request the limit lets through counts, refused later or not: a refused request
        costs the server work too (a deck to parse, bots to check)."""
        if client is None:
            return
        now = time.monotonic()
        recent = [t for t in self._created.pop(client, []) if now - t < CREATE_WINDOW]
        if recent:
            self._created[client] = recent  # a client quiet for a window is forgotten
        if len(recent) >= self.create_burst:
            raise TableError(
                "too_many_tables",
                f"at most {self.create_burst} new tables a minute; try again soon",
            )
        # `created` is wall-clock time (stored, so it survives a restart). Dormant tables need
        # not be counted: a waiting table goes dormant only once deserted, older than this.
        since = time.time() - WAITING_WINDOW
        waiting = sum(
            1
            for t in self.tables.values()
            if t.owner == client and t.status == "open" and t.created > since
        )
        if waiting >= self.max_open:
            raise TableError(
                "too_many_tables",
                f"at most {self.max_open} tables waiting for players; start or close one",
            )
        self._created[client] = [*recent, now]

    def _checked_rules(
        self, game: Game, request: Mapping[str, Any], register: bool, lang: str
    ) -> Any:
        raw_rules = request.get("rules") or {}
        if not isinstance(raw_rules, Mapping):
            raise TableError("bad_rules", "rules are a JSON object")
        # The game's web defaults in the table's language first (Beggar's flips play
        # themselves, the 7 familles deal the table's deck), then the host's own choices.
        raw_rules = {**game.web_defaults(lang), **raw_rules}
        values = web_rule_values(game, raw_rules, request.get("deck_upload"), register=register)
        try:
            return make_rules(game.rules_class, values)
        except ParlourError as err:
            raise TableError("bad_rules", str(err)) from None

    def create(self, request: Any, client: str | None = None) -> tuple[Table, str]:
        """A new table from the creation form; returns it and the host's secret token
        (and, in `last_invites`, the invitations of its reserved seats)."""
        if not isinstance(request, Mapping):
            raise TableError("bad_request", "a table is described by a JSON object")
        self._check_limits(client)
        try:
            game = get_game(str(request.get("game", "")))
        except ParlourError as err:
            raise TableError("bad_game", str(err)) from None
        lang = request.get("lang", "en")
        if lang not in LANGS:
            raise TableError("bad_lang", f"languages are: {', '.join(LANGS)}")
        rules = self._checked_rules(game, request, False, lang)
        raw_seats = request.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise TableError("bad_seats", "seats are a list of humans and bots")
        try:
            game.check_players(len(raw_seats), rules)
        except ParlourError as err:
            raise TableError("bad_seats", str(err)) from None
        seats, invites = seat_slots(game, raw_seats, lang, rules)
        if any(s.data for s in seats):  # the choices together: one character a seat
            try:
                game.new_state([s.seat() for s in seats], seed=0, rules=rules)
            except ParlourError as err:
                raise TableError("bad_seats", str(err)) from None
        timer = checked_timer(request.get("turn_timer", 0) or 0)
        seed = checked_seed(request.get("seed"))
        host_seat = request.get("sit")
        if host_seat is not None and (
            not isinstance(host_seat, int)
            or isinstance(host_seat, bool)
            or not 0 <= host_seat < len(seats)
            or seats[host_seat].kind != "human"
        ):
            raise TableError("bad_seat", "the host sits at one of the human seats")
        if not isinstance(request.get("private", False), bool):
            raise TableError("bad_request", "private is true or false")
        if request.get("deck_upload") is not None:
            # Last: only an otherwise valid request has its file parsed and kept.
            rules = self._checked_rules(game, request, True, lang)
        token = secrets.token_urlsafe(24)
        data: dict[str, Any] = {
            "game": game.name,
            "rules": rules_diff(rules),
            "lang": lang,
            "seats": [s.to_json() for s in seats],
            "host": hash_token(token),
            "turn_timer": timer,
            "status": "open",
            "number": 0,
            "seed": seed,
            "deck_upload": request.get("deck_upload"),
            "private": request.get("private") is True,
            "owner": client,
        }
        if host_seat is not None:
            data["seats"][host_seat]["token"] = hash_token(token)  # the host's seat, same secret
        return self._open_table(data, token, invites)

    def _open_table(
        self, data: dict[str, Any], token: str, invites: dict[int, str]
    ) -> tuple[Table, str]:
        # A private table is reachable only by its link, so its id must not be guessable.
        size = 16 if data["private"] else 6
        table_id = secrets.token_urlsafe(size).replace("-", "x").replace("_", "y")
        created = time.time()
        try:
            self.storage.create_table(table_id, created, data, self.origin)
        except StorageDown as err:
            raise TableError("unavailable", f"{err}; no table was made, try again") from None
        table = Table(self, table_id, created, data, revision=1)
        self.tables[table_id] = table
        self.last_invites = invites
        self.changed()
        return table, token

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.bots.close()
        for table in self.tables.values():
            if table._task is not None:
                table._task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table._task
