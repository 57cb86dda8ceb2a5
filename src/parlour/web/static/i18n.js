// Texts of the page in English and French (the games' narration comes from the server).
const TEXTS = {
  lobby: ["Lobby", "Salon"],
  rules: ["Rules", "Règles"],
  about: ["About", "À propos"],
  new_table: ["New table", "Nouvelle table"],
  open_tables: ["Tables", "Tables"],
  no_tables: ["No table yet: create one!", "Aucune table\u00a0: créez-en une\u00a0!"],
  game: ["Game", "Jeu"],
  players: ["Players", "Joueurs"],
  seat: ["Seat", "Place"],
  human: ["Human", "Humain"],
  bot: ["Bot", "Robot"],
  seat_kind: ["Seat {n}: a person or a bot", "Place {n}\u00a0: une personne ou un robot"],
  seat_bot: ["Seat {n}: which bot", "Place {n}\u00a0: quel robot"],
  seat_name: ["Seat {n}: name (optional)", "Place {n}\u00a0: nom (facultatif)"],
  seat_age: ["Seat {n}: age (optional; the youngest starts)", "Place {n}\u00a0: âge (facultatif\u00a0; le plus jeune commence)"],
  age_optional: ["Age", "Âge"],
  seat_character: ["Seat {n}: character", "Place {n}\u00a0: personnage"],
  character_free: ["Character: any", "Personnage\u00a0: au choix du jeu"],
  deck_file: ["A deck of your own (TOML file)", "Un jeu à vous (fichier TOML)"],
  narration: ["What happened", "Ce qui s'est passé"],
  replay_step: ["Step of the replay", "Étape de la partie"],
  your_name: ["Your name", "Votre nom"],
  i_sit: ["I sit at seat 1", "Je m'assieds à la place 1"],
  language: ["Table language", "Langue de la table"],
  turn_timer: ["Turn timer (seconds, 0 = off): a bot plays for a player who is gone", "Minuteur (secondes, 0 = aucun)\u00a0: un robot joue pour un joueur parti"],
  options: ["Options", "Options"],
  deal_number: ["Deal number (optional: the same number deals the same cards)", "Numéro de donne (facultatif\u00a0: le même numéro donne les mêmes cartes)"],
  // A deal number that is not digits, refused on the form (the server checks the bounds).
  bad_deal_number: ["a deal number is written in digits only: a whole number from 0 to 2^63 - 1",
    "un numéro de donne s'écrit en chiffres seulement\u00a0: un nombre entier de 0 à 2^63 - 1"],
  create: ["Create the table", "Créer la table"],
  join: ["Sit here", "S'asseoir"],
  watch: ["Watch", "Regarder"],
  open: ["Open", "Ouvrir"],
  free: ["free", "libre"],
  kept: ["kept for a guest", "gardée pour un invité"],
  status_open: ["waiting", "en attente"],
  status_playing: ["playing", "en cours"],
  status_over: ["finished", "terminée"],
  start: ["Start the game", "Commencer la partie"],
  again: ["Play again", "Rejouer"],
  invite: ["Invitation link", "Lien d'invitation"],
  private_table: ["Private (only by the link, not in the lobby)", "Privée (par le lien seulement, pas dans le salon)"],
  copy: ["Copy", "Copier"],
  reserve_seat: ["keep for a guest", "garder pour un invité"],
  seat_invite: ["Invitation for seat {n}", "Invitation pour la place {n}"],
  close_table: ["Close the table", "Fermer la table"],
  close_confirm: ["Close this table for good?", "Fermer cette table pour de bon\u00a0?"],
  table_closed: ["The table is closed", "La table est fermée"],
  // A table closed by its host (or the admin) while its pages were open.
  table_closed_note: ["This table has been closed: no more moves are played at it.",
    "Cette table a été fermée\u00a0: on n'y joue plus."],
  copied: ["Link copied", "Lien copié"],
  waiting_host: ["Waiting for the host to start…", "En attente de l'hôte…"],
  waiting_players: ["Free seats are taken by bots when the host starts.", "Les places libres iront à des robots au départ."],
  your_turn: ["Your turn", "À vous de jouer"],
  turn_of: ["{name} to play", "À {name} de jouer"],
  spectator: ["You are watching", "Vous regardez"],
  you: ["you", "vous"],
  connected: ["connected", "connecté"],
  reconnecting: ["Connection lost, reconnecting…", "Connexion perdue, reconnexion…"],
  game_over: ["Game over", "Partie terminée"],
  winner: ["{names} wins!", "{names} gagne\u00a0!"],
  winners: ["{names} share the win!", "{names} gagnent ex æquo\u00a0!"],
  draw: ["A draw", "Match nul"],
  replay: ["Replay", "Revoir"],
  replay_of: ["Replay: game {n}", "Revoir\u00a0: partie {n}"],
  back_to_table: ["← Back to the table", "← Retour à la table"],
  back_to_lobby: ["← Back to the lobby", "← Retour au salon"],
  prev: ["◀ Back", "◀ Retour"],
  next: ["Next ▶", "Suivant ▶"],
  play: ["▶ Play", "▶ Lecture"],
  pause: ["❚❚ Pause", "❚❚ Pause"],
  step: ["Step {i} of {n}", "Étape {i} sur {n}"],
  past_games: ["Games at this table", "Parties à cette table"],
  name_prompt: ["Your name", "Votre nom"],
  name_optional: ["Name (optional)", "Nom (facultatif)"],
  bot_plays: ["bot", "robot"],
  away: ["away", "absent"],
  away_timer: ["away: a bot plays his turn after {n} s", "absent\u00a0: un robot joue son tour après {n} s"],
  away_bot: ["away: a bot plays for him", "absent\u00a0: un robot joue à sa place"],
  hints: ["Hints", "Indices"],
  show_hint: ["Show the hint", "Afficher l'indice"],
  show_memory: ["Memory hint", "Aide-mémoire"],
  error: ["Error", "Erreur"],
  error_is: ["Error: {why}", "Erreur\u00a0: {why}"],
  new_table_of: ["New table: {game}", "Nouvelle table\u00a0: {game}"],
  join_seat: ["Sit here: Seat {n}", "S'asseoir\u00a0: place {n}"],
  seat_reserved: ["Seat {n}: kept for a guest", "Place {n}\u00a0: gardée pour un invité"],
  // The FR/EN button's name, in the page's language, its visible text first (label in name).
  lang_toggle: ["FR: read the page in French", "EN\u00a0: lire la page en anglais"],
  credits_title: ["Credits", "Crédits"],
  no_table: ["This table does not exist.", "Cette table n'existe pas."],
  unavailable: ["The table cannot be opened just now", "La table ne peut pas s'ouvrir pour l'instant"],
  spectators: ["{n} watching", [["{n} spectateur", "{n} spectateurs"]]],
  round: ["Round {n}", "Manche {n}"],
  game_n: ["Game {n}", "Partie {n}"],
  standings: ["Final standings", "Classement final"],
  your_review: ["Your moves, reviewed", "Vos coups, passés en revue"],
  review_of: ["Review of {name}'s moves", "Les coups de {name}, passés en revue"],
  review_biggest: ["the biggest mistake", "la plus grosse erreur"],
  // A game reviewed by parts (Flip 7's rounds): the costliest mistake of a round with several.
  review_biggest_part: ["the biggest of round {n}", "la plus grosse de la manche {n}"],
  review_pick: ["Review the moves of", "Passer en revue les coups de"],
  rank: ["Rank", "Rang"],
  player: ["Player", "Joueur"],
  score: ["Score", "Score"],
  host_starts_next: ["Only the host can start another game.", "Seul l'hôte peut lancer une autre partie."],
  chosen_deal: ["The host chose this deal's number: the host can know every hand.",
    "L'hôte a choisi le numéro de cette donne\u00a0: il peut connaître toutes les mains."],
  // The table page's tools: the rules beside the table, the keys, a hidden tab's alerts.
  rules_title: ["Rules: {game}", "Règles\u00a0: {game}"],
  table_options: ["This table's options", "Les options de cette table"],
  yes: ["yes", "oui"],
  no: ["no", "non"],
  close: ["Close", "Fermer"],
  keys_button: ["Keys (?)", "Touches (?)"],
  keys_title: ["Keyboard keys", "Touches du clavier"],
  key: ["Key", "Touche"],
  key_does: ["What it does", "Ce qu'elle fait"],
  key_hint: ["show or hide the hint", "afficher ou cacher l'indice"],
  key_rules: ["open or close the rules", "ouvrir ou fermer les règles"],
  key_moves: ["play the first, second… move offered", "jouer le premier, le deuxième… coup proposé"],
  key_help: ["list the keys", "lister les touches"],
  key_close: ["close the panel", "fermer le panneau"],
  key_steps: ["one step back or forward", "une étape en arrière ou en avant"],
  no_hints: ["This game has no hint here", "Ce jeu n'a pas d'aide ici"],
  turn_sound: ["Sound on my turn", "Son à mon tour"],
  turn_notify: ["Notify me on my turn", "Me prévenir à mon tour"],
  notify_refused: ["The browser did not allow notifications", "Le navigateur n'a pas permis les notifications"],
  turn_flag: ["Your turn", "À vous"],
  turn_note: ["Your turn to play", "À vous de jouer"],
  // Single-key shortcuts (1-9, h, r, ?) can be switched off (WCAG 2.1.4): remembered.
  key_shortcuts: ["Single-key shortcuts", "Raccourcis d'une touche"],
  keys_off: ["Single-key shortcuts are off: tick “Single-key shortcuts” beside the table to use them.",
    "Les raccourcis d'une touche sont coupés : cochez « Raccourcis d'une touche » près de la table pour vous en servir."],
  keys_where: ["These keys never act while a form field or a checkbox has the focus (the moves) or while you type; “Single-key shortcuts” beside the table turns them off.",
    "Ces touches n'agissent jamais pendant que vous tapez, ni (pour les coups) depuis un champ ou une case à cocher ; « Raccourcis d'une touche » près de la table les coupe."],
  // A seat's connection, for those who do not see its dot's colour.
  away_short: ["away", "absent"],
  // The page's title in the browser's tab (and the screen reader's first words).
  site: ["Parlour", "Parlour"],
};

export let lang = localStorage.getItem("parlour.lang") ||
  ((navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en");
document.documentElement.lang = lang;  // a screen reader reads the page in its language

export function setLang(value) {
  lang = value;
  localStorage.setItem("parlour.lang", value);
  document.documentElement.lang = value;
}

export function t(key, values = {}) {
  const pair = TEXTS[key];
  let text = pair ? pair[lang === "fr" ? 1 : 0] : key;
  if (Array.isArray(text)) text = text[0][singular(values.n) ? 0 : 1];  // [[one, many]]
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{${k}}`, v);
  return text;
}

// A colon after a label: French puts a no-break space before it ("Erreur : ..."), English
// none. Before ; ! ? French does the same: the texts write it as \u00a0.
export function colon() {
  return lang === "fr" ? "\u00a0:" : ":";
}

// Whether a count takes the singular: English for 1 only, French for 0 and 1 ("0 famille").
export function singular(n) {
  return lang === "fr" ? Math.abs(Number(n)) < 2 : Math.abs(Number(n)) === 1;
}

// A drawing's own words: key -> [English, French]; a counted word is [[one, many], [one,
// many]], its form chosen by its {n}, so that nobody reads "1 families".
export function wordsOf(table) {
  return (key, values = {}) => {
    let text = (table[key] || [key, key])[lang === "fr" ? 1 : 0];
    if (Array.isArray(text)) text = text[singular(values.n) ? 0 : 1];
    for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{${k}}`, v);
    return text;
  };
}

// Pick the text for the page's language from {en, fr} or [en, fr].
export function pick(pair) {
  if (Array.isArray(pair)) return pair[lang === "fr" ? 1 : 0];
  return pair[lang] ?? pair.en;
}

export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
