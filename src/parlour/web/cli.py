"""`parlour serve`: the web table on this computer."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

import errno
import os
import signal
import socket
from typing import Annotated, Any, NamedTuple

import typer

from parlour.core.errors import ParlourError


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(
                "--db",
                help="Database URL (default: a SQLite file in your data folder; "
                "postgresql://user:pass@host/name for PostgreSQL).",
            ),
        ] = None,
        bot_delay: Annotated[
            float, typer.Option("--bot-delay", help="Seconds a bot waits before it plays.")
        ] = 0.9,
        rate: Annotated[
            float,
            typer.Option(
                "--rate", help="Messages per second one connection may send (flood guard)."
            ),
        ] = 40.0,
        workers: Annotated[
            int,
            typer.Option(
                "--workers",
                help="Server processes (more than one needs PostgreSQL: any process serves any "
                "table).",
            ),
        ] = 1,
        tables_per_minute: Annotated[
            int,
            typer.Option(
                "--tables-per-minute", help="New tables one client address may open a minute."
            ),
        ] = 10,
        connections_per_address: Annotated[
            int,
            typer.Option(
                "--connections-per-address",
                help="Table pages (WebSockets) one client address may keep open at once, per "
                "server process.",
            ),
        ] = 64,
        proxy: Annotated[
            list[str] | None,
            typer.Option(
                "--proxy",
                help="Address of a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto "
                "are believed (repeat it, or a comma list). Without it, every client is the "
                "address it connects from.",
            ),
        ] = None,
    ) -> None:
        """Open the web table: a lobby, tables with friends and bots, in the browser."""
        limits = Limits(rate, tables_per_minute, connections_per_address)
        serve(host, port, db, bot_delay, limits, workers, proxy or [])


class Limits(NamedTuple):
    """What one client may do: messages a second, new tables a minute, pages open at once."""

    rate: float
    tables_per_minute: int
    connections_per_address: int


def serve(
    host: str,
    port: int,
    db: str | None,
    bot_delay: float,
    limits: Limits,
    workers: int,
    proxy: list[str],
) -> None:
    """Check the options, then run the server: one process, or `workers` over PostgreSQL.

    Apart from the command's declaration so that the options read as one block there and the
    heavy imports (the server, SQLAlchemy) stay inside the call."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from parlour.web.app import Settings, create_app, log_to_stderr
    from parlour.web.storage import Storage, default_db_url, normalise_url

    check_numbers(host, port, bot_delay, limits, workers)
    rate = limits.rate
    url = normalise_url(db or default_db_url())
    proxies = trusted_proxies(proxy)
    if workers > 1 and make_url(url).get_backend_name() != "postgresql":
        raise ParlourError(
            "--workers above 1 needs PostgreSQL (--db postgresql://...): a SQLite "
            "database is served by one process"
        )
    shown = make_url(url).render_as_string(hide_password=True)
    # Before the banner and the database: a busy port or a bad host must leave nothing made.
    check_address(host, port)
    log_to_stderr()
    if workers == 1:
        application: Any = create_app(
            Settings(
                db_url=url,
                bot_delay=bot_delay,
                rate=rate,
                burst=max(2 * rate, 10),
                admin_token=os.environ.get("PARLOUR_ADMIN_TOKEN") or None,
                tables_per_minute=limits.tables_per_minute,
                connections_per_address=limits.connections_per_address,
            )
        )
        options: dict[str, Any] = {}
    else:
        Storage(url).close()  # migrate once, and fail here, before the workers start
        os.environ.update(
            PARLOUR_DB=url,
            PARLOUR_BOT_DELAY=str(bot_delay),
            PARLOUR_RATE=str(rate),
            PARLOUR_TABLES_PER_MINUTE=str(limits.tables_per_minute),
            PARLOUR_CONNECTIONS_PER_ADDRESS=str(limits.connections_per_address),
        )
        application, options = "parlour.web.app:app_from_env", {
            "factory": True, "workers": workers,
        }  # fmt: skip
    typer.echo(
        f"Parlour web table on {server_url(host, port)}  (database: {shown}"
        + (f", {workers} processes)" if workers > 1 else ")")
    )
    # uvicorn, after its graceful shutdown on SIGTERM, raises the signal again with the handler
    # found before it: the default one would end the process with status 143 (with one worker;
    # the supervisor of several returns 0). A stop asked for is a clean exit.
    signal.signal(signal.SIGTERM, _exit_cleanly)
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        # uvicorn believes forwarded headers from loopback unless told otherwise: behind an
        # SSH tunnel or a TCP relay a client would choose its own rate-limit identity.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=",".join(proxies),
        **options,
    )


def check_numbers(host: str, port: int, bot_delay: float, limits: Limits, workers: int) -> None:
    """Refuse, in one line each, the options no server can run with."""
    if not 0 <= bot_delay <= 30:
        raise ParlourError("--bot-delay is between 0 and 30 seconds")
    if not host.strip():
        # uvicorn would take "" as every address while the banner showed none.
        raise ParlourError("--host is empty: give an address (127.0.0.1, or 0.0.0.0 for all)")
    if not 0 < port < 65536:
        raise ParlourError(f"--port must be between 1 and 65535, not {port}")
    if limits.tables_per_minute < 1:
        raise ParlourError("--tables-per-minute must be at least 1")
    if limits.connections_per_address < 1:
        raise ParlourError("--connections-per-address must be at least 1")
    if limits.rate <= 0:
        raise ParlourError("--rate must be positive")
    if workers < 1:
        raise ParlourError("--workers is at least 1")


def _exit_cleanly(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def server_url(host: str, port: int) -> str:
    """The address the banner shows; an IPv6 address is bracketed, as a URL needs."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def check_address(host: str, port: int) -> None:
    """Bind (host, port) as uvicorn will (SO_REUSEADDR, IPv6 for an address with a colon) and
    let it go, so that a busy port or an unknown host is one line, not a traceback later."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
    except socket.gaierror as err:
        raise ParlourError(f"--host {host!r} cannot be resolved: {err.strerror}") from None
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            raise ParlourError(
                f"port {port} is already in use on {host} (another server?): try another --port"
            ) from None
        raise ParlourError(f"cannot listen on {server_url(host, port)}: {err.strerror}") from None


def trusted_proxies(given: list[str]) -> list[str]:
    """The proxy addresses of `--proxy` (repeated or comma-separated), each an IP address, a
    network or `*`; anything else is refused in one line rather than silently never matching."""
    import ipaddress

    proxies = [part.strip() for item in given for part in item.split(",") if part.strip()]
    for address in proxies:
        if address == "*":
            continue  # every address: for a proxy whose address changes, the operator's call
        try:
            ipaddress.ip_network(address, strict=False)
        except ValueError:
            raise ParlourError(
                f"--proxy takes IP addresses or networks (127.0.0.1, 10.0.0.0/8), not {address!r}"
            ) from None
    return proxies
