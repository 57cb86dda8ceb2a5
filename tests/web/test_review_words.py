"""The review's words as a web table shows them: Flip 7's note and verbs, in both languages."""

from __future__ import annotations

from parlour.core.records import record_of
from parlour.core.review import review_record
from parlour.games.flip7.rules import Flip7Rules
from tests.games.flip7.helpers import play, table


def flip7_to(target: int) -> dict:
    """Ann stays at 2 points (a mistake); Bob hits up to 55 and stays."""
    state = table(2, ["2", "5", "12", "11", "10", "9", "8"], rules=Flip7Rules(target=target))
    play(state, "stay", "hit", "hit", "hit", "hit", "hit", "stay")
    return record_of(state)


def test_flip7s_note_names_the_tables_own_target() -> None:
    review = review_record(flip7_to(40), 0)
    assert review is not None
    note = review.to_json()["note"]
    assert "the race to 40 " in note["en"] and "200" not in note["en"]
    assert "la course aux 40 points" in note["fr"]
    assert "200" not in note["fr"]


def test_flip7s_french_review_says_sarreter_as_the_buttons_do() -> None:
    ann = review_record(flip7_to(40), 0)
    bob = review_record(flip7_to(40), 1)
    assert ann is not None and bob is not None
    (stay,) = ann.graded
    assert "vous avez choisi de vous arrêter" in stay.text["fr"]
    assert "you chose to stay" in stay.text["en"]
    # Bob's late hit: staying was worth more, said with the buttons' verb.
    late = next(g for g in bob.graded if g.mistake and g.move == {"type": "hit"})
    assert "vous avez choisi de tirer" in late.text["fr"]
    assert "s'arrêter valait" in late.text["fr"]
    texts = [g.text["fr"] for g in (*ann.graded, *bob.graded)] + [ann.note["fr"]]
    assert not any("rester" in text.replace("restant", "") for text in texts)
    assert "«\u00a0s'arrêter\u00a0»" in ann.note["fr"]
