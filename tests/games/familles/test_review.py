"""The ask-and-draw review on the 7 familles: a card seen given is a sure ask."""

from __future__ import annotations

from typing import Any

from parlour.core.records import record_of
from parlour.core.review import review_record
from parlour.games.familles.game import GAME

# Card `family * 6 + member`.
TOP = [30, 31, 32]  # drawn by seats 1, 2 and 0 in turn


def scripted(seat2: list[int]) -> dict[str, Any]:
    """Seat 1 asks seat 2 for card 1 and gets it (everybody sees it change hands), then misses
    (the turn goes to the seat that said « Pioche ! »); seat 2 misses asking seat 0;
    then seat 0, holding card 0 of that family, asks seat 2 for card 2 instead of
    seat 1 for card 1."""
    hands = [[0, 12], [3, 6, 7], seat2]
    used = {c for hand in hands for c in hand} | set(TOP)
    pile = TOP + [c for c in range(42) if c not in used]
    state = GAME.new_state(3, deal={"hands": hands, "pile": pile, "first": 1})
    for target, card in [(2, 1), (2, 8), (0, 20), (2, 2)]:
        state.apply(state.action_from_json({"type": "ask", "target": target, "card": card}))
    assert state.actions[-1]["target"] == 2 and state.to_move != 0  # seat 0 drew and passed on
    return record_of(state)


def test_an_ask_for_an_unknown_card_when_one_was_seen_given_is_reported() -> None:
    review = review_record(scripted([1, 18, 19]), 0)
    assert review is not None
    (ask,) = review.graded
    assert ask.index == 3 and ask.move == {"type": "ask", "target": 2, "card": 2}
    assert ask.best == {"type": "ask", "target": 1, "card": 1}
    assert ask.best_value == 1.0 and ask.value < 0.75 and ask.mistake
    assert "100%" in ask.text["en"] and "100\u00a0%" in ask.text["fr"]


def test_the_review_never_depends_on_a_hand_the_seat_could_not_see() -> None:
    # Seat 2's last card is another (seat 0 never saw either): the same review, word for word.
    assert review_record(scripted([1, 18, 25]), 0) == review_record(scripted([1, 18, 19]), 0)
