"""The ask-and-draw machinery shared by the Jeu des 7 familles, Panoplies and Go Fish.

These games deal a grid of cards, let the player to move ask another player for cards of a
*group* he already holds (a family in 7 familles, a character in Panoplies, a rank in Go Fish),
give on a hit, say « Pioche ! » on a miss, and lay a group down as soon as one hand holds all of
it. Only the grouping and a few consequences differ, so this module is parametrised by a
`Grouping` and exposes hooks (`_on_won`, `_on_lay`, `_check_end`, `_after_miss_seat`,
`_asks_after_empty_draw`) that each game fills in. Here an ask names one precise card; asking
for a whole group (Go Fish) is `groups.GroupAskState`, built on the same moves.

Cards are small integers; hands are sets with per-group counts so that every check is O(1).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from parlour.core.action_json import check_move_keys
from parlour.core.errors import IllegalAction, RulesError
from parlour.core.events import Event, private_pair
from parlour.core.game import Seat, State
from parlour.core.shuffling import shuffle
from parlour.games.askdraw.tracker import Tracker

PILE = -1  # a place in the tracker and in `public_holder`: not in any hand


@dataclass(frozen=True)
class Grouping:
    """Which cards belong together: the unit of asking and of laying down."""

    num_cards: int
    group_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]

    @property
    def num_groups(self) -> int:
        return len(self.members)

    @classmethod
    def grid(cls, rows: int, cols: int, by: str) -> Grouping:
        """Card `row * cols + col`; groups are the rows (`by="row"`) or the columns."""
        cards = range(rows * cols)
        if by == "row":
            group_of = tuple(c // cols for c in cards)
            members = tuple(tuple(r * cols + k for k in range(cols)) for r in range(rows))
        else:
            group_of = tuple(c % cols for c in cards)
            members = tuple(tuple(r * cols + k for r in range(rows)) for k in range(cols))
        return cls(rows * cols, group_of, members)


@dataclass(frozen=True)
class Ask:
    """Ask seat `target` for `card`. Id: `target * num_cards + card`."""

    target: int
    card: int
    num_cards: int = field(default=42, compare=False, repr=False)

    @property
    def id(self) -> int:
        return self.target * self.num_cards + self.card

    def to_json(self) -> dict[str, Any]:
        return {"type": "ask", "target": self.target, "card": self.card}


def json_int(value: Any) -> int | None:
    """A JSON integer, or None: `true` is no seat and no card, though Python counts it as 1."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def ask_from_json(obj: Mapping[str, Any], num_cards: int, sizing: tuple[str, ...] = ()) -> Ask:
    """An ask from its JSON; `sizing` names keys a game-level reader also takes (the deck's
    size, for the id), which the move itself never carries."""
    if obj.get("type") != "ask":
        raise ValueError(f"unknown action {dict(obj)!r}; the only move is an ask")
    check_move_keys(obj, ("type", "target", "card"), sizing)
    target, card = json_int(obj.get("target")), json_int(obj.get("card"))
    if target is None or card is None:
        raise ValueError(f"an ask needs an integer target and card, got {dict(obj)!r}")
    return Ask(target, card, num_cards)


def ask_from_id(action_id: int, num_cards: int, num_players: int) -> Ask:
    if not 0 <= action_id < num_cards * num_players:
        raise ValueError(f"action ids run from 0 to {num_cards * num_players - 1}, not {action_id}")
    return Ask(action_id // num_cards, action_id % num_cards, num_cards)


@cache
def _ask_table(num_cards: int, num_players: int) -> tuple[tuple[Ask, ...], ...]:
    """Every ask of a table, built once: asks are frozen, so legal actions can share them."""
    return tuple(tuple(Ask(t, c, num_cards) for c in range(num_cards)) for t in range(num_players))


def youngest_seat(seats: Sequence[Seat]) -> int:
    """The youngest player starts; without ages the table's first seat does."""
    aged = [(seat.age, index) for index, seat in enumerate(seats) if seat.age is not None]
    return min(aged)[1] if aged else 0


def normalise_deal(
    deal: Any, num_players: int, num_cards: int, parse_card: Callable[[Any], int]
) -> dict[str, Any]:
    """`{"hands": [[card, ...], ...], "pile": [card, ...] (top first), "first": seat}`.

    Every card must appear exactly once (hands and pile together), so a test or a puzzle
    cannot lose a card by accident.
    """
    if not isinstance(deal, Mapping) or "hands" not in deal:
        raise RulesError('a deal is {"hands": [[cards], ...], "pile": [cards], "first": seat}')
    hands_raw = deal["hands"]
    if not isinstance(hands_raw, Sequence) or len(hands_raw) != num_players:
        raise RulesError(f"the deal needs {num_players} hands")
    hands = [[parse_card(c) for c in hand] for hand in hands_raw]
    pile = [parse_card(c) for c in deal.get("pile") or []]
    every = [c for hand in hands for c in hand] + pile
    if len(set(every)) != len(every):
        dupes = sorted({c for c in every if every.count(c) > 1})
        raise RulesError(f"cards dealt twice: {dupes}")
    missing = sorted(set(range(num_cards)) - set(every))
    if missing:
        raise RulesError(f"the deal leaves out cards {missing}: every card must be dealt")
    first = deal.get("first")
    if first is not None and (not isinstance(first, int) or not 0 <= first < num_players):
        raise RulesError(f"the deal's first player must be a seat number, not {first!r}")
    out: dict[str, Any] = {"hands": hands, "pile": pile}
    if first is not None:
        out["first"] = first
    return out


class AskDrawState(State):
    """A game of asking for cards. Subclasses set the grouping and fill the hooks."""

    ask_rule: ClassVar[str] = "family_not_held"  # the name of the ask condition
    group_word: ClassVar[str] = "family"
    # What a laid group is, in the refusal to ask for it (as the games' `rule.*.card_laid` say).
    laid_word: ClassVar[str] = "family"

    def __init__(
        self, rules: Any, seats: Sequence[Seat], seed: int | None, deal: Any, grouping: Grouping
    ) -> None:
        super().__init__(rules, seats, seed, deal)
        self.grouping = grouping
        self._quiet = False
        self._trackers: dict[int | None, tuple[Tracker, int]] = {}
        n = len(seats)
        self.hands: list[set[int]] = [set() for _ in range(n)]
        self.counts: list[list[int]] = [[0] * grouping.num_groups for _ in range(n)]
        self.pile: list[int] = []  # the top card is the last one
        self.laid: list[int] = [PILE] * grouping.num_groups  # who laid each group
        self.public_holder: list[int] = [PILE] * grouping.num_cards  # last seen publicly
        self.turn = 0
        self.first = 0
        self.deals = 0  # a new deal (the next game of a match) ends the move in progress

    # ----- hooks ------------------------------------------------------------------------------
    def _ask_any(self) -> bool:
        """Whether a player may ask for a card of a group he does not hold."""
        return False

    def _replays_after_draw(self) -> bool:
        """Whether laying a group completed by a plain draw lets the player go on."""
        return False

    def _asks_after_empty_draw(self) -> bool:
        """Whether a player who drew because his hand was empty may then ask (else the draw
        ends his turn)."""
        return True

    def _on_won(self, card: int, winner: int, giver: int | None) -> None:
        """A card won by an ask (`giver` is the seat asked) or a Bonne pioche (`giver` None)."""

    def _on_lay(self, seat: int, group: int) -> None:
        """A group was just laid down by `seat` (it may end the game)."""

    def _check_end(self) -> None:
        """End the game if the state calls for it (after every change of the table)."""

    def _card_fields(self, card: int) -> dict[str, Any]:
        """What narration needs to name a card (merged into every event that shows one; the
        caller never changes it, so a game may hand out the same dict every time)."""
        return {}

    def _group_fields(self, group: int) -> dict[str, Any]:
        """What narration needs to name a group (added to the lay event)."""
        return {}

    def _deal_data(self) -> dict[str, Any]:
        """Extra public data of the deal event."""
        return {}

    # ----- setting up -------------------------------------------------------------------------
    def _random_deal(self, hand_size: int, first: int) -> None:
        deck = list(range(self.grouping.num_cards))
        shuffle(self._rng, deck)
        n = self.num_players
        hands = [deck[i * hand_size : (i + 1) * hand_size] for i in range(n)]
        self._start_deal(hands, deck[n * hand_size :], first)

    def _start_deal(self, hands: list[list[int]], pile_top_first: list[int], first: int) -> None:
        n, g = self.num_players, self.grouping
        self.deals += 1
        self.hands = [set(hand) for hand in hands]
        self.counts = [[0] * g.num_groups for _ in range(n)]
        for seat, hand in enumerate(hands):
            for card in hand:
                self.counts[seat][g.group_of[card]] += 1
        self.pile = list(reversed(pile_top_first))
        self.laid = [PILE] * g.num_groups
        self.public_holder = [PILE] * g.num_cards
        self.first = self.turn = first
        self.emit(
            Event(
                "deal",
                {
                    "sizes": [len(h) for h in hands],
                    "pile": len(self.pile),
                    "first": first,
                    "ask_any": self._ask_any(),
                    **self._deal_data(),
                },
            )
        )
        for seat, hand in enumerate(hands):
            self.emit(Event("hand", {"seat": seat, "cards": sorted(hand)}, frozenset((seat,))))
        deals = self.deals
        for seat in range(n):  # a hand dealt complete (8 cards at two) is laid at once
            for group in range(g.num_groups):
                if not self.is_over and deals == self.deals:
                    self._lay_if_complete(seat, group)
        if deals != self.deals:
            return  # that lay ended a game of a match: the next one is dealt and under way
        self._check_end()
        if deals != self.deals:
            return  # every seat dealt safe (Panoplies) ended that game: the next one is under way
        if not self.is_over:
            self.emit(Event("turn", {"seat": first}))
            self._settle()

    # ----- the contract -----------------------------------------------------------------------
    def emit(self, *events: Event) -> None:
        if not self._quiet:  # search playouts need no log
            self.log.extend(events)

    def _to_move(self) -> int | None:
        return self.turn

    def _legal_actions(self) -> list[Ask]:
        p, g, laid = self.turn, self.grouping, self.laid
        hand, counts = self.hands[p], self.counts[p]
        any_group = self._ask_any()
        cards = [
            c
            for group, members in enumerate(g.members)
            if laid[group] == PILE and (any_group or counts[group])
            for c in members
            if c not in hand
        ]
        cards.sort()  # by card id, whatever the grouping: seeded random bots replay the same
        hands = self.hands
        n = len(hands)
        asks = _ask_table(g.num_cards, n)
        return [asks[t][c] for t in range(n) if t != p and hands[t] for c in cards]

    def _check(self, action: Any) -> None:
        if not isinstance(action, Ask):
            raise IllegalAction("not_an_ask", "the only move is to ask a player for a card")
        p, t, c, g = self.turn, action.target, action.card, self.grouping
        word = self.group_word
        if not 0 <= t < len(self.seats):
            raise IllegalAction("no_such_seat", f"there is no seat {t} at this table")
        if not 0 <= c < g.num_cards:
            raise IllegalAction("no_such_card", f"there is no card {c} in this deck")
        if t == p:
            raise IllegalAction("ask_self", "you must ask another player, not yourself")
        if not self.hands[t]:
            raise IllegalAction("target_empty", "you may only ask a player who holds cards")
        if self.laid[g.group_of[c]] != PILE:
            raise IllegalAction("card_laid", f"that {self.laid_word} is already laid down")
        if c in self.hands[p]:
            raise IllegalAction("card_held", "you may not ask for a card you already hold")
        if not self._ask_any() and not self.counts[p][g.group_of[c]]:
            raise IllegalAction(
                self.ask_rule, f"you may only ask for a card of a {word} you already hold"
            )

    def _apply(self, action: Any) -> None:
        p, t, c = self.turn, action.target, action.card
        quiet = self._quiet  # playouts skip building events
        fields = {} if quiet else self._card_fields(c)  # merged into every event, never changed
        if not quiet:
            self.emit(Event("ask", {"seat": p, "target": t, "card": c, **fields}))
        if c in self.hands[t]:
            self._move(c, t, p)
            if not quiet:
                self.emit(Event("give", {"seat": t, "to": p, "card": c, **fields}))
            self._won(c, p, t)
            return
        if not quiet:
            self.emit(Event("pioche", {"seat": t, "asker": p, "card": c, **fields}))
        if not self.pile:  # nothing to draw: the miss simply passes the turn
            self._pass_after_miss(p, t)
            return
        drawn = self.pile.pop()
        if drawn == c:
            self._receive(p, c)
            self.public_holder[c] = p
            if not quiet:
                self.emit(Event("bonne_pioche", {"seat": p, "card": c, **fields}))
            self._won(c, p, None)
            return
        self._plain_draw(p, t, drawn)

    def _plain_draw(self, p: int, t: int, drawn: int) -> None:
        """After a miss, `p` drew `drawn`, not what he asked `t` for: lay, then the turn passes
        (or goes on, when the rules let a group completed by a draw replay)."""
        self._receive(p, drawn)
        self.public_holder[drawn] = PILE
        self._emit_draw(p, drawn, "miss")
        deals = self.deals
        laid = self._lay_if_complete(p, self.grouping.group_of[drawn])
        if deals != self.deals:
            return
        self._check_end()
        if self.is_over or deals != self.deals:
            return  # over, or everybody safe ended a game of a match: the next one is under way
        if laid and self._replays_after_draw():
            self._settle()
        else:
            self._pass_after_miss(p, t)

    # ----- moves ------------------------------------------------------------------------------
    def _receive(self, seat: int, card: int) -> None:
        self.hands[seat].add(card)
        self.counts[seat][self.grouping.group_of[card]] += 1

    def _move(self, card: int, giver: int, taker: int) -> None:
        self.hands[giver].discard(card)
        self.counts[giver][self.grouping.group_of[card]] -= 1
        self._receive(taker, card)
        self.public_holder[card] = taker

    def _emit_draw(self, seat: int, card: int, reason: str) -> None:
        if self._quiet:
            return
        self.emit(
            *private_pair(
                "draw",
                seat,
                {"seat": seat, "card": card, "reason": reason, "pile": len(self.pile)}
                | self._card_fields(card),
                {"seat": seat, "reason": reason, "pile": len(self.pile)},
            )
        )

    def _won(self, card: int, winner: int, giver: int | None) -> None:
        """After a hit or a Bonne pioche: consequences, laying, and the turn goes on."""
        deals = self.deals
        self._on_won(card, winner, giver)
        if deals == self.deals:  # else that ended a game of a match: the next one is dealt
            self._after_gain(winner, self.grouping.group_of[card])

    def _after_gain(self, winner: int, group: int) -> None:
        """`winner` gained cards of `group` and keeps the turn: lay it if complete, go on."""
        deals = self.deals
        if not self.is_over:
            self._lay_if_complete(winner, group)
        if deals != self.deals:  # that ended a game of a match: the next one is dealt
            return
        self._check_end()
        if not self.is_over:
            self._settle()

    def _lay_if_complete(self, seat: int, group: int) -> bool:
        members = self.grouping.members[group]
        if self.counts[seat][group] != len(members) or self.laid[group] != PILE:
            return False
        hand = self.hands[seat]
        for card in members:
            hand.discard(card)
            self.public_holder[card] = PILE
        self.counts[seat][group] = 0
        self.laid[group] = seat
        if not self._quiet:
            self.emit(
                Event(
                    "lay",
                    {
                        "seat": seat,
                        "group": group,
                        "cards": list(members),
                        **self._group_fields(group),
                    },
                )
            )
        self._on_lay(seat, group)
        return True

    def _pass_after_miss(self, asker: int, asked: int) -> None:
        self._pass_to(self._after_miss_seat(asker, asked))

    def _after_miss_seat(self, asker: int, asked: int) -> int:
        """Who plays after a failed ask: the rules' `next_after_miss` (the seat asked, or the
        asker's left-hand neighbour)."""
        if self.rules.next_after_miss == "asked":
            return asked
        return (asker + 1) % self.num_players

    def _pass_to(self, seat: int) -> None:
        self.turn = seat
        if not self._quiet:  # playouts skip building events
            self.emit(Event("turn", {"seat": seat}))
        self._settle()

    def _settle(self) -> None:
        """Forced steps until the player to move has a real choice (or the game ends).

        An empty hand draws one card and goes on; with an empty pile it passes. A player whom
        nobody can answer (every other hand is empty) passes: the next player draws.
        """
        n = len(self.seats)
        idle = 0  # consecutive passes: a guard against a dead table
        while self._outcome is None:
            p, hands = self.turn, self.hands
            if hands[p]:  # a real choice when another hand holds cards (most moves)
                for t in range(n):
                    if t != p and hands[t]:
                        return
            if not hands[p] and self.pile:
                card = self.pile.pop()
                self._receive(p, card)
                self._emit_draw(p, card, "empty_hand")
                deals = self.deals
                self._lay_if_complete(p, self.grouping.group_of[card])
                if deals != self.deals:
                    return  # the next game of a match was dealt and settled
                self._check_end()
                idle = 0
                if self._outcome is None and not self._asks_after_empty_draw():
                    self.turn = (p + 1) % n  # the card drawn is his whole turn
                    self.emit(Event("turn", {"seat": self.turn}))
                continue
            idle += 1
            if idle > n:
                self._stalled()
                return
            self.emit(Event("pass", {"seat": p}))
            self.turn = (p + 1) % n
            self.emit(Event("turn", {"seat": self.turn}))

    def _stalled(self) -> None:
        """Nobody can ask and nothing can be drawn; a correct game never gets here."""
        raise AssertionError("the table is stalled: no hand can ask and the pile is empty")

    # ----- views and knowledge -----------------------------------------------------------------
    def _common_view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": [s.name for s in self.seats],
            "seat": seat,
            "turn": self.turn,
            "first": self.first,
            "hand_sizes": [len(h) for h in self.hands],
            "pile_size": len(self.pile),
            "laid": [
                {"group": group, "seat": owner}
                for group, owner in enumerate(self.laid)
                if owner != PILE
            ],
        }
        if seat is not None:
            view["hand"] = sorted(self.hands[seat])
        return view

    def all_cards(self) -> list[int]:
        """Every card, wherever it is (hands, pile, laid groups): each card of the deck once."""
        members = self.grouping.members
        laid = [c for group, owner in enumerate(self.laid) if owner != PILE for c in members[group]]
        return [c for hand in self.hands for c in hand] + self.pile + laid

    def tracker_for(self, seat: int | None) -> Tracker:
        """What `seat` (None: a spectator) knows, built from the events it has seen."""
        tracker, cursor = self._trackers.get(seat, (None, 0))
        if tracker is None:
            tracker = Tracker(self.grouping, self.num_players, seat)
        for event in self.log[cursor:]:
            if event.visible_to(seat):
                tracker.observe(event)
        self._trackers[seat] = (tracker, len(self.log))
        return tracker

    def _clone(self) -> AskDrawState:
        twin = self.__class__.__new__(self.__class__)
        twin.grouping = self.grouping
        twin._quiet = self._quiet
        twin._trackers = {}
        twin.hands = [set(h) for h in self.hands]
        twin.counts = [list(c) for c in self.counts]
        twin.pile = list(self.pile)
        twin.laid = list(self.laid)
        twin.public_holder = list(self.public_holder)
        twin.turn = self.turn
        twin.first = self.first
        twin.deals = self.deals
        self._copy_extra(twin)
        return twin

    def _copy_extra(self, twin: Any) -> None:
        """Copy the fields a subclass adds (called by `_clone`)."""

    def determinize(self, seat: int, rng: random.Random) -> AskDrawState:
        """Hidden cards re-dealt from `seat`'s knowledge only (its tracker), never copied.

        The world has a seed of its own, drawn from `rng` (the caller's generator): the true
        seed would rebuild the real hands and pile. Its log is the seat's own events, so that
        re-dealing from the world gives the same worlds as re-dealing from this state.
        """
        tracker = self.tracker_for(seat)
        hands, pile = tracker.sample(rng)
        twin = self._clone()
        twin.rules, twin.seats, twin.deal = self.rules, self.seats, None
        twin.seed = rng.getrandbits(63)
        twin._rng = random.Random(twin.seed)
        twin.log = self.events_for(seat)  # the real log holds other seats' private events
        twin.actions = list(self.actions)
        twin.turns = self.turns
        twin._outcome = self._outcome
        g = self.grouping
        for other, cards in enumerate(hands):
            twin.hands[other] = set(cards)
            counts = [0] * g.num_groups
            for card in cards:
                counts[g.group_of[card]] += 1
            twin.counts[other] = counts
        twin.pile = pile
        return twin
