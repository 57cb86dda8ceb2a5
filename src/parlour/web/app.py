"""The ASGI application: the page, the JSON API of the lobby and the tables' WebSockets."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.middleware import Middleware

from parlour.core.records import replay
from parlour.core.review import review_record
from parlour.web.hall import Hall
from parlour.web.headers import SecurityHeaders
from parlour.web.replays import ReplayCache
from parlour.web.routes import ROUTES, available_games, game_info, unavailable
from parlour.web.storage import Storage, StorageDown

# Re-exported: callers and tests import these from here.
__all__ = [
    "Settings",
    "app_from_env",
    "available_games",
    "create_app",
    "game_info",
    "log_to_stderr",
]

log = logging.getLogger("parlour.web")


@dataclasses.dataclass
class Settings:
    db_url: str
    bot_delay: float = 0.9
    rate: float = 40.0  # messages per second a connection may send, on average
    burst: float = 80.0
    tables_per_minute: int = 10  # new tables one client (address) may open a minute
    # WebSockets one client address may hold open at once (a page each), in each process
    connections_per_address: int = 64
    admin_token: str | None = None  # closes any table (POST /api/tables/<id>/close)


def replay_steps(record: dict[str, Any], lang: str) -> dict[str, Any]:
    """A finished game step by step as a spectator saw it: public view and narration."""
    state, _ = replay(record)
    game = state.game
    names = [s.name for s in state.seats]
    from parlour.core.records import start_from_record

    state = start_from_record(record)
    cursor = 0

    def step() -> dict[str, Any]:
        nonlocal cursor
        fresh = [e for e in state.log[cursor:] if e.public]
        cursor = len(state.log)
        lines = [line for e in fresh if (line := game.narrate(e, lang, names))]
        return {
            "view": state.view(None),
            "events": [e.to_json() for e in fresh],
            "narration": lines,
        }

    steps = [step()]
    for obj in record.get("actions") or []:
        state.apply(state.action_from_json(obj))
        steps.append(step())
    return {"game": game.name, "seats": names, "steps": steps, "result": record.get("result")}


def review_json(record: dict[str, Any], seat: str) -> dict[str, Any]:
    """A seat's review of a finished game (the route checked the seat and that there is one)."""
    review = review_record(record, int(seat))
    return review.to_json() if review is not None else {}


def create_app(settings: Settings) -> Starlette:
    """The application: one hall over one storage; the routes find both on `app.state`."""
    storage = Storage(settings.db_url, claim=True)  # a SQLite file serves one process
    hall = Hall(storage, bot_delay=settings.bot_delay, create_burst=settings.tables_per_minute)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hall.resume()
        yield
        await hall.close()
        storage.close()

    app = Starlette(
        routes=ROUTES,
        lifespan=lifespan,
        exception_handlers={SQLAlchemyError: unavailable, StorageDown: unavailable},
        middleware=[Middleware(SecurityHeaders)],
    )
    app.state.hall = hall
    app.state.storage = storage
    app.state.settings = settings
    app.state.connections = Counter()  # open WebSockets by client address
    app.state.replays = ReplayCache(replay_steps)
    # Reviews are cached like replays, keyed by seat instead of language: a Flip 7 review
    # runs the solver at every decision, once per game and seat.
    app.state.reviews = ReplayCache(review_json)
    return app


def log_to_stderr() -> None:
    """The server's warnings (an outage, a table that cannot be restored) as timed lines."""
    logger = logging.getLogger("parlour")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


def app_from_env() -> Starlette:
    """For `uvicorn parlour.web.app:app_from_env --factory [--workers N]`: the settings come
    from PARLOUR_DB, PARLOUR_BOT_DELAY, PARLOUR_RATE, PARLOUR_TABLES_PER_MINUTE and
    PARLOUR_CONNECTIONS_PER_ADDRESS (`parlour serve --workers` sets them)."""
    import os

    from parlour.web.storage import default_db_url

    rate = float(os.environ.get("PARLOUR_RATE", "40"))
    log_to_stderr()
    return create_app(
        Settings(
            db_url=os.environ.get("PARLOUR_DB") or default_db_url(),
            bot_delay=float(os.environ.get("PARLOUR_BOT_DELAY", "0.9")),
            rate=rate,
            burst=max(2 * rate, 10),
            tables_per_minute=int(os.environ.get("PARLOUR_TABLES_PER_MINUTE", "10")),
            connections_per_address=int(os.environ.get("PARLOUR_CONNECTIONS_PER_ADDRESS", "64")),
            admin_token=os.environ.get("PARLOUR_ADMIN_TOKEN") or None,
        )
    )
