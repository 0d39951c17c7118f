// What the Letras Cruzadas player does with a pointer, fingers or keys: tapping squares and rack tiles,
// dragging a tile to a square, zooming (the button or a pinch), the bar's buttons, the blank's picker, the
// confirmations, the last move's breakdown, Escape. Each only changes the state (state.js) and asks the
// board (`actions`) to act or draw again.
import { t } from "../kit.js";

const DRAG_START_PX = 6;

/** Listens on the elements `els` (view.js buildBoard); returns {cancelDrag, detach} (detach: the
 * listeners on the document, when the board leaves the page). */
export function wireInput(s, els, actions) {
  const {
    board, cells, boardEl, viewportEl, zoomBtn, rackEl, undoBtn, passBtn, shuffleBtn, moreBtn, submitBtn,
    exchangeBtn, resignBtn, confirmEl, pickerEl, notifyBtn, lastEl,
  } = els;
  const {
    render, renderControls, renderLast, renderNotify, renderZoom, dropOn, chooseBlank, takeBack, undo, shuffle,
    submit, confirmAction, showMessage, clearMessage, busy,
  } = actions;
  const { canMove, boardTile, placedAt, isPlaced } = s;

  // -- input ----------------------------------------------------------------------------------------
  boardEl.addEventListener("click", (event) => {
    const cell = event.target.closest(".cz-cell");
    if (!cell || !canMove() || busy()) return;
    const index = Number(cell.dataset.cell);
    if (placedAt(index)) {
      takeBack(index);
      return;
    }
    if (boardTile(index)) return;
    if (s.selected !== null && !isPlaced(s.selected)) dropOn(s.selected, index);
    else showMessage(t("Choose a tile from your rack, then tap a square."));
  });

  rackEl.addEventListener("pointerdown", (event) => {
    const tile = event.target.closest(".cz-tile");
    if (!tile || !canMove() || busy() || (event.pointerType === "mouse" && event.button !== 0)) return;
    s.drag = { pointerId: event.pointerId, id: Number(tile.dataset.slot), x: event.clientX, y: event.clientY,
      ghost: null, source: tile };
    event.preventDefault(); // no text selection or scrolling while a tile is held
  });
  function onPointerMove(event) {
    if (!s.drag || event.pointerId !== s.drag.pointerId) return;
    if (!s.drag.ghost) {
      if (Math.hypot(event.clientX - s.drag.x, event.clientY - s.drag.y) < DRAG_START_PX) return;
      s.drag.ghost = s.drag.source.cloneNode(true);
      s.drag.ghost.classList.add("cz-ghost");
      s.drag.ghost.removeAttribute("data-testid");
      document.body.append(s.drag.ghost);
      s.drag.source.classList.add("dragging");
    }
    s.drag.ghost.style.left = `${event.clientX}px`;
    s.drag.ghost.style.top = `${event.clientY}px`;
    const under = cellFromPoint(event.clientX, event.clientY);
    for (const el of boardEl.querySelectorAll(".cz-cell.drop")) el.classList.remove("drop");
    if (under !== null && !boardTile(under) && !placedAt(under)) cells[under].classList.add("drop");
  }
  function onPointerUp(event) {
    if (!s.drag || event.pointerId !== s.drag.pointerId) return;
    const { id, ghost } = s.drag;
    cancelDrag();
    if (!ghost) { // a tap: select (or unselect) the tile
      s.selected = s.selected === id ? null : id;
      s.blankAsk = null;
      clearMessage();
      render();
      return;
    }
    const under = cellFromPoint(event.clientX, event.clientY);
    if (under !== null) dropOn(id, under);
  }
  function cancelDrag() {
    if (!s.drag) return;
    if (s.drag.ghost) s.drag.ghost.remove();
    if (s.drag.source) s.drag.source.classList.remove("dragging");
    for (const el of boardEl.querySelectorAll(".cz-cell.drop")) el.classList.remove("drop");
    s.drag = null;
  }
  function cellFromPoint(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest ? el.closest(".cz-cell") : null;
    return cell && boardEl.contains(cell) ? Number(cell.dataset.cell) : null;
  }
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", cancelDrag);
  // Keyboard users press Enter or Space on a rack tile (a click without a pointer).
  rackEl.addEventListener("click", (event) => {
    const tile = event.target.closest(".cz-tile");
    if (!tile || event.detail !== 0 || !canMove()) return;
    const id = Number(tile.dataset.slot);
    s.selected = s.selected === id ? null : id;
    render();
  });

  // Zoom: a button, or two fingers spreading/pinching on the board; the viewport scrolls when zoomed.
  function setZoom(on, focusCell = null) {
    if (s.zoomed === on) return;
    s.zoomed = on;
    renderZoom();
    if (on) {
      const target = focusCell ?? (s.placed.length ? s.placed[s.placed.length - 1].cell
        : s.view && s.view.last_move && s.view.last_move.tiles.length ? s.view.last_move.tiles[0].cell : 112);
      const el = cells[target];
      viewportEl.scrollLeft = el.offsetLeft + el.offsetWidth / 2 - viewportEl.clientWidth / 2;
      viewportEl.scrollTop = el.offsetTop + el.offsetHeight / 2 - viewportEl.clientHeight / 2;
    }
  }
  zoomBtn.addEventListener("click", () => setZoom(!s.zoomed));
  viewportEl.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    s.pinch = s.pinch || { pointers: new Map(), distance: null };
    s.pinch.pointers.set(event.pointerId, [event.clientX, event.clientY]);
  });
  viewportEl.addEventListener("pointermove", (event) => {
    if (!s.pinch || !s.pinch.pointers.has(event.pointerId)) return;
    s.pinch.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (s.pinch.pointers.size !== 2) return;
    const [[x1, y1], [x2, y2]] = [...s.pinch.pointers.values()];
    const distance = Math.hypot(x2 - x1, y2 - y1);
    if (s.pinch.distance === null) s.pinch.distance = distance;
    else if (distance > s.pinch.distance * 1.3) setZoom(true, cellFromPoint((x1 + x2) / 2, (y1 + y2) / 2));
    else if (distance < s.pinch.distance * 0.75) setZoom(false);
  });
  const endPinch = (event) => {
    if (!s.pinch) return;
    s.pinch.pointers.delete(event.pointerId);
    if (!s.pinch.pointers.size) s.pinch = null;
  };
  viewportEl.addEventListener("pointerup", endPinch);
  viewportEl.addEventListener("pointercancel", endPinch);

  pickerEl.addEventListener("click", (event) => {
    const button = event.target.closest(".cz-pick");
    if (button) chooseBlank(button.dataset.letter);
    else if (event.target.closest(".cz-picker-cancel")) { s.blankAsk = null; s.selected = null; render(); }
  });
  undoBtn.addEventListener("click", undo);
  shuffleBtn.addEventListener("click", shuffle);
  submitBtn.addEventListener("click", submit);
  passBtn.addEventListener("click", () => { s.confirming = "pass"; s.menuOpen = false; render(); });
  exchangeBtn.addEventListener("click", () => { s.confirming = "exchange"; s.menuOpen = false; render(); });
  resignBtn.addEventListener("click", () => { s.confirming = "resign"; s.menuOpen = false; render(); });
  moreBtn.addEventListener("click", () => { s.menuOpen = !s.menuOpen; renderControls(); });
  confirmEl.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.answer === "yes") confirmAction(s.confirming);
    else { s.confirming = null; render(); }
  });
  notifyBtn.addEventListener("click", async () => {
    if (!("Notification" in window)) return;
    try {
      await Notification.requestPermission();
    } finally {
      renderNotify();
    }
  });
  lastEl.addEventListener("click", (event) => {
    if (event.target.closest(".cz-last-summary")) {
      s.breakdownOpen = !s.breakdownOpen;
      renderLast();
    }
  });

  function onKeyDown(event) {
    if (!board.isConnected || !s.view || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape") {
      if (s.blankAsk) { s.blankAsk = null; s.selected = null; render(); } else if (s.confirming || s.menuOpen) {
        s.confirming = null; s.menuOpen = false; render();
      }
    }
  }
  document.addEventListener("keydown", onKeyDown);

  function detach() {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointermove", onPointerMove);
    document.removeEventListener("pointerup", onPointerUp);
    document.removeEventListener("pointercancel", cancelDrag);
  }

  return { cancelDrag, detach };
}
