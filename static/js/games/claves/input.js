// What the Claves players do: the giver writes a clue (a word and a number), the guesser touches a word
// (a second touch lets it go), uncovers it or ends the turn. On the cards the arrow keys move between the words
// that can be touched; Space or Enter touch one (a card is a button: its own click).
import { t } from "../kit.js";

/** Listens on the elements `els` (view.js buildBoard); `actions`: {act, showMessage, clearMessage, render,
 * busy}. */
export function wireInput(s, els, actions) {
  const { cards, clueForm, wordInput, numberSelect, clueMessageEl, gridEl, uncoverBtn, endTurnBtn } = els;
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
    s.cursor = cell;
    clearMessage();
    render();
  });

  // The arrows go to the next card that can be touched in that direction (found ones are skipped), staying
  // put at the edge: the grid is one Tab stop, and a 25-card grid is not 25 of them.
  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  gridEl.addEventListener("keydown", (event) => {
    const card = event.target.closest(".cl-card");
    const step = ARROWS[event.key];
    if (!card || !step || event.ctrlKey || event.metaKey || event.altKey || !s.view) return;
    event.preventDefault(); // no scrolling
    const columns = s.view.columns || 5;
    let r = Math.floor(Number(card.dataset.cell) / columns);
    let c = Number(card.dataset.cell) % columns;
    const rows = Math.ceil(cards.length / columns);
    for (;;) {
      r += step[0];
      c += step[1];
      if (r < 0 || c < 0 || r >= rows || c >= columns) return;
      const next = r * columns + c;
      if (touchable(next)) {
        s.cursor = next;
        render();
        cards[next].focus();
        return;
      }
    }
  });
  gridEl.addEventListener("focusin", (event) => {
    const card = event.target.closest(".cl-card");
    if (card) s.cursor = Number(card.dataset.cell);
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
