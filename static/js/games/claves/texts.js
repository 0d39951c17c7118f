// The Claves board's texts chosen by what the view says (a map's kind, how a turn ended, a refusal): each a
// function, so that its English is a literal for `make messages`.
import { t } from "../kit.js";

// What a word is on a map (and what touching it turned out to be).
export const KINDS = {
  key: () => t("key"),
  trap: () => t("trap"),
  empty: () => t("empty"),
};
// How a turn of the history ended.
export const TURN_ENDS = {
  empty: () => t("empty word: turn over"),
  ended: () => t("turn ended"),
  trap: () => t("trap"),
  all_keys: () => t("all keys found"),
  stopped: () => t("game stopped"),
};
// The engine's refusals, for an error frame without the server's (translated) message.
export const ERRORS = {
  empty_clue: () => t("Write a one-word clue."),
  not_one_word: () => t("A clue is a single word, not several words or a phrase."),
  not_letters: () => t("A clue is written with letters only."),
  too_long: (params) => t("A clue has at most %(max)s letters.", params),
  board_word: (params) => t("“%(clue)s” is a word on the board.", params),
  board_variant: (params) => t("“%(clue)s” is too close to “%(word)s”, a word on the board.", params),
  bad_number: (params) => t("The number is a whole number from 0 to %(max)s.", params),
  not_giver: () => t("Your partner gives the clue this turn."),
  clue_given: () => t("The clue for this turn is already given."),
  not_guesser: () => t("You give the clue this turn: your partner touches the words."),
  no_clue_yet: () => t("Wait for your partner's clue."),
  bad_cell: () => t("That word is not on the board."),
  already_uncovered: () => t("That word is already uncovered."),
  marked_for_giver: () => t("That word is empty on your partner's map: it cannot be touched while they give the clue."),
  match_over: () => t("The match is over."),
};
