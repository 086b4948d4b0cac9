"""A throwaway PostgreSQL cluster for the tests: made in a temporary directory, reached by a
unix socket in that directory (no port on the network, none to collide on), removed at the end.

It uses Debian's server programs (``make postgres`` installs them when missing); nothing needs
to be running beforehand. PostgreSQL refuses to run as root: as root, the cluster belongs to the
``postgres`` user that Debian's package creates, and its programs run through ``runuser``.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg

#: The cluster's one role, its superuser (trust authentication on its private socket).
USER = "ascenseur"
#: The port names the socket file only (``.s.PGSQL.5432`` in the cluster's directory).
PORT = 5432


class PostgresMissing(RuntimeError):
    """PostgreSQL's server programs are not installed."""


def bin_dir() -> Path:
    """The directory of ``initdb`` and ``pg_ctl``: Debian's newest, else the ``PATH``'s."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise PostgresMissing(
            "PostgreSQL's server is not installed (no initdb): `make postgres` installs "
            "Debian's package"
        )
    return Path(initdb).resolve().parent


class Cluster:
    """A PostgreSQL cluster of its own, started by :meth:`start`, gone after :meth:`stop`."""

    def __init__(self, *, durable: bool = False) -> None:
        #: fsync on, as a real server runs (benchmarks); the tests need no durability.
        self.durable = durable
        self.bin = bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="ascenseur-pg-"))
        self.data = self.root / "data"
        self._owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                self._owner = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresMissing(
                    "running as root, the tests need the 'postgres' user to own their cluster "
                    "(Debian's postgresql package creates it)"
                ) from None
            os.chown(self.root, self._owner.pw_uid, self._owner.pw_gid)
        self._names = itertools.count()

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._owner is not None:
            command = ["runuser", "-u", self._owner.pw_name, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")  # fmt: skip
        # No TCP at all; durability is not what the tests are about (fsync off), but it is
        # what a benchmark measures.
        durability = "" if self.durable else " -c fsync=off -c full_page_writes=off"
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.root}' -p {PORT}"
            f"{durability} -c max_connections=200"
        )
        self._run("pg_ctl", "start", "-w", "-D", str(self.data), "-l",
                  str(self.root / "server.log"), "-o", options)  # fmt: skip

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The connection URL of ``database`` in this cluster."""
        return f"postgresql://{USER}@/{database}?host={self.root}&port={PORT}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)
