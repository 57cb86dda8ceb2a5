"""A Panoplies bot written outside Parlour, as a researcher would write one in an afternoon: a
ranking rule that reads only the public `Decision` contract (docs/bots.md: the view, the
events, the actions' JSON) and none of Parlour's trackers, rankings or searches.

It remembers every card it saw go into a hand (a give, a lucky draw, its own hand), every card
a player asked for or was asked for and lacked (only the cards he drew since can be it), and
every character a player asked in (he holds some of it). A card it knows the player asked
holds comes first; else each ask is ranked by its chance of a hit times what the garment is
worth. The chance: none for a card seen elsewhere, else the player's unknown cards (those
drawn since, where he lacked it) over every unknown place, the pile included, twice that where
he asked in the character. The worth: 1 for a garment of its own character or of another
player's (the one makes it safe, the other wins the game), 0.2 of nobody's (a joker), plus the
share of that outfit it holds, plus 1 when the card completes the outfit.

    PYTHONPATH=benchmarks/outside parlour simulate panoplies \\
        --bots panoplies_ranker:Ranker,expert --games 1000 --seed 5 --workers 1
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.bots import Bot, Decision


class Ranker(Bot):
    def __init__(self, rng: Any = None) -> None:
        super().__init__(rng)
        self.read = 0
        self.known: dict[int, int] = {}  # card -> the seat seen to hold it
        # (seat, card) -> cards drawn since he was asked for it and lacked it (0: lacks it)
        self.lacks: dict[tuple[int, int], int] = {}
        self.collects: set[tuple[int, str]] = set()  # (seat, character) asked in

    def observe(self, event: Any) -> None:
        d = event.data
        if event.type == "deal":  # a new game of a match
            self.known, self.lacks, self.collects = {}, {}, set()
        elif event.type == "ask":  # he holds some of the character, not that card
            self.collects.add((d["seat"], d["character"]))
            self.lacks[(d["seat"], d["card"])] = 0
        elif event.type in ("give", "bonne_pioche"):
            seat = d["to"] if event.type == "give" else d["seat"]
            self.known[d["card"]] = seat
        elif event.type == "pioche":
            self.lacks[(d["seat"], d["card"])] = 0
        elif event.type == "draw":
            for key in self.lacks:
                if key[0] == d["seat"]:
                    self.lacks[key] += 1
            if d.get("card") is not None:
                self.known[d["card"]] = d["seat"]
        elif event.type == "lay":
            for card in d["cards"]:
                self.known.pop(card, None)

    def act(self, decision: Decision) -> Any:
        for event in decision.events[self.read :]:
            self.observe(event)
        self.read = len(decision.events)
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        view, me = decision.view, decision.seat
        names, garments = view["characters"], len(view["garments"])
        owner = {m["character"]: m["seat"] for m in view["mannequins"]}
        for card in view["hand"]:
            self.known[card] = me
        held = Counter(names[card % len(names)] for card in view["hand"])
        sizes = view["hand_sizes"]
        seen = Counter(self.known.values())
        unknown = [max(0, sizes[s] - seen[s]) if s != me else 0 for s in range(len(sizes))]
        places = sum(unknown) + view["pile_size"]

        def score(action: Any) -> tuple[bool, float, int]:
            ask = action.to_json()
            target, card = ask["target"], ask["card"]
            character = names[card % len(names)]
            sure = self.known.get(card) == target
            if sure:
                chance = 1.0
            elif card in self.known or places == 0:
                chance = 0.0
            else:  # where he lacked it, only the cards he drew since can be it
                chance = min(unknown[target], self.lacks.get((target, card), places)) / places
                if (target, character) in self.collects:
                    chance *= 2
            worth = 1.0 if character in owner else 0.2
            worth += held[character] / garments
            if held[character] + 1 == garments:
                worth += 1
            return sure, chance * (1 + worth), held[character]

        return max(legal, key=score)
