// The Letras Cruzadas board's face: the skeleton built once (buildBoard) and everything drawn from a snapshot
// and the local state (cruzadasView): turn line, players, bag and unseen tiles, the 15x15 board, the rack,
// the bar with its confirmations and the blank's picker, the last move with its breakdown, the result.
import { h, nt, renderTurnLine, t, ratedResultHead, ratingCells } from "../kit.js";
import { shareBox } from "../../share.js"; // share (issue 33)
import { BLANK, SIZE, TURKISH_LETTERS, colOf, rowOf, upperTr } from "./state.js";
import { scorePlacement } from "./score.js";
import { BONUSES, CONFIRMS, CONFIRM_YES, MOVES, PREMIUM_LABELS, PREMIUM_NAMES, PREVIEW_REFUSALS } from "./texts.js";

const DICTIONARY_URL = "https://sozluk.gov.tr/?ara=";

/** The board's elements, in `root`: {board, cells (the 225 squares), turnEl, rackEl, …}. */
export function buildBoard(root) {
const turnEl = h("p", { class: "cz-turn", role: "status", "data-testid": "turn" });
const notifyBtn = h("button", { type: "button", class: "button secondary small cz-notify", "data-testid": "notify",
  text: t("Notify me"), hidden: true });
const headEl = h("div", { class: "cz-head" }, [turnEl, notifyBtn]);
const playersEl = h("div", { class: "cz-players" });
const resultEl = h("section", { class: "cz-result", hidden: true, "data-testid": "result" });

const cells = [];
const boardEl = h("div", { class: "cz-board", role: "grid", "aria-label": t("Board"), "data-testid": "board" });
// A grid's cells are in rows (ARIA: a gridcell's parent is a row); the rows are `display: contents`, so the 225
// cells still lay out as the board's own 15x15 CSS grid.
for (let r = 0; r < SIZE; r += 1) {
  const row = h("div", { class: "cz-row", role: "row" });
  for (let c = 0; c < SIZE; c += 1) {
    const index = r * SIZE + c;
    const cell = h("button", { type: "button", class: "cz-cell", role: "gridcell", "data-cell": index },
      [h("span", { class: "cz-label", "aria-hidden": "true" }), h("span", { class: "cz-letter" }),
        h("span", { class: "cz-value", "aria-hidden": "true" }),
        h("span", { class: "cz-arrow", "aria-hidden": "true" })]); // the keyboard cursor's ▶ / ▼
    cells.push(cell);
    row.append(cell);
  }
  boardEl.append(row);
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
// What the tiles placed so far would score (score.js), next to the bar; the server's count is the one that counts.
const previewEl = h("p", { class: "cz-preview empty", "data-testid": "preview", role: "status" });
const controlsEl = h("div", { class: "cz-controls" }, [rackEl, pickerEl, confirmEl, previewEl, barEl]);
const lastEl = h("section", { class: "cz-last", "aria-label": t("Last move"), "data-testid": "last" });

const playEl = h("div", { class: "cz-play" }, [infoEl, viewportEl, messageEl, controlsEl]);
const sideEl = h("div", { class: "cz-side" }, [playersEl, lastEl]);
const board = h("div", { class: "cruzadas", "data-phase": "waiting" }, [
  headEl, resultEl, h("div", { class: "cz-body" }, [playEl, sideEl]),
]);
root.replaceChildren(board);

  return {
    board, cells, turnEl, notifyBtn, playersEl, resultEl, boardEl, viewportEl, zoomBtn, bagEl, unseenSummary,
    unseenList, messageEl, rackEl, undoBtn, passBtn, shuffleBtn, moreBtn, submitBtn, exchangeBtn, resignBtn, menuEl,
    barEl, confirmEl, pickerEl, controlsEl, lastEl, previewEl,
  };
}

/** The drawing of state `s` (state.js) into the elements `els`; `seatName`, `seatInfo` from the room,
 * `pending` the action on its way (kit.js pendingAct). */
export function cruzadasView(s, els, {
  seatName, seatInfo, presence, replay, pending, afterGame = null, matchId = () => null,
}) {
  const {
    board, cells, turnEl, notifyBtn, playersEl, resultEl, boardEl, zoomBtn, bagEl, unseenSummary, unseenList,
    rackEl, undoBtn, passBtn, shuffleBtn, moreBtn, submitBtn, exchangeBtn, resignBtn, menuEl, barEl, confirmEl,
    pickerEl, controlsEl, lastEl, previewEl,
  } = els;
  const { canMove, valueOf, placedAt, isPlaced } = s;

  function notificationsAvailable() {
    return s.view && s.view.you !== null && s.view.you !== undefined && "Notification" in window;
  }

  // -- rendering ------------------------------------------------------------------------------------
  function renderTurn() {
    renderTurnLine(turnEl, s.view, seatName, { replay: replay() });
  }

  function renderNotify() {
    notifyBtn.hidden = !(s.view && s.view.phase === "playing" && notificationsAvailable()
      && Notification.permission === "default");
  }

  function renderPlayers() {
    playersEl.replaceChildren(...s.view.scores.map((score, seat) => {
      const info = seatInfo(seat);
      const isTurn = s.view.phase === "playing" && s.view.turn === seat;
      return h("article", {
        class: `cz-player seat-${seat}${isTurn ? " is-turn" : ""}${seat === s.view.you ? " is-you" : ""}`,
        "data-seat": seat,
      }, [
        h("div", { class: "cz-player-name" }, [
          h("span", { class: "name", text: seatName(seat) }),
          presence(seat),
          seat === s.view.you ? h("span", { class: "tagline", text: t("you") }) : null,
          info && info.kind === "bot" ? h("span", { class: "tagline", text: t("bot") }) : null,
        ]),
        h("div", { class: "cz-player-stats" }, [
          h("span", { class: "cz-score", "data-testid": `score-${seat}`, "aria-label": t("Score"),
            text: String(score) }),
          h("span", { class: "cz-rack-count", "data-testid": `rack-count-${seat}`,
            text: nt("%(count)s tile", "%(count)s tiles", s.view.rack_counts ? s.view.rack_counts[seat] : "") }),
        ]),
      ]);
    }));
  }

  function tileFace(el, letter, blank, value) {
    const face = el.querySelector(".cz-letter");
    face.textContent = letter ? upperTr(letter) : "";
    face.lang = s.view.language || "tr"; // the word language, for a screen reader (issue 18)
    el.querySelector(".cz-value").textContent = letter || blank ? String(value) : "";
  }

  function renderBoard() {
    const last = s.view.last_move && s.view.last_move.kind === "place" ? s.view.last_move : null;
    const lastCells = new Set(last ? last.tiles.map((tile) => tile.cell) : []);
    const centre = s.view.centre ? s.view.centre[0] * SIZE + s.view.centre[1] : 112;
    const star = s.view.star && !s.view.star.spent ? s.view.star.index : null;
    const mine = canMove();
    for (let index = 0; index < SIZE * SIZE; index += 1) {
      const el = cells[index];
      const r = rowOf(index);
      const c = colOf(index);
      const fixed = s.view.board[r][c];
      const temp = mine ? placedAt(index) : null;
      const tile = fixed || temp;
      const premium = s.view.premiums[r][c];
      const classes = ["cz-cell"];
      let label = "";
      let long = "";
      if (!tile) {
        if (index === centre) { classes.push("centre"); label = "★"; long = t("centre star"); }
        else if (index === star) { classes.push("star"); label = "★25"; long = t("★25 square"); }
        else if (premium) {
          label = PREMIUM_LABELS[premium] ? PREMIUM_LABELS[premium]() : premium;
          long = PREMIUM_NAMES[premium] ? PREMIUM_NAMES[premium]() : premium;
        }
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
      const isCursor = index === s.cursor;
      // The cursor square says which way typing runs (its arrow is only seen, not read).
      const way = isCursor && mine ? `, ${s.direction === "down" ? t("typing down") : t("typing across")}` : "";
      el.setAttribute("aria-label", (tile ? t("Row %(row)s, column %(col)s, %(letter)s", { ...where, letter: name })
        : `${t("Row %(row)s, column %(col)s", where)}${long ? `, ${long}` : ""}`) + way);
      // Roving tabindex: the board is one Tab stop (the cursor square); the arrows move within it.
      el.tabIndex = isCursor ? 0 : -1;
      if (isCursor) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
      const arrow = isCursor && mine && s.cursorShown ? s.direction : "";
      if (arrow) el.dataset.cursor = arrow;
      else delete el.dataset.cursor;
      el.querySelector(".cz-arrow").textContent = arrow === "down" ? "▼" : arrow ? "▶" : "";
      el.classList.toggle("open", mine && !tile && s.selected !== null);
    }
    boardEl.classList.toggle("placing", mine && s.selected !== null);
  }

  function renderRack() {
    const mine = canMove();
    // The tiles are drawn anew: a keyboard player's focus stays on the tile it was on (Space or Enter on a
    // tile chooses it and redraws the rack; the focus must not fall back to the page's start).
    const focused = rackEl.contains(document.activeElement) ? document.activeElement.dataset.slot : null;
    rackEl.replaceChildren(...s.slots.map((slot) => {
      const used = isPlaced(slot.id);
      const blank = slot.tile === BLANK;
      const tile = h("button", {
        type: "button",
        class: `cz-tile${blank ? " blank" : ""}${s.selected === slot.id && !used ? " selected" : ""}${used ? " used" : ""}`,
        "data-slot": slot.id,
        "data-tile": slot.tile,
        "aria-pressed": s.selected === slot.id && !used ? "true" : "false",
        "aria-label": blank ? t("blank") : upperTr(slot.tile),
        disabled: !mine || used,
      }, [h("span", { class: "cz-letter", lang: s.view.language || "tr", text: blank ? "" : upperTr(slot.tile) }),
        h("span", { class: "cz-value", "aria-hidden": "true", text: String(valueOf(slot.tile, blank)) })]);
      return tile;
    }));
    const again = focused && rackEl.querySelector(`.cz-tile[data-slot="${focused}"]`);
    if (again && !again.disabled) again.focus({ preventScroll: true });
  }

  function renderControls() {
    const seated = s.view.you !== null && s.view.you !== undefined && Array.isArray(s.view.rack);
    const playing = s.view.phase === "playing";
    controlsEl.hidden = !seated || !playing;
    if (controlsEl.hidden) return;
    const mine = canMove();
    const busy = pending.busy();
    renderRack();
    undoBtn.disabled = !mine || busy || !s.placed.length;
    passBtn.disabled = !mine || busy;
    shuffleBtn.disabled = s.slots.length < 2;
    submitBtn.disabled = !mine || busy || !s.placed.length;
    submitBtn.textContent = pending.busy("place") ? t("Sending…") : t("Play");
    exchangeBtn.hidden = !s.view.can_exchange;
    resignBtn.hidden = !s.view.can_resign;
    moreBtn.disabled = busy || (!s.view.can_exchange && !s.view.can_resign);
    menuEl.hidden = !s.menuOpen || moreBtn.disabled;
    moreBtn.setAttribute("aria-expanded", menuEl.hidden ? "false" : "true");
    barEl.hidden = false;

    if (s.confirming === "exchange" && !s.view.can_exchange) s.confirming = null;
    if (s.confirming === "pass" && !mine) s.confirming = null;
    confirmEl.hidden = !s.confirming;
    if (s.confirming) {
      confirmEl.replaceChildren(
        h("p", { class: "cz-confirm-text", text: CONFIRMS[s.confirming]() }),
        h("div", { class: "cz-buttons" }, [
          h("button", { type: "button", class: `button small${s.confirming === "resign" ? " danger" : ""}`,
            "data-answer": "yes", "data-testid": "confirm-yes", text: CONFIRM_YES[s.confirming]() }),
          h("button", { type: "button", class: "button secondary small", "data-answer": "no",
            "data-testid": "confirm-no", text: t("Keep playing") }),
        ]));
    }
    pickerEl.hidden = !(mine && s.blankAsk);
    renderPreview(mine);
  }

  /** The live preview: "KELİME 18 · AT 4 → 22" for the tiles placed, or why they make no move yet. The
   * dictionary is not asked here: the server decides on Play. Its line is always kept (empty when there is
   * nothing to count), so that placing the first tile moves neither the rack nor the bar under the finger. */
  function renderPreview(mine) {
    const result = mine && s.placed.length ? scorePlacement(s.view, s.placed) : null;
    previewEl.className = `cz-preview${!result ? " empty" : result.error ? " refused" : ""}`;
    if (!result) {
      previewEl.replaceChildren();
      return;
    }
    if (result.error) {
      const say = PREVIEW_REFUSALS[result.error];
      previewEl.replaceChildren(h("span", { class: "cz-preview-words", text: say ? say() : "" }));
      return;
    }
    const parts = [];
    for (const line of result.breakdown) {
      if (parts.length) parts.push(" · ");
      const label = line.kind === "word" ? upperTr(line.word) : BONUSES[line.kind]();
      parts.push(h("span", { class: `cz-preview-line ${line.kind}`, "data-word": line.word || null }, [
        h("span", { class: "cz-preview-word", lang: line.kind === "word" ? s.view.language || "tr" : null,
          text: label }), " ",
        h("b", { class: "cz-preview-points", text: line.kind === "word" ? String(line.points) : `+${line.points}` }),
      ]));
    }
    // One line whatever the move: the words give way (an ellipsis), the total always shows.
    previewEl.replaceChildren(h("span", { class: "cz-preview-words" }, parts),
      h("span", { class: "cz-preview-total", "data-testid": "preview-total" }, [" → ", h("b", { text: String(result.total) })]));
  }

  function renderInfo() {
    bagEl.textContent = t("Bag: %(count)s", { count: s.view.bag_count });
    const unseen = s.view.unseen || {};
    const total = Object.values(unseen).reduce((a, b) => a + b, 0);
    unseenSummary.textContent = t("Unseen tiles: %(count)s", { count: total });
    unseenList.replaceChildren(...Object.entries(unseen).map(([letter, count]) => h("li", {
      "data-letter": letter,
    }, [h("span", { class: "cz-unseen-letter", text: letter === BLANK ? "?" : upperTr(letter),
      title: letter === BLANK ? t("blank") : null }),
    h("span", { class: "cz-unseen-count", text: `×${count}` })])));
  }

  function renderZoom() {
    board.classList.toggle("zoomed", s.zoomed);
    zoomBtn.setAttribute("aria-pressed", s.zoomed ? "true" : "false");
    const label = s.zoomed ? t("Zoom out") : t("Zoom in");
    zoomBtn.title = label;
    zoomBtn.setAttribute("aria-label", label);
    zoomBtn.firstChild.textContent = s.zoomed ? "−" : "+";
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

  /** A word of the breakdown as its letters × premiums: "K1 H3  E1  L1 … = 9 ×2 = 18". Breakdowns recorded
   * before the engine listed the letters (no `letters`) show the word and its points only. */
  function wordLetters(line) {
    if (!Array.isArray(line.letters) || !line.letters.length) return null;
    const factor = { "2L": 2, "3L": 3 };
    let sum = 0;
    const chips = line.letters.map((cell) => {
      sum += cell.value * (factor[cell.premium] || 1);
      const premium = cell.premium && PREMIUM_LABELS[cell.premium] ? cell.premium : null;
      return h("span", {
        class: `cz-l${cell.new ? " new" : ""}${cell.blank ? " blank" : ""}`, "data-letter": cell.letter,
        "data-premium": premium,
      }, [
        h("span", { class: "cz-l-letter", lang: s.view.language || "tr", text: upperTr(cell.letter) }),
        h("span", { class: "cz-l-value", text: String(cell.value) }),
        premium ? h("span", { class: `cz-l-premium p-${premium}`, title: PREMIUM_NAMES[premium](),
          text: PREMIUM_LABELS[premium]() }) : null,
      ]);
    });
    const multiplier = line.multiplier || 1;
    const sumText = multiplier > 1 ? `= ${sum} ×${multiplier} = ${line.points}` : `= ${sum}`;
    return h("div", { class: "cz-letters", "data-testid": "word-letters" },
      [...chips, h("span", { class: "cz-l-sum", text: sumText })]);
  }

  function renderLast() {
    const move = s.view.last_move;
    const title = h("h3", { class: "cz-last-title", text: t("Last move") });
    if (!move) {
      lastEl.replaceChildren(title, h("p", { class: "cz-none", text: t("No moves yet.") }));
      return;
    }
    const hasBreakdown = move.kind === "place" && move.breakdown && move.breakdown.length;
    const summary = hasBreakdown
      ? h("button", { type: "button", class: "cz-last-summary", "data-testid": "last-move",
        "aria-expanded": s.breakdownOpen ? "true" : "false" }, [h("span", { text: moveSummary(move) }),
        h("span", { class: "cz-caret", "aria-hidden": "true", text: s.breakdownOpen ? "▴" : "▾" })])
      : h("p", { class: "cz-last-summary plain", "data-testid": "last-move", text: moveSummary(move) });
    const items = [title, summary];
    if (hasBreakdown && s.breakdownOpen) {
      const rows = move.breakdown.map((line) => {
        let label;
        if (line.kind === "word") {
          label = h("a", { href: `${DICTIONARY_URL}${encodeURIComponent(line.word)}`, target: "_blank",
            rel: "noopener noreferrer", class: "cz-word", lang: s.view.language || "tr", "data-word": line.word,
            text: upperTr(line.word) });
        } else {
          label = h("span", { text: BONUSES[line.kind] ? BONUSES[line.kind]() : line.kind });
        }
        return h("li", { class: `cz-line ${line.kind}` }, [label, h("span", { class: "p", text: `+${line.points}` }),
          line.kind === "word" ? wordLetters(line) : null]);
      });
      rows.push(h("li", { class: "cz-line total" }, [h("span", { text: t("Total") }),
        h("span", { class: "p", text: String(move.points) })]));
      items.push(h("ul", { class: "cz-breakdown", "data-testid": "breakdown" }, rows),
        h("p", { class: "cz-meaning-hint", text: t("Tap a word to look up its meaning (a dictionary outside the game; it does not decide what is valid).") }));
    }
    lastEl.replaceChildren(...items);
  }


  function renderResult() {
    const outcome = s.view.outcome;
    if (!outcome) return;
    let title;
    if (outcome.draw) title = t("Draw");
    else if (outcome.winner === s.view.you) title = t("You win!");
    else title = t("%(name)s wins!", { name: seatName(outcome.winner) });
    const last = s.view.last_move;
    let reason;
    if (outcome.reason === "out") reason = t("%(name)s used all their tiles with the bag empty.", { name: seatName(last ? last.seat : 0) });
    else if (outcome.reason === "passes") {
      reason = t("%(count)s turns in a row without a word, with fewer than %(bag)s tiles in the bag.", { count: s.view.ruleset.pass_limit, bag: s.view.ruleset.pass_limit_bag_below });
    } else if (outcome.reason === "resign") reason = t("%(name)s resigned.", { name: seatName(last ? last.seat : 0) });
    else if (outcome.reason === "left") reason = t("%(name)s left the table; the win was claimed.", { name: seatName(last ? last.seat : 0) });
    else reason = outcome.reason === "stopped" ? t("The game was ended early.") : outcome.reason;
    const items = [
      h("h2", { class: "cz-result-title", "data-testid": "result-title", text: title }),
      h("p", { class: "cz-result-reason", "data-testid": "result-reason", text: reason }),
      afterGame, // the way on: Rematch, New game (static/js/after_game.js)
    ].filter(Boolean);
    if (outcome.adjustment) {
      const changes = outcome.adjustment.map((points, seat) =>
        `${seatName(seat)} ${points > 0 ? "+" : points < 0 ? "−" : "±"}${Math.abs(points)}`).join(", ");
      items.push(h("p", { class: "cz-result-adjustment", "data-testid": "result-adjustment",
        text: t("Rack adjustment: %(changes)s.", { changes }) }));
    }
    items.push(h("table", { class: "cz-result-table" }, [ratedResultHead(s.ratings), h("tbody", {}, outcome.scores.map((score, seat) => h("tr", {
      class: `seat-${seat}${outcome.winner === seat ? " winner" : ""}${seat === s.view.you ? " me" : ""}`,
      "data-seat": seat,
    }, [
      h("th", { scope: "row", text: seatName(seat) + (seat === s.view.you ? ` (${t("you")})` : "") }),
      h("td", { class: "num", text: String(score) }),
      ...ratingCells(s.ratings, seat, "cz"),
    ])))]));
    // What the end reveals: each player's rack as it was left (the view has both once the game is over).
    if (Array.isArray(s.view.final_racks)) {
      const tiles = (rack) => rack.map((tile) => (tile === BLANK ? "?" : upperTr(tile))).join(", ");
      // The rack's letters are one unit that never breaks (issue 33: at 360 px the last letter stood alone on the
      // next line): the sentence is translated whole, the letters set in its place as an element of their own.
      const PLACE = "\uE000";
      const leftOn = (rack, seat) => {
        const [before, after = ""] = t("%(name)s, left on the rack: %(tiles)s", { name: seatName(seat), tiles: PLACE })
          .split(PLACE);
        return [before, h("span", { class: "cz-rack-left", "data-testid": "rack-left", text: tiles(rack) }), after];
      };
      items.push(h("ul", { class: "cz-result-racks", "data-testid": "result-racks" },
        s.view.final_racks.map((rack, seat) => rack.length
          ? h("li", { "data-seat": seat }, leftOn(rack, seat))
          : h("li", { "data-seat": seat, text: t("%(name)s, left on the rack: nothing", { name: seatName(seat) }) }))));
    }
    items.push(shareBox(matchId(), s.view.you)); // share (issue 33): static/js/share.js
    resultEl.replaceChildren(...items.filter(Boolean));
  }

  function render() {
    if (!s.view) return;
    board.dataset.phase = s.view.phase;
    board.classList.toggle("spectator", s.view.you === null);
    board.classList.toggle("my-turn", canMove());
    renderTurn();
    renderNotify();
    renderPlayers();
    renderInfo();
    renderBoard();
    renderControls();
    renderLast();
    renderZoom();
    resultEl.hidden = s.view.phase !== "finished";
    if (s.view.phase === "finished") renderResult();
  }

  return { render, renderRack, renderControls, renderLast, renderNotify, renderZoom, notificationsAvailable };
}
