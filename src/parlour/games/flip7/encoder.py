"""Flip 7 observation: every table is public; the deck is known only by its counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.flip7.cards import (
    DECK_SIZE,
    FLIP_THREE,
    FREEZE,
    FULL_COUNTS,
    KINDS,
    SECOND_CHANCE,
    card_name,
)
from parlour.rl.encoding import Layout, ViewEncoder, Writer

_CODE = {card_name(code): code for code in range(KINDS)}
_SHARE = [1.0 / FULL_COUNTS[code] for code in range(KINDS)]  # one card over its copies
_NUMBERS = 13
_MODIFIERS = 6  # +2, +4, +6, +8, +10, x2 (codes 13..18)
_STATUSES = ("active", "stayed", "frozen", "bust")
_PENDING = {card_name(FREEZE): 0, card_name(FLIP_THREE): 1, card_name(SECOND_CHANCE): 2}
_TOTAL_HIGH = 3.0  # totals over the target; a game ends soon after one passes 1
_ROUND_HIGH = 156  # the most a round banks but its Flip 7 bonus: 6..12 doubled, every + card
_POINTS_HIGH = 2.0  # a round's points over 100


class Flip7Encoder(ViewEncoder):
    game_name = "flip7"

    def _declare(self, layout: Layout) -> None:
        n = self.num_players
        layout.add("my_seat", n)  # absolute: target actions name absolute seats
        layout.add("to_move", n)
        layout.add("dealer", n)
        # Over a small target, the last round (and a tie-break round after it) still counts
        # in full: 26 over a target of 5 is 5.2, which 3 would clip to look like the leader's.
        target = float(getattr(self.rules, "target", 0)) or 1.0
        best_round = _ROUND_HIGH + int(getattr(self.rules, "flip7_bonus", 15))
        layout.add("totals", n, high=max(_TOTAL_HIGH, 1 + 2 * best_round / target))
        layout.add("numbers", n * _NUMBERS)
        layout.add("modifiers", n * _MODIFIERS)
        layout.add("second_chance", n)
        layout.add("status", n * len(_STATUSES))
        layout.add("points", n, high=_POINTS_HIGH)
        layout.add("pending_kind", len(_PENDING))
        layout.add("pending_targets", n)  # relative seats
        layout.add("in_play", KINDS)  # set aside during a Flip Three, over each card's copies
        layout.add("deck_counts", KINDS)  # cards left in the deck, over each card's copies
        layout.add("discard_counts", KINDS)
        layout.add("deck_share", 1)

    def _fill(self, view: Mapping[str, Any], seat: int, w: Writer) -> None:
        target = float(view["target"]) or 1.0
        w.one_hot("my_seat", seat)
        if not view["over"]:
            w.one_hot("to_move", self.relative(view["to_move"], seat))
        w.one_hot("dealer", self.relative(view["dealer"], seat))
        for k, total in enumerate(self.by_relative_seat(view["totals"], seat)):
            w.set("totals", total / target, k)
        for k, place in enumerate(self.by_relative_seat(view["table"], seat)):
            for name in place["numbers"]:
                w.set("numbers", 1.0, k * _NUMBERS + _CODE[name])
            for name in place["modifiers"]:
                w.set("modifiers", 1.0, k * _MODIFIERS + _CODE[name] - _NUMBERS)
            w.set("second_chance", float(place["second_chance"]), k)
            w.set("status", 1.0, k * len(_STATUSES) + _STATUSES.index(place["status"]))
            w.set("points", place["points"] / 100.0, k)
        pending = view.get("pending")
        if pending:
            w.one_hot("pending_kind", _PENDING.get(pending["kind"]))
            for other in pending["targets"]:
                w.one_hot("pending_targets", self.relative(other, seat))
        for name in view["in_play"]:
            code = _CODE[name]
            w.add("in_play", _SHARE[code], code)
        for name, count in view["deck_counts"].items():
            code = _CODE[name]
            w.set("deck_counts", count * _SHARE[code], code)
        for name in view["discard"]:
            code = _CODE[name]
            w.add("discard_counts", _SHARE[code], code)
        w.set("deck_share", view["deck_size"] / DECK_SIZE)


ENCODER = Flip7Encoder  # the class the game's `encoder` capability returns
