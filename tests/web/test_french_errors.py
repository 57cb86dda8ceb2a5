"""The web table's errors in French: every reply keeps its `code` and English `message`, and
carries a `text` in the reader's language (`parlour.web.errortexts`)."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import parlour.web
from parlour.i18n import has, t
from parlour.i18n.errors import localise_message
from parlour.web.app import Settings, create_app
from parlour.web.errortexts import error_text

WEB = Path(parlour.web.__file__).parent
BOTS = [{"kind": "human", "name": "Léa"}, {"kind": "bot", "bot": "random"}]


def _sample(node: ast.expr) -> str | None:
    """The message a raise site makes, each of its fields filled with 7; None where the message
    is another error's (a variable), passed on."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(part.value) if isinstance(part, ast.Constant) else "7" for part in node.values
        )
    return None


def _raised() -> Iterator[tuple[str, str, str | None]]:
    """(where, code, sample message) of every error the web layer sends: each TableError and
    each protocol `error(...)`, and each reason `bot_limit_error` gives a `bad_bot`."""
    for path in sorted(WEB.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "bot_limit_error":
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        sample = _sample(ret.value)
                        if sample is not None:
                            yield f"{path.name}:{ret.lineno}", "bad_bot", sample
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            code = node.args[0]
            if name in ("TableError", "error") and isinstance(code, ast.Constant):
                yield f"{path.name}:{node.lineno}", str(code.value), _sample(node.args[1])


RAISED = list(_raised())


def test_the_scan_finds_the_web_errors() -> None:
    codes = {code for _, code, _ in RAISED}
    assert {"bad_timer", "spectator", "started", "no_table", "unknown_type", "bad_bot"} <= codes
    assert len(RAISED) > 60


@pytest.mark.parametrize(("where", "code", "sample"), RAISED, ids=[r[0] for r in RAISED])
def test_every_web_error_has_a_french_text(where: str, code: str, sample: str | None) -> None:
    if sample is None:  # another error's message, passed on: translated, else led in French
        text = error_text(code, "some words nobody translates", "fr")
        assert has(f"web.error.lead.{code}") and text.startswith(
            t(f"web.error.lead.{code}", "fr") + "\u00a0: "
        ), where
        return
    text = error_text(code, sample, "fr")
    assert text != sample, f"{where}: {sample!r} has no French text"
    assert error_text(code, sample, "en") == sample
    # French punctuation (not "?seat=0", a query) takes a no-break space before it.
    assert not re.search(r" [:;!?](\s|$)", text), f"{where}: {text!r} wants a no-break space"


def test_core_errors_passed_on_are_translated_where_they_can_be() -> None:
    # As parlour.i18n.errors words them (its French is its own to choose).
    message = "option hand_size must be one of 6, 7, 8, not 99"
    assert error_text("bad_rules", message, "fr") == localise_message(message, "fr") != message
    text = error_text("illegal", "illegal move (out_of_turn): it is not your turn", "fr")
    assert text == "coup interdit\u00a0: " + localise_message("it is not your turn", "fr")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'parlour.db'}", bot_delay=0))
    with TestClient(app) as test_client:
        yield test_client


def _refused(client: TestClient, path: str, body: Any) -> dict[str, Any]:
    reply = client.post(path, json=body)
    assert reply.status_code >= 400
    data: dict[str, Any] = reply.json()
    return data


def test_http_errors_speak_the_page_or_the_table_language(client: TestClient) -> None:
    timer = {"game": "familles", "seats": BOTS, "lang": "fr", "turn_timer": 9999}
    data = _refused(client, "/api/tables", timer)
    # The code and the English message stay what scripts read; the text is the table's French.
    assert data["error"] == "bad_timer"
    assert data["message"] == "the turn timer is 0 (off) to 600 seconds"
    assert data["text"] == "le minuteur va de 0 (aucun) à 600 secondes"
    # The page's language (?lang=) wins over the table's.
    assert _refused(client, "/api/tables?lang=en", timer)["text"] == data["message"]
    seats = _refused(client, "/api/tables", {"game": "familles", "seats": "x", "lang": "fr"})
    assert seats["text"] == "les places sont une liste d'humains et de robots"
    rules = {"game": "familles", "seats": BOTS, "lang": "fr", "rules": {"hand_size": 99}}
    refused = _refused(client, "/api/tables", rules)
    assert refused["text"] == localise_message(refused["message"], "fr") != refused["message"]
    deck = {"game": "familles", "seats": BOTS, "lang": "fr", "deck_upload": "[deck]\nid='x'"}
    refused = _refused(client, "/api/tables", deck)
    assert refused["error"] == "bad_deck" and refused["text"] != refused["message"]
    missing = client.get("/api/tables/nosuch?lang=fr")
    assert missing.status_code == 404
    assert missing.json() == {
        "error": "no_table",
        "message": "no such table",
        "text": "cette table n'existe pas",
    }


def _errors(ws: Any, count: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    while len(found) < count:
        message = json.loads(ws.receive_text())
        if message["type"] == "error":
            found.append(message)
    return found


def test_socket_errors_speak_the_page_language(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "gofish", "seats": BOTS, "lang": "fr"})
    table_id, token = made.json()["id"], made.json()["token"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # a French page, a spectator
        ws.send_text(json.dumps({"type": "hello", "lang": "fr"}))
        ws.send_text(json.dumps({"type": "act", "action": {"type": "ask"}}))
        ws.send_text(json.dumps({"type": "bogus"}))
        spectator, bogus = _errors(ws, 2)
        assert spectator["code"] == "spectator" and spectator["message"] == "spectators cannot play"
        assert spectator["text"] == "les spectateurs ne peuvent pas jouer"
        assert bogus["text"] == "type de message inconnu\u00a0: 'bogus'"
        # The page switched to English: its errors follow, the narration stays the table's.
        ws.send_text(json.dumps({"type": "lang", "lang": "en"}))
        ws.send_text(json.dumps({"type": "bogus"}))
        assert _errors(ws, 1)[0]["text"] == "unknown message type 'bogus'"
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # the host, no language said
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        ws.send_text(json.dumps({"type": "start", "token": token}))
        ws.send_text(json.dumps({"type": "start", "token": token, "id": 3}))
        started = _errors(ws, 1)[0]
        assert started == {
            "type": "error",
            "code": "started",
            "message": "the game has already started",
            "text": "la partie a déjà commencé",  # the table's language
            "id": 3,
        }
    with client.websocket_connect("/ws/nosuch?lang=fr") as ws:
        assert json.loads(ws.receive_text())["text"] == "cette table n'existe pas"
