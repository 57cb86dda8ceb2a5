"""Go Fish's entry point for the other layers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import parlour.games.gofish.texts  # noqa: F401  (registers the texts)
from parlour.core.capabilities import BulkOutcome, FacesInPackage, Peer
from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Game, Seat
from parlour.games.askdraw.engine import Grouping, normalise_deal
from parlour.games.askdraw.groups import group_ask_from_id, group_ask_from_json
from parlour.games.askdraw.seating import dealt_seats
from parlour.games.gofish.rules import GoFishRules, GoFishState, RankAsk
from parlour.games.gofish.texts import card_label, card_name, rank_word
from parlour.i18n import t
from parlour.i18n.common import join_names

if TYPE_CHECKING:
    from parlour.core.review import Moment, Review


def parse_card(rules: GoFishRules, token: Any) -> int:
    """A card as its number (`rank * suits + suit`) or its label such as `7♥` or `K♠`."""
    if isinstance(token, int) and not isinstance(token, bool):
        if not 0 <= token < rules.num_cards:
            raise RulesError(f"cards are 0 to {rules.num_cards - 1}, not {token}")
        return token
    if isinstance(token, str):
        labels = {
            card_label(r, s): r * rules.suits + s
            for r in range(rules.ranks)
            for s in range(rules.suits)
        }
        if token in labels:
            return labels[token]
    raise RulesError(f"a card is a number or a label such as 7♥ or K♠, not {token!r}")


def normalise_gofish_deal(deal: Any, players: int, rules: GoFishRules) -> dict[str, Any]:
    """`{"deck": [card, ...]}` (top first, dealt as OpenSpiel deals) or the hands themselves,
    `{"hands": [[card, ...], ...], "pile": [...], "first": seat}` (a book in a hand is laid at
    once). Every card must appear exactly once."""
    parse = lambda c: parse_card(rules, c)  # noqa: E731
    if isinstance(deal, Mapping) and "deck" in deal and "hands" not in deal:
        deck = [parse(c) for c in deal["deck"]]
        if sorted(deck) != list(range(rules.num_cards)):
            raise RulesError(f"a deck lists each of the {rules.num_cards} cards exactly once")
        return {"deck": deck}
    return normalise_deal(deal, players, rules.num_cards, parse)


class GoFish(FacesInPackage, Game):
    """Its faces are in this package: terminal.py, web.js, encoder.py."""

    name = "gofish"
    title = {"en": "Go Fish", "fr": "Va pêcher"}
    rules_class = GoFishRules
    min_players = 2
    max_players = 10  # OpenSpiel's bounds

    def new_state(
        self,
        seats: Sequence[Seat] | int,
        seed: int | None = None,
        deal: Any = None,
        rules: Any = None,
    ) -> GoFishState:
        rules = rules or GoFishRules()
        seat_list = dealt_seats(self, seats, deal, rules)
        if deal is not None:
            deal = normalise_gofish_deal(deal, len(seat_list), rules)
        return GoFishState(rules, seat_list, seed, deal)

    def step_kernel(self, rules: Any, num_players: int) -> Any:
        """N games stepped together on the compiled kernel (`askdraw.step`): the vector env's
        and the search playouts' engine."""
        from parlour.games.gofish.kernel import step_kernel

        return step_kernel(self, rules or GoFishRules(), num_players)

    def bulk_play(
        self, rules: Any, seeds: Sequence[int], tables: Sequence[Sequence[str]]
    ) -> list[BulkOutcome] | None:
        """Whole games by the compiled kernel when every bot is `random`, `memory` or `first`
        (see bulk.py): per seed the outcome the reference engine gives, None when the kernel
        cannot play them."""
        from parlour.games.gofish.bulk import bulk_play

        return bulk_play(rules or GoFishRules(), seeds, tables)

    def action_from_json(self, obj: Mapping[str, Any]) -> RankAsk:
        # The rank count only sizes the id; a state checks the rank against its own deck.
        return group_ask_from_json(obj, int(obj.get("ranks", 13)), RankAsk, ("ranks",))

    def num_actions(self, rules: Any, num_players: int) -> int:
        return int((rules or GoFishRules()).ranks) * num_players

    def action_from_id(self, action_id: int, rules: Any, num_players: int) -> RankAsk:
        ranks = (rules or GoFishRules()).ranks
        return group_ask_from_id(action_id, ranks, num_players, RankAsk)

    def grouping(self, rules: Any) -> Grouping:
        """How cards group for asking and laying: by rank."""
        return (rules or GoFishRules()).grouping

    def review(
        self, rules: Any, moments: Iterable[Moment], seat: int, names: Sequence[str]
    ) -> Review:
        """The asks where the table's public knowledge pointed to a surer card."""
        from parlour.games.askdraw.review import review_asks
        from parlour.games.gofish.bots import rank_chances

        return review_asks(self, rules, moments, seat, names, rank_chances)

    def rules_text(self, lang: str) -> str:
        return t("gofish.rules", lang)

    def credits(self, lang: str) -> str:
        return t("traditional", lang)

    def peer(self, num_players: int) -> Peer:
        """OpenSpiel's go_fish, the game these rules transcribe, at its defaults."""
        return Peer("go_fish", {"players": num_players})

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        from parlour.games.gofish.bots import BOTS

        return BOTS

    def narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        d = event.data
        kind = event.type
        if kind == "bonne_pioche" or (kind == "draw" and "card" in d):
            key = "gofish.bonne_pioche" if kind == "bonne_pioche" else "gofish.draw_own"
            card = card_name(d["rank"], d["suit"], lang)
            return t(key, lang, name=names[d["seat"]], card=card)
        if kind in _SEAT_LINES:
            return t(_SEAT_LINES[kind], lang, name=names[d["seat"]])
        if kind == "deal":
            # A book dealt is laid and its holder dealt up again (OpenSpiel's deal): the hands
            # then differ ("11/7"), and the word agrees with the largest.
            sizes = d["sizes"]
            size = sizes[0] if len(set(sizes)) == 1 else "/".join(map(str, sizes))
            return t(
                "gofish.deal", lang, size=size, most=max(sizes), pile=d["pile"],
                first=names[d["first"]],
            )  # fmt: skip
        if kind == "ask":
            rank = rank_word(d["group"], lang)
            return t(
                "gofish.ask", lang, name=names[d["seat"]], target=names[d["target"]], rank=rank
            )
        if kind == "give":
            count = len(d["cards"])
            rank = rank_word(d["group"], lang, count)
            return t(
                "gofish.give",
                lang,
                name=names[d["seat"]],
                to=names[d["to"]],
                count=count,
                rank=rank,
            )
        if kind == "lay":
            return t("gofish.lay", lang, name=names[d["seat"]], rank=rank_word(d["group"], lang))
        if kind == "end":
            return _narrate_end(d, lang, names)
        if kind == "capped":
            return t("capped", lang, turns=d["turns"])
        return None


_SEAT_LINES = {
    "pioche": "gofish.pioche",
    "draw": "gofish.draw",
    "pass": "gofish.pass",
    "turn": "gofish.turn",
}


def _narrate_end(d: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    scores = ", ".join(
        t("gofish.score", lang, name=names[s], n=n) for s, n in enumerate(d["books"])
    )
    out = d.get("first_out")
    if out is None:
        line = t("gofish.end", lang, scores=scores)
    else:
        line = t("gofish.end_out", lang, name=names[out], scores=scores)
    winners = [names[s] for s in d["winners"]]
    if len(winners) == 1:
        return f"{line} {t('wins', lang, name=winners[0])}"
    return f"{line} {t('shared_win', lang, names=join_names(winners, lang))}"


GAME = GoFish()
GoFishState.game = GAME
__all__ = ["GAME", "GoFish", "parse_card"]
