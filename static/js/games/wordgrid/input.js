// What the Wordgrid player does with a pointer or keys: a tap chooses the new letter's cell or adds a cell
// to the traced word (or takes the last one off), dragging traces across cells, the letter keys, Clear and
// Play, and the physical keyboard (letters, Enter, Backspace, Escape; on the grid, the arrow keys move between
// cells and Space or Enter press the cell as a tap does).
import { same, touches } from "./state.js";

/** Listens on the elements `els` (view.js buildBoard); `actions` are the board's moves. Returns {detach}
 * (the listeners on the document, when the board leaves the page). */
export function wireInput(s, els, actions) {
  const { board, cells, gridEl, keyboardEl, clearBtn, submitBtn } = els;
  const { pressCell, popPath, extendPath, renderMove, chooseLetter, clearMove, submit, backspace } = actions;
  const { canMove } = s;

  // Pointer input: a tap adds a cell (or removes the last one); dragging traces across cells.
  function cellFromPoint(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest ? el.closest(".wg-cell") : null;
    if (!cell || !gridEl.contains(cell)) return null;
    return [Number(cell.dataset.r), Number(cell.dataset.c)];
  }

  gridEl.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".wg-cell");
    if (!cell || (event.pointerType === "mouse" && event.button !== 0)) return;
    s.keyboardCursor = false; // a tapped cell's focus is no keyboard cursor: Enter plays, as before
    s.cursor = [Number(cell.dataset.r), Number(cell.dataset.c)];
    const result = pressCell(Number(cell.dataset.r), Number(cell.dataset.c));
    if (result) {
      s.drag = { pointerId: event.pointerId, moved: false, removeOnUp: result === "last" };
      event.preventDefault(); // no text selection or scrolling while tracing
    }
  });
  gridEl.addEventListener("pointermove", (event) => {
    if (!s.drag || event.pointerId !== s.drag.pointerId) return;
    const here = cellFromPoint(event.clientX, event.clientY);
    if (!here) return;
    const last = s.move.path[s.move.path.length - 1];
    if (same(here, last)) return;
    const before = s.move.path[s.move.path.length - 2];
    if (same(here, before)) { // dragging back over the previous cell takes the last one off
      s.drag.moved = true;
      s.drag.removeOnUp = false;
      popPath();
      return;
    }
    if (last && !touches(last, here)) return; // passing a corner: wait for a side neighbour
    if (extendPath(here[0], here[1], { quiet: true })) {
      s.drag.moved = true;
      s.drag.removeOnUp = false;
      renderMove();
    }
  });
  const endDrag = (event) => {
    if (!s.drag || event.pointerId !== s.drag.pointerId) return;
    if (s.drag.removeOnUp && !s.drag.moved && event.type === "pointerup") popPath();
    s.drag = null;
  };
  gridEl.addEventListener("pointerup", endDrag);
  gridEl.addEventListener("pointercancel", endDrag);
  document.addEventListener("pointerup", endDrag);
  // Keyboard users press Space on a focused cell: a click without a pointer (detail 0).
  gridEl.addEventListener("click", (event) => {
    const cell = event.target.closest(".wg-cell");
    if (!cell || event.detail !== 0) return;
    keyPress(cell);
  });
  // Which cell the keyboard is on: a Tab into the grid (or the arrows) makes it the keyboard's cursor, so
  // Enter presses it; a tap does not (the mouse player's Enter still plays the word).
  let lastInput = "pointer";
  const byKey = () => { lastInput = "key"; };
  const byPointer = () => { lastInput = "pointer"; };
  document.addEventListener("keydown", byKey, true);
  document.addEventListener("pointerdown", byPointer, true);
  gridEl.addEventListener("focusin", (event) => {
    const cell = event.target.closest(".wg-cell");
    if (!cell) return;
    s.cursor = [Number(cell.dataset.r), Number(cell.dataset.c)];
    s.keyboardCursor = lastInput === "key";
  });

  /** Space or Enter on a cell: what a tap does (a tap on the last traced cell takes it off). */
  function keyPress(cell) {
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    s.cursor = [r, c];
    if (pressCell(r, c) === "last") popPath();
  }

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  /** An arrow key on a cell: the cursor (the grid's one Tab stop) moves to the next cell, stopping at the edge. */
  function moveCursor(cell, [dr, dc]) {
    const r = Math.min(cells.length - 1, Math.max(0, Number(cell.dataset.r) + dr));
    const c = Math.min(cells[0].length - 1, Math.max(0, Number(cell.dataset.c) + dc));
    s.cursor = [r, c];
    s.keyboardCursor = true;
    renderMove();
    cells[r][c].focus();
  }

  keyboardEl.addEventListener("click", (event) => {
    const button = event.target.closest(".wg-key");
    if (!button) return;
    button.blur(); // a physical Enter afterwards submits instead of pressing this key again
    chooseLetter(button.dataset.key);
  });
  clearBtn.addEventListener("click", clearMove);
  submitBtn.addEventListener("click", submit);

  function onKeyDown(event) {
    if (!board.isConnected || !s.view || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    const onBoardButton = target && target.closest && (keyboardEl.contains(target) || gridEl.contains(target));
    if (target && target.closest && target.closest("button, a") && !onBoardButton
        && (event.key === "Enter" || event.key === " ")) return; // the page's own buttons and links
    if (!canMove()) return;
    const onCell = target && target.closest && gridEl.contains(target) ? target.closest(".wg-cell") : null;
    if (onCell && ARROWS[event.key]) {
      event.preventDefault(); // no scrolling
      moveCursor(onCell, ARROWS[event.key]);
    } else if (onCell && event.key === "Enter" && s.keyboardCursor) {
      event.preventDefault(); // the button's own click would come too
      keyPress(onCell);
    } else if (event.key === "Enter") {
      event.preventDefault(); // plays, also from a cell a tap focused (the keyboard's cell was handled above)
      submit();
    } else if (event.key === "Backspace") {
      event.preventDefault();
      backspace();
    } else if (event.key === "Escape") {
      clearMove();
    } else if (event.key.length === 1 && /^[a-z]$/i.test(event.key) && s.move.cell) {
      event.preventDefault();
      chooseLetter(event.key.toLowerCase());
    }
  }
  document.addEventListener("keydown", onKeyDown);

  function detach() {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerup", endDrag);
    document.removeEventListener("keydown", byKey, true);
    document.removeEventListener("pointerdown", byPointer, true);
  }

  return { detach };
}
