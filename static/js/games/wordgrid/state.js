// What the Wordgrid board knows: the latest snapshot (`view`, the engine's view for this viewer) and the
// tentative move (the new letter's cell, the letter, the traced path), kept across a refused move and
// resent snapshots, with the grid's geometry and what follows from them.
import { t } from "../kit.js";

export const SIZE = 5;
export const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");

export const key = (r, c) => `${r},${c}`;
export const touches = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
export const same = (a, b) => Boolean(a && b) && a[0] === b[0] && a[1] === b[1];

/** The board's state: fields the view and the input read and set, and what follows from them. */
export function wordgridState() {
  const s = {
    view: null,
    move: { cell: null, letter: null, path: [] },
    movesSeen: null, // how many words had been played when the tentative move was started
    drag: null, // {pointerId, moved, removeOnUp} while a finger or the mouse traces
    // The keyboard's cell: the grid's one Tab stop (roving tabindex), moved by the arrow keys and by taps.
    cursor: [2, 2],
    keyboardCursor: false, // the focus came to the grid by keys (Tab, arrows), not by a tap
    confirmingResign: false,
  };
  s.canMove = () => Boolean(s.view && s.view.phase === "playing" && s.view.can_move);
  s.letterAt = (r, c) => {
    if (same(s.move.cell, [r, c]) && s.move.letter) return s.move.letter;
    return s.view && s.view.grid[r][c];
  };
  s.filled = (r, c) => Boolean(s.view && s.view.grid[r][c]);
  s.onPath = (r, c) => s.move.path.findIndex((p) => p[0] === r && p[1] === c);
  s.hasFilledNeighbour = (r, c) => [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].some(
    ([y, x]) => y >= 0 && y < SIZE && x >= 0 && x < SIZE && s.filled(y, x));

  /** The tentative move starts again (and a trace in progress ends). */
  s.resetMove = () => {
    s.move = { cell: null, letter: null, path: [] };
    s.drag = null;
  };

  /** Adds [r, c] to the traced path if it may follow the last cell: null, else why not (a text). */
  s.extend = (r, c) => {
    const here = [r, c];
    if (!same(s.move.cell, here) && !s.filled(r, c)) return t("A word can only go through filled cells.");
    if (s.onPath(r, c) >= 0) return t("A word cannot use the same cell twice.");
    const last = s.move.path[s.move.path.length - 1];
    if (last && !touches(last, here)) return t("Each letter of the word must touch the next one by a side.");
    s.move.path.push(here);
    return null;
  };
  return s;
}
