"""The WebSocket protocol: one connection per browser tab, messages as JSON objects.

Client to server: `hello` {token?, lang?} first (a seat's secret, or none to watch), then
`act` {action, token?, step?, game?}, `start` {token}, `again` {token}, `lang` {lang}, `ping`.
Server to client: `state` (the seat's view, legal moves, filtered events and their narration,
and for a seated player `hints`: the game's public helpers computed for that seat, or null),
`table` (who sits and who is connected), `ok` (a move stored and played), `error` {code,
message, text, id}, `pong`. An error's `message` is English (for scripts and logs); its `text`
is the same error in the connection's language: the page's, as its hello or a `lang` message
said, else the table's. A bad message gets an error and changes nothing; the connection stays open.
A message over the rate limit is dropped, and a flood gets one `flood` error a second at most.
A message's `id` (a whole number or a string of at most MAX_ID characters) is echoed in its
`ok` or `error`; any other id (a lone surrogate, which UTF-8 cannot encode, included) is
refused with `bad_id`. An `act`'s `step` (and `game`, the table's game number) is the step of
the state the client saw: if the game is at another step, or the table at another game, the
move is refused with `stale` (`stale_game`) and changes nothing, so a move sent twice is played
once.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from parlour.core.errors import ParlourError
from parlour.i18n import LANGS
from parlour.web.errortexts import error_text
from parlour.web.inbound import parse_json
from parlour.web.tables import Client, Table, TableError

log = logging.getLogger("parlour.web")

MAX_MESSAGE = 8192  # characters; a real message is a few dozen
MAX_ID = 40  # characters of a message's `id`, echoed in its reply
FLOOD_NOTICE_EVERY = 1.0  # seconds: a flood gets one `flood` error this often at most


class RateLimit:
    """A token bucket: `burst` messages at once, refilled at `rate` per second."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def valid_id(ref: Any) -> bool:
    """Whether a message's `id` may be echoed: a whole number or a short string, of at most
    MAX_ID characters, that UTF-8 can encode (JSON lets a text carry a lone surrogate)."""
    if isinstance(ref, bool) or not isinstance(ref, int | str) or len(str(ref)) > MAX_ID:
        return False
    try:
        str(ref).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def error(code: str, message: str, ref: Any = None, lang: str = "en") -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "error",
        "code": code,
        "message": message,
        "text": error_text(code, message, lang),
    }
    if ref is not None:
        out["id"] = ref
    return out


class Session:
    """One connection's side of the protocol: parses, checks and dispatches its messages."""

    def __init__(self, table: Table, rate: float, burst: float) -> None:
        self.table = table
        self.client: Client | None = None
        self.limit = RateLimit(rate, burst)
        self.pending: list[dict[str, Any]] = []  # replies before the client exists
        self.flood_noticed: float | None = None  # when this flood's last error was sent

    @property
    def lang(self) -> str:
        """The language of this connection's error texts: the page's once it said hello."""
        return self.client.lang if self.client is not None else self.table.lang

    def error(self, code: str, message: str, ref: Any = None) -> dict[str, Any]:
        return error(code, message, ref, self.lang)

    def reply(self, message: dict[str, Any]) -> None:
        if self.client is not None:
            self.client.send(message)
        else:
            self.pending.append(message)

    def handle(self, raw: Any) -> None:
        """Handle one incoming frame (text, or bytes which are refused)."""
        if not self.limit.allow():
            # One error a second at most, not one per refused message: the replies to a flood
            # would fill the page's unread messages, and the server closes a page that leaves
            # too many (OUTBOX_LIMIT). The refused messages themselves are dropped.
            now = time.monotonic()
            if self.flood_noticed is None or now - self.flood_noticed >= FLOOD_NOTICE_EVERY:
                self.flood_noticed = now
                self.reply(self.error("flood", "too many messages; slow down"))
            return
        if not isinstance(raw, str):
            self.reply(self.error("binary", "messages are JSON text"))
            return
        if len(raw) > MAX_MESSAGE:
            self.reply(self.error("too_large", f"a message has at most {MAX_MESSAGE} characters"))
            return
        try:
            message = parse_json(raw)
        except TableError:
            self.reply(self.error("bad_json", "not valid JSON"))
            return
        if not isinstance(message, dict):
            self.reply(self.error("bad_message", "a message is a JSON object"))
            return
        ref = message.get("id")
        if ref is not None and not valid_id(ref):
            # Echoed in the reply, it must be short and encodable (a lone surrogate is not).
            self.reply(
                self.error(
                    "bad_id", f"an id is a whole number or a string of at most {MAX_ID} characters"
                )
            )
            return
        kind = message.get("type")
        try:
            self.dispatch(kind, message)
            if kind in ("act", "start", "again"):
                self.reply({"type": "ok", "id": ref} if ref is not None else {"type": "ok"})
        except TableError as err:
            self.reply(self.error(err.code, err.message, ref))
        except ParlourError as err:
            self.reply(self.error("refused", str(err), ref))
        except Exception:  # a fault of ours: say so, keep the connection and the table
            log.exception("table %s: message %r failed", self.table.id, kind)
            self.reply(self.error("server", "the server could not handle that message", ref))

    def dispatch(self, kind: Any, message: dict[str, Any]) -> None:
        table = self.table
        if kind == "ping":
            self.reply({"type": "pong"})
            return
        if kind == "hello":
            if self.client is not None:
                raise TableError("already_greeted", "this connection has already said hello")
            token = message.get("token")
            seat = None
            if token is not None:
                seat = table.seat_of(token)
                if seat is None and not table.is_host(token):  # a host may watch, not sit
                    raise TableError("bad_token", "that seat token is not valid at this table")
            lang = message.get("lang", table.lang)
            if lang not in LANGS:
                lang = table.lang
            self.client = Client(seat, lang)
            for early in self.pending:
                self.client.send(early)
            self.pending.clear()
            self.client.send({"type": "welcome", "seat": seat, "host": table.is_host(token)})
            table.attach(self.client)
            return
        if kind not in ("act", "start", "again", "lang"):
            raise TableError("unknown_type", f"unknown message type {str(kind)[:40]!r}")
        if self.client is None:
            raise TableError("hello_first", "say hello first")
        if kind == "lang":
            lang = message.get("lang")
            if lang not in LANGS:
                raise TableError("bad_lang", f"languages are: {', '.join(LANGS)}")
            # The narration is the table's: the page's language is that of its error texts.
            self.client.lang = lang
            return
        if kind in ("start", "again"):
            token = message.get("token")
            table.start(token) if kind == "start" else table.again(token)
            return
        # act
        if self.client.seat is None:
            raise TableError("spectator", "spectators cannot play")
        if "token" in message and table.seat_of(message["token"]) != self.client.seat:
            raise TableError("bad_token", "that token is not this seat's")
        step, game = message.get("step"), message.get("game")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int) or step < 0):
            raise TableError("bad_step", "a move's step is a whole number, 0 or more")
        if game is not None and (isinstance(game, bool) or not isinstance(game, int) or game < 1):
            raise TableError("bad_game", "a move's game is a whole number, 1 or more")
        table.act(self.client.seat, message.get("action"), step, game)

    def close(self) -> None:
        if self.client is not None:
            self.table.detach(self.client)
