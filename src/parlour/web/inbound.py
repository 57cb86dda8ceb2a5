"""What comes in from a client, parsed with bounds: request bodies and JSON texts.

A body is refused on its Content-Length and otherwise read in a stream with a cap (a chunked
body too), so a 300 MB upload costs nothing; a JSON text that Python cannot or should not
parse (an integer over the 4,300-digit limit, NaN, bad UTF-8, deep nesting) is a `bad_json`
error like any other bad input, over HTTP and over the WebSocket alike.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from parlour.web.tables import TableError

MAX_BODY = 16384


class BodyTooLarge(TableError):
    """A request body over MAX_BODY bytes: refused before (or while) it is read, never whole."""

    def __init__(self) -> None:
        super().__init__("too_large", f"a request has at most {MAX_BODY} bytes")


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON: a number that no game has is bad input, not a value.
    raise ValueError(f"{name} is not JSON")


def parse_json(raw: str | bytes) -> Any:
    """Parse a client's JSON; every malformed text (an integer over Python's 4,300-digit limit,
    NaN, bad UTF-8, deep nesting) raises TableError("bad_json") instead of escaping."""
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # JSONDecodeError, UnicodeDecodeError: ValueErrors
        raise TableError("bad_json", "the request is not valid JSON") from None


async def read_capped(request: Request, limit: int = MAX_BODY) -> bytes:
    """The body, refused on its Content-Length and streamed with a cap (chunked bodies too),
    so that a huge upload never sits in memory."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise TableError("bad_request", "the Content-Length header is not a number")
        if int(declared) > limit:
            raise BodyTooLarge()
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge()
        chunks.append(chunk)
    return b"".join(chunks)
