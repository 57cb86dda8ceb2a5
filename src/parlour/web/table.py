"""The table authority: who sits where, the game the server owns, its bots and its storage.

Every change happens on the event loop (one thread), so a move is checked, applied, written to
the database and only then broadcast, with no other move in between. Several processes may
serve one table (a shared PostgreSQL database): each change locks the table's row and first
takes in what the others committed, so the database is the authority (see `Table._change`);
on PostgreSQL a change on the revision this process knows is first tried in one optimistic
statement (see `Table._transact`).
Each client receives only its seat's view and the events filtered for its seat; spectators get
the public ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from parlour.bots.base import Bot
from parlour.core.errors import IllegalAction, ParlourError, RecordError, RulesError
from parlour.core.game import Game, State
from parlour.core.options import make_rules, rules_diff
from parlour.core.registry import get_game
from parlour.web.automatic import (
    FORCED_DELAY,
    MAX_BACKOFF,
    MIN_BACKOFF,
    TAKEOVER,
    AutomaticMoves,
    log_failure,
)
from parlour.web.changes import Change, GameRow, Stale
from parlour.web.gamelog import head_of, rebuild, with_upload
from parlour.web.seats import (
    SeatSlot,
    TableError,
    clean_name,
    hash_token,
    same_secret,
    stand_in_name,
    web_rule_values,
)
from parlour.web.secret import game_seed
from parlour.web.storage import StorageDown
from parlour.web.transport import Client, public_info, state_message

if TYPE_CHECKING:
    from parlour.web.hall import Hall

log = logging.getLogger("parlour.web")

T = TypeVar("T")

# The automatic moves' constants stay importable from here, where they were first defined.
__all__ = [
    "FORCED_DELAY",
    "MAX_BACKOFF",
    "MIN_BACKOFF",
    "PRESENCE_TTL",
    "TAKEOVER",
    "Table",
    "log_failure",
]

PRESENCE_TTL = 30.0  # seconds a process's word on its connected seats holds


@dataclass
class _Memo:
    """What a table was before a change: restored if the change is not committed."""

    settings: dict[str, Any]
    state: State | None
    moves: int
    head: dict[str, Any] | None
    revision: int


class Table(AutomaticMoves):
    """A table: its seats, its settings and the current game, owned by the server (its
    automatic moves, bots and stand-ins, are those of `AutomaticMoves`)."""

    def __init__(
        self,
        hall: Hall,
        table_id: str,
        created: float,
        data: Mapping[str, Any],
        revision: int = 0,
    ):
        self.hall = hall
        self.id = table_id
        self.created = created
        self.game: Game = get_game(data["game"])
        self._load_settings(data)
        self.revision = revision  # the last committed change this process knows of
        self.state: State | None = None
        self.head: dict[str, Any] | None = None  # the current game's stored record head
        self.clients: list[Client] = []
        self.version = 0
        self.lead = True  # this process made the last change: its bots move first
        self.remote: dict[str, tuple[float, set[int]]] = {}  # seats present on other processes
        self._task: asyncio.Task[None] | None = None
        self._bots: dict[int, Bot] = {}
        self._gone_since: dict[int, float] = {}
        self._backoff = 0.0  # seconds before the next try while the database is down
        self._tainted = False  # a move failed half-way: rebuild the game on rollback
        self._caught_up = False
        self.touched = time.monotonic()  # the last change, look-up or client: see `Hall.sweep`

    def touch(self) -> None:
        """Something happened at the table: it is not idle (the hall puts idle ones to sleep)."""
        self.touched = time.monotonic()

    def halt(self) -> None:
        """Stop the table's automatic moves: its scheduled move is cancelled, and a bot still
        thinking has its move dropped (the version it thought about is gone)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.version += 1

    # ----- persistence --------------------------------------------------------------------
    def _load_settings(self, data: Mapping[str, Any]) -> None:
        # Stored settings pass the same check as a request: a deck path never opens a file.
        values = web_rule_values(self.game, data.get("rules") or {}, data.get("deck_upload"))
        self.deck_upload: str | None = data.get("deck_upload")
        self.rules: Any = make_rules(self.game.rules_class, values)
        self.lang: str = data.get("lang", "en")
        self.seats = [SeatSlot.from_json(s) for s in data["seats"]]
        self.host: str = data["host"]
        self.turn_timer: int = int(data.get("turn_timer") or 0)
        self.status: str = data.get("status", "open")
        self.number: int = int(data.get("number") or 0)
        self.seed: int | None = data.get("seed")
        self.private: bool = bool(data.get("private"))
        self.owner: str | None = data.get("owner")  # the creating client, for its limits

    def settings(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "rules": rules_diff(self.rules),
            "lang": self.lang,
            "seats": [s.to_json() for s in self.seats],
            "host": self.host,
            "turn_timer": self.turn_timer,
            "status": self.status,
            "number": self.number,
            "seed": self.seed,
            "deck_upload": self.deck_upload,
            "private": self.private,
            "owner": self.owner,
        }

    def deck_ready(self) -> None:
        """Register the table's uploaded deck again before a game is made from its rules: the
        server keeps the uploads of games not being played only for a while (a bounded cache),
        and the table's settings keep the text."""
        if self.deck_upload is not None:
            web_rule_values(self.game, {}, self.deck_upload)

    def restore_game(self) -> None:
        """Rebuild the current game from its stored head and moves (at start-up)."""
        if self.number == 0:
            self.state = self.head = None
            return
        record = self.hall.storage.load_game(self.id, self.number)
        if record is None:
            raise ParlourError(f"table {self.id}: game {self.number} is missing from storage")
        actions = record.pop("actions")
        self._install(record, actions, record.pop("result", None))

    def _install(self, head: dict[str, Any], actions: list[Any], result: Any = None) -> None:
        self.deck_ready()
        try:
            self.state = rebuild(head, actions, result)
        except RecordError as err:
            raise ParlourError(f"table {self.id}: game {self.number}: {err}") from None
        self.head = head
        self._bots = {}

    def _memo(self) -> _Memo:
        moves = len(self.state.actions) if self.state is not None else 0
        return _Memo(self.settings(), self.state, moves, self.head, self.revision)

    def _restore(self, memo: _Memo) -> None:
        """Back to the last committed state: what was not stored was not played."""
        self._load_settings(memo.settings)
        state = memo.state
        if state is not None and (len(state.actions) > memo.moves or self._tainted):
            assert memo.head is not None
            # From memory, not the database, which may be the very thing that failed.
            state = rebuild(memo.head, state.actions[: memo.moves])
            self._bots = {}
        if state is not self.state:
            self.version += 1  # a bot thinking about the undone position drops its move
        self.state, self.head, self.revision = state, memo.head, memo.revision
        self._tainted = False

    def _sync(
        self, revision: int, data: dict[str, Any], game: GameRow | None, moves: list[Any]
    ) -> None:
        """Take in what other processes committed: the settings, then the game's moves."""
        before = self.number
        self.touch()
        self._load_settings(data)
        if self.number == 0:
            self.state = self.head = None
        elif game is not None:
            self._install(game.head, moves, game.result)
        else:
            state = self.state
            if state is None or self.number != before:
                raise ParlourError(f"table {self.id}: game {self.number} is missing from storage")
            for obj in moves:
                state.apply(state.action_from_json(obj))
        self.revision = revision
        self.version += 1
        self.lead = False
        self._caught_up = True

    def _transact(self, body: Callable[[Change], T], closing: bool = False) -> T:
        """Run `body` as a change of the table (see `_change`) and return what it returns.

        On PostgreSQL it is first run optimistically, on the revision this process knows,
        its writes sent as one statement at the end: one round trip where the locked way
        takes five. If another process committed meanwhile, that attempt stored nothing and
        the table is as it was; `body` then runs again the locked way, on the latest state,
        refused if that state is a closed table (unless `closing` it).
        """
        if self.hall.storage.is_postgres:
            try:
                with self._change(optimistic=True) as tx:
                    return body(tx)
            except Stale:
                pass
        with self._change() as tx:
            if not closing:
                self._open()  # closed by another process since this one checked
            return body(tx)

    @contextlib.contextmanager
    def _change(self, optimistic: bool = False) -> Iterator[Change]:
        """A change of the table, on its latest committed state, stored before it counts.

        Inside: the table's row is locked and what other processes committed is taken in
        first (`optimistic`: nothing is locked or read, and the commit fails with Stale
        unless the table is still at this process's revision). If anything fails, the commit
        included, the table is as it was committed.
        """
        memo: _Memo | None = None
        self._tainted = False
        self.touch()
        expected = self.revision if optimistic else None
        try:
            with self.hall.storage.change(self.id, expected) as tx:
                if tx.revision != self.revision:
                    number = int(tx.data.get("number") or 0)
                    if number != self.number or self.state is None:
                        game = tx.game(number) if number else None
                        self._sync(tx.revision, tx.data, game, tx.moves(number) if game else [])
                    else:
                        self._sync(tx.revision, tx.data, None, tx.moves(number, self.moves))
                memo = self._memo()
                yield tx
                if tx.dirty:
                    self.revision = tx.bump(self.hall.origin)
                    self.lead = True
            if self._caught_up and not tx.dirty:
                self._after_move()  # nothing of ours to tell, but the others' moves are news
        except BaseException as err:
            if memo is not None:
                self._restore(memo)
            if self._caught_up:
                self._after_move()  # the others' moves, at least, are news to our pages
            if isinstance(err, StorageDown):
                raise TableError("unavailable", f"{err}; nothing changed, try again") from err
            raise

    @property
    def moves(self) -> int:
        return len(self.state.actions) if self.state is not None else 0

    def take_in(self, revision: int, number: int, step: int, moves: list[Any]) -> None:
        """Take in the moves another process appended, carried by its notification: the next
        revision, on the game and at the step this process has; anything else (a notification
        missed, a game started) is read from the database instead."""
        state = self.state
        if (
            revision != self.revision + 1
            or state is None
            or number != self.number
            or step != len(state.actions)
        ):
            self.refresh(revision)
            return
        self._caught_up = False
        self.touch()
        for obj in moves:
            state.apply(state.action_from_json(obj))
        self.revision = revision
        self.version += 1
        self.lead = False
        self._after_move()

    def refresh(self, revision: int | None = None) -> None:
        """Catch up with a change another process committed (told by a notification).

        A plain read on the event loop, like every storage call: nothing changes the table
        between the read and its use.
        """
        if revision is not None and revision <= self.revision:
            return
        try:
            fresh, data, game, moves = self.hall.storage.snapshot(
                self.id, self.number if self.state is not None else None, self.moves
            )
        except SQLAlchemyError as err:
            log.warning("table %s: cannot catch up now (%s); will retry", self.id, _short(err))
            self.hall.missed()
            return
        if fresh <= self.revision:
            return
        self._caught_up = False
        self._sync(fresh, data, game, moves)
        self._after_move()

    # ----- what everybody may see ---------------------------------------------------------
    def connected(self, seat: int) -> bool:
        if any(c.seat == seat for c in self.clients):
            return True
        horizon = time.monotonic() - PRESENCE_TTL
        return any(stamp > horizon and seat in seats for stamp, seats in self.remote.values())

    def present(self) -> list[int]:
        """The seats connected to this process."""
        return sorted({c.seat for c in self.clients if c.seat is not None})

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table (the lobby's line, every message's `table`)."""
        return public_info(self)

    def seat_of(self, token: Any) -> int | None:
        """The seat whose secret this is, or None."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        digest = hash_token(token)
        for index, slot in enumerate(self.seats):
            if slot.token is not None and same_secret(slot.token, digest):
                return index
        return None

    def is_host(self, token: Any) -> bool:
        return (
            isinstance(token, str)
            and 0 < len(token) <= 200
            and same_secret(hash_token(token), self.host)
        )

    def message_for(self, client: Client, *, initial: bool = False) -> dict[str, Any]:
        """The state message for one client: its view, legal moves and new filtered events."""
        return state_message(self, client, initial=initial)

    def broadcast(self) -> None:
        shared: dict[Any, Any] = {}  # the public info and each seat's view, made once
        for client in self.clients:
            client.send(state_message(self, client, shared=shared))

    # ----- clients ------------------------------------------------------------------------
    def attach(self, client: Client) -> None:
        self.hall.keep(self)  # live again if it went to sleep since its page connected
        self.clients.append(client)
        if client.seat is not None:
            self.came_back(client.seat)
        client.send(self.message_for(client, initial=True))
        self._announce()
        self.hall.tell_presence(self)

    def detach(self, client: Client) -> None:
        self.touch()  # its idle time counts from the last page leaving
        if client in self.clients:
            self.clients.remove(client)
        if client.seat is not None and not self.connected(client.seat):
            self._gone_since[client.seat] = time.monotonic()
        self._announce()
        self.hall.tell_presence(self)
        self.schedule()

    def _announce(self) -> None:
        """Tell everybody who is connected (a lighter message than a whole state)."""
        info = {"type": "table", "table": self.public()}
        for client in self.clients:
            client.send(info)

    def presence_heard(self, origin: str, seats: list[int]) -> None:
        """Another process's connected seats: a seat played there is not 'gone' here."""
        before = self.remote.get(origin, (0.0, set()))[1]
        if seats:
            self.remote[origin] = (time.monotonic(), set(seats))
        else:
            self.remote.pop(origin, None)
        for seat in seats:
            self.came_back(seat)
        if set(seats) != before:  # a heartbeat that changes nothing stays quiet
            self._announce()
            if self.turn_timer:
                self.schedule()  # a stand-in planned for a seat now present is called off

    # ----- seats and the host -------------------------------------------------------------
    def join(self, seat: Any, name: Any, invite: Any = None) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"seat must be a number from 0 to {len(self.seats) - 1}")
        clean = clean_name(name)
        token = secrets.token_urlsafe(24)

        def sit(tx: Change) -> None:
            slot = self.seats[seat]
            if slot.kind != "human":
                raise TableError("seat_taken", "a bot plays that seat")
            if slot.token is not None:
                raise TableError("seat_taken", "somebody already sits there")
            if self.status != "open":
                raise TableError("started", "the game has started; watch it as a spectator")
            if slot.invite is not None and not (
                isinstance(invite, str)
                and 0 < len(invite) <= 200
                and same_secret(hash_token(invite), slot.invite)
            ):
                raise TableError(
                    "reserved", "that seat is kept for the guest who has its invitation"
                )
            slot.name = clean
            slot.token = hash_token(token)
            tx.save_table(self.settings())

        self._transact(sit)
        self._announce()
        self.hall.changed()
        return token

    def close(self, token: Any, admin: str | None = None) -> None:
        """Close the table for good (its host, or the server's admin): its bots stop, its pages
        are told, it leaves the lobby; its games stay stored."""
        is_admin = admin is not None and isinstance(token, str) and same_secret(token, admin)
        if not (self.is_host(token) or is_admin):
            raise TableError("not_host", "only the host or the server's admin can close a table")

        def close(tx: Change) -> None:
            self.status = "closed"
            tx.save_table(self.settings())

        self._transact(close, closing=True)
        self.halt()
        self.hall.retire(self)
        self.hall.changed()
        self._announce()

    def _open(self) -> None:
        if self.status == "closed":
            raise TableError("closed", "this table is closed")

    def start(self, token: Any) -> None:
        self._open()
        if not self.is_host(token):
            raise TableError("not_host", "only the host can start the game")

        def start(tx: Change) -> None:
            if self.status != "open":
                raise TableError("started", "the game has already started")
            for index, slot in enumerate(self.seats):
                if slot.kind == "human" and slot.token is None:
                    # Nobody came: a bot takes the empty chair so the others can play.
                    slot.kind = "bot"
                    slot.name = stand_in_name(slot, index, self.lang)
            self._new_game(tx)

        self._transact(start)
        self._after_move()

    def again(self, token: Any) -> None:
        self._open()
        if not self.is_host(token):
            raise TableError("not_host", "only the host can start another game")

        def again(tx: Change) -> None:
            if self.state is None or not self.state.is_over:
                raise TableError("not_over", "the current game is not over yet")
            self._new_game(tx)

        self._transact(again)
        self._after_move()

    def _new_game(self, tx: Change) -> None:
        self.deck_ready()
        seats = [slot.seat() for slot in self.seats]
        number = self.number + 1
        # The host's deal number deals the first game; every other deal comes from the
        # server's secret, so no finished game's seed tells the next game's cards.
        if self.seed is not None and number == 1:
            seed = self.seed
        else:
            seed = game_seed(self.hall.secret, self.id, number, self.seed)
        state = self.game.new_state(seats, seed=seed, rules=self.rules)
        # The upload's text from the table's own copy, whatever the server's cache kept.
        head = with_upload(head_of(state), self.game, self.deck_upload)
        self.state, self.head, self.number, self.status = state, head, number, "playing"
        tx.new_game(number, head)
        tx.save_table(self.settings())
        self._bots = {}
        self.version += 1

    # ----- moves --------------------------------------------------------------------------
    def _check_turn(self, seat: int) -> State:
        state = self.state
        if state is None:
            raise TableError("not_started", "the game has not started")
        if state.is_over:
            raise TableError("game_over", "the game is over")
        if state.to_move != seat:
            raise TableError("out_of_turn", f"it is not your turn (seat {state.to_move} plays)")
        return state

    def act(self, seat: int, obj: Any, step: int | None = None, game: int | None = None) -> None:
        """Play a move for `seat`: checked against the turn and the rules, stored, broadcast.

        `step` is the step of the state the player saw, when the client says it: a move sent
        twice (a resend after a lost connection, a double click, a seat open in two tabs)
        would otherwise be played twice wherever the same player moves again. `game`, the
        table's game number the player saw: steps start again at 0 with each game.
        """
        self._open()
        if not isinstance(obj, Mapping):
            raise TableError("bad_action", "an action is a JSON object")
        # This process's copy is at least as new as what the player saw, so a move refused
        # here is refused without a trip to the database. The step is checked only inside
        # the change: another process may have moves this copy has not taken in yet.
        self._check_turn(seat)

        def play(tx: Change) -> None:
            if game is not None and game != self.number:
                raise TableError(
                    "stale_game",
                    f"the game has moved on: this move was for game {game}, "
                    f"the table is at game {self.number}",
                )
            if step is not None and self.state is not None:
                now = len(self.state.actions)
                if step != now:
                    raise TableError(
                        "stale",
                        f"the game has moved on: this move was for step {step}, "
                        f"the game is at step {now}",
                    )
            state = self._check_turn(seat)  # again, on the latest committed game
            try:
                action = state.action_from_json(obj)
            except (KeyError, TypeError, ValueError, AttributeError, ParlourError) as err:
                raise TableError("bad_action", f"not a move of this game: {err}") from None
            self._play(tx, state, action, seat)

        self._transact(play)
        self._after_move()

    def _play(self, tx: Change, state: State, action: Any, seat: int) -> None:
        step = len(state.actions)
        try:
            state.apply(action, seat)
        except IllegalAction as err:
            raise TableError("illegal", f"illegal move ({err.rule}): {err.message}") from None
        except (RulesError, KeyError, TypeError, ValueError, AttributeError) as err:
            # The contract says an illegal move changes nothing; a malformed one that slipped
            # past the game's parser might not, so the rollback rebuilds the game.
            self._tainted = True
            raise TableError("bad_action", f"not a move of this game: {err}") from None
        tx.append(self.number, step, seat, state.actions[-1])
        if state.is_over:
            assert state.outcome is not None
            self.status = "over"
            tx.finish(self.number, state.outcome.to_json())
            tx.save_table(self.settings())
        self.version += 1

    def _after_move(self) -> None:
        self._caught_up = False
        self.broadcast()
        self.hall.changed()
        self.schedule()


def _short(err: BaseException) -> str:
    orig = getattr(err, "orig", None) or err
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0][:160]
