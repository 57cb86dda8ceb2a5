"""A 7 familles bot written outside Parlour, as a researcher would write one in an afternoon:
it reads only the public `Decision` contract (docs/bots.md: the view, the events, the actions'
JSON) and none of Parlour's trackers, rankings or searches.

It remembers every card it saw go into a hand (a give, a Bonne pioche, its own hand), every
card a player was asked for and did not have, and every family a player asked in (he holds
some of it). It asks for a card it knows an opponent holds; else for the card and opponent
likeliest to hold it (that opponent's unknown cards over every unknown place, the pile
included, twice as likely where the opponent is known to hold the family), its fullest family
first on a tie. (Adding 0.1 a card held of the family instead of the tie-break lost: 45.9% of
1,000 games against `memory`.)

    PYTHONPATH=benchmarks/outside parlour simulate familles \\
        --bots familles_tracker:CardTracker,expert --games 2000 --seed 5
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.bots import Bot, Decision

FAMILY_SIZE = 6


class CardTracker(Bot):
    def __init__(self, rng: Any = None) -> None:
        super().__init__(rng)
        self.read = 0
        self.known: dict[int, int] = {}  # card -> the seat seen to hold it
        self.lacks: set[tuple[int, int]] = set()  # (seat, card) asked for and not held
        self.collects: set[tuple[int, int]] = set()  # (seat, family) asked in
        self.gone: set[int] = set()  # families laid

    def observe(self, event: Any) -> None:
        d = event.data
        if event.type == "hand":
            for card in d["cards"]:
                self.known[card] = d["seat"]
        elif event.type == "ask":
            self.collects.add((d["seat"], d["card"] // FAMILY_SIZE))
        elif event.type == "give":
            self.known[d["card"]] = d["to"]
            self.lacks.discard((d["to"], d["card"]))
        elif event.type == "bonne_pioche":
            self.known[d["card"]] = d["seat"]
        elif event.type == "pioche":
            self.lacks.add((d["seat"], d["card"]))
        elif event.type == "draw" and d.get("card") is not None:
            self.known[d["card"]] = d["seat"]
        elif event.type == "lay":
            self.gone.add(d["group"])
            for card in d["cards"]:
                self.known.pop(card, None)

    def act(self, decision: Decision) -> Any:
        for event in decision.events[self.read :]:
            self.observe(event)
        self.read = len(decision.events)
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        me = decision.seat
        hand = set(view["hand"])
        for card in hand:
            self.known[card] = me
        sizes = view["hand_sizes"]
        known_count = [0] * len(sizes)
        for seat in self.known.values():
            known_count[seat] += 1
        unknown_places = [max(0, sizes[s] - known_count[s]) for s in range(len(sizes))]
        unknown_places[me] = 0
        places = sum(unknown_places) + view["pile_size"]
        held = Counter(card // FAMILY_SIZE for card in hand)

        def score(action: Any) -> tuple[float, int]:
            ask = action.to_json()
            target, card = ask["target"], ask["card"]
            family = card // FAMILY_SIZE
            if self.known.get(card) == target:
                chance = 1.0
            elif card in self.known or (target, card) in self.lacks or places == 0:
                chance = 0.0
            else:
                chance = unknown_places[target] / places
                if (target, family) in self.collects:
                    chance *= 2
            return chance, held[family]

        return max(legal, key=score)
