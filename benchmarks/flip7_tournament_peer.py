"""A Flip 7 peer in the shape of Bernstern/flipped_seven's engine, for `peers.py`.

flipped_seven (a bot-tournament platform in plain Python) is what the issue measured at 524-687
games per CPU second. Its package is not installed here and nothing is fetched, so this module
writes down the same design, in this project's own code, to be timed beside Parlour:

- cards are objects (frozen dataclasses for number, modifier and action cards);
- each player's tableau is a frozen dataclass of tuples, replaced (`dataclasses.replace`) on
  every change;
- every change is an event object stamped with `datetime.now(timezone.utc)` and handed to a
  logger (here its null logger, the platform's fast mode for tournaments: nothing is written);
- each bot call builds a decision context (the player's tableau and the others') and runs in
  a sandbox that arms and disarms `signal.alarm` around it;
- the deck is a list drawn from the front (`pop(0)`), reshuffled from the discard with a seed
  derived from the game's seed and the round.

The rules are those of `peers.PeerGame` (Freeze and Flip Three on the opponent, actions drawn
during a Flip Three resolved after it), so both peers play the same game; the threshold bot
hits below its total of numbers, as `threshold:T` does.
"""

from __future__ import annotations

import random
import signal
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import Enum
from typing import Any


class ActionType(Enum):
    FREEZE = "FREEZE"
    FLIP_THREE = "FLIP_THREE"
    SECOND_CHANCE = "SECOND_CHANCE"


@dataclass(frozen=True)
class NumberCard:
    value: int


@dataclass(frozen=True)
class ModifierCard:
    kind: str  # "plus" or "times"
    value: int


@dataclass(frozen=True)
class ActionCard:
    action_type: ActionType


Card = NumberCard | ModifierCard | ActionCard


def create_deck() -> list[Card]:
    deck: list[Card] = [NumberCard(0)]
    deck += [NumberCard(n) for n in range(1, 13) for _ in range(n)]
    deck += [ModifierCard("plus", v) for v in (2, 4, 6, 8, 10)] + [ModifierCard("times", 2)]
    deck += [ActionCard(a) for a in ActionType for _ in range(3)]
    return deck


def shuffle_deck(cards: list[Card], seed: int | None) -> list[Card]:
    out = list(cards)
    random.Random(seed).shuffle(out)
    return out


@dataclass(frozen=True)
class Tableau:
    player_id: str
    number_cards: tuple[NumberCard, ...] = ()
    modifier_cards: tuple[ModifierCard, ...] = ()
    second_chance: bool = False
    is_active: bool = True
    is_busted: bool = False
    is_frozen: bool = False
    is_passed: bool = False


@dataclass(frozen=True)
class Event:
    event_type: str
    timestamp: datetime
    game_id: str
    round_number: int | None
    player_id: str | None
    data: dict[str, Any] = field(default_factory=dict)


class NullLogger:
    def log_event(self, event: Event) -> None:
        return None


@dataclass(frozen=True)
class Context:
    my_tableau: Tableau
    opponent_tableaus: dict[str, Tableau]
    deck_remaining: int
    current_round: int
    target_score: int


@dataclass(frozen=True)
class Breakdown:
    number_cards_sum: int
    after_multiplier: int
    modifier_additions: int
    flip_7_bonus: int
    final_score: int


class BotTimeout(Exception):
    pass


def _on_alarm(signum: int, frame: Any) -> None:
    raise BotTimeout("the bot ran out of time")


def sandboxed(func: Any, *args: Any) -> Any:
    """The bot call under a one-second-granularity alarm, as the tournament platform runs it."""
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        signal.alarm(5)
        return func(*args)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


class ThresholdBot:
    def __init__(self, threshold: int) -> None:
        self.threshold = threshold

    def decide_hit_or_pass(self, context: Context) -> str:
        held = sum(card.value for card in context.my_tableau.number_cards)
        return "hit" if held < self.threshold else "pass"

    def choose_action_target(
        self, context: Context, action: ActionType, eligible: list[str]
    ) -> str:
        others = [p for p in eligible if p != context.my_tableau.player_id]
        return others[0] if others else eligible[0]


def score(tableau: Tableau) -> Breakdown:
    if tableau.is_busted:
        return Breakdown(0, 0, 0, 0, 0)
    total = sum(card.value for card in tableau.number_cards)
    times = any(m.kind == "times" for m in tableau.modifier_cards)
    after = total * 2 if times else total
    plus = sum(m.value for m in tableau.modifier_cards if m.kind == "plus")
    bonus = 15 if len({c.value for c in tableau.number_cards}) == 7 else 0
    return Breakdown(total, after, plus, bonus, after + plus + bonus)


class Round:
    def __init__(self, game: TournamentGame, number: int) -> None:
        self.game = game
        self.number = number
        self.tableaus = {pid: Tableau(pid) for pid in game.player_ids}

    def log(self, kind: str, player: str | None = None, **data: Any) -> None:
        now = datetime.now(UTC)
        self.game.logger.log_event(Event(kind, now, self.game.game_id, self.number, player, data))

    def context(self, pid: str) -> Context:
        others = {p: t for p, t in self.tableaus.items() if p != pid}
        return Context(self.tableaus[pid], others, len(self.game.deck), self.number, 200)

    def draw(self, pid: str) -> Card | None:
        game = self.game
        if not game.deck:
            if not game.discard:
                return None
            self.log("reshuffle", cards=len(game.discard))
            game.deck = shuffle_deck(game.discard, game.seed + self.number)
            game.discard = []
        card = game.deck.pop(0)
        self.log("card_dealt", pid, card=card, deck_remaining=len(game.deck))
        return card

    def active(self) -> list[str]:
        return [p for p in self.game.player_ids if self.tableaus[p].is_active]

    def give(self, pid: str, card: Card, queue: list[ActionCard] | None = None) -> None:
        tableau = self.tableaus[pid]
        if isinstance(card, NumberCard):
            if any(c.value == card.value for c in tableau.number_cards):
                if tableau.second_chance:
                    self.tableaus[pid] = replace(tableau, second_chance=False)
                    self.game.discard += [card, ActionCard(ActionType.SECOND_CHANCE)]
                    self.log("second_chance_used", pid, duplicate=card)
                else:
                    self.tableaus[pid] = replace(tableau, is_active=False, is_busted=True)
                    self.game.discard += [*tableau.number_cards, *tableau.modifier_cards, card]
                    self.log("player_busted", pid, duplicate=card)
                return
            numbers = (*tableau.number_cards, card)
            self.tableaus[pid] = replace(tableau, number_cards=numbers)
            self.log("player_hit", pid, card=card)
            if len(numbers) == 7:
                self.tableaus[pid] = replace(self.tableaus[pid], is_active=False, is_passed=True)
                self.log("flip_7_achieved", pid)
                self.game.flip7 = True
            return
        if isinstance(card, ModifierCard):
            mods = (*tableau.modifier_cards, card)
            self.tableaus[pid] = replace(tableau, modifier_cards=mods)
            self.log("player_hit", pid, card=card)
            return
        if card.action_type is ActionType.SECOND_CHANCE:
            if tableau.second_chance:
                self.game.discard.append(card)
            else:
                self.tableaus[pid] = replace(tableau, second_chance=True)
            self.log("action_card_resolved", pid, action="SECOND_CHANCE")
            return
        if queue is not None:  # drawn during a Flip Three: resolved after it
            queue.append(card)
            self.log("action_card_drawn", pid, action=card.action_type.value, queued=True)
            return
        self.action(pid, card)

    def action(self, pid: str, card: ActionCard) -> None:
        self.log("action_card_drawn", pid, action=card.action_type.value)
        eligible = self.active()
        bot = self.game.bots[pid]
        target = sandboxed(bot.choose_action_target, self.context(pid), card.action_type, eligible)
        self.game.discard.append(card)
        if card.action_type is ActionType.FREEZE:
            self.tableaus[target] = replace(self.tableaus[target], is_active=False, is_frozen=True)
            self.log("freeze_applied", target)
        else:
            self.flip_three(target)
        self.log("action_card_resolved", pid, action=card.action_type.value, target=target)

    def flip_three(self, pid: str) -> None:
        self.log("flip_three_triggered", pid)
        queue: list[ActionCard] = []
        for _ in range(3):
            if not self.tableaus[pid].is_active or self.game.flip7:
                break
            card = self.draw(pid)
            if card is None:
                break
            self.give(pid, card, queue)
        for card in queue:
            if self.tableaus[pid].is_active and not self.game.flip7:
                self.action(pid, card)
            else:
                self.game.discard.append(card)

    def play(self) -> dict[str, int]:
        self.log("round_started", deck_size=len(self.game.deck))
        self.game.flip7 = False
        for pid in self.game.player_ids:
            card = self.draw(pid)
            if card is not None:
                self.give(pid, card)
        while self.active() and not self.game.flip7:
            for pid in self.game.player_ids:
                if not self.tableaus[pid].is_active or self.game.flip7:
                    continue
                bot = self.game.bots[pid]
                if sandboxed(bot.decide_hit_or_pass, self.context(pid)) == "pass":
                    self.tableaus[pid] = replace(
                        self.tableaus[pid], is_active=False, is_passed=True
                    )
                    self.log("player_passed", pid)
                    continue
                card = self.draw(pid)
                if card is None:
                    self.game.flip7 = True  # nothing left to draw: the round ends
                    break
                self.give(pid, card)
        scores = {}
        for pid, tableau in self.tableaus.items():
            breakdown = score(tableau)
            scores[pid] = breakdown.final_score
            self.log("round_ended", pid, score=breakdown.final_score)
            if not tableau.is_busted:
                self.game.discard += [*tableau.number_cards, *tableau.modifier_cards]
            if tableau.second_chance:
                self.game.discard.append(ActionCard(ActionType.SECOND_CHANCE))
        return scores


class TournamentGame:
    """Rounds until someone has 200 or more alone; returns the winner's index."""

    def __init__(self, thresholds: list[int], seed: int) -> None:
        self.player_ids = [f"p{i}" for i in range(len(thresholds))]
        self.bots = {
            pid: ThresholdBot(t) for pid, t in zip(self.player_ids, thresholds, strict=True)
        }
        self.seed = seed
        self.game_id = f"game-{seed}"
        self.logger = NullLogger()
        self.deck = shuffle_deck(create_deck(), seed)
        self.discard: list[Card] = []
        self.flip7 = False

    def play(self) -> int:
        now = datetime.now(UTC)
        self.logger.log_event(Event("game_started", now, self.game_id, None, None, {}))
        totals = dict.fromkeys(self.player_ids, 0)
        number = 1
        while True:
            for pid, points in Round(self, number).play().items():
                totals[pid] += points
            best = max(totals.values())
            leaders = [pid for pid, total in totals.items() if total == best]
            if best >= 200 and len(leaders) == 1:
                return self.player_ids.index(leaders[0])
            number += 1
