"""`parlour serve`: the web table on this computer."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

import os
from typing import Annotated, Any

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
        serve(host, port, db, bot_delay, rate, workers, tables_per_minute, proxy or [])


def serve(
    host: str,
    port: int,
    db: str | None,
    bot_delay: float,
    rate: float,
    workers: int,
    tables_per_minute: int,
    proxy: list[str],
) -> None:
    """Check the options, then run the server: one process, or `workers` over PostgreSQL.

    Apart from the command's declaration so that the options read as one block there and the
    heavy imports (the server, SQLAlchemy) stay inside the call."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from parlour.web.app import Settings, create_app, log_to_stderr
    from parlour.web.storage import Storage, default_db_url, normalise_url

    if not 0 <= bot_delay <= 30:
        raise ParlourError("--bot-delay is between 0 and 30 seconds")
    if not 0 < port < 65536:
        raise ParlourError(f"--port must be between 1 and 65535, not {port}")
    url = db or default_db_url()
    if tables_per_minute < 1:
        raise ParlourError("--tables-per-minute must be at least 1")
    if rate <= 0:
        raise ParlourError("--rate must be positive")
    if workers < 1:
        raise ParlourError("--workers is at least 1")
    url = normalise_url(url)
    proxies = trusted_proxies(proxy)
    if workers > 1 and make_url(url).get_backend_name() != "postgresql":
        raise ParlourError(
            "--workers above 1 needs PostgreSQL (--db postgresql://...): a SQLite "
            "database is served by one process"
        )
    shown = make_url(url).render_as_string(hide_password=True)
    log_to_stderr()
    if workers == 1:
        application: Any = create_app(
            Settings(
                db_url=url,
                bot_delay=bot_delay,
                rate=rate,
                burst=max(2 * rate, 10),
                admin_token=os.environ.get("PARLOUR_ADMIN_TOKEN") or None,
                tables_per_minute=tables_per_minute,
            )
        )
        options: dict[str, Any] = {}
    else:
        Storage(url).close()  # migrate once, and fail here, before the workers start
        os.environ.update(
            PARLOUR_DB=url,
            PARLOUR_BOT_DELAY=str(bot_delay),
            PARLOUR_RATE=str(rate),
            PARLOUR_TABLES_PER_MINUTE=str(tables_per_minute),
        )
        application, options = "parlour.web.app:app_from_env", {
            "factory": True, "workers": workers,
        }  # fmt: skip
    typer.echo(
        f"Parlour web table on http://{host}:{port}/  (database: {shown}"
        + (f", {workers} processes)" if workers > 1 else ")")
    )
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
