"""A Go Fish bot written outside Parlour, as a researcher would write one in an afternoon: it
reads only the public `Decision` contract (docs/bots.md: the view, the events, the actions'
JSON) and none of Parlour's trackers, rankings or searches.

It counts cards: a player who asked for a rank holds one (more after a gift or a lucky draw),
a player who gave a rank away or said "Go fish!" had none of it, so that only the cards he drew
since can be of it, and a book laid is gone. It asks for a rank it knows an opponent holds;
else for the rank it holds most of (never a sure miss), from the opponent likeliest to hold
some: his unknown cards (those drawn since, where he had none) against every unknown place,
the pool included, and the cards of that rank not seen.

    PYTHONPATH=benchmarks/outside parlour simulate gofish \\
        --bots gofish_tracker:Tracker,expert --games 1000 --seed 5 --workers 1
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.bots import Bot, Decision


class Tracker(Bot):
    def __init__(self, rng: Any = None) -> None:
        super().__init__(rng)
        self.read = 0
        self.holds: Counter[tuple[int, int]] = Counter()  # (seat, rank) -> cards seen held
        # (seat, rank) -> cards drawn since he showed he had none of the rank (0: none now)
        self.lacks: dict[tuple[int, int], int] = {}

    def observe(self, event: Any, me: int) -> None:
        d = event.data
        if event.type == "ask":
            key = (d["seat"], d["group"])
            self.holds[key] = max(self.holds[key], 1)
        elif event.type == "give":
            self.holds[(d["to"], d["group"])] += len(d["cards"])
            del self.holds[(d["seat"], d["group"])]
            self.lacks[(d["seat"], d["group"])] = 0
        elif event.type == "pioche":
            self.lacks[(d["seat"], d["group"])] = 0
        elif event.type == "bonne_pioche":
            self.holds[(d["seat"], d["group"])] += 1
        elif event.type == "draw" and d["seat"] != me:
            for key in self.lacks:
                if key[0] == d["seat"]:
                    self.lacks[key] += 1
        elif event.type == "lay":
            for key in [key for key in self.holds if key[1] == d["group"]]:
                del self.holds[key]

    def act(self, decision: Decision) -> Any:
        me = decision.seat
        for event in decision.events[self.read :]:
            self.observe(event, me)
        self.read = len(decision.events)
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        suits = view["suits"] if isinstance(view["suits"], int) else len(view["suits"])
        mine = Counter(card // suits for card in view["hand"])
        sizes = view["hand_sizes"]
        seen = Counter()  # cards of each rank seen in another hand
        known = [0] * len(sizes)  # cards of each hand seen
        for (seat, rank), count in self.holds.items():
            if seat != me:
                seen[rank] += count
                known[seat] += count
        unknown = [max(0, sizes[s] - known[s]) if s != me else 0 for s in range(len(sizes))]
        places = sum(unknown) + view["pile_size"]

        def score(action: Any) -> tuple[bool, bool, int, float]:
            ask = action.to_json()
            target, rank = ask["target"], ask["rank"]
            if self.holds[(target, rank)] > 0:
                return True, True, mine[rank], 1.0
            unseen = suits - mine[rank] - seen[rank]
            # Where he had none, only the cards he drew since can be of the rank.
            cards = min(unknown[target], self.lacks.get((target, rank), unknown[target]))
            if cards == 0 or unseen <= 0 or places == 0:
                return False, False, mine[rank], 0.0
            chance = 1 - (1 - cards / places) ** unseen
            return False, chance > 0, mine[rank], chance

        return max(legal, key=score)
