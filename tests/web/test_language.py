"""The table's language: its deck, its narration and its seats' names; every option in words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from websockets.sync.client import connect

from parlour.core.options import describe_options
from parlour.core.registry import game_names, get_game
from parlour.i18n import LANGS, has
from parlour.web.routes import game_info
from parlour.web.tables import Client, Hall
from tests.web.conftest import Server

FAMILLES = {"game": "familles", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot"}]}


@pytest.mark.parametrize(
    ("lang", "rules", "deck"),
    [
        ("en", {}, "en"),
        ("fr", {}, "fr"),
        ("en", {"deck": "fr"}, "fr"),
        ("fr", {"deck": "en"}, "en"),
    ],
)
def test_the_table_language_deals_its_deck_unless_the_host_picks_another(
    hall: Hall, lang: str, rules: dict[str, str], deck: str
) -> None:
    table, _ = hall.create({**FAMILLES, "lang": lang, "rules": rules})
    assert table.rules.deck == deck


def test_the_narration_is_the_table_language_whatever_the_page(hall: Hall) -> None:
    table, host = hall.create({**FAMILLES, "lang": "en", "sit": 0, "seed": 2})
    french_page = Client(0, "fr")  # a page whose FR/EN button says French
    table.attach(french_page)
    table.start(host)
    state = table.state
    assert state is not None
    while not any(e.type == "draw" for e in state.log):
        table.act(0, state.legal_actions()[0].to_json())
        assert state.to_move == 0 or any(e.type == "draw" for e in state.log)
    lines: list[str] = []
    while not french_page.outbox.empty():
        message = french_page.outbox.get_nowait()
        lines += message.get("narration", []) if message["type"] == "state" else []
    told = " ".join(lines)
    assert "draws" in told and "pioche" not in told
    assert "grand-père" not in told and "grand-mère" not in told


@pytest.mark.parametrize(
    ("lang", "player", "bot", "named"),
    [("en", "Player 2", "Bot 2", "Gran (bot)"), ("fr", "Joueur 2", "Robot 2", "Gran (robot)")],
)
def test_seat_names_are_in_the_table_language(
    hall: Hall, lang: str, player: str, bot: str, named: str
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "bot"}]
    seats.append({"kind": "human", "name": "Gran"})
    table, host = hall.create({"game": "beggar", "seats": seats, "sit": 0, "lang": lang})
    assert [s.name for s in table.seats][1:3] == [player, bot.replace("2", "3")]
    table.start(host)  # nobody came to seats 2 and 4: bots take them, named alike
    assert [s.name for s in table.seats] == ["Ann", bot, bot.replace("2", "3"), named]


IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # exhausted_payer, next_pays, pace_ms


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("lang", LANGS)
def test_every_option_has_a_label_and_help_in_both_languages(game: str, lang: str) -> None:
    for field, *_ in describe_options(get_game(game).rules_class):
        assert has(f"option.{game}.{field}") and has(f"option.{game}.{field}.help"), field
    for option in game_info(game, lang)["options"]:
        shown = [option["label"], option["help"], option["default_label"]]
        shown += option["choice_labels"] or []
        for text in shown:
            assert not IDENTIFIER.search(str(text)), (option["name"], text)
        assert option["label"] != option["name"]
        for value, label in zip(
            option["choices"] or [], option["choice_labels"] or [], strict=True
        ):
            assert isinstance(value, int) or label != value or value in ("fr", "en"), label


def test_the_french_form_speaks_french() -> None:
    options = {o["name"]: o for o in game_info("beggar", "fr")["options"]}
    payer = options["exhausted_payer"]
    assert payer["label"] == "Un payeur n'a plus de cartes"
    assert payer["choice_labels"] == ["la pile va à la dernière figure", "le suivant paie"]
    assert payer["help"].startswith("À partir de trois joueurs")
    deck = {o["name"]: o for o in game_info("familles", "fr")["options"]}["deck"]
    assert deck["choice_labels"] == ["jeu français", "jeu anglais"]
    assert "chemin" not in deck["help"]  # a web table never reads a path
    assert game_info("familles", "fr")["lang_defaults"] == {
        "en": {"deck": "en"},
        "fr": {"deck": "fr"},
    }


def test_a_deal_the_host_chose_is_shown_to_every_seat(hall: Hall) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    request = {"game": "beggar", "seats": seats, "sit": 0, "rules": {"max_turns": 1}}
    table, host = hall.create({**request, "seed": 424242})
    guest = table.join(1, "Bob")
    assert table.public()["deal_chosen"] is True  # before the guest even sits
    page = Client(table.seat_of(guest), "en")
    table.attach(page)
    table.start(host)
    states = [m for m in _drain(page) if m["type"] == "state" and m["view"] is not None]
    assert states and all(m["table"]["deal_chosen"] is True for m in states)
    # The number itself reaches nobody while the game is played: it tells every hand.
    assert "424242" not in json.dumps([table.public(), *states])
    assert table.state is not None and table.state.to_move is not None
    table.act(table.state.to_move, {"type": "flip"})  # the turn limit: the game is over
    table.again(host)  # the next games come from the server's secret: nobody chose them
    assert table.number == 2 and table.public()["deal_chosen"] is False
    unchosen, _ = hall.create(request)
    assert unchosen.public()["deal_chosen"] is False


def test_a_chosen_deal_is_no_longer_shown_once_its_game_is_over(hall: Hall) -> None:
    # docs/web.md: `deal_chosen` is false once the chosen game is over, not only from "again".
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    request = {"game": "beggar", "seats": seats, "sit": 0, "rules": {"max_turns": 1}}
    table, host = hall.create({**request, "seed": 424242})
    guest = table.join(1, "Bob")
    page = Client(table.seat_of(guest), "en")
    table.attach(page)
    table.start(host)
    assert table.public()["deal_chosen"] is True
    assert table.state is not None and table.state.to_move is not None
    _drain(page)
    table.act(table.state.to_move, {"type": "flip"})  # the turn limit: the game is over
    assert table.state.is_over and table.number == 1
    assert table.public()["deal_chosen"] is False
    states = [m for m in _drain(page) if m["type"] == "state"]
    assert states and states[-1]["table"]["deal_chosen"] is False
    # A restarted server says the same of the stored table.
    again = Hall(hall.storage, bot_delay=0.0).get(table.id)
    assert again.number == 1 and again.public()["deal_chosen"] is False


def _drain(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


def test_a_replay_is_told_in_the_table_language(server: Server) -> None:
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    request = {"game": "familles", "seats": bots, "lang": "fr", "seed": 2}
    made = server.post("/api/tables", request)
    table_id, token = made["id"], made["token"]
    with connect(f"{server.ws_url}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        ws.send(json.dumps({"type": "start", "token": token}))
        told: list[str] = []
        while True:
            message = json.loads(ws.recv(timeout=60))
            assert message["type"] != "error", message
            if message["type"] == "state" and message["view"] is not None:
                told += message["narration"]
                if message["view"]["over"]:
                    break
    replay = server.get(f"/api/tables/{table_id}/games/1/replay?lang=en")
    lines = [line for step in replay["steps"] for line in step["narration"]]
    for text in (" ".join(told), " ".join(lines)):
        assert "pioche" in text and " draws " not in text  # French, whatever the page asked
    assert [s["name"] for s in server.get(f"/api/tables/{table_id}")["seats"]] == [
        "Robot 1",
        "Robot 2",
    ]
