"""The ask-and-draw review (shown on Go Fish): the surer asks the table had pointed to."""

from __future__ import annotations

import json
import random

import pytest

from parlour.core.events import filter_events
from parlour.core.records import record_of, start_from_record
from parlour.core.registry import get_game
from parlour.core.review import review_record, seat_moments
from parlour.games.askdraw.review import MARGIN

GAME = get_game("gofish")
# Ranks by card: card // 4 (0 the ace, 1 the two, ...).
ANN = [0, 4, 8]  # an ace, a two, a three
BOB = [1, 12, 16]  # an ace, a four, a five
CAT = [20, 24, 28]  # a six, a seven, an eight
TOP = [32, 36, 40]  # drawn by Bob, Cat and Ann in turn


def deal(cat: list[int], rest_first: list[int] | None = None) -> dict:
    used = {*ANN, *BOB, *cat, *TOP}
    rest = [c for c in range(52) if c not in used]
    if rest_first:
        rest = rest_first + [c for c in rest if c not in rest_first]
    return {"hands": [ANN, BOB, cat], "pile": TOP + rest[::-1], "first": 1}


def scripted(cat: list[int] = CAT, rest_first: list[int] | None = None) -> dict:
    """Bob asks Cat for aces (so the whole table knows he holds one) and fishes; Cat asks Bob
    for sevens and fishes; then Ann, holding an ace, asks Cat for twos instead of Bob for aces."""
    state = GAME.new_state(3, deal=deal(cat, rest_first))
    for target, rank in [(2, 0), (1, 6), (2, 1)]:
        state.apply(state.action_from_json({"type": "ask", "target": target, "rank": rank}))
    return record_of(state)


def test_an_ask_for_an_unknown_card_when_a_sure_one_was_open_is_reported() -> None:
    review = review_record(scripted(), 0)
    assert review is not None and review.measure == "chance"
    (ask,) = review.graded
    assert ask.index == 2 and ask.move == {"type": "ask", "target": 2, "rank": 1}
    assert ask.best == {"type": "ask", "target": 1, "rank": 0}
    assert ask.best_value == 1.0 and ask.best_value - ask.value >= MARGIN and ask.mistake
    assert "100%" in ask.text["en"] and "100\u00a0%" in ask.text["fr"]
    assert "aces" in ask.text["en"] and "as" in ask.text["fr"]
    body = review.to_json()
    assert body["summary"]["mistakes"] == 1 and body["summary"]["biggest"] == 2
    assert "1 of 1 ask" in body["summary"]["text"]["en"]
    assert json.loads(json.dumps(body)) == body


def test_the_review_is_the_same_whatever_the_cards_the_seat_could_not_see() -> None:
    # Cat holds a queen instead of an eight (the eight goes deep in the pile): nothing Ann saw
    # changes, so neither may her review.
    other = scripted(cat=[20, 24, 44], rest_first=[28])
    assert other["deal"] != scripted()["deal"]
    assert review_record(other, 0) == review_record(scripted(), 0)


def test_a_seats_moments_hold_only_its_view_and_the_events_it_saw() -> None:
    state = GAME.new_state(3, seed=4)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    moments = list(seat_moments(record, 1))
    assert moments and all(record["actions"][m.step] == m.action.to_json() for m in moments)
    # Each event the seat saw, once and in order, and never one it could not see.
    seen = [e for m in moments for e in (*m.seen, *m.after)]
    assert seen == filter_events(state.log, 1)[: len(seen)]
    replayed = start_from_record(record)
    for index, obj in enumerate(record["actions"]):
        if moments and moments[0].step == index:
            assert moments.pop(0).view == replayed.view(1)
        replayed.apply(replayed.action_from_json(obj))


@pytest.mark.parametrize("name", ["familles", "panoplies", "gofish"])
def test_every_asking_game_reviews_every_seat(name: str) -> None:
    game = get_game(name)
    state = game.new_state(3, seed=9)
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    for seat in range(3):
        review = review_record(record, seat)
        assert review is not None and review.graded
        for graded in review.graded:
            assert 0.0 <= graded.value <= graded.best_value <= 1.0
            assert graded.mistake == (graded.best_value - graded.value >= MARGIN - 1e-9)
            assert graded.text["en"] and graded.text["fr"]


@pytest.mark.parametrize("name", ["familles", "panoplies", "gofish"])
def test_a_graded_ask_names_the_better_ask_as_the_game_would_say_it(name: str) -> None:
    # The better ask is worded from the event the game emits when that ask is played (Panoplies
    # names a card by garment and character, not by number), and its own ask from its event.
    game = get_game(name)
    state = game.new_state(2, seed=3)
    rng = random.Random(8)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    names = [s.name for s in state.seats]
    checked = 0
    for seat in range(2):
        review = review_record(record, seat)
        assert review is not None
        for graded in review.graded:
            if not graded.mistake:
                continue  # only a mistake names the better ask
            for lang in ("en", "fr"):
                said = []
                for move in (graded.move, graded.best):
                    replay = start_from_record({**record, "actions": []})
                    for obj in record["actions"][: graded.index]:
                        replay.apply(replay.action_from_json(obj))
                    before = len(replay.log)
                    replay.apply(replay.action_from_json(move))
                    ask = next(e for e in replay.log[before:] if e.type == "ask")
                    said.append((game.narrate(ask, lang, names) or "").rstrip("."))
                assert said[0] != said[1]
                assert said[0] in graded.text[lang] and said[1] in graded.text[lang]
            checked += 1
    assert checked >= 2
