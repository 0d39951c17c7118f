// What the Wordgrid player does with a pointer or keys: a tap chooses the new letter's cell or adds a cell
// to the traced word (or takes the last one off), dragging traces across cells, the letter keys, Clear and
// Play, and the physical keyboard (letters, Enter, Backspace, Escape).
import { same, touches } from "./state.js";

/** Listens on the elements `els` (view.js buildBoard); `actions` are the board's moves. Returns {detach}
 * (the listeners on the document, when the board leaves the page). */
export function wireInput(s, els, actions) {
  const { board, gridEl, keyboardEl, clearBtn, submitBtn } = els;
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
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    if (pressCell(r, c) === "last") popPath();
  });

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
    if (event.key === "Enter") {
      event.preventDefault(); // submits, also from a focused cell (Space presses a cell)
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
  }

  return { detach };
}
