"""Panoplies observation: the ask-and-draw encoding by character, plus the mannequins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.games.askdraw.encoder import AskDrawEncoder
from parlour.games.askdraw.engine import Grouping
from parlour.rl.encoding import Layout, Writer


class PanopliesEncoder(AskDrawEncoder):
    """Adds, per seat: its character, the garments its mannequin still wears, whether it can
    still lose, its joker outfits; and the match's losses."""

    game_name = "panoplies"

    def _grouping(self, rules: Any) -> Grouping:
        self.wardrobe = rules.wardrobe
        return rules.wardrobe.grouping  # type: ignore[no-any-return]

    def _declare_extra(self, layout: Layout) -> None:
        n = self.num_players
        characters = len(self.wardrobe.characters)
        garments = len(self.wardrobe.garments)
        layout.add("character", n * characters)
        layout.add("wearing", n * garments)
        layout.add("can_lose", n)
        layout.add("joker_outfits", n * characters)
        layout.add("losses", n, high=self.rules.games)
        layout.add("match_progress", 1)  # games played over games in the match

    def _fill_extra(self, view: Mapping[str, Any], seat: int, w: Writer) -> None:
        characters = {name: i for i, name in enumerate(self.wardrobe.characters)}
        garments = {name: i for i, name in enumerate(self.wardrobe.garments)}
        c, g = len(characters), len(garments)
        for mannequin in view["mannequins"]:
            k = self.relative(mannequin["seat"], seat)
            assert k is not None
            w.set("character", 1.0, k * c + characters[mannequin["character"]])
            for garment in mannequin["wearing"]:
                w.set("wearing", 1.0, k * g + garments[garment])
            w.set("can_lose", float(mannequin["can_lose"]), k)
            for joker in mannequin["jokers"]:
                w.set("joker_outfits", 1.0, k * c + characters[joker])
        match = view["match"]
        for k, losses in enumerate(self.by_relative_seat(match["losses"], seat)):
            w.set("losses", float(losses), k)
        w.set("match_progress", (match["game"] - 1) / max(1, match["games"]))


ENCODER = PanopliesEncoder  # the class the game's `encoder` capability returns
