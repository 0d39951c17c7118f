// The Wordgrid board: the 5x5 grid, the move being built (cell, letter, traced path), both clocks and
// scores, the words each side played, draw offers, resigning and the result.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, docs/wordgrid.md), so the
// board renders from it alone, idempotently. The only local state is the tentative move: it survives
// a rejected move (so the player can fix it) and resent snapshots, and is dropped when a move is
// played (by anyone) or it is no longer the player's turn.
//
//   const board = mountWordgrid(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);
//
// The parts (static/js/games/wordgrid/): state.js what the board knows (the snapshot, the tentative move),
// view.js the skeleton and its drawing, input.js taps, traces and keys, texts.js the texts chosen by the
// view or the move. Here: the moves the player makes and the frames.

import { matchFrames, pendingAct, refusal, roomSeats, shake, t, tickWhileShown, transientMessage } from "./kit.js";
import { wireInput } from "./wordgrid/input.js";
import { same, wordgridState } from "./wordgrid/state.js";
import { ERRORS, STEPS } from "./wordgrid/texts.js";
import { buildBoard, wordgridView } from "./wordgrid/view.js";

// Refusals of a move: the tentative move shakes and stays for the player to fix.
const MOVE_ERRORS = new Set([
  "malformed", "bad_letter", "cell_taken", "not_adjacent", "missing_new_cell", "too_short", "cell_reused",
  "path_not_connected", "path_through_empty", "not_in_dictionary", "already_played", "not_your_turn",
]);
const MESSAGE_MS = 4000;

export function mountWordgrid(root, { send, afterGame = null } = {}) {
  const s = wordgridState();
  const seating = roomSeats();
  const frames = matchFrames();
  const pending = pendingAct({ send, onTimeout: () => renderControls() }); // the action on its way
  const els = buildBoard(root);
  const { board, gridEl, tentativeEl, messageEl } = els;
  const seatName = seating.name;
  const { render, renderMove, renderControls, tick } =
    wordgridView(s, els, {
      seatName, seatInfo: seating.info, presence: seating.presence, replay: seating.replay, pending, frames, act, afterGame,
    });
  const { canMove, filled, onPath, hasFilledNeighbour, resetMove } = s;

  const showMessage = transientMessage(messageEl, MESSAGE_MS);

  function shakeMove() {
    shake(gridEl);
    shake(tentativeEl);
  }

  function act(action, kind) {
    pending.act(frames.matchId(), action, kind);
  }

  // -- the tentative move -----------------------------------------------------------------------------
  /** Adds [r, c] to the traced path if it may follow the last cell; says why not otherwise. */
  function extendPath(r, c, { quiet = false } = {}) {
    const refused = s.extend(r, c);
    if (refused && !quiet) showMessage(refused);
    return !refused;
  }

  /** A tap on a cell (or the first touch of a drag). Returns whether the path may be dragged on. */
  function pressCell(r, c) {
    if (!canMove() || pending.busy()) return false;
    const here = [r, c];
    if (!s.move.cell || (!s.move.path.length && !filled(r, c) && !same(s.move.cell, here))) {
      // Choosing (or moving, before tracing) the cell for the new letter.
      if (filled(r, c)) {
        if (!s.move.cell) showMessage(t("Tap an empty cell next to a letter."));
        return false;
      }
      if (!hasFilledNeighbour(r, c)) {
        showMessage(t("Write your letter next to a filled cell (not diagonally)."));
        shakeMove();
        return false;
      }
      s.move.cell = here;
      messageEl.textContent = "";
      render();
      return false;
    }
    if (!s.move.letter) {
      showMessage(t("Pick a letter for the new cell."));
      return false;
    }
    const last = s.move.path[s.move.path.length - 1];
    if (same(last, here)) return "last"; // removed on release, unless the pointer drags on
    const added = extendPath(r, c);
    if (added) messageEl.textContent = "";
    renderMove();
    return added;
  }

  function popPath() {
    s.move.path.pop();
    renderMove();
  }

  function chooseLetter(letter) {
    if (!canMove() || !s.move.cell || pending.busy()) return;
    s.move.letter = letter;
    render();
  }

  function backspace() {
    if (!canMove() || pending.busy()) return;
    if (s.move.path.length) s.move.path.pop();
    else if (s.move.letter) s.move.letter = null;
    else s.move.cell = null;
    render();
  }

  function clearMove() {
    if (!canMove()) return;
    resetMove();
    messageEl.textContent = "";
    render();
  }

  function submit() {
    if (!canMove() || pending.busy()) return;
    if (!s.move.cell || !s.move.letter || s.move.path.length < 2 || onPath(...s.move.cell) < 0) {
      const text = !s.move.cell ? STEPS.step_cell() : !s.move.letter ? STEPS.step_letter()
        : s.move.path.length < 2 ? ERRORS.too_short({ count: 2 }) : ERRORS.missing_new_cell();
      showMessage(text);
      shakeMove();
      return;
    }
    act({ type: "move", cell: [...s.move.cell], letter: s.move.letter, path: s.move.path.map((p) => [...p]) }, "move");
    renderControls();
  }

  const input = wireInput(s, els, {
    pressCell, popPath, extendPath, renderMove, chooseLetter, clearMove, submit, backspace,
  });

  tickWhileShown(board, tick, input.detach);

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        resetMove();
        s.movesSeen = null;
        s.confirmingResign = false;
        pending.clear();
      }
      s.view = frame.view;
      if (s.view.phase === "finished") showMessage("", { sticky: true }); // a refused move's words end with the game
      s.stakes = frame.stakes || null;
      s.ratings = frame.ratings || null; // rated games: {seat: {before, after, change}} once applied
      const played = s.view.played ? s.view.played.length : 0;
      if (s.movesSeen !== null && s.movesSeen !== played) {
        // A word went in (ours or theirs): the tentative move belongs to a grid that is gone.
        resetMove();
        if (pending.busy("move")) pending.clear();
      }
      s.movesSeen = played;
      if (!pending.busy("move")) pending.clear(); // another action: the snapshot carries the answer
      if (!canMove()) resetMove();
      render();
    },
    onError(frame) {
      const answered = pending.answer(frame);
      const text = refusal(ERRORS, frame);
      if (MOVE_ERRORS.has(frame.code) || (answered && answered.kind === "move")) shakeMove();
      showMessage(text, { sticky: Boolean(answered && answered.kind === "move") });
      if (s.view) render();
    },
    onRoom(frame) {
      seating.take(frame);
      if (s.view) render();
    },
    // For tests and the page: the tentative move.
    tentative: () => ({ cell: s.move.cell, letter: s.move.letter, path: s.move.path.map((p) => [...p]) }),
  };
}

export const mount = mountWordgrid;

/** The keys of this board, for the room's shortcuts help (static/js/shortcuts.js): [keys, what they do]. */
export const shortcuts = () => [
  [["Tab"], t("Go to the grid (one stop), then to the buttons")],
  [["←", "↑", "→", "↓"], t("Move between the cells")],
  [[t("Space"), "Enter"], t("Press the cell: choose the new letter's cell, add it to your word, or take the last one off")],
  [[t("A–Z")], t("Write the new letter")],
  [["Enter"], t("Play the word (when the focus is not on a cell)")],
  [["Backspace"], t("Take back the last step")],
  [["Esc"], t("Clear the move")],
];
