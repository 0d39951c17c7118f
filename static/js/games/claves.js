// The Claves a Dúo board: the 25 word cards, the viewer's own map (never anyone else's while playing),
// uncovered keys, marks, the trap, the turn circles, the current clue, the clue form (giver), the
// two-step touch + "Descubro" and "Termino el turno" (guesser), the clue history and the end screen with
// both maps.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, docs/claves.md), so the board
// renders from it alone, idempotently. Local state: the word the guesser has touched but not confirmed
// (dropped when a guess goes in or the word can no longer be touched) and the clue being typed (kept
// when the server refuses it, so the giver can fix it).
//
//   const board = mountClaves(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);
//
// The parts (static/js/games/claves/): state.js what the board knows, view.js the skeleton and its drawing,
// input.js the clue form and the touches, words.js how a word fits its card, texts.js the texts chosen by
// the view. Here: the messages, the actions and the frames.

import { matchFrames, pendingAct, refusal, roomSeats, t, transientMessage } from "./kit.js";
import { wireInput } from "./claves/input.js";
import { clavesState } from "./claves/state.js";
import { ERRORS } from "./claves/texts.js";
import { buildBoard, clavesView } from "./claves/view.js";

export { syllableBreaks } from "./claves/words.js";

const MESSAGE_MS = 5000;
// Refusals of a clue: the message stays until the giver edits the clue.
const CLUE_ERRORS = new Set([
  "empty_clue", "not_one_word", "not_letters", "too_long", "board_word", "board_variant", "bad_number",
]);

export function mountClaves(root, { send, afterGame = null } = {}) {
  const s = clavesState();
  const seating = roomSeats();
  const frames = matchFrames();
  const pending = pendingAct({ send, onTimeout: () => render() }); // the action on its way
  const els = buildBoard(root);
  const { messageEl, clueMessageEl, wordInput, numberSelect } = els;
  const { render } = clavesView(s, els, { seatName: seating.name, seating, pending, afterGame, matchId: frames.matchId });
  const { canClue, touchable } = s;

  // One message at a time: under the clue form (a clue's refusal) or under the grid (the rest).
  const sayOnGrid = transientMessage(messageEl, MESSAGE_MS);
  const sayUnderClue = transientMessage(clueMessageEl, MESSAGE_MS);

  function clearMessage() {
    sayOnGrid("", { sticky: true });
    sayUnderClue("", { sticky: true });
  }

  function showMessage(text, { sticky = false, clue = false } = {}) {
    clearMessage();
    (clue ? sayUnderClue : sayOnGrid)(text, { sticky });
  }

  function act(action, kind) {
    pending.act(frames.matchId(), action, kind);
    render();
  }

  wireInput(s, els, { act, showMessage, clearMessage, render, busy: () => pending.busy() });

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        s.selected = null;
        s.guessesSeen = null;
        pending.clear();
        wordInput.value = "";
        clearMessage();
      }
      const before = s.view;
      s.view = frame.view;
      const guesses = s.view.history.reduce((sum, turn) => sum + turn.guesses.length, 0);
      if (s.guessesSeen !== null && guesses !== s.guessesSeen) s.selected = null; // a guess went in
      s.guessesSeen = guesses;
      if (s.selected !== null && !touchable(s.selected)) s.selected = null;
      if (before && s.view.history.length !== before.history.length) {
        wordInput.value = ""; // a clue was given: the next one starts blank
        numberSelect.value = "1";
      }
      if (taken.changed) pending.clear(); // the new snapshot carries the answer (a resent one does not)
      render();
    },
    onError(frame) {
      const answered = pending.answer(frame);
      const text = refusal(ERRORS, frame);
      const aboutClue = CLUE_ERRORS.has(frame.code) || Boolean(answered && answered.kind === "clue");
      if (s.view) render();
      showMessage(text, { sticky: aboutClue, clue: aboutClue && canClue() });
      if (aboutClue && canClue()) wordInput.focus();
    },
    onRoom(frame) {
      seating.take(frame);
      if (s.view) render();
    },
    // For tests and the page: the word touched and not yet confirmed.
    selected: () => s.selected,
  };
}

export const mount = mountClaves;

/** The keys of this board, for the room's shortcuts help (static/js/shortcuts.js): [keys, what they do]. */
export const shortcuts = () => [
  [["Tab"], t("Go to the cards (one stop), then to the buttons")],
  [["←", "↑", "→", "↓"], t("Move between the words you can touch")],
  [[t("Space"), "Enter"], t("Touch the word (again: let it go)")],
  [["Enter"], t("In the clue form: give the clue")],
];
