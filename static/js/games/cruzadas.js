// The Letras Cruzadas board: the 15x15 board with its premium squares, the centre star and the ★25
// square, the viewer's rack, the tiles being placed, scores, the bag and the unseen tiles, the last move
// with its breakdown, Pass / Exchange / Resign, the result.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, games/cruzadas/engine.py
// `view`), so the board renders from it alone, idempotently. The only local state is the rack's order
// (Shuffle is client-only) and the tentative move: it survives a rejected move (so the player can fix it)
// and resent snapshots, and is dropped when a turn is played (by anyone) or it is no longer the player's
// turn.
//
//   const board = mountCruzadas(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);
//
// The parts (static/js/games/cruzadas/): state.js what the board knows (the snapshot, the rack's order,
// the tentative move), view.js the skeleton and its drawing, input.js taps, drags, pinches and keys,
// texts.js the texts chosen by what the view says. Here: the moves the player makes and the frames.

import { matchFrames, pendingAct, refusal, roomSeats, shake, t, tickWhileShown, transientMessage } from "./kit.js";
import { wireInput } from "./cruzadas/input.js";
import { BLANK, SIZE, TURKISH_LETTERS, cruzadasState } from "./cruzadas/state.js";
import { ERRORS } from "./cruzadas/texts.js";
import { buildBoard, cruzadasView } from "./cruzadas/view.js";

export { upperTr } from "./cruzadas/state.js";

// Refusals of a placement: the tentative tiles shake and stay for the player to fix.
const MOVE_ERRORS = new Set([
  "empty", "malformed", "bad_cell", "duplicate_cell", "bad_letter", "blank_letter", "not_in_rack",
  "covers_tile", "not_in_line", "gap", "first_not_on_centre", "first_too_short", "not_connected",
  "not_a_word", "not_your_turn",
]);
const MESSAGE_MS = 5000;
const PENDING_MS = 8000;
// The tiles placed and not yet played, kept in the tab's sessionStorage under this prefix, the match and the turn.
const KEPT = "cruzadas-placed";

export function mountCruzadas(root, { send, afterGame = null } = {}) {
  const s = cruzadasState();
  const seating = roomSeats();
  const frames = matchFrames();
  const pending = pendingAct({ send, ms: PENDING_MS, onTimeout: () => render() }); // the action on its way
  const els = buildBoard(root);
  const { board, boardEl, rackEl, pickerEl, messageEl } = els;
  const seatName = seating.name;
  const drawn = cruzadasView(s, els, {
    seatName, seatInfo: seating.info, presence: seating.presence, replay: seating.replay, pending, afterGame,
    matchId: frames.matchId,
  });
  const { renderRack, renderControls, renderLast, renderNotify, renderZoom, notificationsAvailable } = drawn;
  const { canMove, boardTile, placedAt, slotById, isPlaced } = s;

  const say = transientMessage(messageEl, MESSAGE_MS);
  // A note (a Turkish letter placed for the plain one typed) is no refusal: not in the refusals' red.
  const showMessage = (text, { sticky = false, note = false } = {}) => {
    messageEl.classList.toggle("note", note);
    say(text, { sticky });
  };
  const clearMessage = () => showMessage("", { sticky: true });

  // -- the tiles placed survive a reload (issue 33) ------------------------------------------------------
  // Kept per match and turn in the tab's sessionStorage at every drawing; put back when the board opens on that
  // same turn again, only if the rack still holds every tile and each square is still free (else dropped).
  const keptKey = () => `${KEPT}:${frames.matchId()}:${s.view.history.length}`;
  function storage() {
    try {
      return window.sessionStorage;
    } catch {
      return null; // storage refused (a privacy setting): the tiles are simply not kept
    }
  }
  function keep() {
    const store = storage();
    if (!store || !s.view || frames.matchId() === null || frames.matchId() === undefined) return;
    const key = keptKey();
    try {
      for (let i = store.length - 1; i >= 0; i -= 1) { // an earlier turn's tiles belong to a board that is gone
        const other = store.key(i);
        if (other && other.startsWith(`${KEPT}:${frames.matchId()}:`) && other !== key) store.removeItem(other);
      }
      if (!canMove()) return;
      if (s.placed.length) {
        store.setItem(key, JSON.stringify(s.placed.map((p) => ({ cell: p.cell, letter: p.letter, blank: p.blank }))));
      } else store.removeItem(key);
    } catch {
      // full or refused: nothing kept
    }
  }
  function restore() {
    const store = storage();
    if (!store || !canMove() || s.placed.length) return;
    let saved = null;
    try {
      saved = JSON.parse(store.getItem(keptKey()) || "null");
    } catch {
      saved = null;
    }
    if (!Array.isArray(saved) || !saved.length) return;
    const placed = [];
    for (const tile of saved) {
      const cell = tile && tile.cell;
      const free = Number.isInteger(cell) && cell >= 0 && cell < SIZE * SIZE && !boardTile(cell)
        && !placed.some((p) => p.cell === cell);
      const rackTile = tile && tile.blank ? BLANK : tile && tile.letter;
      const slot = s.slots.find((one) => one.tile === rackTile && !placed.some((p) => p.id === one.id));
      if (!free || !slot || !TURKISH_LETTERS.includes(tile.letter)) return; // the rack or the board changed
      placed.push({ id: slot.id, cell, letter: tile.letter, blank: Boolean(tile.blank) });
    }
    s.placed = placed;
    s.turnsSeen = s.view.history.length;
  }
  function render() {
    drawn.render();
    keep();
  }

  function shakeMove() {
    shake(boardEl);
    shake(rackEl);
  }

  function act(action, kind) {
    pending.act(frames.matchId(), action, kind);
  }

  // -- the moves ------------------------------------------------------------------------------------
  function resetMove() {
    s.clearMove();
    input.cancelDrag();
  }

  function putTile(id, cell, letter) {
    if (s.putTile(id, cell, letter)) clearMessage();
  }

  /** A rack tile goes to a square: straight away, or once the blank's letter is chosen (`letter`: the
   * letter a typed key already chose for a blank, so no picker). True when the tile is on the square. */
  function dropOn(id, cell, letter = null) {
    if (!canMove() || pending.busy()) return false;
    const slot = slotById(id);
    if (!slot || isPlaced(id)) return false;
    if (boardTile(cell) || placedAt(cell)) {
      showMessage(t("That square is taken."));
      return false;
    }
    if (slot.tile === BLANK && letter) {
      putTile(id, cell, letter);
      render();
      return true;
    }
    if (slot.tile === BLANK) {
      s.blankAsk = { id, cell };
      s.selected = id;
      render();
      pickerEl.querySelector(".cz-pick").focus({ preventScroll: true });
      return false;
    }
    putTile(id, cell);
    render();
    return true;
  }

  function chooseBlank(letter) {
    if (!s.blankAsk) return;
    const { id, cell } = s.blankAsk;
    s.blankAsk = null;
    if (canMove() && !boardTile(cell) && !placedAt(cell)) putTile(id, cell, letter);
    render();
  }

  function takeBack(cell) {
    const at = s.placed.findIndex((p) => p.cell === cell);
    if (at < 0) return;
    s.placed.splice(at, 1);
    render();
  }

  function undo() {
    if (!s.placed.length || pending.busy()) return;
    s.placed.pop();
    clearMessage();
    render();
  }

  /** Every tentative tile back to the rack (Escape). */
  function undoAll() {
    if (!s.placed.length || pending.busy()) return;
    s.placed = [];
    s.selected = null;
    clearMessage();
    render();
  }

  function shuffle() {
    if (s.slots.length < 2) return;
    s.shuffleRack();
    renderRack();
  }

  function submit() {
    if (!canMove() || pending.busy()) return;
    if (!s.placed.length) {
      showMessage(t("Place at least one tile."));
      shakeMove();
      return;
    }
    const tiles = [...s.placed].sort((a, b) => a.cell - b.cell)
      .map((p) => ({ cell: p.cell, letter: p.letter, blank: p.blank }));
    s.confirming = null;
    s.menuOpen = false;
    act({ type: "place", tiles }, "place");
    render();
  }

  function confirmAction(kind) {
    if (!s.view || pending.busy()) return;
    s.confirming = null;
    s.menuOpen = false;
    if (kind === "pass") resetMove(); // passing returns the unsent tiles to the rack
    act({ type: kind }, kind);
    render();
  }

  const input = wireInput(s, els, {
    render, renderControls, renderLast, renderNotify, renderZoom, dropOn, chooseBlank, takeBack, undo, undoAll,
    shuffle, submit, confirmAction, showMessage, clearMessage, busy: () => pending.busy(),
  });

  function notifyTurn() {
    if (!notificationsAvailable() || Notification.permission !== "granted" || !document.hidden) return;
    try {
      const note = new Notification("Letras Cruzadas", { // the game's name, the same in every language
        body: t("Your turn against %(name)s.", { name: seatName(1 - s.view.you) }), tag: `cruzadas-${frames.matchId()}`,
      });
      note.onclick = () => { window.focus(); note.close(); };
    } catch {
      // Some browsers only notify from a service worker: the page's turn line still tells the player.
    }
  }

  // No clocks to redraw: the ticks only notice the board leaving the page, to drop its listeners.
  tickWhileShown(board, () => {}, input.detach);

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        s.startAfresh();
        input.cancelDrag();
        pending.clear();
      }
      const previous = s.view;
      s.view = frame.view;
      s.ratings = frame.ratings || null; // rated games: {seat: {before, after, change}} once applied
      const turns = s.view.history ? s.view.history.length : 0;
      if (!previous || previous.history.length !== turns) s.breakdownOpen = false;
      if (s.turnsSeen !== null && s.turnsSeen !== turns) {
        // A turn was played (ours or theirs): the tentative tiles belong to a board that is gone.
        resetMove();
        s.turnsSeen = null;
      }
      pending.clear(); // a snapshot after our action carries its answer
      s.syncRack();
      if (!canMove()) { resetMove(); s.turnsSeen = null; }
      restore(); // the tiles placed on this turn before a reload
      const mine = canMove();
      if (mine && !s.wasMyTurn && previous) notifyTurn();
      s.wasMyTurn = mine;
      render();
    },
    onError(frame) {
      const answered = pending.answer(frame);
      const text = refusal(ERRORS, frame);
      const isMove = MOVE_ERRORS.has(frame.code) || (answered && answered.kind === "place");
      if (isMove) shakeMove();
      showMessage(text, { sticky: Boolean(isMove) });
      if (s.view) render();
    },
    onRoom(frame) {
      seating.take(frame);
      if (s.view) render();
    },
    // For tests and the page: the tentative move and the rack's order.
    tentative: () => s.placed.map((p) => ({ cell: p.cell, letter: p.letter, blank: p.blank })),
    rackOrder: () => s.slots.map((slot) => slot.tile),
  };
}

export const mount = mountCruzadas;

/** The keys of this board, for the room's shortcuts help (static/js/shortcuts.js): [keys, what they do]. */
export const shortcuts = () => [
  [["Tab"], t("Go to the board (one stop)")],
  [["←", "↑", "→", "↓"], t("Move the cursor square")],
  [["Home", "End"], t("Go to the start or the end of the row")],
  [[t("A–Z")], t("Place a rack tile of that letter (the blank if you have none) and move on")],
  [["S", "G", "C", "O", "U", "I"], t("Ş, Ğ, Ç, Ö, Ü or I from your rack, when it has no plain one")],
  [[t("Space")], t("Switch the direction: across or down")],
  [["Backspace"], t("Take back the last tile placed")],
  [["Enter"], t("Play")],
  [["Esc"], t("Take back all the tiles placed")],
];
