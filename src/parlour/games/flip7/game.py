"""Flip 7's entry point for the other layers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import parlour.games.flip7.texts  # noqa: F401  (registers the texts)
from parlour.core.action_json import check_move_keys
from parlour.core.capabilities import FacesInPackage
from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Game, Seat
from parlour.games.flip7.cards import parse_card
from parlour.games.flip7.rules import (
    HIT,
    STAY,
    Flip7Rules,
    Flip7State,
    Target,
    normalise_deal,
)
from parlour.i18n import t
from parlour.i18n.common import join_names

if TYPE_CHECKING:
    from parlour.core.review import Moment, Review


def card_text(name: str, lang: str) -> str:
    """A card as a phrase: « a 7 », « un Stop »."""
    if name in ("freeze", "flip_three", "second_chance", "x2"):
        return t(f"flip7.card.{name}", lang)
    key = "flip7.card.plus" if name.startswith("+") else "flip7.card.number"
    if lang == "en" and name in ("8", "11"):
        key = "flip7.card.number_an"  # an eight, an eleven
    return t(key, lang, card=name)


class Flip7(FacesInPackage, Game):
    """Its faces are in this package: terminal.py, web.js and web.css, encoder.py."""

    name = "flip7"
    title = {"en": "Flip 7", "fr": "Flip 7"}
    rules_class = Flip7Rules
    min_players = 2
    max_players = 18

    def new_state(
        self,
        seats: Sequence[Seat] | int,
        seed: int | None = None,
        deal: Any = None,
        rules: Any = None,
    ) -> Flip7State:
        rules = rules or Flip7Rules()
        seat_list = self.seats_from(seats)
        self.check_players(len(seat_list), rules)
        if deal is not None:
            deal = normalise_deal(deal, len(seat_list))
        return Flip7State(rules, seat_list, seed, deal)

    def moves_are_public(self) -> bool:
        return True  # every card is dealt face up: hit or stay, and the targets, are public

    def bulk_play(
        self, rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
    ) -> list[tuple[tuple[int, ...], tuple[float, ...], int, str]] | None:
        """Whole games by the compiled kernel when every bot is a `threshold:T`, `counter` or
        `solver` bot (see bulk.py): per seed the outcome the reference engine gives, None when
        the kernel cannot play them."""
        from parlour.games.flip7.bulk import bulk_play

        return bulk_play(rules or Flip7Rules(), seeds, tables)

    def research_max_turns(self, rules: Any = None) -> int:
        # About 100 moves a game to 200 at four players: 2,000 for each 200 points of target.
        target = (rules or Flip7Rules()).target
        return 2_000 * max(1, -(-target // 200))

    def step_kernel(self, rules: Any, num_players: int) -> Any:
        """N games stepped together on the compiled rules (step.py), every variant included."""
        from parlour.games.flip7.step import Flip7StepKernel

        rules = rules or Flip7Rules()
        self.check_players(num_players, rules)
        return Flip7StepKernel(rules, num_players)

    def action_from_json(self, obj: Mapping[str, Any]) -> Any:
        kind = obj.get("type")
        if kind not in ("hit", "stay", "target"):
            raise ValueError(f"unknown Flip 7 action {dict(obj)!r}")
        check_move_keys(obj, ("type", "seat") if kind == "target" else ("type",))
        if kind == "hit":
            return HIT
        if kind == "stay":
            return STAY
        seat = obj.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool):
            return Target(seat)  # `true` is no seat, though Python counts it as 1
        raise ValueError(f"unknown Flip 7 action {dict(obj)!r}")

    def num_actions(self, rules: Any, num_players: int) -> int:
        return 2 + num_players

    def action_from_id(self, action_id: int, rules: Any, num_players: int) -> Any:
        if action_id == 0:
            return HIT
        if action_id == 1:
            return STAY
        if 2 <= action_id < 2 + num_players:
            return Target(action_id - 2)
        raise ValueError(f"Flip 7 with {num_players} players has no action {action_id}")

    def narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        d = event.data
        name = names[d["seat"]] if isinstance(d.get("seat"), int) else ""
        kind = event.type
        if kind == "round_start":
            return t(
                "flip7.round_start",
                lang,
                round=d["round"],
                dealer=names[d["dealer"]],
                deck=d["deck"],
            )
        if kind == "draw":
            index = d.get("index", 0)
            return t(
                f"flip7.draw.{d['during']}",
                lang,
                name=name,
                card=card_text(d["card"], lang),
                index=index,
            )
        if kind in ("bust", "second_chance_used"):
            return t(f"flip7.{kind}", lang, name=name, card=d["card"])
        if kind in ("stay", "freeze"):
            return t(f"flip7.{kind}", lang, name=name, points=d["points"])
        if kind in ("second_chance_kept", "flip_three", "flip7"):
            return t(f"flip7.{kind}", lang, name=name)
        if kind == "second_chance_given":
            return t(f"flip7.{kind}", lang, name=name, target=names[d["target"]])
        if kind == "target":
            card = card_text(d["card"], lang)
            if d["target"] == d["seat"]:
                return t("flip7.target_self", lang, name=name, card=card)
            return t("flip7.target", lang, name=name, card=card, target=names[d["target"]])
        if kind == "set_aside":
            return t("flip7.set_aside", lang, name=name, card=card_text(d["card"], lang))
        if kind == "action_discarded":
            text = card_text(d["card"], lang)
            return t("flip7.action_discarded", lang, card=text[:1].upper() + text[1:])
        if kind == "reshuffle":
            return t("flip7.reshuffle", lang, cards=d["cards"])
        if kind == "deck_exhausted":
            return t("flip7.deck_exhausted", lang)
        if kind == "round_end":
            shown = ", ".join(
                f"{names[s]} {p} ({total})"
                for s, (p, total) in enumerate(zip(d["points"], d["totals"], strict=True))
            )
            return t("flip7.round_end", lang, round=d["round"], points=shown)
        if kind == "tie":
            leaders = [names[s] for s in d["seats"]]
            return t("flip7.tie", lang, names=join_names(leaders, lang), total=d["total"])
        if kind == "game_over":
            return t("flip7.game_over", lang, name=names[d["winner"]], total=max(d["totals"]))
        if kind == "capped":
            return t("capped", lang, turns=d["turns"])
        return None

    def rules_text(self, lang: str) -> str:
        return t("flip7.rules", lang)

    def credits(self, lang: str) -> str:
        return t("flip7.credits", lang)

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        from parlour.games.flip7.bots import BOTS

        return BOTS

    def hint(self, view: Mapping[str, Any], rules: Any = None) -> dict[str, float] | None:
        """Bust risk and expected gain of a hit for the seat to move (public information).

        `rules` gives the table's Flip 7 bonus (the view does not carry the rules).
        """
        from parlour.games.flip7.public import hit_hint

        return hit_hint(view, bonus=getattr(rules, "flip7_bonus", 15))

    def review(
        self, rules: Any, moments: Iterable[Moment], seat: int, names: Sequence[str]
    ) -> Review:
        """Each hit or stay graded by the exact single-round solver (expected round points)."""
        from parlour.games.flip7.review import review

        return review(rules, moments, seat, names)


def parse_hand(text: str) -> list[int]:
    """`12,11` -> the cards [12, 11] (numbers and modifiers), for the solver's command."""
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    if not parts:
        raise RulesError("a hand is a list of cards such as 12,11 or 7,x2,+4")
    return [parse_card(p) for p in parts]


GAME = Flip7()
Flip7State.game = GAME
__all__ = ["GAME", "Flip7", "card_text", "parse_hand"]
