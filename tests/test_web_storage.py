"""The published protocol schema, the page's words and the ``serve`` command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import ascenseur.web
from ascenseur.cli import build_parser
from ascenseur.web.schema import schema, schema_text
from ascenseur.web.words import catalogue
from web_helpers import make_app

pytestmark = pytest.mark.timeout(120)
DOCS_SCHEMA = Path(__file__).parent.parent / "docs" / "web-protocol.schema.json"


def test_the_published_schema_is_the_protocols(tmp_path: Path) -> None:
    assert DOCS_SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "docs/web-protocol.schema.json is out of date: "
        "python -m ascenseur.web.schema > docs/web-protocol.schema.json"
    )
    with TestClient(make_app(tmp_path / "games.sqlite3")) as http:
        assert http.get("/api/protocol.json").json() == schema()
        page = http.get("/")
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert 'src="/static/js/main.js"' in page.text
        assert http.get("/static/js/table.js").status_code == 200
        words = http.get("/api/words/fr").json()
        assert words["cards"]["T21"] == "atout 21" and words["messages"]["hint"] == "Conseil"
        assert "random" in http.get("/api/bots").json()["bots"]


def test_every_word_the_page_asks_for_is_in_both_languages() -> None:
    scripts = (Path(ascenseur.web.__file__).parent / "static" / "js").glob("*.js")
    asked = {key for script in scripts for key in re.findall(r'\bt\("(\w+)"', script.read_text())}
    assert len(asked) > 50
    for lang in ("en", "fr"):
        assert asked <= set(catalogue(lang)["messages"]), lang


def test_serve_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:
    args = build_parser().parse_args(["serve", "--port", "0", "--db", str(tmp_path / "g.db")])
    assert (args.host, args.port, args.open) == ("127.0.0.1", 0, False)
    env = {**os.environ, "ASCENSEUR_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "ascenseur.cli", "serve", "--port", "0"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert str(tmp_path / "ascenseur.sqlite3") in line
        url = line.split("playing at ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        request = urllib.request.Request(
            url + "api/tables/mine", data=b'{"tables": []}', method="POST"
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert json.load(response) == {"games": []}
    finally:
        server.terminate()
        server.wait(30)
        if server.stdout is not None:
            server.stdout.close()
