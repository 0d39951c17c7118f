// Duelo's daily board: six rows of five tiles, the keyboard coloured by the hints, the hard-mode switch (before the
// first guess only), and the word once the player has finished (games/duelo/daily.py's view).
import { h, shake, t } from "../kit.js";
import { GUESS_ERRORS, displayWord, tile, wordleKeyboard } from "../wordle.js";
import { addLetters } from "../../keyboards.js";

export function board({ element, send, say }) {
  let view = null;
  let typed = [];
  let sending = false;
  const grid = h("div", { class: "wordle-grid daily-grid", "data-testid": "daily-grid" });
  const hard = h("input", { type: "checkbox", "data-testid": "daily-hard" });
  const hardLabel = h("label", { class: "daily-hard" }, [hard, " ", t("Hard mode: every hint must be used")]);
  const answer = h("p", { class: "daily-answer", "data-testid": "daily-answer", hidden: true });
  const keys = wordleKeyboard({
    onLetters: (letters) => { if (canType()) { typed = addLetters(view.language, typed, letters, view.word_length); draw(); } },
    onEnter: () => submit(),
    onBack: () => { if (canType()) { typed = typed.slice(0, -1); draw(); } },
  });
  element.replaceChildren(hardLabel, grid, answer, keys.element);

  const canType = () => view && !view.finished && !sending;

  function rowElement(letters, marks, current) {
    const tiles = [];
    for (let i = 0; i < view.word_length; i += 1) tiles.push(tile(view.language, letters[i], marks ? marks[i] : null));
    return h("div", { class: `row${current ? " current" : ""}`, "data-testid": current ? "daily-typing" : "daily-row" }, tiles);
  }

  function draw() {
    const rows = view.rows.map((row) => rowElement(row.letters, row.marks, false));
    if (!view.finished) rows.push(rowElement(typed, null, true));
    while (rows.length < view.max_guesses) rows.push(rowElement([], null, false));
    grid.replaceChildren(...rows);
    hard.checked = view.hard;
    hard.disabled = view.rows.length > 0 || view.finished;
    keys.render({ language: view.language, alphabet: view.alphabet, hints: view.keyboard, locked: !canType() });
    if (view.hidden) {
      answer.textContent = view.solved ? t("Found: %(word)s", { word: displayWord(view.language, view.hidden.shown) })
        : t("The word was %(word)s", { word: displayWord(view.language, view.hidden.shown) });
      answer.hidden = false;
    } else answer.hidden = true;
  }

  async function submit() {
    if (!canType()) return;
    if (typed.length !== view.word_length) {
      say(GUESS_ERRORS.wrong_length({ count: view.word_length }));
      shake(grid.querySelector(".row.current"));
      return;
    }
    sending = true;
    const { refused } = await send({ type: "guess", word: typed.join("") }, { hard: hard.checked });
    sending = false;
    if (refused) {
      say(refused.message);
      shake(grid.querySelector(".row.current"));
      draw();
      return;
    }
    say("");
  }

  return {
    render(payload) {
      const fresh = !view || view.language !== payload.view.language || view.rows.length !== payload.view.rows.length;
      view = payload.view;
      if (fresh) typed = [];
      draw();
    },
  };
}

/** One step of a friend's play, for their ghost: their rows so far, letters and colours (both have finished). */
export function ghost(view) {
  const rows = view.rows.map((row) => h("div", { class: "row" },
    row.letters.map((letter, i) => tile(view.language, letter, row.marks[i]))));
  return h("div", { class: "wordle-grid daily-grid daily-ghost-grid", "data-testid": "daily-ghost-grid" }, rows);
}
