// The Claves a Dúo board: the 25 word cards, the viewer's own map (never anyone else's while playing),
// uncovered keys, marks, the trap, the turn circles, the current clue, the clue form (giver), the
// two-step touch + "Descubro" and "Termino el turno" (guesser), the clue history and the end screen with
// both maps.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, docs/claves.md), so the board
// renders from it alone, idempotently. Local state: the word the guesser has touched but not confirmed
// (dropped when a guess goes in or the word can no longer be touched) and the clue being typed (kept
// when the server refuses it, so the giver can fix it).
//
//   const board = mountClaves(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);

import { h, matchFrames, pendingAct, refusal, roomSeats, t, transientMessage } from "./kit.js";

const SIZE = 25;
const MAX_NUMBER = 9;
const MESSAGE_MS = 5000;
const MIN_FONT_PX = 9;
const ONE_LINE_MIN_PX = 11.5;
// Refusals of a clue: the message stays until the giver edits the clue.
const CLUE_ERRORS = new Set([
  "empty_clue", "not_one_word", "not_letters", "too_long", "board_word", "board_variant", "bad_number",
]);

// What a word is on a map (and what touching it turned out to be).
const KINDS = {
  key: () => t("key"),
  trap: () => t("trap"),
  empty: () => t("empty"),
};
// How a turn of the history ended.
const TURN_ENDS = {
  empty: () => t("empty word: turn over"),
  ended: () => t("turn ended"),
  trap: () => t("trap"),
  all_keys: () => t("all keys found"),
  stopped: () => t("game stopped"),
};
// The engine's refusals, for an error frame without the server's (translated) message.
const ERRORS = {
  empty_clue: () => t("Write a one-word clue."),
  not_one_word: () => t("A clue is a single word, not several words or a phrase."),
  not_letters: () => t("A clue is written with letters only."),
  too_long: (params) => t("A clue has at most %(max)s letters.", params),
  board_word: (params) => t("“%(clue)s” is a word on the board.", params),
  board_variant: (params) => t("“%(clue)s” is too close to “%(word)s”, a word on the board.", params),
  bad_number: (params) => t("The number is a whole number from 0 to %(max)s.", params),
  not_giver: () => t("Your partner gives the clue this turn."),
  clue_given: () => t("The clue for this turn is already given."),
  not_guesser: () => t("You give the clue this turn: your partner touches the words."),
  no_clue_yet: () => t("Wait for your partner's clue."),
  bad_cell: () => t("That word is not on the board."),
  already_uncovered: () => t("That word is already uncovered."),
  marked_for_giver: () => t("That word is empty on your partner's map: it cannot be touched while they give the clue."),
  match_over: () => t("The match is over."),
};


// Spanish syllables, for soft hyphens in long words: a card wraps "helicóp-tero" instead of overflowing.
const VOWELS = new Set("aeiouáéíóúü");
const DIGRAPHS = new Set(["ch", "ll", "rr"]);
const ONSETS = new Set(["bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "kl", "kr", "pl", "pr", "tr", "tl"]);
const MIN_PART = 2; // letters on each side of a break: no "a-" or "-o" on a line of its own
const SHY = "\u00ad";

/** Where a Spanish word may break, as indices before which a hyphen may go. */
export function syllableBreaks(word) {
  const w = word.toLowerCase();
  const breaks = [];
  let i = 0;
  while (i < w.length && !VOWELS.has(w[i])) i += 1; // leading consonants stay with the first vowel
  while (i < w.length) {
    while (i < w.length && VOWELS.has(w[i])) i += 1; // vowels together (diphthongs) never split
    const start = i;
    while (i < w.length && !VOWELS.has(w[i])) i += 1;
    if (i >= w.length) break; // final consonants stay with the last vowel
    // Group the consonants between two vowels into units (ch, ll, rr are one sound).
    const units = [];
    for (let j = start; j < i;) {
      if (j + 1 < i && DIGRAPHS.has(w.slice(j, j + 2))) { units.push(w.slice(j, j + 2)); j += 2; }
      else { units.push(w[j]); j += 1; }
    }
    let keep = 1; // consonant units that start the next syllable
    if (units.length >= 2 && ONSETS.has(units.slice(-2).join(""))) keep = 2;
    if (units.length === 0) continue;
    const tail = units.slice(units.length - keep).join("").length;
    breaks.push(i - tail);
  }
  return breaks.filter((at) => at >= MIN_PART && w.length - at >= MIN_PART);
}

function hyphenate(word) {
  if (word.length < 7) return word;
  let out = "";
  let last = 0;
  for (const at of syllableBreaks(word)) {
    out += word.slice(last, at) + SHY;
    last = at;
  }
  return out + word.slice(last);
}

export function mountClaves(root, { send } = {}) {
  let view = null;
  const seating = roomSeats();
  const frames = matchFrames();
  const pending = pendingAct({ send, onTimeout: () => render() }); // the action on its way
  let selected = null; // the cell the guesser touched, waiting for "Descubro"
  let guessesSeen = null; // guesses made so far in this match, to drop a selection once one goes in
  let fittedWords = ""; // the board (and size) the card fonts were fitted for

  // -- skeleton (built once) ------------------------------------------------------------------------
  const roleEl = h("p", { class: "cl-role", role: "status", "data-testid": "role" });
  const stepEl = h("p", { class: "cl-step", "data-testid": "step" });
  const turnsEl = h("div", { class: "cl-turns", role: "img", "data-testid": "turns" });
  const keysEl = h("p", { class: "cl-keys", "data-testid": "keys" });
  const statusEl = h("div", { class: "cl-status" }, [turnsEl, keysEl]);
  const doneEl = h("p", { class: "cl-done", "data-testid": "map-done", hidden: true });

  const clueEl = h("section", { class: "cl-clue", "aria-label": t("Clue"), "data-testid": "clue" });

  const wordInput = h("input", {
    type: "text", class: "cl-clue-word", name: "word", autocomplete: "off", autocapitalize: "none",
    autocorrect: "off", spellcheck: "false", enterkeyhint: "send", maxlength: "30", lang: "es",
    placeholder: t("one word"), "aria-label": t("Clue word"), "data-testid": "clue-word",
  });
  const numberSelect = h("select", { class: "cl-clue-number", name: "number", "aria-label": t("Number"),
    "data-testid": "clue-number" },
  Array.from({ length: MAX_NUMBER + 1 }, (_v, n) => h("option", { value: String(n), text: String(n) })));
  numberSelect.value = "1";
  const sendClueBtn = h("button", { type: "submit", class: "button cl-send-clue", "data-testid": "send-clue",
    text: t("Give the clue") });
  // A refused clue's reason shows right under the form (the giver's eyes are there, not on the grid).
  const clueMessageEl = h("p", { class: "cl-message cl-clue-message", role: "alert", "data-testid": "clue-message" });
  const clueForm = h("form", { class: "cl-clue-form", "data-testid": "clue-form", novalidate: true }, [
    h("label", { class: "cl-field cl-field-word" }, [h("span", { text: t("Clue word") }), wordInput]),
    h("label", { class: "cl-field cl-field-number" }, [h("span", { text: t("Number") }), numberSelect]),
    sendClueBtn,
    clueMessageEl,
  ]);

  const cards = [];
  const gridEl = h("div", { class: "cl-grid", role: "group", "aria-label": t("Board"), "data-testid": "grid" });
  for (let i = 0; i < SIZE; i += 1) {
    const card = h("button", { type: "button", class: "cl-card", "data-cell": i, "data-testid": `card-${i}` }, [
      h("span", { class: "cl-word", lang: "es" }),
      h("span", { class: "cl-marks", "aria-hidden": "true" }),
      h("span", { class: "cl-sign", "aria-hidden": "true", hidden: true }),
    ]);
    cards.push(card);
    gridEl.append(card);
  }
  const messageEl = h("p", { class: "cl-message", role: "status", "aria-live": "polite", "data-testid": "message" });
  const uncoverBtn = h("button", { type: "button", class: "button cl-uncover", "data-testid": "uncover",
    text: t("Uncover") });
  const endTurnBtn = h("button", { type: "button", class: "button secondary cl-end-turn", "data-testid": "end-turn",
    text: t("End the turn") });
  const guessEl = h("div", { class: "cl-guess-controls", "data-testid": "guess-controls" }, [uncoverBtn, endTurnBtn]);
  const legendEl = h("section", { class: "cl-legend", "aria-label": t("Your map"), "data-testid": "legend" });
  const historyEl = h("section", { class: "cl-history", "aria-label": t("Clues"), "data-testid": "history" });
  const resultEl = h("section", { class: "cl-result", hidden: true, "data-testid": "result" });
  const playEl = h("div", { class: "cl-play" }, [clueEl, clueForm, gridEl, messageEl, guessEl]);
  const sideEl = h("div", { class: "cl-side" }, [legendEl, historyEl]);
  const board = h("div", { class: "claves", "data-phase": "waiting" }, [
    h("header", { class: "cl-head" }, [roleEl, stepEl, statusEl, doneEl]),
    resultEl,
    h("div", { class: "cl-body" }, [playEl, sideEl]),
  ]);
  root.replaceChildren(board);

  const playing = () => Boolean(view && view.phase !== "finished");
  const canClue = () => Boolean(view && view.can_clue);
  const canGuess = () => Boolean(view && view.can_guess);
  const touchable = (cell) => Boolean(canGuess() && view.board[cell] && view.board[cell].touchable);

  const seatName = seating.name;

  // One message at a time: under the clue form (a clue's refusal) or under the grid (the rest).
  const sayOnGrid = transientMessage(messageEl, MESSAGE_MS);
  const sayUnderClue = transientMessage(clueMessageEl, MESSAGE_MS);

  function clearMessage() {
    sayOnGrid("", { sticky: true });
    sayUnderClue("", { sticky: true });
  }

  function showMessage(text, { sticky = false, clue = false } = {}) {
    clearMessage();
    (clue ? sayUnderClue : sayOnGrid)(text, { sticky });
  }

  function act(action, kind) {
    pending.act(frames.matchId(), action, kind);
    render();
  }

  // -- input ------------------------------------------------------------------------------------------
  clueForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!canClue() || pending.busy()) return;
    const word = wordInput.value.trim();
    if (!word) {
      showMessage(t("Write a one-word clue."), { clue: true });
      wordInput.focus();
      return;
    }
    clearMessage();
    act({ type: "clue", word, number: Number(numberSelect.value) }, "clue");
  });
  wordInput.addEventListener("input", () => { clueMessageEl.textContent = ""; });

  gridEl.addEventListener("click", (event) => {
    const card = event.target.closest(".cl-card");
    if (!card || !gridEl.contains(card)) return;
    const cell = Number(card.dataset.cell);
    if (!touchable(cell) || pending.busy()) return;
    selected = selected === cell ? null : cell; // a second tap on the same word lets it go
    clearMessage();
    render();
  });

  uncoverBtn.addEventListener("click", () => {
    if (!canGuess() || pending.busy()) return;
    if (selected === null || !touchable(selected)) {
      showMessage(t("Touch a word first."));
      return;
    }
    act({ type: "guess", cell: selected }, "guess");
  });

  endTurnBtn.addEventListener("click", () => {
    if (!canGuess() || pending.busy()) return;
    selected = null;
    act({ type: "end_turn" }, "end_turn");
  });

  // -- rendering --------------------------------------------------------------------------------------
  function renderHead() {
    const giver = view.giver;
    const guesser = view.guesser;
    if (!playing()) {
      roleEl.textContent = t("Game over");
      roleEl.dataset.role = "over";
      stepEl.textContent = "";
    } else if (view.you === null || view.you === undefined) {
      roleEl.textContent = t("%(giver)s gives the clue, %(guesser)s guesses", { giver: seatName(giver), guesser: seatName(guesser) });
      roleEl.dataset.role = "spectator";
      stepEl.textContent = `${t("You are watching.")} ${view.phase === "clue"
        ? t("%(name)s is thinking of a clue.", { name: seatName(giver) })
        : t("%(name)s is touching words.", { name: seatName(guesser) })}`;
    } else if (view.role === "giver") {
      roleEl.textContent = t("You give the clue");
      roleEl.dataset.role = "giver";
      stepEl.textContent = view.phase === "clue" ? t("Write one word and a number: how many of your keys it is about.") : t("%(name)s is touching words. Your map decides.", { name: seatName(guesser) });
    } else {
      roleEl.textContent = t("Your partner gives the clue");
      roleEl.dataset.role = "guesser";
      stepEl.textContent = view.phase === "clue" ? t("Wait for %(name)s's clue.", { name: seatName(giver) }) : t("Touch a word, then confirm with “Uncover”. Your partner's map decides.");
    }
    roleEl.classList.toggle("active", Boolean(canClue() || canGuess()));
    stepEl.hidden = !stepEl.textContent;

    const left = view.turns_left;
    turnsEl.setAttribute("aria-label", t("%(left)s of %(total)s turns left", { left, total: view.turns }));
    turnsEl.dataset.left = String(left);
    turnsEl.replaceChildren(h("span", { class: "cl-label", text: t("Turns") }),
      ...Array.from({ length: view.turns }, (_v, i) => h("span", {
        class: `cl-circle${i < view.turns_used ? " used" : " left"}`, "aria-hidden": "true",
      })));
    keysEl.replaceChildren(h("span", { class: "cl-label", text: t("Keys") }),
      h("strong", { text: `${view.keys_found}/${view.keys_total}` }));
    keysEl.setAttribute("aria-label", t("%(found)s of %(total)s keys found", { found: view.keys_found, total: view.keys_total }));

    const doneSeat = playing() && view.done ? view.done.findIndex(Boolean) : -1;
    doneEl.hidden = doneSeat < 0 || view.done.every(Boolean);
    if (!doneEl.hidden) {
      doneEl.textContent = t("%(name)s has no keys left to find: %(partner)s gives every clue left.", { name: seatName(doneSeat), partner: seatName(1 - doneSeat) });
    }
  }

  function renderClue() {
    const writing = canClue();
    clueForm.hidden = !writing;
    const sending = pending.busy("clue");
    sendClueBtn.textContent = sending ? t("Sending…") : t("Give the clue");
    sendClueBtn.disabled = sending;
    wordInput.readOnly = sending;
    clueEl.hidden = writing || !playing();
    if (clueEl.hidden) return;
    const clue = view.clue;
    clueEl.classList.toggle("waiting", !clue);
    if (!clue) {
      clueEl.replaceChildren(h("p", { class: "cl-clue-waiting", text: t("No clue yet") }));
      return;
    }
    clueEl.style.setProperty("--giver", `var(--seat-${view.colours[clue.giver]})`);
    clueEl.replaceChildren(
      h("p", { class: "cl-clue-main" }, [
        h("span", { class: "cl-clue-text", lang: "es", "data-testid": "clue-text", text: clue.word }),
        h("span", { class: "cl-clue-count", "data-testid": "clue-count", text: String(clue.number) }),
      ]),
      h("p", { class: "cl-clue-by", text: t("%(name)s's clue · turn %(turn)s", { name: seatName(clue.giver), turn: clue.turn }) }),
    );
  }

  function cardLabel(cell) {
    const parts = [cell.word];
    if (cell.uncovered) parts.push(t("key found"));
    if (cell.trap) parts.push(t("the trap that ended the game"));
    if (cell.mine === "key" && !cell.uncovered) parts.push(t("your key"));
    if (cell.mine === "trap") parts.push(t("your trap"));
    for (const seat of cell.marks) parts.push(t("empty for %(name)s", { name: seatName(seat) }));
    if (selected === cell.cell) parts.push(t("selected"));
    return parts.join(", ");
  }

  function renderGrid() {
    const guessing = canGuess();
    gridEl.classList.toggle("guessing", guessing);
    for (const cell of view.board) {
      const el = cards[cell.cell];
      if (!el) continue;
      const classes = ["cl-card"];
      if (cell.uncovered) classes.push("found");
      if (cell.trap) classes.push("trap-hit");
      // The viewer's own map (a spectator's view has none: `mine` is null).
      if (cell.mine === "key" || cell.mine === "trap") classes.push(`mine-${cell.mine}`);
      if (cell.marks.length) classes.push("marked");
      if (playing() && view.giver !== null && cell.marks.includes(view.giver)) classes.push("marked-giver");
      if (guessing && !cell.touchable) classes.push("locked");
      if (selected === cell.cell) classes.push("selected");
      el.className = classes.join(" ");
      el.dataset.word = cell.word;
      const wordEl = el.querySelector(".cl-word");
      if (wordEl.textContent.replaceAll(SHY, "") !== cell.word) {
        wordEl.textContent = cell.word; // fitWords picks one line or syllables for it
        fittedWords = "";
      }
      el.querySelector(".cl-marks").replaceChildren(...cell.marks.map((seat) => h("span", {
        class: `cl-mark seat-${view.colours[seat]}`, "data-seat": seat,
      })));
      el.querySelector(".cl-sign").hidden = cell.mine !== "trap"; // a no-entry sign, drawn in CSS
      el.setAttribute("aria-label", cardLabel(cell));
      el.setAttribute("aria-pressed", selected === cell.cell ? "true" : "false");
      el.disabled = !(guessing && cell.touchable);
    }
    fitWords();
  }

  // Each card's font shrinks until its word fits (width and height): first on one line, down to
  // ONE_LINE_MIN_PX; a word still too wide then may wrap at its syllables (soft hyphens) and shrink on.
  function shrink(wordEl, floor) {
    wordEl.style.fontSize = "";
    let size = parseFloat(getComputedStyle(wordEl).fontSize);
    const overflows = () => wordEl.scrollWidth > wordEl.clientWidth + 0.5
      || wordEl.scrollHeight > wordEl.clientHeight + 0.5;
    while (size > floor && overflows()) {
      size -= 0.5;
      wordEl.style.fontSize = `${size}px`;
    }
    return !overflows();
  }

  function fitWords() {
    const width = gridEl.clientWidth;
    const key = `${width}|${view.board.map((c) => c.word).join(",")}`;
    if (!width || key === fittedWords) return;
    fittedWords = key;
    for (const el of cards) {
      const wordEl = el.querySelector(".cl-word");
      const word = el.dataset.word || "";
      wordEl.textContent = word;
      wordEl.classList.add("one-line");
      if (shrink(wordEl, ONE_LINE_MIN_PX)) continue;
      wordEl.classList.remove("one-line");
      wordEl.textContent = hyphenate(word);
      shrink(wordEl, MIN_FONT_PX);
    }
  }

  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (view) fitWords(); }).observe(gridEl);
  }

  function renderControls() {
    const guessing = canGuess();
    guessEl.hidden = !guessing;
    if (!guessing) return;
    const busy = pending.busy();
    const word = selected === null ? null : view.board[selected].word;
    uncoverBtn.textContent = pending.busy("guess") ? t("Sending…")
      : word ? t("Uncover “%(word)s”", { word }) : t("Uncover");
    uncoverBtn.disabled = busy || word === null;
    endTurnBtn.disabled = busy;
  }

  function swatch(kind, extra = "") {
    return h("span", { class: `cl-swatch ${kind}${extra}`, "aria-hidden": "true" });
  }

  function renderLegend() {
    // Only a player has a map; a spectator's page shows nothing map-like.
    const mine = view.you !== null && view.you !== undefined && Array.isArray(view.map) && playing();
    legendEl.hidden = !mine;
    if (!mine) {
      legendEl.replaceChildren();
      return;
    }
    legendEl.replaceChildren(
      h("h3", { text: t("Your map") }),
      h("ul", {}, [
        h("li", {}, [swatch("mine-key"), t("Your key (only you see it)")]),
        h("li", {}, [swatch("mine-trap"), swatch("trap-sign"), t("Your trap (only you see it)")]),
        h("li", {}, [swatch("found"), t("Key found")]),
        ...[0, 1].map((seat) => h("li", {}, [swatch("mark", ` seat-${view.colours[seat]}`),
          t("Empty for %(name)s", { name: seatName(seat) })])),
      ]),
    );
  }

  function renderHistory() {
    const items = view.history.slice().reverse().map((turn) => {
      const words = turn.guesses.map((g) => h("li", { class: `cl-guess result-${g.result}` }, [
        h("span", { class: "w", lang: "es", text: view.board[g.cell].word }),
        h("span", { class: "r", text: KINDS[g.result] ? KINDS[g.result]() : g.result }),
      ]));
      const end = !turn.end ? t("guessing…") : TURN_ENDS[turn.end] ? TURN_ENDS[turn.end]() : turn.end;
      return h("li", { class: `cl-turn seat-${view.colours[turn.giver]}`, "data-turn": turn.number }, [
        h("p", { class: "cl-turn-head" }, [
          h("span", { class: "cl-dot", "aria-hidden": "true" }),
          h("strong", { lang: "es", text: t("%(turn)s. %(word)s · %(number)s", { turn: turn.number, word: turn.word, number: turn.count }) }),
          h("span", { class: "by", text: t("%(name)s", { name: seatName(turn.giver) }) }),
        ]),
        words.length ? h("ul", { class: "cl-guesses" }, words) : null,
        h("p", { class: "cl-turn-end", text: end }),
      ]);
    });
    historyEl.replaceChildren(h("h3", { text: t("Clues") }),
      items.length ? h("ol", { class: "cl-turn-list" }, items) : h("p", { class: "cl-none", text: t("No clues yet.") }));
  }

  function renderMaps() {
    if (!Array.isArray(view.maps)) return null;
    return h("div", { class: "cl-maps", "data-testid": "maps" }, view.maps.map((kinds, seat) => h("figure", {
      class: `cl-map seat-${view.colours[seat]}`, "data-seat": seat, "data-testid": `map-${seat}`,
    }, [
      h("figcaption", {}, [h("span", { class: "cl-dot", "aria-hidden": "true" }),
        t("%(name)s's map", { name: seatName(seat) }) + (seat === view.you ? ` (${t("you")})` : "")]),
      h("div", { class: "cl-map-grid" }, kinds.map((kind, cell) => h("span", {
        class: `cl-map-cell kind-${kind}${view.board[cell].uncovered ? " found" : ""}${view.board[cell].trap ? " trap-hit" : ""}`,
        "data-kind": kind, lang: "es", title: `${view.board[cell].word}: ${KINDS[kind]()}`,
        text: hyphenate(view.board[cell].word),
      }))),
    ])));
  }

  function renderResult() {
    const outcome = view.outcome || {};
    const watching = view.you === null || view.you === undefined;
    let title;
    let reason;
    if (outcome.result === "won") {
      title = watching ? t("They won!") : t("You won!");
      reason = t("All %(total)s keys found with %(left)s turns left.", { total: outcome.keys_total, left: outcome.turns_left });
    } else if (outcome.result === "lost") {
      title = t("Lost");
      if (outcome.reason === "trap") {
        const turn = view.history[view.history.length - 1];
        const giver = turn ? turn.giver : 0;
        reason = t("“%(word)s” was a trap on %(name)s's map.", { word: view.board[outcome.trap_cell].word, name: seatName(giver) });
      } else {
        reason = t("No turns left: %(found)s of %(total)s keys found.", { found: outcome.keys_found, total: outcome.keys_total });
      }
    } else {
      title = t("Game interrupted");
      reason = t("Someone left the room: the game stopped before the end.");
    }
    const host = seating.isHost();
    resultEl.dataset.result = outcome.result || "";
    resultEl.replaceChildren(...[
      h("h2", { class: "cl-result-title", "data-testid": "result-title", text: title }),
      h("p", { class: "cl-result-reason", "data-testid": "result-reason", text: reason }),
      h("p", { class: "cl-again", "data-testid": "play-again", text: host ? t("Play again: start a new board from the room panel (the words will be new).") : t("The host can start a new board.") }),
      Array.isArray(view.maps) ? h("h3", { class: "cl-maps-title", text: t("Both maps") }) : null,
      Array.isArray(view.maps) ? h("p", { class: "cl-maps-legend" }, ["key", "trap", "empty"].map((kind) => h("span", {},
        [swatch(`kind-${kind}`), KINDS[kind]()]))) : null,
      renderMaps(),
    ].filter(Boolean));
  }

  function render() {
    if (!view) return;
    board.dataset.phase = view.phase;
    board.classList.toggle("spectator", view.you === null || view.you === undefined);
    board.classList.toggle("my-turn", canClue() || canGuess());
    renderHead();
    renderClue();
    renderGrid();
    renderControls();
    renderLegend();
    renderHistory();
    resultEl.hidden = playing();
    if (!playing()) renderResult();
  }

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        selected = null;
        guessesSeen = null;
        pending.clear();
        wordInput.value = "";
        clearMessage();
      }
      const before = view;
      view = frame.view;
      const guesses = view.history.reduce((sum, turn) => sum + turn.guesses.length, 0);
      if (guessesSeen !== null && guesses !== guessesSeen) selected = null; // a guess went in
      guessesSeen = guesses;
      if (selected !== null && !touchable(selected)) selected = null;
      if (before && view.history.length !== before.history.length) {
        wordInput.value = ""; // a clue was given: the next one starts blank
        numberSelect.value = "1";
      }
      if (taken.changed) pending.clear(); // the new snapshot carries the answer (a resent one does not)
      render();
    },
    onError(frame) {
      const answered = pending.answer(frame);
      const text = refusal(ERRORS, frame);
      const aboutClue = CLUE_ERRORS.has(frame.code) || Boolean(answered && answered.kind === "clue");
      if (view) render();
      showMessage(text, { sticky: aboutClue, clue: aboutClue && canClue() });
      if (aboutClue && canClue()) wordInput.focus();
    },
    onRoom(frame) {
      seating.take(frame);
      if (view) render();
    },
    // For tests and the page: the word touched and not yet confirmed.
    selected: () => selected,
  };
}

export const mount = mountClaves;
