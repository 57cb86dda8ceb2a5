"""A web table's seats carry what the host chose for them: a Panoplies character and an age
(the youngest starts), as the terminal's setup offers; what a game does not offer, or a pick
the rules refuse, is refused, never silently dropped."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.web.storage import Storage
from parlour.web.tables import Hall, TableError


def panoplies(*seats: dict[str, Any]) -> dict[str, Any]:
    return {"game": "panoplies", "seats": list(seats), "sit": 0}


def test_the_chosen_characters_and_the_youngest_start_the_game(db_url: str) -> None:
    hall = Hall(Storage(db_url))
    table, host = hall.create(
        panoplies(
            {"kind": "human", "name": "Ann", "age": 40, "data": {"character": "mother"}},
            {"kind": "bot", "age": 7},
            {"kind": "bot", "data": {"character": "grandfather"}},
        )
    )
    table.start(host)
    state = table.state
    assert state is not None
    characters = [m["character"] for m in state.view(None)["mannequins"]]
    assert characters[0] == "mother" and characters[2] == "grandfather"
    assert characters[1] not in ("mother", "grandfather")
    assert state.first == 1  # the youngest, aged 7
    again = hall.find(table.id)  # as stored: a restarted server deals the same seats
    assert [s.data for s in again.seats] == [
        {"character": "mother"},
        {},
        {"character": "grandfather"},
    ]
    assert [s.age for s in again.seats] == [40, 7, None]


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ({"kind": "bot", "data": {"character": "queen"}}, "character is one of grandfather"),
        ({"kind": "bot", "data": {"hat": "red"}}, "choose no 'hat'"),
        ({"kind": "bot", "data": "mother"}, "data is a JSON object"),
        ({"kind": "bot", "age": -1}, "an age is a whole number, 0 to 150"),
        ({"kind": "bot", "age": True}, "an age is a whole number"),
        (
            {"kind": "bot", "data": {"character": "mother"}},
            "each player plays a different character",
        ),
    ],
)
def test_a_choice_the_game_does_not_offer_is_refused(
    db_url: str, seat: dict[str, Any], message: str
) -> None:
    hall = Hall(Storage(db_url))
    first = {"kind": "human", "data": {"character": "mother"}}
    with pytest.raises(TableError, match=message) as refused:
        hall.create(panoplies(first, seat))
    assert refused.value.code == "bad_seats"
    assert hall.storage.revisions() == {}  # nothing was made


def test_a_game_without_choices_refuses_one(db_url: str) -> None:
    hall = Hall(Storage(db_url))
    with pytest.raises(TableError, match="flip7 seats choose no 'character'"):
        hall.create(
            {
                "game": "flip7",
                "seats": [{"kind": "human"}, {"kind": "bot", "data": {"character": "x"}}],
            }
        )


def test_a_web_game_with_chosen_seats_replays_from_its_record(db_url: str) -> None:
    """The stored head names each seat's character and age, so the record deals the same
    game again, move for move (`parlour replay`)."""
    import random

    from parlour.core.records import record_of, replay
    from parlour.web.gamelog import head_of

    hall = Hall(Storage(db_url))
    table, host = hall.create(
        panoplies(
            {"kind": "human", "name": "Ann", "age": 30, "data": {"character": "son"}},
            {"kind": "bot", "age": 9, "data": {"character": "mother"}},
        )
    )
    table.start(host)
    state = table.state
    assert state is not None
    head = head_of(state)
    assert [s.get("data") for s in head["seats"]] == [{"character": "son"}, {"character": "mother"}]
    assert [s.get("age") for s in head["seats"]] == [30, 9]
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()), state.to_move)
    again, events = replay({**head, **record_of(state)})
    assert [e.to_json() for e in events] == [e.to_json() for e in state.log]
    assert again.outcome == state.outcome


@pytest.mark.parametrize("data", [[], "", False, 0])
def test_seat_data_that_is_no_object_is_refused(db_url: str, data: Any) -> None:
    hall = Hall(Storage(db_url))
    with pytest.raises(TableError, match="data is a JSON object"):
        hall.create(panoplies({"kind": "human"}, {"kind": "bot", "data": data}))


@pytest.mark.parametrize("name", ["flip7", "beggar", "gofish"])
def test_an_age_where_the_game_has_no_use_for_it_is_refused(db_url: str, name: str) -> None:
    hall = Hall(Storage(db_url))
    with pytest.raises(TableError, match=f"{name} does not use ages"):
        hall.create({"game": name, "seats": [{"kind": "human", "age": 40}, {"kind": "bot"}]})


def test_a_character_an_option_adds_is_chosen_only_with_that_option(db_url: str) -> None:
    hall = Hall(Storage(db_url))
    aunt = {"kind": "bot", "data": {"character": "aunt"}}
    with pytest.raises(TableError, match=r"character is one of grandfather.*, not 'aunt'"):
        hall.create(panoplies({"kind": "human"}, aunt))
    table, host = hall.create({**panoplies({"kind": "human"}, aunt), "rules": {"hats": True}})
    table.start(host)
    assert table.state is not None
    assert table.state.view(None)["mannequins"][1]["character"] == "aunt"


def test_the_form_learns_which_option_offers_which_character() -> None:
    from parlour.web.routes import game_info

    choices = game_info("panoplies", "fr")["seat_choices"]["character"]
    by_value = {c["value"]: (c["label"], c["option"]) for c in choices}
    assert by_value["mother"] == ("La mère", None)
    assert by_value["aunt"] == ("La tante", "hats")
    assert by_value["cousin_m"] == ("Le cousin", "scarves")
    assert by_value["son_in_law"] == ("Le gendre", "belts")
    assert len(by_value) == len(choices) == 12  # each offered once
    assert game_info("flip7", "en")["seat_choices"] == {}


def test_a_game_written_for_the_former_seat_choices_hook_still_offers_its_choices(
    db_url: str,
) -> None:
    """`seat_choices(self, lang)` was the hook's signature before it took the rules: a game
    of another package written then is asked without them, by the web and the terminal."""
    from parlour.games.panoplies.game import Panoplies
    from parlour.tui.screens.setup import SetupScreen
    from parlour.web.seats import seat_choice, tagged_seat_choices

    class FormerPanoplies(Panoplies):
        def seat_choices(self, lang: str) -> dict[str, list[tuple[str, str]]]:  # type: ignore[override]
            return {"character": [("Mother", "mother"), ("Father", "father")]}

    game = FormerPanoplies()
    assert [c["value"] for c in tagged_seat_choices(game, "en")["character"]] == [
        "mother",
        "father",
    ]
    assert seat_choice(game, {"kind": "bot", "data": {"character": "father"}}, 0) == (
        None,
        {"character": "father"},
    )
    screen = SetupScreen.__new__(SetupScreen)  # its seat fields only, without an app
    screen.game, screen.lang = game, "en"
    assert screen._seat_fields() == {"character": [("Mother", "mother"), ("Father", "father")]}
