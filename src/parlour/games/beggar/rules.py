"""Beggar-My-Neighbour: the rules object and the state machine (RULES.md §1)."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.core.errors import IllegalAction, RulesError
from parlour.core.events import Event
from parlour.core.game import Outcome, Seat, State
from parlour.core.options import check_choices, option
from parlour.games.beggar.cards import RANKS, check_deal, full_deck, tribute

MATCH_TARGET = {"single": 1, "best_of_three": 2, "first_to_three": 3}


@dataclass(frozen=True)
class BeggarRules:
    exhausted_payer: str = option(
        "pile_to_claimant",
        "3+ players: a payer who runs out mid-tribute gives the pile to the last penalty-card "
        "player (pile_to_claimant) or the next player in takes over the count (next_pays)",
        ("pile_to_claimant", "next_pays"),
    )
    on_loop: str = option(
        "draw",
        "a repeated trick-boundary state ends the round as a draw, or the player holding most "
        "cards wins (most_cards)",
        ("draw", "most_cards"),
    )
    match: str = option(
        "single",
        "a single round, best of three, or first to three rounds",
        ("single", "best_of_three", "first_to_three"),
    )
    jokers: int = option(0, "jokers added as super-penalty cards (tribute 5)", (0, 1, 2))
    beggar_joker: bool = option(
        False, "one joker worth 5 whose tribute cannot be countered and always wins the pile"
    )
    shuffle_captured: bool = option(
        False, "the captured pile is shuffled before it goes under the winner's hand"
    )
    face_up: bool = option(False, "each player sees his own stack (no rule change)")
    speed: bool = option(False, "interfaces flip automatically at a fixed pace")
    pace_ms: int = option(400, "milliseconds between automatic flips when speed is on")
    max_turns: int | None = option(None, "cap on the number of flips; reaching it is a draw")

    def __post_init__(self) -> None:
        check_choices(self)
        if self.jokers and self.beggar_joker:
            raise RulesError("choose one joker variant: jokers or beggar_joker, not both")
        if self.pace_ms < 50:
            raise RulesError("pace_ms must be at least 50")
        if self.max_turns is not None and self.max_turns < 1:
            raise RulesError("max_turns must be at least 1")


@dataclass(frozen=True)
class Flip:
    """Lay the top card of your stack on the pile (the only move of the game)."""

    id: ClassVar[int] = 0

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip"}


FLIP = Flip()


@dataclass
class RoundResult:
    status: str  # "finished" or "loop"
    cards: int
    tricks: int
    winner: int | None
    dealer: int

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "cards": self.cards,
            "tricks": self.tricks,
            "winner": self.winner,
            "dealer": self.dealer,
        }


class BeggarState(State):
    """A match of Beggar-My-Neighbour, one or more rounds."""

    def __init__(self, rules: BeggarRules, seats: list[Seat], seed: int | None, deal: Any) -> None:
        super().__init__(rules, seats, seed, deal)  # an explicit deal alone: seed 0 after it
        n = len(seats)
        self.hands: list[deque[str]] = [deque() for _ in range(n)]
        self.pile: list[str] = []
        self.active = [True] * n
        self.turn = 0
        self.owed = 0
        self.claimant: int | None = None
        self.uncounterable = False
        self.cards = 0
        self.tricks = 0
        self.round = 0
        self.dealer = 0
        self.wins = [0] * n
        self.results: list[RoundResult] = []
        self._seen: set[tuple[Any, ...]] = set()
        if deal is not None:
            hands = [list(hand) for hand in deal["hands"]]
            check_deal(hands, rules.jokers, rules.beggar_joker)
            self.dealer = n - 1  # the first hand leads
            self._start_round(hands)
        else:
            self.dealer = self._draw_dealer()
            self._start_round(self._shuffled_hands())

    # ----- setting up a round ---------------------------------------------------------------
    def _draw_dealer(self) -> int:
        """Highest card deals; a tie for highest draws again among the tied."""
        order = {rank: i for i, rank in enumerate(RANKS)}
        candidates = list(range(self.num_players))
        while True:
            deck = full_deck()
            self._rng.shuffle(deck)
            drawn = {seat: deck[i] for i, seat in enumerate(candidates)}
            best = max(order[card[:-1]] for card in drawn.values())
            top = [s for s, card in drawn.items() if order[card[:-1]] == best]
            self.emit(Event("dealer_draw", {"cards": {str(s): c for s, c in drawn.items()}}))
            if len(top) == 1:
                return top[0]
            candidates = top

    def _shuffled_hands(self) -> list[list[str]]:
        deck = full_deck(self.rules.jokers, self.rules.beggar_joker)
        self._rng.shuffle(deck)
        n = self.num_players
        hands: list[list[str]] = [[] for _ in range(n)]
        for i, card in enumerate(deck):  # one at a time, from the dealer's left
            hands[(self.dealer + 1 + i) % n].append(card)
        return hands

    def _start_round(self, hands: list[list[str]]) -> None:
        n = self.num_players
        self.round += 1
        self.hands = [deque(hand) for hand in hands]
        self.pile = []
        self.active = [True] * n
        self.owed = 0
        self.claimant = None
        self.uncounterable = False
        self.cards = 0
        self.tricks = 0
        self._seen = set()
        self.turn = (self.dealer + 1) % n
        self.emit(
            Event(
                "deal",
                {
                    "round": self.round,
                    "dealer": self.dealer,
                    "leader": self.turn,
                    "sizes": [len(h) for h in self.hands],
                },
            )
        )
        # A hand dealt empty (tiny explicit deals) is out before play starts.
        for seat in range(n):
            if not self.hands[seat] and self.active[seat] and not self._eliminate(seat):
                return
        if self.turn not in self._active_seats():
            self.turn = self._next_active(self.turn)
        self._remember_boundary()

    # ----- the contract ---------------------------------------------------------------------
    def _to_move(self) -> int | None:
        return self.turn

    def _legal_actions(self) -> list[Any]:
        return [FLIP]

    def _check(self, action: Any) -> None:
        if not isinstance(action, Flip):
            raise IllegalAction("flip_only", "the only move in Beggar-My-Neighbour is to flip")

    def _apply(self, action: Any) -> None:
        p = self.turn
        card = self.hands[p].popleft()
        self.pile.append(card)
        self.cards += 1
        value = tribute(card)
        paying = self.owed > 0
        data = {"seat": p, "card": card, "tribute": value, "paying": paying}
        if value and not (paying and self.uncounterable):
            self.claimant = p
            self.owed = value
            self.uncounterable = card[0] == "B"
            self.emit(Event("flip", {**data, "owed": value}))
            self.turn = self._next_active(p)
        elif paying:
            self.owed -= 1
            self.emit(Event("flip", {**data, "owed": self.owed}))
            if self.owed == 0:
                assert self.claimant is not None
                self._collect(self.claimant)
                return
        else:
            self.emit(Event("flip", {**data, "owed": 0}))
            self.turn = self._next_active(p)
        self._settle()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": "beggar",
            "players": [s.name for s in self.seats],
            "stack_sizes": [len(h) for h in self.hands],
            "active": list(self.active),
            "pile": list(self.pile),
            "turn": self.turn,
            "owed": self.owed,
            "claimant": self.claimant,
            "cards": self.cards,
            "tricks": self.tricks,
            "round": self.round,
            "dealer": self.dealer,
            "wins": list(self.wins),
            "rounds": [r.to_json() for r in self.results],
            "seat": seat,
        }
        if self.rules.speed:
            view["pace_ms"] = self.rules.pace_ms
        if seat is not None and self.rules.face_up:
            view["my_stack"] = list(self.hands[seat])
        return view

    def determinize(self, seat: int, rng: random.Random) -> BeggarState:
        """Stacks are face down: re-deal every unseen stack card, keeping each stack's size.

        The seat's own stack stays as it is only with `face_up`. The loop memory is dropped,
        since it was built from the real hands.
        """
        twin = self.clone()
        assert isinstance(twin, BeggarState)
        keep = {seat} if self.rules.face_up else set()
        # Sorted first: a shuffle permutes by the generator alone, so shuffling the stacks as
        # they lie would hand anyone who knows the generator's seed the real stacks back.
        pool = sorted(card for s, hand in enumerate(twin.hands) if s not in keep for card in hand)
        rng.shuffle(pool)
        for s, hand in enumerate(twin.hands):
            if s in keep:
                continue
            size = len(hand)
            twin.hands[s] = deque(pool[:size])
            del pool[:size]
        twin._seen = set()
        # A seed of its own and no explicit deal: the true ones would rebuild the real stacks.
        twin.seed = rng.getrandbits(63)
        twin.deal = None
        twin._rng = random.Random(twin.seed)
        return twin

    def all_cards(self) -> list[str]:
        """Every card, wherever it is (stacks and pile): the deck dealt, none made or lost."""
        return [card for hand in self.hands for card in hand] + self.pile

    def _clone(self) -> BeggarState:
        twin = BeggarState.__new__(BeggarState)
        twin.hands = [deque(h) for h in self.hands]
        twin.pile = list(self.pile)
        twin.active = list(self.active)
        twin.turn, twin.owed, twin.claimant = self.turn, self.owed, self.claimant
        twin.uncounterable = self.uncounterable
        twin.cards, twin.tricks, twin.round, twin.dealer = (
            self.cards,
            self.tricks,
            self.round,
            self.dealer,
        )
        twin.wins = list(self.wins)
        twin.results = list(self.results)
        twin._seen = set(self._seen)
        return twin

    # ----- play -------------------------------------------------------------------------------
    def _active_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if self.active[s]]

    def _next_active(self, seat: int) -> int:
        n = self.num_players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if self.active[other]:
                return other
        return seat

    def _settle(self) -> None:
        """Eliminate whoever must play with an empty hand (a forced step)."""
        while self.turn is not None and not self.hands[self.turn] and not self.is_over:
            p = self.turn
            if not self._eliminate(p):
                return
            if self.owed > 0 and self.rules.exhausted_payer == "pile_to_claimant":
                assert self.claimant is not None
                self._collect(self.claimant)
                return
            # next_pays takes over the remaining count; a plain play passes on.
            self.turn = self._next_active(p)

    def _eliminate(self, seat: int) -> bool:
        """Put `seat` out; returns False when that ended the round."""
        self.active[seat] = False
        self.emit(Event("out", {"seat": seat, "cards": self.cards}))
        alive = self._active_seats()
        if len(alive) == 1:
            winner = alive[0]
            if self.pile:
                self._take_pile(winner)
            self._end_round("finished", winner)
            return False
        return True

    def _take_pile(self, seat: int) -> None:
        pile = self.pile
        if self.rules.shuffle_captured:
            self._rng.shuffle(pile)
        self.hands[seat].extend(pile)  # in the order played: first card laid goes first
        self.pile = []
        self.tricks += 1
        self.owed = 0
        self.claimant = None
        self.uncounterable = False
        self.emit(
            Event(
                "capture",
                {"seat": seat, "size": len(pile), "tricks": self.tricks, "cards": self.cards},
            )
        )

    def _collect(self, seat: int) -> None:
        """`seat` takes the pile and leads: a trick boundary."""
        self._take_pile(seat)
        self.turn = seat
        others = [s for s in self._active_seats() if s != seat]
        if not any(self.hands[s] for s in others):
            # The round ends when one player holds every card (with two players: the record
            # convention, at the trick boundary where one hand is empty). The players still
            # seated with empty hands are out now, clockwise; nobody leads again.
            for step in range(1, self.num_players):
                other = (seat + step) % self.num_players
                if self.active[other]:
                    self.active[other] = False
                    self.emit(Event("out", {"seat": other, "cards": self.cards}))
            self._end_round("finished", seat)
            return
        if self._remember_boundary():
            self._end_loop()
            return
        self._settle()

    def _boundary_key(self) -> tuple[Any, ...]:
        # Number cards are all alike and suits never matter: a hand is its tribute sequence.
        return (
            self.turn,
            tuple(self.active),
            *(bytes(min(tribute(c), 5) + (c[0] == "B") for c in hand) for hand in self.hands),
        )

    def _remember_boundary(self) -> bool:
        """Record this trick-boundary state; True if it was seen before (a loop)."""
        if self.rules.shuffle_captured:
            return False  # shuffling makes the future depend on the generator, not the hands
        key = self._boundary_key()
        if key in self._seen:
            return True
        self._seen.add(key)
        return False

    def _end_loop(self) -> None:
        winner = None
        if self.rules.on_loop == "most_cards":
            sizes = [len(h) for h in self.hands]
            best = max(sizes)
            top = [s for s, size in enumerate(sizes) if size == best]
            winner = top[0] if len(top) == 1 else None
        self._end_round("loop", winner)

    def _end_round(self, status: str, winner: int | None) -> None:
        result = RoundResult(status, self.cards, self.tricks, winner, self.dealer)
        self.results.append(result)
        if winner is not None:
            self.wins[winner] += 1
        self.emit(Event("round_end", {"round": self.round, **result.to_json()}))
        target = MATCH_TARGET[self.rules.match]
        if target == 1:
            self._finish_single(result)
        elif max(self.wins) >= target:
            self.finish(
                Outcome.from_scores(
                    "finished", self.wins, {"rounds": [r.to_json() for r in self.results]}
                )
            )
        else:
            self.dealer = (self.dealer + 1) % self.num_players  # the deal passes left
            self._start_round(self._shuffled_hands())

    def _finish_single(self, result: RoundResult) -> None:
        detail = {"cards": result.cards, "tricks": result.tricks, "round_status": result.status}
        if result.winner is None:
            self.finish(Outcome.draw(self.num_players, result.status, detail))
            return
        scores = [1.0 if s == result.winner else 0.0 for s in range(self.num_players)]
        self.finish(Outcome.from_scores(result.status, scores, detail))
