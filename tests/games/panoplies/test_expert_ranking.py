"""Panoplies' expert ranking: a miss tells the table which character the asker collects."""

from __future__ import annotations

from parlour.core.events import SeatFeed
from parlour.games.askdraw.engine import Ask
from parlour.games.panoplies.bots import expert_ranked_asks, ranked_outfit_asks
from parlour.play.runner import decision_for
from tests.games.panoplies.test_rules import ask, c, make


def test_a_miss_for_a_character_nobody_knows_the_asker_holds_ranks_lower() -> None:
    s = make(
        [
            ["coat/son", "coat/daughter", "socks/father"],
            ["shoes/mother", "socks/grandmother", "jumper/grandfather"],
        ],
        pile_top=["shirt/mother", "trousers/mother"],
    )
    ask(s, 1, "shoes/son")  # seat 0 misses: everybody now knows it holds some of the son's
    ask(s, 0, "jacket/grandmother")  # seat 1 misses: the turn comes back
    assert s.to_move == 0
    decision = decision_for(s, 0, SeatFeed(0))
    tracker = s.tracker_for(0)
    son, daughter = Ask(1, c("trousers/son")), Ask(1, c("trousers/daughter"))
    # The candidates' ranking cannot tell them apart: nobody's outfits, one garment of each.
    memory = {
        a.id: x for x, a in ranked_outfit_asks(tracker, decision, [son, daughter], 0.6, 1.0, 0.05)
    }
    assert abs(memory[son.id] - memory[daughter.id]) < 1e-9
    ranked = [a.id for _, a in expert_ranked_asks(tracker, decision, [daughter, son])]
    assert ranked == [son.id, daughter.id]


def test_the_worths_of_ones_own_outfit_and_of_an_attack_order_the_asks() -> None:
    from parlour.games.panoplies.bots import OutfitWeights

    s = make(
        [
            ["coat/grandmother", "socks/grandmother", "shirt/grandmother", "coat/grandfather"],
            ["shoes/grandfather", "shoes/grandmother", "jumper/son"],
        ]
    )
    decision = decision_for(s, 0, SeatFeed(0))
    tracker = s.tracker_for(0)
    mine, theirs = Ask(1, c("shoes/grandfather")), Ask(1, c("shoes/grandmother"))
    assert tracker.probabilities()[mine.card] == tracker.probabilities()[theirs.card]

    def first(weights: OutfitWeights) -> int:
        return expert_ranked_asks(tracker, decision, [mine, theirs], weights)[0][1].id

    assert first(OutfitWeights(own=2.0, attack=0.0)) == mine.id  # defending one's own outfit
    assert first(OutfitWeights(own=0.0, attack=5.0)) == theirs.id  # three garments of seven held


def test_the_expert_weighs_garments_by_the_number_of_players() -> None:
    from parlour.games.panoplies.bots import expert_weights

    hands = [
        ["coat/grandmother", "socks/grandmother", "shirt/grandmother", "coat/grandfather"],
        ["shoes/grandfather", "shoes/grandmother", "jumper/son"],
        ["shoes/father", "jumper/father"],
        ["shoes/mother", "jumper/mother"],
    ]
    for players in (2, 4):
        s = make(hands[:players])
        decision = decision_for(s, 0, SeatFeed(0))
        tracker = s.tracker_for(0)
        asks = [Ask(1, c("shoes/grandfather")), Ask(1, c("shoes/grandmother"))]
        table = expert_ranked_asks(tracker, decision, asks)
        assert table == expert_ranked_asks(tracker, decision, asks, expert_weights(players))
        other = expert_weights(6 - players)  # the other table's weights score these asks apart
        assert [x for x, _ in table] != [
            x for x, _ in expert_ranked_asks(tracker, decision, asks, other)
        ]
