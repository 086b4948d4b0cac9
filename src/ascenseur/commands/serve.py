"""play in the browser, alone or with friends: start the web server

Serve the game to browsers: open a table, invite friends with its link, play, chat, watch; the
score sheet, your games and their replay. Every action is kept in one SQLite file (default
{db}; set {data_dir_env} to keep it elsewhere), so a restarted server resumes every unfinished
game. --db postgresql://… keeps them in PostgreSQL instead (the extra 'postgres').
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import secrets
import signal
import socket
import sqlite3
import sys
import threading
import webbrowser
from pathlib import Path

from ascenseur.commands.options import port, positive, seconds
from ascenseur.tables.storage import StoreError
from ascenseur.tables.stores import database, describe, is_url, open_store
from ascenseur.userdata import db_path

NAME = "serve"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=port, default=8000, help="port (8000; 0: any free one)")
    parser.add_argument(
        "--db",
        type=database,
        default=None,
        help="the SQLite file of the games, or a postgresql://user@host/name URL",
    )
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="acknowledge a move once SQLite has written it, without waiting for the disk: a "
        "crash of the server still loses nothing, a power cut may lose the last second",
    )
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="log lines for a person (text) or one JSON object per line for a collector",
    )
    parser.add_argument("--open", action="store_true", help="open the page in a browser")
    parser.add_argument("--pace", type=seconds, default=0.8, help="seconds per bot move (0.8)")
    parser.add_argument(
        "--tables-per-hour",
        type=positive,
        default=30,
        help="tables one address may open in an hour (30)",
    )
    parser.add_argument(
        "--invites-per-minute",
        type=positive,
        default=30,
        help="invitation codes one address may try in a minute (30)",
    )
    parser.add_argument(
        "--trust-proxy",
        nargs="+",
        type=proxy,
        default=[],
        metavar="ADDR",
        help="the addresses (or networks, 10.0.0.0/8) of reverse proxies whose "
        "X-Forwarded-For and X-Forwarded-Proto are believed: the limits per address then "
        "count the client's address, not the proxy's. Without it those headers are ignored, "
        "from anyone",
    )


def proxy(text: str) -> str:
    """``--trust-proxy``: an address or a network, as uvicorn reads them."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected an address or a network (127.0.0.1, 10.0.0.0/8), not {text!r}"
        ) from None
    return text


def check_db(db: Path | str) -> str | None:
    """Why the storage at ``db`` cannot serve (a sentence without its password), or None:
    opened once, its schema migrated, and closed, before anything is served."""

    async def probe() -> None:
        store = await open_store(db, durable=False)
        await store.close()

    try:
        asyncio.run(probe())
    except StoreError as err:
        return err.message
    except (OSError, sqlite3.Error) as err:  # a SQLite file that cannot be made or read
        return f"cannot open {describe(db)}: {err}"
    return None


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (port 0: a free one), ready for the server."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the backlog while the app starts
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ascenseur.tables.driver import Settings
    from ascenseur.web.app import create_app
    from ascenseur.web.protocol import MAX_MESSAGE_BYTES
    from ascenseur.web.service import Limits

    db = args.db if args.db is not None else db_path()
    # A finished trick stays on the table a little longer than a bot takes to play.
    settings = Settings(pace=args.pace, trick_pause=1.5 * args.pace)
    limits = Limits(
        tables_per_hour=args.tables_per_hour, invites_per_minute=args.invites_per_minute
    )
    # The terminal's games, offered once to the browser that opens this link.
    from ascenseur.userdata import local_seats, local_seats_path

    # (A PostgreSQL server is not the terminal's machine: it has no terminal games to adopt.)
    # Not in JSON logs either: those lines go to a collector, and the code is a key to seats.
    seats = None if is_url(db) or args.log_format == "json" else local_seats_path(Path(db))
    code = secrets.token_urlsafe(32) if seats is not None and local_seats(seats) else None
    adopt = (code, seats) if code is not None and seats is not None else None
    from ascenseur.web.logs import announce, configure

    configure(args.log_format)
    # A wrong --db is told in a sentence, before anything is served.
    refused = check_db(db)
    if refused is not None:
        ended = refused if refused.endswith((".", "?", "!")) else f"{refused}."
        announce(args.log_format, f"cannot serve: {ended}", stream=sys.stderr)
        return 1
    app = create_app(db, settings=settings, limits=limits, adopt=adopt, durable=not args.no_fsync)
    sock = listen(args.host, args.port)
    url = address(sock)
    config = uvicorn.Config(
        app,
        log_level="warning",
        log_config=None,  # uvicorn's loggers go through the handler configured above
        # X-Forwarded-For and -Proto are believed from the proxies named, and from no one
        # else (uvicorn's default would believe them from any local process).
        proxy_headers=bool(args.trust_proxy),
        forwarded_allow_ips=list(args.trust_proxy) or None,
        server_header=False,
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE_BYTES,  # longer messages are refused before they are read
        # Views are a few kilobytes: compressing every frame cost the server more CPU than
        # anything else it does per action (benchmarks/server_load.py).
        ws_per_message_deflate=False,
        lifespan="on",
        # Told to stop, the server gives its connections this long to close, then stops.
        timeout_graceful_shutdown=10,
    )
    server = uvicorn.Server(config)
    announce(args.log_format, f"playing at {url} (games kept in {describe(db)}); Ctrl+C stops")
    page = url
    if code is not None:
        page = f"{url}#/adopt/{code}"
        # For the person at this terminal only: printed, never logged.
        announce(args.log_format, f"your terminal games, in this browser once: {page}")
    if args.open:
        threading.Timer(0.5, webbrowser.open, args=(page,)).start()
    from ascenseur.web.collector import QuietCollector

    collector = QuietCollector().start()
    # uvicorn stops on SIGTERM, then raises it again once stopped: under the default action
    # the process would die there without its exit handlers (the bot workers' fork server
    # left its folder in the temporary directory). Stopped when told is a normal end.
    previous = signal.signal(signal.SIGTERM, _stopped)
    try:
        server.run(sockets=[sock])
    except _Stopped:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        collector.stop()
        sock.close()
    return 0


class _Stopped(Exception):
    """SIGTERM, once uvicorn has stopped the server for it."""


def _stopped(signum: int, frame: object) -> None:
    raise _Stopped
