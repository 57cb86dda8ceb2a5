"""Texts of the terminal interface, in English and French."""

from parlour.i18n import register

register(
    {
        "tui.setup_title": {"en": "New game: {title}", "fr": "Nouvelle partie : {title}"},
        "tui.players": {"en": "Players", "fr": "Joueurs"},
        "tui.seat": {"en": "Seat {n}", "fr": "Place {n}"},
        "tui.human": {"en": "human", "fr": "humain"},
        "tui.name": {"en": "Name", "fr": "Nom"},
        "tui.seat_field": {"en": "{field}", "fr": "{field}"},  # left blank: any one
        "tui.age": {"en": "age", "fr": "âge"},  # short: the field is narrow at 80 columns
        "tui.level": {"en": "level", "fr": "niveau"},
        "tui.language": {"en": "Language", "fr": "Langue"},
        "tui.seed": {"en": "Seed (empty: random)", "fr": "Graine (vide : au hasard)"},
        "tui.rules_options": {"en": "Rules options", "fr": "Options de règle"},
        "tui.start": {"en": "Start", "fr": "Commencer"},
        "tui.hints_option": {"en": "Hints", "fr": "Indices"},
        "tui.bad_setup": {"en": "Cannot start: {error}", "fr": "Impossible de commencer : {error}"},
        "tui.your_turn": {"en": "{name}, your move.", "fr": "{name}, à vous de jouer."},
        "tui.waiting": {"en": "{name} is thinking…", "fr": "{name} réfléchit…"},
        "tui.moves": {"en": "Your moves", "fr": "Vos coups"},
        # Short: the title of the moves pane, whole at 80 columns (choosing a ✗ move says why).
        "tui.all_moves": {
            "en": "Every move (✗ = not allowed now)",
            "fr": "Tous les coups (✗ = interdit)",
        },
        "tui.dash_name": {
            "en": "--humans is a number of people or their names, and a name does not start "
            "with '-': {name}",
            "fr": "--humans est un nombre de personnes ou leurs noms, et un nom ne commence "
            "pas par «\u00a0-\u00a0»\u00a0: {name}",
        },
        "tui.not_allowed": {"en": "Not allowed: {reason}", "fr": "Interdit : {reason}"},
        "tui.narration": {"en": "At the table", "fr": "À la table"},
        "tui.hints": {"en": "Hints", "fr": "Indices"},
        "tui.hints_more": {
            "en": "and {n} more {n:#fact|facts}: a bigger terminal shows them",
            "fr": "et {n} {n:#autre fait|autres faits} : un terminal plus grand les montre",
        },
        "tui.no_hints": {
            "en": "No hint for this game.",
            "fr": "Pas d'indice pour ce jeu.",
        },
        "tui.pace": {"en": "Bots: {pace}", "fr": "Robots : {pace}"},
        "tui.instant": {"en": "instant", "fr": "instantané"},
        "tui.saved": {"en": "Game saved to {path}.", "fr": "Partie enregistrée dans {path}."},
        "tui.save_as": {"en": "Save the game to:", "fr": "Enregistrer la partie dans :"},
        "tui.save": {"en": "Save", "fr": "Enregistrer"},
        "tui.cancel": {"en": "Cancel", "fr": "Annuler"},
        "tui.cannot_save": {
            "en": "Cannot save: {error}",
            "fr": "Échec de l'enregistrement : {error}",
        },
        "tui.pass_to": {
            "en": "Pass the device to {name}.",
            "fr": "Passez l'appareil à {name}.",
        },
        "tui.pass_hint": {
            "en": "Nobody else should look at the screen. Press Enter when {name} is ready.",
            # Not « entre les mains de {name} »: a name is not elided (« de Émile »).
            "fr": "Personne d'autre ne doit regarder l'écran. Appuyez sur Entrée quand {name} a "
            "l'appareil en main.",
        },
        "tui.ready": {"en": "I am {name}", "fr": "Je suis {name}"},
        "tui.turn_over": {
            "en": "{name}, your turn is over.",
            "fr": "{name}, votre tour est terminé.",
        },
        "tui.hide_hand": {"en": "Hide my hand", "fr": "Cacher mon jeu"},
        "tui.hidden": {
            "en": "(hands hidden until the device is passed)",
            "fr": "(jeux cachés jusqu'au passage de l'appareil)",
        },
        "tui.game_over": {"en": "Game over", "fr": "Partie terminée"},
        "tui.play_again": {"en": "Play again", "fr": "Rejouer"},
        "tui.quit": {"en": "Quit", "fr": "Quitter"},
        "tui.close": {"en": "Close", "fr": "Fermer"},
        "tui.rank": {"en": "Rank", "fr": "Rang"},
        "tui.score": {"en": "Score", "fr": "Score"},
        "tui.player": {"en": "Player", "fr": "Joueur"},
        "tui.turns": {"en": "{turns} {turns:#move|moves}.", "fr": "{turns} {turns:#coup|coups}."},
        "tui.loser": {"en": "{name} loses.", "fr": "{name} perd."},
        "tui.status": {
            "en": "Status: {status}",
            "fr": "Fin : {status}",
        },
        "tui.about_title": {"en": "About Parlour", "fr": "À propos de Parlour"},
        "tui.about": {
            "en": "Parlour {version}: family card games in the terminal and on the web.",
            "fr": "Parlour {version} : des jeux de cartes en famille, dans le terminal et sur "
            "le web.",
        },
        "tui.rules_title": {"en": "Rules: {title}", "fr": "Règles : {title}"},
        "tui.current": {"en": "this game", "fr": "cette partie"},
        "tui.bot_failed": {
            "en": "{name} (a bot) failed: {error}. Save the game (s) and report it.",
            "fr": "{name} (un robot) a échoué : {error}. Enregistrez la partie (s) et signalez-le.",
        },
        "tui.quit_question": {
            "en": "Leave this game? It is lost unless you save it.",
            "fr": "Quitter cette partie ? Elle sera perdue si vous ne l'enregistrez pas.",
        },
        "tui.key.only_move": {"en": "Play", "fr": "Jouer"},
        "tui.key.every_move": {"en": "Moves", "fr": "Coups"},
        "tui.key.hints": {"en": "Hints", "fr": "Indices"},
        "tui.key.rules": {"en": "Rules", "fr": "Règles"},
        "tui.key.save": {"en": "Save", "fr": "Sauver"},
        "tui.key.faster": {"en": "Pace", "fr": "Tempo"},
        "tui.key.slower": {"en": "Slower", "fr": "Moins vite"},
        "tui.key.instant": {"en": "Instant", "fr": "Direct"},
        "tui.key.auto": {"en": "Auto", "fr": "Auto"},
        "tui.key.about": {"en": "About", "fr": "Info"},
        "tui.key.quit": {"en": "Quit", "fr": "Fin"},
        "tui.key.start": {"en": "Start", "fr": "Commencer"},
        "tui.key.keys": {"en": "Keys", "fr": "Touches"},
        "tui.auto_on": {"en": "Auto-play on.", "fr": "Jeu automatique activé."},
        "tui.auto_off": {"en": "Auto-play off.", "fr": "Jeu automatique désactivé."},
        "tui.bots_paused": {
            "en": "Bots paused: press a to let them play on.",
            "fr": "Robots en pause : appuyez sur a pour les laisser reprendre.",
        },
        "tui.bots_resumed": {"en": "Bots playing again.", "fr": "Les robots reprennent."},
        "tui.dumb_terminal": {
            "en": "this terminal (TERM={term}) cannot show the table: run parlour play in a "
            "terminal such as xterm, GNOME Terminal or Windows Terminal",
            "fr": "ce terminal (TERM={term}) ne peut pas afficher la table : lancez parlour play "
            "dans un terminal tel que xterm, GNOME Terminal ou Windows Terminal",
        },
        "tui.spectator": {"en": "spectator", "fr": "spectateur"},
        "tui.you": {"en": "you", "fr": "vous"},
        "tui.bot": {"en": "bot {spec}", "fr": "robot {spec}"},
        **{
            f"tui.botname.{name}": {"en": en, "fr": fr}
            for name, en, fr in (
                ("random", "random", "hasard"),
                ("first", "first move", "1er coup"),
                ("strong", "strong", "fort"),
                ("counter", "counter", "compteur"),
                ("threshold", "threshold", "seuil"),
                ("solver", "solver", "solveur"),
                ("memory", "memory", "mémoire"),
                ("reflexes", "reflexes", "réflexes"),
                ("search", "search", "recherche"),
                ("easy", "easy", "facile"),
                ("medium", "medium", "moyen"),
                ("hard", "hard", "difficile"),
                ("expert", "expert", "expert"),
            )
        },
        "tui.lang.en": {"en": "English", "fr": "anglais"},
        "tui.lang.fr": {"en": "French", "fr": "français"},
        "tui.too_small": {
            "en": "The terminal is too small ({width}×{height}): Parlour needs at least "
            "{min_width}×{min_height}. Enlarge the window or reduce the font.",
            "fr": "Le terminal est trop petit ({width}×{height}) : Parlour demande au moins "
            "{min_width}×{min_height}. Agrandissez la fenêtre ou réduisez la police.",
        },
        "tui.quit_hint": {
            "en": "Press Ctrl+Q (or q) to quit.",
            "fr": "Appuyez sur Ctrl+Q (ou q) pour quitter.",
        },
        "tui.quit_hint_title": {"en": "Quit?", "fr": "Quitter ?"},
        "tui.field.character": {"en": "character", "fr": "personnage"},
        "tui.back": {"en": "← Back", "fr": "← Retour"},
        "tui.pick.target": {"en": "Ask whom?", "fr": "Demander à qui ?"},
        "tui.pick.card": {"en": "{path}: which card?", "fr": "{path} : quelle carte ?"},
    }
)
