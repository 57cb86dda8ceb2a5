"""Beggar-My-Neighbour observation: stack sizes, the pile and the debt, all public."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.beggar.cards import CODE, full_deck
from parlour.rl.encoding import Layout, ViewEncoder, Writer

# The top card of the pile by its code: 0 number card, 1..4 J..A, 5 joker, 6 beggar joker.
_CODES = 7
_MATCH_WINS = 3  # first_to_three is the longest match


class BeggarEncoder(ViewEncoder):
    game_name = "beggar"

    def _declare(self, layout: Layout) -> None:
        n = self.num_players
        self.deck_size = len(full_deck(self.rules.jokers, self.rules.beggar_joker))
        layout.add("stack_share", n)  # each seat's stack over the deck size, me first
        layout.add("active", n)
        layout.add("to_move", n)
        layout.add("claimant", n)
        layout.add("wins", n, high=_MATCH_WINS)
        layout.add("pile_share", 1)
        layout.add("top_card", _CODES)
        layout.add("owed", 1, high=5)
        layout.add("my_next_card", _CODES)  # only with the face_up option

    def _fill(self, view: Mapping[str, Any], seat: int, w: Writer) -> None:
        deck = float(self.deck_size)
        for k, size in enumerate(self.by_relative_seat(view["stack_sizes"], seat)):
            w.set("stack_share", size / deck, k)
        for k, alive in enumerate(self.by_relative_seat(view["active"], seat)):
            w.set("active", float(alive), k)
        for k, wins in enumerate(self.by_relative_seat(view["wins"], seat)):
            w.set("wins", float(wins), k)
        if not view["over"]:
            w.one_hot("to_move", self.relative(view["to_move"], seat))
        w.one_hot("claimant", self.relative(view["claimant"], seat))
        pile = view["pile"]
        w.set("pile_share", len(pile) / deck)
        if pile:
            w.one_hot("top_card", CODE.get(pile[-1][0], 0))
        w.set("owed", float(view["owed"]))
        mine = view.get("my_stack")
        if mine:
            w.one_hot("my_next_card", CODE.get(mine[0][0], 0))


ENCODER = BeggarEncoder  # the class the game's `encoder` capability returns
