// The Claves board's face: the skeleton built once (buildBoard) and everything drawn from a snapshot
// (clavesView): roles and steps, turns and keys, the clue and its form, the 25 cards, the guess controls,
// the viewer's map legend, the clue history, the end with both maps.
import { h, t } from "../kit.js";
import { shareBox } from "../../share.js"; // share (issue 33)
import { KINDS, TURN_ENDS } from "./texts.js";
import { SHY, fitCardWords, hyphenate } from "./words.js";

const SIZE = 25;
const MAX_NUMBER = 9;

/** The board's elements, in `root`: {board, cards (the 25 cards), gridEl, clueForm, wordInput, …}. */
export function buildBoard(root) {
const roleEl = h("p", { class: "cl-role", role: "status", "data-testid": "role" });
const stepEl = h("p", { class: "cl-step", "data-testid": "step" });
const turnsEl = h("div", { class: "cl-turns", role: "img", "data-testid": "turns" });
const keysEl = h("p", { class: "cl-keys", "data-testid": "keys" });
// Who is at the table: each seat's name and connection (a partner who closed their page shows "away").
const pairEl = h("p", { class: "cl-pair", "data-testid": "pair" });
const statusEl = h("div", { class: "cl-status" }, [turnsEl, pairEl, keysEl]);
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

  return {
    board, cards, roleEl, stepEl, turnsEl, keysEl, pairEl, doneEl, clueEl, wordInput, numberSelect, sendClueBtn,
    clueMessageEl, clueForm, gridEl, messageEl, uncoverBtn, endTurnBtn, guessEl, legendEl, historyEl, resultEl,
  };
}

/** The drawing of state `s` (state.js) into the elements `els`; `seatName` and `seating` from the room
 * (kit.js roomSeats), `pending` the action on its way. */
export function clavesView(s, els, { seatName, seating, pending, afterGame = null, matchId = () => null }) {
  const {
    board, cards, roleEl, stepEl, turnsEl, keysEl, pairEl, doneEl, clueEl, wordInput, sendClueBtn, clueForm,
    gridEl, uncoverBtn, endTurnBtn, guessEl, legendEl, historyEl, resultEl,
  } = els;
  const { playing, canClue, canGuess } = s;

  // -- rendering --------------------------------------------------------------------------------------
  function renderHead() {
    const giver = s.view.giver;
    const guesser = s.view.guesser;
    if (!playing()) {
      roleEl.textContent = t("Game over");
      roleEl.dataset.role = "over";
      stepEl.textContent = "";
    } else if (s.view.you === null || s.view.you === undefined) {
      roleEl.textContent = t("%(giver)s gives the clue, %(guesser)s guesses", { giver: seatName(giver), guesser: seatName(guesser) });
      roleEl.dataset.role = "spectator";
      stepEl.textContent = `${seating.replay() ? t("Replay of a finished match.") : t("You are watching.")} ${s.view.phase === "clue"
        ? t("%(name)s is thinking of a clue.", { name: seatName(giver) })
        : t("%(name)s is touching words.", { name: seatName(guesser) })}`;
    } else if (s.view.role === "giver") {
      roleEl.textContent = t("You give the clue");
      roleEl.dataset.role = "giver";
      if (s.view.phase === "clue") stepEl.textContent = t("Write one word and a number: how many of your keys it is about.");
      else if (seating.away(guesser)) stepEl.textContent = t("%(name)s has left the table: their guesses wait until they come back.", { name: seatName(guesser) });
      else stepEl.textContent = t("%(name)s is touching words. Your map decides.", { name: seatName(guesser) });
    } else {
      roleEl.textContent = t("Your partner gives the clue");
      roleEl.dataset.role = "guesser";
      if (s.view.phase !== "clue") stepEl.textContent = t("Touch a word, then confirm with “Uncover”. Your partner's map decides.");
      else if (seating.away(giver)) stepEl.textContent = t("%(name)s has left the table: their clue waits until they come back.", { name: seatName(giver) });
      else stepEl.textContent = t("Wait for %(name)s's clue.", { name: seatName(giver) });
    }
    stepEl.classList.toggle("partner-away", playing() && [giver, guesser].some((seat) => seat !== s.view.you && seating.away(seat)));
    renderPair();
    roleEl.classList.toggle("active", Boolean(canClue() || canGuess()));
    stepEl.hidden = !stepEl.textContent;

    const left = s.view.turns_left;
    turnsEl.setAttribute("aria-label", t("%(left)s of %(total)s turns left", { left, total: s.view.turns }));
    turnsEl.dataset.left = String(left);
    turnsEl.replaceChildren(h("span", { class: "cl-label", text: t("Turns") }),
      ...Array.from({ length: s.view.turns }, (_v, i) => h("span", {
        class: `cl-circle${i < s.view.turns_used ? " used" : " left"}`, "aria-hidden": "true",
      })));
    keysEl.replaceChildren(h("span", { class: "cl-label", text: t("Keys") }),
      h("strong", { text: `${s.view.keys_found}/${s.view.keys_total}` }));
    keysEl.setAttribute("aria-label", t("%(found)s of %(total)s keys found", { found: s.view.keys_found, total: s.view.keys_total }));

    const doneSeat = playing() && s.view.done ? s.view.done.findIndex(Boolean) : -1;
    doneEl.hidden = doneSeat < 0 || s.view.done.every(Boolean);
    if (!doneEl.hidden) {
      doneEl.textContent = t("%(name)s has no keys left to find: %(partner)s gives every clue left.", { name: seatName(doneSeat), partner: seatName(1 - doneSeat) });
    }
  }

  function renderPair() {
    const seats = [0, 1].filter((seat) => seat !== s.view.you);
    const marks = seats.map((seat) => seating.presence(seat));
    pairEl.hidden = !playing() || marks.every((mark) => !mark);
    pairEl.replaceChildren(...seats.flatMap((seat, i) => (marks[i] ? [h("span", { class: "cl-pair-seat" }, [
      h("span", { class: "name", text: seatName(seat) }), marks[i]])] : [])));
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
    const clue = s.view.clue;
    clueEl.classList.toggle("waiting", !clue);
    if (!clue) {
      clueEl.replaceChildren(h("p", { class: "cl-clue-waiting", text: t("No clue yet") }));
      return;
    }
    clueEl.style.setProperty("--giver", `var(--seat-${s.view.colours[clue.giver]})`);
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
    if (s.selected === cell.cell) parts.push(t("selected"));
    return parts.join(", ");
  }

  /** The card that is the grid's one Tab stop: the keyboard's card if it can be touched, else the touched one,
   * else the first that can be (the arrows reach the others). */
  function tabStop() {
    const touchable = (i) => Boolean(s.view.board[i] && s.view.board[i].touchable);
    if (touchable(s.cursor)) return s.cursor;
    if (s.selected !== null && touchable(s.selected)) return s.selected;
    const first = s.view.board.findIndex((cell) => cell.touchable);
    return first < 0 ? null : first;
  }

  function renderGrid() {
    const guessing = canGuess();
    gridEl.classList.toggle("guessing", guessing);
    const stop = guessing ? tabStop() : null;
    for (const cell of s.view.board) {
      const el = cards[cell.cell];
      if (!el) continue;
      const classes = ["cl-card"];
      if (cell.uncovered) classes.push("found");
      if (cell.trap) classes.push("trap-hit");
      // The viewer's own map (a spectator's view has none: `mine` is null).
      if (cell.mine === "key" || cell.mine === "trap") classes.push(`mine-${cell.mine}`);
      if (cell.marks.length) classes.push("marked");
      if (playing() && s.view.giver !== null && cell.marks.includes(s.view.giver)) classes.push("marked-giver");
      if (guessing && !cell.touchable) classes.push("locked");
      if (s.selected === cell.cell) classes.push("selected");
      el.className = classes.join(" ");
      el.dataset.word = cell.word;
      const wordEl = el.querySelector(".cl-word");
      if (wordEl.textContent.replaceAll(SHY, "") !== cell.word) {
        wordEl.textContent = cell.word; // fitWords picks one line or syllables for it
        s.fittedWords = "";
      }
      el.querySelector(".cl-marks").replaceChildren(...cell.marks.map((seat) => h("span", {
        class: `cl-mark seat-${s.view.colours[seat]}`, "data-seat": seat,
      })));
      el.querySelector(".cl-sign").hidden = cell.mine !== "trap"; // a no-entry sign, drawn in CSS
      el.setAttribute("aria-label", cardLabel(cell));
      el.setAttribute("aria-pressed", s.selected === cell.cell ? "true" : "false");
      el.disabled = !(guessing && cell.touchable);
      el.tabIndex = cell.cell === stop ? 0 : -1;
    }
    fitWords();
  }

  function fitWords() {
    const width = gridEl.clientWidth;
    const key = `${width}|${s.view.board.map((c) => c.word).join(",")}`;
    if (!width || key === s.fittedWords) return;
    s.fittedWords = key;
    fitCardWords(cards);
  }

  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => { if (s.view) fitWords(); }).observe(gridEl);
  }

  function renderControls() {
    const guessing = canGuess();
    guessEl.hidden = !guessing;
    if (!guessing) return;
    const busy = pending.busy();
    const word = s.selected === null ? null : s.view.board[s.selected].word;
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
    const mine = s.view.you !== null && s.view.you !== undefined && Array.isArray(s.view.map) && playing();
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
        ...[0, 1].map((seat) => h("li", {}, [swatch("mark", ` seat-${s.view.colours[seat]}`),
          t("Empty for %(name)s", { name: seatName(seat) })])),
      ]),
    );
  }

  function renderHistory() {
    const items = s.view.history.slice().reverse().map((turn) => {
      const words = turn.guesses.map((g) => h("li", { class: `cl-guess result-${g.result}` }, [
        h("span", { class: "w", lang: "es", text: s.view.board[g.cell].word }),
        h("span", { class: "r", text: KINDS[g.result] ? KINDS[g.result]() : g.result }),
      ]));
      const end = !turn.end ? t("guessing…") : TURN_ENDS[turn.end] ? TURN_ENDS[turn.end]() : turn.end;
      return h("li", { class: `cl-turn seat-${s.view.colours[turn.giver]}`, "data-turn": turn.number }, [
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
    if (!Array.isArray(s.view.maps)) return null;
    return h("div", { class: "cl-maps", "data-testid": "maps" }, s.view.maps.map((kinds, seat) => h("figure", {
      class: `cl-map seat-${s.view.colours[seat]}`, "data-seat": seat, "data-testid": `map-${seat}`,
    }, [
      h("figcaption", {}, [h("span", { class: "cl-dot", "aria-hidden": "true" }),
        t("%(name)s's map", { name: seatName(seat) }) + (seat === s.view.you ? ` (${t("you")})` : "")]),
      h("div", { class: "cl-map-grid" }, kinds.map((kind, cell) => h("span", {
        class: `cl-map-cell kind-${kind}${s.view.board[cell].uncovered ? " found" : ""}${s.view.board[cell].trap ? " trap-hit" : ""}`,
        "data-kind": kind, lang: "es", title: `${s.view.board[cell].word}: ${KINDS[kind]()}`,
        text: hyphenate(s.view.board[cell].word),
      }))),
    ])));
  }

  function renderResult() {
    const outcome = s.view.outcome || {};
    const watching = s.view.you === null || s.view.you === undefined;
    let title;
    let reason;
    if (outcome.result === "won") {
      title = watching ? t("They won!") : t("You won!");
      reason = t("All %(total)s keys found with %(left)s turns left.", { total: outcome.keys_total, left: outcome.turns_left });
    } else if (outcome.result === "lost") {
      title = t("Lost");
      if (outcome.reason === "trap") {
        const turn = s.view.history[s.view.history.length - 1];
        const giver = turn ? turn.giver : 0;
        reason = t("“%(word)s” was a trap on %(name)s's map.", { word: s.view.board[outcome.trap_cell].word, name: seatName(giver) });
      } else {
        reason = t("No turns left: %(found)s of %(total)s keys found.", { found: outcome.keys_found, total: outcome.keys_total });
      }
    } else {
      title = t("Game interrupted");
      reason = t("Someone left the room: the game stopped before the end.");
    }
    resultEl.dataset.result = outcome.result || "";
    resultEl.replaceChildren(...[
      h("h2", { class: "cl-result-title", "data-testid": "result-title", text: title }),
      h("p", { class: "cl-result-reason", "data-testid": "result-reason", text: reason }),
      afterGame, // the way on: Rematch, New game (static/js/after_game.js)
      Array.isArray(s.view.maps) ? h("h3", { class: "cl-maps-title", text: t("Both maps") }) : null,
      Array.isArray(s.view.maps) ? h("p", { class: "cl-maps-legend" }, ["key", "trap", "empty"].map((kind) => h("span", {},
        [swatch(`kind-${kind}`), KINDS[kind]()]))) : null,
      renderMaps(),
      shareBox(matchId(), s.view.you), // share (issue 33): static/js/share.js
    ].filter(Boolean));
  }

  function render() {
    if (!s.view) return;
    board.dataset.phase = s.view.phase;
    board.classList.toggle("spectator", s.view.you === null || s.view.you === undefined);
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

  return { render };
}
