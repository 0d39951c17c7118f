// What the Letras Cruzadas player does with a pointer, fingers or keys: tapping squares and rack tiles,
// dragging a tile to a square, zooming (the button or a pinch), the bar's buttons, the blank's picker, the
// confirmations, the last move's breakdown, the keyboard (a cursor on the board one types words at, as on
// woogles; docs/cruzadas.md "Keyboard"), Escape. Each only changes the state (state.js) and asks the board
// (`actions`) to act or draw again.
import { t } from "../kit.js";
import { SIZE, letterOfKey, rowOf, upperTr } from "./state.js";

const DRAG_START_PX = 6;

/** Listens on the elements `els` (view.js buildBoard); returns {cancelDrag, detach} (detach: the
 * listeners on the document, when the board leaves the page). */
export function wireInput(s, els, actions) {
  const {
    board, cells, boardEl, viewportEl, zoomBtn, rackEl, undoBtn, passBtn, shuffleBtn, moreBtn, submitBtn,
    exchangeBtn, resignBtn, confirmEl, pickerEl, notifyBtn, lastEl,
  } = els;
  const {
    render, renderControls, renderLast, renderNotify, renderZoom, dropOn, chooseBlank, takeBack, undo, undoAll,
    shuffle, submit, confirmAction, showMessage, clearMessage, busy,
  } = actions;
  const { canMove, boardTile, placedAt, isPlaced } = s;

  /** The cursor to square `index`; the focus follows it when it is on the board, so that the board stays
   * one Tab stop (the focused square is the one with tabindex 0). */
  function moveCursor(index, { scroll = true } = {}) {
    s.cursor = index;
    render();
    if (boardEl.contains(document.activeElement) && document.activeElement !== cells[index]) {
      focusCell(index, { preventScroll: !scroll });
    }
  }
  // The board's own focus moves (the cursor's, the picker's return) are not a keyboard player arriving.
  let quietFocus = false;
  function focusCell(index, options) {
    quietFocus = true;
    try {
      cells[index].focus(options);
    } finally {
      quietFocus = false;
    }
  }

  // -- input ----------------------------------------------------------------------------------------
  // A press on a square focuses it before its click: that focus is the click's business (it must not show
  // the keyboard's arrow), so focusin ignores it until the click.
  let pointerOnBoard = false;
  boardEl.addEventListener("pointerdown", () => { pointerOnBoard = true; });
  boardEl.addEventListener("click", (event) => {
    const cell = event.target.closest(".cz-cell");
    if (!cell) return;
    const index = Number(cell.dataset.cell);
    const onCursor = index === s.cursor && s.cursorShown;
    try {
      if (!canMove() || busy()) {
        moveCursor(index, { scroll: false }); // the Tab stop stays where the focus is
        return;
      }
      if (placedAt(index)) {
        s.cursor = index;
        takeBack(index);
        return;
      }
      if (boardTile(index)) {
        moveCursor(index, { scroll: false });
        return;
      }
      if (s.selected !== null && !isPlaced(s.selected)) {
        s.cursor = index;
        // Placed: the cursor goes on as if the letter had been typed, so tapping and typing mix.
        if (dropOn(s.selected, index)) moveCursor(s.nextFree(index) ?? index, { scroll: false });
      } else if (onCursor) { // woogles: a second tap on the cursor turns it
        s.direction = s.direction === "across" ? "down" : "across";
        clearMessage();
        render();
      } else {
        s.cursorShown = true;
        moveCursor(index, { scroll: false });
        showMessage(t("Choose a tile from your rack, then tap a square."));
      }
    } finally {
      pointerOnBoard = false;
    }
  });
  // Reached by Tab (or a screen reader's focus): the cursor is where the focus is, and shows.
  boardEl.addEventListener("focusin", (event) => {
    const cell = event.target.closest(".cz-cell");
    if (!cell || pointerOnBoard || quietFocus) return;
    const index = Number(cell.dataset.cell);
    if (index === s.cursor && s.cursorShown) return;
    s.cursor = index;
    s.cursorShown = true;
    render();
  });

  // Keys on the board (it has the focus, so never in an input or a dialog). Letters, Backspace and Enter
  // change the board only on the player's turn; moving the cursor and turning it change nothing.
  const STEPS = { ArrowLeft: ["across", -1], ArrowRight: ["across", 1], ArrowUp: ["down", -1], ArrowDown: ["down", 1] };
  boardEl.addEventListener("keydown", (event) => {
    const cell = event.target.closest(".cz-cell");
    if (!cell || !s.view || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    pointerOnBoard = false;
    const key = event.key;
    const at = Number(cell.dataset.cell);
    s.cursor = at;
    s.cursorShown = true;
    if (STEPS[key]) {
      event.preventDefault(); // no page scroll
      const [direction, delta] = STEPS[key];
      moveCursor(s.stepFrom(at, direction, delta) ?? at);
    } else if (key === "Home" || key === "End") {
      event.preventDefault();
      moveCursor(rowOf(at) * SIZE + (key === "Home" ? 0 : SIZE - 1));
    } else if (key === " ") {
      event.preventDefault(); // not the button's click
      s.direction = s.direction === "across" ? "down" : "across";
      render();
    } else if (key === "Enter") {
      event.preventDefault(); // not the button's click: Enter plays
      if (!canMove() || busy()) return;
      // A rack tile chosen by keyboard (Enter/Space on it) goes to the cursor, as a tap on the square would.
      if (s.selected !== null && !isPlaced(s.selected) && !boardTile(at) && !placedAt(at)) {
        if (dropOn(s.selected, at)) moveCursor(s.nextFree(at) ?? at);
      } else submit();
    } else if (key === "Backspace") {
      event.preventDefault();
      if (!canMove() || busy() || !s.placed.length) return;
      s.cursor = s.placed[s.placed.length - 1].cell;
      undo();
      moveCursor(s.cursor);
    } else if (Array.from(key).length === 1 && /\p{L}/u.test(key)) {
      event.preventDefault();
      if (canMove() && !busy()) typeLetter(key, at);
    }
  });
  // Space's click comes on keyup: keydown's preventDefault stops it, this makes sure in every browser.
  boardEl.addEventListener("keyup", (event) => {
    if (event.key === " " && event.target.closest(".cz-cell")) event.preventDefault();
  });

  /** A typed letter: a rack tile of it (else a blank standing for it) on the cursor square, then the cursor
   * to the next free square the way it points; on a square already holding a tile the cursor just goes on. */
  function typeLetter(key, at) {
    if (boardTile(at) || placedAt(at)) {
      moveCursor(s.nextFree(at) ?? at);
      return;
    }
    const letter = letterOfKey(key);
    const found = letter ? s.tileForLetter(letter) : null;
    if (!found) {
      showMessage(t("You have no %(letter)s on your rack.", { letter: upperTr(letter ?? key.toLowerCase()) }));
      return;
    }
    if (!dropOn(found.slot.id, at, found.letter)) return;
    moveCursor(s.nextFree(at) ?? at);
    if (found.letter !== letter) { // a Turkish letter for the plain one typed: say so, it is no mistake
      showMessage(t("No %(typed)s on your rack: %(placed)s placed.",
        { typed: upperTr(letter), placed: upperTr(found.letter) }), { note: true });
    }
  }

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
    const ask = s.blankAsk;
    if (button) chooseBlank(button.dataset.letter);
    else if (event.target.closest(".cz-picker-cancel")) { s.blankAsk = null; s.selected = null; render(); }
    else return;
    // The picker closes: the focus goes back to the board (not lost on the page), the cursor past the blank.
    if (ask) s.cursor = placedAt(ask.cell) ? s.nextFree(ask.cell) ?? ask.cell : ask.cell;
    render();
    focusCell(s.cursor, { preventScroll: true });
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
      if (s.blankAsk) {
        const fromPicker = pickerEl.contains(document.activeElement);
        s.blankAsk = null;
        s.selected = null;
        render();
        if (fromPicker) focusCell(s.cursor, { preventScroll: true }); // back where the blank was going
      } else if (s.confirming || s.menuOpen) {
        s.confirming = null; s.menuOpen = false; render();
      } else if (s.placed.length && canMove() && !inField(event.target)) {
        // Every tile of this turn back to the rack; the cursor to where the word began.
        s.cursor = s.placed.reduce((first, p) => Math.min(first, p.cell), SIZE * SIZE);
        undoAll();
        moveCursor(s.cursor);
      }
    }
  }
  /** Keys typed in a field or a dialog are theirs, not the board's. */
  function inField(target) {
    return Boolean(target && target.closest
      && target.closest("input, textarea, select, [contenteditable=''], [contenteditable=true], dialog, [role=dialog]"));
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
