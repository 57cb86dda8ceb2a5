"""`parlour beggar ...`: explicit and random deals, statistics."""

# No `from __future__ import annotations`: see parlour/cli/root.py (start-up).

import json
import os
import random
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

from parlour.cli.lazy_rich import lazy_console
from parlour.core.errors import ParlourError, RulesError

if TYPE_CHECKING:
    from parlour.games.beggar.rules import BeggarRules

# Start-up: this module is imported by every `parlour` command, so the engine loads inside the
# commands; `deal` is the quick one, and what only `stats`, `records` and `search` need (rich's
# progress bars and tables, NumPy, Numba) is imported inside those commands.

beggar_app = typer.Typer(
    help="Beggar-My-Neighbour: deals, statistics, records.", no_args_is_help=True
)
console = lazy_console(soft_wrap=True)

LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Language of the texts: fr or en (default: the system's)."),
]
RulesOption = Annotated[
    list[str] | None, typer.Option("--rules", help="A rules option key=value (repeatable).")
]


def rules_from(pairs: list[str] | None) -> "BeggarRules":
    from parlour.core.options import make_rules, parse_options
    from parlour.games.beggar.rules import BeggarRules

    return make_rules(BeggarRules, parse_options(BeggarRules, pairs or []))


def _decimal(x: float, lang: str, digits: int = 1) -> str:
    """A number as its reader writes it: 251.0, « 251,0 »."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def _count(n: float, lang: str) -> str:
    """A whole count with its thousands, as the catalogue's `{n:,}` writes it: 1,234,567 in
    English, « 1 234 567 » in French (a narrow non-breaking space)."""
    from parlour.i18n.catalog import format_text

    return format_text("{n:,}", lang, n=round(n))


def _percent(x: float, lang: str) -> str:
    """A share to two decimals: 50.60%, « 50,60 % »."""
    return f"{_decimal(100 * x, lang, 2)}\u00a0%" if lang == "fr" else f"{x:.2%}"


def shuffled_hands(players: int, seed: int, rules: "BeggarRules") -> list[list[str]]:
    """A shuffled deal, first hand leading (the hands of `deal --seed`)."""
    from parlour.games.beggar.cards import full_deck
    from parlour.games.beggar.game import GAME

    GAME.check_players(players, rules)
    deck = full_deck(rules.jokers, rules.beggar_joker)
    random.Random(seed).shuffle(deck)
    return [deck[i::players] for i in range(players)]


def play_round(hands: list[list[str]], rules: "BeggarRules") -> dict[str, Any]:
    from parlour.games.beggar.game import GAME

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


DEAL_HELP = (
    "Play one deal to its end: explicit hands (the first leads) or --players N --seed S.\n\n"
    "Explicit hands may hold any cards, in any number and any hand sizes (say 26 number cards "
    "each, or five aces): penalty cards act by rank (J 1, Q 2, K 3, A 4). Only the variant "
    "cards need their option: X jokers (--rules jokers=N, at most N) and B (--rules "
    "beggar_joker=true).\n\n"
    "Cards: 2..10 or T, J Q K A, - for any number card, each rank with an optional suit "
    "(♠♥♦♣ or S H D C): 10H2SKD, K♠A♥, or '2 K 10 Q'.\n\n"
    "Every argument that is not an option is a hand, even one beginning with - (-K--A, ---). "
    "A -- before the first hand ends the options and is not a hand; anywhere else, or before a "
    "single hand, -- is a hand of two number cards: deal -- -- --- and deal -- --- both play "
    "the hands -- and ---."
)


class _DealCommand(TyperCommand):
    """`deal`: every argument that is not one of its options is a hand, even one that looks like
    an option (`-K--A`, `---`, `-kh--`: no short option hides in it).

    `--` before the first hand ends the options, as usual, and is not a hand; anywhere else it is
    a hand of two number cards. A `--` that ended the options before a single hand is a hand too,
    since a deal needs two: `deal -- ---` plays `--` against `---`, as `deal -- -- ---` does.
    """

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        takes_value: dict[str, bool] = {}
        for param in self.get_params(ctx):
            if param.param_type_name == "option":
                option: Any = param  # typer's own Option class: flags and counts take no value
                for name in (*option.opts, *option.secondary_opts):
                    takes_value[name] = not (option.is_flag or option.count)
        options: list[str] = []
        hands: list[str] = []
        ended = False  # by a `--` before the first hand
        rest = list(args)
        while rest:
            arg = rest.pop(0)
            name = arg.split("=", 1)[0]
            if ended:
                hands.append(arg)
            elif arg == "--" and not hands:
                ended = True
            elif name in takes_value:
                options.append(arg)
                if takes_value[name] and "=" not in arg:
                    if not rest:  # its value is missing: let Click say so
                        return super().parse_args(ctx, options)
                    options.append(rest.pop(0))
            else:
                hands.append(arg)
        if ended and len(hands) == 1:
            hands.insert(0, "--")
        return super().parse_args(ctx, [*options, "--", *hands])


@beggar_app.command("deal", cls=_DealCommand, help=DEAL_HELP)
def deal_command(
    hands: Annotated[
        list[str] | None,
        typer.Argument(
            help="Hands, top card first, e.g. -K--A or 2A78Q10: any cards, not only a deck's."
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Shuffle a deal for N players.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the shuffled deal.")] = None,
    rules: RulesOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Play one deal to its end: explicit hands (the first leads) or --players N --seed S."""
    import parlour.games.beggar.texts  # noqa: F401  (registers the texts)
    from parlour.games.beggar.cards import notation
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
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
        # as parlour.cli.args.out_json, without importing the whole command line for a quick command
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return
    if shown is not None:
        for i, hand in enumerate(shown):
            name = t("beggar.cli.hand", language, letter=chr(65 + i))
            line = t("beggar.cli.hand_line", language, hand=name, cards=notation(hand))
            sys.stdout.write(f"{line}   ({' '.join(hand)})\n")
    winner = result["winner"]
    who = (
        t("beggar.cli.no_winner", language)
        if not isinstance(winner, int)
        else t("beggar.cli.winner", language, letter=chr(65 + winner), seat=winner)
    )
    line = t(
        "beggar.cli.result",
        language,
        status=t(f"beggar.cli.{result['status']}", language),
        cards=result["cards"],
        tricks=result["tricks"],
        who=who,
    )
    # Plain lines, as Rich would print them (no markup, no colour in them): `deal` is the quick
    # command, and Rich's console costs as much as the rest of it.
    sys.stdout.write(line + "\n")


STATS_HELP = (
    "Play many random deals (compiled kernel) and print the distribution of game length.\n\n"
    "Rules options: exhausted_payer, jokers, beggar_joker and max_turns (a deal longer than the "
    "cap is counted as capped, as deal reports it); shuffle_captured, match and "
    "on_loop=most_cards are refused."
)


@beggar_app.command("stats", help=STATS_HELP)
def stats_command(
    players: Annotated[int, typer.Option("--players", help="Players per deal (2 to 6).")] = 2,
    deals: Annotated[int, typer.Option("--deals", help="How many random deals.")] = 10000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 1,
    rules: RulesOption = None,
    workers: Annotated[
        int, typer.Option("--workers", help="Threads playing deals (0: every core).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Play many random deals (compiled kernel) and print the distribution of game length."""
    from rich.console import Console

    from parlour.games.beggar.bulk import check_bulk_rules, deck_codes
    from parlour.games.beggar.game import GAME
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
    the_rules = rules_from(rules)
    GAME.check_players(players, the_rules)
    if deals < 1:
        raise RulesError("--deals must be at least 1")
    if workers < 0:
        raise RulesError("--workers must be 0 (every core) or more")
    deck_codes(the_rules)
    check_bulk_rules(the_rules)  # before any progress display: an error is one line, nothing else
    threads = workers or (os.cpu_count() or 1)
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from parlour.games.beggar import kernel  # Numba loads only for the commands that use it

    with Progress(
        TextColumn(t("beggar.cli.deals", language)),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=as_json,
        transient=True,
    ) as bar:
        task = bar.add_task("deals", total=deals)
        summary = kernel.run_stats(
            players,
            deals,
            seed,
            the_rules,
            lambda k: bar.advance(task, k),
            threads,
            chunk=max(10_000, min(100_000, deals // 20)),  # bounded: constant memory
        )
    data = summary.to_json()
    if as_json:
        from parlour.cli.args import out_json

        out_json(data)
        return
    _print_stats(data, language, t("beggar.cli.stats_title", language, deals=deals,
                                   players=players, seed=seed), the_rules.max_turns)  # fmt: skip


def _print_stats(
    data: dict[str, Any], language: str, title: str, max_turns: int | None = None
) -> None:
    """The statistics as a table of distributions, the first player's share and the loops."""
    from rich.table import Table

    from parlour.i18n import t

    table = Table(title=title)
    table.add_column("")
    for col in ("mean", "median", "q1", "q3", "p99", "max"):
        key = f"beggar.cli.{col}"
        table.add_column(t(key, language) if col in ("mean", "median") else col, justify="right")
    for row in ("cards", "tricks"):
        dist = data[row]
        table.add_row(
            t(f"beggar.cli.{row}", language),
            *(
                _decimal(dist[c], language) if isinstance(dist[c], float) else str(dist[c])
                for c in ("mean", "median", "q1", "q3", "p99", "max")
            ),
        )
    console.print(table)
    share = data["first_player_win_share"]
    console.print(
        t("beggar.cli.first_wins", language, share=_percent(share, language))
        if share is not None
        else t("beggar.cli.no_finished", language)
    )
    console.print(t("beggar.cli.loops", language, count=data["loops"]))
    if max_turns is not None:
        console.print(t("beggar.cli.capped_count", language, cap=max_turns, count=data["capped"]))
    for hands in data["loop_deals"]:
        console.print(t("beggar.cli.loop_line", language, hands=" ".join(hands)), highlight=False)


@beggar_app.command("records")
def records_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """The published record deals, each replayed now by the reference engine and the kernel."""
    import parlour.games.beggar.texts  # noqa: F401  (registers the texts)
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
    from rich.table import Table

    from parlour.games.beggar.records import RECORDS, check_record

    checks = [check_record(record) for record in RECORDS]
    if as_json:
        from parlour.cli.args import out_json

        out_json(
            [
                {
                    **c.record.to_json(),
                    "engine": dict(
                        zip(("status", "cards", "tricks", "winner"), c.engine, strict=True)
                    ),
                    "kernel": dict(
                        zip(("status", "cards", "tricks", "winner"), c.kernel, strict=True)
                    ),
                    "ok": c.ok,
                }
                for c in checks
            ]
        )
    else:
        table = Table(title=t("beggar.cli.records_title", language))
        for col in ("record", "year", "cards", "tricks", "winner", "checked"):
            table.add_column(
                t(f"beggar.cli.col.{col}", language),
                justify="right" if col in ("year", "cards", "tricks") else "left",
                no_wrap=True,
            )
        for c in checks:
            r = c.record
            length = (
                t("beggar.cli.loop_at", language, cards=r.cards)
                if r.status == "loop"
                else str(r.cards)
            )
            winner = t("beggar.cli.none_loop", language) if r.winner is None else "AB"[r.winner]
            mark = (
                f"[green]{t('beggar.cli.yes', language)}[/green]"
                if c.ok
                else f"[red]{t('beggar.cli.no', language, why=c)}[/red]"
            )
            table.add_row(r.name, str(r.year), length, str(r.tricks), winner, mark)
        console.print(table)
        for c in checks:
            r = c.record
            hands = f"{r.hands[0]} {r.hands[1]}"
            line = t("beggar.cli.record_line", language, name=r.name, year=r.year, hands=hands)
            console.print(line, highlight=False)
    bad = [c for c in checks if not c.ok]
    if bad:
        raise ParlourError(f"{len(bad)} record deal(s) do not give their published length")


@beggar_app.command("search")
def search_command(
    players: Annotated[int, typer.Option("--players", help="Players per deal (2 to 6).")] = 2,
    minutes: Annotated[float, typer.Option("--minutes", help="How long to search.")] = 5.0,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Worker processes (0: every core).")
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option("--ray", help="Run on a Ray cluster at this address ('auto', 'local', ...)."),
    ] = None,
    threshold: Annotated[
        int, typer.Option("--threshold", help="Store every deal of at least this many cards.")
    ] = 3000,
    results: Annotated[
        str, typer.Option("--results", help="JSON-lines file of found deals (resumed).")
    ] = "beggar-search.jsonl",
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the search.")] = None,
    rules: RulesOption = None,
    verify: Annotated[
        bool,
        typer.Option("--verify", help="Replay every stored deal with the reference engine."),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Search long games and loops: random deals and local search by swapping cards."""
    from pathlib import Path

    from parlour.games.beggar import search
    from parlour.games.beggar.game import GAME
    from parlour.i18n import resolve_lang, t

    language = resolve_lang(lang)
    the_rules = rules_from(rules)
    GAME.check_players(players, the_rules)
    if the_rules.jokers or the_rules.beggar_joker or the_rules.shuffle_captured:
        raise RulesError("search plays the standard deck: no jokers, no shuffle_captured")
    # `not minutes > 0`: NaN is refused too (every comparison with it is false)
    if not minutes > 0 or (workers is not None and workers < 0) or threshold < 1:
        raise RulesError("--minutes and --threshold must be positive and --workers at least 0")
    if ray is not None and workers is not None:
        raise RulesError("choose --workers (local processes) or --ray (a cluster), not both")
    store = search.ResultsFile(Path(results))
    if verify:
        _verify_stored(store, results, language)
        return
    if ray is not None:  # an unreachable cluster is refused before the search says it starts
        search.connect_ray(ray)
    console.print(
        _search_start(store, players, minutes, threshold, results, language), highlight=False
    )

    def on_best(entry: search.Found, ok: bool) -> None:
        check = t(
            "beggar.cli.reference_agrees" if ok else "beggar.cli.reference_disagrees", language
        )
        line = t("beggar.cli.new_best", language, check=check, entry=_describe(entry, language))
        console.print(line, highlight=False)

    report = search.search(
        players,
        minutes,
        store,
        threshold=threshold,
        workers=workers or 0,
        ray_address=ray,
        seed=seed,
        next_pays=the_rules.exhausted_payer == "next_pays",
        on_best=on_best,
        stopping=t("beggar.cli.stopping", language),
    )
    _print_report(report, store, players, results, language)


def _search_start(
    store: Any, players: int, minutes: float, threshold: int, results: str, language: str
) -> str:
    """The line a search opens with: what it looks for, and the best deal already stored."""
    from parlour.i18n import t

    shown_minutes = f"{minutes:g}".replace(".", ",") if language == "fr" else f"{minutes:g}"
    start = t(
        "beggar.cli.search_start",
        language,
        players=players,
        minutes=shown_minutes,
        threshold=threshold,
        results=results,
    )
    known = store.best(players, 1)
    if known:
        count = len(store.found)
        best = _describe(known[0], language)
        start += t("beggar.cli.search_known", language, count=count, best=best)
    return start


def _print_report(report: Any, store: Any, players: int, results: str, language: str) -> None:
    """What a finished (or interrupted) search did, and the best deal stored."""
    from parlour.i18n import t

    rate = report.evaluations / report.seconds if report.seconds else 0.0
    if report.interrupted:
        console.print(t("beggar.cli.interrupted", language, results=results))
    console.print(
        t(
            "beggar.cli.search_done",
            language,
            played=report.evaluations,
            deals=_count(report.evaluations, language),
            seconds=_decimal(report.seconds, language, 0),
            rate=_count(rate, language),
            stored=report.stored,
            results=results,
        ),
        highlight=False,
    )
    best = store.best(players, 1)
    if best:
        console.print(
            t("beggar.cli.best_stored", language, entry=_describe(best[0], language)),
            highlight=False,
        )


def _describe(entry: Any, language: str) -> str:
    """A stored deal in one line, as `Found.describe` words it in English."""
    from parlour.i18n import t

    key = "beggar.cli.found_loop" if entry.status == "loop" else "beggar.cli.found"
    hands = " ".join(entry.hands)
    return t(key, language, cards=entry.cards, tricks=entry.tricks, hands=hands)


def _verify_stored(store: Any, results: str, language: str) -> None:
    """Replay every stored deal with the reference engine; an error if one differs."""
    from parlour.games.beggar import search
    from parlour.i18n import t

    entries = sorted(store.found.values(), key=lambda f: -f.score())
    if not entries:
        raise ParlourError(f"no deal stored in {results}")
    wrong = 0
    for entry in entries:
        ok = search.verify(entry)
        wrong += not ok
        mark = t("beggar.cli.verify_ok" if ok else "beggar.cli.verify_differs", language)
        line = t("beggar.cli.verify_line", language, mark=mark, entry=_describe(entry, language))
        console.print(line, highlight=False)
    console.print(t("beggar.cli.verify_done", language, count=len(entries), wrong=wrong))
    if wrong:
        raise ParlourError(f"{wrong} stored deal(s) differ from the reference engine")


def register(app: typer.Typer) -> None:
    app.add_typer(beggar_app, name="beggar")
