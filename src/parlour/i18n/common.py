"""Texts shared by every game and by the command line."""

from parlour.i18n.catalog import register

register(
    {
        "wins": {"en": "{name} wins.", "fr": "{name} gagne."},
        "shared_win": {"en": "{names} share the win.", "fr": "{names} gagnent ex æquo."},
        "draw": {"en": "The game is a draw.", "fr": "La partie est nulle."},
        "capped": {
            "en": "The turn limit ({turns}) is reached: the game is a draw.",
            "fr": "La limite de tours ({turns}) est atteinte : la partie est nulle.",
        },
        "and": {"en": " and ", "fr": " et "},
        "player": {"en": "Player {n}", "fr": "Joueur {n}"},
        "bot_name": {"en": "Bot {n}", "fr": "Robot {n}"},
        "stand_in_name": {"en": "{name} (bot)", "fr": "{name} (robot)"},
        "web.upload_help": {
            "en": "{what} At a web table: one of the shipped values, or a file of your own.",
            "fr": "{what} À une table en ligne : une des valeurs fournies, ou votre fichier.",
        },
        "options": {"en": "Options", "fr": "Options"},
        "option": {"en": "option", "fr": "option"},
        "default": {"en": "default", "fr": "défaut"},
        "meaning": {"en": "meaning", "fr": "signification"},
        "credits": {
            "en": "Parlour is free software (GPL-3.0-or-later): you may use, study, share and "
            "change it.",
            "fr": "Parlour est un logiciel libre (GPL-3.0 ou ultérieure)\u00a0: vous pouvez "
            "l'utiliser, l'étudier, le partager et le modifier.",
        },
        # A sentence of its own, as the other games' credits are (`parlour rules` prints it
        # alone); the About line lower-cases it after its colon (`after_colon`).
        "traditional": {
            "en": "A traditional game.",
            "fr": "Un jeu traditionnel.",
        },
    }
)


def colon(lang: str) -> str:
    """A colon between a label and its text: French puts a (non-breaking) space before it."""
    return "\u00a0: " if lang == "fr" else ": "


def after_colon(text: str, keep: str = "") -> str:
    """`text` as it reads after a colon in French: its first letter in lower case, unless the
    first word is a proper noun or an acronym (its second letter is not lower-case: `PYTHONPATH`,
    `X`) or one of the words of `keep` (a title that names itself, `Flip 7 est un jeu...`)."""
    if len(text) < 2 or not text[1].islower():
        return text
    first = text.split(maxsplit=1)[0]
    return text if first in keep.split() else text[0].lower() + text[1:]


def join_names(names: list[str], lang: str) -> str:
    from parlour.i18n.catalog import t

    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t("and", lang) + names[-1]
