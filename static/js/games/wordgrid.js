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

import {
  clockText, h, matchFrames, parseTime, pendingAct, refusal, renderTurnLine, roomSeats, shake, t, tickWhileShown,
  transientMessage,
} from "./kit.js";

const SIZE = 5;
const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");
// Refusals of a move: the tentative move shakes and stays for the player to fix.
const MOVE_ERRORS = new Set([
  "malformed", "bad_letter", "cell_taken", "not_adjacent", "missing_new_cell", "too_short", "cell_reused",
  "path_not_connected", "path_through_empty", "not_in_dictionary", "already_played", "not_your_turn",
]);
const MESSAGE_MS = 4000;
const URGENT_MS = 30000;

// What to do next while building a move (shown above the grid).
const STEPS = {
  step_cell: () => t("Tap an empty cell next to a letter."),
  step_letter: () => t("Pick a letter for the new cell."),
  step_trace: () => t("Now trace your word: tap or drag across the letters, including the new one."),
};
// Why the game ended, by the outcome's reason.
const REASONS = {
  grid_full: () => t("The grid is full."),
  no_moves: (params) => t("%(name)s had no legal move left.", params),
  timeout: (params) => t("%(name)s ran out of time.", params),
  resign: (params) => t("%(name)s resigned.", params),
  agreed_draw: () => t("Both players agreed to a draw."),
  stopped: () => t("The game was ended early."),
};
// The engine's refusals, for an error frame without the server's (translated) message.
const ERRORS = {
  not_adjacent: () => t("Write your letter next to a filled cell (not diagonally)."),
  path_not_connected: () => t("Each letter of the word must touch the next one by a side."),
  missing_new_cell: () => t("Your word must use the letter you wrote."),
  not_in_dictionary: (params) => t("%(word)s is not in the dictionary.", params),
  already_played: (params) => t("%(word)s has already been played in this game.", params),
  too_short: (params) => t("A word has at least %(count)d letters.", params),
  cell_taken: () => t("That cell already has a letter."),
  cell_reused: () => t("A word cannot use the same cell twice."),
  path_through_empty: () => t("A word can only go through filled cells."),
  bad_letter: () => t("Write one letter from A to Z."),
  not_your_turn: () => t("It is not your turn."),
  match_over: () => t("The match is over."),
  draw_offer_repeated: () => t("You can offer a draw again after the next move."),
  draw_already_offered: () => t("You have already offered a draw."),
  no_draw_offer: () => t("There is no draw offer to answer."),
};

const key = (r, c) => `${r},${c}`;
const touches = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
const same = (a, b) => Boolean(a && b) && a[0] === b[0] && a[1] === b[1];

export function mountWordgrid(root, { send } = {}) {
  let view = null;
  const seating = roomSeats();
  const frames = matchFrames();
  const pending = pendingAct({ send, onTimeout: () => renderControls() }); // the action on its way
  let confirmingResign = false;
  // The tentative move: the new cell, its letter, and the traced path of [r, c].
  let move = { cell: null, letter: null, path: [] };
  let movesSeen = null; // how many words had been played when the tentative move was started
  let drag = null; // {pointerId, moved, removeOnUp} while a finger or the mouse traces

  // -- skeleton (built once) ------------------------------------------------------------------------
  const turnEl = h("p", { class: "wg-turn", role: "status", "data-testid": "turn" });
  const playersEl = h("div", { class: "wg-players" });
  const cells = [];
  const gridEl = h("div", { class: "wg-grid", role: "grid", "aria-label": t("Grid") });
  for (let r = 0; r < SIZE; r += 1) {
    const row = h("div", { class: "wg-row", role: "row" });
    cells.push([]);
    for (let c = 0; c < SIZE; c += 1) {
      const cell = h("button", { type: "button", class: "wg-cell", role: "gridcell", "data-r": r, "data-c": c },
        [h("span", { class: "wg-letter" }), h("span", { class: "wg-step", "aria-hidden": "true" })]);
      cells[r].push(cell);
      row.append(cell);
    }
    gridEl.append(row);
  }
  const stepEl = h("p", { class: "wg-step-hint", "data-testid": "step" });
  const wordEl = h("output", { class: "wg-word", "aria-label": t("Your word"), "data-testid": "traced" });
  const clearBtn = h("button", { type: "button", class: "button secondary small wg-clear", text: t("Clear") });
  const submitBtn = h("button", { type: "button", class: "button small wg-submit", text: t("Play word") });
  const tentativeEl = h("div", { class: "wg-tentative" }, [wordEl, clearBtn, submitBtn]);
  const messageEl = h("p", { class: "wg-message", role: "status", "aria-live": "polite", "data-testid": "message" });
  const keyboardEl = h("div", { class: "wg-keyboard", role: "group", "aria-label": t("Letters") },
    LETTERS.map((letter) => h("button", { type: "button", class: "wg-key", "data-key": letter,
      text: letter.toUpperCase() })));
  const controlsEl = h("div", { class: "wg-controls" }, [tentativeEl, stepEl, keyboardEl]);
  const drawEl = h("div", { class: "wg-draw" });
  const resignEl = h("div", { class: "wg-resign" });
  const actionsEl = h("div", { class: "wg-actions" }, [drawEl, resignEl]);
  const wordsEl = h("section", { class: "wg-words", "aria-label": t("Words played") });
  const resultEl = h("section", { class: "wg-result", hidden: true, "data-testid": "result" });
  const playEl = h("div", { class: "wg-play" }, [gridEl, messageEl, controlsEl]);
  const sideEl = h("div", { class: "wg-side" }, [playersEl, actionsEl, wordsEl]);
  const board = h("div", { class: "wordgrid", "data-phase": "waiting" }, [
    turnEl, resultEl, h("div", { class: "wg-body" }, [playEl, sideEl]),
  ]);
  root.replaceChildren(board);

  const canMove = () => Boolean(view && view.phase === "playing" && view.can_move);
  const letterAt = (r, c) => {
    if (same(move.cell, [r, c]) && move.letter) return move.letter;
    return view && view.grid[r][c];
  };
  const filled = (r, c) => Boolean(view && view.grid[r][c]);
  const onPath = (r, c) => move.path.findIndex((p) => p[0] === r && p[1] === c);

  const seatInfo = seating.info;
  const seatName = seating.name;

  const showMessage = transientMessage(messageEl, MESSAGE_MS);

  function shakeMove() {
    shake(gridEl);
    shake(tentativeEl);
  }

  function act(action, kind) {
    pending.act(frames.matchId(), action, kind);
  }

  // -- the tentative move -----------------------------------------------------------------------------
  function resetMove() {
    move = { cell: null, letter: null, path: [] };
    drag = null;
  }

  function hasFilledNeighbour(r, c) {
    return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].some(
      ([y, x]) => y >= 0 && y < SIZE && x >= 0 && x < SIZE && filled(y, x));
  }

  /** Adds [r, c] to the traced path if it may follow the last cell; says why not otherwise. */
  function extendPath(r, c, { quiet = false } = {}) {
    const here = [r, c];
    const isNew = same(move.cell, here);
    if (!isNew && !filled(r, c)) {
      if (!quiet) showMessage(t("A word can only go through filled cells."));
      return false;
    }
    if (onPath(r, c) >= 0) {
      if (!quiet) showMessage(t("A word cannot use the same cell twice."));
      return false;
    }
    const last = move.path[move.path.length - 1];
    if (last && !touches(last, here)) {
      if (!quiet) showMessage(t("Each letter of the word must touch the next one by a side."));
      return false;
    }
    move.path.push(here);
    return true;
  }

  /** A tap on a cell (or the first touch of a drag). Returns whether the path may be dragged on. */
  function pressCell(r, c) {
    if (!canMove() || pending.busy()) return false;
    const here = [r, c];
    if (!move.cell || (!move.path.length && !filled(r, c) && !same(move.cell, here))) {
      // Choosing (or moving, before tracing) the cell for the new letter.
      if (filled(r, c)) {
        if (!move.cell) showMessage(t("Tap an empty cell next to a letter."));
        return false;
      }
      if (!hasFilledNeighbour(r, c)) {
        showMessage(t("Write your letter next to a filled cell (not diagonally)."));
        shakeMove();
        return false;
      }
      move.cell = here;
      messageEl.textContent = "";
      render();
      return false;
    }
    if (!move.letter) {
      showMessage(t("Pick a letter for the new cell."));
      return false;
    }
    const last = move.path[move.path.length - 1];
    if (same(last, here)) return "last"; // removed on release, unless the pointer drags on
    const added = extendPath(r, c);
    if (added) messageEl.textContent = "";
    renderMove();
    return added;
  }

  function popPath() {
    move.path.pop();
    renderMove();
  }

  function chooseLetter(letter) {
    if (!canMove() || !move.cell || pending.busy()) return;
    move.letter = letter;
    render();
  }

  function backspace() {
    if (!canMove() || pending.busy()) return;
    if (move.path.length) move.path.pop();
    else if (move.letter) move.letter = null;
    else move.cell = null;
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
    if (!move.cell || !move.letter || move.path.length < 2 || onPath(...move.cell) < 0) {
      const text = !move.cell ? STEPS.step_cell() : !move.letter ? STEPS.step_letter()
        : move.path.length < 2 ? ERRORS.too_short({ count: 2 }) : ERRORS.missing_new_cell();
      showMessage(text);
      shakeMove();
      return;
    }
    act({ type: "move", cell: [...move.cell], letter: move.letter, path: move.path.map((p) => [...p]) }, "move");
    renderControls();
  }

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
      drag = { pointerId: event.pointerId, moved: false, removeOnUp: result === "last" };
      event.preventDefault(); // no text selection or scrolling while tracing
    }
  });
  gridEl.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const here = cellFromPoint(event.clientX, event.clientY);
    if (!here) return;
    const last = move.path[move.path.length - 1];
    if (same(here, last)) return;
    const before = move.path[move.path.length - 2];
    if (same(here, before)) { // dragging back over the previous cell takes the last one off
      drag.moved = true;
      drag.removeOnUp = false;
      popPath();
      return;
    }
    if (last && !touches(last, here)) return; // passing a corner: wait for a side neighbour
    if (extendPath(here[0], here[1], { quiet: true })) {
      drag.moved = true;
      drag.removeOnUp = false;
      renderMove();
    }
  });
  const endDrag = (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drag.removeOnUp && !drag.moved && event.type === "pointerup") popPath();
    drag = null;
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
    if (!board.isConnected || !view || event.ctrlKey || event.metaKey || event.altKey) return;
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
    } else if (event.key.length === 1 && /^[a-z]$/i.test(event.key) && move.cell) {
      event.preventDefault();
      chooseLetter(event.key.toLowerCase());
    }
  }
  document.addEventListener("keydown", onKeyDown);

  // -- rendering ------------------------------------------------------------------------------------
  function renderGrid() {
    const last = view.last_move;
    const lastPath = new Set(last ? last.path.map(([r, c]) => key(r, c)) : []);
    const tracing = canMove();
    for (let r = 0; r < SIZE; r += 1) {
      for (let c = 0; c < SIZE; c += 1) {
        const el = cells[r][c];
        const letter = tracing ? letterAt(r, c) : view.grid[r][c];
        const owner = view.owners[r][c];
        const step = tracing ? onPath(r, c) : -1;
        const isNew = tracing && same(move.cell, [r, c]);
        const classes = ["wg-cell"];
        if (letter) classes.push("filled");
        if (view.grid[r][c] && owner === null) classes.push("start");
        if (owner !== null && owner !== undefined) classes.push(`owner-${owner}`);
        if (lastPath.has(key(r, c))) classes.push("last-path");
        if (last && same(last.cell, [r, c])) classes.push("last-cell");
        if (isNew) classes.push("new");
        if (step >= 0) classes.push("traced");
        if (tracing && !move.cell && !view.grid[r][c] && hasFilledNeighbour(r, c)) classes.push("open");
        el.className = classes.join(" ");
        el.querySelector(".wg-letter").textContent = letter ? letter.toUpperCase() : "";
        el.querySelector(".wg-step").textContent = step >= 0 ? String(step + 1) : "";
        el.setAttribute("aria-label", letter
          ? t("Row %(row)s, column %(col)s, %(letter)s", { row: r + 1, col: c + 1, letter: letter.toUpperCase() })
          : t("Row %(row)s, column %(col)s, empty", { row: r + 1, col: c + 1 }));
        el.setAttribute("aria-pressed", step >= 0 || isNew ? "true" : "false");
        el.disabled = !tracing;
        el.tabIndex = tracing ? 0 : -1;
      }
    }
    gridEl.classList.toggle("tracing", Boolean(tracing && move.letter));
  }

  function renderControls() {
    const mine = canMove();
    controlsEl.hidden = !mine;
    if (!mine) return;
    let step = "step_cell";
    if (move.cell && !move.letter) step = "step_letter";
    else if (move.cell && move.letter) step = "step_trace";
    stepEl.textContent = STEPS[step]();
    stepEl.dataset.step = step;
    const word = move.path.map(([r, c]) => letterAt(r, c) || "").join("").toUpperCase();
    wordEl.textContent = word;
    wordEl.classList.toggle("empty", !word);
    tentativeEl.hidden = !move.cell;
    keyboardEl.hidden = !move.cell;
    for (const button of keyboardEl.querySelectorAll(".wg-key")) {
      button.classList.toggle("on", button.dataset.key === move.letter);
      button.setAttribute("aria-pressed", button.dataset.key === move.letter ? "true" : "false");
    }
    const sending = pending.busy("move");
    submitBtn.textContent = sending ? t("Sending…") : t("Play word");
    submitBtn.disabled = sending || !(move.letter && move.path.length >= 2);
    clearBtn.disabled = sending;
  }

  function renderMove() {
    renderGrid();
    renderControls();
  }

  function renderPlayers() {
    playersEl.replaceChildren(...view.seats.map((seat) => {
      const info = seatInfo(seat.seat);
      const isTurn = view.phase === "playing" && view.turn === seat.seat;
      return h("article", {
        class: `wg-player owner-${seat.seat}${isTurn ? " is-turn" : ""}${seat.seat === view.you ? " is-you" : ""}`,
        "data-seat": seat.seat,
      }, [
        h("div", { class: "wg-player-name" }, [
          h("span", { class: "wg-swatch", "aria-hidden": "true" }),
          h("span", { class: "name", text: seatName(seat.seat) }),
          seat.seat === view.you ? h("span", { class: "tagline", text: t("you") }) : null,
          info && info.kind === "bot" ? h("span", { class: "tagline", text: t("bot") }) : null,
        ]),
        h("div", { class: "wg-player-stats" }, [
          h("span", { class: "wg-score", "data-testid": `score-${seat.seat}`, "aria-label": t("Score"),
            text: String(seat.score) }),
          h("span", { class: `wg-clock${seat.clock.running ? " running" : ""}`, role: "timer",
            "aria-label": t("Time left"), "data-testid": `clock-${seat.seat}`, "data-seat": seat.seat }),
        ]),
      ]);
    }));
  }

  function renderTurn() {
    renderTurnLine(turnEl, view, seatName);
  }

  function renderActions() {
    const playing = view.phase === "playing" && view.you !== null;
    const other = view.you === null ? null : 1 - view.you;
    const drawItems = [];
    if (view.phase === "playing" && view.draw_offer !== null && view.draw_offer !== undefined) {
      let text;
      if (view.draw_offer === view.you) text = t("You offered a draw. Waiting for %(name)s to answer.", { name: seatName(other) });
      else if (view.you !== null) text = t("%(name)s offers a draw.", { name: seatName(view.draw_offer) });
      else text = t("%(name)s offers a draw.", { name: seatName(view.draw_offer) });
      drawItems.push(h("p", { class: "wg-notice", "data-testid": "draw-notice", text }));
    }
    const busy = pending.busy();
    if (playing && view.can_answer_draw) {
      const accept = h("button", { type: "button", class: "button small", "data-testid": "accept-draw",
        text: t("Accept draw"), disabled: busy });
      const decline = h("button", { type: "button", class: "button secondary small", "data-testid": "decline-draw",
        text: t("Decline"), disabled: busy });
      accept.addEventListener("click", () => act({ type: "accept_draw" }, "draw"));
      decline.addEventListener("click", () => act({ type: "decline_draw" }, "draw"));
      drawItems.push(h("div", { class: "wg-buttons" }, [accept, decline]));
    } else if (playing && view.can_offer_draw) {
      const offer = h("button", { type: "button", class: "button secondary small", "data-testid": "offer-draw",
        text: t("Offer a draw"), disabled: busy });
      offer.addEventListener("click", () => act({ type: "offer_draw" }, "draw"));
      drawItems.push(offer);
    }
    drawEl.replaceChildren(...drawItems);
    drawEl.hidden = drawItems.length === 0;
    drawEl.classList.toggle("wide", drawEl.querySelector(".wg-notice, .wg-buttons") !== null);

    if (!playing) confirmingResign = false;
    if (!playing) {
      resignEl.replaceChildren();
    } else if (confirmingResign) {
      const yes = h("button", { type: "button", class: "button small danger", "data-testid": "resign-yes",
        text: t("Yes, resign") });
      const no = h("button", { type: "button", class: "button secondary small", "data-testid": "resign-no",
        text: t("Keep playing") });
      yes.addEventListener("click", () => { confirmingResign = false; act({ type: "resign" }, "resign"); renderActions(); });
      no.addEventListener("click", () => { confirmingResign = false; renderActions(); });
      resignEl.replaceChildren(h("p", { class: "wg-confirm", role: "alert", text: t("Resign this game? It counts as a loss.") }),
        h("div", { class: "wg-buttons" }, [yes, no]));
    } else {
      const resign = h("button", { type: "button", class: "button secondary small wg-resign-button",
        "data-testid": "resign", text: t("Resign") });
      resign.addEventListener("click", () => { confirmingResign = true; renderActions(); });
      resignEl.replaceChildren(resign);
    }
    resignEl.hidden = !playing;
    resignEl.classList.toggle("wide", confirmingResign);
    actionsEl.hidden = drawEl.hidden && resignEl.hidden;
  }

  function renderWords() {
    wordsEl.replaceChildren(
      h("h3", { class: "wg-words-title", text: t("Words played") }),
      h("div", { class: "wg-words-cols" }, view.seats.map((seat) => h("div", {
        class: `wg-words-col owner-${seat.seat}`, "data-seat": seat.seat,
      }, [
        h("p", { class: "wg-words-name" }, [
          h("span", { class: "wg-swatch", "aria-hidden": "true" }),
          h("span", { class: "name", text: seatName(seat.seat) }),
        ]),
        seat.words.length
          ? h("ol", { class: "wg-word-list" }, seat.words.map((w) => h("li", {}, [
            h("span", { class: "w", text: w.word.toUpperCase() }),
            h("span", { class: "p", text: `+${w.points}` }),
          ])))
          : h("p", { class: "wg-none", text: t("No words yet.") }),
      ]))),
      h("p", { class: "wg-start-word", text: t("Start word: %(word)s (it does not count)", { word: (view.start_word || "").toUpperCase() }) }),
    );
  }

  function renderResult() {
    const outcome = view.outcome;
    if (!outcome) return;
    let title;
    if (outcome.draw) title = t("Draw agreed");
    else if (outcome.winner === view.you) title = t("You win!");
    else title = t("%(name)s wins!", { name: seatName(outcome.winner) });
    const loser = outcome.winner === null ? null : 1 - outcome.winner;
    let stuck = 0; // who had no move: the one after the last mover
    if (view.played && view.played.length) stuck = 1 - view.played[view.played.length - 1].seat;
    const reasonName = outcome.reason === "no_moves" ? seatName(stuck) : loser === null ? "" : seatName(loser);
    const reason = REASONS[outcome.reason] ? REASONS[outcome.reason]({ name: reasonName }) : outcome.reason;
    const scores = outcome.scores || [];
    const tied = !outcome.draw && scores.length === 2 && scores[0] === scores[1]
      && ["grid_full", "no_moves", "stopped"].includes(outcome.reason);
    resultEl.replaceChildren(...[
      h("h2", { class: "wg-result-title", "data-testid": "result-title", text: title }),
      h("p", { class: "wg-result-reason", "data-testid": "result-reason", text: reason }),
      tied ? h("p", { class: "wg-result-tie", "data-testid": "result-tie",
        text: t("Tied on points: a tie goes to the second player, %(name)s.", { name: seatName(outcome.winner) }) }) : null,
      h("table", { class: "wg-result-table" }, [h("tbody", {}, outcome.seats.map((s) => h("tr", {
        class: `owner-${s.seat}${outcome.winner === s.seat ? " winner" : ""}${s.seat === view.you ? " me" : ""}`,
        "data-seat": s.seat,
      }, [
        h("th", { scope: "row" }, [h("span", { class: "wg-swatch", "aria-hidden": "true" }),
          seatName(s.seat) + (s.seat === view.you ? ` (${t("you")})` : "")]),
        h("td", { class: "num", text: String(s.score) }),
      ])))]),
    ].filter(Boolean));
  }

  function tick() {
    if (!view) return;
    const now = frames.now();
    for (const seat of view.seats) {
      const el = playersEl.querySelector(`.wg-clock[data-seat="${seat.seat}"]`);
      if (!el) continue;
      let left = seat.clock.remaining_ms;
      const started = parseTime(seat.clock.turn_started_at);
      if (seat.clock.running && started !== null) left -= now - started;
      el.textContent = clockText(left);
      el.classList.toggle("urgent", seat.clock.running && left <= URGENT_MS);
    }
  }
  tickWhileShown(board, tick, () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerup", endDrag);
  });

  function render() {
    if (!view) return;
    board.dataset.phase = view.phase;
    board.classList.toggle("spectator", view.you === null);
    board.classList.toggle("my-turn", canMove());
    renderTurn();
    renderPlayers();
    renderGrid();
    renderControls();
    renderActions();
    renderWords();
    resultEl.hidden = view.phase !== "finished";
    if (view.phase === "finished") renderResult();
    tick();
  }

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        resetMove();
        movesSeen = null;
        confirmingResign = false;
        pending.clear();
      }
      view = frame.view;
      const played = view.played ? view.played.length : 0;
      if (movesSeen !== null && movesSeen !== played) {
        // A word went in (ours or theirs): the tentative move belongs to a grid that is gone.
        resetMove();
        if (pending.busy("move")) pending.clear();
      }
      movesSeen = played;
      if (!pending.busy("move")) pending.clear(); // another action: the snapshot carries the answer
      if (!canMove()) resetMove();
      render();
    },
    onError(frame) {
      const answered = pending.answer(frame);
      const text = refusal(ERRORS, frame);
      if (MOVE_ERRORS.has(frame.code) || (answered && answered.kind === "move")) shakeMove();
      showMessage(text, { sticky: Boolean(answered && answered.kind === "move") });
      if (view) render();
    },
    onRoom(frame) {
      seating.take(frame);
      if (view) render();
    },
    // For tests and the page: the tentative move.
    tentative: () => ({ cell: move.cell, letter: move.letter, path: move.path.map((p) => [...p]) }),
  };
}

export const mount = mountWordgrid;
