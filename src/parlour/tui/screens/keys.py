"""The keys screen (`?` or F1 at the table): every key that works there, in the table's language.

The footer holds only what fits at 80 columns; this list is the whole of it, so that a person
who cannot see the colours or the mouse pointer still finds every key in plain words.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.widgets import Button, Static

from parlour.i18n import register, t
from parlour.tui.screens.base import ClosableModal

# (keys, what they do) in the order a player needs them: playing first, quitting last.
KEYS = (
    ("play", "↑ ↓, Enter", "↑ ↓, Entrée"),
    ("digit", "1–9", "1–9"),
    ("back", "0, Backspace, Escape", "0, Retour arrière, Échap"),
    ("only", "Space", "Espace"),
    ("every", "x", "x"),
    ("hints", "h", "h"),
    ("rules", "r", "r"),
    ("save", "s", "s"),
    ("pace", "+ / -", "+ / -"),
    ("instant", "*", "*"),
    ("auto", "a", "a"),
    ("panes", "Tab, Shift+Tab", "Tab, Maj+Tab"),
    ("narration", "PageUp PageDown Home End", "PgPréc PgSuiv Début Fin"),
    ("about", "i", "i"),
    ("keys", "? or F1", "F1 ou ?"),
    ("quit", "q, Ctrl+Q", "q, Ctrl+Q"),
)

register(
    {
        "tui.keys_title": {"en": "Keys at the table", "fr": "Les touches à la table"},
        "tui.keys_close": {
            "en": "Escape, ? or F1 closes this list.",
            "fr": "Échap, ? ou F1 ferme cette liste.",
        },
        "tui.keys_key": {"en": "Key", "fr": "Touche"},
        "tui.keys_does": {"en": "What it does", "fr": "Effet"},
        **{f"tui.keys.{name}.key": {"en": en, "fr": fr} for name, en, fr in KEYS},
        "tui.keys.play.does": {
            "en": "choose the marked (▶) move, Enter plays it",
            "fr": "choisir le coup marqué (▶), Entrée le joue",
        },
        "tui.keys.digit.does": {
            "en": "play the move of that number (or take that step of an ask)",
            "fr": "jouer le coup de ce numéro (ou choisir cette étape d'une demande)",
        },
        "tui.keys.back.does": {
            "en": "one step back while picking an ask",
            "fr": "revenir d'une étape en choisissant une demande",
        },
        "tui.keys.only.does": {
            "en": "play the only move (Beggar: turn up your card)",
            "fr": "jouer le seul coup possible (Ruine-ton-voisin : retourner sa carte)",
        },
        "tui.keys.every.does": {
            "en": "list every move; ✗ marks those not allowed now",
            "fr": "lister tous les coups ; ✗ marque ceux interdits maintenant",
        },
        "tui.keys.hints.does": {"en": "hints on or off", "fr": "indices affichés ou cachés"},
        "tui.keys.rules.does": {
            "en": "the rules and this table's options",
            "fr": "les règles et les options de cette table",
        },
        "tui.keys.save.does": {
            "en": "save the game to a file",
            "fr": "enregistrer la partie dans un fichier",
        },
        "tui.keys.pace.does": {"en": "bots faster / slower", "fr": "robots plus vite / moins vite"},
        "tui.keys.instant.does": {
            "en": "bots play at once, or at their pace again",
            "fr": "robots instantanés, ou de nouveau à leur rythme",
        },
        "tui.keys.auto.does": {
            "en": "auto-play of your forced moves; with no person seated, pause the bots",
            "fr": "jeu automatique de vos coups forcés ; sans joueur humain, met les robots "
            "en pause",
        },
        "tui.keys.panes.does": {
            "en": "move between the panes: the moves, the narration (At the table)",
            "fr": "passer d'un panneau à l'autre : les coups, le récit (À la table)",
        },
        "tui.keys.narration.does": {
            "en": "in the narration (after Tab): read back what was said",
            "fr": "dans le récit (après Tab) : relire ce qui a été dit",
        },
        "tui.keys.about.does": {"en": "About: credits and licence", "fr": "À propos : crédits"},
        "tui.keys.keys.does": {"en": "this list of keys", "fr": "cette liste des touches"},
        "tui.keys.quit.does": {
            "en": "quit (a game not saved asks first)",
            "fr": "quitter (une partie non enregistrée demande d'abord)",
        },
    }
)


def keys_table(lang: str) -> Table:
    """Every key of the table and what it does, one row each."""
    table = Table(expand=True, box=None, header_style="bold underline", pad_edge=False)
    table.add_column(t("tui.keys_key", lang), style="bold", no_wrap=True)
    table.add_column(t("tui.keys_does", lang), ratio=1)
    for name, _en, _fr in KEYS:
        table.add_row(t(f"tui.keys.{name}.key", lang), t(f"tui.keys.{name}.does", lang))
    return table


class KeysScreen(ClosableModal):
    BINDINGS = [Binding("escape,question_mark,f1,q", "close", "Close")]

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Center(classes="centre"), VerticalScroll(classes="card", id="keys"):
            yield Static(Text(t("tui.keys_title", self.lang), style="bold"))
            yield Static(keys_table(self.lang))
            yield Static(Text(t("tui.keys_close", self.lang), style="dim"))
            yield Button(t("tui.close", self.lang), id="close")
