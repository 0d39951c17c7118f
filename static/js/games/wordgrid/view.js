// The Wordgrid board's face: the skeleton built once (buildBoard) and everything drawn from a snapshot and
// the tentative move (wordgridView): turn line, players and their clocks, the grid, the move's controls and
// letters, draw offers and resigning, the words played, the result.
import { clockText, cueLowTime, h, nt, parseTime, renderTurnLine, t, ratedResultHead, ratingCells } from "../kit.js";
import { shareBox } from "../../share.js"; // share (issue 33)
import { LETTERS, SIZE, key, same } from "./state.js";
import { REASONS, STEPS } from "./texts.js";

const URGENT_MS = 30000;

/** The board's elements, in `root`: {board, cells (5 rows of 5), gridEl, turnEl, …}. */
export function buildBoard(root) {
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

  return {
    board, cells, turnEl, playersEl, gridEl, stepEl, wordEl, clearBtn, submitBtn, tentativeEl, messageEl, keyboardEl,
    controlsEl, drawEl, resignEl, actionsEl, wordsEl, resultEl,
  };
}

/** The drawing of state `s` (state.js) into the elements `els`; `seatName`, `seatInfo` from the room,
 * `pending` the action on its way, `frames` the match frames (the server clock), `act` sends an action
 * (the draw and resign buttons). */
export function wordgridView(s, els, { seatName, seatInfo, presence, replay, pending, frames, act, afterGame = null }) {
  const {
    board, cells, turnEl, playersEl, gridEl, stepEl, wordEl, clearBtn, submitBtn, tentativeEl, keyboardEl,
    controlsEl, drawEl, resignEl, actionsEl, wordsEl, resultEl,
  } = els;
  const { canMove, letterAt, onPath, hasFilledNeighbour } = s;

  // -- rendering ------------------------------------------------------------------------------------
  // The word language (the list's, "wordgrid-en-valid"): on the letters and words, for a screen reader.
  const wordLang = () => (String(s.view.list || "").split("-")[1] || "en");

  function renderGrid() {
    const lang = wordLang();
    const last = s.view.last_move;
    const lastPath = new Set(last ? last.path.map(([r, c]) => key(r, c)) : []);
    const tracing = canMove();
    for (let r = 0; r < SIZE; r += 1) {
      for (let c = 0; c < SIZE; c += 1) {
        const el = cells[r][c];
        const letter = tracing ? letterAt(r, c) : s.view.grid[r][c];
        const owner = s.view.owners[r][c];
        const step = tracing ? onPath(r, c) : -1;
        const isNew = tracing && same(s.move.cell, [r, c]);
        const classes = ["wg-cell"];
        if (letter) classes.push("filled");
        if (s.view.grid[r][c] && owner === null) classes.push("start");
        if (owner !== null && owner !== undefined) classes.push(`owner-${owner}`);
        if (lastPath.has(key(r, c))) classes.push("last-path");
        if (last && same(last.cell, [r, c])) classes.push("last-cell");
        if (isNew) classes.push("new");
        if (step >= 0) classes.push("traced");
        if (tracing && !s.move.cell && !s.view.grid[r][c] && hasFilledNeighbour(r, c)) classes.push("open");
        el.className = classes.join(" ");
        el.querySelector(".wg-letter").textContent = letter ? letter.toUpperCase() : "";
        el.querySelector(".wg-letter").lang = lang;
        el.querySelector(".wg-step").textContent = step >= 0 ? String(step + 1) : "";
        el.setAttribute("aria-label", letter
          ? t("Row %(row)s, column %(col)s, %(letter)s", { row: r + 1, col: c + 1, letter: letter.toUpperCase() })
          : t("Row %(row)s, column %(col)s, empty", { row: r + 1, col: c + 1 }));
        el.setAttribute("aria-selected", step >= 0 || isNew ? "true" : "false"); // a gridcell is selected, not pressed
        el.disabled = !tracing;
        el.tabIndex = tracing && same(s.cursor, [r, c]) ? 0 : -1; // one Tab stop: the arrows do the rest
      }
    }
    gridEl.classList.toggle("tracing", Boolean(tracing && s.move.letter));
  }

  function renderControls() {
    const mine = canMove();
    controlsEl.hidden = !mine;
    if (!mine) return;
    let step = "step_cell";
    if (s.move.cell && !s.move.letter) step = "step_letter";
    else if (s.move.cell && s.move.letter) step = "step_trace";
    stepEl.textContent = STEPS[step]();
    stepEl.dataset.step = step;
    const word = s.move.path.map(([r, c]) => letterAt(r, c) || "").join("").toUpperCase();
    wordEl.textContent = word;
    wordEl.lang = wordLang();
    wordEl.classList.toggle("empty", !word);
    tentativeEl.hidden = !s.move.cell;
    keyboardEl.hidden = !s.move.cell;
    for (const button of keyboardEl.querySelectorAll(".wg-key")) {
      button.lang = wordLang();
      button.classList.toggle("on", button.dataset.key === s.move.letter);
      button.setAttribute("aria-pressed", button.dataset.key === s.move.letter ? "true" : "false");
    }
    const sending = pending.busy("move");
    submitBtn.textContent = sending ? t("Sending…") : t("Play word");
    submitBtn.disabled = sending || !(s.move.letter && s.move.path.length >= 2);
    clearBtn.disabled = sending;
  }

  function renderMove() {
    renderGrid();
    renderControls();
  }

  function renderPlayers() {
    playersEl.replaceChildren(...s.view.seats.map((seat) => {
      const info = seatInfo(seat.seat);
      const isTurn = s.view.phase === "playing" && s.view.turn === seat.seat;
      return h("article", {
        class: `wg-player owner-${seat.seat}${isTurn ? " is-turn" : ""}${seat.seat === s.view.you ? " is-you" : ""}`,
        "data-seat": seat.seat,
      }, [
        h("div", { class: "wg-player-name" }, [
          h("span", { class: "wg-swatch", "aria-hidden": "true" }),
          h("span", { class: "name", text: seatName(seat.seat) }),
          presence(seat.seat),
          seat.seat === s.view.you ? h("span", { class: "tagline", text: t("you") }) : null,
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
    renderTurnLine(turnEl, s.view, seatName, { replay: replay() });
  }

  function renderActions() {
    const playing = s.view.phase === "playing" && s.view.you !== null;
    const other = s.view.you === null ? null : 1 - s.view.you;
    const drawItems = [];
    if (s.view.phase === "playing" && s.view.draw_offer !== null && s.view.draw_offer !== undefined) {
      let text;
      if (s.view.draw_offer === s.view.you) text = t("You offered a draw. Waiting for %(name)s to answer.", { name: seatName(other) });
      else if (s.view.you !== null) text = t("%(name)s offers a draw.", { name: seatName(s.view.draw_offer) });
      else text = t("%(name)s offers a draw.", { name: seatName(s.view.draw_offer) });
      drawItems.push(h("p", { class: "wg-notice", "data-testid": "draw-notice", text }));
    }
    const busy = pending.busy();
    if (playing && s.view.can_answer_draw) {
      const accept = h("button", { type: "button", class: "button small", "data-testid": "accept-draw",
        text: t("Accept draw"), disabled: busy });
      const decline = h("button", { type: "button", class: "button secondary small", "data-testid": "decline-draw",
        text: t("Decline"), disabled: busy });
      accept.addEventListener("click", () => act({ type: "accept_draw" }, "draw"));
      decline.addEventListener("click", () => act({ type: "decline_draw" }, "draw"));
      drawItems.push(h("div", { class: "wg-buttons" }, [accept, decline]));
    } else if (playing && s.view.can_offer_draw) {
      const offer = h("button", { type: "button", class: "button secondary small", "data-testid": "offer-draw",
        text: t("Offer a draw"), disabled: busy });
      offer.addEventListener("click", () => act({ type: "offer_draw" }, "draw"));
      drawItems.push(offer);
    }
    drawEl.replaceChildren(...drawItems);
    drawEl.hidden = drawItems.length === 0;
    drawEl.classList.toggle("wide", drawEl.querySelector(".wg-notice, .wg-buttons") !== null);

    if (!playing) s.confirmingResign = false;
    if (!playing) {
      resignEl.replaceChildren();
    } else if (s.confirmingResign) {
      const yes = h("button", { type: "button", class: "button small danger", "data-testid": "resign-yes",
        text: t("Yes, resign") });
      const no = h("button", { type: "button", class: "button secondary small", "data-testid": "resign-no",
        text: t("Keep playing") });
      yes.addEventListener("click", () => { s.confirmingResign = false; act({ type: "resign" }, "resign"); renderActions(); });
      no.addEventListener("click", () => { s.confirmingResign = false; renderActions(); });
      resignEl.replaceChildren(h("p", { class: "wg-confirm", role: "alert", text: t("Resign this game? It counts as a loss.") }),
        h("div", { class: "wg-buttons" }, [yes, no]));
    } else {
      const resign = h("button", { type: "button", class: "button secondary small wg-resign-button",
        "data-testid": "resign", text: t("Resign") });
      resign.addEventListener("click", () => { s.confirmingResign = true; renderActions(); });
      resignEl.replaceChildren(resign);
    }
    resignEl.hidden = !playing;
    resignEl.classList.toggle("wide", s.confirmingResign);
    actionsEl.hidden = drawEl.hidden && resignEl.hidden;
  }

  function renderWords() {
    wordsEl.replaceChildren(
      h("h3", { class: "wg-words-title", text: t("Words played") }),
      h("div", { class: "wg-words-cols" }, s.view.seats.map((seat) => h("div", {
        class: `wg-words-col owner-${seat.seat}`, "data-seat": seat.seat,
      }, [
        h("p", { class: "wg-words-name" }, [
          h("span", { class: "wg-swatch", "aria-hidden": "true" }),
          h("span", { class: "name", text: seatName(seat.seat) }),
        ]),
        seat.words.length
          ? h("ol", { class: "wg-word-list" }, seat.words.map((w) => h("li", {}, [
            h("span", { class: "w", lang: wordLang(), text: w.word.toUpperCase() }),
            h("span", { class: "p", text: `+${w.points}` }),
          ])))
          : h("p", { class: "wg-none", text: t("No words yet.") }),
      ]))),
      h("p", { class: "wg-start-word", text: t("Start word: %(word)s (it does not count)", { word: (s.view.start_word || "").toUpperCase() }) }),
    );
  }

  // What a staked game did to your credits, in the result card: won, lost, or given back (an agreed draw, a game
  // an admin stopped: the wallet refunds both stakes). Nothing for a free game or for a spectator.
  function stakesLine(outcome) {
    const stakes = s.stakes;
    if (!stakes || s.view.you === null || s.view.you === undefined) return null;
    let text;
    if (outcome.draw || outcome.stopped) { // as the wallet decides (games.runtime.matches._close_escrow)
      text = nt("Your stake of %(count)s credit comes back.", "Your stake of %(count)s credits comes back.", stakes.stake);
    } else if (outcome.winner === s.view.you) {
      text = nt("You win %(count)s credit.", "You win %(count)s credits.", stakes.payout);
    } else {
      text = nt("You lose your stake of %(count)s credit.", "You lose your stake of %(count)s credits.", stakes.stake);
    }
    return h("p", { class: "wg-result-credits", "data-testid": "result-credits", text });
  }


  function renderResult() {
    const outcome = s.view.outcome;
    if (!outcome) return;
    let title;
    if (outcome.draw) title = t("Draw agreed");
    else if (outcome.winner === s.view.you) title = t("You win!");
    else title = t("%(name)s wins!", { name: seatName(outcome.winner) });
    const loser = outcome.winner === null ? null : 1 - outcome.winner;
    let stuck = 0; // who had no move: the one after the last mover
    if (s.view.played && s.view.played.length) stuck = 1 - s.view.played[s.view.played.length - 1].seat;
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
      stakesLine(outcome),
      afterGame, // the way on: Rematch, New game (static/js/after_game.js)
      h("table", { class: "wg-result-table" }, [ratedResultHead(s.ratings), h("tbody", {}, outcome.seats.map((entry) => h("tr", {
        class: `owner-${entry.seat}${outcome.winner === entry.seat ? " winner" : ""}${entry.seat === s.view.you ? " me" : ""}`,
        "data-seat": entry.seat,
      }, [
        h("th", { scope: "row" }, [h("span", { class: "wg-swatch", "aria-hidden": "true" }),
          seatName(entry.seat) + (entry.seat === s.view.you ? ` (${t("you")})` : "")]),
        h("td", { class: "num", text: String(entry.score) }),
        ...ratingCells(s.ratings, entry.seat, "wg"),
      ])))]),
      shareBox(frames.matchId(), s.view.you), // share (issue 33): static/js/share.js
    ].filter(Boolean));
  }

  const lowTime = cueLowTime(playersEl); // sounds (issue 33): your own clock runs low

  function tick() {
    if (!s.view) return;
    const now = frames.now();
    for (const seat of s.view.seats) {
      const el = playersEl.querySelector(`.wg-clock[data-seat="${seat.seat}"]`);
      if (!el) continue;
      let left = seat.clock.remaining_ms;
      const started = parseTime(seat.clock.turn_started_at);
      if (seat.clock.running && started !== null) left -= now - started;
      el.textContent = clockText(left);
      el.classList.toggle("urgent", seat.clock.running && left <= URGENT_MS);
      if (seat.seat === s.view.you) lowTime(seat.clock.running && left <= URGENT_MS && left > 0);
    }
  }
  function render() {
    if (!s.view) return;
    board.dataset.phase = s.view.phase;
    board.classList.toggle("spectator", s.view.you === null);
    board.classList.toggle("my-turn", canMove());
    renderTurn();
    renderPlayers();
    renderGrid();
    renderControls();
    renderActions();
    renderWords();
    resultEl.hidden = s.view.phase !== "finished";
    if (s.view.phase === "finished") renderResult();
    tick();
  }


  return { render, renderMove, renderControls, tick };
}
