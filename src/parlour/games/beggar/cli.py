"""`parlour beggar ...`: explicit and random deals, statistics."""

from __future__ import annotations

import random
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from parlour.core.errors import ParlourError, RulesError
from parlour.core.options import make_rules, parse_options
from parlour.games.beggar.bulk import deck_codes, run_stats
from parlour.games.beggar.cards import full_deck, notation
from parlour.games.beggar.game import GAME
from parlour.games.beggar.rules import BeggarRules

beggar_app = typer.Typer(
    help="Beggar-My-Neighbour: deals, statistics, records.", no_args_is_help=True
)
console = Console(soft_wrap=True)

RulesOption = Annotated[
    list[str] | None, typer.Option("--rules", help="A rules option key=value (repeatable).")
]


def rules_from(pairs: list[str] | None) -> BeggarRules:
    return make_rules(BeggarRules, parse_options(BeggarRules, pairs or []))


def shuffled_hands(players: int, seed: int, rules: BeggarRules) -> list[list[str]]:
    """A shuffled deal, first hand leading (the hands of `deal --seed`)."""
    GAME.check_players(players, rules)
    deck = full_deck(rules.jokers, rules.beggar_joker)
    random.Random(seed).shuffle(deck)
    return [deck[i::players] for i in range(players)]


def play_round(hands: list[list[str]], rules: BeggarRules) -> dict[str, object]:
    state = GAME.new_state(len(hands), deal={"hands": hands}, rules=rules)
    while state.results == [] and not state.is_over:
        state.apply(state.legal_actions()[0])
    first = state.results[0] if state.results else None
    if first is None:  # the turn cap ended it
        return {"status": "capped", "cards": state.cards, "tricks": state.tricks, "winner": None}
    return {
        "status": first.status,
        "cards": first.cards,
        "tricks": first.tricks,
        "winner": first.winner,
    }


@beggar_app.command("deal", context_settings={"ignore_unknown_options": True})
def deal_command(
    hands: Annotated[
        list[str] | None, typer.Argument(help="Hands, top card first, e.g. -K--A.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Shuffle a deal for N players.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the shuffled deal.")] = None,
    rules: RulesOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play one deal to its end: explicit hands (the first leads) or --players N --seed S."""
    the_rules = rules_from(rules)
    if hands and players is not None:
        raise ParlourError("give either hands or --players, not both")
    if hands:
        from parlour.games.beggar.game import normalise_deal

        dealt = normalise_deal(hands)["hands"]
        shown = None
    elif players is not None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        dealt = shuffled_hands(players, seed, the_rules)
        shown = dealt
    else:
        raise ParlourError("give the hands (e.g. parlour beggar deal -K--A QJ---) or --players N")
    result = play_round(dealt, the_rules)
    if shown is not None:
        result = {"seed": seed, "hands": [notation(h) for h in shown], **result}
    if as_json:
        from parlour.cli import out_json

        out_json(result)
        return
    if shown is not None:
        for i, hand in enumerate(shown):
            console.print(
                f"hand {chr(65 + i)}: {notation(hand)}   ({' '.join(hand)})", highlight=False
            )
    winner = result["winner"]
    who = "no winner" if winner is None else f"hand {chr(65 + int(winner))} ({winner}) wins"
    console.print(
        f"{result['status']}: {result['cards']} cards, {result['tricks']} tricks, {who}",
        highlight=False,
    )


@beggar_app.command("stats")
def stats_command(
    players: Annotated[int, typer.Option("--players", help="Players per deal (2 to 6).")] = 2,
    deals: Annotated[int, typer.Option("--deals", help="How many random deals.")] = 10000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 1,
    rules: RulesOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play many random deals and print the distribution of game length."""
    the_rules = rules_from(rules)
    GAME.check_players(players, the_rules)
    if deals < 1:
        raise RulesError("--deals must be at least 1")
    deck_codes(the_rules)
    with Progress(
        TextColumn("deals"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=as_json,
        transient=True,
    ) as bar:
        task = bar.add_task("deals", total=deals)
        summary = run_stats(players, deals, seed, the_rules, lambda k: bar.advance(task, k))
    data = summary.to_json()
    if as_json:
        from parlour.cli import out_json

        out_json(data)
        return
    table = Table(title=f"{deals} random {players}-player deals (seed {seed})")
    table.add_column("")
    for col in ("mean", "median", "q1", "q3", "p99", "max"):
        table.add_column(col, justify="right")
    for row in ("cards", "tricks"):
        dist = data[row]
        table.add_row(
            row,
            *(
                f"{dist[c]:.1f}" if c == "mean" else str(dist[c])
                for c in ("mean", "median", "q1", "q3", "p99", "max")
            ),
        )
    console.print(table)
    share = data["first_player_win_share"]
    console.print(f"first player wins: {share:.2%}" if share is not None else "no finished deal")
    console.print(f"loops: {data['loops']}")
    for hands in data["loop_deals"]:
        console.print("  loop: " + " ".join(hands), highlight=False)


def register(app: typer.Typer) -> None:
    app.add_typer(beggar_app, name="beggar")
