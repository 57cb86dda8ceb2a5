"""The Jeu des 7 familles' entry point for the other layers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import parlour.games.familles.texts  # noqa: F401  (registers the texts)
from parlour.core.capabilities import FacesInPackage, UploadOption
from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Game, Seat
from parlour.games.askdraw.engine import Ask, Grouping, ask_from_id, ask_from_json, normalise_deal
from parlour.games.askdraw.narration import narrate_ask_draw
from parlour.games.askdraw.seating import dealt_seats
from parlour.games.familles.decks import BUILTIN_DECKS, ROLES, Deck, get_deck
from parlour.games.familles.rules import FAMILY_GROUPING, FamillesRules, FamillesState
from parlour.i18n import t
from parlour.i18n.common import join_names

if TYPE_CHECKING:
    from parlour.core.review import Moment, Review

NUM_CARDS = 42


def member_spoken(deck: Deck, card: int, lang: str) -> str:
    """« la fille », « Miss Bun », or the role in the other language (« the daughter »)."""
    if deck.lang == lang:
        return deck.member(card).spoken()
    return t(f"familles.role.{ROLES[deck.role_of(card)]}", lang)


def card_name(deck: Deck, card: int, lang: str) -> str:
    """« la fille Boulanger », « Miss Bun », « the Boulanger daughter »."""
    family = deck.families[deck.family_of(card)]
    if deck.lang == lang:
        member = deck.member(card)
        return member.name if lang == "en" else f"{member.spoken()} {family.name}"
    role = t(f"familles.role.{ROLES[deck.role_of(card)]}", lang)
    if lang == "en":
        return role.replace("the ", f"the {family.name} ", 1)
    return f"{role} {family.name}"


def parse_card(deck: Deck, token: Any) -> int:
    """A card as an integer, or `family/role` such as `boulanger/daughter`."""
    if isinstance(token, int) and not isinstance(token, bool):
        if not 0 <= token < NUM_CARDS:
            raise RulesError(f"cards are 0 to {NUM_CARDS - 1}, not {token}")
        return token
    if isinstance(token, str) and "/" in token:
        family, _, role = token.partition("/")
        if role not in ROLES:
            raise RulesError(f"unknown member {role!r}; members are {', '.join(ROLES)}")
        return deck.card(family, role)
    raise RulesError(f"a card is a number or family/member such as boulanger/daughter: {token!r}")


class Familles(FacesInPackage, Game):
    """Its faces are in this package: terminal.py, web.js, encoder.py."""

    name = "familles"
    title = {"en": "Happy Families (Jeu des 7 familles)", "fr": "Jeu des 7 familles"}
    rules_class = FamillesRules
    min_players = 2
    max_players = 6

    def upload_option(self) -> UploadOption:
        from parlour.games.familles.decks import BUILTIN_DECKS, deck_text, register_deck_text

        return UploadOption(
            "deck", BUILTIN_DECKS, register_deck_text, "a TOML deck file", text=deck_text
        )

    def web_defaults(self, lang: str) -> Mapping[str, Any]:
        # The table's language deals its own deck, unless the host picks another.
        return {"deck": lang if lang in BUILTIN_DECKS else BUILTIN_DECKS[0]}

    def credits(self, lang: str) -> str:
        return t("traditional", lang)

    def new_state(
        self,
        seats: Sequence[Seat] | int,
        seed: int | None = None,
        deal: Any = None,
        rules: Any = None,
    ) -> FamillesState:
        rules = rules or FamillesRules()
        seat_list = dealt_seats(self, seats, deal, rules)
        if deal is not None:
            deck = get_deck(rules.deck)
            deal = normalise_deal(deal, len(seat_list), NUM_CARDS, lambda c: parse_card(deck, c))
        return FamillesState(rules, seat_list, seed, deal)

    def uses_ages(self) -> bool:
        return True  # the youngest starts

    def step_kernel(self, rules: Any, num_players: int) -> Any:
        """N games stepped together on the compiled kernel (`askdraw.step`): the vector env's
        and the search playouts' engine."""
        from parlour.games.familles.kernel import step_kernel

        return step_kernel(self, rules or FamillesRules(), num_players)

    def bulk_play(
        self, rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
    ) -> list[tuple[tuple[int, ...], tuple[float, ...], int, str]] | None:
        """Whole games by the compiled kernel when every bot is `random`, `memory` or `first`
        (see bulk.py): per seed the outcome the reference engine gives, None when the kernel
        cannot play them."""
        from parlour.games.familles.bulk import bulk_play

        return bulk_play(rules or FamillesRules(), seeds, tables)

    def action_from_json(self, obj: Mapping[str, Any]) -> Ask:
        return ask_from_json(obj, NUM_CARDS)

    def num_actions(self, rules: Any, num_players: int) -> int:
        return NUM_CARDS * num_players

    def action_from_id(self, action_id: int, rules: Any, num_players: int) -> Ask:
        return ask_from_id(action_id, NUM_CARDS, num_players)

    def narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        d = event.data
        if event.type == "ask":
            deck = get_deck(d.get("deck", "fr"))
            card = d["card"]
            return t(
                "familles.ask",
                lang,
                name=names[d["seat"]],
                target=names[d["target"]],
                family=deck.families[deck.family_of(card)].name,
                member=member_spoken(deck, card, lang),
            )
        if event.type == "lay":
            family = get_deck(d.get("deck", "fr")).families[d["group"]].name
            return t("familles.lay", lang, name=names[d["seat"]], family=family)
        return narrate_ask_draw(event, lang, names, self._card_namer) or (
            self._narrate_end(event, lang, names)
        )

    @staticmethod
    def _card_namer(d: Mapping[str, Any], lang: str) -> str:
        return card_name(get_deck(d.get("deck", "fr")), d["card"], lang)

    @staticmethod
    def _narrate_end(event: Event, lang: str, names: Sequence[str]) -> str | None:
        d = event.data
        if event.type == "end":
            scores = ", ".join(
                t("familles.score", lang, name=names[s], n=n) for s, n in enumerate(d["families"])
            )
            line = t("familles.end", lang, scores=scores)
            winners = [names[s] for s in d["winners"]]
            if len(winners) == 1:
                return f"{line} {t('wins', lang, name=winners[0])}"
            return f"{line} {t('shared_win', lang, names=join_names(winners, lang))}"
        if event.type == "capped":
            return t("capped", lang, turns=d["turns"])
        return None

    def rules_text(self, lang: str) -> str:
        return t("familles.rules", lang)

    def grouping(self, rules: Any) -> Grouping:
        """How cards group for asking and laying: by family."""
        return FAMILY_GROUPING

    def review(
        self, rules: Any, moments: Iterable[Moment], seat: int, names: Sequence[str]
    ) -> Review:
        """The asks where the table's public knowledge pointed to a surer card."""
        from parlour.games.askdraw.card_bots import hit_chances
        from parlour.games.askdraw.review import review_asks

        return review_asks(self, rules, moments, seat, names, hit_chances)

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        from parlour.games.familles.bots import BOTS

        return BOTS


GAME = Familles()
FamillesState.game = GAME
__all__ = ["GAME", "Familles", "card_name", "member_spoken", "parse_card"]
