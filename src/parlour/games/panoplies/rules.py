"""Panoplies: the rules object and the state machine (RULES.md §4).

The ask-and-draw machinery is the 7 familles' one (`AskDrawState`), grouped by character
instead of by family; this module adds the mannequins, the wardrobe, the jokers, the three
consequences of laying an outfit, the end with or without a loser, and matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Outcome, Seat
from parlour.core.options import check_choices, option
from parlour.games.askdraw.engine import AskDrawState, ask_from_json, youngest_seat
from parlour.games.panoplies.deck import Wardrobe, wardrobe

MAX_GAMES = 1000  # games in a match


@dataclass(frozen=True)
class PanopliesRules:
    hats: bool = option(False, "add the hats family and two characters (aunt, uncle)")
    scarves: bool = option(
        False, "add the scarves family and two characters (female cousin, male cousin)"
    )
    belts: bool = option(
        False, "add the belts family and two characters (daughter-in-law, son-in-law)"
    )
    hand_size: int | None = option(
        None, "cards dealt to each player (default: 8 minus the players up to 6, then 2)"
    )
    next_after_miss: str = option(
        "asked",
        "who plays after a failed ask: the player who said « Pioche ! » (asked) or the asker's "
        "left-hand neighbour (left)",
        ("asked", "left"),
    )
    outfit_replays: bool = option(
        False, "an outfit completed by a plain draw lets the player go on"
    )
    games: int = option(1, "games in the match; the last loser starts the next one")
    max_turns: int | None = option(None, "cap on the number of asks; reaching it is a draw")

    def __post_init__(self) -> None:
        check_choices(self)
        if self.games < 1:
            raise RulesError("games must be at least 1")
        if self.games > MAX_GAMES:
            # A match is played to its end: a web table of bots would play 10^15 games on.
            raise RulesError(f"games must be at most {MAX_GAMES}, not {self.games}")
        if self.hand_size is not None and self.hand_size < 1:
            raise RulesError("hand_size must be at least 1")
        if self.max_turns is not None and self.max_turns < 1:
            raise RulesError("max_turns must be at least 1")

    @property
    def optional_families(self) -> int:
        return int(self.hats) + int(self.scarves) + int(self.belts)

    @property
    def wardrobe(self) -> Wardrobe:
        return wardrobe(self.hats, self.scarves, self.belts)

    def deal_size(self, players: int) -> int:
        if self.hand_size is not None:
            return self.hand_size
        return 8 - players if players <= 6 else 2

    def check_players(self, n: int) -> None:
        if n > 6 and self.optional_families < n - 6:
            families = "family" if n - 6 == 1 else "families"
            raise RulesError(
                f"{n} players need at least {n - 6} optional {families} (hats, scarves, "
                f"belts); this game has {self.optional_families}"
            )
        cards = self.wardrobe.num_cards
        if n * self.deal_size(n) > cards:
            raise RulesError(f"{n} hands of {self.deal_size(n)} need more than {cards} cards")


def seat_characters(seats: list[Seat], ward: Wardrobe) -> list[int]:
    """Each seat's character: `data["character"]` when chosen, else the first one left."""
    chosen: list[int | None] = []
    for seat in seats:
        name = seat.data.get("character") if seat.data else None
        if name is None:
            chosen.append(None)
            continue
        if name not in ward.characters:
            raise RulesError(
                f"{seat.name}: unknown character {name!r}; characters are "
                f"{', '.join(ward.characters)}"
            )
        chosen.append(ward.characters.index(name))
    taken = [c for c in chosen if c is not None]
    if len(set(taken)) != len(taken):
        raise RulesError("each player plays a different character")
    free = iter(c for c in range(len(ward.characters)) if c not in taken)
    return [c if c is not None else next(free) for c in chosen]


class PanopliesState(AskDrawState):
    """A Panoplies match (one game by default)."""

    ask_rule = "character_not_held"
    group_word = "character"
    laid_word = "character's outfit"

    def __init__(
        self, rules: PanopliesRules, seats: list[Seat], seed: int | None, deal: Any
    ) -> None:
        self.ward = rules.wardrobe
        super().__init__(rules, seats, seed, deal, self.ward.grouping)
        if self.seed is None:  # an explicit deal: joker draws and later games still need one
            self._rng.seed(0)
        n = len(seats)
        self.characters = seat_characters(self.seats, self.ward)
        self.player_of: dict[int, int] = {c: s for s, c in enumerate(self.characters)}
        self.losses = [0] * n
        self.results: list[dict[str, Any]] = []
        self.last_loser: int | None = None  # who lost a game of the match last: he starts
        self.game_no = 0
        self._reset_table()
        self.emit(
            Event(
                "characters",
                {"characters": [self.ward.characters[c] for c in self.characters]},
            )
        )
        first = youngest_seat(self.seats)
        if deal is not None:
            self.game_no = 1
            first = deal.get("first", first)
            self._start_deal([list(h) for h in deal["hands"]], list(deal["pile"]), first)
        else:
            self._next_game(first)

    def _reset_table(self) -> None:
        n, garments = self.num_players, len(self.ward.garments)
        self.wearing = [[True] * garments for _ in range(n)]
        self.safe = [False] * n
        self.jokers: list[list[int]] = [[] for _ in range(n)]
        self.outfits: list[dict[str, Any]] = []

    def _next_game(self, first: int) -> None:
        self.game_no += 1
        self._reset_table()
        self._random_deal(self.rules.deal_size(self.num_players), first)

    # ----- hooks of the ask-and-draw machinery -------------------------------------------------
    def _replays_after_draw(self) -> bool:
        return bool(self.rules.outfit_replays)

    def _card_fields(self, card: int) -> dict[str, Any]:
        return self.ward.card_fields(card)

    def _group_fields(self, group: int) -> dict[str, Any]:
        return {"character": self.ward.characters[group]}

    def _deal_data(self) -> dict[str, Any]:
        return {
            "game": self.game_no,
            "garments": list(self.ward.garments),
            "characters": list(self.ward.characters),
        }

    def _on_won(self, card: int, winner: int, giver: int | None) -> None:
        w = self.ward
        character, garment = w.character_of(card), w.garment_of(card)
        player = self.player_of.get(character)
        if player is None:
            return  # nobody's garment: no mannequin to dress or undress
        fields = {"seat": player, **self._card_fields(card)}
        if winner == player:
            if not self.wearing[player][garment]:
                self.wearing[player][garment] = True
                self.emit(Event("garment_back", fields))
            return
        if giver is not None and giver != player:
            return  # taken from someone else: the mannequin keeps it
        if not self.wearing[player][garment]:
            return
        if self.jokers[player]:
            # k jokers: k cards drawn at random, without replacement, among all the cards of
            # the holder's k joker outfits; one of the asked garment's family saves it.
            pool = [card for group in self.jokers[player] for card in w.outfit(group)]
            drawn = self._rng.sample(pool, len(self.jokers[player]))
            saved = any(w.garment_of(card) == garment for card in drawn)
            self.emit(
                Event(
                    "joker_draw",
                    {
                        **fields,
                        "by": winner,
                        "drawn": [w.garments[w.garment_of(card)] for card in drawn],
                        "drawn_from": [w.characters[w.character_of(card)] for card in drawn],
                        "saved": saved,
                    },
                )
            )
            if saved:
                return
        self.wearing[player][garment] = False
        self.emit(Event("garment_lost", {**fields, "by": winner}))

    def _on_lay(self, seat: int, group: int) -> None:
        owner = self.player_of.get(group)
        kind = "own" if owner == seat else ("nobody" if owner is None else "other")
        info = {"seat": seat, "character": self.ward.characters[group], "kind": kind}
        if owner is not None:
            info["owner"] = owner
        self.outfits.append(info)
        self.emit(Event("outfit", info))
        if kind == "own":
            self.safe[seat] = True
        elif kind == "nobody":
            if self.num_players < 6:
                self.jokers[seat].append(group)
                self.emit(Event("joker", {"seat": seat, "character": info["character"]}))
        else:
            assert owner is not None
            self.wearing[owner] = [False] * len(self.ward.garments)
            self._end_game(owner, seat)

    def _check_end(self) -> None:
        if not self.is_over and all(self.safe):
            self._end_game(None, None)

    def _stalled(self) -> None:
        self._end_game(None, None)

    # ----- the end of a game and of the match --------------------------------------------------
    def _end_game(self, loser: int | None, layer: int | None) -> None:
        if loser is not None:
            self.losses[loser] += 1
            self.last_loser = loser
        result = {"game": self.game_no, "loser": loser, "layer": layer}
        self.results.append(result)
        self.emit(Event("game_end", {**result, "losses": list(self.losses)}))
        if self.game_no < self.rules.games:
            # The last loser starts (RULES.md), the loser of an earlier game when this one had
            # none; while nobody has lost yet, the next player after the last starter.
            last = self.last_loser
            first = last if last is not None else (self.first + 1) % self.num_players
            self._next_game(first)
            return
        n = self.num_players
        if self.rules.games == 1:
            scores = [0.0] * n
            if loser is not None and layer is not None:
                scores[loser], scores[layer] = -1.0, 1.0
            ranks = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
            winners = (layer,) if layer is not None else ()
            detail = {"loser": loser, "layer": layer}
            outcome = Outcome("finished", tuple(scores), ranks, tuple(scores), winners, detail)
        else:
            outcome = Outcome.from_scores(
                "finished",
                [float(-x) for x in self.losses],  # 0.0, never -0.0, for no loss
                {"losses": list(self.losses), "games": list(self.results), "loser": None},
            )
        self.emit(Event("end", {"losses": list(self.losses), "results": list(self.results)}))
        self.finish(outcome)

    def action_from_json(self, obj: Any) -> Any:
        return ask_from_json(obj, self.ward.num_cards)

    # ----- views -----------------------------------------------------------------------------
    def _copy_extra(self, twin: Any) -> None:
        twin.ward = self.ward
        twin.characters = self.characters
        twin.player_of = self.player_of
        twin.losses = list(self.losses)
        twin.results = list(self.results)
        twin.last_loser = self.last_loser
        twin.game_no = self.game_no
        twin.wearing = [list(w) for w in self.wearing]
        twin.safe = list(self.safe)
        twin.jokers = [list(j) for j in self.jokers]
        twin.outfits = list(self.outfits)

    def _view(self, seat: int | None) -> dict[str, Any]:
        w = self.ward
        view = self._common_view(seat)
        view["game"] = "panoplies"
        view["garments"] = list(w.garments)
        view["characters"] = list(w.characters)
        view["mannequins"] = [
            {
                "seat": s,
                "character": w.characters[self.characters[s]],
                "wearing": [g for i, g in enumerate(w.garments) if self.wearing[s][i]],
                "lost": [g for i, g in enumerate(w.garments) if not self.wearing[s][i]],
                "can_lose": not self.safe[s],
                "jokers": [w.characters[c] for c in self.jokers[s]],
            }
            for s in range(self.num_players)
        ]
        view["wardrobe"] = [
            {"character": w.characters[self.characters[s]], "garment": g}
            for s in range(self.num_players)
            for i, g in enumerate(w.garments)
            if not self.wearing[s][i]
        ]
        view["outfits"] = [dict(o) for o in self.outfits]
        view["match"] = {
            "game": self.game_no,
            "games": self.rules.games,
            "losses": list(self.losses),
            "results": [dict(r) for r in self.results],  # copies: the view is the reader's
        }
        return view
