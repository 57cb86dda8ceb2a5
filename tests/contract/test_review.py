"""Every game that offers a review grades only its seat's own decisions, the same each time."""

from __future__ import annotations

import json
import random

import pytest

from parlour.core.capabilities import offers
from parlour.core.records import record_of, start_from_record
from parlour.core.registry import get_game
from parlour.core.review import review_record

from .helpers import GAMES, capped, random_play


@pytest.mark.parametrize("name", GAMES)
def test_a_review_grades_the_seats_own_moves_and_is_json(name: str) -> None:
    game = get_game(name)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_state(players, seed=10**12 + 7, rules=capped(game.default_rules()))
    for _ in random_play(state, random.Random(7)):
        pass
    record = json.loads(json.dumps(record_of(state)))
    if not offers(game, "review"):
        assert review_record(record, 0) is None
        return
    # Who was to move before each action.
    movers = []
    replayed = start_from_record(record)
    for obj in record["actions"]:
        movers.append(replayed.to_move)
        replayed.apply(replayed.action_from_json(obj))
    for seat in range(players):
        review = review_record(record, seat)
        assert review is not None and review.seat == seat and review.game == name
        assert review == review_record(record, seat)  # nothing random in a review
        body = review.to_json()
        assert json.loads(json.dumps(body)) == body
        for graded in review.graded:
            assert movers[graded.index] == seat
            assert graded.move == record["actions"][graded.index]
            assert graded.value <= graded.best_value + 1e-9
            assert not graded.mistake or graded.loss > 0
            assert set(graded.text) == {"en", "fr"}
