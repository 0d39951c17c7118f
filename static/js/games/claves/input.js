// What the Claves players do: the giver writes a clue (a word and a number), the guesser touches a word
// (a second touch lets it go), uncovers it or ends the turn.
import { t } from "../kit.js";

/** Listens on the elements `els` (view.js buildBoard); `actions`: {act, showMessage, clearMessage, render,
 * busy}. */
export function wireInput(s, els, actions) {
  const { clueForm, wordInput, numberSelect, clueMessageEl, gridEl, uncoverBtn, endTurnBtn } = els;
  const { act, showMessage, clearMessage, render, busy } = actions;
  const { canClue, canGuess, touchable } = s;

  // -- input ------------------------------------------------------------------------------------------
  clueForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!canClue() || busy()) return;
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
    if (!touchable(cell) || busy()) return;
    s.selected = s.selected === cell ? null : cell; // a second tap on the same word lets it go
    clearMessage();
    render();
  });

  uncoverBtn.addEventListener("click", () => {
    if (!canGuess() || busy()) return;
    if (s.selected === null || !touchable(s.selected)) {
      showMessage(t("Touch a word first."));
      return;
    }
    act({ type: "guess", cell: s.selected }, "guess");
  });

  endTurnBtn.addEventListener("click", () => {
    if (!canGuess() || busy()) return;
    s.selected = null;
    act({ type: "end_turn" }, "end_turn");
  });
}
