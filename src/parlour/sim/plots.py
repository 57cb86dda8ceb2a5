"""`--plot FILE`: game lengths, scores by bot and win shares with their intervals (matplotlib)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from parlour.core.errors import ParlourError
from parlour.sim.stats import GameRows, Summary

PLOT_FORMATS = (".png", ".svg")


def check_plot_path(path: str | Path) -> Path:
    target = Path(path)
    if target.suffix.lower() not in PLOT_FORMATS:
        raise ParlourError(f"--plot writes .png or .svg files, not {target.name!r}")
    return target


def heavy_tailed(turns: np.ndarray) -> bool:
    """Lengths with a long tail (Beggar's: a median near 200 flips, games past 1,000) read
    better on a logarithmic axis; short, tight games stay linear."""
    if len(turns) < 2 or turns.min() <= 0:
        return False
    median, p99 = np.percentile(turns, [50, 99])
    return bool(p99 >= 4 * median)


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
        bins = np.arange(turns.min(), turns.max() + 2) if len(turns) and np.ptp(turns) < 60 else 40
    lengths.hist(turns, bins=bins, color="tab:blue", alpha=0.8)
    lengths.set_title("game length" + (" (log scale)" if log else ""))
    lengths.set_xlabel("turns (decisions)")
    lengths.set_ylabel("games")

    by_bot = rows.by_bot(rows.scores) if rows.games else np.zeros((0, len(summary.bots)))
    labels = [line.bot for line in summary.bots]
    scores.boxplot([by_bot[:, b] for b in range(len(labels))], showmeans=True)
    scores.set_xticks(range(1, len(labels) + 1), labels, rotation=20)
    scores.set_title("score by bot")
    scores.set_ylabel("score")

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
        raise ParlourError(f"cannot write {target}: {err.strerror}") from None
    finally:
        plt.close(fig)
    return target
