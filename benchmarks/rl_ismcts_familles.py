"""OpenSpiel's ISMCTS (with Parlour's resampler) against Parlour's bots in the 7 familles.

Head-to-head matches at two players: every deal is played twice with the seats swapped, so
luck of the deal cancels out. Prints a Markdown table (win share of ISMCTS, ties shared, with a
95% Wilson interval) and the thinking time per move of each side.

    python benchmarks/rl_ismcts_familles.py --games 40 --simulations 100
"""

from __future__ import annotations

import argparse
import json
import sys

from parlour.bots.base import make_bot
from parlour.core.registry import get_game
from parlour.rl.arena import ismcts_bot, play_mixed
from parlour.rl.openspiel_game import load
from parlour.sim.schedule import derive_seed
from parlour.sim.stats import wilson_interval


def match(opponent: str, games: int, simulations: int, seed: int, players: int) -> dict:
    spiel_game = load("familles", players=players)
    parlour_game = get_game("familles")
    wins = draws = 0.0
    ismcts_time = other_time = 0.0
    ismcts_moves = other_moves = 0
    for index in range(games):
        deal_seed = derive_seed(seed, opponent, index // players)
        ismcts_seat = index % players
        table = []
        for seat in range(players):
            if seat == ismcts_seat:
                table.append(ismcts_bot(spiel_game, simulations, derive_seed(seed, "i", index)))
            else:
                table.append(make_bot(parlour_game, opponent))
        played = play_mixed(spiel_game, table, deal_seed)
        winners = played.outcome.winners
        if not winners:
            draws += 1
        elif ismcts_seat in winners:
            wins += 1.0 / len(winners)
        ismcts_time += played.seconds[ismcts_seat]
        ismcts_moves += played.moves[ismcts_seat]
        others = [s for s in range(players) if s != ismcts_seat]
        other_time += sum(played.seconds[s] for s in others)
        other_moves += sum(played.moves[s] for s in others)
        print(
            f"  {opponent} game {index + 1}/{games}: ISMCTS seat {ismcts_seat}, "
            f"winners {list(winners)}, ISMCTS wins so far {wins}",
            file=sys.stderr,
            flush=True,
        )
    low, high = wilson_interval(wins, games)
    return {
        "opponent": opponent,
        "games": games,
        "ismcts_wins": wins,
        "ismcts_win_share": wins / games,
        "ci95": [low, high],
        "draws": draws,
        "ismcts_seconds_per_move": ismcts_time / max(1, ismcts_moves),
        "opponent_seconds_per_move": other_time / max(1, other_moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per opponent (even)")
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations/move")
    parser.add_argument("--opponents", default="search,memory")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    rows = [
        match(name.strip(), args.games, args.simulations, args.seed, args.players)
        for name in args.opponents.split(",")
    ]
    print(f"ISMCTS ({args.simulations} simulations, random rollouts), {args.players} players")
    print(
        "| opponent | games | ISMCTS win share | 95% interval | draws | s/move ISMCTS | "
        "s/move opponent |"
    )
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        low, high = row["ci95"]
        print(
            f"| {row['opponent']} | {row['games']} | {row['ismcts_win_share']:.2f} | "
            f"{low:.2f}-{high:.2f} | {row['draws']:.0f} | "
            f"{row['ismcts_seconds_per_move']:.3f} | {row['opponent_seconds_per_move']:.3f} |"
        )
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"simulations": args.simulations, "rows": rows}, out, indent=2)


if __name__ == "__main__":
    main()
