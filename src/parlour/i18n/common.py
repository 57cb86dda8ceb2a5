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
            "fr": "Parlour est un logiciel libre (GPL-3.0 ou ultérieure) : vous pouvez "
            "l'utiliser, l'étudier, le partager et le modifier.",
        },
        "traditional": {
            "en": "a traditional game.",
            "fr": "un jeu traditionnel.",
        },
    }
)


def join_names(names: list[str], lang: str) -> str:
    from parlour.i18n.catalog import t

    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t("and", lang) + names[-1]
