"""Tables: who sits where, the game the server owns, its bots, its clients and its storage.

Every change happens on the event loop (one thread), so a move is checked, applied, written to
the database and only then broadcast, with no other move in between. Several processes may
serve one table (a shared PostgreSQL database): each change locks the table's row and first
takes in what the others committed, so the database is the authority (see `Table._change`).
Each client receives only its seat's view and the events filtered for its seat; spectators get
the public ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from parlour.bots.base import Bot, make_bot
from parlour.core.errors import IllegalAction, ParlourError, RecordError, RulesError
from parlour.core.events import SeatFeed
from parlour.core.game import Game, Seat, State
from parlour.core.options import make_rules, rules_diff
from parlour.core.registry import get_game
from parlour.i18n import LANGS
from parlour.web.botpool import BotPool, bot_limit_error, cap_bot
from parlour.web.gamelog import head_of, rebuild
from parlour.web.hints import SeatHints
from parlour.web.listen import Listener
from parlour.web.secret import game_seed, server_secret
from parlour.web.storage import Change, GameRow, Storage, StorageDown

log = logging.getLogger("parlour.web")

MAX_NAME = 24
MAX_TURN_TIMER = 600
CREATE_BURST = 10  # new tables per client per CREATE_WINDOW seconds
CREATE_WINDOW = 60.0
HISTORY_LINES = 80  # narration lines sent to a client that (re)connects
FORCED_DELAY = 0.45  # seconds: a bot's pace when it has a single legal move
TAKEOVER = 3.0  # seconds another process waits before playing an automatic move itself
MIN_BACKOFF, MAX_BACKOFF = 0.5, 30.0  # seconds between tries while the database is down
PRESENCE_TTL = 30.0  # seconds a process's word on its connected seats holds


class TableError(ParlourError):
    """A request the table refuses; `code` is the machine-readable reason sent to the client."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def clean_name(raw: Any) -> str:
    """A player's name: printable, trimmed, 1 to 24 characters."""
    if not isinstance(raw, str):
        raise TableError("bad_name", "a name is a string")
    name = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    if not name:
        raise TableError("bad_name", "a name cannot be empty")
    if len(name) > MAX_NAME:
        raise TableError("bad_name", f"a name has at most {MAX_NAME} characters")
    return name


def web_rule_values(game: Game, raw: Mapping[str, Any], deck_text: Any) -> dict[str, Any]:
    """A web table's rules values. The option a game lets players upload (its `upload_option`:
    the 7 familles' deck) is one of the shipped values or the text of an uploaded file (the
    request's `deck_upload`), validated in memory; never a path on the server (that stays a
    command-line feature), so no request can make the server open a file, and no message tells
    of one."""
    values = dict(raw)
    upload = game.upload_option()
    if upload is None:
        if deck_text is not None:
            raise TableError("bad_deck", f"{game.name} has no deck to upload")
        return values
    if deck_text is not None:
        if not isinstance(deck_text, str):
            raise TableError("bad_deck", "an uploaded deck is the text of a TOML deck file")
        try:
            values[upload.field] = upload.register(deck_text)
        except ParlourError as err:
            raise TableError("bad_deck", str(err)) from None
    elif values.get(upload.field, upload.builtin[0]) not in upload.builtin:
        raise TableError(
            "bad_rules",
            f"a web table's {upload.field} is one of {', '.join(upload.builtin)}, or an "
            f"uploaded file (deck_upload: {upload.help})",
        )
    return values


def default_bot(game: Game) -> str:
    """The game's own first bot (its best-known player), else the generic random one."""
    own = list(game.bots())
    return own[0] if own else "random"


@dataclass
class SeatSlot:
    kind: str  # "human" or "bot"
    name: str
    bot: str  # the bot playing this seat, or standing in for its gone player on a timer
    token: str | None = None  # hash of the seat's secret; None while the seat is free
    invite: str | None = None  # hash of the invitation that reserves the seat, if any

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "token": self.token,
            "invite": self.invite,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> SeatSlot:
        return cls(obj["kind"], obj["name"], obj["bot"], obj.get("token"), obj.get("invite"))


@dataclass
class Client:
    """One open connection: a seat (None for a spectator), its language and its outbox."""

    seat: int | None
    lang: str
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    feed: SeatFeed | None = None
    number: int = 0  # the game the feed is reading
    hints: SeatHints | None = None  # a seat's hints, fed by the same filtered events

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.put_nowait(message)


@dataclass
class _Memo:
    """What a table was before a change: restored if the change is not committed."""

    settings: dict[str, Any]
    state: State | None
    moves: int
    head: dict[str, Any] | None
    revision: int


class Table:
    """A table: its seats, its settings and the current game, owned by the server."""

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

    @contextlib.contextmanager
    def _change(self) -> Iterator[Change]:
        """A change of the table, on its latest committed state, stored before it counts.

        Inside: the table's row is locked and what other processes committed is taken in
        first. If anything fails, the commit included, the table is as it was committed.
        """
        memo: _Memo | None = None
        self._tainted = False
        try:
            with self.hall.storage.change(self.id) as tx:
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
        state = self.state
        return {
            "id": self.id,
            "game": self.game.name,
            "title": dict(self.game.title),
            "rules": rules_diff(self.rules),
            "lang": self.lang,
            "status": self.status,
            "number": self.number,
            "turn_timer": self.turn_timer,
            "created": self.created,
            "seats": [
                {
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot if s.kind == "bot" else None,
                    "taken": s.kind == "bot" or s.token is not None,
                    "reserved": s.invite is not None,
                    "connected": s.kind == "bot" or self.connected(i),
                }
                for i, s in enumerate(self.seats)
            ],
            "to_move": state.to_move if state is not None else None,
            "spectators": sum(1 for c in self.clients if c.seat is None),
            "private": self.private,
        }

    def seat_of(self, token: Any) -> int | None:
        """The seat whose secret this is, or None."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        digest = hash_token(token)
        for index, slot in enumerate(self.seats):
            if slot.token is not None and hmac.compare_digest(slot.token, digest):
                return index
        return None

    def is_host(self, token: Any) -> bool:
        return (
            isinstance(token, str)
            and 0 < len(token) <= 200
            and hmac.compare_digest(self.host, hash_token(token))
        )

    def message_for(self, client: Client, *, initial: bool = False) -> dict[str, Any]:
        """The state message for one client: its view, legal moves and new filtered events."""
        state = self.state
        message: dict[str, Any] = {
            "type": "state",
            "table": self.public(),
            "you": client.seat,
            "number": self.number,
            "view": None,
            "legal": [],
            "events": [],
            "narration": [],
            "initial": initial,
        }
        if state is None:
            return message
        if client.feed is None or client.number != self.number:
            client.feed = SeatFeed(client.seat)
            client.number = self.number
            if client.seat is not None:
                client.hints = SeatHints(self.game, self.rules, client.seat, len(state.seats))
            initial = True
            message["initial"] = True
        fresh = client.feed.update(state.log)
        names = [s.name for s in state.seats]
        shown = fresh[-HISTORY_LINES:] if initial else fresh
        narration = []
        for event in shown:
            line = self.game.narrate(event, client.lang, names)
            if line:
                narration.append(line)
        message["step"] = len(state.actions)
        view = state.view(client.seat)
        message["view"] = view
        if client.hints is not None:
            # Only from the seat's own view and filtered events: spectators get no hint.
            message["hints"] = client.hints.update(fresh, view)
        if client.seat is not None and state.to_move == client.seat:
            message["legal"] = [a.to_json() for a in state.legal_actions()]
        message["events"] = [] if initial else [e.to_json() for e in fresh]
        message["narration"] = narration
        return message

    def broadcast(self) -> None:
        for client in self.clients:
            client.send(self.message_for(client))

    # ----- clients ------------------------------------------------------------------------
    def attach(self, client: Client) -> None:
        self.clients.append(client)
        if client.seat is not None:
            self._gone_since.pop(client.seat, None)
        client.send(self.message_for(client, initial=True))
        self._announce()
        self.hall.tell_presence(self)

    def detach(self, client: Client) -> None:
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
            self._gone_since.pop(seat, None)
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
        with self._change() as tx:
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
                and hmac.compare_digest(slot.invite, hash_token(invite))
            ):
                raise TableError(
                    "reserved", "that seat is kept for the guest who has its invitation"
                )
            slot.name = clean
            slot.token = hash_token(token)
            tx.save_table(self.settings())
        self._announce()
        self.hall.changed()
        return token

    def close(self, token: Any, admin: str | None = None) -> None:
        """Close the table for good (its host, or the server's admin): its bots stop, its pages
        are told, it leaves the lobby; its games stay stored."""
        is_admin = (
            admin is not None and isinstance(token, str) and hmac.compare_digest(token, admin)
        )
        if not (self.is_host(token) or is_admin):
            raise TableError("not_host", "only the host or the server's admin can close a table")
        with self._change() as tx:
            self.status = "closed"
            tx.save_table(self.settings())
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.version += 1
        self.hall.tables.pop(self.id, None)
        self.hall.bots.forget(self.id)
        self.hall.changed()
        self._announce()

    def _open(self) -> None:
        if self.status == "closed":
            raise TableError("closed", "this table is closed")

    def start(self, token: Any) -> None:
        self._open()
        if not self.is_host(token):
            raise TableError("not_host", "only the host can start the game")
        with self._change() as tx:
            if self.status != "open":
                raise TableError("started", "the game has already started")
            for index, slot in enumerate(self.seats):
                if slot.kind == "human" and slot.token is None:
                    # Nobody came: a bot takes the empty chair so the others can play.
                    slot.kind = "bot"
                    slot.name = f"{slot.name} (bot)" if slot.name else f"Bot {index + 1}"
            self._new_game(tx)
        self._after_move()

    def again(self, token: Any) -> None:
        self._open()
        if not self.is_host(token):
            raise TableError("not_host", "only the host can start another game")
        with self._change() as tx:
            if self.state is None or not self.state.is_over:
                raise TableError("not_over", "the current game is not over yet")
            self._new_game(tx)
        self._after_move()

    def _new_game(self, tx: Change) -> None:
        seats = [Seat(slot.name) for slot in self.seats]
        number = self.number + 1
        # The host's deal number deals the first game; every other deal comes from the
        # server's secret, so no finished game's seed tells the next game's cards.
        if self.seed is not None and number == 1:
            seed = self.seed
        else:
            seed = game_seed(self.hall.secret, self.id, number, self.seed)
        state = self.game.new_state(seats, seed=seed, rules=self.rules)
        head = head_of(state)
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

    def act(self, seat: int, obj: Any) -> None:
        """Play a move for `seat`: checked against the turn and the rules, stored, broadcast."""
        self._open()
        if not isinstance(obj, Mapping):
            raise TableError("bad_action", "an action is a JSON object")
        # This process's copy is at least as new as what the player saw, so a move refused
        # here is refused without a trip to the database.
        self._check_turn(seat)
        with self._change() as tx:
            state = self._check_turn(seat)  # again, on the latest committed game
            try:
                action = state.action_from_json(obj)
            except (KeyError, TypeError, ValueError, AttributeError, ParlourError) as err:
                raise TableError("bad_action", f"not a move of this game: {err}") from None
            self._play(tx, state, action, seat)
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

    # ----- bots and the turn timer --------------------------------------------------------
    def _bot_for(self, seat: int) -> Bot:
        if seat not in self._bots:
            # Seeded by the game's seed: a replayed deal meets the same bots' choices.
            assert self.state is not None
            rng = random.Random(f"{self.state.seed}:{seat}")
            self._bots[seat] = cap_bot(make_bot(self.game, self.seats[seat].bot, rng))
        return self._bots[seat]

    def _bot_delay(self) -> float:
        pace = getattr(self.rules, "pace_ms", None)
        if getattr(self.rules, "speed", False) and pace:
            return pace / 1000
        return self.hall.bot_delay

    def schedule(self) -> None:
        """Arrange the next automatic move: a bot's, or a stand-in's for a gone player."""
        current = asyncio.current_task() if _loop_running() else None
        if self._task is not None and not self._task.done() and self._task is not current:
            self._task.cancel()
        self._task = None
        state = self.state
        if state is None or state.is_over or self.status == "closed" or not _loop_running():
            return
        seat = state.to_move
        if seat is None:
            return
        slot = self.seats[seat]
        if slot.kind == "bot":
            delay = self._bot_delay()
            if len(state.legal_actions()) == 1:
                delay = min(delay, FORCED_DELAY)  # no choice to watch (a Beggar flip): quicker
        elif self.turn_timer and not self.connected(seat):
            gone = self._gone_since.setdefault(seat, time.monotonic())
            delay = max(0.0, gone + self.turn_timer - time.monotonic())
            delay = max(delay, self._bot_delay())
        else:
            return
        if not self.lead and self.hall.storage.shared:
            # Another process made the last move and plays the next automatic one; this one
            # steps in only if that process is gone.
            delay += TAKEOVER
        delay = max(delay, self._backoff)
        self._task = asyncio.get_running_loop().create_task(self._move_later(delay))
        self._task.add_done_callback(_log_failure)

    async def _move_later(self, delay: float) -> None:
        version = self.version
        await asyncio.sleep(delay)
        state = self.state
        if state is None or self.version != version or state.is_over:
            return
        seat = state.to_move
        if seat is None:
            return
        if self.seats[seat].kind == "human" and self.connected(seat):
            return  # the player came back in time
        from parlour.play.runner import decision_for

        feed = SeatFeed(seat)
        # The bot thinks in a thread on a copy: the table's game may take in another
        # process's move meanwhile.
        bot = self._bot_for(seat)
        decision = decision_for(state.clone(), seat, feed, worlds=getattr(bot, "searches", False))
        thinks = bool(getattr(bot, "searches", False))  # spends its whole time budget
        action = await self.hall.bots.run(self.id, lambda: bot.act(decision), slow=thinks)
        if self.state is not state or self.version != version:
            return  # somebody moved or restarted the game while the bot was thinking
        try:
            with self._change() as tx:
                if self.state is not state or self.version != version:
                    return  # another process moved first: its move stands, ours is moot
                self._play(tx, state, action, seat)
        except TableError as err:
            if err.code == "unavailable":
                self._retry_later(f"{err.message}", seat)
            else:
                self.schedule()
            return
        except Exception as err:  # a fault of ours: logged, and the table keeps trying
            log.exception("table %s: the automatic move of seat %d failed", self.id, seat)
            self._retry_later(f"{type(err).__name__}: {err}", seat)
            return
        if self._backoff:
            log.warning("table %s: the database is back; the game goes on", self.id)
            self._backoff = 0.0
        self._after_move()

    def _retry_later(self, why: str, seat: int) -> None:
        """Back off (1, 2, 4 ... 30 s) and try again: the table resumes once storage is back."""
        self._backoff = min(MAX_BACKOFF, max(MIN_BACKOFF, 2 * self._backoff))
        log.warning(
            "table %s: %s; the automatic move of seat %d is tried again in %.1f s",
            self.id, why, seat, self._backoff,
        )  # fmt: skip
        self.schedule()


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
            )
            self._listener.start()
            self._heartbeat = loop.create_task(self._beat())
            self._heartbeat.add_done_callback(_log_failure)

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
        listed = [t for t in self.tables.values() if not t.private]  # private: by link only
        tables = sorted(listed, key=lambda t: t.created, reverse=True)
        return [t.public() for t in tables[:100]]

    def get(self, table_id: Any) -> Table:
        table = self.find(table_id)
        if table is None:
            raise TableError("no_table", "no such table")
        return table

    def _check_limits(self, client: str | None) -> None:
        """A client (an address) opens at most `create_burst` tables per CREATE_WINDOW seconds and
        keeps at most `max_open` tables waiting for players: a flood of tables can
        neither exhaust the server nor push every real table out of the lobby."""
        if client is None:
            return
        now = time.monotonic()
        recent = [t for t in self._created.get(client, []) if now - t < CREATE_WINDOW]
        self._created[client] = recent
        if len(recent) >= self.create_burst:
            raise TableError(
                "too_many_tables",
                f"at most {self.create_burst} new tables a minute; try again soon",
            )
        waiting = sum(1 for t in self.tables.values() if t.owner == client and t.status == "open")
        if waiting >= self.max_open:
            raise TableError(
                "too_many_tables",
                f"at most {self.max_open} tables waiting for players; start or close one",
            )

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
        raw_rules = request.get("rules") or {}
        if not isinstance(raw_rules, Mapping):
            raise TableError("bad_rules", "rules are a JSON object")
        deck_text = request.get("deck_upload")
        values = web_rule_values(game, raw_rules, deck_text)
        try:
            rules = make_rules(game.rules_class, values)
        except ParlourError as err:
            raise TableError("bad_rules", str(err)) from None
        lang = request.get("lang", "en")
        if lang not in LANGS:
            raise TableError("bad_lang", f"languages are: {', '.join(LANGS)}")
        raw_seats = request.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise TableError("bad_seats", "seats are a list of humans and bots")
        try:
            game.check_players(len(raw_seats), rules)
        except ParlourError as err:
            raise TableError("bad_seats", str(err)) from None
        fallback = default_bot(game)
        seats: list[SeatSlot] = []
        invites: dict[int, str] = {}
        for index, raw in enumerate(raw_seats):
            if not isinstance(raw, Mapping) or raw.get("kind") not in ("human", "bot"):
                raise TableError("bad_seats", f"seat {index + 1} is neither human nor bot")
            spec = str(raw.get("bot") or fallback)[:60]
            try:
                too_costly = bot_limit_error(spec, make_bot(game, spec))
            except ParlourError as err:
                raise TableError("bad_bot", str(err)) from None
            if too_costly is not None:
                raise TableError("bad_bot", too_costly)
            if raw["kind"] == "bot":
                default_name = f"Bot {index + 1}"
                name = clean_name(raw.get("name") or default_name)
            else:
                name = clean_name(raw.get("name") or f"Player {index + 1}")
            slot = SeatSlot(raw["kind"], name, spec)
            if raw.get("reserved") is True and raw["kind"] == "human":
                code = secrets.token_urlsafe(12)
                slot.invite = hash_token(code)
                invites[index] = code
            seats.append(slot)
        timer = request.get("turn_timer", 0) or 0
        if (
            not isinstance(timer, int)
            or isinstance(timer, bool)
            or not 0 <= timer <= MAX_TURN_TIMER
        ):
            raise TableError("bad_timer", f"the turn timer is 0 (off) to {MAX_TURN_TIMER} seconds")
        seed = request.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
        ):
            raise TableError("bad_seed", "a deal number is a whole number from 0 to 2^63 - 1")
        token = secrets.token_urlsafe(24)
        host_seat = request.get("sit")
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
            "deck_upload": deck_text,
            "private": request.get("private") is True,
            "owner": client,
        }
        if host_seat is not None:
            # The host sits at a human seat with the same secret.
            if (
                not isinstance(host_seat, int)
                or isinstance(host_seat, bool)
                or not 0 <= host_seat < len(seats)
                or seats[host_seat].kind != "human"
            ):
                raise TableError("bad_seat", "the host sits at one of the human seats")
            data["seats"][host_seat]["token"] = hash_token(token)
        if not isinstance(request.get("private", False), bool):
            raise TableError("bad_request", "private is true or false")
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
        if client is not None:
            self._created.setdefault(client, []).append(time.monotonic())
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


def _log_failure(task: asyncio.Task[Any]) -> None:
    """A background task's fault is logged where it happens, never 'never retrieved'."""
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())


def _short(err: BaseException) -> str:
    orig = getattr(err, "orig", None) or err
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0][:160]


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
