"""`--plot FILE`: game lengths, scores by bot and win shares with their intervals (matplotlib)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from parlour.core.errors import FileProblem, ParlourError
from parlour.sim.stats import GameRows, Summary

PLOT_FORMATS = (".png", ".svg")


def check_plot_path(path: str | Path) -> Path:
    target = Path(path)
    if target.suffix.lower() not in PLOT_FORMATS:
        raise ParlourError(f"--plot writes .png or .svg files, not {target.name!r}")
    from parlour.extras import require

    require("matplotlib", "plot", "--plot")
    return target


def heavy_tailed(turns: np.ndarray) -> bool:
    """Lengths spread over orders of magnitude read better on a logarithmic axis.

    The test is the spread of log-lengths, which does not depend on the unit or on the number
    of games: Beggar's deals (from about 40 flips to several thousand) give 0.55 to 0.75; Flip 7
    and the 7 familles, whose games vary by a few tens of turns, about 0.2.
    """
    if len(turns) < 2 or turns.min() <= 0:
        return False
    return bool(np.log(turns).std() >= 0.4)


def plot_scores(axes: Any, by_bot: np.ndarray, labels: list[str]) -> None:
    """Few distinct scores (Beggar's 0 or 1, rounds won): bars of how often each score came,
    side by side per bot. Many (Flip 7's points): a box per bot with its mean marked."""
    values = np.unique(by_bot)
    if len(values) <= 12:
        width = 0.8 / max(1, len(labels))
        for b, label in enumerate(labels):
            share = [(by_bot[:, b] == v).mean() for v in values]
            axes.bar(np.arange(len(values)) + b * width, share, width, label=label)
        axes.set_xticks(np.arange(len(values)) + 0.4 - width / 2, [f"{v:g}" for v in values])
        axes.set_xlabel("score")
        axes.set_ylabel("share of games")
        axes.legend()
    else:
        axes.boxplot([by_bot[:, b] for b in range(len(labels))], showmeans=True)
        axes.set_xticks(range(1, len(labels) + 1), labels, rotation=20)
        axes.set_ylabel("score")
    axes.set_title("score distribution by bot")


def plot_summary(
    rows: GameRows, summary: Summary, path: str | Path, log_length: bool | None = None
) -> Path:
    """Three panels in one figure; `log_length` None chooses from the lengths' tail."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display is needed or wanted
    import matplotlib.pyplot as plt

    target = check_plot_path(path)
    log = heavy_tailed(rows.turns) if log_length is None else log_length
    fig, (lengths, scores, shares) = plt.subplots(1, 3, figsize=(15, 4.5))
    fig.suptitle(f"{summary.game}: {summary.games} games, seed {summary.seed}")

    turns = rows.turns
    if log and len(turns):
        bins = np.geomspace(max(1, turns.min()), turns.max() + 1, 40)
        lengths.set_xscale("log")
    else:
        # whole-number edges: turns are integers, and uneven integer bins draw false gaps
        low, high = (int(turns.min()), int(turns.max())) if len(turns) else (0, 1)
        step = max(1, -(-(high - low + 1) // 40))
        bins = np.arange(low, high + step + 1, step) - 0.5
    lengths.hist(turns, bins=bins, color="tab:blue", alpha=0.8)
    lengths.set_title("game length" + (" (log scale)" if log else ""))
    lengths.set_xlabel("turns (decisions)")
    lengths.set_ylabel("games")

    labels = [line.bot for line in summary.bots]
    plot_scores(scores, rows.by_bot(rows.scores), labels)

    x = np.arange(len(labels))
    values = np.array([line.win_share for line in summary.bots])
    low = values - np.array([line.ci95[0] for line in summary.bots])
    high = np.array([line.ci95[1] for line in summary.bots]) - values
    shares.bar(x, values, color="tab:green", alpha=0.8)
    shares.errorbar(x, values, yerr=[low, high], fmt="none", ecolor="black", capsize=6)
    shares.set_xticks(x, labels, rotation=20)
    shares.set_ylim(0, 1)
    shares.set_title("win share (95% Wilson interval)")
    if summary.draws:
        shares.axhline(summary.draws / summary.games, color="grey", ls="--", label="draws")
        shares.legend()

    fig.tight_layout()
    try:
        fig.savefig(target, dpi=110)
    except OSError as err:
        raise FileProblem(f"cannot write {target}: {err.strerror}") from None
    finally:
        plt.close(fig)
    return target
