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

import {
  h, matchFrames, nt, pendingAct, refusal, renderTurnLine, roomSeats, shake, t, tickWhileShown, transientMessage,
} from "./kit.js";

const SIZE = 15;
const BLANK = "?";
// The letters a blank may stand for (the Turkish ruleset's, in alphabetical order).
const TURKISH_LETTERS = "a b c ç d e f g ğ h ı i j k l m n o ö p r s ş t u ü v y z".split(" ");
// Refusals of a placement: the tentative tiles shake and stay for the player to fix.
const MOVE_ERRORS = new Set([
  "empty", "malformed", "bad_cell", "duplicate_cell", "bad_letter", "blank_letter", "not_in_rack",
  "covers_tile", "not_in_line", "gap", "first_not_on_centre", "first_too_short", "not_connected",
  "not_a_word", "not_your_turn",
]);
const MESSAGE_MS = 5000;
const PENDING_MS = 8000;
const DRAG_START_PX = 6;
const DICTIONARY_URL = "https://sozluk.gov.tr/?ara=";

// A premium square's name (its short label, 2L..3W, is the same in every language).
const PREMIUM_NAMES = {
  "2L": () => t("double letter"),
  "3L": () => t("triple letter"),
  "2W": () => t("double word"),
  "3W": () => t("triple word"),
};
// The question before passing, exchanging or resigning.
const CONFIRMS = {
  pass: () => t("Pass this turn? Your tiles stay on your rack."),
  exchange: () => t("Exchange all your tiles? This ends your turn."),
  resign: () => t("Resign this game? It counts as a loss."),
};
const CONFIRM_YES = {
  pass: () => t("Yes, pass"),
  exchange: () => t("Yes, exchange"),
  resign: () => t("Yes, resign"),
};
// The last move, besides a word or an exchange.
const MOVES = {
  pass: (params) => t("%(name)s passed.", params),
  resign: (params) => t("%(name)s resigned.", params),
};
// A line of the last word's breakdown that is not a word.
const BONUSES = {
  star: () => t("★25 square"),
  bingo: () => t("All 7 tiles"),
};
// The engine's refusals, for an error frame without the server's (translated) message.
const ERRORS = {
  empty: () => t("Place at least one tile."),
  bad_cell: () => t("That square is not on the board."),
  duplicate_cell: () => t("Two tiles cannot share a square."),
  bad_letter: (params) => t("“%(letter)s” is not a letter of this game.", params),
  blank_letter: () => t("Choose the letter your blank stands for."),
  not_in_rack: () => t("You can only place tiles from your rack."),
  covers_tile: () => t("A square can hold only one tile: that one is taken."),
  not_in_line: () => t("All new tiles must lie in one row or one column."),
  gap: () => t("A word cannot have empty squares inside it."),
  first_not_on_centre: () => t("The first word must cover the centre star."),
  first_too_short: () => t("The first word must have at least 2 letters."),
  not_connected: () => t("A new word must join the tiles already on the board."),
  not_a_word: (params) => t("“%(word)s” is not in this game's dictionary.", params),
  not_your_turn: () => t("It is not your turn."),
  bag_too_small: (params) => t("You can exchange only while the bag holds at least as many tiles as your rack (%(count)s).", params),
  match_over: () => t("The match is over."),
};

/** Turkish capitals: i -> İ and ı -> I (never toUpperCase on those two); the rest as usual. */
export function upperTr(text) {
  return Array.from(String(text ?? ""), (ch) => {
    if (ch === "i") return "İ";
    if (ch === "ı") return "I";
    return ch.toUpperCase();
  }).join("");
}


const rowOf = (index) => Math.floor(index / SIZE);
const colOf = (index) => index % SIZE;
const sortedKey = (tiles) => [...tiles].sort().join("\u0000");

export function mountCruzadas(root, { send } = {}) {
  let view = null;
  const seating = roomSeats();
  const frames = matchFrames();
  const pending = pendingAct({ send, ms: PENDING_MS, onTimeout: () => render() }); // the action on its way
  let confirming = null; // "pass" | "exchange" | "resign" while the player is asked to confirm
  let menuOpen = false;
  let breakdownOpen = false;
  let zoomed = false;
  // The rack in the player's order: [{id, tile}] (tile: a letter or BLANK); ids stay while the rack's
  // tiles do, so a shuffle and the tentative move survive resent snapshots.
  let slots = [];
  let slotCounter = 0;
  let placed = []; // the tentative move, in the order placed: [{id (slot), cell, letter, blank}]
  let selected = null; // a slot id
  let blankAsk = null; // {id, cell} while the blank's letter is being chosen
  let turnsSeen = null; // history length when the tentative move was started
  let wasMyTurn = false;
  let drag = null; // {pointerId, id, x, y, ghost} while a rack tile is pressed or dragged
  let pinch = null; // two fingers on the board: {pointers: Map, distance}

  // -- skeleton (built once) ------------------------------------------------------------------------
  const turnEl = h("p", { class: "cz-turn", role: "status", "data-testid": "turn" });
  const notifyBtn = h("button", { type: "button", class: "button secondary small cz-notify", "data-testid": "notify",
    text: t("Notify me"), hidden: true });
  const headEl = h("div", { class: "cz-head" }, [turnEl, notifyBtn]);
  const playersEl = h("div", { class: "cz-players" });
  const resultEl = h("section", { class: "cz-result", hidden: true, "data-testid": "result" });

  const cells = [];
  const boardEl = h("div", { class: "cz-board", role: "grid", "aria-label": t("Board"), "data-testid": "board" });
  for (let r = 0; r < SIZE; r += 1) {
    for (let c = 0; c < SIZE; c += 1) {
      const index = r * SIZE + c;
      const cell = h("button", { type: "button", class: "cz-cell", role: "gridcell", "data-cell": index },
        [h("span", { class: "cz-label", "aria-hidden": "true" }), h("span", { class: "cz-letter" }),
          h("span", { class: "cz-value", "aria-hidden": "true" })]);
      cells.push(cell);
      boardEl.append(cell);
    }
  }
  const viewportEl = h("div", { class: "cz-viewport", "data-testid": "viewport" }, [boardEl]);
  const zoomBtn = h("button", { type: "button", class: "cz-zoom", "data-testid": "zoom", "aria-pressed": "false",
    title: t("Zoom in"), "aria-label": t("Zoom in") }, [h("span", { "aria-hidden": "true", text: "+" })]);
  const bagEl = h("span", { class: "cz-bag", "data-testid": "bag" });
  const unseenSummary = h("summary", { "data-testid": "unseen-summary" });
  const unseenList = h("ul", { class: "cz-unseen-list", "data-testid": "unseen-list" });
  const unseenEl = h("details", { class: "cz-unseen", "data-testid": "unseen" }, [unseenSummary, unseenList]);
  const infoEl = h("div", { class: "cz-info" }, [bagEl, unseenEl, zoomBtn]);
  const messageEl = h("p", { class: "cz-message", role: "status", "aria-live": "polite", "data-testid": "message" });

  const rackEl = h("div", { class: "cz-rack", role: "group", "aria-label": t("Your tiles"), "data-testid": "rack" });
  const undoBtn = h("button", { type: "button", class: "button secondary small", "data-testid": "undo", text: t("Undo") });
  const passBtn = h("button", { type: "button", class: "button secondary small", "data-testid": "pass", text: t("Pass") });
  const shuffleBtn = h("button", { type: "button", class: "button secondary small", "data-testid": "shuffle",
    text: t("Shuffle") });
  const moreBtn = h("button", { type: "button", class: "button secondary small cz-more", "data-testid": "more",
    "aria-haspopup": "true", "aria-expanded": "false", title: t("More"), "aria-label": t("More"), text: "…" });
  const submitBtn = h("button", { type: "button", class: "button small cz-submit", "data-testid": "submit",
    text: t("Play") });
  const exchangeBtn = h("button", { type: "button", class: "button secondary small", "data-testid": "exchange",
    text: t("Exchange") });
  const resignBtn = h("button", { type: "button", class: "button secondary small", "data-testid": "resign",
    text: t("Resign") });
  const menuEl = h("div", { class: "cz-menu", "data-testid": "menu", hidden: true }, [exchangeBtn, resignBtn]);
  const barEl = h("div", { class: "cz-bar", "data-testid": "bar" },
    [undoBtn, passBtn, shuffleBtn, h("div", { class: "cz-more-wrap" }, [moreBtn, menuEl]), submitBtn]);
  const confirmEl = h("div", { class: "cz-confirm", hidden: true, "data-testid": "confirm", role: "alert" });
  const pickerEl = h("div", { class: "cz-picker", hidden: true, "data-testid": "blank-picker", role: "dialog",
    "aria-label": t("Which letter is your blank?") }, [
    h("p", { class: "cz-picker-title", text: t("Which letter is your blank?") }),
    h("div", { class: "cz-picker-letters" }, TURKISH_LETTERS.map((letter) => h("button", {
      type: "button", class: "cz-pick", "data-letter": letter, text: upperTr(letter) }))),
    h("button", { type: "button", class: "button secondary small cz-picker-cancel", "data-testid": "blank-cancel",
      text: t("Cancel") }),
  ]);
  const controlsEl = h("div", { class: "cz-controls" }, [rackEl, pickerEl, confirmEl, barEl]);
  const lastEl = h("section", { class: "cz-last", "aria-label": t("Last move"), "data-testid": "last" });

  const playEl = h("div", { class: "cz-play" }, [infoEl, viewportEl, messageEl, controlsEl]);
  const sideEl = h("div", { class: "cz-side" }, [playersEl, lastEl]);
  const board = h("div", { class: "cruzadas", "data-phase": "waiting" }, [
    headEl, resultEl, h("div", { class: "cz-body" }, [playEl, sideEl]),
  ]);
  root.replaceChildren(board);

  const canMove = () => Boolean(view && view.phase === "playing" && view.can_move && view.rack);
  const values = () => (view && view.ruleset && view.ruleset.values) || {};
  const valueOf = (letter, blank) => (blank || letter === BLANK ? 0 : values()[letter] ?? 0);
  const boardTile = (index) => (view ? view.board[rowOf(index)][colOf(index)] : null);
  const placedAt = (index) => placed.find((p) => p.cell === index) || null;
  const isPlaced = (id) => placed.some((p) => p.id === id);
  const slotById = (id) => slots.find((s) => s.id === id) || null;

  const seatInfo = seating.info;
  const seatName = seating.name;

  const showMessage = transientMessage(messageEl, MESSAGE_MS);
  const clearMessage = () => showMessage("", { sticky: true });

  function shakeMove() {
    shake(boardEl);
    shake(rackEl);
  }

  function act(action, kind) {
    pending.act(frames.matchId(), action, kind);
  }

  // -- the rack and the tentative move --------------------------------------------------------------
  function syncRack() {
    const rack = (view && view.rack) || [];
    if (sortedKey(rack) === sortedKey(slots.map((s) => s.tile))) return;
    slots = rack.map((tile) => { slotCounter += 1; return { id: slotCounter, tile }; });
    placed = [];
    selected = null;
    blankAsk = null;
  }

  function resetMove() {
    placed = [];
    selected = null;
    blankAsk = null;
    cancelDrag();
  }

  function putTile(id, cell, letter) {
    const slot = slotById(id);
    if (!slot || isPlaced(id)) return;
    const blank = slot.tile === BLANK;
    placed.push({ id, cell, letter: blank ? letter : slot.tile, blank });
    if (selected === id) selected = null;
    if (turnsSeen === null) turnsSeen = view.history.length;
    clearMessage();
  }

  /** A rack tile goes to a square: straight away, or once the blank's letter is chosen. */
  function dropOn(id, cell) {
    if (!canMove() || pending.busy()) return;
    const slot = slotById(id);
    if (!slot || isPlaced(id)) return;
    if (boardTile(cell) || placedAt(cell)) {
      showMessage(t("That square is taken."));
      return;
    }
    if (slot.tile === BLANK) {
      blankAsk = { id, cell };
      selected = id;
      render();
      pickerEl.querySelector(".cz-pick").focus({ preventScroll: true });
      return;
    }
    putTile(id, cell);
    render();
  }

  function chooseBlank(letter) {
    if (!blankAsk) return;
    const { id, cell } = blankAsk;
    blankAsk = null;
    if (canMove() && !boardTile(cell) && !placedAt(cell)) putTile(id, cell, letter);
    render();
  }

  function takeBack(cell) {
    const at = placed.findIndex((p) => p.cell === cell);
    if (at < 0) return;
    placed.splice(at, 1);
    render();
  }

  function undo() {
    if (!placed.length || pending.busy()) return;
    placed.pop();
    clearMessage();
    render();
  }

  function shuffle() {
    if (slots.length < 2) return;
    const before = slots.map((s) => s.tile).join("");
    const distinct = new Set(slots.map((s) => s.tile)).size > 1;
    for (let tries = 0; tries < 20; tries += 1) {
      for (let i = slots.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [slots[i], slots[j]] = [slots[j], slots[i]];
      }
      if (!distinct || slots.map((s) => s.tile).join("") !== before) break; // a visible change
    }
    renderRack();
  }

  function submit() {
    if (!canMove() || pending.busy()) return;
    if (!placed.length) {
      showMessage(t("Place at least one tile."));
      shakeMove();
      return;
    }
    const tiles = [...placed].sort((a, b) => a.cell - b.cell)
      .map((p) => ({ cell: p.cell, letter: p.letter, blank: p.blank }));
    confirming = null;
    menuOpen = false;
    act({ type: "place", tiles }, "place");
    render();
  }

  function confirmAction(kind) {
    if (!view || pending.busy()) return;
    confirming = null;
    menuOpen = false;
    if (kind === "pass") resetMove(); // passing returns the unsent tiles to the rack
    act({ type: kind }, kind);
    render();
  }

  // -- input ----------------------------------------------------------------------------------------
  boardEl.addEventListener("click", (event) => {
    const cell = event.target.closest(".cz-cell");
    if (!cell || !canMove() || pending.busy()) return;
    const index = Number(cell.dataset.cell);
    if (placedAt(index)) {
      takeBack(index);
      return;
    }
    if (boardTile(index)) return;
    if (selected !== null && !isPlaced(selected)) dropOn(selected, index);
    else showMessage(t("Choose a tile from your rack, then tap a square."));
  });

  rackEl.addEventListener("pointerdown", (event) => {
    const tile = event.target.closest(".cz-tile");
    if (!tile || !canMove() || pending.busy() || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag = { pointerId: event.pointerId, id: Number(tile.dataset.slot), x: event.clientX, y: event.clientY,
      ghost: null, source: tile };
    event.preventDefault(); // no text selection or scrolling while a tile is held
  });
  function onPointerMove(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_START_PX) return;
      drag.ghost = drag.source.cloneNode(true);
      drag.ghost.classList.add("cz-ghost");
      drag.ghost.removeAttribute("data-testid");
      document.body.append(drag.ghost);
      drag.source.classList.add("dragging");
    }
    drag.ghost.style.left = `${event.clientX}px`;
    drag.ghost.style.top = `${event.clientY}px`;
    const under = cellFromPoint(event.clientX, event.clientY);
    for (const el of boardEl.querySelectorAll(".cz-cell.drop")) el.classList.remove("drop");
    if (under !== null && !boardTile(under) && !placedAt(under)) cells[under].classList.add("drop");
  }
  function onPointerUp(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { id, ghost } = drag;
    cancelDrag();
    if (!ghost) { // a tap: select (or unselect) the tile
      selected = selected === id ? null : id;
      blankAsk = null;
      clearMessage();
      render();
      return;
    }
    const under = cellFromPoint(event.clientX, event.clientY);
    if (under !== null) dropOn(id, under);
  }
  function cancelDrag() {
    if (!drag) return;
    if (drag.ghost) drag.ghost.remove();
    if (drag.source) drag.source.classList.remove("dragging");
    for (const el of boardEl.querySelectorAll(".cz-cell.drop")) el.classList.remove("drop");
    drag = null;
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
    selected = selected === id ? null : id;
    render();
  });

  // Zoom: a button, or two fingers spreading/pinching on the board; the viewport scrolls when zoomed.
  function setZoom(on, focusCell = null) {
    if (zoomed === on) return;
    zoomed = on;
    renderZoom();
    if (on) {
      const target = focusCell ?? (placed.length ? placed[placed.length - 1].cell
        : view && view.last_move && view.last_move.tiles.length ? view.last_move.tiles[0].cell : 112);
      const el = cells[target];
      viewportEl.scrollLeft = el.offsetLeft + el.offsetWidth / 2 - viewportEl.clientWidth / 2;
      viewportEl.scrollTop = el.offsetTop + el.offsetHeight / 2 - viewportEl.clientHeight / 2;
    }
  }
  zoomBtn.addEventListener("click", () => setZoom(!zoomed));
  viewportEl.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    pinch = pinch || { pointers: new Map(), distance: null };
    pinch.pointers.set(event.pointerId, [event.clientX, event.clientY]);
  });
  viewportEl.addEventListener("pointermove", (event) => {
    if (!pinch || !pinch.pointers.has(event.pointerId)) return;
    pinch.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pinch.pointers.size !== 2) return;
    const [[x1, y1], [x2, y2]] = [...pinch.pointers.values()];
    const distance = Math.hypot(x2 - x1, y2 - y1);
    if (pinch.distance === null) pinch.distance = distance;
    else if (distance > pinch.distance * 1.3) setZoom(true, cellFromPoint((x1 + x2) / 2, (y1 + y2) / 2));
    else if (distance < pinch.distance * 0.75) setZoom(false);
  });
  const endPinch = (event) => {
    if (!pinch) return;
    pinch.pointers.delete(event.pointerId);
    if (!pinch.pointers.size) pinch = null;
  };
  viewportEl.addEventListener("pointerup", endPinch);
  viewportEl.addEventListener("pointercancel", endPinch);

  pickerEl.addEventListener("click", (event) => {
    const button = event.target.closest(".cz-pick");
    if (button) chooseBlank(button.dataset.letter);
    else if (event.target.closest(".cz-picker-cancel")) { blankAsk = null; selected = null; render(); }
  });
  undoBtn.addEventListener("click", undo);
  shuffleBtn.addEventListener("click", shuffle);
  submitBtn.addEventListener("click", submit);
  passBtn.addEventListener("click", () => { confirming = "pass"; menuOpen = false; render(); });
  exchangeBtn.addEventListener("click", () => { confirming = "exchange"; menuOpen = false; render(); });
  resignBtn.addEventListener("click", () => { confirming = "resign"; menuOpen = false; render(); });
  moreBtn.addEventListener("click", () => { menuOpen = !menuOpen; renderControls(); });
  confirmEl.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.answer === "yes") confirmAction(confirming);
    else { confirming = null; render(); }
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
      breakdownOpen = !breakdownOpen;
      renderLast();
    }
  });

  function onKeyDown(event) {
    if (!board.isConnected || !view || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape") {
      if (blankAsk) { blankAsk = null; selected = null; render(); } else if (confirming || menuOpen) {
        confirming = null; menuOpen = false; render();
      }
    }
  }
  document.addEventListener("keydown", onKeyDown);

  // -- turn notifications ---------------------------------------------------------------------------
  function notificationsAvailable() {
    return view && view.you !== null && view.you !== undefined && "Notification" in window;
  }

  function notifyTurn() {
    if (!notificationsAvailable() || Notification.permission !== "granted" || !document.hidden) return;
    try {
      const note = new Notification("Letras Cruzadas", { // the game's name, the same in every language
        body: t("Your turn against %(name)s.", { name: seatName(1 - view.you) }), tag: `cruzadas-${frames.matchId()}`,
      });
      note.onclick = () => { window.focus(); note.close(); };
    } catch {
      // Some browsers only notify from a service worker: the page's turn line still tells the player.
    }
  }

  // -- rendering ------------------------------------------------------------------------------------
  function renderTurn() {
    renderTurnLine(turnEl, view, seatName);
  }

  function renderNotify() {
    notifyBtn.hidden = !(view && view.phase === "playing" && notificationsAvailable()
      && Notification.permission === "default");
  }

  function renderPlayers() {
    playersEl.replaceChildren(...view.scores.map((score, seat) => {
      const info = seatInfo(seat);
      const isTurn = view.phase === "playing" && view.turn === seat;
      return h("article", {
        class: `cz-player seat-${seat}${isTurn ? " is-turn" : ""}${seat === view.you ? " is-you" : ""}`,
        "data-seat": seat,
      }, [
        h("div", { class: "cz-player-name" }, [
          h("span", { class: "name", text: seatName(seat) }),
          seat === view.you ? h("span", { class: "tagline", text: t("you") }) : null,
          info && info.kind === "bot" ? h("span", { class: "tagline", text: t("bot") }) : null,
        ]),
        h("div", { class: "cz-player-stats" }, [
          h("span", { class: "cz-score", "data-testid": `score-${seat}`, "aria-label": t("Score"),
            text: String(score) }),
          h("span", { class: "cz-rack-count", "data-testid": `rack-count-${seat}`,
            text: nt("%(count)s tile", "%(count)s tiles", view.rack_counts ? view.rack_counts[seat] : "") }),
        ]),
      ]);
    }));
  }

  function tileFace(el, letter, blank, value) {
    el.querySelector(".cz-letter").textContent = letter ? upperTr(letter) : "";
    el.querySelector(".cz-value").textContent = letter || blank ? String(value) : "";
  }

  function renderBoard() {
    const last = view.last_move && view.last_move.kind === "place" ? view.last_move : null;
    const lastCells = new Set(last ? last.tiles.map((tile) => tile.cell) : []);
    const centre = view.centre ? view.centre[0] * SIZE + view.centre[1] : 112;
    const star = view.star && !view.star.spent ? view.star.index : null;
    const mine = canMove();
    for (let index = 0; index < SIZE * SIZE; index += 1) {
      const el = cells[index];
      const r = rowOf(index);
      const c = colOf(index);
      const fixed = view.board[r][c];
      const temp = mine ? placedAt(index) : null;
      const tile = fixed || temp;
      const premium = view.premiums[r][c];
      const classes = ["cz-cell"];
      let label = "";
      let long = "";
      if (!tile) {
        if (index === centre) { classes.push("centre"); label = "★"; long = t("centre star"); }
        else if (index === star) { classes.push("star"); label = "★25"; long = t("★25 square"); }
        else if (premium) { label = premium; long = PREMIUM_NAMES[premium] ? PREMIUM_NAMES[premium]() : premium; }
        if (premium) classes.push(`p-${premium}`);
      } else {
        classes.push("tile");
        if (tile.blank) classes.push("blank");
        if (temp) classes.push("new");
        if (lastCells.has(index)) classes.push("last");
      }
      el.className = classes.join(" ");
      el.querySelector(".cz-label").textContent = label;
      tileFace(el, tile ? tile.letter : "", tile && tile.blank, tile ? valueOf(tile.letter, tile.blank) : 0);
      const where = { row: r + 1, col: c + 1 };
      let name = "";
      if (tile) name = tile.blank ? t("blank as %(letter)s", { letter: upperTr(tile.letter) }) : upperTr(tile.letter);
      el.setAttribute("aria-label", tile ? t("Row %(row)s, column %(col)s, %(letter)s", { ...where, letter: name })
        : `${t("Row %(row)s, column %(col)s", where)}${long ? `, ${long}` : ""}`);
      el.tabIndex = mine && (!fixed) ? 0 : -1;
      el.classList.toggle("open", mine && !tile && selected !== null);
    }
    boardEl.classList.toggle("placing", mine && selected !== null);
  }

  function renderRack() {
    const mine = canMove();
    rackEl.replaceChildren(...slots.map((slot) => {
      const used = isPlaced(slot.id);
      const blank = slot.tile === BLANK;
      const tile = h("button", {
        type: "button",
        class: `cz-tile${blank ? " blank" : ""}${selected === slot.id && !used ? " selected" : ""}${used ? " used" : ""}`,
        "data-slot": slot.id,
        "data-tile": slot.tile,
        "aria-pressed": selected === slot.id && !used ? "true" : "false",
        "aria-label": blank ? t("blank") : upperTr(slot.tile),
        disabled: !mine || used,
      }, [h("span", { class: "cz-letter", text: blank ? "" : upperTr(slot.tile) }),
        h("span", { class: "cz-value", "aria-hidden": "true", text: String(valueOf(slot.tile, blank)) })]);
      return tile;
    }));
  }

  function renderControls() {
    const seated = view.you !== null && view.you !== undefined && Array.isArray(view.rack);
    const playing = view.phase === "playing";
    controlsEl.hidden = !seated || !playing;
    if (controlsEl.hidden) return;
    const mine = canMove();
    const busy = pending.busy();
    renderRack();
    undoBtn.disabled = !mine || busy || !placed.length;
    passBtn.disabled = !mine || busy;
    shuffleBtn.disabled = slots.length < 2;
    submitBtn.disabled = !mine || busy || !placed.length;
    submitBtn.textContent = pending.busy("place") ? t("Sending…") : t("Play");
    exchangeBtn.hidden = !view.can_exchange;
    resignBtn.hidden = !view.can_resign;
    moreBtn.disabled = busy || (!view.can_exchange && !view.can_resign);
    menuEl.hidden = !menuOpen || moreBtn.disabled;
    moreBtn.setAttribute("aria-expanded", menuEl.hidden ? "false" : "true");
    barEl.hidden = false;

    if (confirming === "exchange" && !view.can_exchange) confirming = null;
    if (confirming === "pass" && !mine) confirming = null;
    confirmEl.hidden = !confirming;
    if (confirming) {
      confirmEl.replaceChildren(
        h("p", { class: "cz-confirm-text", text: CONFIRMS[confirming]() }),
        h("div", { class: "cz-buttons" }, [
          h("button", { type: "button", class: `button small${confirming === "resign" ? " danger" : ""}`,
            "data-answer": "yes", "data-testid": "confirm-yes", text: CONFIRM_YES[confirming]() }),
          h("button", { type: "button", class: "button secondary small", "data-answer": "no",
            "data-testid": "confirm-no", text: t("Keep playing") }),
        ]));
    }
    pickerEl.hidden = !(mine && blankAsk);
  }

  function renderInfo() {
    bagEl.textContent = t("Bag: %(count)s", { count: view.bag_count });
    const unseen = view.unseen || {};
    const total = Object.values(unseen).reduce((a, b) => a + b, 0);
    unseenSummary.textContent = t("Unseen tiles: %(count)s", { count: total });
    unseenList.replaceChildren(...Object.entries(unseen).map(([letter, count]) => h("li", {
      "data-letter": letter,
    }, [h("span", { class: "cz-unseen-letter", text: letter === BLANK ? "?" : upperTr(letter),
      title: letter === BLANK ? t("blank") : null }),
    h("span", { class: "cz-unseen-count", text: `×${count}` })])));
  }

  function renderZoom() {
    board.classList.toggle("zoomed", zoomed);
    zoomBtn.setAttribute("aria-pressed", zoomed ? "true" : "false");
    const label = zoomed ? t("Zoom out") : t("Zoom in");
    zoomBtn.title = label;
    zoomBtn.setAttribute("aria-label", label);
    zoomBtn.firstChild.textContent = zoomed ? "−" : "+";
  }

  function moveSummary(move) {
    const name = seatName(move.seat);
    if (move.kind === "place") {
      return t("%(name)s: %(word)s, +%(points)s", { name, word: upperTr(move.words[0] || ""), points: move.points });
    }
    if (move.kind === "exchange") {
      return nt("%(name)s exchanged %(count)s tile.", "%(name)s exchanged %(count)s tiles.", move.count, { name });
    }
    return MOVES[move.kind] ? MOVES[move.kind]({ name }) : move.kind;
  }

  function renderLast() {
    const move = view.last_move;
    const title = h("h3", { class: "cz-last-title", text: t("Last move") });
    if (!move) {
      lastEl.replaceChildren(title, h("p", { class: "cz-none", text: t("No moves yet.") }));
      return;
    }
    const hasBreakdown = move.kind === "place" && move.breakdown && move.breakdown.length;
    const summary = hasBreakdown
      ? h("button", { type: "button", class: "cz-last-summary", "data-testid": "last-move",
        "aria-expanded": breakdownOpen ? "true" : "false" }, [h("span", { text: moveSummary(move) }),
        h("span", { class: "cz-caret", "aria-hidden": "true", text: breakdownOpen ? "▴" : "▾" })])
      : h("p", { class: "cz-last-summary plain", "data-testid": "last-move", text: moveSummary(move) });
    const items = [title, summary];
    if (hasBreakdown && breakdownOpen) {
      const rows = move.breakdown.map((line) => {
        let label;
        if (line.kind === "word") {
          label = h("a", { href: `${DICTIONARY_URL}${encodeURIComponent(line.word)}`, target: "_blank",
            rel: "noopener noreferrer", class: "cz-word", "data-word": line.word, text: upperTr(line.word) });
        } else {
          label = h("span", { text: BONUSES[line.kind] ? BONUSES[line.kind]() : line.kind });
        }
        return h("li", { class: `cz-line ${line.kind}` }, [label, h("span", { class: "p", text: `+${line.points}` })]);
      });
      rows.push(h("li", { class: "cz-line total" }, [h("span", { text: t("Total") }),
        h("span", { class: "p", text: String(move.points) })]));
      items.push(h("ul", { class: "cz-breakdown", "data-testid": "breakdown" }, rows),
        h("p", { class: "cz-meaning-hint", text: t("Tap a word to look up its meaning (a dictionary outside the game; it does not decide what is valid).") }));
    }
    lastEl.replaceChildren(...items);
  }

  function renderResult() {
    const outcome = view.outcome;
    if (!outcome) return;
    let title;
    if (outcome.draw) title = t("Draw");
    else if (outcome.winner === view.you) title = t("You win!");
    else title = t("%(name)s wins!", { name: seatName(outcome.winner) });
    const last = view.last_move;
    let reason;
    if (outcome.reason === "out") reason = t("%(name)s used all their tiles with the bag empty.", { name: seatName(last ? last.seat : 0) });
    else if (outcome.reason === "passes") {
      reason = t("%(count)s turns in a row without a word, with fewer than %(bag)s tiles in the bag.", { count: view.ruleset.pass_limit, bag: view.ruleset.pass_limit_bag_below });
    } else if (outcome.reason === "resign") reason = t("%(name)s resigned.", { name: seatName(last ? last.seat : 0) });
    else reason = outcome.reason === "stopped" ? t("The game was ended early.") : outcome.reason;
    const items = [
      h("h2", { class: "cz-result-title", "data-testid": "result-title", text: title }),
      h("p", { class: "cz-result-reason", "data-testid": "result-reason", text: reason }),
    ];
    if (outcome.adjustment) {
      const changes = outcome.adjustment.map((points, seat) =>
        `${seatName(seat)} ${points > 0 ? "+" : points < 0 ? "−" : "±"}${Math.abs(points)}`).join(", ");
      items.push(h("p", { class: "cz-result-adjustment", "data-testid": "result-adjustment",
        text: t("Rack adjustment: %(changes)s.", { changes }) }));
    }
    items.push(h("table", { class: "cz-result-table" }, [h("tbody", {}, outcome.scores.map((score, seat) => h("tr", {
      class: `seat-${seat}${outcome.winner === seat ? " winner" : ""}${seat === view.you ? " me" : ""}`,
      "data-seat": seat,
    }, [
      h("th", { scope: "row", text: seatName(seat) + (seat === view.you ? ` (${t("you")})` : "") }),
      h("td", { class: "num", text: String(score) }),
    ])))]));
    resultEl.replaceChildren(...items);
  }

  function render() {
    if (!view) return;
    board.dataset.phase = view.phase;
    board.classList.toggle("spectator", view.you === null);
    board.classList.toggle("my-turn", canMove());
    renderTurn();
    renderNotify();
    renderPlayers();
    renderInfo();
    renderBoard();
    renderControls();
    renderLast();
    renderZoom();
    resultEl.hidden = view.phase !== "finished";
    if (view.phase === "finished") renderResult();
  }

  // No clocks to redraw: the ticks only notice the board leaving the page, to drop its listeners.
  tickWhileShown(board, () => {}, () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointermove", onPointerMove);
    document.removeEventListener("pointerup", onPointerUp);
    document.removeEventListener("pointercancel", cancelDrag);
  });

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        slots = [];
        resetMove();
        turnsSeen = null;
        confirming = null;
        menuOpen = false;
        breakdownOpen = false;
        wasMyTurn = false;
        pending.clear();
      }
      const previous = view;
      view = frame.view;
      const turns = view.history ? view.history.length : 0;
      if (!previous || previous.history.length !== turns) breakdownOpen = false;
      if (turnsSeen !== null && turnsSeen !== turns) {
        // A turn was played (ours or theirs): the tentative tiles belong to a board that is gone.
        resetMove();
        turnsSeen = null;
      }
      pending.clear(); // a snapshot after our action carries its answer
      syncRack();
      if (!canMove()) { resetMove(); turnsSeen = null; }
      const mine = canMove();
      if (mine && !wasMyTurn && previous) notifyTurn();
      wasMyTurn = mine;
      render();
    },
    onError(frame) {
      const answered = pending.answer(frame);
      const text = refusal(ERRORS, frame);
      const isMove = MOVE_ERRORS.has(frame.code) || (answered && answered.kind === "place");
      if (isMove) shakeMove();
      showMessage(text, { sticky: Boolean(isMove) });
      if (view) render();
    },
    onRoom(frame) {
      seating.take(frame);
      if (view) render();
    },
    // For tests and the page: the tentative move and the rack's order.
    tentative: () => placed.map((p) => ({ cell: p.cell, letter: p.letter, blank: p.blank })),
    rackOrder: () => slots.map((s) => s.tile),
  };
}

export const mount = mountCruzadas;
