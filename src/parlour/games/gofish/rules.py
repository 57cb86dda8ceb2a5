"""Go Fish: the rules object and the state machine (RULES.md §5).

The defaults and the meaning of every option are those of OpenSpiel's `go_fish`, so that both
engines play the same game move for move (tests/games/gofish/test_openspiel.py checks it).
The ask-and-draw machinery is the one of the 7 familles and Panoplies, with a whole rank asked
for (`askdraw.groups`); this module adds OpenSpiel's deal, its turn order and its two ends.

A card is `rank * suits + suit`; a book is the `suits` cards of one rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Outcome, Seat
from parlour.core.options import check_choices, option
from parlour.core.shuffling import shuffle
from parlour.games.askdraw.engine import PILE, Grouping
from parlour.games.askdraw.groups import GroupAsk, GroupAskState, group_ask_from_json

MAX_RANKS = 64  # ranks a deck may have (the standard deck has 13)
MAX_SUITS = 16  # cards a rank may have (the standard deck has 4)


@dataclass(frozen=True)
class GoFishRules:
    ranks: int = option(
        13, f"ranks in the deck (1 to {MAX_RANKS}); a book is every card of one rank"
    )
    suits: int = option(4, f"cards of each rank (the size of a book), 2 to {MAX_SUITS}")
    initial_cards: int = option(
        -1, "cards dealt to each player; -1: 7 at two players, 5 at more (OpenSpiel's default)"
    )
    ask_after_empty_draw: bool = option(
        True, "a player who draws because his hand is empty may then ask (else his turn ends)"
    )
    end_on_first_out: bool = option(
        False, "the game ends as soon as a player lays down his last cards"
    )
    most_books_wins: bool = option(
        True,
        "most books wins, ties shared; false: the first player out wins (needs end_on_first_out)",
    )
    max_turns: int | None = option(None, "cap on the number of asks; reaching it is a draw")

    def __post_init__(self) -> None:
        check_choices(self)
        # Bounded above so that a deck, and a web table's game, stays a card game's size.
        if not 1 <= self.ranks <= MAX_RANKS:
            raise RulesError(f"ranks must be 1 to {MAX_RANKS}, not {self.ranks}")
        if not 2 <= self.suits <= MAX_SUITS:
            raise RulesError(
                f"suits must be 2 to {MAX_SUITS}, not {self.suits}: a book of one card is no book"
                if self.suits < 2
                else f"suits must be 2 to {MAX_SUITS}, not {self.suits}"
            )
        if self.initial_cards != -1 and self.initial_cards < 1:
            raise RulesError("initial_cards must be at least 1, or -1 for OpenSpiel's default")
        if not self.most_books_wins and not self.end_on_first_out:
            # OpenSpiel would then give every player -1/(n-1): a game nobody can win.
            raise RulesError(
                "most_books_wins=false means the first player out wins: set end_on_first_out=true"
            )
        if self.max_turns is not None and self.max_turns < 1:
            raise RulesError("max_turns must be at least 1")

    @property
    def num_cards(self) -> int:
        return self.ranks * self.suits

    @property
    def grouping(self) -> Grouping:
        return rank_grouping(self.ranks, self.suits)

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player: the option, or OpenSpiel's default for the table."""
        if self.initial_cards != -1:
            return self.initial_cards
        return 7 if players == 2 else 5

    def check_players(self, n: int) -> None:
        size = self.hand_size(n)
        if n * size > self.num_cards:
            raise RulesError(
                f"{n} hands of {size} need more than the {self.num_cards} cards of "
                f"{self.ranks} ranks of {self.suits}"
            )


_GROUPINGS: dict[tuple[int, int], Grouping] = {}


def rank_grouping(ranks: int, suits: int) -> Grouping:
    """Cards `rank * suits + suit`, grouped by rank (built once per deck shape)."""
    key = (ranks, suits)
    if key not in _GROUPINGS:
        _GROUPINGS[key] = Grouping.grid(ranks, suits, by="row")
    return _GROUPINGS[key]


@dataclass(frozen=True)
class RankAsk(GroupAsk):
    """Ask seat `target` for every card of `rank`. Id: `target * ranks + rank` (OpenSpiel's)."""

    json_key = "rank"

    @property
    def rank(self) -> int:
        return self.group


def openspiel_deal(
    deck: Sequence[int], players: int, hand_size: int, suits: int, first_out_ends: bool
) -> tuple[list[list[int]], list[int]]:
    """The hands OpenSpiel deals from `deck` (top first), and the rest of the deck.

    Cards go one at a time to the first seat until it holds `hand_size`, then to the next. A
    book made during the deal is laid at once and the seat is dealt up to `hand_size` again,
    except the last seat, whose deal ends with the card that brings it to `hand_size`; a book
    that empties a hand ends the game there with `end_on_first_out`. A hand lists every card
    it received, books included (they are laid when the deal is announced).
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    index = 0
    for seat in range(players):
        counts: dict[int, int] = {}
        held = 0
        while held < hand_size and index < len(deck):
            card = deck[index]
            index += 1
            hands[seat].append(card)
            rank = card // suits
            counts[rank] = counts.get(rank, 0) + 1
            held += 1
            if counts[rank] < suits:
                continue
            counts[rank] = 0
            if seat == players - 1 and held == hand_size:
                break  # OpenSpiel ends the deal on the card, before the book is counted
            held -= suits
            if held == 0 and first_out_ends:
                return hands, list(deck[index:])
    return hands, list(deck[index:])


# One dict per rank, shared by every event that names it (events never change their data).
_RANK_FIELDS = tuple({"rank": rank} for rank in range(MAX_RANKS))


class GoFishState(GroupAskState):
    """A game of Go Fish, played as OpenSpiel's `go_fish` plays it."""

    ask_class = RankAsk
    ask_rule = "rank_not_held"
    group_word = "rank"
    laid_word = "rank"

    def __init__(self, rules: GoFishRules, seats: list[Seat], seed: int | None, deal: Any) -> None:
        super().__init__(rules, seats, seed, deal, rules.grouping)
        self.first_out: int | None = None
        first = 0  # OpenSpiel's first player
        if deal is not None and "hands" in deal:
            first = deal.get("first", first)
            self._start_deal([list(h) for h in deal["hands"]], list(deal["pile"]), first)
            return
        if deal is not None:
            deck = list(deal["deck"])
        else:
            deck = list(range(rules.num_cards))
            shuffle(self._rng, deck)
        n = self.num_players
        hands, rest = openspiel_deal(
            deck, n, rules.hand_size(n), rules.suits, rules.end_on_first_out
        )
        self._start_deal(hands, rest, first)

    # ----- hooks ------------------------------------------------------------------------------
    def _after_miss_seat(self, asker: int, asked: int) -> int:
        return (asker + 1) % self.num_players  # OpenSpiel: always the asker's left

    def _asks_after_empty_draw(self) -> bool:
        return bool(self.rules.ask_after_empty_draw)

    def _on_lay(self, seat: int, group: int) -> None:
        if self.rules.end_on_first_out and not self.hands[seat] and not self.is_over:
            self.first_out = seat
            self._end()

    def _check_end(self) -> None:
        if not self.is_over and PILE not in self.laid:
            self._end()

    def _end(self) -> None:
        books = self.books()
        n = self.num_players
        detail: dict[str, Any] = {"books": books}
        if self.first_out is not None:
            detail["first_out"] = self.first_out
        if self.rules.most_books_wins:
            outcome = Outcome.from_scores("finished", books, detail)
        else:
            out = self.first_out
            assert out is not None  # the rules refuse most_books_wins=false without it
            # Going out is what counts: 1 for the first player out, 0 for the others (books
            # stay in the detail), so that no higher score ever ranks lower.
            returns = tuple(1.0 if s == out else -1.0 / (n - 1) for s in range(n))
            scores = tuple(1.0 if s == out else 0.0 for s in range(n))
            ranks = tuple(1 if s == out else 2 for s in range(n))
            outcome = Outcome("finished", scores, ranks, returns, (out,), detail)
        end = {"books": books, "winners": list(outcome.winners), "first_out": self.first_out}
        self.emit(Event("end", end))
        self.finish(outcome)

    def _group_fields(self, group: int) -> dict[str, Any]:
        return _RANK_FIELDS[group] if group < len(_RANK_FIELDS) else {"rank": group}

    def _card_fields(self, card: int) -> dict[str, Any]:
        rank, suit = divmod(card, self.rules.suits)
        return {"rank": rank, "suit": suit}

    def _deal_data(self) -> dict[str, Any]:
        return {"ranks": self.rules.ranks, "suits": self.rules.suits}

    def _copy_extra(self, twin: Any) -> None:
        twin.first_out = self.first_out

    def action_from_json(self, obj: Any) -> Any:
        return group_ask_from_json(obj, self.rules.ranks, RankAsk)

    # ----- reading the table ------------------------------------------------------------------
    def books(self) -> list[int]:
        return [sum(1 for owner in self.laid if owner == seat) for seat in range(self.num_players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = self._common_view(seat)
        view["game"] = "gofish"
        view["ranks"] = self.rules.ranks
        view["suits"] = self.rules.suits
        view["books"] = self.books()
        return view
