"""Jeu des 7 familles: the rules object and the state machine (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Outcome, Seat
from parlour.core.options import check_choices, option
from parlour.games.askdraw.engine import PILE, AskDrawState, Grouping, youngest_seat
from parlour.games.familles.decks import ROLES, Deck, get_deck


@dataclass(frozen=True)
class FamillesRules:
    hand_size: int = option(
        6, "cards dealt to each player: 6 or 7 (7 or 8 also at two players)", (6, 7, 8)
    )
    next_after_miss: str = option(
        "asked",
        "who plays after a failed ask: the player who said « Pioche ! » (asked) or the asker's "
        "left-hand neighbour (left)",
        ("asked", "left"),
    )
    family_replays: bool = option(
        False, "a family completed by a plain draw lets the player go on instead of ending his turn"
    )
    ask_any_family: bool = option(
        False, "for the youngest players: a card of any family may be asked for"
    )
    deck: str = option("fr", "the deck: fr, en, or the path of a TOML deck file")
    max_turns: int | None = option(None, "cap on the number of asks; reaching it is a draw")

    def __post_init__(self) -> None:
        check_choices(self)
        if self.max_turns is not None and self.max_turns < 1:
            raise RulesError("max_turns must be at least 1")
        get_deck(self.deck)  # a bad deck is refused with the rules, not in the middle of a game

    def check_players(self, n: int) -> None:
        if self.hand_size == 8 and n != 2:
            raise RulesError("hand_size 8 is only for two players; choose 6 or 7")
        if n * self.hand_size > 42:
            raise RulesError(f"{n} hands of {self.hand_size} need more than 42 cards")


FAMILY_GROUPING = Grouping.grid(7, len(ROLES), by="row")


class FamillesState(AskDrawState):
    """A game of the Jeu des 7 familles."""

    ask_rule = "family_not_held"
    group_word = "family"

    def __init__(
        self, rules: FamillesRules, seats: list[Seat], seed: int | None, deal: Any
    ) -> None:
        super().__init__(rules, seats, seed, deal, FAMILY_GROUPING)
        self.deck_data: Deck = get_deck(rules.deck)
        self._deck_field = {"deck": rules.deck}
        if deal is not None:
            first = deal.get("first", youngest_seat(seats))
            self._start_deal([list(h) for h in deal["hands"]], list(deal["pile"]), first)
        else:
            self._random_deal(rules.hand_size, youngest_seat(seats))

    # ----- hooks ------------------------------------------------------------------------------
    def _ask_any(self) -> bool:
        return bool(self.rules.ask_any_family)

    def _replays_after_draw(self) -> bool:
        return bool(self.rules.family_replays)

    def _check_end(self) -> None:
        if self.is_over or PILE in self.laid:
            return
        families = self.families_count()
        self.emit_end(families)

    def emit_end(self, families: list[int]) -> None:
        outcome = Outcome.from_scores("finished", families, {"families": families})
        self.emit(Event("end", {"families": families, "winners": list(outcome.winners)}))
        self.finish(outcome)

    def _card_fields(self, card: int) -> dict[str, Any]:
        return self._deck_field  # merged into events (`**`), so one dict serves them all

    def _group_fields(self, group: int) -> dict[str, Any]:
        return self._deck_field

    def _deal_data(self) -> dict[str, Any]:
        return self._deck_field

    def _copy_extra(self, twin: Any) -> None:
        twin.deck_data = self.deck_data
        twin._deck_field = self._deck_field

    # ----- reading the table ------------------------------------------------------------------
    def families_count(self) -> list[int]:
        return [sum(1 for owner in self.laid if owner == seat) for seat in range(self.num_players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = self._common_view(seat)
        view["game"] = "familles"
        view["families"] = self.families_count()
        view["deck"] = self.deck_data.to_json()
        return view
