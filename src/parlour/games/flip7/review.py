"""Flip 7's review: each hit or stay of a seat graded by the exact single-round solver.

At each decision the solver values staying (the points in front) and hitting then playing
optimally, for the deck the seat could count from its view (everything drawn in Flip 7 is
public). A decision's cost is the expected points of the better choice less those of the one
made. The solver values one round, one player alone: the race with the others (how far the
leader is, the end at the table's target) and the action cards' effects on others are outside
it, so a review speaks of expected points of the round, not of winning chances.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from parlour.core.review import Graded, Moment, Review, decimal
from parlour.games.flip7.bots import model_hand, scoring_counts
from parlour.games.flip7.public import read_table, score_of
from parlour.games.flip7.rules import HIT, STAY
from parlour.i18n import LANGS, register, t

# Below this the two choices are worth the same (rounding of the solver's sums).
TIE = 1e-6
# A loss the review would print as 0.0 points is no mistake: it is listed from 0.05 points.
SHOWN = 0.05

register(
    {
        # The verbs of the buttons (« Tirer », « S'arrêter (encaisser) »): the better choice as
        # a subject (« s'arrêter valait… »), the one made after « vous avez choisi de ».
        "flip7.review.hit": {"en": "hit", "fr": "tirer"},
        "flip7.review.stay": {"en": "stay", "fr": "s'arrêter"},
        "flip7.review.chose_stay": {"en": "stay", "fr": "vous arrêter"},
        "flip7.review.good": {
            "en": "Round {round}, {points} {points:#point|points} in front: you chose to {move}, "
            "the best choice ({value} expected).",
            "fr": "Manche {round}, {points} {points:#point|points} devant vous\u00a0: vous avez "
            "choisi de {move}, le meilleur choix ({value} en moyenne).",
        },
        "flip7.review.mistake": {
            "en": "Round {round}, {points} {points:#point|points} in front: you chose to {move} "
            "({value} expected), to {best} was worth {best_value}: {loss} expected points lost.",
            "fr": "Manche {round}, {points} {points:#point|points} devant vous\u00a0: vous avez "
            "choisi de {move} ({value} en moyenne), {best} valait {best_value}\u00a0: {loss} "
            "{shown_loss:#point perdu|points perdus} en moyenne.",
        },
        "flip7.review.note": {
            "en": "Each hit or stay is graded by the exact single-round solver: the expected "
            "points of the round, for the cards left in the deck, one player alone (the race "
            "to {target} and the action cards played on others are left out; with a Second "
            "Chance in hand, the card it saves is counted as still in the deck, a small "
            "approximation). A choice is listed when it lost 0.05 expected points or more.",
            "fr": "Chaque «\u00a0tirer\u00a0» ou «\u00a0s'arrêter\u00a0» est noté par le "
            "solveur exact d'une manche\u00a0: les points espérés de la manche, pour les cartes "
            "restant dans la pioche, un joueur seul (la course aux {target} points et les cartes "
            "action jouées sur les autres n'y sont pas\u00a0; avec une Seconde chance en main, "
            "la carte qu'elle sauve compte comme encore dans la pioche, une petite "
            "approximation). Un choix est relevé quand il a coûté 0,05 point ou plus en "
            "moyenne.",
        },
        "flip7.review.summary": {
            "en": "{mistakes} of {decisions} {decisions:#decision|decisions} cost points: {lost} "
            "expected points lost in all.",
            "fr": "{mistakes} {mistakes:#décision|décisions} sur {decisions} {mistakes:#a|ont} "
            "coûté des points\u00a0: {lost} {shown_lost:#point perdu|points perdus} en moyenne "
            "au total.",
        },
        "flip7.review.clean": {
            "en": "Every decision was the solver's best ({decisions} graded).",
            "fr": "Chaque décision était la meilleure selon le solveur ({decisions} "
            "{decisions:#notée|notées}).",
        },
    }
)


def grade(rules: Any, moment: Moment, seat: int) -> Graded | None:
    """One hit-or-stay decision graded, or None for a move with no such choice (a target to
    give, a hit forced with nothing in front, an empty deck)."""
    from parlour.games.flip7.solver import hit_and_stay

    if len(moment.legal) < 2 or HIT not in moment.legal or STAY not in moment.legal:
        return None
    table = read_table(moment.view, seat)
    if table.pending is not None:
        return None
    counts = scoring_counts(table.next_draw_counts())
    if counts.sum() == 0:
        return None
    stay, hit = hit_and_stay(
        counts, model_hand(table, seat), rules.flip7_bonus, table.second_chance[seat]
    )
    hits = moment.action == HIT
    value, best_value = (hit if hits else stay), max(hit, stay)
    best = HIT if hit > stay + TIE else STAY if stay > hit + TIE else moment.action
    mistake = best_value - value >= SHOWN
    if not mistake:  # worth the same at the review's precision: the choice made was the best
        best, best_value = moment.action, value
    points = score_of(table.numbers[seat], table.modifiers[seat])
    round_ = int(moment.view.get("round", 0))
    text = {}
    for lang in LANGS:
        words = {
            "round": round_,
            "points": points,
            "move": t("flip7.review.hit" if hits else "flip7.review.chose_stay", lang),
            "best": t("flip7.review.hit" if best == HIT else "flip7.review.stay", lang),
            "value": decimal(value, lang),
            "best_value": decimal(best_value, lang),
            "loss": decimal(best_value - value, lang),
            # The amount as shown, one decimal: « 1,1 point perdu » but « 2,0 points perdus ».
            "shown_loss": round(best_value - value, 1),
        }
        key = "flip7.review.mistake" if mistake else "flip7.review.good"
        text[lang] = t(key, lang, **words)
    return Graded(
        moment.step,
        moment.action.to_json(),
        best.to_json(),
        value,
        best_value,
        mistake,
        text,
        part=round_,
    )


def review(rules: Any, moments: Iterable[Moment], seat: int, names: Sequence[str]) -> Review:
    graded = tuple(g for m in moments if (g := grade(rules, m, seat)) is not None)
    mistakes = [g for g in graded if g.mistake]
    lost = sum(g.loss for g in mistakes)
    summary = {}
    for lang in LANGS:
        if mistakes:
            summary[lang] = t(
                "flip7.review.summary",
                lang,
                mistakes=len(mistakes),
                decisions=len(graded),
                lost=decimal(lost, lang),
                shown_lost=round(lost, 1),
            )
        else:
            summary[lang] = t("flip7.review.clean", lang, decisions=len(graded))
    # The race is to the table's own target (a table may play to 40), not always to 200.
    note = {lang: t("flip7.review.note", lang, target=rules.target) for lang in LANGS}
    return Review("flip7", seat, "points", graded, note, summary)
