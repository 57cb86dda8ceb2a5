"""Public knowledge: what one seat can infer from the events it has seen, and nothing else.

The tracker never reads a state. It follows the events of the ask-and-draw games (deal, hand,
ask, give, pioche, bonne_pioche, draw, lay) and keeps, for every seat:

- `sizes`: hand sizes, and `pile`: the size of the draw pile;
- `sure`: cards surely in that hand (the observer's whole hand; cards seen given or shown);
- `lacks`: cards that seat surely lacks since its last hidden draw (it asked for them, or said
  « Pioche ! » to them, or gave away its whole group), and the card it asked for before a plain
  draw;
- `holds_group`: groups of which it surely holds at least one card (it asked for one of them);
- `shown`: cards every player saw go into that hand (given to it, or shown by a Bonne pioche)
  and still there: what the others know of it (for the observer's own hand, less than `sure`).

An ask names a card (7 familles, Panoplies: `card` in the event) or a whole group (Go Fish:
`group`, answered with every card of it, `cards` in the give).

`sample` re-deals the unknown cards consistently with all of it: the basis of `determinize`.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.core.events import Event
from parlour.games.askdraw.deals import DealProblem

PILE = -1


class Tracker:
    def __init__(self, grouping: Any, num_players: int, observer: int | None) -> None:
        self.grouping = grouping
        self.num_players = num_players
        self.observer = observer
        self._reset([0] * num_players, 0, False)

    def _reset(self, sizes: list[int], pile: int, ask_any: bool) -> None:
        n = self.num_players
        self.sizes = list(sizes)
        self.pile = pile
        self.ask_any = ask_any
        self.sure: list[set[int]] = [set() for _ in range(n)]
        self.lacks: list[set[int]] = [set() for _ in range(n)]
        # Hidden draws per seat, and for each card once lacked, the draw count at that time:
        # a card lacked before d hidden draws can only be among those d cards.
        self.draws = [0] * n
        self.lack_since: list[dict[int, int]] = [{} for _ in range(n)]
        self.holds_group: list[set[int]] = [set() for _ in range(n)]
        self.shown: list[set[int]] = [set() for _ in range(n)]
        self.laid: list[int] = [PILE] * self.grouping.num_groups
        # The last ask: (asker, card asked for or None for a group ask, group).
        self.asked: tuple[int, int | None, int] | None = None
        self._estimate: dict[int, list[float]] | None = None

    # ----- reading events ----------------------------------------------------------------------
    def observe(self, event: Event) -> None:
        self._estimate = None  # the next event may change what is known
        handler = getattr(self, f"_on_{event.type}", None)
        if handler is not None:
            handler(event.data)

    def _on_deal(self, d: Any) -> None:
        self._reset(d["sizes"], d["pile"], bool(d.get("ask_any")))

    def _on_hand(self, d: Any) -> None:
        self.sure[d["seat"]] = set(d["cards"])

    def _on_ask(self, d: Any) -> None:
        seat, card = d["seat"], d.get("card")
        if card is None:  # a whole group: the asker holds some of it
            self.asked = (seat, None, d["group"])
            self.holds_group[seat].add(d["group"])
            return
        group = self.grouping.group_of[card]
        self.asked = (seat, card, group)
        self._lack(seat, card)  # nobody may ask for a card he holds
        if not self.ask_any:
            self.holds_group[seat].add(group)

    def _on_give(self, d: Any) -> None:
        giver, taker = d["seat"], d["to"]
        cards = d["cards"] if "cards" in d else [d["card"]]
        self.sizes[giver] -= len(cards)
        self.sizes[taker] += len(cards)
        for card in cards:
            self.sure[giver].discard(card)
            self.sure[taker].add(card)
            self.shown[giver].discard(card)
            self.shown[taker].add(card)
            self._unlack(taker, card)
        group = self.grouping.group_of[cards[0]]
        # The giver may have given his only card of that group; asked for the whole group,
        # he gave all of it and holds none.
        self.holds_group[giver].discard(group)
        if "cards" in d:
            self._lack_group(giver, group)

    def _on_pioche(self, d: Any) -> None:
        if "card" in d:
            self._lack(d["seat"], d["card"])
        else:
            self._lack_group(d["seat"], d["group"])

    def _lack_group(self, seat: int, group: int) -> None:
        for card in self.grouping.members[group]:
            if card not in self.sure[seat]:
                self._lack(seat, card)
        self.holds_group[seat].discard(group)

    def _lack(self, seat: int, card: int) -> None:
        self.lacks[seat].add(card)
        self.lack_since[seat][card] = self.draws[seat]

    def _unlack(self, seat: int, card: int) -> None:
        self.lacks[seat].discard(card)
        self.lack_since[seat].pop(card, None)

    def _on_bonne_pioche(self, d: Any) -> None:
        seat, card = d["seat"], d["card"]
        self.sizes[seat] += 1
        self.pile -= 1
        self.sure[seat].add(card)
        self.shown[seat].add(card)
        self._unlack(seat, card)

    def _on_draw(self, d: Any) -> None:
        seat = d["seat"]
        self.sizes[seat] += 1
        self.pile -= 1
        if "card" in d:
            self.sure[seat].add(d["card"])
            self._unlack(seat, d["card"])
        else:
            miss = d.get("reason") == "miss" and self.asked is not None and self.asked[0] == seat
            kept: list[int] = []
            if miss and self.asked is not None and self.asked[1] is None:
                # A group ask: a drawn card of that group would have been shown, so whatever
                # he lacked of it he still lacks.
                members = self.grouping.members[self.asked[2]]
                kept = [c for c in members if c in self.lacks[seat]]
            self.lacks[seat].clear()  # the hidden card could be any of them
            self.draws[seat] += 1
            for card in kept:
                self._lack(seat, card)
            if miss and self.asked is not None and self.asked[1] is not None:
                # ... but not the card he asked for: drawing that one is a Bonne pioche, shown
                # to everybody, so after a plain draw he surely still lacks it.
                self._lack(seat, self.asked[1])

    def _on_lay(self, d: Any) -> None:
        seat, group, cards = d["seat"], d["group"], d["cards"]
        self.sizes[seat] -= len(cards)
        self.laid[group] = seat
        for s in range(self.num_players):
            self.sure[s].difference_update(cards)
            self.shown[s].difference_update(cards)
            self.lacks[s].difference_update(cards)
            for card in cards:
                self.lack_since[s].pop(card, None)
            self.holds_group[s].discard(group)

    # ----- queries -----------------------------------------------------------------------------
    def holder(self, card: int) -> int | None:
        """The seat surely holding `card`, if known."""
        for seat, cards in enumerate(self.sure):
            if card in cards:
                return seat
        return None

    def revealed_groups(self, seat: int) -> set[int]:
        """The groups every player knows `seat` holds some of: he asked for one, or a card of
        it was seen going into his hand."""
        group_of = self.grouping.group_of
        return self.holds_group[seat] | {group_of[c] for c in self.shown[seat]}

    def free(self, seat: int) -> int:
        """Cards of `seat` whose identity is unknown to the observer."""
        return self.sizes[seat] - len(self.sure[seat])

    def unknown_cards(self) -> list[int]:
        located = set().union(*self.sure)
        group_of = self.grouping.group_of
        return [
            c
            for c in range(self.grouping.num_cards)
            if self.laid[group_of[c]] == PILE and c not in located
        ]

    def obligations(self, seat: int) -> list[int]:
        """Groups `seat` surely holds but with no card of it known to the observer."""
        group_of = self.grouping.group_of
        known = {group_of[c] for c in self.sure[seat]}
        return sorted(g for g in self.holds_group[seat] if g not in known)

    def probabilities(self) -> dict[int, list[float]]:
        """For each unknown card, an estimate of the chance it is in each seat's hand.

        Slots are weighted by the unknown cards of each hand (and the pile); a sure lack
        gives 0; an obligation ("holds at least one of this group") lifts that group's
        candidates. An estimate for ranking asks, not an exact posterior.

        Kept until the next event, as a bot's ranking reads it several times a decision:
        callers must not change it.
        """
        if self._estimate is None:
            self._estimate = self._estimate_now()
        return self._estimate

    def exact_probabilities(self) -> dict[int, list[float]]:
        """For each unknown card, its exact chance to be in each seat's hand: the share of the
        consistent deals that put it there, weighed as the deal sampler weighs them (`exact`).
        Well calibrated but slower than `probabilities`, and not what the bots rank on
        (docs/familles.md, "Exact inference")."""
        from parlour.games.askdraw.exact import exact_marginals

        problem = self.deal_problem()
        marginals = exact_marginals(problem)
        n = self.num_players
        return {card: row[:n] for card, row in zip(problem.cards, marginals, strict=True)}

    def _estimate_now(self) -> dict[int, list[float]]:
        n = self.num_players
        unknown = self.unknown_cards()
        free = [self.free(s) for s in range(n)]
        total_slots = sum(free) + self.pile
        out: dict[int, list[float]] = {}
        for card in unknown:
            weights = [self._room(s, card, free[s]) for s in range(n)]
            denom = sum(weights) + self.pile or total_slots or 1
            out[card] = [w / denom for w in weights]
        group_of = self.grouping.group_of
        for seat in range(n):
            for group in self.obligations(seat):
                candidates = [
                    c for c in unknown if group_of[c] == group and c not in self.lacks[seat]
                ]
                for card in candidates:
                    p = out[card][seat]
                    out[card][seat] = 1 - (1 - p) * (1 - 1 / len(candidates))
        return out

    def likeliest_find(self) -> tuple[int, int, float] | None:
        """(card, seat, chance): the unknown card the observer may ask for that is likeliest in
        another player's hand, by the tracker's estimate; None for a spectator or no such card."""
        me = self.observer
        if me is None:
            return None
        group_of = self.grouping.group_of
        mine = {group_of[c] for c in self.sure[me]}
        best: tuple[int, int, float] | None = None
        for card, chances in sorted(self.probabilities().items()):
            if not self.ask_any and group_of[card] not in mine:
                continue
            for seat, chance in enumerate(chances):
                if seat != me and chance > 0 and (best is None or chance > best[2]):
                    best = (card, seat, chance)
        return best

    def _room(self, seat: int, card: int, free: int) -> int:
        """How many of `seat`'s unknown cards could be `card`: none for a sure lack, only the
        cards drawn since for an older lack, else all of them."""
        since = self.lack_since[seat].get(card)
        if since is None:
            return free
        return min(free, self.draws[seat] - since)

    def to_json(self) -> dict[str, Any]:
        """A JSON summary (a table's memory hint can show it)."""
        return {
            "observer": self.observer,
            "sizes": list(self.sizes),
            "pile": self.pile,
            "sure": [sorted(s) for s in self.sure],
            "lacks": [sorted(s) for s in self.lacks],
            "holds_group": [sorted(s) for s in self.holds_group],
            "laid": list(self.laid),
        }

    # ----- sampling a consistent deal --------------------------------------------------------
    def deal_problem(self) -> DealProblem:
        """The unknown cards and every fact about where they may be (see `deals`)."""
        n, grouping = self.num_players, self.grouping
        unknown = self.unknown_cards()
        unknown_set = set(unknown)
        capacity = [self.free(s) for s in range(n)] + [self.pile]
        lower = [set(self.obligations(s)) for s in range(n)]
        upper: list[list[int]] = []
        for seat in range(n):
            row = []
            for members in grouping.members:
                sure_here = sum(1 for c in members if c in self.sure[seat])
                if all(c in unknown_set or c in self.sure[seat] for c in members):
                    row.append(len(members) - 1 - sure_here)  # the last one stays out
                else:
                    row.append(len(members))  # a card of it is elsewhere: no limit
            upper.append(row)
        recent = [
            {
                c: self.draws[s] - since
                for c, since in self.lack_since[s].items()
                if c not in self.lacks[s]
            }
            for s in range(n)
        ]
        return DealProblem(unknown, grouping.group_of, capacity, self.lacks, lower, upper, recent)

    def sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """Every hand and the pile (top last), the unknown cards dealt at random so that every
        public fact holds: sizes, sure cards, lacks, held groups, and no complete group left
        in a hand (it would have been laid).

        Never gives up while a consistent deal exists (`deals.DealProblem.sample`); raises
        `NoConsistentDeal` only if the tracker's facts contradict each other.
        """
        problem = self.deal_problem()
        places = problem.sample(rng)
        hands = [sorted(self.sure[s]) for s in range(self.num_players)]
        pile: list[int] = []
        for card, place in zip(problem.cards, places, strict=True):
            if place == problem.pile:
                pile.append(card)
            else:
                hands[place].append(card)
        rng.shuffle(pile)
        return hands, pile
