// The Letras Cruzadas board's texts that depend on what the view says (a premium, a confirmation, a move, a
// line of the breakdown, a refusal): each a function, so that its English is a literal for `make messages`.
import { t } from "../kit.js";

// A premium square's short label on the board, in the interface's language: 2L/3L/2W/3W in English, and in Spanish
// DL/TL/DP/TP (doble/triple letra, doble/triple palabra), as Spanish word-game apps (Apalabrados) label them; the
// rules' Turkish codes H2/H3/K2/K3 meant nothing to a Spanish player (issue 33).
export const PREMIUM_LABELS = {
  "2L": () => t("2L"),
  "3L": () => t("3L"),
  "2W": () => t("2W"),
  "3W": () => t("3W"),
};
// A premium square's name.
export const PREMIUM_NAMES = {
  "2L": () => t("double letter"),
  "3L": () => t("triple letter"),
  "2W": () => t("double word"),
  "3W": () => t("triple word"),
};
// The question before passing, exchanging or resigning.
export const CONFIRMS = {
  pass: () => t("Pass this turn? Your tiles stay on your rack."),
  exchange: () => t("Exchange all your tiles? This ends your turn."),
  resign: () => t("Resign this game? It counts as a loss."),
};
export const CONFIRM_YES = {
  pass: () => t("Yes, pass"),
  exchange: () => t("Yes, exchange"),
  resign: () => t("Yes, resign"),
};
// The last move, besides a word or an exchange.
export const MOVES = {
  pass: (params) => t("%(name)s passed.", params),
  resign: (params) => t("%(name)s resigned.", params),
  leave: (params) => t("%(name)s left the table.", params),
};
// A line of the last word's breakdown that is not a word.
export const BONUSES = {
  star: () => t("★25 square"),
  bingo: () => t("All 7 tiles"),
};
// Why the tiles placed so far make no move yet, short, beside the bar (score.js's codes; the dictionary is
// never asked before Play).
export const PREVIEW_REFUSALS = {
  not_in_line: () => t("Not in one line"),
  gap: () => t("A gap between your tiles"),
  first_not_on_centre: () => t("The first word covers the centre ★"),
  first_too_short: () => t("A word has 2 letters or more"),
  not_connected: () => t("Not joined to the tiles on the board"),
};
// The engine's refusals, for an error frame without the server's (translated) message.
export const ERRORS = {
  empty: () => t("Place at least one tile."),
  bad_cell: () => t("That square is not on the board."),
  duplicate_cell: () => t("Two tiles cannot share a square."),
  bad_letter: (params) => t("“%(letter)s” is not a letter of this game.", params),
  blank_letter: () => t("Choose the letter your blank stands for."),
  not_in_rack: () => t("You can only place tiles from your rack."),
  covers_tile: () => t("A square can hold only one tile: that one is taken."),
  not_in_line: () => t("All new tiles must lie in one row or one column."),
  gap: () => t("A word cannot have empty squares inside it."),
  first_not_on_centre: () => t("The first word must cover the centre star."),
  first_too_short: () => t("The first word must have at least 2 letters."),
  not_connected: () => t("A new word must join the tiles already on the board."),
  not_a_word: (params) => t("“%(word)s” is not in this game's dictionary.", params),
  not_your_turn: () => t("It is not your turn."),
  bag_too_small: (params) => t("You can exchange only while the bag holds at least as many tiles as your rack (%(count)s).", params),
  match_over: () => t("The match is over."),
};
