"""Texts of Beggar-My-Neighbour."""

from parlour.i18n import register

register(
    {
        "beggar.title": {
            "en": "Beggar-My-Neighbour",
            "fr": "Beggar-My-Neighbour (Ruine-ton-voisin)",
        },
        "beggar.dealer_draw": {
            "en": "Drawing for the deal: {cards}.",
            "fr": "Tirage pour la donne : {cards}.",
        },
        "beggar.deal": {
            "en": "Round {round}: {dealer} deals, {leader} leads.",
            "fr": "Manche {round} : {dealer} distribue, {leader} commence.",
        },
        "beggar.flip": {"en": "{name} turns up {card}.", "fr": "{name} retourne {card}."},
        "beggar.flip_penalty": {
            "en": "{name} turns up {card}: {owed} to pay!",
            "fr": "{name} retourne {card} : {owed} à payer !",
        },
        "beggar.pay": {
            "en": "{name} pays {card} ({owed} still owed).",
            "fr": "{name} paie {card} (encore {owed}).",
        },
        "beggar.capture": {
            "en": "{name} takes the pile ({size} {size:#card|cards}).",
            "fr": "{name} ramasse la pile ({size} {size:#carte|cartes}).",
        },
        "beggar.out": {"en": "{name} is out of cards.", "fr": "{name} n'a plus de cartes."},
        "beggar.round_end": {
            "en": "{name} wins round {round} after {cards} {cards:#card|cards} and {tricks} "
            "{tricks:#trick|tricks}.",
            "fr": "{name} gagne la manche {round} après {cards} {cards:#carte|cartes} et {tricks} "
            "{tricks:#pli|plis}.",
        },
        "beggar.round_loop": {
            "en": "Round {round} loops forever (repeat after {cards} {cards:#card|cards}, "
            "{tricks} {tricks:#trick|tricks}).",
            "fr": "La manche {round} boucle à l'infini (répétition après {cards} "
            "{cards:#carte|cartes}, "
            "{tricks} {tricks:#pli|plis}).",
        },
        "beggar.number_card": {"en": "a number card", "fr": "une carte numérique"},
        "beggar.joker": {"en": "a joker", "fr": "un joker"},
        "beggar.beggar_joker": {"en": "the beggar joker", "fr": "le joker mendiant"},
        "beggar.rules": {
            "en": "Two to six players turn up cards in turn on a central pile. An ace, king, "
            "queen or jack makes the next player pay 4, 3, 2 or 1 cards; a penalty card among "
            "them passes the debt on. Paid with number cards only, the pile goes to whoever "
            "laid the last penalty card, under his stack in the order played. A player who "
            "must play with no cards is out; the last one holding cards wins.",
            "fr": "De deux à six joueurs retournent tour à tour une carte sur une pile "
            "centrale. Un as, un roi, une dame ou un valet oblige le joueur suivant à payer "
            "4, 3, 2 ou 1 cartes ; une figure parmi elles reporte la dette. Payée avec des "
            "cartes numériques seulement, la pile revient à qui a posé la dernière figure, "
            "sous sa pile dans l'ordre du jeu. Qui doit jouer sans carte est éliminé ; le "
            "dernier à avoir des cartes gagne.",
        },
        "beggar.cli.hand": {"en": "hand {letter}", "fr": "main {letter}"},
        "beggar.cli.result": {
            "en": "{status}: {cards} {cards:#card|cards}, {tricks} {tricks:#trick|tricks}, {who}",
            "fr": "{status} : {cards} {cards:#carte|cartes}, {tricks} {tricks:#pli|plis}, {who}",
        },
        "beggar.cli.finished": {"en": "finished", "fr": "terminée"},
        "beggar.cli.loop": {"en": "loop", "fr": "boucle"},
        "beggar.cli.capped": {"en": "capped", "fr": "limite atteinte"},
        "beggar.cli.no_winner": {"en": "no winner", "fr": "pas de gagnant"},
        "beggar.cli.winner": {
            "en": "hand {letter} ({seat}) wins",
            "fr": "la main {letter} ({seat}) gagne",
        },
        "beggar.cli.stats_title": {
            "en": "{deals} random {players}-player deals (seed {seed})",
            "fr": "{deals} donnes aléatoires à {players} joueurs (graine {seed})",
        },
        "beggar.cli.cards": {"en": "cards", "fr": "cartes"},
        "beggar.cli.tricks": {"en": "tricks", "fr": "plis"},
        "beggar.cli.mean": {"en": "mean", "fr": "moyenne"},
        "beggar.cli.median": {"en": "median", "fr": "médiane"},
        "beggar.cli.first_wins": {
            "en": "first player wins: {share:.2%}",
            "fr": "le premier joueur gagne : {share:.2%}",
        },
        "beggar.cli.no_finished": {"en": "no finished deal", "fr": "aucune donne terminée"},
        "beggar.cli.loops": {"en": "loops: {count}", "fr": "boucles : {count}"},
        "beggar.cli.records_title": {
            "en": "Published record deals of Beggar-My-Neighbour (hand A leads)",
            "fr": "Donnes records publiées de Beggar-My-Neighbour (la main A commence)",
        },
    }
)
