"""Flip 7's review: each hit or stay graded by the exact single-round solver."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from parlour.core.records import record_of
from parlour.core.review import review_record
from parlour.games.flip7.bots import optimal_stays
from parlour.games.flip7.game import GAME
from parlour.games.flip7.public import read_table
from parlour.games.flip7.rules import HIT, STAY, Flip7Rules
from tests.games.flip7.helpers import play, table
from tests.sim.helpers import run_cli


def scripted_game() -> dict:
    """Seat 0 stays at 2 points (a bad stay); seat 1 hits from 5 up to 55 (good hits at first,
    then hits at high totals the solver would not take) and stays with six numbers."""
    state = table(2, ["2", "5", "12", "11", "10", "9", "8"], rules=Flip7Rules(target=40))
    play(state, "stay", "hit", "hit", "hit", "hit", "hit", "stay")
    assert state.is_over
    return record_of(state)


def test_a_stay_at_two_points_costs_expected_points_and_names_the_hit() -> None:
    review = review_record(scripted_game(), 0)
    assert review is not None and review.measure == "points"
    (stay,) = review.graded
    assert stay.move == {"type": "stay"} and stay.best == {"type": "hit"}
    assert stay.mistake and stay.loss > 10  # 2 points banked against about 20 expected
    assert "18.8 expected points lost" in stay.text["en"]
    assert "18,8 points perdus" in stay.text["fr"]
    summary = review.to_json()["summary"]
    assert summary["mistakes"] == 1 and summary["biggest"] == 0
    assert summary["parts"] == [{"part": 1, "biggest": 0}]


def test_good_hits_cost_nothing_and_late_hits_are_graded_as_mistakes() -> None:
    review = review_record(scripted_game(), 1)
    assert review is not None
    by_points = {g.text["en"].split(" points in front")[0].split(", ")[1]: g for g in review.graded}
    assert by_points["5"].loss == 0 and not by_points["5"].mistake
    assert by_points["5"].best == {"type": "hit"}
    assert by_points["55"].move == {"type": "stay"} and not by_points["55"].mistake
    late = by_points["47"]
    assert late.move == {"type": "hit"} and late.best == {"type": "stay"}
    assert late.mistake and late.loss > 10
    assert review.biggest() is late and review.biggest(1) is late
    body = review.to_json()
    assert json.loads(json.dumps(body)) == body
    assert "single-round" in body["note"]["en"] and "manche" in body["note"]["fr"]


def test_the_solvers_own_policy_is_never_graded_as_a_mistake() -> None:
    state = GAME.new_state(2, seed=11, rules=Flip7Rules(target=60))
    rng = random.Random(3)
    while not state.is_over:
        seat, legal = state.to_move, state.legal_actions()
        assert seat is not None
        if len(legal) == 2 and HIT in legal and STAY in legal:
            optimal = optimal_stays(read_table(state.view(seat), seat), 15)
            move = STAY if (optimal if seat == 0 else rng.random() < 0.5) else HIT
        else:
            move = legal[0]
        state.apply(move)
    review = review_record(record_of(state), 0)
    assert review is not None and review.graded
    assert not review.mistakes and all(g.loss < 1e-6 for g in review.graded)


def test_the_replay_command_prints_a_seats_review(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(scripted_game()))
    code, out, _ = run_cli(capsys, "replay", str(saved), "--review", "1", "--lang", "en")
    assert code == 0
    assert "!    6  Round 1, 47 points in front: you chose to hit" in out
    assert "3 of 6 decisions cost points" in out and "single-round" in out
    code, out, _ = run_cli(capsys, "replay", str(saved), "--review", "0", "--json")
    assert code == 0 and json.loads(out)["summary"]["mistakes"] == 1
    code, _, err = run_cli(capsys, "replay", str(saved), "--review", "7")
    assert code != 0 and "seat 7 is not at this game" in err


@pytest.mark.parametrize(
    ("stay", "hit", "french"),
    [
        (10.0, 11.1, "1,1 point perdu en moyenne"),
        (10.0, 10.06, "0,1 point perdu en moyenne"),
        (10.0, 11.96, "2,0 points perdus en moyenne"),
        (10.0, 12.5, "2,5 points perdus en moyenne"),
    ],
)
def test_points_lost_agree_with_the_amount_shown_in_french(
    monkeypatch: pytest.MonkeyPatch, stay: float, hit: float, french: str
) -> None:
    """French says « 1,1 point perdu » (singular below 2) but « 2,0 points perdus »."""
    from parlour.games.flip7 import solver

    monkeypatch.setattr(solver, "hit_and_stay", lambda *args: (stay, hit))
    review = review_record(scripted_game(), 0)
    assert review is not None
    (graded,) = review.graded
    assert graded.mistake
    assert french in graded.text["fr"]
    assert f"{french} au total" in review.to_json()["summary"]["text"]["fr"]
    assert "expected points lost" in graded.text["en"]  # English is unchanged


def test_a_loss_shown_as_nothing_is_no_mistake(monkeypatch: pytest.MonkeyPatch) -> None:
    """A choice worth 0.04 points less would read « 0,0 point perdu »: it is the best choice at
    the review's precision, and the review says so."""
    from parlour.games.flip7 import solver

    monkeypatch.setattr(solver, "hit_and_stay", lambda *args: (10.0, 10.04))
    review = review_record(scripted_game(), 0)
    assert review is not None
    (graded,) = review.graded
    assert not graded.mistake and graded.best == graded.move and graded.loss == 0
    assert "the best choice" in graded.text["en"]
    assert review.to_json()["summary"]["mistakes"] == 0
