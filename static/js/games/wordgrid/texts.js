// The Wordgrid board's texts chosen by what the view or the move says (a step, a reason, a refusal): each a
// function, so that its English is a literal for `make messages`.
import { t } from "../kit.js";

// What to do next while building a move (shown above the grid).
export const STEPS = {
  step_cell: () => t("Tap an empty cell next to a letter."),
  step_letter: () => t("Pick a letter for the new cell."),
  step_trace: () => t("Now trace your word: tap or drag across the letters, including the new one."),
};
// Why the game ended, by the outcome's reason.
export const REASONS = {
  grid_full: () => t("The grid is full."),
  no_moves: (params) => t("%(name)s had no legal move left.", params),
  timeout: (params) => t("%(name)s ran out of time.", params),
  resign: (params) => t("%(name)s resigned.", params),
  agreed_draw: () => t("Both players agreed to a draw."),
  stopped: () => t("The game was ended early."),
};
// The engine's refusals, for an error frame without the server's (translated) message.
export const ERRORS = {
  not_adjacent: () => t("Write your letter next to a filled cell (not diagonally)."),
  path_not_connected: () => t("Each letter of the word must touch the next one by a side."),
  missing_new_cell: () => t("Your word must use the letter you wrote."),
  not_in_dictionary: (params) => t("%(word)s is not in the dictionary.", params),
  already_played: (params) => t("%(word)s has already been played in this game.", params),
  too_short: (params) => t("A word has at least %(count)d letters.", params),
  cell_taken: () => t("That cell already has a letter."),
  cell_reused: () => t("A word cannot use the same cell twice."),
  path_through_empty: () => t("A word can only go through filled cells."),
  bad_letter: () => t("Write one letter from A to Z."),
  not_your_turn: () => t("It is not your turn."),
  match_over: () => t("The match is over."),
  draw_offer_repeated: () => t("You can offer a draw again after the next move."),
  draw_already_offered: () => t("You have already offered a draw."),
  no_draw_offer: () => t("There is no draw offer to answer."),
};
