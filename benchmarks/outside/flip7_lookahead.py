"""A Flip 7 bot written outside Parlour, as a researcher would write one in an afternoon: it
reads only the public `Decision` contract (docs/bots.md: the view and the actions' JSON) and
none of Parlour's solvers, tables or bots.

It counts the deck (`deck_counts`) and looks two cards ahead: the best of staying and hitting,
a duplicate number scoring nothing, a Flip 7 its bonus, an action card only delaying the next
card. Near the target it follows two race rules: it stays when staying ends the game in the
lead, and hits when a player out of the round has passed the target ahead of it (only a hit can
still win). Freeze goes to the opponent with the fewest points in front of him, Flip Three to
the opponent holding the most numbers, a Second Chance to itself if it may keep it.

    PYTHONPATH=benchmarks/outside parlour simulate flip7 \\
        --bots flip7_lookahead:LookAhead,expert --games 20000 --seed 5
"""

from __future__ import annotations

from typing import Any

from parlour.bots import Bot, Decision

BONUS = 15
DEPTH = 2
PLUS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10}
SCORING = [str(n) for n in range(13)] + [*PLUS, "x2"]


def score(numbers: frozenset[int], modifiers: frozenset[str]) -> int:
    points = sum(numbers) * (2 if "x2" in modifiers else 1)
    points += sum(PLUS[m] for m in modifiers if m in PLUS)
    return points + (BONUS if len(numbers) == 7 else 0)


def best(
    numbers: frozenset[int], modifiers: frozenset[str], deck: dict[str, int], depth: int
) -> float:
    """Expected points of the better of staying and hitting, `depth` cards ahead."""
    stay = float(score(numbers, modifiers))
    if depth == 0 or len(numbers) == 7:
        return stay
    size = sum(deck[kind] for kind in SCORING)
    if size == 0:
        return stay
    hit = 0.0
    for kind in SCORING:
        left = deck[kind]
        if left == 0:
            continue
        deck[kind] -= 1
        if kind in PLUS or kind == "x2":
            value = best(numbers, modifiers | {kind}, deck, depth - 1)
        elif int(kind) in numbers:
            value = 0.0  # a duplicate: the round is lost
        else:
            value = best(numbers | {int(kind)}, modifiers, deck, depth - 1)
        deck[kind] += 1
        hit += left * value
    return max(stay, hit / size)


class LookAhead(Bot):
    def act(self, decision: Decision) -> Any:
        legal = decision.legal_actions
        kinds = {action.to_json()["type"]: action for action in legal}
        view = decision.view
        me = decision.seat
        if "target" in kinds:
            return self.target(view, me, legal)
        if "stay" not in kinds:
            return legal[0]
        rows, totals = view["table"], view["totals"]
        row = rows[me]
        mine = totals[me] + row["points"]
        others = [s for s in range(len(rows)) if s != me]
        # Race rules: what the others have banked this round is known once they are out.
        banked = {
            s: totals[s] + (rows[s]["points"] if rows[s]["status"] in ("stayed", "frozen") else 0)
            for s in others
        }
        if mine >= view["target"] and all(mine > banked[s] + rows[s]["points"] for s in others):
            return kinds["stay"]
        out = [s for s in others if rows[s]["status"] != "active"]
        if any(banked[s] >= view["target"] and banked[s] >= mine for s in out):
            return kinds["hit"]
        numbers = frozenset(int(n) for n in row["numbers"])
        modifiers = frozenset(row["modifiers"])
        deck = {kind: view["deck_counts"].get(kind, 0) for kind in SCORING}
        hit = best(numbers, modifiers, deck, DEPTH)
        return kinds["hit"] if hit > score(numbers, modifiers) else kinds["stay"]

    @staticmethod
    def target(view: dict[str, Any], me: int, legal: list[Any]) -> Any:
        pending = view["pending"]
        options = pending["targets"]
        by_seat = {action.to_json()["seat"]: action for action in legal}
        others = [s for s in options if s != me]
        if not others:
            return by_seat[options[0]]
        rows = view["table"]
        if pending["kind"] == "freeze":
            return by_seat[min(others, key=lambda s: rows[s]["points"])]
        if pending["kind"] == "flip_three":
            return by_seat[max(others, key=lambda s: len(rows[s]["numbers"]))]
        return (
            by_seat[me] if me in options else by_seat[min(others, key=lambda s: view["totals"][s])]
        )
