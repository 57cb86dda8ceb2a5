"""Observation of the ask-and-draw games (7 familles, Panoplies): my hand and the public table."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from parlour.games.askdraw.engine import Grouping
from parlour.rl.encoding import Layout, ViewEncoder, Writer


class AskDrawEncoder(ViewEncoder):
    """Hand (one bit per card), per-group counts, sizes, the pile and who laid each group.

    Seats are relative to the observer except `my_seat`, kept absolute because an ask's action id
    names its target's absolute seat.
    """

    def __init__(self, rules: Any, num_players: int) -> None:
        self.grouping = self._grouping(rules)
        super().__init__(rules, num_players)

    @abstractmethod
    def _grouping(self, rules: Any) -> Grouping:
        """Which cards are asked and laid together (may depend on the rules)."""

    def _declare(self, layout: Layout) -> None:
        n, g = self.num_players, self.grouping
        largest = max(len(members) for members in g.members)
        layout.add("my_seat", n)
        layout.add("to_move", n)
        layout.add("hand", g.num_cards)
        layout.add("hand_groups", g.num_groups, high=largest)
        layout.add("hand_sizes", n, high=g.num_cards)
        layout.add("pile_size", 1, high=g.num_cards)
        layout.add("laid_by", g.num_groups * n)  # group k laid by relative seat j
        layout.add("groups_laid", n, high=g.num_groups)
        self._declare_extra(layout)

    def _fill(self, view: Mapping[str, Any], seat: int, w: Writer) -> None:
        n, g = self.num_players, self.grouping
        w.one_hot("my_seat", seat)
        if not view["over"]:
            w.one_hot("to_move", self.relative(view["to_move"], seat))
        hand = view.get("hand") or []
        for card in hand:
            w.set("hand", 1.0, card)
        w.counts("hand_groups", (g.group_of[card] for card in hand))
        for k, size in enumerate(self.by_relative_seat(view["hand_sizes"], seat)):
            w.set("hand_sizes", float(size), k)
        w.set("pile_size", float(view["pile_size"]))
        for laid in view["laid"]:
            owner = self.relative(laid["seat"], seat)
            assert owner is not None
            w.set("laid_by", 1.0, laid["group"] * n + owner)
            w.add("groups_laid", 1.0, owner)
        self._fill_extra(view, seat, w)

    def _declare_extra(self, layout: Layout) -> None:
        """Segments a game adds to the shared ones."""

    def _fill_extra(self, view: Mapping[str, Any], seat: int, w: Writer) -> None:
        """Fill the segments of `_declare_extra`."""
