// The Wordle pieces Duelo and Torneo share, as games/kit/wordle.py is shared on the server: a tile with its
// mark, the on-screen keyboard coloured by the hints, with typing on the physical keyboard, and the guess
// being typed and sent.
//
// Styles: static/css/duelo.css (.wordle-grid .tile, .wordle-keyboard), which every room page loads. A board
// using them sets the colour and size variables (--green, --amber, --grey, --tile, --key-h) on itself.
//
//   const keys = wordleKeyboard({ onLetters, onEnter, onBack });
//   board.append(keys.element);                            // stays in the page while the board does
//   keys.render({ language, alphabet, hints, locked });   // after every snapshot
//   const guess = guessInput({ send, ... });               // the keyboard's callbacks: guess.type, .back, .submit

import { h, nt, pendingAct, refusal, shake, t, transientMessage } from "./kit.js";
import {
  BACK, ENTER, LAYOUTS, SHIFT, addLetters, displayLetter, keyLetters, physicalLetters,
} from "../keyboards.js";

export const MARKS = ["green", "amber", "grey"];
const MESSAGE_MS = 2600;

// A mark's name, as a screen reader says it after the letter.
export const MARK_NAMES = {
  green: () => t("green"),
  amber: () => t("amber"),
  grey: () => t("grey"),
};

// The server's refusals of a guess, for an error frame without its (translated) message (`params.count`:
// the word's length). A board adds its own (guessInput's `errors`).
export const GUESS_ERRORS = {
  not_letters: () => t("Use only letters of the word language."),
  wrong_length: ({ count }) => nt("A guess has exactly %(count)s letter.", "A guess has exactly %(count)s letters.", count),
  not_in_list: () => t("Not in the word list."),
};

/** What a screen reader says for a tile: the letter and its mark, or "empty". */
export function tileLabel(language, letter, mark) {
  if (!letter) return t("empty");
  const shown = displayLetter(language, letter);
  return mark ? `${shown}, ${MARK_NAMES[mark]()}` : shown;
}

/** One tile: a letter (or none) and its mark (or none), in the word language (`lang`: a screen reader says
 * the letter as that language does, whatever the page's). */
export function tile(language, letter, mark) {
  return h("div", { class: `tile${mark ? ` ${mark}` : ""}${letter ? " filled" : ""}`, role: "img",
    "aria-label": tileLabel(language, letter, mark), "data-mark": mark || null, lang: language || null },
  [letter ? displayLetter(language, letter) : ""]);
}

/** A word as the tiles show it (upper case; Korean syllables as they are). */
export function displayWord(language, shown) {
  if (language === "ko") return shown;
  return Array.from(shown).map((ch) => displayLetter(language, ch)).join("");
}

/**
 * The on-screen keyboard of a word language, with the physical keyboard typing into the same callbacks.
 * `onLetters(letters)` gets the tiles a key types (a composite Korean key types several); the callbacks
 * decide whether typing is allowed now. Once the keyboard has left the page (the board was unmounted),
 * the physical keyboard listener removes itself.
 */
export function wordleKeyboard({ onLetters, onEnter, onBack }) {
  const element = h("div", { class: "wordle-keyboard", role: "group", "aria-label": t("Keyboard") });
  let language = null;
  let alphabet = [];
  let hints = {};
  let shifted = false;

  function actionKey(name, label, symbol) {
    return h("button", { type: "button", class: `key action key-${name}`, "data-action": name,
      "aria-label": label, title: label }, [symbol]);
  }

  function build() {
    const layout = LAYOUTS[language] || { rows: [alphabet] };
    // Action keys are 1.5 keys wide, unless that would make a row wider than ten keys (then the
    // letter keys would drop below 32 px on a phone).
    const isAction = (key) => key === ENTER || key === BACK || key === SHIFT;
    const units = (row) => row.reduce((sum, key) => sum + (isAction(key) ? 1.5 : 1), 0);
    const variant = (rows, name) => h("div", { class: `keys keys-${name}` }, rows.map((row) =>
      h("div", { class: `keyrow${units(row) > 10 && row.length <= 10 ? " compact" : ""}` }, row.map((key) => {
        if (key === ENTER) return actionKey("enter", t("Send"), "⏎");
        if (key === BACK) return actionKey("back", t("Delete"), "⌫");
        if (key === SHIFT) return actionKey("shift", t("Shift"), "⇧");
        return h("button", { type: "button", class: "key", "data-key": key, "data-base": key, lang: language },
          [displayLetter(language, key)]);
      }))));
    const variants = [variant(layout.rows, layout.narrowRows ? "wide" : "all")];
    if (layout.narrowRows) variants.push(variant(layout.narrowRows, "narrow"));
    element.replaceChildren(...variants);
    element.dataset.language = language;
    shifted = false;
  }

  function paint() {
    const shiftMap = (LAYOUTS[language] || {}).shifted || {};
    for (const key of element.querySelectorAll("[data-base]")) {
      const base = key.dataset.base;
      const letter = shifted && shiftMap[base] ? shiftMap[base] : base;
      key.dataset.key = letter;
      key.textContent = displayLetter(language, letter);
      // A composite Korean key (ㅐ, ㄲ) has no hint of its own: its letters are other keys.
      const hint = keyLetters(language, letter).length === 1 ? hints[letter] : undefined;
      MARKS.forEach((mark) => key.classList.toggle(mark, hint === mark));
      key.dataset.hint = hint || "";
      const shown = displayLetter(language, letter);
      key.setAttribute("aria-label", hint ? `${shown}, ${MARK_NAMES[hint]()}` : shown);
    }
    for (const key of element.querySelectorAll("[data-action=shift]")) {
      key.classList.toggle("on", shifted);
      key.setAttribute("aria-pressed", shifted ? "true" : "false");
    }
  }

  /** Draw the keys for a snapshot: `hints` maps a letter to its best mark so far. */
  function render(next) {
    alphabet = next.alphabet || [];
    hints = next.hints || {};
    if (next.language !== language) {
      language = next.language;
      build();
    }
    paint();
    element.classList.toggle("locked", Boolean(next.locked));
  }

  element.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    if (!key || !element.contains(key)) return;
    key.blur(); // so that a physical Enter afterwards does not press this key again
    const action = key.dataset.action;
    if (action === "enter") onEnter();
    else if (action === "back") onBack();
    else if (action === "shift") { shifted = !shifted; paint(); }
    else if (key.dataset.key) {
      onLetters(keyLetters(language, key.dataset.key));
      if (shifted) { shifted = false; paint(); }
    }
  });

  function onKeyDown(event) {
    if (!element.isConnected) {
      if (language) document.removeEventListener("keydown", onKeyDown); // rendered once, now gone
      return;
    }
    if (!language || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    const onOurKey = target && target.closest && element.contains(target);
    if (target && target.closest && target.closest("button, a") && !onOurKey
        && (event.key === "Enter" || event.key === " ")) return; // the page's own buttons and links
    if (event.key === "Enter") {
      event.preventDefault();
      onEnter();
    } else if (event.key === "Backspace") {
      event.preventDefault();
      onBack();
    } else {
      const letters = physicalLetters(language, alphabet, event);
      if (letters && letters.length) {
        event.preventDefault();
        onLetters(letters);
      }
    }
  }
  document.addEventListener("keydown", onKeyDown);

  return { element, render };
}

/**
 * The word the player types and the guess on its way to the server. The board says when typing is
 * allowed (`canType`), the word's `language` and `length`, which element shakes at a refusal (`row()`,
 * none: nothing shakes) and where messages go (`message`); `changed()` redraws the typed tiles. A guess
 * refused with a code in `rejected` spent nothing: the row shakes and the word stays to be fixed.
 *
 *   guess.type(letters); guess.back(); guess.submit();   // the keyboard's callbacks
 *   guess.restart();        // another match
 *   guess.follow(key);      // after every snapshot: a new key (round, rows) means the typed word is spent
 *   guess.refused(frame);   // an `error` frame
 *
 * `canPrepare()` (optional): the player may type the next guess now, though not send it (the Torneo, while the
 * rival plays): the letters wait, and Enter before the turn only says so. Nothing is sent before `canType()`.
 */
export function guessInput({ send, matchId, canType, canPrepare = () => false, waiting = null, language, length, row,
  message, rejected, changed, errors = {} }) {
  const refusals = { ...GUESS_ERRORS, ...errors };
  let typed = []; // tiles of the word being typed
  let typedFor = null; // the key of the snapshot the typed word belongs to
  const sending = pendingAct({ send });
  const say = transientMessage(message, MESSAGE_MS);

  function shakeRow() {
    const el = row();
    if (el) shake(el);
  }

  return {
    letters: () => typed,
    word: () => typed.join(""),
    type(letters) {
      if (!(canType() || canPrepare()) || !letters) return;
      typed = addLetters(language(), typed, letters, length());
      changed();
    },
    back() {
      if (!(canType() || canPrepare()) || !typed.length) return;
      typed.pop();
      changed();
    },
    submit() {
      if (!canType() && canPrepare()) {
        if (waiting) say(waiting());
        return;
      }
      if (!canType() || sending.busy()) return;
      if (typed.length !== length()) {
        shakeRow();
        say(GUESS_ERRORS.wrong_length({ count: length() }));
        return;
      }
      sending.act(matchId(), { type: "guess", word: typed.join("") }, "guess");
    },
    restart() {
      typed = [];
      typedFor = null;
      sending.clear();
    },
    follow(key) {
      if (typedFor !== null && typedFor !== key) {
        typed = []; // the guess went in, the turn ran out, or a new round began
        sending.clear();
      }
      typedFor = key;
      if (!canType() && !canPrepare()) typed = [];
    },
    refused(frame) {
      sending.answer(frame);
      const text = refusal(refusals, { ...frame, params: { count: length() } });
      if (rejected.has(frame.code)) shakeRow();
      say(text);
    },
  };
}
