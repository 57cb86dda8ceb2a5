"""The routes of the web face: the page, the JSON API of the lobby and the tables' WebSockets.

Module-level handlers that find the hall, the storage, the settings and the replay cache on
`request.app.state` (set by `create_app`), so the application is only assembled in `app.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import typing
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.convertors import IntegerConvertor, register_url_convertor
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.bots.base import available_bots, default_bot
from parlour.core.capabilities import offers
from parlour.core.options import describe_options
from parlour.core.registry import game_names, get_game
from parlour.i18n import LANGS, has, t
from parlour.i18n.about import game_credits
from parlour.i18n.options import option_help, option_label, value_label
from parlour.web.errortexts import error_text
from parlour.web.gamelog import with_upload
from parlour.web.hall import Hall
from parlour.web.inbound import BodyTooLarge, parse_json, read_capped
from parlour.web.protocol import Session, error
from parlour.web.replays import ReplayCache
from parlour.web.seats import TableError, tagged_seat_choices
from parlour.web.storage import Storage, StorageDown

if TYPE_CHECKING:
    from parlour.web.app import Settings

log = logging.getLogger("parlour.web")
STATIC = Path(__file__).parent / "static"


class GameNumber(IntegerConvertor):
    """A game's number in a path: digits, as `int` does, but a number too long for `int` (over
    4,300 digits, a ValueError: a 500) is -1, which names no game (`no_game`, 404)."""

    def convert(self, value: str) -> int:
        return int(value) if len(value.lstrip("0")) <= 20 else -1


register_url_convertor("game_number", GameNumber())


def _hall(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


def _storage(request: Request) -> Storage:
    storage: Storage = request.app.state.storage
    return storage


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _reader_lang(request: Request, table_lang: Any = None) -> str:
    """The language of an error's text: the page's (`?lang=`), else the table's (a creation
    request's `lang`, or the table in the path), else English."""
    for lang in (request.query_params.get("lang"), table_lang):
        if lang in LANGS:
            return str(lang)
    # Only a table this process holds: an error reply never waits on the database.
    table = _hall(request).tables.get(str(request.path_params.get("table_id")))
    return table.lang if table is not None else "en"


def _json_error(
    err: TableError, request: Request, status: int = 400, table_lang: Any = None
) -> JSONResponse:
    """An error reply: its `code` (as `error`) and English `message` for scripts, and its `text`
    for the person reading it, in his language."""
    if err.code == "unavailable":
        status = 503  # the database, not the request: the same request may succeed later
    body = {
        "error": err.code,
        "message": err.message,
        "text": error_text(err.code, err.message, _reader_lang(request, table_lang)),
    }
    if isinstance(err, BodyTooLarge):
        # The rest of the body is never read: close the connection rather than drain it.
        return JSONResponse(body, status_code=413, headers={"Connection": "close"})
    return JSONResponse(body, status_code=status)


async def _body(request: Request) -> Any:
    raw = await read_capped(request)
    return parse_json(raw or b"{}")


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGS else "en"


def _type_name(hint: Any) -> str:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if args and len(args) < len(typing.get_args(hint)):
        return "optional " + _type_name(args[0])
    return getattr(hint, "__name__", str(hint))


async def game_drawing(request: Request) -> Response:
    """`/static/games/<name>.js`: the game's own drawing (its `web_drawing`, package data of the
    game), else the module of a package the games share (`parlour.games.<name>/web.js`), else
    the page's shared module of that name (`generic.js`), else 404. Relative
    imports in a drawing (`../cards.js`) resolve against this URL, so a game's module is written
    as if it sat in the page's static folder."""
    name = request.path_params["name"]
    drawing = None
    if name in game_names():
        drawing = get_game(name).web_drawing()
    elif name.isidentifier():  # a package the games share (their common drawing), if any
        drawing = Path(str(resources.files("parlour.games"))) / name / "web.js"
    if drawing is not None and drawing.is_file():
        return Response(drawing.read_text("utf-8"), media_type="text/javascript")
    shared = STATIC / "games" / f"{name}.js"
    if name.isidentifier() and shared.is_file():
        return FileResponse(shared, media_type="text/javascript")
    return Response("no such drawing", status_code=404, media_type="text/plain")


async def game_style(request: Request) -> Response:
    """`/static/games/<name>.css`: the game's own stylesheet (its `web_style`, package data of
    the game), else 404: the page links it only for a game whose list entry says `style`."""
    name = request.path_params["name"]
    style = get_game(name).web_style() if name in game_names() else None
    if style is not None and style.is_file():
        return Response(style.read_text("utf-8"), media_type="text/css")
    return Response("no such stylesheet", status_code=404, media_type="text/plain")


def game_info(name: str, lang: str) -> dict[str, Any]:
    """What the creation form needs: players, options with their types, bots; every option
    with its label, help and named values in `lang` (never a bare identifier)."""
    game = get_game(name)
    hints = typing.get_type_hints(game.rules_class)
    options = []
    uploadable = game.upload_option()
    # A web table's defaults depend on its language (the 7 familles' deck): the form follows
    # its "table language" field with these.
    by_lang = {code: dict(game.web_defaults(code)) for code in LANGS}
    headline = by_lang[lang]
    for field, default, help_text, choices in describe_options(game.rules_class):
        kind = _type_name(hints[field])
        default = headline.get(field, default)  # what a web table starts from
        help_text = option_help(game.name, field, help_text, lang)
        upload = uploadable is not None and field == uploadable.field
        if uploadable is not None and upload:
            # Over the web such a value is a shipped one or an uploaded file, never a path.
            choices = uploadable.builtin
            key = f"option.{game.name}.{field}.upload"
            help_text = t(key, lang) if has(key) else t("web.upload_help", lang, what=help_text)
        if kind not in ("bool", "int", "str", "float", "optional int", "optional float"):
            continue  # lists and the like are set from the command line only
        options.append(
            {
                "name": field,
                "label": option_label(game.name, field, lang),
                "default": default,
                "help": help_text,
                "headline": field in headline,
                "choices": list(choices) if choices else None,
                "choice_labels": (
                    [value_label(game.name, field, c, lang) for c in choices] if choices else None
                ),
                "default_label": value_label(game.name, field, default, lang),
                "type": kind,
                "upload": upload,
            }
        )
    return {
        "name": game.name,
        "title": game.title.get(lang, game.title["en"]),
        "titles": dict(game.title),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": options,
        "lang_defaults": by_lang,
        "bots": sorted(available_bots(game)),
        "default_bot": default_bot(game),
        "ages": game.uses_ages(),  # the form asks for them only then
        # What the form lets the host choose for each seat (a Panoplies character).
        # An option's own choices name it: the form offers them while it is ticked.
        "seat_choices": tagged_seat_choices(game, lang),
        "rules_text": game.rules_text(lang),
        "credits": game.credits(lang),
        "style": game.web_style() is not None,
        # Whether a finished game has a review (GET .../review): the page asks only then.
        "review": offers(game, "review"),
    }


def available_games(lang: str) -> list[dict[str, Any]]:
    """Every game that loads completely; one still being written is left out, not fatal."""
    out = []
    for name in game_names():
        try:
            out.append(game_info(name, lang))
        except Exception:
            log.warning("game %s is not offered: it does not load", name, exc_info=True)
    return out


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def api_games(request: Request) -> Response:
    lang = _lang(request)
    return JSONResponse(available_games(lang))


async def api_about(request: Request) -> Response:
    from parlour import __version__

    lang = _lang(request)
    return JSONResponse(
        {"version": __version__, "credits": t("credits", lang), "games": game_credits(lang)}
    )


async def api_tables(request: Request) -> Response:
    hall = _hall(request)
    if request.method == "GET":
        hall.discover_now_and_then()  # tables other processes made, if a notice was lost
        return JSONResponse({"revision": hall.revision, "tables": hall.lobby()})
    client = request.client.host if request.client else None
    body: Any = None
    try:
        body = await _body(request)
        table, token = hall.create(body, client)
    except TableError as err:
        lang = body.get("lang") if isinstance(body, dict) else None  # the table's language
        return _json_error(err, request, 429 if err.code == "too_many_tables" else 400, lang)
    invites = {str(seat): code for seat, code in hall.last_invites.items()}
    return JSONResponse({"id": table.id, "token": token, "invites": invites}, status_code=201)


async def api_table(request: Request) -> Response:
    try:
        table = _hall(request).get(request.path_params["table_id"])
    except TableError as err:
        return _json_error(err, request, 404)
    info = table.public()
    info["games"] = [
        {"number": n, "over": over} for n, over in _storage(request).list_games(table.id)
    ]
    return JSONResponse(info)


async def api_join(request: Request) -> Response:
    try:
        table = _hall(request).get(request.path_params["table_id"])
        body = await _body(request)
        if not isinstance(body, dict):
            raise TableError("bad_request", "a join request is a JSON object")
        token = table.join(body.get("seat"), body.get("name"), body.get("invite"))
    except TableError as err:
        return _json_error(err, request, 404 if err.code == "no_table" else 400)
    return JSONResponse({"token": token, "seat": body["seat"]})


def _finished_record(request: Request) -> dict[str, Any]:
    table = _hall(request).get(request.path_params["table_id"])
    table.deck_ready()  # a replay is made from the record's rules, which name the deck
    number = request.path_params["number"]
    record = _storage(request).load_game(table.id, number)
    if record is None:
        raise TableError("no_game", "no such game at this table")
    if "result" not in record:
        raise TableError("not_over", "a game can be replayed once it is over")
    # A game stored before records carried the uploaded deck's text gets it from the table.
    return with_upload(record, table.game, table.deck_upload)


async def api_close(request: Request) -> Response:
    try:
        table = _hall(request).get(request.path_params["table_id"])
        body = await _body(request)
        if not isinstance(body, dict):
            raise TableError("bad_request", "a close request is a JSON object")
        table.close(body.get("token"), _settings(request).admin_token)
    except TableError as err:
        return _json_error(err, request, 404 if err.code == "no_table" else 403)
    return JSONResponse({"closed": table.id})


async def api_replay(request: Request) -> Response:
    try:
        record = _finished_record(request)
    except TableError as err:
        return _json_error(err, request, 404)
    # Narrated in the table's language, as its games were (the page's language is its own).
    lang = _hall(request).get(request.path_params["table_id"]).lang
    key = (request.path_params["table_id"], request.path_params["number"], lang)
    replays: ReplayCache = request.app.state.replays
    body = await replays.get(key, record)
    if body is None:
        return _json_error(TableError("too_long", "this game is too long to replay here"), request)
    return Response(body, media_type="application/json")


def _review_seat(request: Request, record: dict[str, Any]) -> int:
    """The seat asked for (`?seat=k`), checked against the record's seats."""
    raw = request.query_params.get("seat")
    seats = len(record.get("seats") or [])
    # ASCII digits only, and few: `str.isdigit` accepts "²", and `int` refuses 4,301 digits.
    digits = raw is not None and raw.isascii() and raw.isdigit() and len(raw) <= 4
    if raw is None or not digits or not 0 <= int(raw) < seats:
        raise TableError("bad_seat", f"say whose review with ?seat=0 to {seats - 1}")
    return int(raw)


async def api_review(request: Request) -> Response:
    """A seat's review of a finished game (`parlour.core.review`). Served under the replay's
    rules, no more: once a game is over its whole record (seed included) is public, so the
    review of any seat tells nothing the record does not; before the end there is none, since
    a review of the game in progress would tell the others how a seat weighed its choices."""
    try:
        record = _finished_record(request)
    except TableError as err:
        return _json_error(err, request, 404)
    try:
        seat = _review_seat(request, record)
    except TableError as err:
        return _json_error(err, request, 400)
    if not offers(get_game(str(record["game"])), "review"):
        return _json_error(TableError("no_review", "this game offers no review"), request, 404)
    key = (request.path_params["table_id"], request.path_params["number"], str(seat))
    reviews: ReplayCache = request.app.state.reviews
    body = await reviews.get(key, record)
    if body is None:
        return _json_error(TableError("too_long", "this game is too long to review here"), request)
    return Response(body, media_type="application/json")


async def api_record(request: Request) -> Response:
    try:
        record = _finished_record(request)
    except TableError as err:
        return _json_error(err, request, 404)
    return JSONResponse(record)


def encoded(message: dict[str, Any]) -> str:
    """A message's JSON text for the socket: UTF-8 as it is, unless a string in it holds a lone
    surrogate (JSON text may carry one, UTF-8 cannot): then escaped, as `\\ud800`."""
    text = json.dumps(message, ensure_ascii=False)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(message)
    return text


async def table_socket(websocket: WebSocket) -> None:
    """A table page's connection; one address holds at most `connections_per_address` open,
    so that one client cannot hold the server's memory and sockets with idle connections."""
    await websocket.accept()
    lang = websocket.query_params.get("lang", "en")
    address = websocket.client.host if websocket.client else ""
    open_now: Counter[str] = websocket.app.state.connections
    most = websocket.app.state.settings.connections_per_address
    if open_now[address] >= most:
        reply = error(
            "too_many_connections",
            f"this address already has as many table pages open as it may ({most}); "
            "close one first",
            lang=lang if lang in LANGS else "en",
        )
        await websocket.send_text(json.dumps(reply))
        await websocket.close(1008)  # policy violation: the page does not retry at once
        return
    open_now[address] += 1
    try:
        await _table_connection(websocket, lang)
    finally:
        open_now[address] -= 1
        if open_now[address] <= 0:
            del open_now[address]


def _stop(task: asyncio.Task[Any] | None) -> None:
    """End a page's connection from outside it: its reader is waiting for the page."""
    if task is not None:
        task.cancel()


async def _table_connection(websocket: WebSocket, lang: str) -> None:
    try:
        table = websocket.app.state.hall.find(websocket.path_params["table_id"])
    except StorageDown:
        # A dormant table while the database is down: not "no such table". 1013 is "try again
        # later"; the page reconnects by itself, and the table is woken once the database is back.
        reply = error(
            "unavailable",
            "the database is unavailable; try again shortly",
            lang=lang if lang in LANGS else "en",
        )
        await websocket.send_text(json.dumps(reply))
        await websocket.close(1013)
        return
    if table is None:
        reply = error("no_table", "no such table", lang=lang if lang in LANGS else "en")
        await websocket.send_text(json.dumps(reply))
        await websocket.close(4404)
        return
    settings: Settings = websocket.app.state.settings
    session = Session(table, settings.rate, settings.burst)
    outbox: asyncio.Queue[dict[str, Any]] | None = None

    async def writer(queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Sends the outbox, each message on its own: one that cannot be encoded is logged and
        dropped, and a connection that fails is closed, so that the reader ends with it and the
        seat stops counting as connected (a writer that died alone left a mute page seated)."""
        try:
            while True:
                message = await queue.get()
                try:
                    text = encoded(message)
                except Exception:  # a fault of ours: this message only
                    log.exception("table %s: a %r message could not be encoded; dropped",
                                  table.id, message.get("type"))  # fmt: skip
                    continue
                await websocket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # the connection is gone or broken: end it
            if isinstance(err, WebSocketDisconnect):
                # A page that went away (a tab closed) is no failure: not worth a line at INFO.
                log.debug("table %s: a page left (code %s)", table.id, err.code)
            else:
                log.info("table %s: a page's connection failed (%s: %s); closed",
                         table.id, type(err).__name__, err)  # fmt: skip
            with contextlib.suppress(Exception):
                await websocket.close(1011)

    writer_task: asyncio.Task[None] | None = None
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            session.handle(raw if raw is not None else frame.get("bytes"))
            if session.client is not None and outbox is None:
                outbox = session.client.outbox
                writer_task = asyncio.create_task(writer(outbox))
                session.client.on_overflow = functools.partial(_stop, asyncio.current_task())
            elif session.client is None and session.pending:
                for message in session.pending:
                    await websocket.send_text(encoded(message))
                session.pending.clear()
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if session.client is None or not session.client.overflowed:
            raise
        # Returned from, the server closes the connection without waiting for the page.
        log.info("table %s: a page left %d messages unread; its connection is closed",
                 table.id, session.client.limit)  # fmt: skip
    finally:
        session.close()
        if writer_task is not None:
            writer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer_task


async def unavailable(request: Request, exc: Exception) -> Response:
    # The database is down or restarting: say so (503), the server itself carries on.
    log.warning("%s %s: the database is unavailable (%s)", request.method, request.url.path,
                type(exc).__name__)  # fmt: skip
    err = TableError("unavailable", "the database is unavailable; try again shortly")
    return _json_error(err, request, 503)


ROUTES = [
    Route("/", page),
    Route("/new", page),
    Route("/rules", page),
    Route("/rules/{game}", page),
    Route("/about", page),
    Route("/t/{table_id}", page),
    Route("/replay/{table_id}/{number:game_number}", page),
    Route("/api/games", api_games),
    Route("/api/about", api_about),
    Route("/api/tables", api_tables, methods=["GET", "POST"]),
    Route("/api/tables/{table_id}", api_table),
    Route("/api/tables/{table_id}/join", api_join, methods=["POST"]),
    Route("/api/tables/{table_id}/close", api_close, methods=["POST"]),
    Route("/api/tables/{table_id}/games/{number:game_number}/replay", api_replay),
    Route("/api/tables/{table_id}/games/{number:game_number}/record", api_record),
    Route("/api/tables/{table_id}/games/{number:game_number}/review", api_review),
    WebSocketRoute("/ws/{table_id}", table_socket),
    Route("/static/games/{name}.js", game_drawing),
    Route("/static/games/{name}.css", game_style),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]
