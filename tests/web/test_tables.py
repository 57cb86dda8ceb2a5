"""The table without a network: seats, tokens, turns, privacy and storage."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core.records import replay
from parlour.web.protocol import FLOOD_NOTICE_EVERY, Session
from parlour.web.storage import Storage
from parlour.web.tables import Client, Hall, Table, TableError

BEGGAR_TWO = {"game": "beggar", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}]}


def open_table(hall: Hall, request: dict[str, Any] | None = None) -> tuple[Table, str, str]:
    """A started two-human Beggar table: the host (seat 0) and the guest's tokens."""
    table, host = hall.create({**BEGGAR_TWO, "sit": 0, "seed": 7, **(request or {})})
    guest = table.join(1, "Bob")
    table.start(host)
    return table, host, guest


def stored_record(hall: Hall, table: Table) -> dict[str, Any]:
    record = hall.storage.load_game(table.id, table.number)
    assert record is not None
    return record


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"game": "chess", "seats": [{"kind": "human"}] * 2}, "bad_game"),
        ({"game": "beggar", "seats": [{"kind": "human"}]}, "bad_seats"),
        ({"game": "beggar", "seats": [{"kind": "human"}] * 7}, "bad_seats"),
        ({"game": "beggar", "seats": [{"kind": "alien"}] * 2}, "bad_seats"),
        ({"game": "beggar", "seats": "two"}, "bad_seats"),
        ({**BEGGAR_TWO, "rules": {"jokers": 9}}, "bad_rules"),
        ({**BEGGAR_TWO, "rules": {"colour": "red"}}, "bad_rules"),
        ({**BEGGAR_TWO, "seats": [{"kind": "bot", "bot": "genius"}] * 2}, "bad_bot"),
        ({**BEGGAR_TWO, "turn_timer": -1}, "bad_timer"),
        ({**BEGGAR_TWO, "turn_timer": True}, "bad_timer"),
        ({**BEGGAR_TWO, "lang": "de"}, "bad_lang"),
        ({**BEGGAR_TWO, "sit": 5}, "bad_seat"),
        ({**BEGGAR_TWO, "seats": [{"kind": "human", "name": "x" * 40}] * 2}, "bad_name"),
        # Rules that cannot seat the table: refused at once, not left open for a start that
        # would be refused.
        ({"game": "panoplies", "seats": [{"kind": "human"}] * 7}, "bad_seats"),
        (
            {"game": "familles", "seats": [{"kind": "human"}] * 3, "rules": {"hand_size": 8}},
            "bad_seats",
        ),
        ({"game": "gofish", "seats": [{"kind": "human"}] * 6, "rules": {"ranks": 4}}, "bad_seats"),
        # A deck so large that dealing it would stall every table.
        (
            {"game": "gofish", "seats": [{"kind": "human"}] * 2, "rules": {"ranks": 1_000_000}},
            "bad_rules",
        ),
    ],
)
def test_a_bad_table_request_is_refused_with_its_reason(
    hall: Hall, request_: dict[str, Any], code: str
) -> None:
    with pytest.raises(TableError, match=r"\w") as caught:
        hall.create(request_)
    assert caught.value.code == code
    assert hall.tables == {}


def test_seats_are_taken_once_and_only_the_host_starts(hall: Hall) -> None:
    table, host = hall.create({**BEGGAR_TWO, "sit": 0})
    with pytest.raises(TableError, match="already sits"):
        table.join(0, "Eve")
    guest = table.join(1, "Bob")
    with pytest.raises(TableError, match="already sits"):
        table.join(1, "Eve")
    assert table.seat_of(host) == 0 and table.seat_of(guest) == 1
    assert table.seat_of("forged") is None
    with pytest.raises(TableError, match="only the host"):
        table.start(guest)
    table.start(host)
    assert table.status == "playing" and table.state is not None
    with pytest.raises(TableError, match="started"):
        table.start(host)


def test_an_empty_human_seat_gets_a_bot_at_the_start(hall: Hall) -> None:
    table, host = hall.create({**BEGGAR_TWO, "sit": 0})
    table.start(host)
    assert [s.kind for s in table.seats] == ["human", "bot"]


def test_a_move_is_stored_before_it_is_acknowledged(hall: Hall) -> None:
    table, _, _ = open_table(hall)
    assert table.state is not None
    mover = table.state.to_move
    assert mover is not None
    table.act(mover, {"type": "flip"})
    assert stored_record(hall, table)["actions"] == [{"type": "flip"}]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "hit"}, "bad_action"),
        ({"kind": "flip"}, "bad_action"),
        ({"type": "flip", "times": 2}, "bad_action"),  # a key the move has not: refused
        ("flip", "bad_action"),
        (None, "bad_action"),
        ([1, 2], "bad_action"),
    ],
)
def test_a_bad_or_out_of_turn_move_changes_nothing(hall: Hall, action: Any, code: str) -> None:
    table, _, _ = open_table(hall)
    state = table.state
    assert state is not None and state.to_move is not None
    before = (json.dumps(state.view(0)), json.dumps(stored_record(hall, table)), table.version)
    with pytest.raises(TableError, match=r"\w") as caught:
        table.act(state.to_move, action)
    assert caught.value.code == code
    with pytest.raises(TableError, match=r"it is not your turn \(seat 1 plays\)") as caught:
        table.act(1 - state.to_move, {"type": "flip"})
    assert caught.value.code == "out_of_turn"
    after = (json.dumps(table.state.view(0)), json.dumps(stored_record(hall, table)), table.version)
    assert after == before


def test_each_client_gets_its_own_view_and_filtered_events(hall: Hall) -> None:
    table, _, _ = open_table(hall, {"rules": {"face_up": True}})
    clients = [Client(0, "en"), Client(1, "fr"), Client(None, "en")]
    for client in clients:
        table.attach(client)
    state = table.state
    assert state is not None
    for _ in range(5):
        table.act(state.to_move, {"type": "flip"})  # type: ignore[arg-type]
    for client in clients:
        messages = []
        while not client.outbox.empty():
            messages.append(client.outbox.get_nowait())
        last = [m for m in messages if m["type"] == "state"][-1]
        assert last["view"] == json.loads(json.dumps(state.view(client.seat)))
        shown = [e for m in messages if m["type"] == "state" for e in m["events"]]
        expected = [e.to_json() for e in state.log if e.visible_to(client.seat)]
        assert shown == expected[-len(shown) :]
    # Only the seat itself sees its own stack (face_up); the other and spectators do not.
    assert "my_stack" in state.view(0) and "my_stack" not in state.view(None)


def test_a_new_hall_restores_every_table_exactly(db_url: str) -> None:
    storage = Storage(db_url)
    hall = Hall(storage)
    table, host, guest = open_table(hall)
    state = table.state
    assert state is not None
    for _ in range(9):
        table.act(state.to_move, {"type": "flip"})  # type: ignore[arg-type]
    waiting, _ = hall.create({**BEGGAR_TWO, "sit": 0})
    storage.close()

    again = Hall(Storage(db_url))
    twin = again.tables[table.id]
    assert twin.state is not None
    assert twin.state.view(0) == state.view(0) and twin.state.view(1) == state.view(1)
    assert twin.state.log == state.log
    assert twin.seat_of(guest) == 1 and twin.is_host(host)
    assert again.tables[waiting.id].status == "open"


def test_play_again_keeps_the_seats_and_stores_both_games(hall: Hall) -> None:
    table, host, guest = open_table(hall, {"rules": {"max_turns": 3}})
    state = table.state
    assert state is not None
    with pytest.raises(TableError, match="not over"):
        table.again(host)
    for _ in range(3):
        table.act(state.to_move, {"type": "flip"})  # type: ignore[arg-type]
    assert state.is_over and table.status == "over"
    with pytest.raises(TableError, match="only the host"):
        table.again(guest)
    table.again(host)
    assert table.number == 2 and table.status == "playing"
    assert [s.name for s in table.state.seats] == ["Ann", "Bob"]  # type: ignore[union-attr]
    games = hall.storage.list_games(table.id)
    assert games == [(1, True), (2, False)]
    first, _ = replay(hall.storage.load_game(table.id, 1))  # type: ignore[arg-type]
    assert first.outcome is not None and first.outcome.status == "capped"


def test_the_protocol_answers_every_bad_message_with_an_error(hall: Hall) -> None:
    table, host, guest = open_table(hall)
    session = Session(table, rate=1e9, burst=1e9)
    bad = [
        "{not json",
        "[]",
        "42",
        json.dumps({"type": "act", "action": {"type": "flip"}}),  # before hello
        json.dumps({"type": "dance"}),
        json.dumps({"type": "hello", "token": "forged"}),
    ]
    for raw in bad:
        session.handle(raw)
    assert [m["type"] for m in session.pending] == ["error"] * len(bad)
    session.handle(json.dumps({"type": "hello", "token": guest}))
    client = session.client
    assert client is not None and client.seat == 1
    while not client.outbox.empty():
        client.outbox.get_nowait()
    state = table.state
    assert state is not None
    before = json.dumps(stored_record(hall, table))
    hostile = [
        json.dumps({"type": "act", "action": {"type": "flip"}, "token": host}),  # another seat's
        json.dumps({"type": "start", "token": guest}),
        json.dumps({"type": "again", "token": host}),
        json.dumps({"type": "hello"}),
        json.dumps({"type": "lang", "lang": "xx"}),
        "x" * 10000,
        b"\x00\x01",
    ]
    if state.to_move != 1:
        hostile.append(json.dumps({"type": "act", "action": {"type": "flip"}}))
    for raw in hostile:
        session.handle(raw)
    replies = []
    while not client.outbox.empty():
        replies.append(client.outbox.get_nowait())
    assert [m["type"] for m in replies] == ["error"] * len(hostile)
    assert json.dumps(stored_record(hall, table)) == before


def test_a_flood_gets_one_error_a_second_once_the_bucket_is_empty(hall: Hall) -> None:
    table, _, _ = open_table(hall)
    session = Session(table, rate=0.001, burst=5)
    for _ in range(8):
        session.handle(json.dumps({"type": "ping"}))
    kinds = [m.get("code", m["type"]) for m in session.pending]
    assert kinds == ["pong"] * 5 + ["flood"]
    # A message let through does not earn the flood another error within the second...
    session.limit.tokens = 1
    for _ in range(3):
        session.handle(json.dumps({"type": "ping"}))
    kinds = [m.get("code", m["type"]) for m in session.pending]
    assert kinds == ["pong"] * 5 + ["flood", "pong"]
    # ...a second later, the flood still going, it gets one more.
    assert session.flood_noticed is not None
    session.flood_noticed -= FLOOD_NOTICE_EVERY
    for _ in range(3):
        session.handle(json.dumps({"type": "ping"}))
    kinds = [m.get("code", m["type"]) for m in session.pending]
    assert kinds == ["pong"] * 5 + ["flood", "pong", "flood"]


def test_a_table_whose_record_no_longer_replays_does_not_stop_the_others(db_url: str) -> None:
    storage = Storage(db_url)
    hall = Hall(storage)
    broken, _, _ = open_table(hall)
    fine, _, _ = open_table(hall)
    with storage.change(broken.id) as tx:  # a move this version does not know
        tx.append(1, broken.moves, 0, {"type": "dance"})
    record = stored_record(hall, broken)
    assert record["actions"][-1] == {"type": "dance"}
    again = Hall(Storage(db_url))
    assert fine.id in again.tables and broken.id not in again.tables
    assert again.unavailable == [broken.id]
    assert storage.load_game(broken.id, 1) == record  # left as it was, for a later version


def test_a_host_who_does_not_sit_watches_and_starts_the_game(hall: Hall) -> None:
    bots = [{"kind": "bot"}, {"kind": "bot"}]
    table, host = hall.create({"game": "beggar", "seats": bots})
    session = Session(table, rate=1e9, burst=1e9)
    session.handle(json.dumps({"type": "hello", "token": host}))
    client = session.client
    assert client is not None and client.seat is None
    session.handle(json.dumps({"type": "act", "action": {"type": "flip"}}))
    session.handle(json.dumps({"type": "start", "token": host}))
    replies = []
    while not client.outbox.empty():
        replies.append(client.outbox.get_nowait())
    assert replies[0] == {"type": "welcome", "seat": None, "host": True}
    assert [m.get("code") for m in replies if m["type"] == "error"] == ["spectator"]
    assert replies[-1] == {"type": "ok"} and table.status == "playing"


MESSAGES = st.one_of(
    st.text(max_size=30),
    st.binary(max_size=10),
    st.builds(
        lambda kind, action, token: json.dumps({"type": kind, "action": action, "token": token}),
        st.sampled_from(["act", "start", "again", "hello", "lang", "ping", "dance", ""]),
        st.one_of(
            st.just({"type": "flip"}),
            st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
            st.none(),
        ),
        st.sampled_from(["guest", "host", "forged", None]),
    ),
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(messages=st.lists(MESSAGES, max_size=40))
def test_every_message_gets_one_reply_and_only_an_ok_changes_the_game(
    hall: Hall, messages: list[Any]
) -> None:
    table, host, guest = open_table(hall)
    tokens = {"guest": guest, "host": host, "forged": "A" * 32, None: None}
    session = Session(table, rate=1e9, burst=1e9)
    session.handle(json.dumps({"type": "hello", "token": guest}))
    client = session.client
    assert client is not None
    for raw in messages:
        for name, token in tokens.items():  # the placeholder names stand for real tokens
            if isinstance(raw, str) and name is not None:
                raw = raw.replace(f'"{name}"', json.dumps(token))
        while not client.outbox.empty():
            client.outbox.get_nowait()
        before = json.dumps(stored_record(hall, table))
        session.handle(raw)
        replies = []
        while not client.outbox.empty():
            replies.append(client.outbox.get_nowait())
        answers = [m for m in replies if m["type"] in ("ok", "error", "pong")]
        assert len(answers) == 1
        changed = json.dumps(stored_record(hall, table)) != before
        assert changed == (answers[0]["type"] == "ok" and '"act"' in str(raw))


@pytest.mark.parametrize("lie", ["truncated", "illegal"])
def test_a_stored_record_that_lies_is_not_loaded(db_url: str, lie: str) -> None:
    storage = Storage(db_url)
    hall = Hall(storage)
    table, _, _ = open_table(hall, {"rules": {"max_turns": 6}})
    state = table.state
    assert state is not None
    for _ in range(6):
        table.act(state.to_move, {"type": "flip"})  # type: ignore[arg-type]
    record = stored_record(hall, table)
    assert "result" in record
    # The lie is written straight into the move log, as a damaged or forged database holds it.
    from sqlalchemy import delete, update

    from parlour.web.storage import moves_table

    rows = moves_table.c
    mine = (rows.table_id == table.id) & (rows.number == 1)
    with storage.engine.begin() as conn:
        if lie == "truncated":
            conn.execute(delete(moves_table).where(mine & (rows.step >= 3)))  # still a result
        else:
            illegal = json.dumps({"type": "target", "seat": 5})  # nobody is to be targeted
            conn.execute(update(moves_table).where(mine & (rows.step == 2)).values(action=illegal))
    again = Hall(Storage(db_url))
    assert again.unavailable == [table.id] and table.id not in again.tables


def test_no_client_is_sent_another_seats_unseen_cards(hall: Hall) -> None:
    from parlour.core.records import record_of
    from tests.web.privacy import check_frames

    seats = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]
    table, host = hall.create({"game": "familles", "seats": seats, "sit": 0, "seed": 5})
    table.join(1, "Bob")
    table.join(2, "Cy")
    clients = [Client(0, "en"), Client(1, "fr"), Client(2, "en"), Client(None, "en")]
    for client in clients:
        table.attach(client)
    table.start(host)
    state = table.state
    assert state is not None
    for _ in range(30):
        if state.is_over:
            break
        table.act(state.to_move, state.legal_actions()[0].to_json())  # type: ignore[arg-type]
    record = record_of(state)
    for client in clients:
        messages = []
        while not client.outbox.empty():
            messages.append(client.outbox.get_nowait())
        # The check's own model of the hands, not the engine's filters, finds any leak.
        assert check_frames(record, messages, client.seat) > 10


WEB_DOCS = Path(__file__).parents[2] / "docs" / "web.md"


def documented_fields(message: str) -> set[str]:
    """The fields docs/web.md's protocol gives a server message: the `names` in the parentheses
    after `message` (not those of the parentheses inside them)."""
    text = " ".join(WEB_DOCS.read_text("utf-8").split())
    start = text.index(f"`{message}` (", text.index("Server to client:")) + len(message) + 4
    depth, inside = 1, ""
    for index in range(start, len(text)):
        char = text[index]
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            break
        inside += char if depth == 1 else " "
    return set(re.findall(r"`(\w+)`", inside))


def test_the_documented_state_is_the_state_sent(hall: Hall) -> None:
    # The docs promised `history` in a state when the hello asked for it; nothing sends it.
    table, _, guest = open_table(hall, {"game": "flip7"})
    session = Session(table, rate=1e9, burst=1e9)
    session.handle(json.dumps({"type": "hello", "token": guest, "history": True}))
    assert session.client is not None
    messages = []
    while not session.client.outbox.empty():
        messages.append(session.client.outbox.get_nowait())
    (state,) = [m for m in messages if m["type"] == "state"]
    assert state["initial"] and "history" not in state
    assert documented_fields("state") == set(state) - {"type"}
    assert documented_fields("welcome") == {"seat", "host"}
    assert '"history"' not in WEB_DOCS.read_text("utf-8")


def test_a_broadcast_makes_the_public_info_once_for_all_its_pages(
    hall: Hall, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made per page, the public info (which counts the pages) cost O(pages^2) a move."""
    from parlour.web import table as table_module

    table, _, _ = open_table(hall)
    watchers = [Client(None, "en") for _ in range(40)]
    player = Client(0, "en")
    for client in [*watchers, player]:
        table.attach(client)
    for client in [*watchers, player]:  # what attaching told them (each newcomer, to all)
        while not client.outbox.empty():
            client.outbox.get_nowait()
    made = [0]
    real = table_module.public_info

    def counted(t: Table) -> dict[str, Any]:
        made[0] += 1
        return real(t)

    monkeypatch.setattr(table_module, "public_info", counted)
    monkeypatch.setattr("parlour.web.transport.public_info", counted, raising=False)
    table.broadcast()
    assert made[0] == 1
    assert table.state is not None
    messages = [client.outbox.get_nowait() for client in [*watchers, player]]
    assert all(m["table"]["spectators"] == 40 for m in messages)
    assert all(m["view"] == table.state.view(None) for m in messages[:-1])
    assert messages[-1]["view"] == table.state.view(0)
