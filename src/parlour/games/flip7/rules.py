"""Flip 7: the rules object and the state machine (RULES.md §2); actions and deals beside it.

The engine keeps an explicit stack of pending steps (deal the next opening card, let a seat
decide, flip the next card of a Flip Three, assign set-aside actions, ...). Chance and forced
steps run at once; the loop stops on the first step that needs a seat's decision. A stack of
plain tuples, rather than coroutines, keeps `clone` and `determinize` cheap and exact, which
search bots rely on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.core.errors import IllegalAction, RulesError
from parlour.core.events import Event
from parlour.core.game import Outcome, Seat, State
from parlour.core.options import check_choices, option
from parlour.core.shuffling import shuffle
from parlour.games.flip7.actions import HIT, STAY, Hit, Stay, Target
from parlour.games.flip7.cards import (
    FLIP_THREE,
    FREEZE,
    FULL_COUNTS,
    KINDS,
    LAST_NUMBER,
    MAX_POINTS,
    NAMES,
    SECOND_CHANCE,
    card_name,
    counts_of,
    parse_card,
    round_score,
)
from parlour.games.flip7.deals import FULL_DECK, FULL_NAMED_COUNTS, named_counts, normalise_deal

# Re-exported: the actions and the deal check were part of this module and are imported from it.
__all__ = ["HIT", "STAY", "Flip7Rules", "Flip7State", "Hit", "Stay", "Target", "normalise_deal"]


@dataclass(frozen=True)
class Flip7Rules:
    target: int = option(200, "the game ends after the round in which someone reaches this total")
    second_chance_may_be_given: bool = option(
        False,
        "a player who draws a Second Chance may give it to another active player without one "
        "instead of keeping it",
    )
    flip7_bonus: int = option(15, "bonus points for a Flip 7 (seven different numbers)")
    max_turns: int | None = option(
        None, "cap on the number of decisions; reaching it ends the game as a draw"
    )

    def __post_init__(self) -> None:
        check_choices(self)
        if self.target < 1:
            raise RulesError("target must be at least 1 point")
        if self.flip7_bonus < 0:
            raise RulesError("flip7_bonus cannot be negative")
        for name in ("target", "flip7_bonus"):  # the compiled paths add points in 64 bits
            if (value := getattr(self, name)) > MAX_POINTS:
                raise RulesError(f"{name} must be at most {MAX_POINTS}, not {value}")
        if self.max_turns is not None and self.max_turns < 1:
            raise RulesError("max_turns must be at least 1")


# ----- the state machine (the actions are in actions.py) -----------------------------------

ACTIVE, STAYED, FROZEN, BUST = "active", "stayed", "frozen", "bust"

# The steps of the stack (plain tuples, the last one runs first):
#   ("deal", i)                        deal the opening card of the i-th seat from the dealer's left
#   ("next", seat)                     pass the turn to the next active seat after `seat`
#   ("turn", seat)                     `seat` hits or stays                       (a decision)
#   ("assign", seat, card)             `seat` gives a Freeze or Flip Three          (a decision)
#   ("give_sc", seat, may_keep)        `seat` gives a Second Chance away            (a decision)
#   ("flip3", target, left, aside)     `target` flips `left` more cards; `aside` the set-aside
#                                      actions so far
#   ("batch", seat, cards, targets)    `seat` assigns the set-aside `cards`, `targets` so far
#                                                                                   (a decision)
#   ("resolve", card, target)          a Freeze or Flip Three takes effect on `target`
# Steps of the stack whose top needs a decision (when more than one choice is open).
_DECISIONS = frozenset(("turn", "assign", "batch", "give_sc"))


class Flip7State(State):
    """A game of Flip 7: rounds until someone reaches the target with a single leader."""

    all_events_public = True  # every card drawn is shown to the whole table

    def __init__(self, rules: Flip7Rules, seats: list[Seat], seed: int | None, deal: Any) -> None:
        super().__init__(rules, seats, seed, deal)
        n = len(seats)
        self.totals = [0] * n
        self.round = 0
        self.numbers: list[list[int]] = [[] for _ in range(n)]
        self.modifiers: list[list[int]] = [[] for _ in range(n)]
        self.second_chance = [False] * n
        self.status = [ACTIVE] * n
        self.opened = [False] * n  # had an opening card, or was exempted from it
        self.stack: list[tuple[Any, ...]] = []
        self.discard: list[int] = []
        self.last_points: list[int] | None = None
        if deal is not None:
            self._rng.seed(deal.get("seed", 0))
            self.deck = [parse_card(c) for c in reversed(deal["deck"])]  # top card last
            rest = counts_of(self.deck)
            self.discard = [parse_card(c) for c in deal.get("discard", [])]
            for card in self.discard:
                rest[card] += 1
            others = [c for c in range(KINDS) for _ in range(FULL_COUNTS[c] - rest[c])]
            if deal.get("rest", "shuffled") == "discard":
                self.discard.extend(others)
            else:
                self._rng.shuffle(others)
                self.deck = others + self.deck
            self.dealer = int(deal.get("dealer", n - 1))
            self.totals = [int(x) for x in deal.get("totals", self.totals)]
        else:
            self.deck = list(FULL_DECK)
            shuffle(self._rng, self.deck)
            self.dealer = self._rng.randrange(n)
        # The view's deck counts, kept as cards leave the deck: every view shows them, and
        # counting 94 cards per decision was a fifth of a view's cost. A whole deck's are known.
        self._deck_counts = dict(FULL_NAMED_COUNTS) if deal is None else named_counts(self.deck)
        self._start_round()
        self._run()

    # ----- the contract ---------------------------------------------------------------------
    def _to_move(self) -> int | None:
        if not self.stack:
            return None
        step = self.stack[-1]
        return step[1]

    def _legal_actions(self) -> list[Any]:
        step = self.stack[-1]
        if step[0] == "turn":
            return [HIT, STAY] if self._can_stay(step[1]) else [HIT]
        return [Target(s) for s in self._candidates(step)]

    def _check(self, action: Any) -> None:
        step = self.stack[-1]
        if step[0] == "turn":
            if isinstance(action, Stay) and not self._can_stay(step[1]):
                raise IllegalAction("stay_needs_a_card", "you cannot stay with no card in front")
            if not isinstance(action, (Hit, Stay)):
                raise IllegalAction("hit_or_stay", "on your turn you hit or stay")
            return
        if not isinstance(action, Target):
            raise IllegalAction(
                "choose_a_target", f"choose who gets the {card_name(self._pending_card(step))}"
            )
        if action.seat not in self._candidates(step):
            raise IllegalAction(
                "target_must_be_eligible",
                f"seat {action.seat} cannot get the {card_name(self._pending_card(step))} "
                f"(choose among {self._candidates(step)})",
            )

    def _apply(self, action: Any) -> None:
        stack = self.stack
        step = stack.pop()
        kind, seat = step[0], step[1]
        if kind == "turn":
            after = ("next", seat)
            stack.append(after)
            if isinstance(action, Stay):
                self.status[seat] = STAYED
                self.log.append(Event("stay", {"seat": seat, "points": self.points(seat)}))
            else:
                self._hit(seat)
            stack = self.stack  # a round that ended has a new stack
            if stack and stack[-1] is after:
                # The hit or stay left nothing to resolve (most moves): the next turn is
                # found at once, without a trip round the step loop.
                stack.pop()
                self._next(seat)
                stack = self.stack
                if stack and stack[-1][0] == "turn":
                    return
        else:
            self._choose(step, action.seat)
        self._run()

    def _view(self, seat: int | None) -> dict[str, Any]:
        # Everything in Flip 7 is public: every seat and spectators see the same table.
        step = self.stack[-1] if self.stack else None
        pending = None
        if step is not None and step[0] != "turn":
            pending = {
                "kind": card_name(self._pending_card(step)),
                "seat": step[1],
                "targets": self._candidates(step),
            }
        name = NAMES.__getitem__  # card names by look-up, mapped in C: views name many cards
        status, numbers, modifiers, chances = (
            self.status,
            self.numbers,
            self.modifiers,
            self.second_chance,
        )
        return {
            "game": "flip7",
            "seat": seat,
            "players": [s.name for s in self.seats],
            "target": self.rules.target,
            "round": self.round,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "table": [
                {
                    "numbers": list(map(name, numbers[s])),
                    "modifiers": list(map(name, modifiers[s])),
                    "second_chance": chances[s],
                    "status": status[s],
                    "points": 0 if status[s] == BUST else round_score(numbers[s], modifiers[s], 0),
                }
                for s in range(len(status))
            ],
            "in_play": list(map(name, self._cards_in_play())),
            "deck_size": len(self.deck),
            "deck_counts": dict(self._deck_counts),
            "discard": list(map(name, self.discard)),
            "pending": pending,
            # A copy: a view must not hand out the state's own list.
            "last_round": None if self.last_points is None else list(self.last_points),
        }

    def _clone(self) -> Flip7State:
        twin = Flip7State.__new__(Flip7State)
        twin.totals = list(self.totals)
        twin.round = self.round
        twin.dealer = self.dealer
        twin.numbers = [list(x) for x in self.numbers]
        twin.modifiers = [list(x) for x in self.modifiers]
        twin.second_chance = list(self.second_chance)
        twin.status = list(self.status)
        twin.opened = list(self.opened)
        twin.stack = list(self.stack)  # steps are immutable tuples
        twin.deck = list(self.deck)
        twin._deck_counts = dict(self._deck_counts)
        twin.discard = list(self.discard)
        twin.last_points = self.last_points
        return twin

    def determinize(self, seat: int, rng: Any) -> Flip7State:
        """Everything drawn is public: only the order of the deck is unknown. The deck is sorted,
        then shuffled (a shuffle permutes by `rng` alone: the real order shuffled could be put
        back by whoever knows its seed); the world has a seed of its own and no explicit deal
        (the true ones would rebuild the real deck from the public moves)."""
        twin = self.clone()
        assert isinstance(twin, Flip7State)
        twin.deck = sorted(twin.deck)
        rng.shuffle(twin.deck)
        twin.seed = rng.getrandbits(63)
        twin.deal = None
        twin._rng.seed(twin.seed)  # the clone's own generator
        return twin

    # ----- public helpers -------------------------------------------------------------------
    def points(self, seat: int) -> int:
        """What `seat` would bank now (0 after a bust)."""
        if self.status[seat] == BUST:
            return 0
        return round_score(self.numbers[seat], self.modifiers[seat], 0)

    def all_cards(self) -> list[int]:
        """Every card, wherever it is (deck, discard, table, in play): always the 94."""
        table = [c for s in range(self.num_players) for c in self.numbers[s] + self.modifiers[s]]
        table += [SECOND_CHANCE] * sum(self.second_chance)
        return self.deck + self.discard + table + self._cards_in_play()

    def active_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if self.status[s] == ACTIVE]

    # ----- the engine loop ------------------------------------------------------------------
    def _run(self) -> None:
        """Run chance and forced steps until a seat must decide or the game is over."""
        # `self.stack` is read at each step: ending a round replaces the list.
        while self.stack and self._outcome is None:
            step = self.stack[-1]
            kind = step[0]
            if kind in _DECISIONS:
                if kind == "turn":
                    return
                options = self._candidates(step)
                if len(options) > 1:
                    return
                self.stack.pop()
                if options:
                    self._choose(step, options[0])
                else:
                    self._lose(self._pending_card(step), None)
                continue
            self.stack.pop()
            if kind == "deal":
                self._deal(step[1])
            elif kind == "next":
                self._next(step[1])
            elif kind == "flip3":
                self._flip3(*step[1:])
            elif kind == "resolve":
                self._resolve(step[1], step[2])

    def _start_round(self) -> None:
        n = self.num_players
        self.round += 1
        self.numbers = [[] for _ in range(n)]
        self.modifiers = [[] for _ in range(n)]
        self.second_chance = [False] * n
        self.status = [ACTIVE] * n
        self.opened = [False] * n
        self.emit(
            Event(
                "round_start",
                {
                    "round": self.round,
                    "dealer": self.dealer,
                    "deck": len(self.deck),
                    "totals": list(self.totals),
                },
            )
        )
        self.stack = [("deal", 0)]

    def _deal(self, index: int) -> None:
        """Deal the opening card to the index-th seat from the dealer's left (dealer last)."""
        n = len(self.status)
        if index >= n:
            self.stack.append(("next", self.dealer))
            return
        self.stack.append(("deal", index + 1))
        seat = (self.dealer + 1 + index) % n
        if self.status[seat] != ACTIVE or self.opened[seat]:
            return  # frozen before his card, or already made to flip three
        self.opened[seat] = True
        card = self._draw()
        if card is None:
            self._exhausted()
            return
        self.log.append(Event("draw", {"seat": seat, "card": NAMES[card], "during": "deal"}))
        self._take(seat, card, "deal")

    def _next(self, seat: int) -> None:
        status = self.status
        n = len(status)
        for step in range(1, n + 1):
            other = (seat + step) % n
            if status[other] == ACTIVE:
                self.stack.append(("turn", other))
                return
        self._end_round(None)

    def _hit(self, seat: int) -> None:
        card = self._draw()
        if card is None:
            self._exhausted()
            return
        self.log.append(Event("draw", {"seat": seat, "card": NAMES[card], "during": "hit"}))
        self._take(seat, card, "hit")

    def _draw(self) -> int | None:
        """The top card; an empty deck takes the shuffled discard (table cards excluded)."""
        if not self.deck:
            if not self.discard:
                return None  # every card lies on the table: the caller ends the round
            self.deck = self.discard
            self.discard = []
            shuffle(self._rng, self.deck)
            self._deck_counts = named_counts(self.deck)
            self.emit(Event("reshuffle", {"cards": len(self.deck)}))
        card = self.deck.pop()
        name, counts = NAMES[card], self._deck_counts
        if counts[name] == 1:
            del counts[name]  # the view lists only the cards left
        else:
            counts[name] -= 1
        return card

    def _exhausted(self) -> None:
        """No card left anywhere to draw (a house rule): the round ends, the active bank."""
        self.emit(Event("deck_exhausted", {}))
        self._end_round(None)

    def _take(self, seat: int, card: int, during: str) -> None:
        """`seat` receives `card` (outside the flip-three set-aside rule)."""
        if card <= LAST_NUMBER:
            numbers = self.numbers[seat]
            if card in numbers:
                if self.second_chance[seat]:
                    self.second_chance[seat] = False
                    self.discard += [card, SECOND_CHANCE]
                    self.emit(Event("second_chance_used", {"seat": seat, "card": card_name(card)}))
                    return
                self._bust(seat, card)
                return
            numbers.append(card)
            if len(numbers) >= 7:
                self.emit(Event("flip7", {"seat": seat}))
                self._end_round(seat)
            return
        if card == SECOND_CHANCE:
            if not self.second_chance[seat]:
                if self.rules.second_chance_may_be_given and len(self._sc_takers(seat)) > 1:
                    self.stack.append(("give_sc", seat, True))
                    return
                self.second_chance[seat] = True
                self.emit(Event("second_chance_kept", {"seat": seat}))
                return
            self.stack.append(("give_sc", seat, False))
            return
        if card in (FREEZE, FLIP_THREE):
            self.stack.append(("assign", seat, card))
            return
        self.modifiers[seat].append(card)

    def _bust(self, seat: int, card: int) -> None:
        self.status[seat] = BUST
        self.discard += self.numbers[seat] + self.modifiers[seat] + [card]
        self.numbers[seat] = []
        self.modifiers[seat] = []
        self.emit(Event("bust", {"seat": seat, "card": card_name(card)}))

    def _flip3(self, target: int, remaining: int, aside: tuple[int, ...]) -> None:
        if self.status[target] != ACTIVE:  # a bust: the set-aside actions are discarded
            self.discard.append(FLIP_THREE)
            for lost in aside:
                self._lose(lost, target)
            return
        if remaining == 0:
            self.discard.append(FLIP_THREE)
            self.emit(Event("flip_three_done", {"seat": target}))
            if aside:
                self.stack.append(("batch", target, aside, ()))
            return
        card = self._draw()
        if card is None:
            self.discard += [FLIP_THREE, *aside]
            self._exhausted()
            return
        self.emit(
            Event(
                "draw",
                {
                    "seat": target,
                    "card": card_name(card),
                    "during": "flip_three",
                    "index": 4 - remaining,
                },
            )
        )
        if card in (FREEZE, FLIP_THREE):
            self.stack.append(("flip3", target, remaining - 1, (*aside, card)))
            self.emit(Event("set_aside", {"seat": target, "card": card_name(card)}))
            return
        self.stack.append(("flip3", target, remaining - 1, aside))
        self._take(target, card, "flip_three")

    def _resolve(self, card: int, target: int) -> None:
        if self.status[target] != ACTIVE:
            self._lose(card, target)
            return
        if card == FREEZE:
            self.status[target] = FROZEN
            self.discard.append(FREEZE)
            self.emit(Event("freeze", {"seat": target, "points": self.points(target)}))
            return
        self.opened[target] = True  # not dealt an opening card later
        self.emit(Event("flip_three", {"seat": target}))
        self.stack.append(("flip3", target, 3, ()))

    def _lose(self, card: int, target: int | None) -> None:
        """An action card that can no longer take effect goes to the discard."""
        self.discard.append(card)
        self.emit(Event("action_discarded", {"card": card_name(card), "seat": target}))

    # ----- choices --------------------------------------------------------------------------
    def _sc_takers(self, seat: int) -> list[int]:
        """Active seats without a Second Chance (the drawer among them when he has none)."""
        return [
            s
            for s in range(self.num_players)
            if self.status[s] == ACTIVE and not self.second_chance[s]
        ]

    def _candidates(self, step: tuple[Any, ...]) -> list[int]:
        kind = step[0]
        if kind == "give_sc":
            return self._sc_takers(step[1])
        return self.active_seats()

    @staticmethod
    def _pending_card(step: tuple[Any, ...]) -> int:
        kind = step[0]
        if kind == "assign":
            return step[2]
        if kind == "batch":
            return step[2][len(step[3])]
        return SECOND_CHANCE

    def _choose(self, step: tuple[Any, ...], target: int) -> None:
        kind, chooser = step[0], step[1]
        if kind == "give_sc":
            self.second_chance[target] = True
            if target == chooser:
                self.emit(Event("second_chance_kept", {"seat": chooser}))
            else:
                self.emit(Event("second_chance_given", {"seat": chooser, "target": target}))
            return
        card = self._pending_card(step)
        self.emit(Event("target", {"seat": chooser, "card": card_name(card), "target": target}))
        if kind == "assign":
            self.stack.append(("resolve", card, target))
            return
        cards, targets = step[2], (*step[3], target)
        if len(targets) < len(cards):
            self.stack.append(("batch", chooser, cards, targets))
            return
        # Every set-aside action is assigned: resolve them in the order flipped.
        for card, who in reversed(list(zip(cards, targets, strict=True))):
            self.stack.append(("resolve", card, who))

    # ----- ends of rounds and of the game ---------------------------------------------------
    def _cards_in_play(self) -> list[int]:
        """Action cards between being drawn and being discarded."""
        out: list[int] = []
        for step in self.stack:
            kind = step[0]
            if kind in ("assign", "resolve"):
                out.append(step[2] if kind == "assign" else step[1])
            elif kind == "flip3":
                out += [FLIP_THREE, *step[3]]
            elif kind == "batch":
                out += list(step[2])
            elif kind == "give_sc":
                out.append(SECOND_CHANCE)
        return out

    def _can_stay(self, seat: int) -> bool:
        # "At least one card in front of you" (RULES.md §2, the published rules): a number, a
        # modifier or a kept Second Chance (which banks 0, but is a card in front of him).
        return bool(self.numbers[seat] or self.modifiers[seat] or self.second_chance[seat])

    def _end_round(self, flip7_seat: int | None) -> None:
        discard = self.discard
        discard += self._cards_in_play()  # set-aside and pending actions are discarded
        self.stack = []
        bonus = self.rules.flip7_bonus
        status, numbers, modifiers, chances = (
            self.status,
            self.numbers,
            self.modifiers,
            self.second_chance,
        )
        seats = range(len(status))
        points = [
            0
            if status[s] == BUST
            else round_score(numbers[s], modifiers[s], bonus if s == flip7_seat else 0)
            for s in seats
        ]
        totals = self.totals
        for s in seats:
            totals[s] += points[s]
            discard += numbers[s]
            discard += modifiers[s]
            if chances[s]:
                discard.append(SECOND_CHANCE)
        # A new round starts with empty hands (`_start_round`, or nothing when the game ends).
        self.numbers = [[] for _ in seats]
        self.modifiers = [[] for _ in seats]
        self.second_chance = [False] * len(status)
        self.last_points = list(points)  # not the list the event below carries
        self.emit(
            Event(
                "round_end",
                {
                    "round": self.round,
                    "points": points,
                    "totals": list(self.totals),
                    "flip7": flip7_seat,
                },
            )
        )
        best = max(self.totals)
        if best >= self.rules.target:
            leaders = [s for s, x in enumerate(self.totals) if x == best]
            if len(leaders) == 1:
                self.emit(Event("game_over", {"winner": leaders[0], "totals": list(self.totals)}))
                self.finish(Outcome.from_scores("finished", self.totals, {"rounds": self.round}))
                return
            self.emit(Event("tie", {"seats": leaders, "total": best}))
        self.dealer = (self.dealer + 1) % self.num_players
        self._start_round()
