"""The expert's ranking: what an ask tells the table, beyond its chance of a hit."""

from __future__ import annotations

from parlour.games.askdraw.engine import Ask
from parlour.games.familles.bots import EXPERT_WEIGHTS, expert_ranked_asks, ranked_asks
from tests.games.familles.conftest import ask, c, make


def test_the_others_know_only_the_cards_they_saw_go_into_a_hand() -> None:
    s = make(
        [["pecheur/father", "boucher/father"], ["pecheur/son", "facteur/father"]],
        pile_top=["jardinier/son", "docteur/son"],
    )
    ask(s, 1, "pecheur/son")  # a hit, seen by everybody
    ask(s, 1, "boucher/mother")  # a miss: seat 0 draws the jardinier son, unseen
    for observer in (0, 1):
        tracker = s.tracker_for(observer)
        assert tracker.shown[0] == {c("pecheur/son")}
        assert tracker.revealed_groups(0) == {
            c("pecheur/son") // 6,
            c("boucher/mother") // 6,
        }
    assert c("jardinier/son") in s.tracker_for(0).sure[0]  # its own draw, known to itself only
    assert c("jardinier/son") not in s.tracker_for(0).shown[0]


def test_a_miss_in_a_family_nobody_knows_the_asker_holds_ranks_lower() -> None:
    s = make(
        [
            ["boulanger/father", "boucher/father", "pompier/son"],
            ["facteur/father", "pecheur/son", "pecheur/daughter"],
        ],
        pile_top=["jardinier/son", "docteur/son"],
    )
    ask(s, 1, "boulanger/mother")  # seat 0 misses: everybody now knows it holds a Boulanger
    ask(s, 0, "facteur/mother")  # seat 1 misses: the turn comes back
    assert s.to_move == 0
    tracker = s.tracker_for(0)
    boulanger = Ask(1, c("boulanger/grandfather"))
    boucher = Ask(1, c("boucher/grandfather"))
    # Memory's ranking cannot tell them apart: the same chance, one card held of each family.
    memory = dict(
        (a.id, score)
        for score, a in ranked_asks(tracker, 0, [boulanger, boucher], EXPERT_WEIGHTS.focus)
    )
    assert abs(memory[boulanger.id] - memory[boucher.id]) < 1e-9
    # The expert keeps its Boucher secret: asking for it and missing would tell seat 1.
    ranked = [a.id for _, a in expert_ranked_asks(tracker, 0, [boucher, boulanger])]
    assert ranked == [boulanger.id, boucher.id]


def test_a_hit_that_completes_a_family_or_takes_from_a_collection_is_worth_more() -> None:
    s = make(
        [
            [f"boulanger/{r}" for r in ("grandfather", "grandmother", "father", "mother")]
            + ["boucher/father"],
            [
                "boulanger/son",
                "boulanger/daughter",
                "boucher/son",
                "boucher/daughter",
                "facteur/son",
            ],
        ],
        pile_top=["jardinier/son"],
    )
    ask(s, 1, "boulanger/son")  # hits: seat 0 holds five Boulanger, and a Boucher (shown)
    ask(s, 1, "boucher/son")
    tracker = s.tracker_for(0)
    asks = [Ask(1, c("boulanger/daughter")), Ask(1, c("boucher/mother"))]
    memory = {a.id: score for score, a in ranked_asks(tracker, 0, asks, EXPERT_WEIGHTS.focus)}
    expert = {a.id: score for score, a in expert_ranked_asks(tracker, 0, asks)}
    # Both families are known to be held by seat 0, so neither ask leaks: what the expert adds
    # is the completed family and the cards taken from seat 1's collection.
    for a in asks:
        assert expert[a.id] > memory[a.id]
    gain = {a.id: expert[a.id] - memory[a.id] for a in asks}
    assert gain[asks[0].id] > gain[asks[1].id]  # the Boulanger daughter completes a family


def test_the_estimate_is_kept_until_the_next_event_and_no_longer() -> None:
    from parlour.games.askdraw.tracker import Tracker

    s = make(
        [["boulanger/father", "boucher/father"], ["boulanger/son", "facteur/father"]],
        pile_top=["jardinier/son", "docteur/son", "pompier/son"],
    )
    tracker = s.tracker_for(0)  # kept by the state and fed each new event
    first = tracker.probabilities()
    assert tracker.probabilities() is first  # read twice in a decision, computed once
    for target, card in ((1, "boulanger/son"), (1, "boucher/mother"), (0, "facteur/mother")):
        ask(s, target, card)
        tracker = s.tracker_for(0)
        fresh = Tracker(tracker.grouping, tracker.num_players, 0)
        for event in s.log:
            if event.visible_to(0):
                fresh.observe(event)
        assert tracker.probabilities() == fresh.probabilities()
    assert tracker.probabilities() != first  # the asks changed what seat 0 knows
