"""Texts of Beggar-My-Neighbour."""

from parlour.i18n import register
from parlour.i18n.options import register_options

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
        "beggar.cli.capped_count": {
            "en": "capped (more than {cap} cards, max_turns): {count}",
            "fr": "arrêtées par la limite (plus de {cap} cartes, max_turns) : {count}",
        },
        "beggar.cli.records_title": {
            "en": "Published record deals of Beggar-My-Neighbour (hand A leads)",
            "fr": "Donnes records publiées de Beggar-My-Neighbour (la main A commence)",
        },
    }
)

register_options(
    "beggar",
    {
        "exhausted_payer": (
            "A payer runs out",
            "Un payeur n'a plus de cartes",
            "From three players: who settles a tribute when the payer runs out of cards.",
            "À partir de trois joueurs : qui règle le paiement quand le payeur n'a plus de cartes.",
        ),
        "on_loop": (
            "Endless round",
            "Manche sans fin",
            "What ends a round that repeats itself forever.",
            "Ce qui termine une manche qui se répète à l'infini.",
        ),
        "match": ("Match", "Match", "How many rounds make the match.", "Combien de manches."),
        "jokers": (
            "Jokers",
            "Jokers",
            "Jokers added as super-penalty cards (tribute 5).",
            "Jokers ajoutés comme super-figures (paiement de 5).",
        ),
        "beggar_joker": (
            "Beggar joker",
            "Joker mendiant",
            "One joker worth 5 whose tribute cannot be countered and always wins the pile.",
            "Un joker valant 5, dont le paiement ne peut être contré et qui gagne toujours la "
            "pile.",
        ),
        "shuffle_captured": (
            "Shuffle the pile won",
            "Mélanger la pile gagnée",
            "The pile won is shuffled before it goes under the winner's stack.",
            "La pile gagnée est mélangée avant d'aller sous le tas du gagnant.",
        ),
        "face_up": (
            "Stacks face up",
            "Tas visibles",
            "Each player sees their own stack (the rules do not change).",
            "Chacun voit son propre tas (la règle ne change pas).",
        ),
        "speed": (
            "Cards turn up by themselves",
            "Les cartes se retournent toutes seules",
            "Nobody decides anything in this game: every card is turned up for its player at "
            "a fixed pace. Untick it to turn up your own cards yourself.",
            "Personne n'a rien à décider dans ce jeu : chaque carte est retournée pour son "
            "joueur à rythme fixe. Décochez pour retourner vos cartes vous-même.",
        ),
        "pace_ms": (
            "Pace (ms)",
            "Rythme (ms)",
            "Milliseconds between two cards turned up by themselves.",
            "Millisecondes entre deux cartes qui se retournent toutes seules.",
        ),
    },
    {
        ("exhausted_payer", "pile_to_claimant"): (
            "the pile goes to the last penalty card",
            "la pile va à la dernière figure",
        ),
        ("exhausted_payer", "next_pays"): ("the next player pays", "le suivant paie"),
        ("on_loop", "draw"): ("a draw", "partie nulle"),
        ("on_loop", "most_cards"): ("most cards wins", "le plus de cartes gagne"),
        ("match", "single"): ("one round", "une manche"),
        ("match", "best_of_three"): ("best of three", "au meilleur des trois"),
        ("match", "first_to_three"): ("first to three", "le premier à trois"),
    },
)

# Why a move is refused, by rule code (parlour.i18n.errors.rule_reason).
register(
    {
        "rule.beggar.flip_only": {
            "en": "the only move in Beggar-My-Neighbour is to flip",
            "fr": "le seul coup de Beggar-My-Neighbour est de retourner sa carte",
        },
    }
)
