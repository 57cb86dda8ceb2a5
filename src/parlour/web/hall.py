"""The hall: every table of the server, restored from storage at start-up, the tables other
processes create or change on a shared database, presence between processes, and the creation
of tables with its limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
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
# A table waiting for players counts toward its owner's limit for this long (seconds) after
# its creation: nothing closes an abandoned table, and a restart reloads it, so counting
# every one would lock its address out for good.
WAITING_WINDOW = 3600.0


def _deserted(table: Table) -> bool:
    """A table still waiting for players an hour after its creation, with nobody at it: its
    host has gone, so the lobby no longer offers it (a "Join" that leads to an empty room).
    It is not closed: its link still opens it, and once somebody sits at it again it is
    listed again. Private tables are never listed anyway."""
    if table.status != "open" or table.created > time.time() - WAITING_WINDOW:
        return False
    if table.clients:  # somebody has the page open here, seated or watching (a host who
        return False  # does not sit watches his table)
    return not any(table.connected(seat) for seat in range(len(table.seats)))


class Hall:
    """Every table of the server, restored from storage at start-up.

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
        self.revision = 0
        self.unavailable: list[str] = []
        self.origin = secrets.token_hex(8)
        self._resync_needed = False
        self._listener: Listener | None = None
        self._heartbeat: asyncio.Task[None] | None = None
        for table_id, created, revision, data in storage.load_tables():
            self._load(table_id, created, revision, data)

    def _load(
        self, table_id: str, created: float, revision: int, data: dict[str, Any]
    ) -> Table | None:
        if data.get("status") == "closed":
            return None  # closed by its host or an admin: kept in storage, never reopened
        try:
            table = Table(self, table_id, created, data, revision)
            table.restore_game()
        except ParlourError as err:
            # A game no longer installed, or a record this version cannot replay: the
            # table stays stored, untouched, and the others open as usual.
            log.warning("table %s is not restored: %s", table_id, err)
            if table_id not in self.unavailable:
                self.unavailable.append(table_id)
            return None
        self.tables[table_id] = table
        return table

    def changed(self) -> None:
        self.revision += 1

    def resume(self) -> None:
        """Set the bots of restored tables moving again (once the event loop runs), and on a
        shared database start listening to the other processes."""
        for table in self.tables.values():
            table.schedule()
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

    # ----- other processes ------------------------------------------------------------------
    def find(self, table_id: Any) -> Table | None:
        """A table by id; on a shared database, one another process created is loaded."""
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        table = self.tables.get(table_id)
        if table is not None or not self.storage.shared or table_id in self.unavailable:
            return table
        try:
            found = self.storage.load_table(table_id)
        except SQLAlchemyError:
            return None
        if found is None:
            return None
        table = self._load(table_id, *found)
        if table is not None:
            self.changed()
            table.schedule()
        return table

    def discover(self) -> None:
        """Load the tables that other processes created and this one has not heard of."""
        if not self.storage.shared and not self._resync_needed:
            return
        if self._resync_needed:
            self.resync()
            return
        try:
            known = self.storage.revisions()
        except SQLAlchemyError:
            return
        for table_id in known.keys() - self.tables.keys() - set(self.unavailable):
            self.find(table_id)

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
            if table is None:
                if table_id not in self.unavailable:
                    self.find(table_id)
            elif revision != table.revision:
                table.refresh(revision)

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
        table = self.find(table_id)
        if table is None:
            return
        if "seats" in notice:
            table.presence_heard(origin, [int(s) for s in notice["seats"]])
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
            if self._resync_needed:
                self.resync()

    def lobby(self) -> list[dict[str, Any]]:
        listed = [t for t in self.tables.values() if not t.private and not _deserted(t)]
        tables = sorted(listed, key=lambda t: t.created, reverse=True)
        return [t.public() for t in tables[:100]]

    def get(self, table_id: Any) -> Table:
        table = self.find(table_id)
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
        # `created` is wall-clock time (stored, so it survives a restart).
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
        seats, invites = seat_slots(game, raw_seats, lang)
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
        self.bots.close()
        for table in self.tables.values():
            if table._task is not None:
                table._task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table._task
