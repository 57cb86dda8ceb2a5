"""Security headers on every HTTP answer of the web table (an ASGI middleware).

The page is one origin's own scripts and styles, so the Content-Security-Policy allows nothing
else: no script from elsewhere or inline (a name or a deck that slipped past the escaping still
could not run), no plugin, no `<base>`. Inline style attributes stay allowed: the drawings
colour a family's card or a seat with `style="..."`. `frame-ancestors 'none'` and
`X-Frame-Options` keep another site from framing a table under a decoy and having the host
click "Close table" (a host's token lives in the page's own storage). The WebSocket is the
page's own host; it is named in `connect-src` because older browsers do not count `ws:` and
`wss:` as 'self'. `Referrer-Policy` keeps an invitation link's address out of the requests a
page makes to other sites.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Receive, Scope, Send

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'; connect-src 'self'"
)
FIXED = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
# A host as a browser sends it: a name or an address, an optional port (IPv6 in brackets).
_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$")


def policy_for(host: str | None) -> str:
    """The Content-Security-Policy of a page served to `host` (the request's Host header)."""
    if host is None or not _HOST.match(host):
        return POLICY  # a strange Host header: the page's own socket is still 'self'
    return f"{POLICY} ws://{host} wss://{host}"


class SecurityHeaders:
    """Adds the headers above to every HTTP response (a WebSocket has no headers to add)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        policy = policy_for(host)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = policy
                for name, value in FIXED.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
