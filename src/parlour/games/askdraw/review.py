"""The review of the ask-and-draw games (7 familles, Panoplies, Go Fish): the surer asks missed.

Each ask of the seat is graded by its chance of success (the card or rank given, or drawn
from the pile) computed from the seat's tracker at that moment: what the table's public asks
and answers had shown, and the seat's own hand, the very chances the memory bots use. The
tracker is fed from the events the seat saw and nothing else, so a review never knows a card
the seat could not see. An ask is a mistake when another was surer by at least `MARGIN`: a
small gap is a matter of taste (concentrating on a family, keeping a secret), a big one is a
card the table had pointed at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from parlour.core.events import Event
from parlour.core.review import Graded, Moment, Review, percent
from parlour.games.askdraw.tracker import Tracker
from parlour.i18n import LANGS, register, t

MARGIN = 0.25  # how much surer the best ask must have been for the ask made to be listed
TIE = 1e-9

Chances = Callable[[Tracker, Sequence[Any]], list[float]]

register(
    {
        "askdraw.review.best": {
            "en": "{asked} ({chance} chance): the surest ask.",
            "fr": "{asked} ({chance} de chances) : la demande la plus sûre.",
        },
        "askdraw.review.close": {
            "en": "{asked} ({chance} chance; the surest had {best_chance}).",
            "fr": "{asked} ({chance} de chances ; la plus sûre en avait {best_chance}).",
        },
        "askdraw.review.mistake": {
            "en": "{asked} ({chance} chance), when {best} had {best_chance}.",
            "fr": "{asked} ({chance} de chances), alors que {best} en avait {best_chance}.",
        },
        "askdraw.review.note": {
            "en": "Each ask is graded by its chance of success (the card given, or drawn from "
            "the pile), from what the table's asks and answers had shown and your own hand at "
            "that moment, never from cards you could not see. An ask is listed when another "
            "had a chance higher by {margin} percentage points or more.",
            "fr": "Chaque demande est notée par sa chance de réussir (la carte donnée, ou tirée "
            "de la pioche), d'après ce que les demandes et les réponses de la table avaient "
            "montré et votre main à ce moment, jamais d'après des cartes que vous ne pouviez "
            "pas voir. Une demande est relevée quand une autre avait au moins {margin} points "
            "de pourcentage de chances de plus.",
        },
        "askdraw.review.summary": {
            "en": "{missed} of {asks} {asks:#ask|asks} left a surer card aside.",
            "fr": "{missed} {missed:#demande|demandes} sur {asks} {missed:#a|ont} laissé de côté "
            "une carte plus sûre.",
        },
        "askdraw.review.clean": {
            "en": "No ask left a surer card aside ({asks} graded).",
            "fr": "Aucune demande n'a laissé de côté une carte plus sûre ({asks} "
            "{asks:#notée|notées}).",
        },
    }
)


CardFields = Callable[[int], Mapping[str, Any]]  # what a game's events add to name a card


def _said(
    game: Any,
    ask_data: Mapping[str, Any],
    move: Any,
    lang: str,
    names: Sequence[str],
    card_fields: CardFields | None = None,
) -> str:
    """An ask as the narration words it ("Ann to Bob: ..."), without a final stop.
    `ask_data` is the ask the seat made; `card_fields` names another card the way the game's
    events do (Panoplies words an ask by garment and character, not by card number)."""
    data = {**ask_data, "target": move.target}
    if hasattr(move, "card"):
        data["card"] = move.card
        if card_fields is not None:
            data.update(card_fields(move.card))
    else:
        data["group"] = move.group
    line: str = game.narrate(Event("ask", data), lang, names) or ""
    return line.rstrip(".")


def grade(
    game: Any,
    tracker: Tracker,
    moment: Moment,
    seat: int,
    names: Sequence[str],
    chances: Chances,
    card_fields: CardFields | None = None,
) -> Graded | None:
    legal = list(moment.legal)
    if len(legal) < 2:
        return None  # no choice to grade
    odds = chances(tracker, legal)
    made = next(i for i, a in enumerate(legal) if a.id == moment.action.id)
    top = max(odds)
    # The best alternative: the surest ask, the one made when it is among the surest.
    best = made if odds[made] >= top - TIE else odds.index(top)
    gap = top - odds[made]
    mistake = gap >= MARGIN - TIE
    # The ask as the table heard it carries the fields its narration needs (the deck's name).
    asked = next((e.data for e in moment.after if e.type == "ask"), {"seat": seat})
    text = {}
    for lang in LANGS:
        said = _said(game, asked, moment.action, lang, names, card_fields)
        if best == made:
            text[lang] = t("askdraw.review.best", lang, asked=said, chance=percent(top, lang))
            continue
        key = "askdraw.review.mistake" if mistake else "askdraw.review.close"
        text[lang] = t(
            key,
            lang,
            asked=said,
            best=_said(game, asked, legal[best], lang, names, card_fields),
            chance=percent(odds[made], lang),
            best_chance=percent(top, lang),
        )
    return Graded(
        moment.step,
        moment.action.to_json(),
        legal[best].to_json(),
        odds[made],
        top,
        mistake,
        text,
    )


def review_asks(
    game: Any,
    rules: Any,
    moments: Iterable[Moment],
    seat: int,
    names: Sequence[str],
    chances: Chances,
    card_fields: CardFields | None = None,
) -> Review:
    """The review of `seat`'s asks, graded by `chances(tracker, asks)` (the game's memory);
    `card_fields` as for `_said`."""
    tracker = Tracker(game.grouping(rules), len(names), seat)
    graded: list[Graded] = []
    for moment in moments:
        for event in moment.seen:
            tracker.observe(event)
        found = grade(game, tracker, moment, seat, names, chances, card_fields)
        if found is not None:
            graded.append(found)
        for event in moment.after:
            tracker.observe(event)
    missed = sum(1 for g in graded if g.mistake)
    summary = {
        lang: t("askdraw.review.summary", lang, missed=missed, asks=len(graded))
        if missed
        else t("askdraw.review.clean", lang, asks=len(graded))
        for lang in LANGS
    }
    # Points of percentage, not a share of the chance: 40% against 70% is a gap of 30.
    note = {lang: t("askdraw.review.note", lang, margin=round(100 * MARGIN)) for lang in LANGS}
    return Review(game.name, seat, "chance", tuple(graded), note, summary)
