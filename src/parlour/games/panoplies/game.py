"""Panoplies' entry point for the other layers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import parlour.games.panoplies.texts  # noqa: F401  (registers the texts)
from parlour.core.capabilities import FacesInPackage
from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Game, Seat
from parlour.games.askdraw.engine import (
    Ask,
    Grouping,
    ask_from_id,
    ask_from_json,
    normalise_deal,
)
from parlour.games.askdraw.narration import narrate_ask_draw
from parlour.games.askdraw.seating import dealt_seats
from parlour.games.panoplies.deck import Wardrobe, wardrobe
from parlour.games.panoplies.rules import PanopliesRules, PanopliesState
from parlour.i18n import t

if TYPE_CHECKING:
    from parlour.core.review import Moment, Review

STANDARD_CARDS = 42


def garment_name(garment: str, lang: str) -> str:
    return t(f"panoplies.garment.{garment}", lang)


def character_name(character: str, lang: str) -> str:
    return t(f"panoplies.character.{character}", lang)


def card_name(garment: str, character: str, lang: str) -> str:
    """« les chaussures de la mère », « le manteau du grand-père », "the mother's shoes"."""
    g, c = garment_name(garment, lang), character_name(character, lang)
    if lang == "fr":
        text = f"{g} de {c}"
        return text.replace(" de le ", " du ")
    return f"{c}'s {g.removeprefix('the ')}"


def parse_card(ward: Wardrobe, token: Any) -> int:
    """A card as an integer or `garment/character` such as `shoes/mother`."""
    if isinstance(token, int) and not isinstance(token, bool):
        if not 0 <= token < ward.num_cards:
            raise RulesError(f"cards are 0 to {ward.num_cards - 1}, not {token}")
        return token
    if isinstance(token, str) and "/" in token:
        garment, _, character = token.partition("/")
        if garment not in ward.garments or character not in ward.characters:
            raise RulesError(
                f"unknown card {token!r}: garments are {', '.join(ward.garments)}; "
                f"characters are {', '.join(ward.characters)}"
            )
        return ward.card(garment, character)
    raise RulesError(f"a card is a number or garment/character such as shoes/mother: {token!r}")


class Panoplies(FacesInPackage, Game):
    """Its faces are in this package: terminal.py, web.js and web.css, encoder.py."""

    name = "panoplies"
    title = {"en": "Panoplies", "fr": "Panoplies"}
    rules_class = PanopliesRules
    min_players = 2
    max_players = 9

    def new_state(
        self,
        seats: Sequence[Seat] | int,
        seed: int | None = None,
        deal: Any = None,
        rules: Any = None,
    ) -> PanopliesState:
        rules = rules or PanopliesRules()
        seat_list = dealt_seats(self, seats, deal, rules)
        if deal is not None:
            ward = rules.wardrobe
            deal = normalise_deal(
                deal, len(seat_list), ward.num_cards, lambda c: parse_card(ward, c)
            )
        return PanopliesState(rules, seat_list, seed, deal)

    def uses_ages(self) -> bool:
        return True  # the youngest starts the first game

    def seat_choices(self, lang: str, rules: Any = None) -> Mapping[str, list[tuple[str, str]]]:
        ward = (rules or PanopliesRules()).wardrobe
        names = [(character_name(c, lang), c) for c in ward.characters]
        return {"character": [(label[:1].upper() + label[1:], c) for label, c in names]}

    def research_max_turns(self, rules: Any = None) -> int:
        return 2_000 * (rules or PanopliesRules()).games  # the asks of each game of the match

    def step_kernel(self, rules: Any, num_players: int) -> Any:
        """N games stepped together on the compiled kernel (`askdraw.step`): the vector env's
        and the search playouts' engine."""
        from parlour.games.panoplies.kernel import step_kernel

        return step_kernel(self, rules or PanopliesRules(), num_players)

    def bulk_play(
        self, rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
    ) -> list[tuple[tuple[int, ...], tuple[float, ...], int, str]] | None:
        """Whole games (or matches) by the compiled kernel when every bot is `random`, `memory`
        or `first` (see bulk.py): per seed the outcome the reference engine gives, None when
        the kernel cannot play them."""
        from parlour.games.panoplies.bulk import bulk_play

        return bulk_play(rules or PanopliesRules(), seeds, tables)

    def grouping(self, rules: Any) -> Grouping:
        """How cards group for asking and laying: by character."""
        return (rules or PanopliesRules()).wardrobe.grouping  # type: ignore[no-any-return]

    def review(
        self, rules: Any, moments: Iterable[Moment], seat: int, names: Sequence[str]
    ) -> Review:
        """The asks where the table's public knowledge pointed to a surer card."""
        from parlour.games.askdraw.card_bots import hit_chances
        from parlour.games.askdraw.review import review_asks

        ward = (rules or PanopliesRules()).wardrobe
        return review_asks(self, rules, moments, seat, names, hit_chances, ward.card_fields)

    def action_from_json(self, obj: Mapping[str, Any]) -> Ask:
        return ask_from_json(obj, int(obj.get("num_cards", STANDARD_CARDS)), ("num_cards",))

    def num_actions(self, rules: Any, num_players: int) -> int:
        return int((rules or PanopliesRules()).wardrobe.num_cards) * num_players

    def action_from_id(self, action_id: int, rules: Any, num_players: int) -> Ask:
        num = (rules or PanopliesRules()).wardrobe.num_cards
        return ask_from_id(action_id, num, num_players)

    def narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        line = self._narrate(event, lang, names)
        if line is not None and lang == "fr":  # « de le grand-père » is « du grand-père »
            line = line.replace(" de le ", " du ").replace("De le ", "Du ")
        return line

    def _narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        d = event.data
        kind = event.type
        if kind == "characters":
            pairs = ", ".join(
                t("panoplies.plays", lang, name=names[s], character=character_name(c, lang))
                for s, c in enumerate(d["characters"])
            )
            return t("panoplies.characters", lang, pairs=pairs)
        if kind == "ask":
            card = card_name(d["garment"], d["character"], lang)
            return t(
                "panoplies.ask", lang, name=names[d["seat"]], target=names[d["target"]], card=card
            )
        if kind == "lay":
            return None  # the outfit event says it, with its consequence
        if kind in ("garment_lost", "garment_back"):
            key = "panoplies.lost" if kind == "garment_lost" else "panoplies.back"
            return t(
                key,
                lang,
                name=names[d["seat"]],
                character=character_name(d["character"], lang),
                garment=garment_name(d["garment"], lang),
            )
        if kind == "joker_draw":
            if d["saved"]:
                garment = garment_name(d["garment"], lang)
                return t("panoplies.joker_saved", lang, name=names[d["seat"]], garment=garment)
            drawn = ", ".join(garment_name(g, lang) for g in d["drawn"])
            return t("panoplies.joker_failed", lang, name=names[d["seat"]], drawn=drawn)
        if kind == "outfit":
            character = character_name(d["character"], lang)
            owner = names[d["owner"]] if "owner" in d else ""
            key = f"panoplies.outfit_{d['kind']}"
            return t(key, lang, name=names[d["seat"]], character=character, owner=owner)
        if kind == "joker":
            return t("panoplies.joker", lang, name=names[d["seat"]])
        if kind == "game_end":
            if d["loser"] is None:
                return t("panoplies.game_no_loser", lang, game=d["game"])
            return t("panoplies.game_loser", lang, game=d["game"], name=names[d["loser"]])
        if kind == "end":
            if len(d["results"]) <= 1:
                return None
            tally = ", ".join(f"{names[s]} {n}" for s, n in enumerate(d["losses"]))
            return t("panoplies.match_end", lang, tally=tally)
        if kind == "capped":
            return t("capped", lang, turns=d["turns"])
        return narrate_ask_draw(
            event, lang, names, lambda d, lang: card_name(d["garment"], d["character"], lang)
        )

    def rules_text(self, lang: str) -> str:
        return t("panoplies.rules", lang)

    def credits(self, lang: str) -> str:
        return t("panoplies.credits", lang)

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        from parlour.games.panoplies.bots import BOTS

        return BOTS


GAME = Panoplies()
PanopliesState.game = GAME
__all__ = ["GAME", "Panoplies", "card_name", "parse_card", "wardrobe"]
