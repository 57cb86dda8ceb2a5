"""Beggar-My-Neighbour's entry point for the other layers."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import parlour.games.beggar.texts  # noqa: F401  (registers the texts)
from parlour.core.action_json import check_move_keys
from parlour.core.capabilities import FacesInPackage
from parlour.core.errors import RulesError
from parlour.core.events import Event
from parlour.core.game import Game, Seat
from parlour.games.beggar.cards import RANKS, code, full_deck, parse_hand, tribute
from parlour.games.beggar.rules import FLIP, BeggarRules, BeggarState
from parlour.i18n import t

_SUIT_NAMES_FR = {"J": "le valet", "Q": "la dame", "K": "le roi", "A": "l'as"}
_SUIT_NAMES_EN = {"J": "a jack", "Q": "a queen", "K": "a king", "A": "an ace"}


def card_name(card: str, lang: str) -> str:
    if card[0] == "X":
        return t("beggar.joker", lang)
    if card[0] == "B":
        return t("beggar.beggar_joker", lang)
    names = _SUIT_NAMES_FR if lang == "fr" else _SUIT_NAMES_EN
    if card[0] in names:
        return names[card[0]] + (f" {card[1:]}" if len(card) > 1 else "")
    if card.startswith("-"):
        return t("beggar.number_card", lang)
    return card


class Beggar(FacesInPackage, Game):
    """Its faces are in this package: terminal.py, web.js and web.css, encoder.py."""

    name = "beggar"
    title = {"en": "Beggar-My-Neighbour", "fr": "Beggar-My-Neighbour (Ruine-ton-voisin)"}
    rules_class = BeggarRules
    min_players = 2
    max_players = 6

    def credits(self, lang: str) -> str:
        return t("traditional", lang)

    def research_max_turns(self, rules: Any = None) -> int:
        return 20_000  # flips: a 5-round match of record-long deals is far under it

    def web_defaults(self, lang: str) -> Mapping[str, Any]:
        # Nobody decides anything in this game: at a web table the server turns up each
        # player's cards at the table's pace, and a player who wants to click unticks it.
        return {"speed": True}

    def autoplay_delay(self, rules: Any) -> float | None:
        return rules.pace_ms / 1000 if rules.speed else None

    def moves_are_public(self) -> bool:
        return True  # a flip is the only move there is

    def new_state(
        self,
        seats: Sequence[Seat] | int,
        seed: int | None = None,
        deal: Any = None,
        rules: Any = None,
    ) -> BeggarState:
        rules = rules or BeggarRules()
        if deal is not None:
            deal = normalise_deal(deal)
        seat_list = self.seats_from(seats)
        if deal is not None and len(seat_list) != len(deal["hands"]):
            raise RulesError(f"{len(seat_list)} seats for {len(deal['hands'])} hands")
        self.check_players(len(seat_list), rules)
        return BeggarState(rules, seat_list, seed, deal)

    def action_from_json(self, obj: Mapping[str, Any]) -> Any:
        if obj.get("type") != "flip":
            raise ValueError(f"unknown Beggar-My-Neighbour action {obj!r}")
        check_move_keys(obj, ("type",))
        return FLIP

    def num_actions(self, rules: Any, num_players: int) -> int:
        return 1

    def action_from_id(self, action_id: int, rules: Any, num_players: int) -> Any:
        if action_id != FLIP.id:
            raise ValueError(f"Beggar-My-Neighbour has one action (0), not {action_id}")
        return FLIP

    def narrate(self, event: Event, lang: str, names: Sequence[str]) -> str | None:
        d = event.data
        if event.type == "dealer_draw":
            shown = ", ".join(
                t("beggar.dealer_draw_card", lang, name=names[int(s)], card=card_name(c, lang))
                for s, c in d["cards"].items()
            )
            return t("beggar.dealer_draw", lang, cards=shown)
        if event.type == "deal":
            return t(
                "beggar.deal",
                lang,
                round=d["round"],
                dealer=names[d["dealer"]],
                leader=names[d["leader"]],
            )
        if event.type == "flip":
            name, card = names[d["seat"]], card_name(d["card"], lang)
            if d["tribute"] and d["owed"] == d["tribute"]:
                return t("beggar.flip_penalty", lang, name=name, card=card, owed=d["owed"])
            if d["paying"]:
                return t("beggar.pay", lang, name=name, card=card, owed=d["owed"])
            return t("beggar.flip", lang, name=name, card=card)
        if event.type == "capture":
            return t("beggar.capture", lang, name=names[d["seat"]], size=d["size"])
        if event.type == "out":
            return t("beggar.out", lang, name=names[d["seat"]])
        if event.type == "round_end":
            if d["status"] == "loop":
                return t(
                    "beggar.round_loop", lang, **{k: d[k] for k in ("round", "cards", "tricks")}
                )
            if d["winner"] is None:
                return t("draw", lang)
            return t(
                "beggar.round_end",
                lang,
                name=names[d["winner"]],
                round=d["round"],
                cards=d["cards"],
                tricks=d["tricks"],
            )
        if event.type == "capped":
            return t("capped", lang, turns=d["turns"])
        return None

    def rules_text(self, lang: str) -> str:
        return t("beggar.rules", lang)

    def bulk_outcomes(
        self, rules: Any, num_players: int, seeds: Sequence[int]
    ) -> list[tuple[tuple[int, ...], tuple[float, ...], int, str]] | None:
        """Outcomes of single-round games `new_state(num_players, seed)`, played by the kernel.

        Per seed: (winners, scores, turns, status), exactly what the reference engine gives for
        that seed (same dealer draw, same shuffle). None when the kernel cannot play these rules
        (shuffle_captured, matches of several rounds), so callers fall back to the engine.
        """
        rules = rules or BeggarRules()
        if rules.shuffle_captured or rules.match != "single":
            return None
        self.check_players(num_players, rules)
        from parlour.games.beggar import kernel

        n = num_players
        hands_of_seeds = []
        leaders = []
        for seed in seeds:
            leader, hands = _seeded_deal(rules, n, seed)
            leaders.append(leader)
            hands_of_seeds.append([[code(c) for c in hands[(leader + k) % n]] for k in range(n)])
        results = kernel.play_deals(hands_of_seeds, rules.exhausted_payer == "next_pays")
        cap = rules.max_turns
        out: list[tuple[tuple[int, ...], tuple[float, ...], int, str]] = []
        draw = tuple(0.0 for _ in range(n))
        for i, seed in enumerate(seeds):
            status, cards, _, winner = results.row(i)
            if cap is not None and cards > cap:
                out.append(((), draw, cap, "capped"))
            elif status == kernel.LOOP and rules.on_loop != "draw":
                out.append(_reference_outcome(rules, n, seed))  # rare: needs the final hands
            elif status == kernel.LOOP:
                out.append(((), draw, cards, "loop"))
            else:
                seat = (leaders[i] + winner) % n
                scores = tuple(1.0 if s == seat else 0.0 for s in range(n))
                out.append(((seat,), scores, cards, "finished"))
        return out


def _seeded_deal(rules: BeggarRules, n: int, seed: int) -> tuple[int, list[list[str]]]:
    """The leader and hands of `BeggarState(rules, n seats, seed)`: the same generator calls,
    dealer drawn by highest card (ties draw again), then the shuffled deck dealt from his left."""
    rng = random.Random(seed)
    order = {rank: i for i, rank in enumerate(RANKS)}
    candidates = list(range(n))
    while True:
        deck = full_deck()
        rng.shuffle(deck)
        drawn = {seat: deck[i] for i, seat in enumerate(candidates)}
        best = max(order[card[:-1]] for card in drawn.values())
        top = [s for s, card in drawn.items() if order[card[:-1]] == best]
        if len(top) == 1:
            dealer = top[0]
            break
        candidates = top
    deck = full_deck(rules.jokers, rules.beggar_joker)
    rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % n].append(card)
    return (dealer + 1) % n, hands


def _reference_outcome(
    rules: BeggarRules, n: int, seed: int
) -> tuple[tuple[int, ...], tuple[float, ...], int, str]:
    state = GAME.new_state(n, seed=seed, rules=rules)
    while not state.is_over:
        state.apply(FLIP)
    outcome = state.outcome
    assert outcome is not None
    return outcome.winners, outcome.scores, state.turns, outcome.status


def normalise_deal(deal: Any) -> dict[str, Any]:
    """A deal as `{"hands": [[card, ...], ...]}` from hand strings or card lists."""
    hands = deal.get("hands") if isinstance(deal, Mapping) else deal
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise RulesError("a Beggar deal is a list of hands")
    out = []
    for hand in hands:
        if isinstance(hand, str):
            out.append(parse_hand(hand))
        elif isinstance(hand, list | tuple):
            out.append(parse_hand(" ".join(str(c) for c in hand)) if hand else [])
        else:
            raise RulesError(f"a Beggar hand is a string of cards or a list of cards, not {hand!r}")
    return {"hands": out}


GAME = Beggar()
BeggarState.game = GAME
__all__ = ["GAME", "Beggar", "card_name", "normalise_deal", "tribute"]
