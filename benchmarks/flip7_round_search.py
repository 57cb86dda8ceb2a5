"""A Flip 7 `expert` variant that settles close heads-up decisions by playouts of the round.

`RoundSearch` (a variant of benchmarks/flip7_expert_variants.py): when the opponent is still in
the round and the expert's exact round solver finds hitting and staying within `MARGIN` of
each other in winning chance, the bot plays the rest of the round out `PLAYOUTS` times from the
state as it stands, once staying and once hitting on the same shuffled deck, and keeps the
better. The playouts carry what the analytic model treats one part at a time: both players'
moves, in turn, from one shared deck, with Freeze, Flip Three and Second Chance in play. In
them:

- the bot plays the solver's policy for its worth of the points (as the expert does) while the
  opponent is in the round, then, his result known, takes one more card while that card is
  worth more than staying, by the value table;
- the opponent plays the round optimum for points, or for his own chance of winning once
  someone is within 45 points of the target (then, the bot's result known, he too takes one
  more card while it is worth more);
- Freeze and Flip Three go to the other player while he is in the round; a Second Chance is
  kept, or given to the other if one is already held; a Flip 7 ends the round;
- the round's end is valued by the expert's game-value table.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from parlour.bots.base import Decision
from parlour.games.flip7 import expert as shipped
from parlour.games.flip7.bots import model_hand, scoring_counts
from parlour.games.flip7.cards import FLIP_THREE, FREEZE, KINDS, SECOND_CHANCE
from parlour.games.flip7.expert import ExpertBot
from parlour.games.flip7.expert_values import TARGET, njit
from parlour.games.flip7.public import Table
from parlour.games.flip7.solver import (
    MODEL_KINDS,
    MODIFIER_MASKS,
    NUMBER_MASKS,
    _popcount,
    _score,
    _sweep,
    hit_and_stay,
    masks_of,
)

MARGIN = 0.04  # decisions closer than this (in winning chance) are searched
PLAYOUTS = 600  # deck orders a searched decision plays out, each both ways
NEAR = 45  # the opponent plays for the game once someone is this close to the target
ME, HIM = 0, 1  # the bot and its opponent, in the playouts' arrays


@njit(cache=True)
def _worth(game_values: Any, totals: Any, mine: int, his: int, side: int) -> float:
    """The chance of `side` winning once the round ends on these points."""
    a = min(totals[ME] + mine, game_values.shape[0] - 1)
    b = min(totals[HIM] + his, game_values.shape[1] - 1)
    return game_values[a, b] if side == ME else 1.0 - game_values[a, b]


@njit(cache=True)
def _one_more_card(
    hands: Any, side: int, left: Any, game_values: Any, totals: Any, other: int, bonus: int
) -> bool:
    """Whether one more card then staying beats staying, the other's result `other` known."""
    nmask, mmask, saved = hands[side, 0], hands[side, 1], hands[side, 2]
    size = left.sum()
    if size == 0:
        return False
    now = _score(nmask, mmask)
    seventh = bonus if _popcount(nmask) == 6 else 0  # a new number makes a Flip 7
    acc = 0.0
    for card in range(KINDS):
        if left[card] == 0:
            continue
        points = now  # an action card: counted as staying
        if card <= 12:
            if nmask >> card & 1:
                points = now if saved else 0
            else:
                points = _score(nmask | 1 << card, mmask) + seventh
        elif card < MODEL_KINDS and not mmask >> (card - 13) & 1:
            points = _score(nmask, mmask | 1 << (card - 13))
        mine, his = (points, other) if side == ME else (other, points)
        acc += left[card] * _worth(game_values, totals, mine, his, side)
    mine, his = (now, other) if side == ME else (other, now)
    return acc / size > _worth(game_values, totals, mine, his, side)


@njit(cache=True)
def _stays(
    side: int, hands: Any, active: Any, banked: Any, left: Any, policy: Any, bonus: int
) -> bool:
    values, values_sc, worth_of_points, game_values, totals, near = policy[side]
    nmask, mmask, saved = hands[side, 0], hands[side, 1], hands[side, 2]
    now = _score(nmask, mmask)
    other = 1 - side
    if active[other] or (side == HIM and not near):
        table_value = values_sc[nmask, mmask] if saved else values[nmask, mmask]
        if worth_of_points.shape[0] == 0:
            return table_value <= now
        return table_value <= worth_of_points[min(now, worth_of_points.shape[0] - 1)]
    return not _one_more_card(hands, side, left, game_values, totals, banked[other], bonus)


@njit(cache=True)
def _take(side: int, card: int, hands: Any, active: Any, banked: Any, bonus: int) -> bool:
    """A scoring card joins a hand; True when it makes a Flip 7, which ends the round."""
    if card <= 12:
        if hands[side, 0] >> card & 1:
            if hands[side, 2]:
                hands[side, 2] = 0  # the Second Chance saves the hand
            else:
                active[side] = 0
                banked[side] = 0
            return False
        hands[side, 0] |= 1 << card
        if _popcount(hands[side, 0]) == 7:
            banked[side] = _score(hands[side, 0], hands[side, 1]) + bonus
            active[side] = 0
            return True
        return False
    hands[side, 1] |= 1 << (card - 13)
    return False


@njit(cache=True)
def _draw(
    side: int, deck: Any, at: int, hands: Any, active: Any, banked: Any, left: Any, bonus: int
) -> tuple[int, bool]:
    """`side` draws the next card; (where the deck now starts, whether the round ended)."""
    if at >= deck.shape[0]:
        return at, True
    card = deck[at]
    at += 1
    left[card] -= 1
    other = 1 - side
    if card == SECOND_CHANCE:
        if not hands[side, 2]:
            hands[side, 2] = 1
        elif active[other] and not hands[other, 2]:
            hands[other, 2] = 1
        return at, False
    target = other if active[other] else side  # of a Freeze or a Flip Three
    if card == FREEZE:
        banked[target] = _score(hands[target, 0], hands[target, 1])
        active[target] = 0
        return at, False
    if card == FLIP_THREE:
        for _ in range(3):  # Flip Three: actions among the three cards only take a slot
            if at >= deck.shape[0] or not active[target]:
                break
            forced = deck[at]
            at += 1
            left[forced] -= 1
            if forced == SECOND_CHANCE and not hands[target, 2]:
                hands[target, 2] = 1
            elif forced < FREEZE and _take(target, forced, hands, active, banked, bonus):
                return at, True
        return at, False
    return at, _take(side, card, hands, active, banked, bonus)


@njit(cache=True)
def _play_out(
    stay_now: bool,
    deck: Any,
    start: Any,
    counts: Any,
    policy: Any,
    bonus: int,
) -> float:
    """The bot's chance of winning after this round, played out on `deck` from `start`."""
    hands = start.copy()
    active = np.ones(2, dtype=np.int64)
    banked = np.zeros(2, dtype=np.int64)
    left = counts.copy()
    at = 0
    ended = False
    if stay_now:
        active[ME] = 0
        banked[ME] = _score(hands[ME, 0], hands[ME, 1])
    else:
        at, ended = _draw(ME, deck, at, hands, active, banked, left, bonus)
    turn = HIM
    while not ended and (active[ME] or active[HIM]):
        side = turn
        turn = 1 - turn
        if not active[side]:
            continue
        if _stays(side, hands, active, banked, left, policy, bonus):
            active[side] = 0
            banked[side] = _score(hands[side, 0], hands[side, 1])
        else:
            at, ended = _draw(side, deck, at, hands, active, banked, left, bonus)
    for side in (ME, HIM):
        if active[side]:  # a Flip 7 ended the round (or the deck ran out): they bank
            banked[side] = _score(hands[side, 0], hands[side, 1])
    game_values, totals = policy[ME][3], policy[ME][4]
    return _worth(game_values, totals, banked[ME], banked[HIM], ME)


@njit(cache=True)
def search(counts: Any, start: Any, policy: Any, playouts: int, seed: int, bonus: int) -> Any:
    """(winning chance if the bot stays now, if it hits now), on the same deck orders."""
    np.random.seed(seed)
    cards = np.repeat(np.arange(KINDS), counts)
    out = np.zeros(2)
    for _ in range(playouts):
        deck = np.random.permutation(cards)
        out[0] += _play_out(True, deck, start, counts, policy, bonus)
        out[1] += _play_out(False, deck, start, counts, policy, bonus)
    return out / playouts


_TABLES = [np.empty((NUMBER_MASKS, MODIFIER_MASKS)) for _ in range(4)]
_NO_WORTH = np.zeros(0)


class RoundSearch(ExpertBot):
    def stays(self, table: Table, decision: Decision) -> bool:
        bonus = decision.rules.flip7_bonus
        seed = shipped.race_seed(table)
        util = self.utility(table, bonus=bonus, race_seed=seed)
        me = table.seat
        him = 1 - me
        counts = table.next_draw_counts()
        heads_up = len(table.totals) == 2 and table.target == TARGET
        if not heads_up or table.status[him] != "active" or sum(counts[:MODEL_KINDS]) == 0:
            return shipped.worth_staying(table, bonus, util)
        stay, hit = hit_and_stay(
            scoring_counts(counts), model_hand(table, me), bonus, table.second_chance[me], util
        )
        if abs(hit - stay) > MARGIN:
            return stay >= hit
        return self._searched_stay(table, counts, util, bonus, seed)

    def _searched_stay(
        self, table: Table, counts: list[int], util: np.ndarray, bonus: int, seed: int
    ) -> bool:
        me, him = table.seat, 1 - table.seat
        scoring = np.asarray(counts[:MODEL_KINDS], dtype=np.int64)
        start = np.zeros((2, 3), dtype=np.int64)
        for side, seat in ((ME, me), (HIM, him)):
            start[side, :2] = masks_of(model_hand(table, seat))
            start[side, 2] = int(table.second_chance[seat])
        lead = max(t + p for t, p in zip(table.totals, table.points, strict=True))
        near = lead + NEAR >= table.target
        his_worth = _NO_WORTH
        if near:
            his_worth = np.asarray(shipped.utility(dataclasses.replace(table, seat=him)))
        mine = np.asarray(util, dtype=np.float64)
        _sweep(scoring, start[ME, 0], start[ME, 1], 0, bonus, _TABLES[0], _TABLES[1], mine)
        _sweep(scoring, start[HIM, 0], start[HIM, 1], 0, bonus, _TABLES[2], _TABLES[3], his_worth)
        game_values = self.game_values(2)
        totals = np.array([table.totals[me], table.totals[him]], dtype=np.int64)
        policy = (
            (_TABLES[0], _TABLES[1], mine, game_values, totals, near),
            (_TABLES[2], _TABLES[3], his_worth, game_values, totals, near),
        )
        deck = np.asarray(counts, dtype=np.int64)
        stay, hit = search(deck, start, policy, PLAYOUTS, seed & 0x7FFFFFFF, bonus)
        return bool(stay >= hit)
